//! The core's cost and payoff: normalize + ids + clustering + loop update for 100,000 issues with a
//! realistic engine/rule/message mix, the process's peak memory, and the size of a CheckResponse
//! against the raw issues for a 40-issue check shaped like the original's fixture.
//!
//! `cargo bench -p signalint --bench core` (plain `main`, no harness).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use signalint::core::{
    Coverage, DEFAULT_LOOP_THRESHOLD, DEFAULT_PAGE_SIZE, EngineStatus, IssueInput, IssueSeverity,
    LoopHistory, Rechecked, ResponseParts, Snapshot, analyze, delta, page, respond,
};

/// The product's allocator (see `host/src/main.rs`), so the bench measures what the host runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const ISSUES: usize = 100_000;
const FILES: usize = 2_500;
const RUNS: usize = 5;

/// (weight, engine, rule, severity, message with `{}` for a name, fixable).
const MIX: &[(u32, &str, &str, IssueSeverity, &str, bool)] = &[
    (
        30,
        "biome",
        "lint/suspicious/noExplicitAny",
        IssueSeverity::Warning,
        "Unexpected any. Specify a different type.",
        false,
    ),
    (
        6,
        "biome",
        "lint/style/noNonNullAssertion",
        IssueSeverity::Warning,
        "Forbidden non-null assertion.",
        true,
    ),
    (
        5,
        "biome",
        "lint/style/useImportType",
        IssueSeverity::Warning,
        "All these imports are only used as types.",
        true,
    ),
    (
        4,
        "biome",
        "lint/correctness/noUnusedVariables",
        IssueSeverity::Warning,
        "This variable {} is unused.",
        true,
    ),
    (
        3,
        "biome",
        "lint/style/useConst",
        IssueSeverity::Warning,
        "This let declares a variable that is only assigned once.",
        true,
    ),
    (
        10,
        "oxlint",
        "eslint/no-unused-vars",
        IssueSeverity::Warning,
        "Variable '{}' is declared but never used. Unused variables should start with a '_'.",
        false,
    ),
    (
        4,
        "oxlint",
        "typescript/no-unused-vars",
        IssueSeverity::Warning,
        "Identifier '{}' is imported but never used.",
        false,
    ),
    (
        6,
        "oxlint",
        "unicorn/no-new-array",
        IssueSeverity::Warning,
        "Do not use `new Array(singleArgument)`.",
        false,
    ),
    (
        5,
        "oxlint",
        "eslint/no-unused-expressions",
        IssueSeverity::Warning,
        "Expected expression to be used",
        false,
    ),
    (
        2,
        "oxlint",
        "eslint/require-yield",
        IssueSeverity::Warning,
        "This generator function does not have `yield`",
        false,
    ),
    (
        1,
        "oxlint",
        "eslint/no-debugger",
        IssueSeverity::Error,
        "`debugger` statement is not allowed",
        false,
    ),
    (
        6,
        "tsc",
        "TS2322",
        IssueSeverity::Error,
        "Type '{}' is not assignable to type 'number'.",
        false,
    ),
    (
        4,
        "tsc",
        "TS2304",
        IssueSeverity::Error,
        "Cannot find name '{}'.",
        false,
    ),
    (
        3,
        "tsc",
        "TS2345",
        IssueSeverity::Error,
        "Argument of type 'string' is not assignable to parameter of type '{}'.",
        false,
    ),
    (
        3,
        "tsc",
        "TS2339",
        IssueSeverity::Error,
        "Property '{}' does not exist on type 'User'.",
        false,
    ),
    (
        3,
        "tsc",
        "TS6133",
        IssueSeverity::Error,
        "'{}' is declared but its value is never read.",
        false,
    ),
    (
        2,
        "tsc",
        "TS2307",
        IssueSeverity::Error,
        "Cannot find module './{}' or its corresponding type declarations.",
        false,
    ),
    (
        2,
        "tsc",
        "TS2554",
        IssueSeverity::Error,
        "Expected 2 arguments, but got 1.",
        false,
    ),
    (
        1,
        "tsc",
        "TS2769",
        IssueSeverity::Error,
        "No overload matches this call.\n  The last overload gave the following error.\n    Argument of type 'boolean' is not assignable to parameter of type 'number'.",
        false,
    ),
];

/// A small deterministic generator (xorshift), so every run measures the same input.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn names() -> Vec<String> {
    let stems = [
        "user", "order", "cache", "config", "session", "item", "result", "handler", "props",
        "state",
    ];
    let suffixes = ["", "Id", "Map", "List", "Ref", "Data", "Opts", "Tmp"];
    let mut out = Vec::new();
    for (i, s) in stems.iter().enumerate() {
        for (j, x) in suffixes.iter().enumerate() {
            out.push(format!("{s}{x}"));
            out.push(format!("{s}{x}{}", i * 8 + j));
        }
    }
    out
}

fn realistic_issues(n: usize, seed: u64) -> Vec<IssueInput> {
    let total: u32 = MIX.iter().map(|m| m.0).sum();
    let names = names();
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let mut pick = (rng.next() % u64::from(total)) as u32;
            let shape = MIX
                .iter()
                .find(|m| {
                    if pick < m.0 {
                        true
                    } else {
                        pick -= m.0;
                        false
                    }
                })
                .unwrap_or(&MIX[0]);
            let (_, engine, rule, severity, message, fixable) = *shape;
            let name = &names[rng.below(names.len())];
            let file = format!(
                "src/{}/module{}.ts",
                ["api", "core", "ui", "jobs"][rng.below(4)],
                rng.below(FILES)
            );
            let line = 1 + rng.below(800) as u32;
            IssueInput {
                file,
                line,
                col: 1 + rng.below(60) as u32,
                end_line: Some(line),
                end_col: None,
                engine: engine.to_owned(),
                rule: rule.to_owned(),
                severity,
                subject: stated(engine, rule, &message.replace("{}", name)),
                message: message.replace("{}", name),
                fixable,
                help: None,
                url: None,
                line_text: format!("  const {name} = compute({line});  "),
                fixes: Vec::new(),
                fix_safe: None,
                same_as: Vec::new(),
                programs: Vec::new(),
            }
        })
        .collect()
}

/// The adapters' own subject readers, compiled in: a plugin's library cannot be linked next to
/// another's, since both export the plugin entry points (TypeScript's reader is a crate the tsc
/// and oxlint adapters share).
#[allow(dead_code, unused_imports)]
#[path = "../../plugins/biome/src/subject.rs"]
mod biome_subject;
#[allow(dead_code, unused_imports)]
#[path = "../../plugins/oxlint/src/subject.rs"]
mod oxlint_subject;

/// The subject the adapter of `engine` states, as a check hands it to the core (read before the
/// timed part: in a check the adapters read it while parsing).
fn stated(engine: &str, rule: &str, message: &str) -> Option<signalint_plugin_api::Subject> {
    match engine {
        "tsc" => rule
            .strip_prefix("TS")
            .and_then(|code| code.parse().ok())
            .and_then(|code| signalint_ts_subject::subject(code, message)),
        "oxlint" => oxlint_subject::subject(rule, message),
        "biome" => biome_subject::subject(rule, message),
        _ => None,
    }
}

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// CPU time of this thread: what the work costs, whatever else the machine runs.
fn cpu_now() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_THREAD_CPUTIME_ID is always supported on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Wall and CPU time of `f`.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let (wall, cpu) = (Instant::now(), cpu_now());
    let out = f();
    (out, wall.elapsed(), cpu_now().saturating_sub(cpu))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "unavailable".to_owned())
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// 40 issues like the original's `issues-40.json`: a systemic type error across 10 files, a
/// missing name, unused bindings, lint warnings and a few one-offs.
fn fixture_40() -> Vec<IssueInput> {
    let mut out = Vec::new();
    let mut push =
        |engine: &str, rule: &str, severity, file: String, line: u32, message: String, fixable| {
            let subject = stated(engine, rule, &message);
            out.push(IssueInput {
                file,
                line,
                col: 7,
                end_line: None,
                end_col: None,
                engine: engine.to_owned(),
                rule: rule.to_owned(),
                severity,
                message,
                fixable,
                help: None,
                url: None,
                line_text: format!("const value{line} = load({line});"),
                fixes: Vec::new(),
                fix_safe: None,
                same_as: Vec::new(),
                programs: Vec::new(),
                subject,
            });
        };
    for i in 0..10u32 {
        push(
            "tsc",
            "TS2322",
            IssueSeverity::Error,
            format!("src/module{i}.ts"),
            12 + i,
            "Type 'string' is not assignable to type 'number'.".to_owned(),
            false,
        );
    }
    for i in 0..6u32 {
        push(
            "tsc",
            "TS2304",
            IssueSeverity::Error,
            format!("src/module{}.ts", i % 4),
            30 + i,
            "Cannot find name 'UserId'.".to_owned(),
            false,
        );
    }
    for i in 0..8u32 {
        push(
            "oxlint",
            "eslint/no-unused-vars",
            IssueSeverity::Warning,
            format!("src/module{}.ts", i % 5),
            40 + i,
            format!(
                "Variable 'temp{i}' is declared but never used. Unused variables should start with a '_'."
            ),
            false,
        );
    }
    for i in 0..6u32 {
        push(
            "biome",
            "lint/suspicious/noExplicitAny",
            IssueSeverity::Warning,
            format!("src/module{}.ts", i % 3),
            50 + i,
            "Unexpected any. Specify a different type.".to_owned(),
            false,
        );
    }
    for i in 0..4u32 {
        push(
            "biome",
            "lint/style/useConst",
            IssueSeverity::Warning,
            format!("src/module{}.ts", i),
            60 + i,
            "This let declares a variable that is only assigned once.".to_owned(),
            true,
        );
    }
    for i in 0..3u32 {
        push(
            "oxlint",
            "eslint/no-debugger",
            IssueSeverity::Warning,
            format!("src/module{}.ts", 6 + i),
            70 + i,
            "`debugger` statement is not allowed".to_owned(),
            false,
        );
    }
    push(
        "tsc",
        "TS2307",
        IssueSeverity::Error,
        "src/api.ts".to_owned(),
        1,
        "Cannot find module './db' or its corresponding type declarations.".to_owned(),
        false,
    );
    push(
        "tsc",
        "TS2307",
        IssueSeverity::Error,
        "src/jobs.ts".to_owned(),
        1,
        "Cannot find module './db' or its corresponding type declarations.".to_owned(),
        false,
    );
    out
}

/// The next check: most issues persist, 5% fixed, 5% new.
fn next_check() -> Vec<IssueInput> {
    let mut next = realistic_issues(ISSUES, FIRST_SEED);
    next.truncate(ISSUES * 95 / 100);
    next.extend(realistic_issues(ISSUES * 5 / 100, NEW_SEED));
    next
}

const FIRST_SEED: u64 = 0x5eed_1234_abcd_0001;
const NEW_SEED: u64 = 0x0bad_cafe_0000_0002;

fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

#[allow(clippy::print_stdout)]
fn main() {
    let rechecked =
        Rechecked::whole_project(["oxlint", "tsc", "biome"]).engine("oxlint", Coverage::All);

    // What one check's inputs occupy: part of every peak below, as in the host.
    let inputs_kib = {
        let before = rss_kib().unwrap_or(0);
        let inputs = realistic_issues(ISSUES, FIRST_SEED);
        let size = rss_kib().unwrap_or(0).saturating_sub(before);
        drop(inputs);
        size
    };

    let (mut analyze_wall, mut analyze_cpu) = (Vec::new(), Vec::new());
    let (mut loop_wall, mut loop_cpu) = (Vec::new(), Vec::new());
    let (mut delta_wall, mut delta_cpu) = (Vec::new(), Vec::new());
    let mut clusters = 0;
    let (mut clone_wall, mut clone_cpu) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        // As in the host: the previous check leaves its loop history and snapshot; the inputs of
        // a check exist from the engines' output until `analyze` consumes them.
        let mut history = LoopHistory::default();
        let before = analyze(realistic_issues(ISSUES, FIRST_SEED));
        history.update(&before, &rechecked, DEFAULT_LOOP_THRESHOLD);
        let snapshot = Snapshot::of(&before);
        drop(before);
        let second = next_check();

        let (analysis, wall, cpu) = timed(|| analyze(second));
        analyze_wall.push(wall);
        analyze_cpu.push(cpu);
        let (report, wall, cpu) =
            timed(|| history.update(&analysis, &rechecked, DEFAULT_LOOP_THRESHOLD));
        loop_wall.push(wall);
        loop_cpu.push(cpu);
        let (d, wall, cpu) = timed(|| delta(&snapshot, &analysis, &rechecked));
        delta_wall.push(wall);
        delta_cpu.push(cpu);
        clusters = analysis.clusters.len();
        std::hint::black_box((report, d));
        drop((analysis, snapshot, history));

        let inputs = next_check();
        let (copy, wall, cpu) = timed(|| inputs.clone());
        clone_wall.push(wall);
        clone_cpu.push(cpu);
        drop((copy, inputs));
    }
    let row = |label: &str, wall: Vec<Duration>, cpu: Vec<Duration>| {
        let (w, c) = (median(wall), median(cpu));
        println!("  {label:<52} {:>8.1} ms wall {:>8.1} ms CPU", ms(w), ms(c));
        (w, c)
    };
    println!(
        "core benchmark: {ISSUES} issues, {} files, {} rules, median of {RUNS} runs (release)",
        FILES * 4,
        MIX.len()
    );
    let (aw, ac) = row(
        "analyze (normalize + ids + clustering + priority)",
        analyze_wall,
        analyze_cpu,
    );
    let (lw, lc) = row(
        "loop update (second check of the history)",
        loop_wall,
        loop_cpu,
    );
    println!(
        "  {:<52} {:>8.1} ms wall {:>8.1} ms CPU (target < 100 ms; {clusters} clusters)",
        "total analyze + loop update",
        ms(aw + lw),
        ms(ac + lc)
    );
    row("delta against the previous snapshot", delta_wall, delta_cpu);
    row(
        "calibration: clone the 100k inputs once",
        clone_wall,
        clone_cpu,
    );
    match peak_rss_kib() {
        Some(kib) => println!(
            "  {:<52} {:>8.1} MiB (target < 200 MiB; the inputs of one check: {:.1} MiB)",
            "peak memory (VmHWM)",
            kib as f64 / 1024.0,
            inputs_kib as f64 / 1024.0
        ),
        None => println!("  peak memory (VmHWM): unavailable"),
    }
    println!("  machine load (1-min average): {}", load_average());

    let analysis = analyze(fixture_40());
    let raw = serde_json::to_string(&analysis.issues).unwrap_or_default();
    let raw_pretty = serde_json::to_string_pretty(&analysis.issues).unwrap_or_default();
    let mut history = LoopHistory::default();
    let loops = history.update(&analysis, &rechecked, DEFAULT_LOOP_THRESHOLD);
    let mut engines = BTreeMap::new();
    for engine in ["oxlint", "tsc", "biome"] {
        engines.insert(engine.to_owned(), EngineStatus::ok());
    }
    let response = respond(ResponseParts {
        engines,
        rule_packs: BTreeMap::new(),
        analysis: &analysis,
        page: page(&analysis.clusters, None, DEFAULT_PAGE_SIZE),
        loops: Some(&loops),
        delta: None,
        include_issues: false,
    });
    let body = serde_json::to_string(&response).unwrap_or_default();
    println!(
        "response size, 40-issue check ({} clusters):",
        response.clusters.len()
    );
    println!(
        "  raw issues JSON:        {:>6} bytes (pretty: {} bytes)",
        raw.len(),
        raw_pretty.len()
    );
    println!("  CheckResponse JSON:     {:>6} bytes", body.len());
    println!(
        "  ratio: {:.1}% of raw ({:.1}% smaller; {:.1}% smaller than pretty raw)",
        100.0 * body.len() as f64 / raw.len() as f64,
        100.0 - 100.0 * body.len() as f64 / raw.len() as f64,
        100.0 - 100.0 * body.len() as f64 / raw_pretty.len() as f64
    );
}
