//! The persistent session: TypeScript 7's language server (`tsc --lsp --stdio`), asked for
//! each file's diagnostics with LSP pull diagnostics (`textDocument/diagnostic`), and for
//! TypeScript 4.9–6.x `tsserver` (the `tsserver` module).
//!
//! Measured on 7.0.2: the server announces `diagnosticProvider` (no workspace diagnostics),
//! negotiates the UTF-16 position encoding, and reports per file exactly what
//! `tsc --noEmit --pretty false` prints for it: the same codes, the same message text with its
//! chain joined by `\n` and indented two spaces per level, 0-based lines and UTF-16 columns.
//! It also sends editor suggestions (severity 4, hint: "'x' is declared but its value is never
//! read"), which the compiler never prints: they are dropped. The program's files come from
//! `tsc --listFilesOnly --explainFiles -p <tsconfig>` (the same compiler, for every version):
//! each file, then indented lines saying why it is in the program
//! (`Imported via "./hub.js" from file 'src/leaf.ts'`), which give the importers the host
//! re-checks after an edit.
//!
//! An edit reaches only the file and its importers when the file is a module (a top-level
//! `import` or `export`) without `declare global` or `declare module`: a script's
//! declarations are global, and an augmentation changes another module for all its users.
//! It reaches only the file itself when the host sent the text before the edit and both
//! texts have the same isolated declarations and top-level names (`declarations`): a body,
//! a comment, a function nobody else sees. A changed triple-slash directive may add a
//! library to the program, so it reaches everything.
//!
//! One-shot instead (the reason goes into the engine's status):
//! * A solution-style tsconfig (`--build`), several programs, or `[engines.tsc] args`: the
//!   server answers per file for the one project that owns it, and reads only the
//!   tsconfig, so its answer would not be the one-shot check's.
//! * TypeScript 4.9–6.x with a program config not named `tsconfig.json` (tsserver finds a
//!   file's project by that name).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use oxc_allocator::Allocator;
use regex::Regex;
use signalint_plugin_api::{
    ColumnUnit, Diagnostic, Invocation, ParseOutcome, ParseRequest, PlanRequest, PluginError,
    Position, Reach, ReachRequest, SessionCommand, SessionDiagnostics, SessionFile, SessionFiles,
    SessionPlan, SessionProtocol, Severity,
};

use crate::declarations::Source;
use crate::plan::{self, major_version};
use crate::{body_edit, declarations, name_edit};

/// What makes the host list the program's files again when a line holding it changes.
pub(crate) const LIST_AGAIN_ON: [&str; 4] = ["import", "from", "require", "reference"];

/// The sessions for a request: one language server (7) or tsserver (4.9–6.x) for its single
/// program, or why none.
pub(crate) fn session(request: &PlanRequest) -> Result<SessionPlan, PluginError> {
    let Some(major) = major_version(&request.tool.version) else {
        return Ok(SessionPlan::unavailable(format!(
            "tsc runs one-shot: its version `{}` does not say which server it has",
            request.tool.version
        )));
    };
    if !request.extra_args.is_empty() {
        return Ok(SessionPlan::unavailable(
            "tsc runs one-shot: [engines.tsc] args apply to the command line, which the \
             persistent server does not read",
        ));
    }
    let planned = plan::plan(request)?;
    let [invocation] = planned.invocations.as_slice() else {
        return Ok(SessionPlan::unavailable(format!(
            "tsc runs one-shot: the persistent server answers per file for the one project \
             that owns it, and this project has {} programs",
            planned.invocations.len()
        )));
    };
    if invocation.args.iter().any(|a| a == "--build") {
        return Ok(SessionPlan::unavailable(format!(
            "tsc runs one-shot: {} is a solution (`tsc --build`), which the persistent server \
             does not check as one program",
            invocation.label
        )));
    }
    let config = &invocation.label;
    let mut list_args = request.tool.prefix_args.clone();
    list_args.extend(
        [
            "--listFilesOnly",
            "--explainFiles",
            "--pretty",
            "false",
            "--locale",
            "en",
            "-p",
            config,
        ]
        .map(String::from),
    );
    let list = Invocation::new(&request.tool.program, list_args)
        .with_env(invocation.env.clone())
        .with_label(config);
    let unchecked = unchecked_endings(request, config);
    if major < 7 {
        let mut plan = crate::tsserver::session(
            &request.tool.program,
            &request.tool.prefix_args,
            config,
            list,
        );
        for command in &mut plan.sessions {
            command.unchecked_endings = unchecked.clone();
        }
        return Ok(plan);
    }
    if !request.tool.prefix_args.is_empty() {
        return Ok(SessionPlan::unavailable(format!(
            "tsc {} runs one-shot: its language server is the native binary's, and this one \
             runs through a launcher",
            request.tool.version
        )));
    }
    let config = &invocation.label;
    // The one-shot run's Go collector setting (`GOGC=off` below a `GOMEMLIMIT` of half the
    // machine) suits a process that exits after one check, not a server that builds a new
    // program per edit: on effect it grew to 4.5 GB within three hub edits. The server keeps
    // Go's default collector (or the user's `GOGC`/`GOMEMLIMIT`, which it inherits).
    let server = Invocation::new(
        &request.tool.program,
        vec!["--lsp".into(), "--stdio".into()],
    )
    .with_label(config);
    let language_ids: BTreeMap<String, String> = [
        ("ts", "typescript"),
        ("mts", "typescript"),
        ("cts", "typescript"),
        ("tsx", "typescriptreact"),
        ("js", "javascript"),
        ("mjs", "javascript"),
        ("cjs", "javascript"),
        ("jsx", "javascriptreact"),
    ]
    .into_iter()
    .map(|(ext, id)| (ext.to_owned(), id.to_owned()))
    .collect();
    Ok(SessionPlan::new(vec![
        SessionCommand::lsp(server)
            .with_list_files(list)
            .with_list_again_on(LIST_AGAIN_ON.map(String::from).to_vec())
            .with_language_ids(language_ids)
            .with_unchecked_endings(unchecked),
    ]))
}

/// The endings of the files tsc reads but does not check in the program of `config`: every
/// declaration file (the project's own too) when its config sets `skipLibCheck`, as
/// discovery read it through the configs it extends.
fn unchecked_endings(request: &PlanRequest, config: &str) -> Vec<String> {
    let skips = request
        .programs
        .iter()
        .find(|program| program.config == config)
        .is_some_and(|program| program.detail["skip_lib_check"] == true);
    if skips {
        [".d.ts", ".d.mts", ".d.cts"].map(String::from).to_vec()
    } else {
        Vec::new()
    }
}

/// `… from file 'src/leaf.ts'` at the end of an explanation line.
static FROM_FILE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"from file '(?<file>[^']+)'").expect("valid regex"));

/// The program's files and their importers, from `--listFilesOnly --explainFiles`.
pub(crate) fn session_files(request: &ParseRequest) -> SessionFiles {
    let errors: Vec<&str> = request
        .stdout
        .lines()
        .filter(|l| l.contains("error TS"))
        .take(3)
        .collect();
    if request.exit_code != Some(0) || request.truncated {
        let mut failure = format!(
            "listing the program's files failed (exit {:?})",
            request.exit_code
        );
        if !errors.is_empty() {
            failure.push_str(&format!(": {}", errors.join("; ")));
        }
        return SessionFiles::failure(failure);
    }
    // Config and syntax errors change what the compiler prints for every file.
    if !errors.is_empty() {
        return SessionFiles::failure(format!(
            "the program has errors before type checking, which change what tsc prints: {}",
            errors.join("; ")
        ));
    }
    let mut files: Vec<(String, Vec<String>)> = Vec::new();
    for line in request.stdout.lines() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        if !line.starts_with([' ', '\t']) {
            files.push((clean(line), Vec::new()));
        } else if let (Some(caps), Some((_, importers))) =
            (FROM_FILE.captures(line), files.last_mut())
        {
            importers.push(clean(&caps["file"]));
        }
    }
    SessionFiles::new(
        files
            .into_iter()
            .map(|(path, importers)| SessionFile::new(path).with_importers(importers))
            .collect(),
    )
}

fn clean(path: &str) -> String {
    let path = path.replace('\\', "/");
    path.strip_prefix("./").unwrap_or(&path).to_owned()
}

/// A top-level `import` or `export`: the file is a module.
static MODULE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^[ \t]*(?:import|export)\b[^(]").expect("valid regex"));

/// Declarations that reach beyond the file's importers.
static AMBIENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\bdeclare\s+(?:global\b|module\s)").expect("valid regex"));

/// A triple-slash directive (`/// <reference lib="dom" />`): it may add a library or a
/// global file to the whole program.
static DIRECTIVE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^[ \t]*///[ \t]*<.*$").expect("valid regex"));

/// How far an edit reaches: a module's, to its importers, or to itself alone when what they
/// see of it is the same before and after (`declarations`), or when the edit lies inside a
/// body whose type is written (`body_edit`), or to the importers that use the names it adds
/// or removes when that is all it does (`name_edit`); anything else, everywhere.
pub(crate) fn session_reach(request: &ReachRequest) -> Reach {
    let Some(text) = &request.text else {
        return Reach::Everything;
    };
    if !MODULE.is_match(text) || AMBIENT.is_match(text) {
        return Reach::Everything;
    }
    let Some(previous) = &request.previous else {
        return Reach::Importers;
    };
    let directives = |text: &str| -> Vec<String> {
        DIRECTIVE
            .find_iter(text)
            .map(|m| m.as_str().trim().to_owned())
            .collect()
    };
    if directives(previous) != directives(text) {
        return Reach::Everything;
    }
    let (old_allocator, new_allocator) = (Allocator::default(), Allocator::default());
    let before = Source::parse(&old_allocator, &request.file, previous);
    let after = Source::parse(&new_allocator, &request.file, text);
    match (
        declarations::surface(&before),
        declarations::surface(&after),
    ) {
        (Ok(old), Ok(new)) if old == new => Reach::File,
        _ if body_edit::inside_a_typed_body(&before, &after) => Reach::File,
        _ => match name_edit::changed_names(&before, &after) {
            Some(names) => Reach::Names(names),
            None => Reach::Importers,
        },
    }
}

/// One file's LSP diagnostics as the compiler's: `TS<code>`, 1-based positions in UTF-16,
/// the message as `tsc --pretty false` prints it. Editor hints are dropped; an item that is
/// not an LSP diagnostic is skipped and counted.
pub(crate) fn session_parse(request: &SessionDiagnostics) -> ParseOutcome {
    let read = match request.protocol {
        SessionProtocol::TsServer => read_items(request, crate::tsserver::diagnostic),
        _ => read_items(request, lsp_diagnostic),
    };
    let Some((diagnostics, skipped)) = read else {
        return ParseOutcome::failure("the persistent server's diagnostics are not a list");
    };
    if request.file.is_empty() {
        let outcome = match diagnostics.first() {
            // tsc prints the program's own diagnostics and then checks no file.
            Some(d) => ParseOutcome::new(Vec::new()).with_one_shot(format!(
                "the program has {} ({}): tsc then checks no file, so this check ran one-shot",
                d.rule,
                d.message.lines().next().unwrap_or_default()
            )),
            None => ParseOutcome::new(Vec::new()),
        };
        return outcome.with_skipped(skipped);
    }
    let syntax = diagnostics.iter().find(|d| {
        d.rule
            .strip_prefix("TS1")
            .is_some_and(|rest| rest.len() == 3)
    });
    let outcome = match syntax {
        // TS1xxx are the parser's and the grammar's codes; with a parse error anywhere, the
        // compiler prints only those, which the per-file answer cannot tell apart.
        Some(d) => ParseOutcome::new(Vec::new()).with_one_shot(format!(
            "{} has {} (a syntax error): tsc then prints only syntax errors, so this check \
             ran one-shot",
            request.file, d.rule
        )),
        None => ParseOutcome::new(diagnostics),
    };
    outcome.with_skipped(skipped)
}

/// The report's items read by `read` as the compiler's diagnostics, and how many were not
/// diagnostics; `None` when the items are not a list.
pub(crate) fn read_items(
    request: &SessionDiagnostics,
    read: fn(&serde_json::Value, &str) -> Option<Option<Diagnostic>>,
) -> Option<(Vec<Diagnostic>, u32)> {
    let mut diagnostics = Vec::new();
    let mut skipped = 0;
    for item in request.items.as_array()? {
        match read(item, &request.file) {
            Some(Some(diagnostic)) => diagnostics.push(diagnostic),
            Some(None) => {}
            None => skipped += 1,
        }
    }
    Some((diagnostics, skipped))
}

/// An item's `message` as the one-shot parser reads the compiler's: each line of the chain
/// trimmed at its end, as the compiler prints it.
pub(crate) fn message_text(item: &serde_json::Value) -> Option<String> {
    let lines: Vec<&str> = item
        .get("message")?
        .as_str()?
        .lines()
        .map(str::trim_end)
        .collect();
    Some(lines.join("\n"))
}

/// `None`: not a diagnostic; `Some(None)`: an editor hint, not a compiler diagnostic.
fn lsp_diagnostic(item: &serde_json::Value, file: &str) -> Option<Option<Diagnostic>> {
    let severity = match item.get("severity").and_then(serde_json::Value::as_u64) {
        Some(1) | None => Severity::Error,
        Some(2) => Severity::Warning,
        Some(3) => Severity::Info,
        Some(_) => return Some(None),
    };
    let code = match item.get("code")? {
        serde_json::Value::Number(n) => n.as_u64()?,
        serde_json::Value::String(s) => s.trim_start_matches("TS").parse().ok()?,
        _ => return None,
    };
    let start = item.get("range")?.get("start")?;
    let line = u32::try_from(start.get("line")?.as_u64()?).ok()?;
    let character = u32::try_from(start.get("character")?.as_u64()?).ok()?;
    let mut diagnostic = crate::diagnostic::with_code(code, severity, message_text(item)?);
    diagnostic.file = Some(file.to_owned());
    diagnostic.start = Some(Position::new(line + 1, character + 1, ColumnUnit::Utf16));
    Some(Some(diagnostic))
}

#[cfg(test)]
mod tests {
    use super::*;
    use signalint_plugin_api::ResolvedTool;

    fn request(version: &str, prefix: &[&str]) -> PlanRequest {
        PlanRequest::new(
            "/repo",
            ResolvedTool::new("/repo/node_modules/.bin/tsc", version)
                .with_prefix_args(prefix.iter().map(|s| (*s).to_owned()).collect()),
            vec![],
            "/work",
        )
        .with_whole_project(true)
    }

    #[test]
    fn typescript_7_gets_a_language_server_and_a_file_list() {
        let plan = session(&request("7.0.2", &[])).unwrap();
        assert_eq!(plan.unavailable, None);
        let [session] = plan.sessions.as_slice() else {
            panic!("one session: {plan:?}")
        };
        assert_eq!(session.command.args, ["--lsp", "--stdio"]);
        // No collector setting of the one-shot run: the server lives long.
        assert!(session.command.env.is_empty(), "{:?}", session.command.env);
        assert_eq!(session.command.label, "tsconfig.json");
        let list = session.list_files.as_ref().unwrap();
        assert!(list.args.ends_with(&["-p".into(), "tsconfig.json".into()]));
        assert_eq!(session.language_ids["tsx"], "typescriptreact");
    }

    #[test]
    fn javascript_compilers_get_tsserver_and_command_line_args_stay_one_shot() {
        for version in ["4.9.5", "5.9.3", "6.0.1"] {
            let plan = session(&request(version, &["/p/typescript/lib/tsc.js"])).unwrap();
            let [session] = plan.sessions.as_slice() else {
                panic!("one session for {version}: {plan:?}")
            };
            assert_eq!(session.protocol, SessionProtocol::TsServer);
            assert_eq!(session.command.args[0], "/p/typescript/lib/tsserver.js");
            // The file listing runs the same compiler.
            let list = session.list_files.as_ref().unwrap();
            assert_eq!(
                list.args[..2],
                ["/p/typescript/lib/tsc.js", "--listFilesOnly"]
            );
        }
        let launched = session(&request("7.0.2", &["tsc.js"])).unwrap();
        assert!(launched.unavailable.unwrap().contains("launcher"));
        let args =
            session(&request("7.0.2", &[]).with_extra_args(vec!["--strict".into()])).unwrap();
        assert!(args.unavailable.unwrap().contains("args"));
    }

    #[test]
    fn solutions_and_several_programs_stay_one_shot() {
        use signalint_plugin_api::Program;
        let solution = request("7.0.2", &[]).with_programs(vec![
            Program::new("tsconfig.json").with_detail(serde_json::json!({"solution": true})),
        ]);
        assert!(
            session(&solution)
                .unwrap()
                .unavailable
                .unwrap()
                .contains("solution")
        );
        let two = request("7.0.2", &[]).with_programs(vec![
            Program::new("a/tsconfig.json"),
            Program::new("b/tsconfig.json"),
        ]);
        assert!(
            session(&two)
                .unwrap()
                .unavailable
                .unwrap()
                .contains("2 programs")
        );
    }

    #[test]
    fn the_file_listing_gives_every_file_and_its_importers() {
        // Recorded from `tsc --listFilesOnly --explainFiles` 7.0.2, trimmed.
        let stdout = "../tool/lib/lib.es5.d.ts\n   Library referenced via 'es5' from file '../tool/lib/lib.es2015.d.ts'\n\
                      src/hub.ts\n   Matched by include pattern 'src' in 'tsconfig.json'\n   Imported via \"./hub.js\" from file 'src/leaf.ts'\n   Imported via \"./hub.js\" from file 'src/ok.ts'\n   File is ECMAScript module because 'package.json' has field \"type\" with value \"module\"\n\
                      src/leaf.ts\n   Matched by include pattern 'src' in 'tsconfig.json'\n";
        let request =
            ParseRequest::new("/repo", Invocation::new("tsc", vec![]), Some(0)).with_stdout(stdout);
        let files = session_files(&request);
        assert_eq!(files.failure, None);
        let paths: Vec<&str> = files.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            ["../tool/lib/lib.es5.d.ts", "src/hub.ts", "src/leaf.ts"]
        );
        assert_eq!(files.files[1].importers, ["src/leaf.ts", "src/ok.ts"]);
        assert!(files.files[2].importers.is_empty());
        let failed = ParseRequest::new("/repo", Invocation::new("tsc", vec![]), Some(1))
            .with_stdout("error TS5058: The specified path does not exist: 'x.json'.\n");
        assert!(session_files(&failed).failure.unwrap().contains("TS5058"));
    }

    #[test]
    fn modules_reach_their_importers_and_the_rest_everything() {
        let reach =
            |text: Option<&str>| session_reach(&ReachRequest::new("a.ts", text.map(String::from)));
        assert_eq!(reach(Some("export const a = 1;\n")), Reach::Importers);
        assert_eq!(
            reach(Some("import { b } from './b.js';\nconst a = b;\n")),
            Reach::Importers
        );
        // A script declares globals; so do augmentations and ambient modules.
        assert_eq!(reach(Some("const a = 1;\n")), Reach::Everything);
        assert_eq!(
            reach(Some("const a = import('./b.js');\n")),
            Reach::Everything
        );
        assert_eq!(
            reach(Some(
                "export {};\ndeclare global { interface Window { a: 1 } }\n"
            )),
            Reach::Everything
        );
        assert_eq!(
            reach(Some("export {};\ndeclare module './b.js' { }\n")),
            Reach::Everything
        );
        assert_eq!(reach(None), Reach::Everything);
    }

    #[test]
    fn an_edit_that_changes_nothing_others_see_reaches_the_file_alone() {
        let reach = |file: &str, previous: &str, text: &str| {
            session_reach(
                &ReachRequest::new(file, Some(text.to_owned()))
                    .with_previous(Some(previous.to_owned())),
            )
        };
        let hub = "import { b } from './b.js';\n\
                   export function area(w: number, h: number): number {\n  return w * h;\n}\n\
                   function twice(n: number) {\n  return n * 2;\n}\n\
                   export const c: number = twice(b);\n";
        let body = hub.replace("return w * h;", "return w * h + 0;");
        assert_eq!(reach("src/hub.ts", hub, &body), Reach::File);
        assert_eq!(
            reach("src/hub.ts", hub, &format!("// note\n{hub}")),
            Reach::File
        );
        // The helper nobody else sees may change its inferred type.
        let helper = hub.replace("return n * 2;", "return `${n}`;");
        assert_eq!(reach("src/hub.ts", hub, &helper), Reach::File);
        // Without the text before the edit, or with a changed shape: the importers too.
        assert_eq!(
            session_reach(&ReachRequest::new("src/hub.ts", Some(body.clone()))),
            Reach::Importers
        );
        let cases = [
            hub.replace("h: number): number", "h: number): string"),
            hub.replace("export const c", "const c"),
            hub.replace("): number {\n  return w * h;", ") {\n  return w * h;"),
        ];
        for changed in &cases {
            assert_eq!(
                reach("src/hub.ts", hub, changed),
                Reach::Importers,
                "{changed}"
            );
        }
        // A new export, of a name the module never had: the importers that use it.
        assert_eq!(
            reach(
                "src/hub.ts",
                hub,
                &format!("{hub}export type Extra = string;\n")
            ),
            Reach::Names(vec!["Extra".into()])
        );
        let inferred = hub.replace("): number {\n  return w * h;", ") {\n  return w * h;");
        let inferred_body = inferred.replace("return w * h;", "return `${w * h}`;");
        assert_eq!(
            reach("src/hub.ts", &inferred, &inferred_body),
            Reach::Importers
        );
        // With `area` inferred the declarations are unknown, yet a new name is still only
        // a new name.
        assert_eq!(
            reach(
                "src/hub.ts",
                &inferred,
                &format!("{inferred}export const more = 1;\n")
            ),
            Reach::Names(vec!["more".into()])
        );
        // With `area` inferred the declarations are unknown, but a typed body still seals
        // its edits.
        let typed =
            format!("{inferred}export function volume(d: number): number {{\n  return d;\n}}\n");
        let typed_body = typed.replace("return d;", "return d * 2;");
        assert_eq!(reach("src/hub.ts", &typed, &typed_body), Reach::File);
        let flags = "export const enum Flag {\n  A = 1,\n}\n";
        assert_eq!(
            reach("src/flags.ts", flags, &flags.replace("A = 1", "A = 2")),
            Reach::Importers
        );
        // JavaScript's declarations come from inference.
        let js = "export function f(a) {\n  return a;\n}\n";
        assert_eq!(
            reach("src/f.js", js, &js.replace("return a;", "return [a];")),
            Reach::Importers
        );
        // A triple-slash directive may add a library to every file.
        assert_eq!(
            reach(
                "src/hub.ts",
                hub,
                &format!("/// <reference lib=\"dom\" />\n{hub}")
            ),
            Reach::Everything
        );
        // A script stays global, whatever it was before.
        assert_eq!(
            reach("src/hub.ts", hub, "const a: number = 1;\n"),
            Reach::Everything
        );
    }

    #[test]
    fn lsp_diagnostics_read_as_the_compiler_prints_them() {
        // Recorded from `tsc --lsp --stdio` 7.0.2.
        let items = serde_json::json!([
            {"range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 5}},
             "severity": 1, "code": 2322, "source": "ts",
             "message": "Type '(a: number) => void' is not assignable to type '(a: string) => void'.\n  Types of parameters 'a' and 'a' are incompatible.\n    Type 'string' is not assignable to type 'number'."},
            {"range": {"start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 7}},
             "severity": 4, "code": 6133, "source": "ts",
             "message": "'s' is declared but its value is never read."},
            {"message": "no range"}
        ]);
        let syntax = session_parse(&SessionDiagnostics::new(
            "/repo",
            "tsconfig.json",
            "src/bad.ts",
            serde_json::json!([{"range": {"start": {"line": 0, "character": 0}},
                                "severity": 1, "code": 1005, "message": "';' expected."}]),
        ));
        assert!(syntax.one_shot.unwrap().contains("TS1005"));
        let outcome = session_parse(&SessionDiagnostics::new(
            "/repo",
            "tsconfig.json",
            "src/chain.ts",
            items,
        ));
        assert_eq!(outcome.skipped_records, 1);
        let [d] = outcome.diagnostics.as_slice() else {
            panic!("one diagnostic: {outcome:?}")
        };
        assert_eq!(d.rule, "TS2322");
        assert_eq!(d.file.as_deref(), Some("src/chain.ts"));
        assert_eq!(d.start, Some(Position::new(1, 5, ColumnUnit::Utf16)));
        // The same text as the one-shot output's folded chain.
        let cli = "src/chain.ts(1,5): error TS2322: Type '(a: number) => void' is not assignable to type '(a: string) => void'.\n  Types of parameters 'a' and 'a' are incompatible.\n    Type 'string' is not assignable to type 'number'.\n";
        let oneshot = crate::parse_output(Some(1), cli, "", false);
        assert_eq!(oneshot.diagnostics[0].message, d.message);
        assert_eq!(oneshot.diagnostics[0].rule, d.rule);
        assert_eq!(oneshot.diagnostics[0].start, d.start);
    }
}
