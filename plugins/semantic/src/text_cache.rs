//! Vectors of scanned texts (tool and parameter texts), cached by the hash of the model and the
//! text, so that a scan embeds only the texts no earlier scan has seen: a server scanned again
//! costs no model time, and a server with one changed tool costs that tool's texts.
//!
//! The cache is `<cache_dir>/texts-<model>.vec`, one file per model, a log of records appended
//! by every scan: a 16-byte key (blake3 of the model fingerprint and the text), the vector's
//! [`DIM`] little-endian floats and an 8-byte check of both. A record that fails its check (a
//! torn write) ends the readable part; the file is a cache, so what is lost is only time. A
//! file past [`MAX_FILE_BYTES`] is started over. Within one process (the MCP server) every
//! vector read or embedded stays in memory.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use signalint_plugin_api::PluginError;

use crate::model::{DIM, Embedder, Vectors};

/// A cache file this large is replaced rather than appended to (about 20,000 texts).
pub const MAX_FILE_BYTES: u64 = 32 << 20;
const KEY: usize = 16;
const CHECK: usize = 8;
const RECORD: usize = KEY + DIM * 4 + CHECK;

type Key = [u8; KEY];

/// Vectors in memory, and the cache files already read into it.
#[derive(Default)]
struct Memory {
    vectors: HashMap<Key, Box<[f32]>>,
    read: HashSet<PathBuf>,
}

fn memory() -> &'static Mutex<Memory> {
    static MEMORY: OnceLock<Mutex<Memory>> = OnceLock::new();
    MEMORY.get_or_init(Default::default)
}

/// How a call was served: texts found in memory or on disk, and texts embedded now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Served {
    pub cached: usize,
    pub embedded: usize,
}

/// Unit vectors of `texts`, in order, through the cache in `cache_dir` (`None`: memory only).
/// Equal texts are embedded once.
pub fn embed(
    model: &Embedder,
    texts: &[&str],
    cache_dir: Option<&Path>,
) -> Result<(Vectors, Served), PluginError> {
    let file = cache_dir.map(|dir| {
        let fingerprint = blake3::Hash::from(*model.fingerprint()).to_hex();
        dir.join(format!("texts-{}.vec", &fingerprint[..32]))
    });
    let keys: Vec<Key> = texts.iter().map(|t| key(model, t)).collect();
    let mut missing: Vec<usize> = Vec::new();
    {
        let mut memory = memory().lock().expect("text cache");
        if let Some(file) = &file
            && !memory.read.contains(file)
        {
            let records = read_file(file);
            memory.vectors.extend(records);
            memory.read.insert(file.clone());
        }
        let mut seen = HashSet::new();
        for (i, key) in keys.iter().enumerate() {
            if !memory.vectors.contains_key(key) && seen.insert(*key) {
                missing.push(i);
            }
        }
    }
    let unique: Vec<&str> = missing.iter().map(|&i| texts[i]).collect();
    let fresh = model.embed(&unique)?;
    {
        let mut memory = memory().lock().expect("text cache");
        for (row, &i) in missing.iter().enumerate() {
            memory
                .vectors
                .insert(keys[i], fresh.row(row).to_vec().into_boxed_slice());
        }
    }
    if let Some(file) = &file
        && !missing.is_empty()
    {
        let records: Vec<(Key, &[f32])> = missing
            .iter()
            .enumerate()
            .map(|(row, &i)| (keys[i], fresh.row(row)))
            .collect();
        // A cache that cannot be written costs time, not results.
        let _ = append(file, &records);
    }
    let memory = memory().lock().expect("text cache");
    let mut data = Vec::with_capacity(texts.len() * DIM);
    for key in &keys {
        data.extend_from_slice(&memory.vectors[key]);
    }
    let served = Served {
        cached: texts.len() - missing.len(),
        embedded: missing.len(),
    };
    Ok((Vectors { data }, served))
}

fn key(model: &Embedder, text: &str) -> Key {
    let mut hasher = blake3::Hasher::new();
    hasher.update(model.fingerprint());
    hasher.update(text.as_bytes());
    let mut key = [0; KEY];
    key.copy_from_slice(&hasher.finalize().as_bytes()[..KEY]);
    key
}

fn check(record: &[u8]) -> [u8; CHECK] {
    let mut check = [0; CHECK];
    check.copy_from_slice(&blake3::hash(record).as_bytes()[..CHECK]);
    check
}

/// The records of a cache file up to the first one that fails its check.
fn read_file(path: &Path) -> Vec<(Key, Box<[f32]>)> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    let mut records = Vec::with_capacity(bytes.len() / RECORD);
    for record in bytes.chunks_exact(RECORD) {
        let (body, stored) = record.split_at(KEY + DIM * 4);
        if check(body) != stored {
            break;
        }
        let (key, floats) = body.split_at(KEY);
        let vector: Box<[f32]> = floats
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        records.push((key.try_into().expect("16 bytes"), vector));
    }
    records
}

/// Appends the records in one write (appends of whole records from scans side by side do not
/// interleave); a file past [`MAX_FILE_BYTES`] is started over.
fn append(path: &Path, records: &[(Key, &[f32])]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() > MAX_FILE_BYTES) {
        std::fs::remove_file(path)?;
    }
    let mut bytes = Vec::with_capacity(records.len() * RECORD);
    for (key, vector) in records {
        let start = bytes.len();
        bytes.extend_from_slice(key);
        for x in *vector {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        let check = check(&bytes[start..]);
        bytes.extend_from_slice(&check);
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    // A torn record from an earlier crash would hide every record after it: start over.
    if file.metadata()?.len() % RECORD as u64 != 0 {
        file.set_len(0)?;
    }
    file.write_all(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vector(seed: f32) -> Vec<f32> {
        (0..DIM).map(|i| seed + i as f32).collect()
    }

    #[test]
    fn records_round_trip_and_a_torn_one_ends_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/texts-x.vec");
        let (a, b) = (vector(1.0), vector(2.0));
        append(&path, &[([1; KEY], &a), ([2; KEY], &b)]).unwrap();
        let read = read_file(&path);
        assert_eq!(read.len(), 2);
        assert_eq!((read[1].0, &*read[1].1), ([2; KEY], b.as_slice()));
        // Corrupt the second record: the first one is still read.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[RECORD + KEY] ^= 0xff;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read_file(&path).len(), 1);
        // A half-written record is dropped when the next scan appends.
        std::fs::write(&path, &bytes[..RECORD + 10]).unwrap();
        append(&path, &[([3; KEY], &a)]).unwrap();
        let read = read_file(&path);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].0, [3; KEY]);
    }
}
