//! Walks of the project kept for the next check while nothing they read has changed.
//!
//! An agent's loop checks a file or two at a time, and a whole-program engine's re-check of a
//! leaf edit takes a few milliseconds: walking the tree again (its inputs, its program
//! configs) and looking again for every engine's config files and packages (which engines
//! run) would cost as much. An edit inside a file touches neither its directory nor an ignore
//! file, so both walks are redone only when a listed directory or an ignore file changed (an
//! entry added, removed or renamed; a `.gitignore` written), or when the last walk was too
//! close to such a change to prove anything (`crate::stamp`).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::config::usage::{self, Candidate, Use};
use crate::stamp::WalkCache;

/// The candidates a decision of which engines run was made for: id, explicit, turned off.
type CandidateKey = Vec<(String, bool, bool)>;

/// The walks one project's checks share.
#[derive(Debug, Default)]
pub struct KeptWalks {
    /// Every project file, by the ignore globs the walk honoured.
    tree: WalkCache<Vec<String>, Arc<Vec<String>>>,
    /// Which engines run, by the candidates decided on.
    uses: WalkCache<CandidateKey, BTreeMap<String, Use>>,
}

impl KeptWalks {
    /// Every project file under `root` with these ignore globs, as a walk now would find them.
    /// Blocks on the file system.
    pub fn tree(&self, root: &Path, ignore: &[String]) -> Arc<Vec<String>> {
        self.tree.get_or_walk(ignore.to_vec(), |watched| {
            let files = super::files::watched_project_files(root, ignore, watched);
            tracing::debug!(files = files.len(), watched = watched.len(), "tree walked");
            Arc::new(files)
        })
    }

    /// Which of `candidates` run on the project at `root` ([`usage::decide`]). Blocks on the
    /// file system.
    pub fn uses(&self, root: &Path, candidates: &[Candidate<'_>]) -> BTreeMap<String, Use> {
        let key = candidates
            .iter()
            .map(|c| (c.id.to_owned(), c.explicit, c.turned_off))
            .collect();
        self.uses.get_or_walk(key, |watched| {
            usage::decide_watched(root, candidates, Some(watched))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, file: &str, text: &str) {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// The tree as a later check sees it: the walk, then trusted as an old project's would be.
    fn tree(kept: &KeptWalks, root: &Path, ignore: &[String]) -> Arc<Vec<String>> {
        let files = kept.tree(root, ignore);
        kept.tree.trust();
        assert_eq!(
            *files,
            super::super::files::project_files(root, &[".".to_owned()], ignore)
        );
        files
    }

    #[test]
    fn the_tree_is_kept_across_content_edits_and_walked_again_on_any_entry_change() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "src/a.ts", "");
        write(root, "src/deep/b.ts", "");
        let kept = KeptWalks::default();
        let first = tree(&kept, root, &[]);
        assert_eq!(*first, ["src/a.ts", "src/deep/b.ts"]);

        write(root, "src/a.ts", "export const a = 1;");
        assert!(
            Arc::ptr_eq(&first, &kept.tree(root, &[])),
            "a content edit keeps the tree"
        );

        write(root, "src/deep/c.ts", "");
        assert_eq!(
            *tree(&kept, root, &[]),
            ["src/a.ts", "src/deep/b.ts", "src/deep/c.ts"],
            "a file added deep down"
        );
        std::fs::remove_file(root.join("src/a.ts")).unwrap();
        assert_eq!(
            *tree(&kept, root, &[]),
            ["src/deep/b.ts", "src/deep/c.ts"],
            "a file removed"
        );
        write(root, "src/.gitignore", "deep/\n");
        assert_eq!(
            *tree(&kept, root, &[]),
            ["src/.gitignore"],
            "an ignore file created"
        );
        write(root, "src/.gitignore", "c.ts\n");
        assert_eq!(
            *tree(&kept, root, &[]),
            ["src/.gitignore", "src/deep/b.ts"],
            "an ignore file rewritten in place"
        );
        assert_eq!(
            *tree(&kept, root, &["src/deep/**".to_owned()]),
            ["src/.gitignore"],
            "other ignore globs"
        );
    }

    #[test]
    fn an_ancestors_ignore_file_is_watched() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        write(&root, "a.ts", "");
        write(&root, "b.ts", "");
        let kept = KeptWalks::default();
        assert_eq!(*tree(&kept, &root, &[]), ["a.ts", "b.ts"]);
        write(dir.path(), ".gitignore", "b.ts\n");
        assert_eq!(*tree(&kept, &root, &[]), ["a.ts"]);
    }

    #[test]
    fn a_fresh_walk_is_not_trusted_within_the_racy_window() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "a.ts", "");
        let kept = KeptWalks::default();
        let first = kept.tree(root, &[]);
        write(root, "b.ts", "");
        let second = kept.tree(root, &[]);
        assert!(!Arc::ptr_eq(&first, &second));
        assert_eq!(*second, ["a.ts", "b.ts"]);
    }

    #[test]
    fn which_engines_run_is_decided_again_when_a_sign_of_use_appears() {
        use signalint_plugin_api::{EngineInfo, EngineScope, ToolSpec, UsedWhen};
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        write(&root, "src/a.ts", "");
        let info = EngineInfo::new(
            EngineScope::FileLocal,
            ToolSpec::new("t", ">=1.0.0"),
            vec!["ts".into()],
        )
        .with_used_when(
            UsedWhen::config_files(vec!["lint.json".into()]).with_packages(vec!["lint".into()]),
        );
        let candidates = [Candidate {
            id: "lint",
            info: Some(&info),
            explicit: false,
            turned_off: false,
        }];
        let kept = KeptWalks::default();
        let on = |kept: &KeptWalks| {
            let uses = kept.uses(&root, &candidates);
            kept.uses.trust();
            assert_eq!(uses, usage::decide(&root, &candidates));
            uses["lint"].on
        };
        assert!(!on(&kept));
        write(&root, "src/a.ts", "export {};");
        assert!(!on(&kept), "a content edit changes nothing");
        write(&root, "src/nested/lint.json", "{}");
        assert!(on(&kept), "a config file below the root");
        std::fs::remove_file(root.join("src/nested/lint.json")).unwrap();
        assert!(!on(&kept), "and gone");
        write(&root, "package.json", r#"{"devDependencies": {}}"#);
        assert!(!on(&kept));
        write(
            &root,
            "package.json",
            r#"{"devDependencies": {"lint": "1"}}"#,
        );
        assert!(on(&kept), "a package added to package.json in place");
    }
}
