//! The persistent session of TypeScript 4.9–6.x: `tsserver` (`lib/tsserver.js` beside the
//! `lib/tsc.js` the one-shot plan runs, with the same `node`).
//!
//! Measured on 4.9.5 and 5.9.3: with one file of a configured project open, tsserver answers
//! `syntacticDiagnosticsSync` and `semanticDiagnosticsSync` for every file of it, open or not.
//! With `includeLinePosition` each diagnostic has `startLocation` (a 1-based line and a
//! 1-based `offset` in UTF-16 units: what `tsc --pretty false` prints as `(line,col)`), the
//! `code`, the `category` and the message with its chain flattened as the compiler prints it
//! (`\n`, two spaces per level). tsserver picks the nearest `tsconfig.json` of an opened file,
//! so only a program whose config has that name is served; the host checks the choice.
//! `compilerOptionsDiagnostics-full` gives the program's file-less diagnostics (options,
//! globals such as TS2318). While there are any, `tsc` prints those and checks no file, so
//! the check runs one-shot.
//!
//! The server runs without typings acquisition, in English, and with `--canUseWatchEvents`
//! (5.x: it asks the host to watch instead of watching itself; the host tells it of every
//! change it fingerprinted, and reloads the project when files are created or deleted).

use signalint_plugin_api::{
    ColumnUnit, Diagnostic, Invocation, Position, SessionCommand, SessionPlan, Severity,
};

/// The tsserver session of one program run by `node <typescript>/lib/tsc.js`, or why none.
pub(crate) fn session(
    program: &str,
    prefix_args: &[String],
    config: &str,
    list: Invocation,
) -> SessionPlan {
    let [compiler] = prefix_args else {
        return SessionPlan::unavailable(format!(
            "tsc runs one-shot: its command line `{program} {}` is not `node …/lib/tsc.js`, \
             beside which tsserver lives",
            prefix_args.join(" ")
        ));
    };
    let Some(lib) = compiler.strip_suffix("tsc.js") else {
        return SessionPlan::unavailable(format!(
            "tsc runs one-shot: {compiler} is not TypeScript's lib/tsc.js, beside which tsserver \
             lives"
        ));
    };
    let name = config.rsplit(['/', '\\']).next().unwrap_or(config);
    if name != "tsconfig.json" {
        return SessionPlan::unavailable(format!(
            "tsc runs one-shot: tsserver finds a file's program by the name tsconfig.json, and \
             this one is {config}"
        ));
    }
    let server = Invocation::new(
        program,
        [
            &format!("{lib}tsserver.js"),
            "--disableAutomaticTypingAcquisition",
            "--locale",
            "en",
            "--suppressDiagnosticEvents",
            "--noGetErrOnBackgroundUpdate",
            "--canUseWatchEvents",
        ]
        .map(String::from)
        .to_vec(),
    )
    .with_label(config);
    SessionPlan::new(vec![
        SessionCommand::tsserver(server)
            .with_list_files(list)
            .with_list_again_on(super::session::LIST_AGAIN_ON.map(String::from).to_vec()),
    ])
}

/// `None`: not a diagnostic; `Some(None)`: a suggestion, which the compiler never prints.
/// One item of tsserver's diagnostics as the compiler's (the program's, without a file,
/// when `file` is empty).
pub(crate) fn diagnostic(item: &serde_json::Value, file: &str) -> Option<Option<Diagnostic>> {
    let severity = match item.get("category")?.as_str()? {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "message" => Severity::Info,
        _ => return Some(None),
    };
    let code = item.get("code")?.as_u64()?;
    let message = crate::session::message_text(item)?;
    let mut diagnostic = crate::diagnostic::with_code(code, severity, message);
    if !file.is_empty() {
        let start = item.get("startLocation")?;
        let line = u32::try_from(start.get("line")?.as_u64()?).ok()?;
        let offset = u32::try_from(start.get("offset")?.as_u64()?).ok()?;
        diagnostic.file = Some(file.to_owned());
        diagnostic.start = Some(Position::new(line, offset, ColumnUnit::Utf16));
    }
    Some(Some(diagnostic))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::read_items;
    use signalint_plugin_api::SessionDiagnostics;

    fn list() -> Invocation {
        Invocation::new("node", vec![])
    }

    #[test]
    fn tsserver_runs_beside_the_compiler_for_a_tsconfig_json() {
        let prefix = vec!["/p/node_modules/typescript/lib/tsc.js".to_owned()];
        let plan = session("/usr/bin/node", &prefix, "tsconfig.json", list());
        let [command] = plan.sessions.as_slice() else {
            panic!("one session: {plan:?}")
        };
        assert_eq!(
            command.protocol,
            signalint_plugin_api::SessionProtocol::TsServer
        );
        assert_eq!(command.command.program, "/usr/bin/node");
        assert_eq!(
            command.command.args[0],
            "/p/node_modules/typescript/lib/tsserver.js"
        );
        assert!(command.command.args.contains(&"--canUseWatchEvents".into()));
        assert_eq!(command.command.label, "tsconfig.json");
        let other = session("node", &prefix, "tsconfig.build.json", list());
        assert!(other.unavailable.unwrap().contains("tsconfig.build.json"));
        let bare = session("node", &[], "tsconfig.json", list());
        assert!(bare.unavailable.unwrap().contains("lib/tsc.js"));
    }

    #[test]
    fn tsserver_diagnostics_read_as_the_compiler_prints_them() {
        // Recorded from tsserver 5.9.3 (`semanticDiagnosticsSync`, `includeLinePosition`).
        let items = serde_json::json!([
            {"message": "Type '(a: number) => void' is not assignable to type '(a: string) => void'.\n  Types of parameters 'a' and 'a' are incompatible.\n    Type 'string' is not assignable to type 'number'.",
             "start": 4, "length": 1, "category": "error", "code": 2322,
             "startLocation": {"line": 1, "offset": 5}, "endLocation": {"line": 1, "offset": 6}},
            {"message": "'s' is declared.", "start": 0, "length": 1, "category": "suggestion",
             "code": 6133, "startLocation": {"line": 2, "offset": 7}},
            {"message": "no code"}
        ]);
        let request = SessionDiagnostics::new("/repo", "tsconfig.json", "src/chain.ts", items);
        let (found, skipped) = read_items(&request, diagnostic).unwrap();
        assert_eq!(skipped, 1);
        let [d] = found.as_slice() else {
            panic!("one diagnostic: {found:?}")
        };
        let cli = "src/chain.ts(1,5): error TS2322: Type '(a: number) => void' is not assignable to type '(a: string) => void'.\n  Types of parameters 'a' and 'a' are incompatible.\n    Type 'string' is not assignable to type 'number'.\n";
        let oneshot = crate::parse_output(Some(2), cli, "", false);
        assert_eq!(oneshot.diagnostics, found);
        assert_eq!(d.start, Some(Position::new(1, 5, ColumnUnit::Utf16)));
        // The program's own diagnostics have no file.
        let program = SessionDiagnostics::new(
            "/repo",
            "tsconfig.json",
            "",
            serde_json::json!([{"message": "Cannot find global type 'Array'.", "category": "error", "code": 2318}]),
        );
        let (found, _) = read_items(&program, diagnostic).unwrap();
        let cli = crate::parse_output(
            Some(2),
            "error TS2318: Cannot find global type 'Array'.\n",
            "",
            false,
        );
        assert_eq!(found, cli.diagnostics);
        let not_a_list = SessionDiagnostics::new("/r", "t", "a.ts", serde_json::json!({}));
        assert!(read_items(&not_a_list, diagnostic).is_none());
    }
}
