//! `SEMANTIC_OVERLAP` and `ALREADY_IN_CORPUS`: a scanned tool against the corpus of known tools.
//!
//! Each tool with a name and a description is embedded as `"<name> <description>"` and compared
//! with every corpus description (exact cosine: 3,065 dot products of 384 floats per tool take
//! well under a millisecond). Against a corpus tool of the same name (case-insensitive) the
//! tool's description alone is compared instead. Corpus tools of the scanned server itself are
//! skipped. Similarities are rounded to two decimals before they are compared with a threshold.

use signalint_plugin_api::{Finding, McpSurface};

use super::{Texts, evidence, reported};
use crate::corpus::EmbeddedCorpus;
use crate::model::{Vectors, cosine, round2};
use crate::options::Options;

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Reports a tool whose name and description mean nearly the same as a tool of another server
    /// in the corpus (3,065 tools of 258 public servers, plus any corpus files configured): the
    /// cosine similarity of their embeddings (all-MiniLM-L6-v2) is at least `threshold` (default
    /// 0.70). One finding per tool, for its closest corpus tool; a corpus tool of the same name
    /// whose description is nearly identical is reported as `ALREADY_IN_CORPUS` instead.
    ///
    /// ## Why is this bad?
    /// A model picks tools by their descriptions. When a client loads this server next to one
    /// with a tool that reads the same, the model cannot tell which to call, and calls may go to
    /// the other server. Say what sets the tool apart (its data source, scope or side effects).
    ///
    /// ## Example
    /// ```json invalid options={"default_corpus": false, "corpus": ["tests/data/example-corpus.json"]}
    /// {"tools": [{"name": "find_pages",
    ///   "description": "Search the documentation for pages that match a query"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid options={"default_corpus": false, "corpus": ["tests/data/example-corpus.json"]}
    /// {"tools": [{"name": "search_docs",
    ///   "description": "Look up Acme's internal runbooks by incident number or on-call team"}]}
    /// ```
    ///
    /// ## Options
    /// `threshold` (default 0.70), `corpus` (more corpus files), `default_corpus` (default `true`).
    pub SEMANTIC_OVERLAP = {
        id: "SEMANTIC_OVERLAP",
        severity: Warning,
        summary: "A tool means nearly the same as a corpus tool of another server",
    }
}

signalint_plugin_api::declare_rule! {
    /// ## What it does
    /// Reports a tool that the corpus already holds: a corpus tool of another server has the same
    /// name (case-insensitive) and a description at least `same_name_threshold` (default 0.95)
    /// similar. Informational: shown only with `include_info = true`.
    ///
    /// ## Why is this bad?
    /// It usually is not: the scanned server is a copy, a fork or a new version of a public server
    /// (if it is your own, no action is needed). When it is not yours, a client that loads both
    /// has two tools of one name and one meaning, and which one runs is up to the client.
    ///
    /// ## Example
    /// ```json invalid options={"default_corpus": false, "corpus": ["tests/data/example-corpus.json"]}
    /// {"tools": [{"name": "Search_Docs",
    ///   "description": "Search documentation pages that match a query"}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid options={"default_corpus": false, "corpus": ["tests/data/example-corpus.json"]}
    /// {"tools": [{"name": "search_docs",
    ///   "description": "Delete every document in a folder"}]}
    /// ```
    ///
    /// ## Options
    /// `same_name_threshold` (default 0.95).
    pub ALREADY_IN_CORPUS = {
        id: "ALREADY_IN_CORPUS",
        severity: Info,
        summary: "A tool of the same name and description is already in the corpus",
    }
}

/// One scanned tool and the indices of its texts.
#[derive(Debug)]
pub struct Query {
    surface: usize,
    tool: usize,
    name: String,
    /// `"<name> <description>"`.
    text: usize,
    /// The description alone, when the corpus has a tool of the same name.
    description: Option<usize>,
}

/// The tools to compare and the texts they need.
pub fn plan(surfaces: &[McpSurface], corpus: &EmbeddedCorpus, texts: &mut Texts) -> Vec<Query> {
    let mut queries = Vec::new();
    for (surface_index, surface) in surfaces.iter().enumerate() {
        for (tool_index, tool) in surface.tools.iter().enumerate() {
            let name = tool.get("name").and_then(|v| v.as_str()).unwrap_or("");
            let description = tool.get("description").and_then(|v| v.as_str());
            let Some(description) = description.filter(|d| !d.trim().is_empty()) else {
                continue;
            };
            if name.is_empty() {
                continue;
            }
            let text = texts.push(format!("{name} {description}"));
            let description =
                (!corpus.named(name).is_empty()).then(|| texts.push(description.to_owned()));
            queries.push(Query {
                surface: surface_index,
                tool: tool_index,
                name: name.to_owned(),
                text,
                description,
            });
        }
    }
    queries
}

/// The findings of both codes, by surface and tool.
pub fn check(
    queries: &[Query],
    surfaces: &[McpSurface],
    vectors: &Vectors,
    corpus: &EmbeddedCorpus,
    options: &Options,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    for query in queries {
        let server = surfaces[query.surface].server.as_str();
        let text = vectors.row(query.text);
        let same_name = corpus.named(&query.name);
        // The closest corpus tool of the same name, by description.
        let mut already: Option<(f32, usize)> = None;
        if let Some(description) = query.description {
            let description = vectors.row(description);
            for &i in same_name {
                if corpus.tools[i].server == server {
                    continue;
                }
                let similarity = round2(cosine(description, corpus.vectors.row(i)));
                if similarity >= options.same_name_threshold
                    && already.is_none_or(|(best, _)| similarity > best)
                {
                    already = Some((similarity, i));
                }
            }
        }
        // The closest other corpus tool.
        let mut overlap: Option<(f32, usize)> = None;
        for (i, tool) in corpus.tools.iter().enumerate() {
            if tool.server == server || already.is_some_and(|(_, a)| a == i) {
                continue;
            }
            let similarity = if same_name.contains(&i) {
                match query.description {
                    Some(d) => cosine(vectors.row(d), corpus.vectors.row(i)),
                    None => continue,
                }
            } else {
                cosine(text, corpus.vectors.row(i))
            };
            if overlap.is_none_or(|(best, _)| similarity > best) {
                overlap = Some((similarity, i));
            }
        }
        let overlap = overlap
            .map(|(s, i)| (round2(s), i))
            .filter(|&(s, _)| s >= options.threshold);
        if let Some((similarity, i)) = already {
            findings.push(finding(query, corpus, i, similarity, true));
        }
        if let Some((similarity, i)) = overlap {
            findings.push(finding(query, corpus, i, similarity, false));
        }
    }
    findings
}

fn finding(
    query: &Query,
    corpus: &EmbeddedCorpus,
    matched: usize,
    similarity: f32,
    already: bool,
) -> Finding {
    let other = &corpus.tools[matched];
    let similarity = reported(similarity);
    let (rule, message) = if already {
        (
            &ALREADY_IN_CORPUS,
            format!(
                "'{}' already exists in the corpus as '{}' in {} (similarity: {similarity:.2}) — if this is your server, no action needed",
                query.name, other.name, other.display_name
            ),
        )
    } else {
        (
            &SEMANTIC_OVERLAP,
            format!(
                "'{}' is semantically similar to '{}' in {} (similarity: {similarity:.2}) — consider adding disambiguation to your description",
                query.name, other.name, other.display_name
            ),
        )
    };
    Finding::new(rule.id, rule.severity, message, query.surface)
        .with_tool(query.name.as_str())
        .with_related_tool(other.name.as_str())
        .with_pointer(format!("/tools/{}/description", query.tool))
        .with_evidence(evidence(
            &other.name,
            &other.server,
            &other.display_name,
            None,
            similarity,
        ))
}
