//! Finding where a JSON pointer's value starts in the original text, so a finding on
//! `/tools/3/description` points at the file, line and column a person can open.
//!
//! `serde_json` keeps no positions, so this is a small scanner that walks the text along the
//! pointer, skipping everything else. It never allocates the document.

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
    fn escaped_segments() {
        let doc = r#"{"a/b": {"c~d": 1}}"#;
        assert_eq!(&doc[locate(doc, "/a~1b/c~0d")..], "1}}");
    }
}
