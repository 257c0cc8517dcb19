//! MCP definitions read from a project's TypeScript/JavaScript source (the
//! `signalint-mcp-source` crate), as one more kind of surface beside manifests and live
//! servers. Findings are placed through the reader's location table, each in the file and at
//! the line that wrote the definition.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::{Bases, Limits, LoadedSurface};
use crate::check::ignores::IgnoreRules;
use crate::config::ProjectPackage;

/// Source extensions the reader parses.
const EXTENSIONS: [&str; 6] = ["ts", "mts", "cts", "js", "mjs", "cjs"];

/// Directories never searched for definitions: dependencies and build output.
const SKIPPED_DIRS: [&str; 6] = [
    "node_modules",
    "dist",
    "build",
    "out",
    "coverage",
    ".signalint",
];

/// The source surface of a project and what could not be read.
#[derive(Debug)]
pub struct SourceScan {
    pub surface: Option<LoadedSurface>,
    /// Files that could not be read or parsed, and limits reached: each names its file.
    pub errors: Vec<String>,
}

/// Whether `path` is a source file the reader parses (declarations and tests are not).
fn is_source(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    EXTENSIONS.contains(&ext)
        && !name.ends_with(".d.ts")
        && !name.contains(".test.")
        && !name.contains(".spec.")
        && !path.components().any(|c| c.as_os_str() == "__tests__")
}

/// The definition files under `dir`: `*.tool.ts`, `*.resource.ts`, `*.prompt.ts`,
/// `*.app-tool.ts`, `*.app-resource.ts`, and other source files that import the SDK or
/// mcp-ts-core (a text check before anything is parsed). `.gitignore` is honoured; a file
/// past `max_bytes` is still returned, so the reader reports it.
pub fn source_files(dir: &Path, max_bytes: u64) -> Vec<PathBuf> {
    if dir.is_file() {
        return vec![dir.to_path_buf()];
    }
    // The ignore files are honoured by `IgnoreRules`, compiled once per content as the project
    // walk does, not by the walker, which would compile each again for every scan.
    let rules = IgnoreRules::default();
    let mut files: Vec<PathBuf> = ignore::WalkBuilder::new(dir)
        .standard_filters(false)
        .filter_entry(move |e| {
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
            let name = e.file_name().to_str().unwrap_or_default();
            let hidden = e.depth() > 0 && name.starts_with('.');
            let skipped = is_dir && SKIPPED_DIRS.contains(&name);
            !(hidden || skipped || rules.ignored(e.path(), is_dir))
        })
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .map(ignore::DirEntry::into_path)
        .filter(|p| is_source(p))
        .filter(|p| {
            signalint_mcp_source::is_definition_file(p) || imports_a_framework(p, max_bytes)
        })
        .collect();
    files.sort();
    files
}

/// The cheap prefilter: the text names a framework's package.
fn imports_a_framework(path: &Path, max_bytes: u64) -> bool {
    let too_large = std::fs::metadata(path).map_or(true, |m| m.len() > max_bytes);
    // A file past the limit is kept so that the reader says it was too large.
    too_large
        || std::fs::read_to_string(path)
            .is_ok_and(|text| signalint_mcp_source::imports_a_framework(&text))
}

/// The files matched by `[mcp] sources` globs (relative to `root`); a glob matching a file
/// that is not a definition file keeps only files that import a framework.
pub fn configured_files(
    root: &Path,
    globs: &[String],
    max_bytes: u64,
) -> Result<Vec<PathBuf>, String> {
    let set = glob_set(globs)?;
    Ok(source_files(root, max_bytes)
        .into_iter()
        .filter(|p| {
            let relative = p.strip_prefix(root).unwrap_or(p);
            set.is_match(relative)
        })
        .collect())
}

fn glob_set(globs: &[String]) -> Result<GlobSet, String> {
    let mut builder = GlobSetBuilder::new();
    for glob in globs {
        builder.add(
            Glob::new(glob)
                .map_err(|e| format!("[mcp] sources: `{glob}` is not a valid glob: {e}"))?,
        );
    }
    builder.build().map_err(|e| format!("[mcp] sources: {e}"))
}

/// Whether a `tools scan` argument is source rather than a manifest: a directory, or a
/// TypeScript/JavaScript file.
pub fn is_source_target(path: &Path) -> bool {
    path.is_dir() || is_source(path)
}

/// The directory imports are followed within: the nearest one holding a `package.json`,
/// else the directory scanned (or the file's own).
pub fn project_root_of(target: &Path) -> PathBuf {
    let start = if target.is_dir() {
        target.to_path_buf()
    } else {
        target
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    };
    let start = start.canonicalize().unwrap_or(start);
    start
        .ancestors()
        .find(|dir| dir.join("package.json").is_file())
        .map_or_else(|| start.clone(), Path::to_path_buf)
}

/// The server's name: `package.json`'s `name` in `root`, else the directory's name.
pub fn server_name(root: &Path, package: &ProjectPackage) -> String {
    package
        .name
        .clone()
        .or_else(|| {
            root.canonicalize()
                .ok()?
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "source".to_owned())
}

/// Reads the definitions of server `name` in `files` under `root`. `display` names the
/// surface in reports.
pub fn load_source(
    root: &Path,
    files: &[PathBuf],
    name: &str,
    display: &str,
    limits: &Limits,
) -> SourceScan {
    let reader_limits = signalint_mcp_source::Limits {
        file_bytes: limits.manifest_bytes,
        items: limits.items,
        ..signalint_mcp_source::Limits::default()
    };
    // Absolute, so a path relative to the working directory is not read against the root.
    let files: Vec<PathBuf> = files
        .iter()
        .map(|f| std::path::absolute(f).unwrap_or_else(|_| f.clone()))
        .collect();
    let read = signalint_mcp_source::read_sources(root, &files, name, &reader_limits);
    let errors: Vec<String> = read.problems.iter().map(ToString::to_string).collect();
    let surface = read.surface.map(|surface| LoadedSurface {
        surface,
        text: None,
        places: Some(Arc::new(read.locations)),
        display_path: display.to_owned(),
        bases: Bases::default(),
        server_info: None,
        notes: Vec::new(),
    });
    SourceScan { surface, errors }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definition_files_and_framework_importers_are_found_and_the_rest_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write("src/a.tool.ts", "export const x = 1;");
        write(
            "src/server.ts",
            "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        );
        write("src/util.ts", "export const y = 2;");
        write("src/server.test.ts", "import '@modelcontextprotocol/sdk';");
        write("src/types.d.ts", "import '@modelcontextprotocol/sdk';");
        write(
            "node_modules/x/index.js",
            "import '@modelcontextprotocol/sdk';",
        );
        write("dist/index.js", "import '@modelcontextprotocol/sdk';");
        // Ignored and hidden places are not searched, as in the project walk.
        write(".gitignore", "generated/\n*.local.tool.ts\n");
        write("generated/b.tool.ts", "export const z = 3;");
        write("src/c.local.tool.ts", "export const z = 3;");
        write(".cache/d.tool.ts", "export const z = 3;");
        let found: Vec<String> = source_files(dir.path(), 1 << 20)
            .iter()
            .map(|p| {
                p.strip_prefix(dir.path())
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(found, ["src/a.tool.ts", "src/server.ts"]);
        let only = configured_files(dir.path(), &["src/**/*.tool.ts".to_owned()], 1 << 20).unwrap();
        assert_eq!(only.len(), 1);
        let bad = configured_files(dir.path(), &["src/[".to_owned()], 1 << 20).unwrap_err();
        assert!(bad.contains("not a valid glob"), "{bad}");
    }
}
