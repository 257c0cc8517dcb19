//! Where each part of a surface read from source was written: a JSON pointer into the surface
//! (`/tools/0/inputSchema/properties/q`, `/sourceFacts/tools/0/handler/throws/1`) maps to the
//! file, 1-based line and 1-based UTF-16 column of the syntax that produced it.
//!
//! Pointers are recorded as byte offsets while reading and turned into lines and columns once
//! at the end, through each file's line table.

use std::collections::HashMap;
use std::sync::Arc;

/// A place in a source file: an index into [`Locations::files`] and a byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Loc {
    pub file: u32,
    pub offset: u32,
}

/// Where one pointer's syntax starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Index into [`Locations::files`].
    pub file: u32,
    /// 1-based line.
    pub line: u32,
    /// 1-based column in UTF-16 code units (the unit editors and LSP use).
    pub col: u32,
    /// Byte offset in the file's text.
    pub offset: u32,
}

/// One file that was read.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Project-relative, with `/` separators.
    pub path: String,
    pub text: Arc<str>,
}

/// The location table of one source read.
#[derive(Debug, Clone, Default)]
pub struct Locations {
    pub files: Vec<SourceFile>,
    places: HashMap<String, Place>,
}

impl Locations {
    /// The place of `pointer`, or of its longest mapped prefix (a finding on
    /// `/tools/0/inputSchema/properties/q/type` lands on the property `q`).
    pub fn lookup(&self, pointer: &str) -> Option<(&SourceFile, Place)> {
        let mut candidate = pointer;
        loop {
            if let Some(place) = self.places.get(candidate) {
                return Some((self.files.get(place.file as usize)?, *place));
            }
            let cut = candidate.rfind('/')?;
            candidate = &candidate[..cut];
        }
    }

    /// How many pointers are mapped.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// Every mapped pointer, for tests and tools.
    pub fn pointers(&self) -> impl Iterator<Item = &str> {
        self.places.keys().map(String::as_str)
    }
}

/// Collects pointer → [`Loc`] while definitions are read.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    locs: HashMap<String, Loc>,
}

impl Recorder {
    /// Records `pointer` at `loc`; the first record of a pointer wins (the outermost syntax).
    pub fn put(&mut self, pointer: &str, loc: Loc) {
        self.locs.entry(pointer.to_owned()).or_insert(loc);
    }

    /// Lines and columns for every record, through the files' text.
    pub fn finish(self, files: Vec<SourceFile>) -> Locations {
        let tables: Vec<LineTable> = files.iter().map(|f| LineTable::new(&f.text)).collect();
        let places = self
            .locs
            .into_iter()
            .filter_map(|(pointer, loc)| {
                let file = files.get(loc.file as usize)?;
                let (line, col) = tables[loc.file as usize].resolve(&file.text, loc.offset);
                Some((
                    pointer,
                    Place {
                        file: loc.file,
                        line,
                        col,
                        offset: loc.offset,
                    },
                ))
            })
            .collect();
        Locations { files, places }
    }
}

/// Byte offsets of line starts (`\n`, `\r\n` and a lone `\r` end a line, as editors count).
struct LineTable {
    starts: Vec<u32>,
}

impl LineTable {
    fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i as u32 + 1),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i as u32 + 2);
                    i += 1;
                }
                b'\r' => starts.push(i as u32 + 1),
                _ => {}
            }
            i += 1;
        }
        Self { starts }
    }

    /// 1-based line and 1-based UTF-16 column of `offset`.
    fn resolve(&self, text: &str, offset: u32) -> (u32, u32) {
        let index = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts[index] as usize;
        let mut end = (offset as usize).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let start = start.min(end);
        let col: usize = text[start..end].chars().map(char::len_utf16).sum();
        (index as u32 + 1, col as u32 + 1)
    }
}

/// JSON pointer escaping of one segment (RFC 6901).
pub(crate) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_utf16_columns() {
        let text = "a\r\nb😀c\rd\ne";
        let table = LineTable::new(text);
        assert_eq!(table.resolve(text, 0), (1, 1));
        assert_eq!(table.resolve(text, 3), (2, 1));
        // After the emoji: two UTF-16 units.
        let c = text.find('c').unwrap() as u32;
        assert_eq!(table.resolve(text, c), (2, 4));
        assert_eq!(table.resolve(text, text.find('d').unwrap() as u32), (3, 1));
        assert_eq!(table.resolve(text, text.find('e').unwrap() as u32), (4, 1));
    }

    #[test]
    fn a_pointer_falls_back_to_its_longest_mapped_prefix() {
        let mut recorder = Recorder::default();
        recorder.put("/tools/0", Loc { file: 0, offset: 0 });
        recorder.put(
            "/tools/0/inputSchema/properties/q",
            Loc { file: 0, offset: 2 },
        );
        let locations = recorder.finish(vec![SourceFile {
            path: "a.ts".into(),
            text: Arc::from("x\ny"),
        }]);
        let (file, place) = locations
            .lookup("/tools/0/inputSchema/properties/q/type")
            .unwrap();
        assert_eq!((file.path.as_str(), place.line, place.col), ("a.ts", 2, 1));
        assert_eq!(locations.lookup("/tools/0/name").unwrap().1.line, 1);
        assert!(locations.lookup("/prompts/0").is_none());
    }
}
