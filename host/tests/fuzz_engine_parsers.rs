//! The engine adapters' output parsers never panic and never invent positions, whatever an
//! engine prints: real output of the pinned oxlint, tsc and Biome on a small project, cut,
//! spliced, bit-flipped and with its numbers blown up, sent through the real plugin libraries
//! exactly as the host sends it (`parse` over the plugin boundary).
//! The case count is bounded so the suite stays fast; raise `PROPTEST_CASES` to fuzz longer.

/// The host's allocator (see `src/main.rs`): plugins, with allocators of their own, load beside it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use proptest::prelude::*;
use signalint::plugins::{PluginHandle, load_plugin};
use signalint_plugin_api::{Invocation, ParseOutcome, ParseRequest, ReportFile, methods};

/// What one engine printed, and the invocation that printed it.
struct Sample {
    engine: &'static str,
    invocation: Invocation,
    exit_code: Option<i32>,
    stdout: String,
    report: Option<(String, String)>,
}

struct Fixture {
    root: PathBuf,
    samples: Vec<Sample>,
    _dir: tempfile::TempDir,
}

const SOURCE: &str = "// 日本語 コメント 🎉\nexport function total(items: number[]): number {\n  let sum = 0;\n  debugger;\n  for (const item of items) sum += item;\n  const unused = \"é\";\n  return sum + \"x\";\n}\n";

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        support::oxlint_bin();
        let engines = support::workspace_root().join("test-engines/node_modules");
        let dir = support::temp_project();
        let root = support::canonical(dir.path());
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/total.ts"), SOURCE).unwrap();
        std::fs::write(
            root.join("tsconfig.json"),
            r#"{"compilerOptions": {"strict": true, "noEmit": true, "types": []}, "include": ["src"]}"#,
        )
        .unwrap();
        let run = |engine: &'static str, program: PathBuf, args: Vec<String>| {
            let output = Command::new(&program)
                .args(&args)
                .current_dir(&root)
                .env("NO_COLOR", "1")
                .output()
                .unwrap_or_else(|e| panic!("run {}: {e}", program.display()));
            Sample {
                engine,
                invocation: Invocation::new(program.to_string_lossy(), args)
                    .with_covers(vec!["src/total.ts".to_owned()]),
                exit_code: output.status.code(),
                stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
                report: None,
            }
        };
        let strings = |args: &[&str]| args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        let oxlint = run(
            "oxlint",
            engines.join("oxlint/bin/oxlint"),
            strings(&["--format=json", "--", "src/total.ts"]),
        );
        let tsc = run(
            "tsc",
            engines.join("typescript/bin/tsc"),
            strings(&["--noEmit", "--pretty", "false", "-p", "tsconfig.json"]),
        );
        let rdjson = root.join("biome.rdjson").to_string_lossy().into_owned();
        let mut biome = run(
            "biome",
            engines.join("@biomejs/cli-linux-x64/biome"),
            vec![
                "lint".to_owned(),
                "--reporter=rdjson".to_owned(),
                format!("--reporter-file={rdjson}"),
                "--".to_owned(),
                "src/total.ts".to_owned(),
            ],
        );
        let report = std::fs::read_to_string(&rdjson).expect("Biome wrote its rdjson report");
        biome.invocation = biome.invocation.with_report_files(vec![rdjson.clone()]);
        biome.report = Some((rdjson, report));
        Fixture {
            root,
            samples: vec![oxlint, tsc, biome],
            _dir: dir,
        }
    })
}

fn plugin(engine: &str) -> &'static PluginHandle {
    static PLUGINS: OnceLock<Vec<(String, PluginHandle)>> = OnceLock::new();
    let plugins = PLUGINS.get_or_init(|| {
        let dir = support::library_dir();
        ["oxlint", "tsc", "biome"]
            .iter()
            .map(|id| {
                let file = format!("libsignalint_plugin_{id}.so");
                let handle =
                    load_plugin(&dir.join(&file)).unwrap_or_else(|e| panic!("load {file}: {e}"));
                ((*id).to_owned(), handle)
            })
            .collect()
    });
    &plugins.iter().find(|(id, _)| id == engine).unwrap().1
}

/// Parses `stdout` (and `report`, for Biome) as if the sample's engine had printed it.
fn parse(sample: &Sample, root: &Path, stdout: &str, report: Option<&str>) -> ParseOutcome {
    let mut request = ParseRequest::new(
        root.to_string_lossy(),
        sample.invocation.clone(),
        sample.exit_code,
    )
    .with_stdout(stdout);
    if let (Some((path, _)), Some(text)) = (&sample.report, report) {
        request =
            request.with_report_files(vec![ReportFile::new(path.clone(), Some(text.to_owned()))]);
    }
    plugin(sample.engine)
        .call::<_, ParseOutcome>(methods::PARSE, &request)
        .unwrap_or_else(|e| panic!("{} parse failed at the boundary: {e}", sample.engine))
}

/// What every outcome must hold: a position is a byte offset (which wins, being exact) or a
/// 1-based line and column, a range does not run backwards, and every diagnostic says something.
fn assert_sane(engine: &str, outcome: &ParseOutcome) {
    for d in &outcome.diagnostics {
        assert!(
            !d.message.trim().is_empty() || !d.rule.is_empty(),
            "{engine}: {d:?}"
        );
        for position in [&d.start, &d.end].into_iter().flatten() {
            assert!(
                position.byte_offset.is_some() || (position.line >= 1 && position.column >= 1),
                "{engine}: a position that is neither an offset nor 1-based: {d:?}"
            );
        }
        if let (Some(start), Some(end)) = (&d.start, &d.end) {
            let forward = match (start.byte_offset, end.byte_offset) {
                (Some(a), Some(b)) => b >= a,
                _ => (end.line, end.column) >= (start.line, start.column),
            };
            assert!(forward, "{engine}: a range that runs backwards: {d:?}");
        }
    }
}

/// One edit of a text: cut at a point, a byte changed, a slice duplicated or dropped, every
/// number replaced by a huge or zero one.
fn mutate(text: &str, op: u8, a: usize, b: usize, byte: u8) -> String {
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return String::new();
    }
    let (a, b) = (a % bytes.len(), b % bytes.len());
    let (lo, hi) = (a.min(b), a.max(b));
    let out: Vec<u8> = match op % 6 {
        0 => bytes[..a].to_vec(),
        1 => {
            let mut v = bytes.to_vec();
            v[a] = byte;
            v
        }
        2 => [&bytes[..hi], &bytes[lo..]].concat(),
        3 => [&bytes[..lo], &bytes[hi..]].concat(),
        4 => {
            let number = regex_lite_numbers(text, "4294967296");
            return number;
        }
        _ => {
            return regex_lite_numbers(text, "0");
        }
    };
    String::from_utf8_lossy(&out).into_owned()
}

/// Replaces every run of ASCII digits with `with`.
fn regex_lite_numbers(text: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_number = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push_str(with);
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

#[test]
fn the_real_outputs_parse_to_the_diagnostics_of_the_fixture() {
    let fixture = fixture();
    for sample in &fixture.samples {
        let report = sample.report.as_ref().map(|(_, text)| text.as_str());
        let outcome = parse(sample, &fixture.root, &sample.stdout, report);
        assert!(
            !outcome.diagnostics.is_empty(),
            "{} found nothing in the fixture: {:?}\n{}",
            sample.engine,
            outcome,
            sample.stdout
        );
        assert_eq!(outcome.failure, None, "{}", sample.engine);
        assert_sane(sample.engine, &outcome);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96)
    ))]

    #[test]
    fn mutated_outputs_never_panic_or_invent_positions(
        which in 0usize..3,
        op in any::<u8>(),
        a in any::<usize>(),
        b in any::<usize>(),
        byte in any::<u8>(),
    ) {
        let fixture = fixture();
        let sample = &fixture.samples[which];
        let (stdout, report) = match &sample.report {
            Some((_, text)) => (sample.stdout.clone(), Some(mutate(text, op, a, b, byte))),
            None => (mutate(&sample.stdout, op, a, b, byte), None),
        };
        let outcome = parse(sample, &fixture.root, &stdout, report.as_deref());
        assert_sane(sample.engine, &outcome);
    }

    #[test]
    fn arbitrary_text_is_never_a_panic(which in 0usize..3, text in ".{0,400}") {
        let fixture = fixture();
        let sample = &fixture.samples[which];
        let report = sample.report.as_ref().map(|_| text.as_str());
        let outcome = parse(sample, &fixture.root, &text, report);
        assert_sane(sample.engine, &outcome);
    }
}
