//! The config loader never panics, whatever a repository commits as `signalint.toml`: random
//! text, and the reference config cut, spliced and bit-flipped. Every refusal names the file.
//! The case count is bounded so the suite stays fast; raise `PROPTEST_CASES` to fuzz longer.

use std::path::Path;

use proptest::prelude::*;
use signalint::config::Config;

const REFERENCE: &str = include_str!("../../signalint.toml");

fn check(text: &str) {
    let path = Path::new("/project/signalint.toml");
    if let Err(e) = Config::parse(text, path) {
        assert!(e.to_string().contains("signalint.toml"), "{e}");
    }
}

/// The reference config with one edit: a line dropped, duplicated or swapped, a byte changed,
/// or a fragment of another line spliced in.
fn mutated_reference() -> impl Strategy<Value = String> {
    let lines: Vec<&'static str> = REFERENCE.lines().collect();
    let n = lines.len();
    (0..n, 0..n, 0u8..5, any::<u8>(), 0usize..80).prop_map(move |(a, b, op, byte, at)| {
        let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        match op {
            0 => {
                out.remove(a);
            }
            1 => out.insert(b, lines[a].to_owned()),
            2 => out.swap(a, b),
            3 => {
                let mut bytes = out[a].clone().into_bytes();
                if !bytes.is_empty() {
                    let i = at % bytes.len();
                    bytes[i] = byte;
                }
                out[a] = String::from_utf8_lossy(&bytes).into_owned();
            }
            _ => {
                let cut = lines[b].len().min(at);
                let fragment = lines[b].get(cut..).unwrap_or_default();
                out[a].push_str(fragment);
            }
        }
        out.join("\n")
    })
}

/// `PROPTEST_CASES` when set (to fuzz longer), else the suite's bounded default.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,400}") {
        check(&text);
    }

    #[test]
    fn toml_shaped_text_never_panics(text in "(\\[[a-z_.]{1,20}\\]\n|[a-z_]{1,12} = (\"[^\"\n]{0,20}\"|-?[0-9]{1,25}|\\[\\]|true|\\{\\})\n){0,12}") {
        check(&text);
    }

    #[test]
    fn edits_of_the_reference_config_never_panic(text in mutated_reference()) {
        check(&text);
    }
}
