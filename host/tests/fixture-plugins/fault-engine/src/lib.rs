//! An engine plugin whose tool misbehaves on demand, chosen by `[engines.<id>.options] mode`:
//!
//! * `hang`: `sh -c 'sleep S & sleep S'`, a child and a grandchild that outlive any timeout
//!   (`S` is `options.seconds`, default `300.0417`, so tests can find the processes by their
//!   command line);
//! * `flood`: 50 MiB on stdout;
//! * `garbage`: text that is no report, then exit code 2;
//! * `segfault`: the tool kills itself with SIGSEGV;
//! * `ok`: one diagnostic in the adapter's line format;
//! * `crash-after-report`: the `ok` diagnostic, then SIGSEGV (a report the adapter can read, from
//!   a run that did not finish).
//!
//! The tool is `/bin/sh` (found on `PATH`). The line format is
//! `file:line:column: rule: message`, columns in UTF-16 code units. Like a real adapter, `parse`
//! skips and counts lines it cannot read, and reports a failure when the tool exited non-zero
//! without a report.

use signalint_plugin_api::{
    ColumnUnit, Diagnostic, EngineAdapter, EngineInfo, EngineScope, Invocation, ParseOutcome,
    ParseRequest, Plan, PlanRequest, PluginError, PluginKind, PluginManifest, Position, Severity,
    ToolSpec,
};

struct FaultEngine;

/// 50 MiB.
const FLOOD_BYTES: u64 = 50 * 1024 * 1024;

fn script(request: &PlanRequest) -> Result<String, PluginError> {
    let options = &request.options;
    let mode = options["mode"].as_str().unwrap_or("ok");
    Ok(match mode {
        "hang" => {
            let seconds = options["seconds"].as_str().unwrap_or("300.0417");
            if !seconds.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return Err(PluginError::new(format!(
                    "options.seconds must be a number, not `{seconds}`"
                )));
            }
            format!("sleep {seconds} & sleep {seconds}")
        }
        "flood" => format!("yes 'flood flood flood' | head -c {FLOOD_BYTES}"),
        "garbage" => {
            "echo 'this is not a report'; echo 'fault-engine: giving up' >&2; exit 2".into()
        }
        "segfault" => "kill -SEGV $$".into(),
        "ok" | "crash-after-report" => {
            let file = request
                .files
                .first()
                .map_or("fault.txt", String::as_str)
                .replace('\'', "");
            let report = format!("echo '{file}:1:1: fault/ok: the ok mode reports one diagnostic'");
            if mode == "ok" {
                report
            } else {
                format!("{report}; kill -SEGV $$")
            }
        }
        other => {
            return Err(PluginError::new(format!(
                "unknown mode `{other}`; use hang, flood, garbage, segfault, ok or crash-after-report"
            )));
        }
    })
}

impl EngineAdapter for FaultEngine {
    fn manifest(&self) -> PluginManifest {
        PluginManifest {
            id: "fault-engine".into(),
            kind: PluginKind::Engine,
            version: env!("CARGO_PKG_VERSION").into(),
            api_version: String::new(),
            payload_version: 0,
            description: "an engine whose tool hangs, floods, crashes or prints garbage".into(),
            engine: Some(EngineInfo {
                scope: EngineScope::FileLocal,
                tool: ToolSpec {
                    name: "sh".into(),
                    version_range: ">=1.0.0".into(),
                    candidates: vec![],
                    path_names: vec!["sh".into()],
                    version_args: vec!["-c".into(), "echo 1.0.0".into()],
                    npm_packages: vec![],
                },
                extensions: vec!["txt".into()],
                config_files: vec![],
            }),
            rule_pack: None,
        }
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        let mut args = request.tool.prefix_args.clone();
        args.extend(["-c".to_owned(), script(request)?]);
        Ok(Plan {
            invocations: vec![Invocation {
                program: request.tool.program.clone(),
                args,
                covers: request.files.clone(),
                label: request.options["mode"].as_str().unwrap_or("ok").to_owned(),
                ..Invocation::default()
            }],
        })
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        let mut outcome = ParseOutcome::default();
        for line in request.stdout.lines().filter(|l| !l.trim().is_empty()) {
            match parse_line(line) {
                Some(diagnostic) => outcome.diagnostics.push(diagnostic),
                None => outcome.skipped_records += 1,
            }
        }
        if outcome.diagnostics.is_empty() && request.exit_code != Some(0) {
            let exit = request
                .exit_code
                .map_or("killed by a signal".to_owned(), |c| {
                    format!("exit code {c}")
                });
            outcome.failure = Some(format!("fault-engine printed no report ({exit})"));
        }
        Ok(outcome)
    }
}

/// `file:line:column: rule: message`.
fn parse_line(line: &str) -> Option<Diagnostic> {
    let mut parts = line.splitn(5, ':');
    let file = parts.next()?.trim();
    let line_number: u32 = parts.next()?.trim().parse().ok()?;
    let column: u32 = parts.next()?.trim().parse().ok()?;
    let rule = parts.next()?.trim();
    let message = parts.next()?.trim();
    if file.is_empty() || rule.is_empty() || message.is_empty() {
        return None;
    }
    Some(Diagnostic {
        file: Some(file.to_owned()),
        start: Some(Position::new(line_number, column, ColumnUnit::Utf16)),
        end: None,
        rule: rule.to_owned(),
        severity: Severity::Warning,
        message: message.to_owned(),
        help: None,
        url: None,
        fixes: Vec::new(),
    })
}

signalint_plugin_api::export_engine!(FaultEngine);
