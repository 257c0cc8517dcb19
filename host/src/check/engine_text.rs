//! An engine's own words in a status are bounded and carry no quoted source. Engines print
//! code frames (`  > 2 │ <the line>`) under their errors, and the file they quote may be one a
//! hostile config made them read from outside the project (`"extends": ["/etc/passwd"]`): a
//! status is an answer that leaves the machine, so the frames go, and what is left is cut at
//! [`MAX_STATUS_BYTES`].

/// The longest status message kept.
pub(crate) const MAX_STATUS_BYTES: usize = 4 * 1024;

/// `message` without code-frame lines, cut at [`MAX_STATUS_BYTES`] on a character boundary.
pub(crate) fn inert(message: &str) -> String {
    let mut kept = String::with_capacity(message.len().min(MAX_STATUS_BYTES + 64));
    let mut dropped = 0usize;
    for line in message.split_inclusive('\n') {
        if is_code_frame(line) {
            dropped += 1;
        } else {
            kept.push_str(line);
        }
    }
    if dropped > 0 {
        let kept_end = kept.trim_end().len();
        kept.truncate(kept_end);
        kept.push_str(&format!(
            " ({dropped} line{} of quoted source left out)",
            if dropped == 1 { "" } else { "s" }
        ));
    }
    if kept.len() > MAX_STATUS_BYTES {
        let mut cut = MAX_STATUS_BYTES;
        while !kept.is_char_boundary(cut) {
            cut -= 1;
        }
        kept.truncate(cut);
        kept.push_str("… (cut at 4 KiB)");
    }
    kept
}

/// A line of a code frame: `  > 12 │ text`, `    3 | text`, or a gutter line (`      │ ^^^`,
/// `   · ───`) under one.
fn is_code_frame(line: &str) -> bool {
    let rest = line.trim_start();
    let rest = rest.strip_prefix('>').map_or(rest, str::trim_start);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = rest[digits..].trim_start();
    after.starts_with('│') || (digits > 0 && after.starts_with('|')) || after.starts_with('·')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Biome's error for `"extends": ["/tmp/secret.txt"]`, as its stderr ends.
    const BIOME: &str = "biome wrote no report file (exit code 1); biome says: /tmp/secret.txt:1:1 parse: String values must be double quoted.; stderr ends with:\n    1 │ SECRET-LINE-ONE\n  > 2 │ ssh-rsa AAAASECRETKEYBODY\n      │         ^^^^^^^^^^^^^^^^^\n    3 │ \n  \n\n  × Incorrect type, expected an object, but received an array.\n";

    #[test]
    fn quoted_source_is_left_out_and_the_error_kept() {
        let shown = inert(BIOME);
        assert!(!shown.contains("SECRET"), "{shown}");
        assert!(
            shown.contains("String values must be double quoted"),
            "{shown}"
        );
        assert!(
            shown.contains("Incorrect type, expected an object"),
            "{shown}"
        );
        assert!(
            shown.ends_with("(4 lines of quoted source left out)"),
            "{shown}"
        );
        // oxlint's frames (miette) too.
        let oxlint = "x Unexpected token\n   ╭─[evil.js:1:1]\n 1 │ const key = \"SECRET\";\n   ·             ──────\n   ╰────\n";
        assert!(!inert(oxlint).contains("SECRET"), "{}", inert(oxlint));
        // Plain messages pass as they are.
        let plain = "tsc did not complete within 120s; 3 diagnostics were read";
        assert_eq!(inert(plain), plain);
    }

    #[test]
    fn long_messages_are_cut_on_a_character_boundary() {
        let long = "é".repeat(5000);
        let shown = inert(&long);
        assert!(shown.len() <= MAX_STATUS_BYTES + "… (cut at 4 KiB)".len());
        assert!(shown.ends_with("… (cut at 4 KiB)"));
    }
}
