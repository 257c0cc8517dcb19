//! Trains the lexical model from the committed corpus and prints the out-of-fold figures.
//!
//! * `cargo run --release -p signalint-plugin-shadow-patterns --example train_lexical` writes
//!   `data/lexical-model.tsv`;
//! * with `-- --check` it writes nothing and fails when the committed file is not what
//!   training gives (`scripts/test` runs this: training takes too long unoptimised to be a
//!   `cargo test`).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;

use signalint_plugin_shadow_patterns::lexical::train::{same_model, train};

fn fail(message: String) -> ! {
    eprintln!("train_lexical: {message}");
    std::process::exit(1);
}

fn main() {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => fail(format!(
            "unknown argument `{other}`; the only one is `--check`"
        )),
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let trained = train(&root.join("../../corpus")).unwrap_or_else(|e| fail(e));
    print!("{}", trained.report);
    let out = root.join("data/lexical-model.tsv");
    if check {
        let committed = std::fs::read_to_string(&out)
            .unwrap_or_else(|e| fail(format!("cannot read {}: {e}", out.display())));
        if let Err(difference) = same_model(&committed, &trained.file) {
            fail(format!(
                "{} is not what training gives from the committed corpus ({difference}); \
                 run `cargo run --release -p signalint-plugin-shadow-patterns --example \
                 train_lexical` and commit the file",
                out.display()
            ));
        }
        println!("{} matches training", out.display());
        return;
    }
    std::fs::write(&out, &trained.file)
        .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", out.display())));
    println!("wrote {} ({} bytes)", out.display(), trained.file.len());
}
