//! Plugin load time: probe, abi_stable header and layout check, version handshake and
//! manifest, for every plugin of a release build.
//!
//! A library is loaded once per process (it is never unloaded), so each sample runs in a fresh
//! child process; the figures are medians over those samples.
//!
//! Run: `cargo build --release --workspace && cargo bench -p signalint --bench plugins`.

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};
use std::time::Instant;

const SAMPLES: usize = 9;

fn release_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release")
}

fn libraries() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(release_dir())
        .map(|read| read.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(signalint::plugins::is_plugin_file_name)
    });
    found.sort();
    found
}

/// Child mode: load every plugin once and print `name microseconds` lines.
fn load_once() {
    let started = Instant::now();
    for path in libraries() {
        let one = Instant::now();
        let loaded = signalint::plugins::load_plugin(&path);
        let micros = one.elapsed().as_secs_f64() * 1e6;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(loaded.is_ok(), "{name}: {:?}", loaded.err());
        println!("{name} {micros:.1}");
    }
    println!("TOTAL {:.1}", started.elapsed().as_secs_f64() * 1e6);
}

fn main() {
    if std::env::args().any(|a| a == "--load-once") {
        load_once();
        return;
    }
    let libraries = libraries();
    assert!(
        !libraries.is_empty(),
        "no plugin libraries in {}: run `cargo build --release --workspace` first",
        release_dir().display()
    );
    let exe = std::env::current_exe().unwrap();
    let mut samples: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for _ in 0..SAMPLES {
        let output = std::process::Command::new(&exe)
            .arg("--load-once")
            .output()
            .expect("run a sample");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            if let Some((name, micros)) = line.rsplit_once(' ') {
                samples
                    .entry(name.to_owned())
                    .or_default()
                    .push(micros.parse().unwrap());
            }
        }
    }
    println!("plugin load time (release, first load in a fresh process, median of {SAMPLES}):");
    for (name, mut values) in samples {
        values.sort_by(f64::total_cmp);
        let median = values[values.len() / 2];
        println!("  {name:<44} {:8.2} ms", median / 1000.0);
    }
}
