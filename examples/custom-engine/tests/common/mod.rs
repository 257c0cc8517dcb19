//! What the integration tests share: the pinned ESLint from `test-engines/`, fresh copies of
//! the fixture project, and the expected diagnostics.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root.
pub const WORKSPACE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// ESLint's JavaScript entry point in `test-engines/`, or a failure that says how to get it.
pub fn eslint_entry() -> PathBuf {
    let path = Path::new(WORKSPACE).join("test-engines/node_modules/eslint/bin/eslint.js");
    assert!(
        path.is_file(),
        "the pinned ESLint is missing at {}: run `npm install --prefix test-engines` in the workspace root",
        path.display()
    );
    path.canonicalize().unwrap()
}

/// `node`, which runs ESLint.
pub fn node() -> String {
    let works = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        works,
        "`node` is not on PATH; the pinned ESLint in test-engines needs Node.js 20 or later"
    );
    "node".to_owned()
}

/// The version ESLint reports, without the leading `v`.
pub fn eslint_version() -> String {
    let out = Command::new(node())
        .arg(eslint_entry())
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .trim_start_matches('v')
        .to_owned()
}

/// A fresh copy of `tests/fixtures/project` under Cargo's scratch directory for tests, so that
/// nothing (ESLint, the host's `.signalint/` state) writes into the source tree.
pub fn fixture_copy(name: &str) -> PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("signalint-eslint-example")
        .join(name);
    if target.exists() {
        std::fs::remove_dir_all(&target).unwrap();
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/project");
    copy_dir(&source, &target);
    target.canonicalize().unwrap()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every file of the project with an extension the adapter declares, project-relative and
/// sorted: what the host would hand to `plan`.
pub fn project_files(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| signalint_plugin_eslint_example::EXTENSIONS.contains(&e))
            {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut files = Vec::new();
    walk(root, root, &mut files);
    files.sort();
    files
}

/// One diagnostic the fixture project must produce: file, rule, ESLint's line and UTF-16
/// column, whether it is an error, and the text that starts at that place in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expected {
    pub file: &'static str,
    pub rule: &'static str,
    pub line: u32,
    pub column: u32,
    pub error: bool,
    pub text: &'static str,
    /// Whether ESLint offers a fix (suggestions do not count).
    pub fixable: bool,
}

impl Expected {
    /// Where the host reports it: its lines break only at `\r\n`, `\n` and `\r`, and, like
    /// editors and ESLint, it does not count a byte order mark as a column.
    pub fn host_position(&self) -> (u32, u32) {
        match (self.file, self.line) {
            // ESLint's line 2 starts after the U+2028 inside the string on the file's line 1.
            ("src/separator.js", 2) => (1, 22),
            _ => (self.line, self.column),
        }
    }
}

const fn expected(
    file: &'static str,
    rule: &'static str,
    line: u32,
    column: u32,
    error: bool,
    text: &'static str,
) -> Expected {
    Expected {
        file,
        rule,
        line,
        column,
        error,
        text,
        fixable: matches!(
            rule.as_bytes(),
            b"eslint/prefer-const" | b"eslint/no-var" | b"eslint/unused-disable-directive"
        ),
    }
}

/// Everything ESLint 10 reports for the fixture project, worked out from the sources: columns
/// are UTF-16 code units after `é`, `日本語`, `😀😀`; lines are ESLint's, which counts the
/// U+2028 in `separator.js` as a line break. `clean.js`, `types.ts` (no config covers it),
/// `eslint.config.mjs` and the ignored directory report nothing.
pub const EXPECTED: &[Expected] = &[
    expected(
        "src/-leading-dash.js",
        "eslint/no-debugger",
        1,
        1,
        true,
        "debugger;",
    ),
    expected("src/bom.js", "eslint/prefer-const", 1, 5, true, "bom = 1;"),
    expected("src/broken.js", "eslint/parse", 3, 3, true, "return 1;"),
    expected(
        "src/crlf.js",
        "eslint/prefer-const",
        1,
        5,
        true,
        "crlf = 1;",
    ),
    expected("src/crlf.js", "eslint/eqeqeq", 3, 10, false, "== 2)"),
    expected(
        "src/crlf.js",
        "eslint/no-debugger",
        3,
        18,
        true,
        "debugger; }",
    ),
    expected(
        "src/directive.js",
        "eslint/unused-disable-directive",
        1,
        1,
        true,
        "// eslint-disable-next-line no-debugger",
    ),
    expected(
        "src/separator.js",
        "eslint/prefer-const",
        2,
        8,
        true,
        "after = sep;",
    ),
    expected(
        "src/unicode.js",
        "eslint/no-debugger",
        2,
        22,
        true,
        "debugger;",
    ),
    expected("src/unicode.js", "eslint/eqeqeq", 3, 32, false, "== \"a\""),
    expected(
        "src/unicode.js",
        "eslint/no-debugger",
        3,
        42,
        true,
        "debugger; }",
    ),
    expected(
        "src/unicode.js",
        "eslint/no-unused-vars",
        4,
        5,
        true,
        "unused = ",
    ),
    expected(
        "src/unicode.js",
        "eslint/prefer-const",
        4,
        5,
        true,
        "unused = ",
    ),
    expected(
        "src/unicode.js",
        "eslint/no-var",
        5,
        1,
        false,
        "var total = 2;",
    ),
];
