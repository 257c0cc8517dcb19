//! The root-cause subject of an issue: what a fix would change (a missing name, a module, a type
//! pair, a property, an unused binding…), as the engine's adapter stated it
//! ([`signalint_plugin_api::Subject`]). The core words summaries and actions by the subject's
//! kind and reads no engine's codes or messages. An issue without a subject the core can word is
//! clustered by its rule alone.

use signalint_plugin_api::{Role, Subject as Stated, SubjectKind as Kind};

/// What one issue is about. Two issues with the same subject (and rule group) share a root cause.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Subject {
    /// A name the program uses but nothing declares or imports.
    MissingName(String),
    /// A namespace nothing declares.
    MissingNamespace(String),
    /// A type-definitions package that is not installed or not listed.
    MissingTypes(String),
    /// A `lib` entry the compiler options lack.
    MissingLib(String),
    /// A module specifier that does not resolve.
    MissingModule(String),
    /// A JavaScript module without type declarations.
    UntypedModule(String),
    /// A member a module does not export.
    MissingExport { module: String, member: String },
    /// A value of one type where another is declared.
    NotAssignable { source: String, target: String },
    /// An argument of one type for a parameter of another.
    ArgumentType { argument: String, parameter: String },
    /// A property read from a type that lacks it.
    UnknownProperty { property: String, on: String },
    /// A property a type requires but values lack.
    MissingProperty { property: String, target: String },
    /// An object-literal property the target type does not know.
    ExcessProperty { property: String, target: String },
    /// An expression that may be null or undefined.
    PossiblyNullish { expr: String, what: String },
    /// A binding without a type that falls back to `any`.
    ImplicitAny(String),
    /// A name declared twice.
    Duplicate(String),
    /// A type-only name used as a value.
    TypeAsValue(String),
    /// A value used as a type.
    ValueAsType(String),
    /// A binding declared and never used.
    Unused(String),
    /// A hook dependency left out of the dependency array.
    HookDependency(String),
    /// An unknown option in the engine's configuration (tsconfig's compiler options).
    CompilerOption(String),
}

/// The subject the core words, of a subject an adapter stated: `None` when it names nothing, or
/// its kind is one the core does not word (`Other`, a newer kind), or a paired kind lacks its
/// detail. Its role is read apart ([`role`]), so a nameless subject still has one.
pub(crate) fn worded(stated: &Stated) -> Option<Subject> {
    let name = || (!stated.name.is_empty()).then(|| stated.name.clone());
    let pair = || {
        (!stated.name.is_empty() && !stated.detail.is_empty())
            .then(|| (stated.name.clone(), stated.detail.clone()))
    };
    Some(match stated.kind {
        Kind::MissingName => Subject::MissingName(name()?),
        Kind::MissingNamespace => Subject::MissingNamespace(name()?),
        Kind::MissingTypes => Subject::MissingTypes(name()?),
        Kind::MissingLib => Subject::MissingLib(name()?),
        Kind::MissingModule => Subject::MissingModule(name()?),
        Kind::UntypedModule => Subject::UntypedModule(name()?),
        Kind::ImplicitAny => Subject::ImplicitAny(name()?),
        Kind::Duplicate => Subject::Duplicate(name()?),
        Kind::TypeAsValue => Subject::TypeAsValue(name()?),
        Kind::ValueAsType => Subject::ValueAsType(name()?),
        Kind::UnusedBinding => Subject::Unused(name()?),
        Kind::HookDependency => Subject::HookDependency(name()?),
        Kind::UnknownOption => Subject::CompilerOption(name()?),
        Kind::MissingExport => {
            let (module, member) = pair()?;
            Subject::MissingExport { module, member }
        }
        Kind::NotAssignable => {
            let (source, target) = pair()?;
            Subject::NotAssignable { source, target }
        }
        Kind::ArgumentType => {
            let (argument, parameter) = pair()?;
            Subject::ArgumentType {
                argument,
                parameter,
            }
        }
        Kind::UnknownProperty => {
            let (property, on) = pair()?;
            Subject::UnknownProperty { property, on }
        }
        Kind::MissingProperty => {
            let (property, target) = pair()?;
            Subject::MissingProperty { property, target }
        }
        Kind::ExcessProperty => {
            let (property, target) = pair()?;
            Subject::ExcessProperty { property, target }
        }
        Kind::PossiblyNullish => {
            let (expr, what) = pair()?;
            Subject::PossiblyNullish { expr, what }
        }
        _ => return None,
    })
}

/// The role of an issue with this stated subject; a role of a newer plugin API is a finding.
pub(crate) fn role(stated: Option<&Stated>) -> Role {
    match stated.map(|s| s.role) {
        Some(role @ (Role::Cause | Role::Config | Role::Consequence)) => role,
        _ => Role::Finding,
    }
}

/// The longest subject text shown in a summary, in characters.
const MAX_SHOWN: usize = 48;

/// `'text'`, cut to 48 characters.
pub(crate) fn q(text: &str) -> String {
    if text.chars().count() <= MAX_SHOWN {
        return format!("'{text}'");
    }
    let cut: String = text.chars().take(MAX_SHOWN - 3).collect();
    format!("'{}...'", cut.trim_end())
}

impl Subject {
    /// Whether issues sharing this subject form their own cluster. A binding's name (an
    /// implicit-`any` parameter, an unused identifier) says where, not why: those issues stay in
    /// their rule's cluster.
    pub fn makes_cluster(&self) -> bool {
        !matches!(self, Subject::ImplicitAny(_) | Subject::Unused(_))
    }

    /// The subject's values, for the cluster key.
    pub fn key_parts(&self) -> Vec<&str> {
        match self {
            Subject::MissingName(a)
            | Subject::MissingNamespace(a)
            | Subject::MissingTypes(a)
            | Subject::MissingLib(a)
            | Subject::MissingModule(a)
            | Subject::UntypedModule(a)
            | Subject::ImplicitAny(a)
            | Subject::Duplicate(a)
            | Subject::TypeAsValue(a)
            | Subject::ValueAsType(a)
            | Subject::Unused(a)
            | Subject::HookDependency(a)
            | Subject::CompilerOption(a) => vec![a],
            Subject::MissingExport { module, member } => vec![module, member],
            Subject::NotAssignable { source, target } => vec![source, target],
            Subject::ArgumentType {
                argument,
                parameter,
            } => vec![argument, parameter],
            Subject::UnknownProperty { property, on } => vec![property, on],
            Subject::MissingProperty { property, target } => vec![property, target],
            Subject::ExcessProperty { property, target } => vec![property, target],
            Subject::PossiblyNullish { expr, what } => vec![expr, what],
        }
    }

    /// One-line diagnosis, lowercase, as it follows `N errors in M files: `.
    pub fn diagnosis(&self) -> String {
        match self {
            Subject::MissingName(n) => format!("cannot find name {}", q(n)),
            Subject::MissingNamespace(n) => format!("cannot find namespace {}", q(n)),
            Subject::MissingTypes(p) => format!("type definitions for {} are missing", q(p)),
            Subject::MissingLib(l) => format!("the 'lib' compiler option lacks {}", q(l)),
            Subject::MissingModule(m) => format!("cannot find module {}", q(m)),
            Subject::UntypedModule(m) => format!("module {} has no type declarations", q(m)),
            Subject::MissingExport { module, member } => {
                format!("{} has no exported member {}", q(module), q(member))
            }
            Subject::NotAssignable { source, target } => {
                format!("type {} is not assignable to type {}", q(source), q(target))
            }
            Subject::ArgumentType {
                argument,
                parameter,
            } => format!(
                "argument of type {} is not assignable to parameter of type {}",
                q(argument),
                q(parameter)
            ),
            Subject::UnknownProperty { property, on } => {
                format!("property {} does not exist on type {}", q(property), q(on))
            }
            Subject::MissingProperty { property, target } => {
                format!(
                    "{} is missing but required in type {}",
                    q(property),
                    q(target)
                )
            }
            Subject::ExcessProperty { property, target } => {
                format!(
                    "{} is not a known property of type {}",
                    q(property),
                    q(target)
                )
            }
            Subject::PossiblyNullish { expr, what } => format!("{} is possibly {what}", q(expr)),
            Subject::ImplicitAny(n) => format!("{} implicitly has an 'any' type", q(n)),
            Subject::Duplicate(n) => format!("{} is declared more than once", q(n)),
            Subject::TypeAsValue(n) => {
                format!("{} only refers to a type but is used as a value", q(n))
            }
            Subject::ValueAsType(n) => format!("{} is a value but is used as a type", q(n)),
            Subject::Unused(n) => format!("{} is declared but never used", q(n)),
            Subject::HookDependency(n) => format!("hooks leave out the dependency {}", q(n)),
            Subject::CompilerOption(o) => format!("unknown compiler option {}", q(o)),
        }
    }

    /// What to do about it, as one imperative line.
    pub fn action(&self) -> String {
        match self {
            Subject::MissingName(n) => format!("import or declare {}", q(n)),
            Subject::MissingNamespace(n) => format!("import or declare namespace {}", q(n)),
            Subject::MissingTypes(p) => {
                let package = types_package(p);
                format!(
                    "install {package} (if it exists) and add {} to compilerOptions.types",
                    q(p)
                )
            }
            Subject::MissingLib(l) => {
                format!("add {} to compilerOptions.lib (or raise the target)", q(l))
            }
            Subject::MissingModule(m) if is_relative(m) => {
                format!("fix the import path {} or create the module", q(m))
            }
            Subject::MissingModule(m) => {
                // The project's own package name is not known here: a self-import is a
                // `paths`/`exports` matter, so both ways out are named.
                format!(
                    "add {} to the dependencies if it is one, or map it in tsconfig `paths` / package `exports`",
                    q(package_of(m))
                )
            }
            Subject::UntypedModule(m) => format!(
                "install {} if it exists, or add `declare module {}`",
                types_package(package_of(m)),
                q(m)
            ),
            Subject::MissingExport { module, member } => {
                format!("export {} from {} or fix the import", q(member), q(module))
            }
            Subject::NotAssignable { source, target } => format!(
                "make the declared type {} accept {} or convert the values where they are assigned",
                q(target),
                q(source)
            ),
            Subject::ArgumentType {
                argument,
                parameter,
            } => format!(
                "pass {} values or widen the parameter type to accept {}",
                q(parameter),
                q(argument)
            ),
            Subject::UnknownProperty { property, on } => {
                format!("add {} to {} or fix the property name", q(property), q(on))
            }
            Subject::MissingProperty { property, target } => format!(
                "supply {} wherever a {} is built, or make it optional",
                q(property),
                q(target)
            ),
            Subject::ExcessProperty { property, target } => format!(
                "remove {} from the object literals or add it to {}",
                q(property),
                q(target)
            ),
            Subject::PossiblyNullish { expr, what } => {
                format!(
                    "narrow {} (check for {what} or use ?.) before using it",
                    q(expr)
                )
            }
            Subject::ImplicitAny(n) => format!("annotate {} with a type", q(n)),
            Subject::Duplicate(n) => {
                format!("rename or remove the duplicate declarations of {}", q(n))
            }
            Subject::TypeAsValue(n) => {
                format!(
                    "import {} as a value (not `import type`) or use a value there",
                    q(n)
                )
            }
            Subject::ValueAsType(n) => format!("use `typeof {n}` or import the type of {}", q(n)),
            // A name that already starts with '_' is exempt only by configuration.
            Subject::Unused(n) if n.starts_with('_') => format!("remove {}", q(n)),
            Subject::Unused(n) => format!("remove {} or prefix it with '_'", q(n)),
            Subject::HookDependency(n) => {
                format!(
                    "add {} to the dependency arrays or move it into the hooks",
                    q(n)
                )
            }
            Subject::CompilerOption(o) => format!("remove or rename {} in tsconfig.json", q(o)),
        }
    }

    /// A short label for lists of different subjects of one kind (`'UserId'`, `'id' on 'User'`).
    pub fn label(&self) -> String {
        match self {
            Subject::MissingExport { module, member } => {
                format!("{} from {}", q(member), q(module))
            }
            Subject::NotAssignable { source, target } => format!("{} to {}", q(source), q(target)),
            Subject::ArgumentType {
                argument,
                parameter,
            } => format!("{} to {}", q(argument), q(parameter)),
            Subject::UnknownProperty { property, on } => format!("{} on {}", q(property), q(on)),
            Subject::MissingProperty { property, target }
            | Subject::ExcessProperty { property, target } => {
                format!("{} in {}", q(property), q(target))
            }
            Subject::PossiblyNullish { expr, .. } => q(expr),
            other => q(other.key_parts()[0]),
        }
    }

    /// What several different subjects of this kind are, for a rule's fallback cluster.
    pub fn kind_phrase(&self) -> &'static str {
        match self {
            Subject::MissingName(_) => "cannot find names",
            Subject::MissingNamespace(_) => "cannot find namespaces",
            Subject::MissingTypes(_) => "missing type definitions",
            Subject::MissingLib(_) => "missing 'lib' entries",
            Subject::MissingModule(_) => "cannot find modules",
            Subject::UntypedModule(_) => "modules without type declarations",
            Subject::MissingExport { .. } => "missing exports",
            Subject::NotAssignable { .. } => "type mismatches",
            Subject::ArgumentType { .. } => "argument type mismatches",
            Subject::UnknownProperty { .. } => "unknown properties",
            Subject::MissingProperty { .. } => "missing required properties",
            Subject::ExcessProperty { .. } => "unknown object-literal properties",
            Subject::PossiblyNullish { .. } => "possibly null or undefined values",
            Subject::ImplicitAny(_) => "implicit 'any' bindings",
            Subject::Duplicate(_) => "duplicate declarations",
            Subject::TypeAsValue(_) => "types used as values",
            Subject::ValueAsType(_) => "values used as types",
            Subject::Unused(_) => "unused declarations",
            Subject::HookDependency(_) => "missing hook dependencies",
            Subject::CompilerOption(_) => "unknown compiler options",
        }
    }

    /// The action for a rule's fallback cluster whose issues have different subjects of this kind
    /// (`all`, each once): it never asks for what every one of them already does.
    pub fn kind_action(&self, all: &[&Subject]) -> &'static str {
        match self {
            Subject::MissingName(_) | Subject::MissingNamespace(_) => {
                "import or declare each missing name"
            }
            Subject::MissingTypes(_) => "install the missing @types packages (those that exist)",
            Subject::MissingLib(_) => "extend compilerOptions.lib",
            Subject::MissingModule(_) => "fix the import paths or install the packages",
            Subject::UntypedModule(_) => {
                "install the @types packages where they exist, or declare the modules"
            }
            Subject::MissingExport { .. } => "export the members or fix the imports",
            Subject::NotAssignable { .. } | Subject::ArgumentType { .. } => {
                "align each value with its declared type"
            }
            Subject::UnknownProperty { .. } => "add the properties to their types or fix the names",
            Subject::MissingProperty { .. } => "supply the required properties",
            Subject::ExcessProperty { .. } => "remove the unknown properties or declare them",
            Subject::PossiblyNullish { .. } => "narrow each value before using it",
            Subject::ImplicitAny(_) => "annotate the bindings with types",
            Subject::Duplicate(_) => "rename or remove the duplicate declarations",
            Subject::TypeAsValue(_) | Subject::ValueAsType(_) => {
                "separate type and value uses of each name"
            }
            Subject::Unused(_)
                if all
                    .iter()
                    .all(|s| matches!(s, Subject::Unused(n) if n.starts_with('_'))) =>
            {
                "remove the unused declarations"
            }
            Subject::Unused(_) => "remove the unused declarations or prefix them with '_'",
            Subject::HookDependency(_) => "complete the hooks' dependency arrays",
            Subject::CompilerOption(_) => "remove or rename the unknown options in tsconfig.json",
        }
    }

    /// Same variant, whatever the values.
    pub fn same_kind(&self, other: &Subject) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// The packages of the repository's workspace, as the host read them (the workspace globs of
/// the root `package.json` or `pnpm-workspace.yaml`, each matching directory's package name):
/// facts the advice on an unresolved module uses, and only they.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Workspace {
    /// The package manager the workspace is laid out for: `npm`, `yarn` or `pnpm`.
    pub manager: String,
    /// Package name → its directory, relative to the checked root.
    pub packages: std::collections::BTreeMap<String, String>,
    /// Per package an import of which does not resolve: whether it is linked and built. A
    /// package with no entry here gets the advice that hedges neither way.
    pub states: std::collections::BTreeMap<String, PackageState>,
}

/// Whether a workspace package can be resolved: linked into some `node_modules`, and its
/// declared entry points present.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PackageState {
    /// A `node_modules/<name>` of the root or of a workspace package exists.
    pub linked: bool,
    /// Its entry points (`types`, `exports`, `main`) all point at files that do not exist.
    pub unbuilt: Option<Unbuilt>,
}

/// A workspace package whose declared entry points are missing: its build output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unbuilt {
    /// The first missing entry point, relative to the package (`dist/index.d.ts`).
    pub missing: String,
    /// The package's script that builds it (`build`), when it has one.
    pub script: Option<String>,
}

impl Workspace {
    /// The advice for an import of `package`, the workspace package in `dir`, that does not
    /// resolve, from what is known of its state: not linked, not built, or both. `None` when
    /// it is linked and built: the cause is elsewhere. The flag says whether the importer's
    /// location still helps (it names the package whose dependencies to edit; a build does not
    /// depend on it).
    fn action(&self, package: &str, dir: &str) -> Option<(String, bool)> {
        let state = self.states.get(package);
        let build = state.and_then(|s| s.unbuilt.as_ref()).map(|unbuilt| {
            let how = match &unbuilt.script {
                Some(script) => format!("run `{}`", self.run_script(package, script)),
                None => "build it (its package.json has no `build` script)".to_owned(),
            };
            (unbuilt, how)
        });
        let linked = state.is_some_and(|s| s.linked);
        match (linked, build) {
            (true, Some((unbuilt, how))) => Some((
                format!(
                    "{} is the workspace package in {dir}, linked but not built: its entry \
                     point {dir}/{} does not exist; {how} first",
                    q(package),
                    unbuilt.missing
                ),
                false,
            )),
            (true, None) => None,
            (false, build) => {
                let (install, dependency) = match self.manager.as_str() {
                    "pnpm" => ("pnpm install", "\"workspace:*\""),
                    "yarn" => ("yarn install", "\"workspace:*\""),
                    // npm links a workspace package by name; it does not know the workspace
                    // protocol.
                    _ => ("npm install", "\"*\""),
                };
                let then = build
                    .map(|(unbuilt, how)| {
                        format!(
                            "; its entry point {dir}/{} does not exist either: then {how}",
                            unbuilt.missing
                        )
                    })
                    .unwrap_or_default();
                Some((
                    format!(
                        "{} is the workspace package in {dir}, not linked: add it to the \
                         importing package's dependencies as {dependency} and run `{install}` \
                         in the repository root{then}",
                        q(package)
                    ),
                    true,
                ))
            }
        }
    }

    /// The command that runs `script` of the workspace package `package`.
    fn run_script(&self, package: &str, script: &str) -> String {
        match self.manager.as_str() {
            "pnpm" => format!("pnpm --filter {package} run {script}"),
            "yarn" => format!("yarn workspace {package} run {script}"),
            _ => format!("npm run {script} -w {package}"),
        }
    }
}

/// The subjects of one analysis, kept for the advice that needs facts the core does not read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Subjects {
    /// Every distinct subject of the check's issues.
    pub(crate) distinct: Vec<Subject>,
    /// Per cluster whose issues all share one subject: its id and that subject (an index into
    /// `distinct`).
    pub(crate) shared: Vec<(String, u32)>,
}

/// The packages named by the unresolved bare module specifiers of `analysis`: what the host
/// must look up in the workspace (nothing to read when empty).
pub fn unresolved_packages(analysis: &crate::core::Analysis) -> Vec<String> {
    let mut packages: Vec<String> = analysis
        .subjects
        .distinct
        .iter()
        .filter_map(|subject| match subject {
            Subject::MissingModule(m) if !is_relative(m) => Some(package_of(m).to_owned()),
            _ => None,
        })
        .collect();
    packages.sort();
    packages.dedup();
    packages
}

/// Rewrites the advice of each unresolved-module cluster whose package is a package of
/// `workspace`: it names the package's directory and how to link it, where the advice without
/// facts can only hedge.
pub fn advise_workspace(analysis: &mut crate::core::Analysis, workspace: &Workspace) {
    let subjects = &analysis.subjects;
    let advice: Vec<(String, String, (String, bool))> = subjects
        .shared
        .iter()
        .filter_map(|(cluster, index)| {
            let subject = &subjects.distinct[*index as usize];
            let Subject::MissingModule(specifier) = subject else {
                return None;
            };
            if is_relative(specifier) {
                return None;
            }
            let package = package_of(specifier);
            let dir = workspace.packages.get(package)?;
            Some((
                cluster.clone(),
                subject.action(),
                workspace.action(package, dir)?,
            ))
        })
        .collect();
    for (cluster_id, hedged, (known, located)) in advice {
        let Some(cluster) = analysis
            .clusters
            .iter_mut()
            .find(|c| c.cluster_id == cluster_id)
        else {
            continue;
        };
        // Only the subject's own advice is replaced; the location after it stays.
        if let Some(rest) = cluster.suggested_action.strip_prefix(&hedged) {
            let rest = if located { rest } else { "" };
            cluster.suggested_action = format!("{known}{rest}");
        }
    }
}

fn is_relative(specifier: &str) -> bool {
    specifier.starts_with('.') || specifier.starts_with('/')
}

/// `lodash/fp` → `lodash`, `@scope/pkg/sub` → `@scope/pkg`.
fn package_of(specifier: &str) -> &str {
    let mut slashes = specifier.match_indices('/');
    let cut = if specifier.starts_with('@') {
        slashes.nth(1)
    } else {
        slashes.next()
    };
    cut.map_or(specifier, |(i, _)| &specifier[..i])
}

/// `node` → `@types/node`, `@scope/pkg` → `@types/scope__pkg`.
fn types_package(package: &str) -> String {
    match package.strip_prefix('@') {
        Some(scoped) => format!("@types/{}", scoped.replacen('/', "__", 1)),
        None => format!("@types/{package}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages() {
        assert_eq!(package_of("lodash/fp"), "lodash");
        assert_eq!(package_of("@scope/pkg/sub"), "@scope/pkg");
        assert_eq!(package_of("react"), "react");
        assert_eq!(types_package("node"), "@types/node");
        assert_eq!(types_package("@scope/pkg"), "@types/scope__pkg");
    }

    #[test]
    fn long_subjects_are_cut_for_display() {
        let long = "{ a: string; b: number; c: boolean; d: string[]; e: Record<string, number>; }";
        let shown = q(long);
        assert!(shown.chars().count() <= MAX_SHOWN + 2, "{shown}");
        assert!(shown.ends_with("...'"));
    }

    fn unresolved(file: &str, specifier: &str) -> crate::core::IssueInput {
        let mut input = crate::core::tests::tsc(
            2307,
            file,
            1,
            &format!("Cannot find module '{specifier}' or its corresponding type declarations."),
        );
        input.line_text = format!("import {{ b }} from \"{specifier}\";");
        input
    }

    fn workspace(manager: &str) -> Workspace {
        Workspace {
            manager: manager.into(),
            packages: [("@scope/b".to_owned(), "packages/b".to_owned())].into(),
            ..Workspace::default()
        }
    }

    fn with_state(manager: &str, linked: bool, script: Option<&str>, built: bool) -> Workspace {
        let mut workspace = workspace(manager);
        let unbuilt = (!built).then(|| Unbuilt {
            missing: "dist/index.d.ts".into(),
            script: script.map(str::to_owned),
        });
        workspace
            .states
            .insert("@scope/b".into(), PackageState { linked, unbuilt });
        workspace
    }

    /// A linked package whose entry points are missing is built first, by its own script and
    /// the manager's command; a linked, built package gets no workspace advice (the cause is
    /// elsewhere); an unlinked, unbuilt one is told both.
    #[test]
    fn a_linked_package_without_its_build_output_is_built_first() {
        let action = |w: &Workspace| w.action("@scope/b", "packages/b").map(|(a, _)| a);
        insta::assert_snapshot!(action(&with_state("pnpm", true, Some("build"), false)).unwrap(), @"'@scope/b' is the workspace package in packages/b, linked but not built: its entry point packages/b/dist/index.d.ts does not exist; run `pnpm --filter @scope/b run build` first");
        assert!(
            action(&with_state("npm", true, Some("build"), false))
                .unwrap()
                .contains("`npm run build -w @scope/b`")
        );
        assert!(
            action(&with_state("yarn", true, None, false))
                .unwrap()
                .contains("build it (its package.json has no `build` script)")
        );
        assert_eq!(action(&with_state("pnpm", true, Some("build"), true)), None);
        let both = action(&with_state("pnpm", false, Some("build"), false)).unwrap();
        assert!(both.contains("not linked"), "{both}");
        assert!(
            both.contains("then run `pnpm --filter @scope/b run build`"),
            "{both}"
        );
        // Linked and built: the hedged advice of the subject stays.
        let mut analysis =
            crate::core::analyze(vec![unresolved("packages/a/src/index.ts", "@scope/b")]);
        let hedged = analysis.clusters[0].suggested_action.clone();
        advise_workspace(
            &mut analysis,
            &with_state("pnpm", true, Some("build"), true),
        );
        assert_eq!(analysis.clusters[0].suggested_action, hedged);
    }

    #[test]
    fn an_unlinked_workspace_package_is_named_with_its_directory() {
        let inputs = vec![
            unresolved("packages/a/src/index.ts", "@scope/b"),
            unresolved("packages/a/src/other.ts", "@scope/b"),
            unresolved("packages/c/src/index.ts", "left-pad"),
        ];
        let mut analysis = crate::core::analyze(inputs);
        assert_eq!(unresolved_packages(&analysis), ["@scope/b", "left-pad"]);
        let hedged: Vec<String> = analysis
            .clusters
            .iter()
            .map(|c| c.suggested_action.clone())
            .collect();
        advise_workspace(&mut analysis, &workspace("pnpm"));
        let actions: Vec<&str> = analysis
            .clusters
            .iter()
            .map(|c| c.suggested_action.as_str())
            .collect();
        insta::assert_snapshot!(actions.join("\n"), @r#"
        '@scope/b' is the workspace package in packages/b, not linked: add it to the importing package's dependencies as "workspace:*" and run `pnpm install` in the repository root
        add 'left-pad' to the dependencies if it is one, or map it in tsconfig `paths` / package `exports` at packages/c/src/index.ts:1
        "#);
        // Without the fact (no workspace read), the hedged advice stays.
        let mut plain =
            crate::core::analyze(vec![unresolved("packages/a/src/index.ts", "@scope/b")]);
        advise_workspace(&mut plain, &Workspace::default());
        assert!(
            plain.clusters[0]
                .suggested_action
                .starts_with("add '@scope/b' to the dependencies if it is one"),
            "{}",
            plain.clusters[0].suggested_action
        );
        assert!(
            hedged[0].starts_with("add '@scope/b' to the dependencies"),
            "{hedged:?}"
        );
    }

    #[test]
    fn each_manager_gets_its_own_install_and_dependency() {
        for (manager, expected) in [
            ("npm", "as \"*\" and run `npm install`"),
            ("yarn", "as \"workspace:*\" and run `yarn install`"),
            ("pnpm", "as \"workspace:*\" and run `pnpm install`"),
        ] {
            let (action, located) = workspace(manager).action("@scope/b", "packages/b").unwrap();
            assert!(located, "the importer says whose dependencies to edit");
            assert!(action.contains(expected), "{manager}: {action}");
            assert!(action.contains("packages/b"), "{action}");
        }
    }
}
