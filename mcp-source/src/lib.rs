//! MCP definitions read from TypeScript/JavaScript source, statically (nothing is run).
//!
//! [`read_sources`] parses the given files with oxc, finds the definitions of the official
//! TypeScript SDK (`server.registerTool(…)`, `server.tool(…)`, resources, prompts) and of
//! `@cyanheads/mcp-ts-core` (`tool('name', {…})`, `resource(…)`, `prompt(…)`, app builders,
//! exported definition objects), turns their Zod schemas into the JSON Schema a client would
//! see in `tools/list`, and returns:
//!
//! * one [`McpSurface`] (origin [`SurfaceOrigin::Source`]) whose lists hold exactly what the
//!   server would advertise, so every rule that reads manifests reads this too, and whose
//!   `source_facts` hold what only the source knows (handler throws, framework fields, the
//!   schema parts that could not be read and why);
//! * a [`Locations`] table from every JSON pointer into that surface to a file, line and
//!   UTF-16 column;
//! * the [`Problem`]s of files that could not be read (each file on its own: the others are
//!   still read).
//!
//! Module map: `project` (parsing, bindings, relative imports), `find` (definitions), `zod`
//! (Zod → JSON Schema), `values` (static values), `handler` (handler facts), `locations`.

mod find;
mod format;
mod handler;
mod landing;
mod locations;
mod project;
mod values;
mod zod;

use std::path::{Path, PathBuf};

use oxc_allocator::Allocator;
use signalint_plugin_api::{Json, McpSurface, SurfaceOrigin};

pub use find::DEFINITION_SUFFIXES;
pub use locations::{Locations, Place, SourceFile};

use find::{List, Reader};
use values::obj;

/// What one read may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of one source file (the `[mcp]` manifest limit).
    pub file_bytes: u64,
    /// Definitions of each list (`[mcp] max_tools`).
    pub items: usize,
    /// Bracket nesting of one file, and the depth of schemas and values read.
    pub nesting: usize,
    /// Relative imports followed from one binding to the next.
    pub import_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            file_bytes: 32 << 20,
            items: 10_000,
            nesting: 256,
            import_depth: 8,
        }
    }
}

/// A file that could not be read, or a limit that was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Project-relative path.
    pub file: String,
    /// 1-based; 0 when the problem is the whole file's.
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => write!(f, "{}: {}", self.file, self.message),
            line => write!(f, "{}:{line}:{}: {}", self.file, self.col, self.message),
        }
    }
}

/// The result of one read.
#[derive(Debug, Clone, Default)]
pub struct SourceRead {
    /// `None` when no definition was found.
    pub surface: Option<McpSurface>,
    pub locations: Locations,
    pub problems: Vec<Problem>,
}

/// Whether `path` is a definition file by its name (`*.tool.ts`, `*.resource.ts`, …).
pub fn is_definition_file(path: &Path) -> bool {
    let name = path.to_string_lossy();
    DEFINITION_SUFFIXES.iter().any(|s| name.ends_with(s))
}

/// A cheap prefilter: whether a source text imports the official SDK (or mcp-ts-core), so
/// only those files are parsed.
pub fn imports_a_framework(text: &str) -> bool {
    text.contains("@modelcontextprotocol/sdk")
        || text.contains("@modelcontextprotocol/server")
        || text.contains("@cyanheads/mcp-ts-core")
}

/// Reads the definitions in `files` (absolute, or relative to `root`). `server` names the
/// surface. Imports are followed only to files inside `root`.
pub fn read_sources(root: &Path, files: &[PathBuf], server: &str, limits: &Limits) -> SourceRead {
    let allocator = Allocator::default();
    let project = project::Project::new(&allocator, root, *limits);
    let mut reader = Reader::new(&project);
    let mut landing = landing::Landing::default();
    for file in files {
        let abs = if file.is_absolute() {
            file.clone()
        } else {
            root.join(file)
        };
        if let Some(module) = project.load(&abs) {
            reader.read_module(&module, is_definition_file(&abs));
            landing.read_module(&project, &module, &mut reader.rec);
        }
    }
    let mut problems = project.problems.take();
    for list in List::ALL {
        let dropped = reader.dropped[list as usize];
        if dropped > 0 {
            problems.push(Problem {
                file: ".".to_owned(),
                line: 0,
                col: 0,
                message: format!(
                    "the source defines {} {}, more than the {} checked ([mcp] max_tools); the first {} are checked, the rest are not",
                    dropped + limits.items,
                    list.key(),
                    limits.items,
                    limits.items
                ),
            });
        }
    }
    let Reader {
        rec, lists, facts, ..
    } = reader;
    let locations = rec.finish(project.files.take());
    let found = lists.iter().any(|l| !l.is_empty()) || landing.value.is_some();
    let surface = found.then(|| {
        let [tools, resources, templates, prompts] = lists;
        let [tool_facts, resource_facts, template_facts, prompt_facts] = facts;
        McpSurface::new(server)
            .with_origin(SurfaceOrigin::Source {
                root: root.to_string_lossy().into_owned(),
            })
            .with_tools(tools)
            .with_resources(resources)
            .with_resource_templates(templates)
            .with_prompts(prompts)
            .with_source_facts(obj(vec![
                ("tools", Json::from(tool_facts)),
                ("resources", Json::from(resource_facts)),
                ("resourceTemplates", Json::from(template_facts)),
                ("prompts", Json::from(prompt_facts)),
            ]
            .into_iter()
            .chain(landing.value.map(|v| ("landing", v)))
            .collect()))
    });
    SourceRead {
        surface,
        locations,
        problems,
    }
}
