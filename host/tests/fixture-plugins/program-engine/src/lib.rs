//! A whole-program engine that knows nothing of TypeScript: it declares the programs
//! capability (programs are defined by `prog.toml` files, and every program reads
//! `deps.lock`), keeps the default `discover`, and runs `/bin/sh` once per program. Each run
//! appends a line to `<work_dir>/runs.log`, so tests can count runs, and reports one
//! diagnostic on the program's `main.prog`: `file:line:column: rule: message`, whose message
//! names the cores the plan request said the machine has.

use signalint_plugin_api::{
    ColumnUnit, Diagnostic, EngineAdapter, EngineInfo, EngineScope, Invocation, ParseOutcome,
    ParseRequest, Plan, PlanRequest, PluginError, PluginManifest, Position, ProgramSpec, Severity,
    ToolSpec,
};

struct ProgramEngine;

impl EngineAdapter for ProgramEngine {
    fn manifest(&self) -> PluginManifest {
        let tool = ToolSpec::new("sh", ">=1.0.0")
            .with_version_args(vec!["-c".into(), "echo 1.0.0".into()]);
        let programs = ProgramSpec::new(vec!["prog.toml".into()])
            .with_input_names(vec!["deps.lock".into()])
            .with_exclusive_runs(true);
        let engine = EngineInfo::new(EngineScope::WholeProgram, tool, vec!["prog".into()])
            .with_programs(programs);
        PluginManifest::engine(
            "program-engine",
            env!("CARGO_PKG_VERSION"),
            "a whole-program engine whose programs are prog.toml files",
            engine,
        )
    }

    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError> {
        let log = format!("{}/runs.log", request.work_dir);
        let invocations = request
            .programs
            .iter()
            .map(|program| {
                let dir = program
                    .config
                    .rsplit_once('/')
                    .map_or(String::new(), |(dir, _)| format!("{dir}/"));
                let cores = request
                    .machine
                    .cores
                    .map_or("unknown".to_owned(), |n| n.to_string());
                let script = format!(
                    "echo '{}' >> '{log}'; echo '{dir}main.prog:1:1: prog/program: the program of {} on {cores} cores'",
                    program.config, program.config
                );
                let mut args = request.tool.prefix_args.clone();
                args.extend(["-c".to_owned(), script]);
                Invocation::new(&request.tool.program, args).with_label(&program.config)
            })
            .collect();
        Ok(Plan::new(invocations))
    }

    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError> {
        let mut outcome = ParseOutcome::default();
        for line in request.stdout.lines().filter(|l| !l.trim().is_empty()) {
            let mut parts = line.splitn(5, ':').map(str::trim);
            let (Some(file), Some(line), Some(column), Some(rule), Some(message)) = (
                parts.next(),
                parts.next().and_then(|n| n.parse().ok()),
                parts.next().and_then(|n| n.parse().ok()),
                parts.next(),
                parts.next(),
            ) else {
                outcome.skipped_records += 1;
                continue;
            };
            outcome.diagnostics.push(
                Diagnostic::new(rule, Severity::Warning, message)
                    .with_file(file)
                    .with_start(Position::new(line, column, ColumnUnit::Utf16)),
            );
        }
        Ok(outcome)
    }
}

signalint_plugin_api::export_engine!(ProgramEngine);
