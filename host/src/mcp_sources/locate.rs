//! Finding where a JSON pointer's value starts in the original text, so a finding on
//! `/tools/3/description` points at the file, line and column a person can open.
//!
//! `serde_json` keeps no positions, so this is a small scanner that walks the text along the
//! pointer, skipping everything else. It never allocates the document.

use std::collections::HashMap;

/// Byte offset of the value at `pointer` (RFC 6901) in `text`, or of the deepest existing
/// ancestor when the pointer goes further than the document.
pub fn locate(text: &str, pointer: &str) -> usize {
    let segments: Vec<String> = if pointer.is_empty() {
        Vec::new()
    } else {
        pointer
            .trim_start_matches('/')
            .split('/')
            .map(|s| s.replace("~1", "/").replace("~0", "~"))
            .collect()
    };
    let mut scanner = Scanner {
        bytes: text.as_bytes(),
        pos: 0,
    };
    scanner.skip_ws();
    let mut found = scanner.pos;
    for segment in &segments {
        match scanner.enter(segment) {
            Some(at) => found = at,
            None => break,
        }
    }
    found
}

/// Locates many pointers in one text. Each container is indexed the first time a pointer
/// passes through it, so n findings in a large file of several servers cost about one pass
/// over the file instead of n.
#[derive(Debug)]
pub struct Locator<'t> {
    text: &'t str,
    /// Children of each container entered so far, by the offset of its opening bracket.
    children: HashMap<usize, Vec<(Option<String>, usize)>>,
}

impl<'t> Locator<'t> {
    pub fn new(text: &'t str) -> Self {
        Self {
            text,
            children: HashMap::new(),
        }
    }

    /// Same answer as [`locate`].
    pub fn locate(&mut self, pointer: &str) -> usize {
        let mut scanner = Scanner {
            bytes: self.text.as_bytes(),
            pos: 0,
        };
        scanner.skip_ws();
        let mut found = scanner.pos;
        if pointer.is_empty() {
            return found;
        }
        for segment in pointer.trim_start_matches('/').split('/') {
            let segment = segment.replace("~1", "/").replace("~0", "~");
            let bytes = scanner.bytes;
            let children = self
                .children
                .entry(found)
                .or_insert_with(|| Scanner { bytes, pos: found }.children());
            let child = match bytes.get(found) {
                Some(b'[') => segment
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| children.get(i))
                    .map(|(_, at)| *at),
                _ => children
                    .iter()
                    .find(|(key, _)| key.as_deref() == Some(segment.as_str()))
                    .map(|(_, at)| *at),
            };
            match child {
                Some(at) => found = at,
                None => break,
            }
        }
        found
    }
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// At the start of a value: moves to the child named `segment` and returns its offset.
    fn enter(&mut self, segment: &str) -> Option<usize> {
        match self.peek()? {
            b'{' => {
                self.pos += 1;
                loop {
                    self.skip_ws();
                    if self.peek()? == b'}' {
                        return None;
                    }
                    let key = self.string()?;
                    self.skip_ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.pos += 1;
                    self.skip_ws();
                    if key == segment {
                        return Some(self.pos);
                    }
                    self.skip_value()?;
                    self.skip_ws();
                    match self.peek()? {
                        b',' => self.pos += 1,
                        _ => return None,
                    }
                }
            }
            b'[' => {
                let wanted: usize = segment.parse().ok()?;
                self.pos += 1;
                let mut index = 0;
                loop {
                    self.skip_ws();
                    if self.peek()? == b']' {
                        return None;
                    }
                    if index == wanted {
                        return Some(self.pos);
                    }
                    self.skip_value()?;
                    self.skip_ws();
                    match self.peek()? {
                        b',' => self.pos += 1,
                        _ => return None,
                    }
                    index += 1;
                }
            }
            _ => None,
        }
    }

    /// Reads a string at the cursor and returns it unescaped (enough for keys).
    fn string(&mut self) -> Option<String> {
        if self.peek()? != b'"' {
            return None;
        }
        let start = self.pos;
        self.pos += 1;
        while let Some(b) = self.peek() {
            match b {
                b'\\' => self.pos += 2,
                b'"' => {
                    self.pos += 1;
                    let raw = std::str::from_utf8(&self.bytes[start..self.pos]).ok()?;
                    return serde_json::from_str(raw).ok();
                }
                _ => self.pos += 1,
            }
        }
        None
    }

    /// At the start of a value: every child of the container (keys for objects) with the
    /// offset of its value, up to the first malformed part; none for a scalar.
    fn children(mut self) -> Vec<(Option<String>, usize)> {
        let mut out = Vec::new();
        let object = match self.peek() {
            Some(b'{') => true,
            Some(b'[') => false,
            _ => return out,
        };
        self.pos += 1;
        let close = if object { b'}' } else { b']' };
        loop {
            self.skip_ws();
            if self.peek().is_none_or(|b| b == close) {
                return out;
            }
            let key = if object {
                let Some(key) = self.string() else {
                    return out;
                };
                self.skip_ws();
                if self.peek() != Some(b':') {
                    return out;
                }
                self.pos += 1;
                self.skip_ws();
                Some(key)
            } else {
                None
            };
            out.push((key, self.pos));
            if self.skip_value().is_none() {
                return out;
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                _ => return out,
            }
        }
    }

    fn skip_value(&mut self) -> Option<()> {
        match self.peek()? {
            b'"' => {
                self.pos += 1;
                while let Some(b) = self.peek() {
                    match b {
                        b'\\' => self.pos += 2,
                        b'"' => {
                            self.pos += 1;
                            return Some(());
                        }
                        _ => self.pos += 1,
                    }
                }
                None
            }
            b'{' | b'[' => {
                // Skip to the matching bracket, minding strings.
                let mut depth = 0usize;
                while let Some(b) = self.peek() {
                    match b {
                        b'"' => {
                            self.skip_value()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.pos += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.pos += 1;
                }
                None
            }
            _ => {
                while let Some(b) = self.peek() {
                    if matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                        break;
                    }
                    self.pos += 1;
                }
                Some(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r#"{
  "result": {
    "tools": [
      { "name": "a", "description": "first \"quoted\" }]" },
      {
        "name": "b/c",
        "inputSchema": { "properties": { "q": { "type": "string" } } }
      }
    ]
  }
}"#;

    fn at(pointer: &str) -> &'static str {
        &DOC[locate(DOC, pointer)..]
    }

    #[test]
    fn follows_objects_and_arrays() {
        assert!(at("/result/tools/0/description").starts_with("\"first"));
        assert!(at("/result/tools/1/name").starts_with("\"b/c\""));
        assert!(at("/result/tools/1/inputSchema/properties/q").starts_with("{ \"type\""));
        assert!(at("").starts_with('{'));
    }

    #[test]
    fn a_missing_child_points_at_the_deepest_ancestor() {
        assert!(at("/result/tools/1/nope").starts_with("{\n        \"name\": \"b/c\""));
        assert!(at("/result/tools/9").starts_with('['));
    }

    #[test]
    fn the_locator_agrees_with_locate() {
        let mut locator = Locator::new(DOC);
        for pointer in [
            "",
            "/result",
            "/result/tools/0/description",
            "/result/tools/1/name",
            "/result/tools/1/inputSchema/properties/q",
            "/result/tools/1/nope",
            "/result/tools/9",
            "/result/tools/x",
            "/result/tools/0/name/deeper",
        ] {
            assert_eq!(locator.locate(pointer), locate(DOC, pointer), "{pointer}");
        }
        let doc = r#"{"a/b": {"c~d": 1}, "bad": [1, 2 3]}"#;
        let mut locator = Locator::new(doc);
        for pointer in ["/a~1b/c~0d", "/bad/0", "/bad/1", "/bad/2"] {
            assert_eq!(locator.locate(pointer), locate(doc, pointer), "{pointer}");
        }
    }

    #[test]
    fn escaped_segments() {
        let doc = r#"{"a/b": {"c~d": 1}}"#;
        assert_eq!(&doc[locate(doc, "/a~1b/c~0d")..], "1}}");
    }
}
