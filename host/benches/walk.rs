//! A project walk under a 100,000-line `.gitignore`, as the `ignore` crate's walker honoured
//! it (every walk compiles the file again into one glob set) against `check::project_files`
//! (each ignore file compiled once per content, its lines split by first directory and into
//! chunks). A check walks the project more than once (the tree, the engines' configs, a
//! file-scoped check's paths); a warm server walks again after every entry change.
//!
//! `cargo bench -p signalint --bench walk` (plain `main`, no harness). Prints each side's
//! time per walk, the process's peak memory after each, and the ratio.

use std::path::Path;
use std::time::{Duration, Instant};

/// The product's allocator (see `host/src/main.rs`), so the bench measures what the host runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const LINES: usize = 100_000;
const DIRECTORIES: usize = 20;
const FILES_PER_DIRECTORY: usize = 100;
const WALKS: usize = 3;

/// A project whose `.gitignore` has `LINES` lines of the shapes generated ignore files have:
/// path globs under a directory, extensions at any depth, literal build outputs.
fn project(root: &Path) {
    let mut text = String::new();
    for n in 0..LINES {
        text.push_str(&match n % 3 {
            0 => format!("dir{}/**/*.log{}\n", n / 3, n % 7),
            1 => format!("*.tmp{n}\n"),
            _ => format!("build/out{n}.js\n"),
        });
    }
    std::fs::write(root.join(".gitignore"), text).unwrap();
    for d in 0..DIRECTORIES {
        let dir = root.join(format!("dir{d}/sub"));
        std::fs::create_dir_all(&dir).unwrap();
        for f in 0..FILES_PER_DIRECTORY {
            std::fs::write(dir.join(format!("a{f}.ts")), "").unwrap();
            std::fs::write(dir.join(format!("b{f}.log{}", f % 7)), "").unwrap();
        }
    }
}

/// The walk as it was: the crate's walker honours the ignore files itself.
fn crate_walk(root: &Path) -> Vec<String> {
    let mut files: Vec<String> = ignore::WalkBuilder::new(root)
        .hidden(false)
        .git_ignore(true)
        .git_global(false)
        .git_exclude(true)
        .require_git(false)
        .parents(true)
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .filter_map(|e| {
            let relative = e.path().strip_prefix(root).ok()?;
            Some(relative.to_string_lossy().replace('\\', "/"))
        })
        .collect();
    files.sort();
    files
}

fn peak_memory_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}

fn time(walks: usize, mut walk: impl FnMut() -> Vec<String>) -> (Vec<Duration>, Vec<String>) {
    let mut times = Vec::new();
    let mut files = Vec::new();
    for _ in 0..walks {
        let started = Instant::now();
        files = walk();
        times.push(started.elapsed());
    }
    (times, files)
}

// A bench prints its figures.
#[allow(clippy::print_stdout)]
fn main() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let dot = vec![".".to_owned()];
    println!(
        "walk: {} files, a .gitignore of {LINES} lines, {WALKS} walks each",
        DIRECTORIES * FILES_PER_DIRECTORY * 2 + 1
    );

    // signalint's walk first: peak memory only grows, so the baseline's shows on top of it.
    let (ours, our_files) = time(WALKS, || signalint::check::project_files(root, &dot, &[]));
    let our_peak = peak_memory_mb();
    let (theirs, their_files) = time(WALKS, || crate_walk(root));
    let their_peak = peak_memory_mb();
    assert_eq!(our_files, their_files, "both walks honour the same lines");

    let show = |times: &[Duration]| {
        times
            .iter()
            .map(|t| format!("{:.3}s", t.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "  baseline (crate walker):  {}  peak {their_peak} MB",
        show(&theirs)
    );
    println!(
        "  project_files:            {}  peak {our_peak} MB",
        show(&ours)
    );
    let total = |times: &[Duration]| times.iter().sum::<Duration>().as_secs_f64();
    println!(
        "  ratio (baseline / project_files, {WALKS} walks): {:.1}x; files kept: {}",
        total(&theirs) / total(&ours),
        our_files.len()
    );
}
