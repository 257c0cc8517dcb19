//! The project's modules: each file parsed once into one shared arena, its top-level `const`s,
//! functions, imports and exports indexed, and relative imports followed to the file they
//! name (`./x.js` is the `./x.ts` next to it), never outside the project root. Imports through
//! the aliases of the root's `tsconfig.json` (`compilerOptions.paths`, such as `@/*` →
//! `./src/*`) are followed the same way.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use oxc_allocator::Allocator;
use oxc_ast::ast::{
    BindingPattern, Declaration, ExportDefaultDeclarationKind, Expression, Function,
    ImportDeclarationSpecifier, ModuleExportName, Program, Statement,
};
use oxc_parser::Parser;
use oxc_span::SourceType;

use crate::locations::{Loc, SourceFile};
use crate::{Limits, Problem};

/// What an imported name refers to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Import<'a> {
    pub source: &'a str,
    /// The exported name (`default` for a default import, `*` for a namespace).
    pub imported: &'a str,
}

/// A binding a module's top level gives a name.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Binding<'a> {
    Const(&'a Expression<'a>),
    Function(&'a Function<'a>),
}

/// One parsed file.
pub(crate) struct Module<'a> {
    pub file: u32,
    pub abs: PathBuf,
    pub program: &'a Program<'a>,
    pub bindings: HashMap<&'a str, Binding<'a>>,
    pub imports: HashMap<&'a str, Import<'a>>,
    /// Exported name → local name.
    pub exports: HashMap<&'a str, &'a str>,
    /// `export { a as b } from './x'`: exported name → the import it forwards.
    pub reexports: HashMap<&'a str, Import<'a>>,
    /// `export * from './x'`.
    pub star_exports: Vec<&'a str>,
}

impl Module<'_> {
    pub fn loc(&self, offset: u32) -> Loc {
        Loc {
            file: self.file,
            offset,
        }
    }
}

/// Every module read so far, in one arena.
pub(crate) struct Project<'a> {
    alloc: &'a Allocator,
    pub root: PathBuf,
    pub limits: Limits,
    modules: RefCell<HashMap<PathBuf, Option<Rc<Module<'a>>>>>,
    pub files: RefCell<Vec<SourceFile>>,
    pub problems: RefCell<Vec<Problem>>,
    aliases: Aliases,
    /// Static values still to be read in this read (see `spend`).
    budget: Cell<usize>,
    /// The consts being evaluated, innermost last (see `enter`).
    evaluating: RefCell<Vec<(u32, String)>>,
}

/// How many static value nodes one read evaluates at most: consts that name each other twice
/// over (`const A = [B, B]`) would otherwise double the work at every level.
const VALUE_BUDGET: usize = 1_000_000;

/// `compilerOptions.paths` of the root's `tsconfig.json`, resolved against its `baseUrl` (or
/// the root). `extends` is not followed: a shared base config names no project's own folders.
#[derive(Debug, Default)]
struct Aliases {
    base: PathBuf,
    /// Pattern (at most one `*`) → targets, tried in order.
    patterns: Vec<(String, Vec<String>)>,
}

impl Aliases {
    /// Reads `root/tsconfig.json`; `Err` says why it is not used.
    fn read(root: &Path, cap: u64) -> Result<Self, String> {
        let path = root.join("tsconfig.json");
        if !path.is_file() {
            return Ok(Self::default());
        }
        let text = read_bounded(&path, cap)?;
        let config: serde_json::Value =
            jsonc_parser::parse_to_serde_value(&text, &Default::default())
                .map_err(|e| format!("it does not parse as JSON with comments: {e}"))?;
        let options = &config["compilerOptions"];
        let base = match options["baseUrl"].as_str() {
            Some(url) => normalize(&root.join(url)),
            None => root.to_path_buf(),
        };
        let patterns = options["paths"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(pattern, targets)| {
                let targets = targets
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|t| t.as_str().map(str::to_owned))
                    .collect();
                (pattern.clone(), targets)
            })
            .collect();
        Ok(Self { base, patterns })
    }

    /// The paths `specifier` may name, best match first: TypeScript prefers an exact pattern,
    /// then the wildcard pattern with the longest prefix.
    fn targets(&self, specifier: &str) -> Vec<PathBuf> {
        let mut best: Option<(usize, &str, &[String])> = None;
        for (pattern, targets) in &self.patterns {
            let (rank, star) = match pattern.split_once('*') {
                None if pattern == specifier => (usize::MAX, ""),
                None => continue,
                Some((prefix, suffix)) => {
                    let Some(rest) = specifier
                        .strip_prefix(prefix)
                        .and_then(|r| r.strip_suffix(suffix))
                    else {
                        continue;
                    };
                    (prefix.len(), rest)
                }
            };
            if best.is_none_or(|(r, _, _)| rank > r) {
                best = Some((rank, star, targets));
            }
        }
        best.map_or_else(Vec::new, |(_, star, targets)| {
            targets
                .iter()
                .map(|t| self.base.join(t.replacen('*', star, 1)))
                .collect()
        })
    }
}

impl<'a> Project<'a> {
    pub fn new(alloc: &'a Allocator, root: &Path, limits: Limits) -> Self {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let mut problems = Vec::new();
        let aliases = Aliases::read(&root, limits.file_bytes).unwrap_or_else(|why| {
            problems.push(Problem {
                file: "tsconfig.json".to_owned(),
                line: 0,
                col: 0,
                message: format!(
                    "{why}; its `paths` aliases are not followed (fix the file, or import by relative path)"
                ),
            });
            Aliases::default()
        });
        Self {
            alloc,
            root,
            limits,
            modules: RefCell::default(),
            files: RefCell::default(),
            problems: RefCell::new(problems),
            aliases,
            budget: Cell::new(VALUE_BUDGET),
            evaluating: RefCell::default(),
        }
    }

    /// Starts evaluating the const `name` of file `file`; `false` when it is already being
    /// evaluated (`const A = [...A]`): a cycle. Each `true` is paired with a `leave`.
    pub fn enter(&self, file: u32, name: &str) -> bool {
        let mut evaluating = self.evaluating.borrow_mut();
        if evaluating.iter().any(|(f, n)| *f == file && n == name) {
            return false;
        }
        evaluating.push((file, name.to_owned()));
        true
    }

    pub fn leave(&self) {
        self.evaluating.borrow_mut().pop();
    }

    /// Takes one step of the read's value budget; `false` once it is spent.
    pub fn spend(&self) -> bool {
        let left = self.budget.get();
        self.budget.set(left.saturating_sub(1));
        left > 0
    }

    /// The path as it appears in issues: project-relative, `/` separators.
    pub fn display(&self, abs: &Path) -> String {
        abs.strip_prefix(&self.root)
            .unwrap_or(abs)
            .to_string_lossy()
            .replace('\\', "/")
    }

    fn problem(&self, file: String, message: String) {
        self.problems.borrow_mut().push(Problem {
            file,
            line: 0,
            col: 0,
            message,
        });
    }

    /// The module at `abs`, parsed on first use; `None` (with a problem) when it cannot be read.
    pub fn load(&self, abs: &Path) -> Option<Rc<Module<'a>>> {
        let abs = abs.canonicalize().unwrap_or_else(|_| abs.to_path_buf());
        if let Some(known) = self.modules.borrow().get(&abs) {
            return known.clone();
        }
        let module = self.parse(&abs).map(Rc::new);
        self.modules.borrow_mut().insert(abs, module.clone());
        module
    }

    fn parse(&self, abs: &Path) -> Option<Module<'a>> {
        let display = self.display(abs);
        let text = match read_bounded(abs, self.limits.file_bytes) {
            Ok(text) => text,
            Err(why) => {
                self.problem(display, format!("cannot read it: {why}"));
                return None;
            }
        };
        if let Some(depth) = too_deep(&text, self.limits.nesting) {
            self.problem(
                display,
                format!(
                    "it nests brackets {depth} deep, more than the {} read; the file is skipped",
                    self.limits.nesting
                ),
            );
            return None;
        }
        let source_type = SourceType::from_path(abs)
            .unwrap_or_else(|_| SourceType::ts())
            .with_jsx(false);
        let text: &'a str = self.alloc.alloc_str(&text);
        let parsed = Parser::new(self.alloc, text, source_type).parse();
        if parsed.panicked || parsed.diagnostics.has_errors() {
            let error = parsed.diagnostics.errors().next();
            let first = error
                .map(|e| e.message.to_string())
                .unwrap_or_else(|| "the parser gave up".to_owned());
            let offset = error
                .and_then(|e| e.labels.first().map(|l| l.offset()))
                .unwrap_or(0);
            let (line, col) = line_col(text, offset);
            self.problems.borrow_mut().push(Problem {
                file: display,
                line,
                col,
                message: format!(
                    "it does not parse as TypeScript/JavaScript: {first}; its definitions are not read"
                ),
            });
            return None;
        }
        let program: &'a Program<'a> = self.alloc.alloc(parsed.program);
        let file = {
            let mut files = self.files.borrow_mut();
            files.push(SourceFile {
                path: display,
                text: Arc::from(text),
            });
            files.len() as u32 - 1
        };
        Some(index(file, abs.to_path_buf(), program))
    }

    /// The file a relative or `tsconfig` alias import names, inside the root; `None` for a
    /// package import.
    pub fn resolve_import(&self, from: &Module<'a>, specifier: &str) -> Option<PathBuf> {
        if specifier.starts_with("./") || specifier.starts_with("../") {
            return self.file_at(&from.abs.parent()?.join(specifier));
        }
        self.aliases
            .targets(specifier)
            .iter()
            .find_map(|target| self.file_at(target))
    }

    /// The file `base` names as an import does (`x.js` is the `x.ts` beside it, `x` may be
    /// `x.ts` or `x/index.ts`), inside the root.
    fn file_at(&self, base: &Path) -> Option<PathBuf> {
        let base = normalize(base);
        if !base.starts_with(&self.root) {
            return None;
        }
        let text = base.to_string_lossy().into_owned();
        let mut candidates = Vec::new();
        for (js, ts) in [
            (".js", ".ts"),
            (".mjs", ".mts"),
            (".cjs", ".cts"),
            (".jsx", ".tsx"),
        ] {
            if let Some(stem) = text.strip_suffix(js) {
                candidates.push(format!("{stem}{ts}"));
                candidates.push(format!("{stem}.tsx"));
            }
        }
        candidates.push(text.clone());
        for ext in [".ts", ".tsx", ".mts", ".js", ".mjs"] {
            candidates.push(format!("{text}{ext}"));
        }
        for index in ["index.ts", "index.js"] {
            candidates.push(format!("{text}/{index}"));
        }
        candidates
            .into_iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
    }

    /// What `name` is bound to in `module`, following relative imports and re-exports up to
    /// the import depth; the error says why not, in a few words.
    pub fn binding(
        &self,
        module: &Rc<Module<'a>>,
        name: &str,
        depth: usize,
    ) -> Result<(Rc<Module<'a>>, Binding<'a>), String> {
        if let Some(binding) = module.bindings.get(name) {
            return Ok((module.clone(), *binding));
        }
        if let Some(import) = module.imports.get(name) {
            return self.exported(module, import, depth, name);
        }
        Err(format!("`{name}` is not a top-level binding of this file"))
    }

    fn exported(
        &self,
        module: &Rc<Module<'a>>,
        import: &Import<'a>,
        depth: usize,
        name: &str,
    ) -> Result<(Rc<Module<'a>>, Binding<'a>), String> {
        let Some(path) = self.resolve_import(module, import.source) else {
            return Err(format!(
                "`{name}` is imported from `{}`; not followed (only relative imports and `tsconfig.json` `paths` inside the project are)",
                import.source
            ));
        };
        if depth >= self.limits.import_depth {
            return Err(format!(
                "`{name}` is imported through more than {} modules; not followed",
                self.limits.import_depth
            ));
        }
        let Some(target) = self.load(&path) else {
            return Err(format!(
                "`{name}` is imported from `{}`, which could not be read",
                import.source
            ));
        };
        self.export_of(&target, import.imported, depth + 1)
            .map_err(|why| format!("`{name}` from `{}`: {why}", import.source))
    }

    fn export_of(
        &self,
        module: &Rc<Module<'a>>,
        exported: &'a str,
        depth: usize,
    ) -> Result<(Rc<Module<'a>>, Binding<'a>), String> {
        if let Some(local) = module.exports.get(exported) {
            return self.binding(module, local, depth);
        }
        if let Some(import) = module.reexports.get(exported) {
            return self.exported(module, import, depth, exported);
        }
        for source in &module.star_exports {
            let import = Import {
                source,
                imported: exported,
            };
            if let Ok(found) = self.exported(module, &import, depth, exported) {
                return Ok(found);
            }
        }
        Err(format!("no export `{exported}` found"))
    }
}

/// Indexes a module's top level.
fn index<'a>(file: u32, abs: PathBuf, program: &'a Program<'a>) -> Module<'a> {
    let mut module = Module {
        file,
        abs,
        program,
        bindings: HashMap::new(),
        imports: HashMap::new(),
        exports: HashMap::new(),
        reexports: HashMap::new(),
        star_exports: Vec::new(),
    };
    for statement in &program.body {
        match statement {
            Statement::VariableDeclaration(decl) => bind_vars(&mut module, decl, false),
            Statement::FunctionDeclaration(f) => bind_function(&mut module, f, false),
            Statement::ImportDeclaration(import) => {
                for specifier in import.specifiers.iter().flatten() {
                    let (local, imported) = match specifier {
                        ImportDeclarationSpecifier::ImportSpecifier(s) => {
                            (s.local.name.as_str(), export_name(&s.imported))
                        }
                        ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => {
                            (s.local.name.as_str(), "default")
                        }
                        ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => {
                            (s.local.name.as_str(), "*")
                        }
                    };
                    module.imports.insert(
                        local,
                        Import {
                            source: import.source.value.as_str(),
                            imported,
                        },
                    );
                }
            }
            Statement::ExportDeclaration(export) => match &export.declaration {
                Declaration::VariableDeclaration(decl) => bind_vars(&mut module, decl, true),
                Declaration::FunctionDeclaration(f) => bind_function(&mut module, f, true),
                _ => {}
            },
            Statement::ExportNamedDeclaration(export) => {
                for specifier in &export.specifiers {
                    let local = export_name(&specifier.local);
                    module
                        .exports
                        .insert(export_name(&specifier.exported), local);
                }
            }
            Statement::ExportFromDeclaration(export) => {
                for specifier in &export.specifiers {
                    module.reexports.insert(
                        export_name(&specifier.exported),
                        Import {
                            source: export.source.value.as_str(),
                            imported: export_name(&specifier.local),
                        },
                    );
                }
            }
            Statement::ExportAllDeclaration(all) if all.exported.is_none() => {
                module.star_exports.push(all.source.value.as_str());
            }
            Statement::ExportDefaultDeclaration(default) => match &default.declaration {
                ExportDefaultDeclarationKind::FunctionDeclaration(f) => {
                    let name = f.id.as_ref().map_or("default", |id| id.name.as_str());
                    module.bindings.insert(name, Binding::Function(f));
                    module.exports.insert("default", name);
                }
                kind => {
                    if let Some(Expression::Identifier(id)) = kind.as_expression() {
                        module.exports.insert("default", id.name.as_str());
                    } else if let Some(expr) = kind.as_expression() {
                        module.bindings.insert("default", Binding::Const(expr));
                        module.exports.insert("default", "default");
                    }
                }
            },
            _ => {}
        }
    }
    module
}

fn bind_vars<'a>(
    module: &mut Module<'a>,
    decl: &'a oxc_ast::ast::VariableDeclaration<'a>,
    exported: bool,
) {
    // `let` and `var` may be reassigned: only `const` is a static binding.
    if !decl.kind.is_const() {
        return;
    }
    for declarator in &decl.declarations {
        if let (BindingPattern::BindingIdentifier(id), Some(init)) =
            (&declarator.id, &declarator.init)
        {
            let name = id.name.as_str();
            module.bindings.insert(name, Binding::Const(init));
            if exported {
                module.exports.insert(name, name);
            }
        }
    }
}

fn bind_function<'a>(module: &mut Module<'a>, f: &'a Function<'a>, exported: bool) {
    if let Some(id) = &f.id {
        let name = id.name.as_str();
        module.bindings.insert(name, Binding::Function(f));
        if exported {
            module.exports.insert(name, name);
        }
    }
}

fn export_name<'a>(name: &ModuleExportName<'a>) -> &'a str {
    match name {
        ModuleExportName::IdentifierName(n) => n.name.as_str(),
        ModuleExportName::IdentifierReference(n) => n.name.as_str(),
        ModuleExportName::StringLiteral(s) => s.value.as_str(),
    }
}

/// `a/./b/../c` → `a/c`, without touching the file system (a missing file stays missing).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// A regular file's text, at most `cap` bytes.
fn read_bounded(path: &Path, cap: u64) -> Result<String, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("it is not a regular file".to_owned());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "it is larger than {cap} bytes ([mcp] max_manifest_mib); raise the limit or leave the file out of [mcp] sources"
        ));
    }
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_owned())
}

/// The bracket depth of `text` when it passes `limit` (a guard for the recursive parser and
/// readers: hostile input nested a hundred thousand deep would exhaust the stack). Strings and
/// comments are skipped roughly; an over-count only makes a strange file be skipped.
fn too_deep(text: &str, limit: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some(depth);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// 1-based line and UTF-16 column of a byte offset (for parse errors).
pub(crate) fn line_col(text: &str, offset: u32) -> (u32, u32) {
    let mut end = (offset as usize).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() as u32 + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let col: usize = before[start..].chars().map(char::len_utf16).sum();
    (line, col as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_measured_outside_strings_and_comments() {
        assert_eq!(too_deep("((()))", 3), None);
        assert_eq!(too_deep("((((", 3), Some(4));
        assert_eq!(too_deep("'(((('// ((((\n/* (((( */ ()", 3), None);
    }

    #[test]
    fn relative_paths_are_normalized_lexically() {
        assert_eq!(normalize(Path::new("/a/b/./../c")), PathBuf::from("/a/c"));
    }
}
