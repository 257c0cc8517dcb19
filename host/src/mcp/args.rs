//! Tool arguments: strict shapes (`deny_unknown_fields` → `additionalProperties: false`).
//!
//! The schemas advertised in `tools/list` are generated from these types, and the same types
//! parse every call, so the schema and the parser cannot disagree. Constraints that JSON Schema
//! can say (`maxItems`, `minLength`) are in the schema *and* checked here: a client is not
//! trusted to have validated anything.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::check::Since;
use crate::paths::MAX_PATHS;

/// The longest id or cursor accepted (ids are 16–20 characters, cursors about 20).
pub const MAX_REF_CHARS: usize = 256;

/// No arguments (`ping`, `get_loop_status`, `reset_loop_state`).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// Arguments of `check_project`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckProjectArgs {
    /// Project-relative files or directories.
    #[serde(default = "whole_project")]
    #[schemars(length(max = 512), inner(length(min = 1)))]
    pub paths: Vec<String>,
    /// The `nextCursor` of the previous page.
    #[serde(default)]
    #[schemars(with = "String", length(min = 1, max = 256))]
    pub cursor: Option<String>,
    /// Only what is new since the `baseline`, the first check or the last.
    #[serde(default)]
    #[schemars(with = "String", extend("enum" = ["baseline", "start", "last"]))]
    pub since: Option<Since>,
}

/// Arguments of `check_files`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckFilesArgs {
    /// Project-relative files.
    #[schemars(length(min = 1, max = 512), inner(length(min = 1)))]
    pub files: Vec<String>,
    /// The `nextCursor` of the previous page.
    #[serde(default)]
    #[schemars(with = "String", length(min = 1, max = 256))]
    pub cursor: Option<String>,
    /// As in check_project.
    #[serde(default)]
    #[schemars(with = "String", extend("enum" = ["baseline", "start", "last"]))]
    pub since: Option<Since>,
}

/// Arguments of `get_issue_detail`: exactly one of the two, non-empty.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct IssueDetailArgs {
    /// A `clusterId` from a check: that cluster's issues.
    #[serde(default)]
    #[schemars(with = "String", length(min = 1, max = 256))]
    pub cluster_id: Option<String>,
    /// An `issueId`: that issue.
    #[serde(default)]
    #[schemars(with = "String", length(min = 1, max = 256))]
    pub issue_id: Option<String>,
    /// Issues per page (default 50).
    #[serde(default)]
    #[schemars(with = "u32", range(min = 1, max = 500))]
    pub limit: Option<u32>,
    /// The `nextCursor` of the previous page.
    #[serde(default)]
    #[schemars(with = "String", length(min = 1, max = 256))]
    pub cursor: Option<String>,
}

/// Arguments of `apply_fixes`: at most one of `issueIds`, `clusterId`, `files` (none: every
/// issue of the latest check).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ApplyFixesArgs {
    /// Issue ids of the latest check.
    #[serde(default)]
    #[schemars(length(min = 1, max = 512))]
    pub issue_ids: Option<Vec<String>>,
    /// A cluster of the latest check.
    #[serde(default)]
    #[schemars(with = "String", length(min = 1, max = 256))]
    pub cluster_id: Option<String>,
    /// Project-relative files.
    #[serde(default)]
    #[schemars(length(min = 1, max = 512))]
    pub files: Option<Vec<String>>,
    /// `all` adds unsafe fixes.
    #[serde(default)]
    #[schemars(with = "String", extend("enum" = ["safe", "all"]))]
    pub safety: Option<crate::fix::Safety>,
    /// Diff only; write nothing.
    #[serde(default)]
    pub dry_run: Option<bool>,
}

impl ApplyFixesArgs {
    /// The request, with every reference checked; `files` validated against `root`.
    pub fn request(self, root: &std::path::Path) -> Result<crate::fix::FixRequest, String> {
        use crate::fix::Selection;
        let given = usize::from(self.issue_ids.is_some())
            + usize::from(self.cluster_id.is_some())
            + usize::from(self.files.is_some());
        if given > 1 {
            return Err("give at most one of issueIds, clusterId or files".to_owned());
        }
        let selection = if let Some(ids) = self.issue_ids {
            if ids.is_empty() || ids.len() > MAX_PATHS {
                return Err(format!(
                    "issueIds holds {} ids; give 1 to {MAX_PATHS}",
                    ids.len()
                ));
            }
            for id in &ids {
                check_length(id, "an issueId")?;
            }
            Selection::Issues(ids)
        } else if let Some(id) = self.cluster_id {
            Selection::Cluster(non_empty(id, "clusterId")?)
        } else if let Some(files) = self.files {
            if files.is_empty() {
                return Err("files is empty; give at least one project-relative file".to_owned());
            }
            Selection::Files(crate::paths::validate_all(root, &files).map_err(|e| e.to_string())?)
        } else {
            Selection::All
        };
        Ok(crate::fix::FixRequest {
            selection,
            safety: self.safety.unwrap_or_default(),
            dry_run: self.dry_run.unwrap_or(false),
        })
    }
}

/// Issues per `get_issue_detail` page unless `limit` says otherwise.
pub const DEFAULT_DETAIL_LIMIT: usize = 50;
/// The most issues one `get_issue_detail` page holds.
pub const MAX_DETAIL_LIMIT: usize = 500;

fn whole_project() -> Vec<String> {
    vec![".".to_owned()]
}

/// The one reference `get_issue_detail` resolves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IssueRef {
    Cluster(String),
    Issue(String),
}

impl IssueDetailArgs {
    /// Issues per page: `limit`, checked, or the default.
    pub fn page_size(&self) -> Result<usize, String> {
        match self.limit {
            None => Ok(DEFAULT_DETAIL_LIMIT),
            Some(n) if (1..=MAX_DETAIL_LIMIT as u32).contains(&n) => Ok(n as usize),
            Some(n) => Err(format!(
                "limit is {n}; give 1 to {MAX_DETAIL_LIMIT} (default {DEFAULT_DETAIL_LIMIT})"
            )),
        }
    }

    /// Exactly one non-empty reference, or why not.
    pub fn reference(&self) -> Result<IssueRef, String> {
        match (self.cluster_id.clone(), self.issue_id.clone()) {
            (Some(_), Some(_)) => {
                Err("give exactly one of clusterId or issueId, not both".to_owned())
            }
            (None, None) => Err(
                "give exactly one non-empty reference: clusterId or issueId (neither was given)"
                    .to_owned(),
            ),
            (Some(id), None) => non_empty(id, "clusterId").map(IssueRef::Cluster),
            (None, Some(id)) => non_empty(id, "issueId").map(IssueRef::Issue),
        }
    }
}

fn non_empty(id: String, field: &str) -> Result<String, String> {
    if id.trim().is_empty() {
        return Err(format!("{field} is empty; give a non-empty {field}"));
    }
    check_length(&id, field)?;
    Ok(id)
}

/// Refuses a reference or cursor longer than [`MAX_REF_CHARS`].
pub fn check_length(value: &str, field: &str) -> Result<(), String> {
    if value.chars().count() > MAX_REF_CHARS {
        return Err(format!(
            "{field} is {} characters long; at most {MAX_REF_CHARS} are accepted",
            value.chars().count()
        ));
    }
    Ok(())
}

/// A check's optional cursor: absent, or non-empty and not too long.
pub fn check_cursor(cursor: Option<String>) -> Result<Option<String>, String> {
    match cursor {
        None => Ok(None),
        Some(c) if c.is_empty() => Err("cursor is empty; omit it for the first page".to_owned()),
        Some(c) => check_length(&c, "cursor").map(|()| Some(c)),
    }
}

/// The path limit the schemas advertise, kept equal to the validator's.
const _: () = assert!(MAX_PATHS == 512);

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(value: serde_json::Value) -> Result<IssueRef, String> {
        serde_json::from_value::<IssueDetailArgs>(value)
            .map_err(|e| e.to_string())?
            .reference()
    }

    #[test]
    fn issue_detail_takes_exactly_one_non_empty_reference() {
        use serde_json::json;
        assert_eq!(
            detail(json!({"clusterId": "c-1"})),
            Ok(IssueRef::Cluster("c-1".into()))
        );
        assert_eq!(
            detail(json!({"issueId": "abc"})),
            Ok(IssueRef::Issue("abc".into()))
        );
        assert!(detail(json!({})).unwrap_err().contains("exactly one"));
        assert!(
            detail(json!({"clusterId": "a", "issueId": "b"}))
                .unwrap_err()
                .contains("not both")
        );
        assert!(
            detail(json!({"clusterId": "", "issueId": ""}))
                .unwrap_err()
                .contains("not both")
        );
        assert!(
            detail(json!({"clusterId": ""}))
                .unwrap_err()
                .contains("empty")
        );
        assert!(
            detail(json!({"issueId": "  "}))
                .unwrap_err()
                .contains("empty")
        );
        assert!(detail(json!({"issueId": 7})).is_err());
        assert!(detail(json!({"issueId": "x", "extra": 1})).is_err());
        let long = "x".repeat(MAX_REF_CHARS + 1);
        assert!(
            detail(json!({ "issueId": long }))
                .unwrap_err()
                .contains("at most")
        );
    }

    #[test]
    fn apply_fixes_takes_at_most_one_selection() {
        use crate::fix::{Safety, Selection};
        use serde_json::json;
        let root = std::path::Path::new("/");
        let parse = |v: serde_json::Value| {
            serde_json::from_value::<ApplyFixesArgs>(v)
                .map_err(|e| e.to_string())
                .and_then(|a| a.request(root))
        };
        let all = parse(json!({})).unwrap();
        assert_eq!(all.selection, Selection::All);
        assert_eq!(all.safety, Safety::Safe);
        assert!(!all.dry_run);
        let some = parse(json!({"issueIds": ["a"], "safety": "all", "dryRun": true})).unwrap();
        assert_eq!(some.selection, Selection::Issues(vec!["a".into()]));
        assert_eq!(some.safety, Safety::All);
        assert!(some.dry_run);
        assert!(
            parse(json!({"issueIds": ["a"], "clusterId": "c"}))
                .unwrap_err()
                .contains("at most one")
        );
        assert!(parse(json!({"issueIds": []})).is_err());
        assert!(parse(json!({"safety": "unsafe"})).is_err());
        assert!(
            parse(json!({"clusterId": " "}))
                .unwrap_err()
                .contains("empty")
        );
    }

    #[test]
    fn check_arguments_default_and_refuse_unknown_fields() {
        use serde_json::json;
        let args: CheckProjectArgs = serde_json::from_value(json!({})).unwrap();
        assert_eq!(args.paths, vec!["."]);
        assert!(serde_json::from_value::<CheckProjectArgs>(json!({"path": ["."]})).is_err());
        assert!(serde_json::from_value::<CheckFilesArgs>(json!({})).is_err());
        assert!(serde_json::from_value::<CheckFilesArgs>(json!({"files": "a.ts"})).is_err());
        assert!(serde_json::from_value::<NoArgs>(json!({"x": 1})).is_err());
        assert!(check_cursor(Some(String::new())).is_err());
        assert_eq!(check_cursor(None), Ok(None));
    }
}
