//! The root-cause subject of an issue: what a fix would change (a missing name, a module, a type
//! pair, a property, an unused binding…), read from the message by the extractor of the rule's
//! family. An issue without a recognised subject is clustered by its rule alone.

use super::{lint, tsc, unused};

/// What one issue is about. Two issues with the same subject (and rule group) share a root cause.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Subject {
    /// A name the program uses but nothing declares or imports (TS2304, TS2552, eslint/no-undef…).
    MissingName(String),
    /// A namespace nothing declares (TS2503).
    MissingNamespace(String),
    /// A type-definitions package that is not installed or not listed (TS2591, TS2580, TS2688).
    MissingTypes(String),
    /// A `lib` entry the compiler options lack (TS2583, TS2584).
    MissingLib(String),
    /// A module specifier that does not resolve (TS2307, TS2792, TS2306).
    MissingModule(String),
    /// A JavaScript module without type declarations (TS7016).
    UntypedModule(String),
    /// A member a module does not export (TS2305, TS2724, TS2614, TS2459, TS2460).
    MissingExport { module: String, member: String },
    /// A value of one type where another is declared (TS2322).
    NotAssignable { source: String, target: String },
    /// An argument of one type for a parameter of another (TS2345).
    ArgumentType { argument: String, parameter: String },
    /// A property read from a type that lacks it (TS2339, TS2551).
    UnknownProperty { property: String, on: String },
    /// A property a type requires but values lack (TS2741, TS2739, TS2740).
    MissingProperty { property: String, target: String },
    /// An object-literal property the target type does not know (TS2353, TS2561).
    ExcessProperty { property: String, target: String },
    /// An expression that may be null or undefined (TS18047, TS18048, TS18049).
    PossiblyNullish { expr: String, what: String },
    /// A binding without a type that falls back to `any` (TS7006, TS7005, TS7031, TS7034).
    ImplicitAny(String),
    /// A name declared twice (TS2300, TS2451, eslint/no-redeclare, biome noRedeclare).
    Duplicate(String),
    /// A type-only name used as a value (TS2693).
    TypeAsValue(String),
    /// A value used as a type (TS2749).
    ValueAsType(String),
    /// A binding declared and never used (no-unused-vars, noUnusedVariables, TS6133, TS6196).
    Unused(String),
    /// A hook dependency left out of the dependency array (exhaustive-deps, useExhaustiveDependencies).
    HookDependency(String),
    /// An unknown compiler option in tsconfig (TS5023, TS5025).
    CompilerOption(String),
}

/// The subject of an issue, or `None` when its rule has no subject extractor or the message does
/// not have the expected shape (another locale, a new engine version).
pub(crate) fn extract(rule: &str, message: &str) -> Option<Subject> {
    let name = rule_name(rule);
    if let Some(code) = tsc_code(name) {
        return tsc::subject(code, message);
    }
    unused::subject(name, message).or_else(|| lint::subject(name, message))
}

/// The rule's own name without its engine scope: `eslint/no-unused-vars` → `no-unused-vars`,
/// `eslint(no-unused-vars)` → `no-unused-vars`, `lint/correctness/noUnusedVariables` →
/// `noUnusedVariables`, `typescript/TS2322` → `TS2322`.
pub(crate) fn rule_name(rule: &str) -> &str {
    if let Some(open) = rule.find('(')
        && let Some(inner) = rule[open + 1..].strip_suffix(')')
    {
        return inner;
    }
    rule.rsplit('/').next().unwrap_or(rule)
}

/// `TS2322` → 2322.
fn tsc_code(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("TS")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
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

    /// A configuration or resolution failure: fixing it (an install, a `paths` entry, a `lib`
    /// entry, a tsconfig edit) clears issues elsewhere, so its cluster ranks first.
    pub fn is_cause(&self) -> bool {
        matches!(
            self,
            Subject::MissingTypes(_)
                | Subject::MissingLib(_)
                | Subject::MissingModule(_)
                | Subject::UntypedModule(_)
                | Subject::CompilerOption(_)
        )
    }

    /// The cluster-key group of a subject found in a tsc diagnostic: codes that are variants of one
    /// diagnostic (TS2304 and its did-you-mean TS2552) share a group, so their issues merge.
    pub fn tsc_group(&self) -> &'static str {
        match self {
            Subject::MissingName(_) => "missing-name",
            Subject::MissingNamespace(_) => "missing-namespace",
            Subject::MissingTypes(_) => "missing-types",
            Subject::MissingLib(_) => "missing-lib",
            Subject::MissingModule(_) => "missing-module",
            Subject::UntypedModule(_) => "untyped-module",
            Subject::MissingExport { .. } => "missing-export",
            Subject::NotAssignable { .. } => "not-assignable",
            Subject::ArgumentType { .. } => "argument-type",
            Subject::UnknownProperty { .. } => "unknown-property",
            Subject::MissingProperty { .. } => "missing-property",
            Subject::ExcessProperty { .. } => "excess-property",
            Subject::PossiblyNullish { .. } => "possibly-nullish",
            Subject::ImplicitAny(_) => "implicit-any",
            Subject::Duplicate(_) => "duplicate",
            Subject::TypeAsValue(_) => "type-as-value",
            Subject::ValueAsType(_) => "value-as-type",
            Subject::Unused(_) => "unused",
            Subject::HookDependency(_) => "hook-dependency",
            Subject::CompilerOption(_) => "compiler-option",
        }
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

    /// The action for a rule's fallback cluster whose issues have different subjects of this kind.
    pub fn kind_action(&self) -> &'static str {
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
}

impl Workspace {
    /// The advice for an import of `package`, the workspace package in `dir`, that does not
    /// resolve: it is not linked into `node_modules`.
    fn action(&self, package: &str, dir: &str) -> String {
        let (install, dependency) = match self.manager.as_str() {
            "pnpm" => ("pnpm install", "\"workspace:*\""),
            "yarn" => ("yarn install", "\"workspace:*\""),
            // npm links a workspace package by name; it does not know the workspace protocol.
            _ => ("npm install", "\"*\""),
        };
        format!(
            "{} is the workspace package in {dir}, not linked: add it to the importing \
             package's dependencies as {dependency} and run `{install}` in the repository root",
            q(package)
        )
    }
}

/// The packages named by the unresolved bare module specifiers of `analysis`: what the host
/// must look up in the workspace (nothing to read when empty).
pub fn unresolved_packages(analysis: &crate::core::Analysis) -> Vec<String> {
    let mut packages: Vec<String> = analysis
        .issues
        .iter()
        .filter_map(|issue| match extract(&issue.rule, &issue.message) {
            Some(Subject::MissingModule(m)) if !is_relative(&m) => Some(package_of(&m).to_owned()),
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
    // Per cluster, the subject all its issues share (`None` once two differ or one has none).
    let mut shared: rustc_hash::FxHashMap<&str, Option<Subject>> = Default::default();
    for issue in &analysis.issues {
        let Some(cluster) = issue.cluster_id.as_deref() else {
            continue;
        };
        let subject = extract(&issue.rule, &issue.message);
        shared
            .entry(cluster)
            .and_modify(|seen| {
                if *seen != subject {
                    *seen = None;
                }
            })
            .or_insert(subject);
    }
    let advice: Vec<(String, String, String)> = shared
        .into_iter()
        .filter_map(|(cluster, subject)| {
            let subject = subject?;
            let Subject::MissingModule(specifier) = &subject else {
                return None;
            };
            if is_relative(specifier) {
                return None;
            }
            let package = package_of(specifier);
            let dir = workspace.packages.get(package)?;
            Some((
                cluster.to_owned(),
                subject.action(),
                workspace.action(package, dir),
            ))
        })
        .collect();
    for (cluster_id, hedged, known) in advice {
        let Some(cluster) = analysis
            .clusters
            .iter_mut()
            .find(|c| c.cluster_id == cluster_id)
        else {
            continue;
        };
        // Only the subject's own advice is replaced; the location after it stays.
        if let Some(rest) = cluster.suggested_action.strip_prefix(&hedged) {
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
    fn rule_names_drop_the_scope() {
        assert_eq!(rule_name("eslint/no-unused-vars"), "no-unused-vars");
        assert_eq!(rule_name("typescript(no-unused-vars)"), "no-unused-vars");
        assert_eq!(
            rule_name("lint/correctness/noUnusedVariables"),
            "noUnusedVariables"
        );
        assert_eq!(rule_name("TS2304"), "TS2304");
        assert_eq!(rule_name("typescript/TS2322"), "TS2322");
    }

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
        crate::core::IssueInput {
            file: file.to_owned(),
            line: 1,
            col: 1,
            end_line: None,
            end_col: None,
            engine: "tsc".into(),
            rule: "TS2307".into(),
            severity: crate::core::IssueSeverity::Error,
            message: format!(
                "Cannot find module '{specifier}' or its corresponding type declarations."
            ),
            fixable: false,
            help: None,
            url: None,
            line_text: format!("import {{ b }} from \"{specifier}\";"),
            fixes: Vec::new(),
            fix_safe: None,
            same_as: Vec::new(),
        }
    }

    fn workspace(manager: &str) -> Workspace {
        Workspace {
            manager: manager.into(),
            packages: [("@scope/b".to_owned(), "packages/b".to_owned())].into(),
        }
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
            let action = workspace(manager).action("@scope/b", "packages/b");
            assert!(action.contains(expected), "{manager}: {action}");
            assert!(action.contains("packages/b"), "{action}");
        }
    }
}
