//! Each diagnostic once: the runs of a whole-program engine overlap (a source file that two
//! tsconfigs include is checked by both), and the same finding at the same place from several
//! runs is one finding, not one per run. What tells them apart is everything the engine said
//! (file, range, rule, severity, message, fixes), so a finding that one program's options
//! change (another message, another rule) stays apart.

use std::collections::HashMap;
use std::path::PathBuf;

use signalint_plugin_api::Diagnostic;

/// The diagnostics with the duplicates of an earlier one removed, in first-seen order, each
/// with the labels of the runs (programs) that reported it.
pub(crate) fn once(
    diagnostics: Vec<(PathBuf, Diagnostic, String)>,
) -> Vec<(PathBuf, Diagnostic, Vec<String>)> {
    let mut seen: HashMap<(PathBuf, String), usize> = HashMap::new();
    let mut kept: Vec<(PathBuf, Diagnostic, Vec<String>)> = Vec::new();
    for (cwd, diagnostic, label) in diagnostics {
        // A diagnostic that cannot be written out is kept as it is.
        let Ok(text) = serde_json::to_string(&diagnostic) else {
            kept.push((cwd, diagnostic, vec![label]));
            continue;
        };
        match seen.get(&(cwd.clone(), text.clone())) {
            Some(&at) => {
                let labels = &mut kept[at].2;
                if !label.is_empty() && !labels.contains(&label) {
                    labels.push(label);
                }
            }
            None => {
                seen.insert((cwd.clone(), text), kept.len());
                let labels = if label.is_empty() {
                    vec![]
                } else {
                    vec![label]
                };
                kept.push((cwd, diagnostic, labels));
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::{ColumnUnit, Position, Severity};

    use super::*;

    fn at(line: u32, message: &str) -> Diagnostic {
        Diagnostic::new("TS2322", Severity::Error, message)
            .with_file("src/a.ts")
            .with_start(Position::new(line, 5, ColumnUnit::Utf16))
    }

    #[test]
    fn the_same_finding_from_several_programs_is_kept_once_with_its_programs() {
        let root = PathBuf::from("/p");
        let runs = vec![
            (
                root.clone(),
                at(3, "x"),
                "packages/a/tsconfig.json".to_owned(),
            ),
            (
                root.clone(),
                at(3, "x"),
                "packages/b/tsconfig.json".to_owned(),
            ),
            (
                root.clone(),
                at(3, "y"),
                "packages/b/tsconfig.json".to_owned(),
            ),
            (
                root.clone(),
                at(4, "x"),
                "packages/b/tsconfig.json".to_owned(),
            ),
            (
                root.clone(),
                at(3, "x"),
                "packages/c/tsconfig.json".to_owned(),
            ),
            (
                PathBuf::from("/p/sub"),
                at(3, "x"),
                "sub/tsconfig.json".to_owned(),
            ),
        ];
        let kept = once(runs);
        let summary: Vec<(u32, &str, &[String])> = kept
            .iter()
            .map(|(_, d, labels)| (d.start.unwrap().line, d.message.as_str(), &labels[..]))
            .collect();
        assert_eq!(summary.len(), 4, "{summary:?}");
        assert_eq!(
            summary[0].2,
            [
                "packages/a/tsconfig.json",
                "packages/b/tsconfig.json",
                "packages/c/tsconfig.json"
            ]
        );
        assert_eq!(summary[1].1, "y");
        assert_eq!(summary[2].0, 4);
        // Relative to another directory, the same text is another file.
        assert_eq!(kept[3].0, PathBuf::from("/p/sub"));
    }
}
