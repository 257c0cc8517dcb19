//! The cache's side of one engine run: look its results up, and after the run store them
//! under keys that still describe what the engine read.
//!
//! Latency matters most on the critical path. On a cold cache nothing can hit, so the engine
//! starts at once and the cache keys are hashed while it runs; a result is stored only when the
//! stamps of its inputs (see [`Stamp`]) did not change by the end of the run.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::SystemTime;

use signalint_plugin_api::EngineScope;

use super::{ConfigHasher, Shard, Stamp};
use crate::cache;
use crate::core::IssueInput;

/// How the cache keys of this run are known.
pub(crate) enum Keys {
    /// Computed before the run: file keys of the misses (`None`: unreadable), or the program key.
    Ready {
        files: Vec<(String, Option<String>)>,
        program: Option<String>,
    },
    /// Nothing was cached, so the run starts at once and its keys are hashed while it runs.
    Deferred(Deferred),
}

/// Keys to hash while the engine runs, with the stamps taken before it started: a key is kept
/// only when its files' stamps did not change by the end of the run.
pub(crate) struct Deferred {
    /// File-local: each file with its config hash and stamp, or its key when the file was
    /// written so recently that a stamp cannot vouch for it (hashed before the run).
    files: Vec<(String, Pending)>,
    /// Whole-program: the stamp of every program input.
    inputs: Vec<Option<Stamp>>,
}

enum Pending {
    Known(Option<String>),
    Later { config: String, stamp: Stamp },
}

/// The cache's answer for one engine.
pub(crate) enum Lookup {
    /// Everything is cached.
    Hit(Vec<IssueInput>),
    /// These files (every relevant one for a whole-program engine) need a run.
    Run {
        cached: Vec<IssueInput>,
        to_run: Vec<String>,
        keys: Keys,
    },
}

/// Everything the cache lookup and the store need for one engine, owned so it can move to a
/// blocking thread.
#[derive(Clone)]
pub(crate) struct KeyInputs {
    pub root: PathBuf,
    /// Everything that makes the engine's results differ for the same input.
    pub identity: String,
    pub scope: EngineScope,
    pub config_files: Vec<String>,
    /// The files of the check the engine checks.
    pub relevant: Arc<Vec<String>>,
    /// Whole-program: every file the program reads.
    pub program_inputs: Arc<Vec<String>>,
}

impl KeyInputs {
    /// Looks `shard` up: a whole-program engine by its program key, a file-local engine file by
    /// file. An empty shard cannot hit: its keys are deferred instead.
    pub(crate) fn lookup(&self, shard: &mut Shard) -> Lookup {
        if shard.is_empty()
            && let Some(deferred) = self.defer()
        {
            return Lookup::Run {
                cached: Vec::new(),
                to_run: self.relevant.to_vec(),
                keys: Keys::Deferred(deferred),
            };
        }
        match self.scope {
            EngineScope::WholeProgram => {
                let key = cache::program_key(
                    &self.relocatable_identity(),
                    &self.root,
                    &self.program_inputs,
                );
                match shard.get(&key) {
                    Some(issues) => Lookup::Hit(issues),
                    None => Lookup::Run {
                        cached: Vec::new(),
                        to_run: self.relevant.to_vec(),
                        keys: Keys::Ready {
                            files: Vec::new(),
                            program: Some(key),
                        },
                    },
                }
            }
            // File-local, and an engine of an unknown scope never gets here (see `run_engine`).
            _ => {
                let mut cached = Vec::new();
                let mut misses = Vec::new();
                let mut configs = ConfigHasher::new(&self.root, &self.config_files);
                for file in self.relevant.iter() {
                    let key = self.file_key(file, &configs.for_file(file));
                    match key.as_deref().and_then(|key| shard.get(key)) {
                        Some(issues) => cached.extend(issues),
                        None => misses.push((file.clone(), key)),
                    }
                }
                if misses.is_empty() {
                    return Lookup::Hit(cached);
                }
                Lookup::Run {
                    cached,
                    to_run: misses.iter().map(|(file, _)| file.clone()).collect(),
                    keys: Keys::Ready {
                        files: misses,
                        program: None,
                    },
                }
            }
        }
    }

    /// The identity with the project root written as `<root>`. A tool in the project's
    /// `node_modules` is named by its absolute path, and a cache restored at another path
    /// (another CI runner's checkout, a moved clone) must still hit: every key is then a
    /// function of root-relative paths and content only.
    fn relocatable_identity(&self) -> String {
        let root = self.root.to_string_lossy();
        if root.len() <= 1 {
            return self.identity.clone();
        }
        self.identity.replace(&*root, "<root>")
    }

    /// Stamps for a run whose keys are hashed while it runs; `None` when an input of a whole
    /// program was written too recently for its stamp to vouch for it.
    fn defer(&self) -> Option<Deferred> {
        let now = SystemTime::now();
        match self.scope {
            EngineScope::WholeProgram => {
                let inputs: Vec<Option<Stamp>> = self
                    .program_inputs
                    .iter()
                    .map(|input| Stamp::of(&self.root.join(input)))
                    .collect();
                let recent = inputs.iter().flatten().any(|stamp| stamp.is_recent(now));
                (!recent).then_some(Deferred {
                    files: Vec::new(),
                    inputs,
                })
            }
            // File-local, and an engine of an unknown scope never gets here (see `run_engine`).
            _ => {
                let mut configs = ConfigHasher::new(&self.root, &self.config_files);
                let files = self
                    .relevant
                    .iter()
                    .map(|file| {
                        let config = configs.for_file(file);
                        let pending = match Stamp::of(&self.root.join(file)) {
                            Some(stamp) if !stamp.is_recent(now) => {
                                Pending::Later { config, stamp }
                            }
                            _ => Pending::Known(self.file_key(file, &config)),
                        };
                        (file.clone(), pending)
                    })
                    .collect();
                Some(Deferred {
                    files,
                    inputs: Vec::new(),
                })
            }
        }
    }

    /// The key of one file's result; `None` when it cannot be read.
    fn file_key(&self, file: &str, config: &str) -> Option<String> {
        let content = std::fs::read(self.root.join(file)).ok()?;
        Some(cache::file_key(
            &self.relocatable_identity(),
            config,
            file,
            &content,
        ))
    }

    /// Hashes what a deferred run stores under (while the engine runs).
    fn hash_deferred(&self, deferred: &Deferred) -> Keys {
        match self.scope {
            EngineScope::WholeProgram => Keys::Ready {
                files: Vec::new(),
                program: Some(cache::program_key(
                    &self.relocatable_identity(),
                    &self.root,
                    &self.program_inputs,
                )),
            },
            _ => Keys::Ready {
                files: deferred
                    .files
                    .iter()
                    .map(|(file, pending)| {
                        let key = match pending {
                            Pending::Known(key) => key.clone(),
                            Pending::Later { config, .. } => self.file_key(file, config),
                        };
                        (file.clone(), key)
                    })
                    .collect(),
                program: None,
            },
        }
    }

    /// Drops the deferred keys whose files were written while the engine ran.
    fn settle(&self, deferred: &Deferred, keys: Keys) -> Keys {
        let Keys::Ready { files, program } = keys else {
            return keys;
        };
        match self.scope {
            EngineScope::WholeProgram => {
                let unchanged = self
                    .program_inputs
                    .iter()
                    .zip(&deferred.inputs)
                    .all(|(input, before)| Stamp::of(&self.root.join(input)) == *before);
                Keys::Ready {
                    files,
                    program: program.filter(|_| unchanged),
                }
            }
            _ => Keys::Ready {
                files: files
                    .into_iter()
                    .zip(&deferred.files)
                    .map(|((file, key), (_, pending))| {
                        let unchanged = match pending {
                            Pending::Known(_) => true,
                            Pending::Later { stamp, .. } => {
                                Stamp::of(&self.root.join(&file)) == Some(*stamp)
                            }
                        };
                        (file, key.filter(|_| unchanged))
                    })
                    .collect(),
                program,
            },
        }
    }
}

/// The keys of one run: known before it started, or being hashed beside it.
pub(crate) struct RunKeys {
    ready: Option<Keys>,
    hashing: Option<(Arc<Deferred>, tokio::task::JoinHandle<Keys>)>,
}

impl RunKeys {
    /// Starts hashing the keys of a deferred lookup beside the run, as an ordinary blocking
    /// task.
    pub(crate) fn start(key_inputs: &KeyInputs, keys: Keys) -> Self {
        match keys {
            Keys::Deferred(deferred) => {
                let deferred = Arc::new(deferred);
                let (key_inputs, pending) = (key_inputs.clone(), deferred.clone());
                let hashing =
                    tokio::task::spawn_blocking(move || key_inputs.hash_deferred(&pending));
                Self {
                    ready: None,
                    hashing: Some((deferred, hashing)),
                }
            }
            ready => Self {
                ready: Some(ready),
                hashing: None,
            },
        }
    }

    /// The keys to store the run's results under, once it is over: `None` when they could not
    /// be hashed, and without the files written while the engine ran.
    pub(crate) async fn settle(self, key_inputs: &KeyInputs) -> Option<Keys> {
        match self.hashing {
            Some((deferred, hashing)) => hashing
                .await
                .ok()
                .map(|keys| key_inputs.settle(&deferred, keys)),
            None => self.ready,
        }
    }
}

/// Writes a shard back on a blocking thread, so other engines' tasks keep running.
pub(crate) async fn save(shard: Shard) {
    let _ = tokio::task::spawn_blocking(move || shard.save()).await;
}

/// Stores a successful run's results under its settled keys: the whole program's, or each
/// checked file's (an empty list for a file without issues, so it is a hit next time).
///
/// A file-local run that reports something no checked file owns (an engine's "could not read a
/// file" without a path, say) stores nothing: the report cannot be pinned to a file key, and
/// storing the files' own results would turn the next check into a hit that silently drops it.
pub(crate) fn store(cache: &mut Shard, keys: &Keys, issues: &[IssueInput]) {
    let Keys::Ready {
        files: misses,
        program: program_key,
    } = keys
    else {
        return;
    };
    let program_key = program_key.as_deref();
    match program_key {
        Some(key) => cache.put(key, issues),
        None => {
            let owned = |issue: &IssueInput| misses.iter().any(|(file, _)| *file == issue.file);
            if !issues.iter().all(owned) {
                return;
            }
            let mut by_file: HashMap<&str, Vec<IssueInput>> = HashMap::new();
            for issue in issues {
                by_file
                    .entry(issue.file.as_str())
                    .or_default()
                    .push(issue.clone());
            }
            for (file, key) in misses {
                if let Some(key) = key {
                    cache.put(
                        key,
                        by_file
                            .get(file.as_str())
                            .map(Vec::as_slice)
                            .unwrap_or_default(),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn inputs(root: &Path, scope: EngineScope, files: &[&str]) -> KeyInputs {
        let files: Vec<String> = files.iter().map(|f| (*f).to_owned()).collect();
        KeyInputs {
            root: root.to_owned(),
            identity: "engine".into(),
            scope,
            config_files: vec![".enginerc".into()],
            program_inputs: Arc::new(files.clone()),
            relevant: Arc::new(files),
        }
    }

    fn write_old(path: &Path, text: &str) {
        std::fs::write(path, text).unwrap();
        let file = std::fs::File::options().write(true).open(path).unwrap();
        file.set_modified(SystemTime::now() - std::time::Duration::from_secs(600))
            .unwrap();
    }

    fn ready(keys: Keys) -> (Vec<(String, Option<String>)>, Option<String>) {
        match keys {
            Keys::Ready { files, program } => (files, program),
            Keys::Deferred(_) => panic!("keys are ready after settling"),
        }
    }

    #[test]
    fn a_file_written_while_the_engine_ran_is_not_stored() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write_old(&root.join("a.ts"), "a");
        write_old(&root.join("b.ts"), "b");
        let key_inputs = inputs(root, EngineScope::FileLocal, &["a.ts", "b.ts"]);
        let deferred = key_inputs.defer().unwrap();
        assert!(
            deferred
                .files
                .iter()
                .all(|(_, p)| matches!(p, Pending::Later { .. })),
            "settled files are hashed during the run"
        );
        // The engine runs; meanwhile b.ts is saved again.
        let hashed = key_inputs.hash_deferred(&deferred);
        std::fs::write(root.join("b.ts"), "b2").unwrap();
        let (files, _) = ready(key_inputs.settle(&deferred, hashed));
        assert!(files[0].1.is_some(), "a.ts did not change: stored");
        assert_eq!(files[1].1, None, "b.ts changed during the run: not stored");
    }

    #[test]
    fn recently_written_files_are_hashed_before_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.ts"), "a").unwrap();
        let key_inputs = inputs(root, EngineScope::FileLocal, &["a.ts"]);
        let deferred = key_inputs.defer().unwrap();
        let (_, Pending::Known(Some(key))) = &deferred.files[0] else {
            panic!("a file saved just now is hashed before the run");
        };
        // Whatever happens to it during the run, the key is of the content before the run.
        std::fs::write(root.join("a.ts"), "a2").unwrap();
        let hashed = key_inputs.hash_deferred(&deferred);
        let (files, _) = ready(key_inputs.settle(&deferred, hashed));
        assert_eq!(files[0].1.as_ref(), Some(key));
        // A whole program with a file saved just now is not deferred at all.
        let program = inputs(root, EngineScope::WholeProgram, &["a.ts"]);
        assert!(program.defer().is_none());
    }

    #[test]
    fn a_program_is_stored_only_when_no_input_changed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write_old(&root.join("a.ts"), "a");
        write_old(&root.join("b.ts"), "b");
        let key_inputs = inputs(
            root,
            EngineScope::WholeProgram,
            &["a.ts", "b.ts", "gone.ts"],
        );
        let deferred = key_inputs.defer().unwrap();
        let hashed = key_inputs.hash_deferred(&deferred);
        let (_, program) = ready(key_inputs.settle(&deferred, hashed));
        assert_eq!(
            program,
            Some(cache::program_key(
                "engine",
                root,
                &key_inputs.program_inputs
            ))
        );
        let hashed = key_inputs.hash_deferred(&deferred);
        std::fs::write(root.join("gone.ts"), "now here").unwrap();
        let (_, program) = ready(key_inputs.settle(&deferred, hashed));
        assert_eq!(program, None);
    }
}
