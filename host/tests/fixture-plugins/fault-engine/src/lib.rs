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
//!   a run that did not finish);
//! * `newer-values`: two diagnostics with values of a newer plugin API, one with a column unit
//!   the host does not know (`fault/newer-unit`), one with a severity it does not know
//!   (`fault/newer-severity`).
//!
//! The tool is `/bin/sh` (found on `PATH`). The line format is
//! `file:line:column: rule: message`, columns in UTF-16 code units. Like a real adapter, `parse`
//! skips and counts lines it cannot read, and reports a failure when the tool exited non-zero
//! without a report.

use signalint_plugin_api::{
    ColumnUnit, Diagnostic, EngineAdapter, EngineInfo, EngineScope, Invocation, ParseOutcome,
    ParseRequest, Plan, PlanRequest, PluginError, PluginManifest, Position, Severity, ToolSpec,
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
        "newer-values" => {
            let file = request
                .files
                .first()
                .map_or("fault.txt", String::as_str)
                .replace('\'', "");
            format!(
                "echo '{file}:1:1: fault/newer-unit: counted in graphemes'; \
                 echo '{file}:1:1: fault/newer-severity: a fatal finding'"
            )
        }
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
                "unknown mode `{other}`; use hang, flood, garbage, segfault, ok, crash-after-report or newer-values"
            )));
        }
    })
}

impl EngineAdapter for FaultEngine {
    fn manifest(&self) -> PluginManifest {
        let tool = ToolSpec::new("sh", ">=1.0.0")
            .with_version_args(vec!["-c".into(), "echo 1.0.0".into()]);
        let engine = EngineInfo::new(EngineScope::FileLocal, tool, vec!["txt".into()]);
        PluginManifest::engine(
            "fault-engine",
            env!("CARGO_PKG_VERSION"),
            "an engine whose tool hangs, floods, crashes or prints garbage",
            engine,
        )
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        let mut args = request.tool.prefix_args.clone();
        args.extend(["-c".to_owned(), script(request)?]);
        let run = Invocation::new(&request.tool.program, args)
            .with_covers(request.files.clone())
            .with_label(request.options["mode"].as_str().unwrap_or("ok"));
        Ok(Plan::new(vec![run]))
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
    // What a plugin of a newer API sends: values this host's API decodes as `Unknown`.
    let (unit, severity) = match rule {
        "fault/newer-unit" => (ColumnUnit::Unknown, Severity::Warning),
        "fault/newer-severity" => (ColumnUnit::Utf16, Severity::Unknown),
        _ => (ColumnUnit::Utf16, Severity::Warning),
    };
    Some(
        Diagnostic::new(rule, severity, message)
            .with_file(file)
            .with_start(Position::new(line_number, column, unit)),
    )
}

signalint_plugin_api::export_engine!(FaultEngine);
