//! Paging clusters: 10 per page by default, an opaque cursor for the next page.
//!
//! A cursor encodes the offset and a fingerprint of the cluster list it pages through. A cursor
//! from another list (the issues changed since) or a malformed one is rejected: the first page is
//! returned and `cursor_rejected` says so.

use super::ids::short_hash;
use super::model::{Cluster, NormalizedIssue};

/// Clusters per page unless asked otherwise (the contract's "ten are returned by default").
pub const DEFAULT_PAGE_SIZE: usize = 10;

/// One page of clusters.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Page {
    pub clusters: Vec<Cluster>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    pub next_cursor: Option<String>,
    /// More clusters exist after this page.
    pub truncated: bool,
    /// The cursor given was malformed or from another cluster list; this is the first page.
    pub cursor_rejected: bool,
}

/// The page of `clusters` that starts at `cursor` (the first page for `None`), `limit` clusters
/// long (`0` means [`DEFAULT_PAGE_SIZE`]).
pub fn page(clusters: &[Cluster], cursor: Option<&str>, limit: usize) -> Page {
    let limit = if limit == 0 { DEFAULT_PAGE_SIZE } else { limit };
    let fingerprint = fingerprint(clusters);
    let (start, cursor_rejected) = match cursor {
        None => (0, false),
        Some(cursor) => match decode(cursor, &fingerprint) {
            Some(offset) if offset < clusters.len() => (offset, false),
            _ => (0, true),
        },
    };
    let end = start.saturating_add(limit).min(clusters.len());
    let truncated = end < clusters.len();
    Page {
        clusters: clusters[start..end].to_vec(),
        next_cursor: truncated.then(|| format!("{end:x}.{fingerprint}")),
        truncated,
        cursor_rejected,
    }
}

fn fingerprint(clusters: &[Cluster]) -> String {
    let ids: Vec<&str> = clusters.iter().map(|c| c.cluster_id.as_str()).collect();
    short_hash(&ids)[..8].to_owned()
}

fn decode(cursor: &str, fingerprint: &str) -> Option<usize> {
    let (offset, print) = cursor.split_once('.')?;
    if print != fingerprint || offset.is_empty() || offset.len() > 12 {
        return None;
    }
    usize::from_str_radix(offset, 16).ok().filter(|&o| o > 0)
}

/// The most bytes of issue JSON one `get_issue_detail` page holds: the answer carries the issues
/// twice (structured content and text), so a page stays well under 32 KiB whatever `limit` says.
pub const ISSUE_PAGE_BYTES: usize = 14 * 1024;

/// One page of a list of issues.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IssuePage<'a> {
    pub issues: Vec<&'a NormalizedIssue>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    pub next_cursor: Option<String>,
}

/// The page of `issues` that starts at `cursor`: at most `limit` issues and at most
/// [`ISSUE_PAGE_BYTES`] of their JSON (always at least one issue). `Err` for a malformed cursor or
/// one from another list of issues.
pub fn page_issues<'a>(
    issues: &[&'a NormalizedIssue],
    cursor: Option<&str>,
    limit: usize,
) -> Result<IssuePage<'a>, String> {
    let ids: Vec<&str> = issues.iter().map(|i| i.issue_id.as_str()).collect();
    let fingerprint = short_hash(&ids)[..8].to_owned();
    let start = match cursor {
        None => 0,
        Some(cursor) => decode(cursor, &fingerprint)
            .filter(|&o| o < issues.len())
            .ok_or_else(|| {
                "cursor is not from this list of issues (it changed since, or the cursor is \
                 malformed); omit it for the first page"
                    .to_owned()
            })?,
    };
    let mut bytes = 0;
    let mut end = start;
    while end < issues.len() && end - start < limit.max(1) {
        let size = serde_json::to_vec(issues[end]).map_or(0, |b| b.len() + 1);
        if end > start && bytes + size > ISSUE_PAGE_BYTES {
            break;
        }
        bytes += size;
        end += 1;
    }
    Ok(IssuePage {
        issues: issues[start..end].to_vec(),
        next_cursor: (end < issues.len()).then(|| format!("{end:x}.{fingerprint}")),
    })
}

#[cfg(test)]
mod tests {
    use super::super::analyze;
    use super::super::tests::oxlint;
    use super::*;

    fn many(n: u32) -> crate::core::Analysis {
        analyze(
            (1..=n)
                .map(|line| oxlint("eslint/no-debugger", "src/a.ts", line, "`debugger` here"))
                .collect(),
        )
    }

    #[test]
    fn issue_pages_follow_their_cursor_to_the_end_within_the_byte_budget() {
        let analysis = many(400);
        let issues: Vec<&NormalizedIssue> = analysis.issues.iter().collect();
        let mut cursor: Option<String> = None;
        let mut seen = Vec::new();
        loop {
            let page = page_issues(&issues, cursor.as_deref(), 500).unwrap();
            let bytes = serde_json::to_vec(&page.issues).unwrap().len();
            assert!(bytes <= ISSUE_PAGE_BYTES + 2, "{bytes}");
            assert!(!page.issues.is_empty());
            seen.extend(page.issues.iter().map(|i| i.issue_id.clone()));
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
        let all: Vec<String> = analysis.issues.iter().map(|i| i.issue_id.clone()).collect();
        assert_eq!(seen, all);

        let seven = page_issues(&issues, None, 7).unwrap();
        assert_eq!(seven.issues.len(), 7);
        let next = page_issues(&issues, seven.next_cursor.as_deref(), 7).unwrap();
        assert_eq!(next.issues[0].issue_id, analysis.issues[7].issue_id);
        // A cursor of another list, a malformed one, one past the end: refused.
        let other = many(3);
        let other: Vec<&NormalizedIssue> = other.issues.iter().collect();
        for bad in [
            seven.next_cursor.as_deref().unwrap(),
            "x",
            "0.zz",
            "ffff.00000000",
        ] {
            assert!(page_issues(&other, Some(bad), 7).is_err(), "{bad}");
        }
        let last = page_issues(&other, None, 50).unwrap();
        assert_eq!((last.issues.len(), last.next_cursor), (3, None));
    }
}
