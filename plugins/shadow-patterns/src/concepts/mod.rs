//! Concept lexicons for reading behaviour rather than phrases, in every supported language.
//!
//! A **concept** is a set of word stems that name one idea (an order to ignore, a prior
//! instruction, the user, a secret, a verb that moves data into a field) in English, Spanish,
//! French, German, Portuguese, Italian, Chinese, Japanese, Korean and Russian. Stems match by
//! prefix at a word start, so inflections need no list ("ignor" covers ignore, ignoring,
//! ignorez, ignoriere); stems in Han or kana script match anywhere, as those scripts have no
//! spaces. Text is read on a view that keeps every script (lower case, Latin diacritics
//! stripped, invisible characters removed): nothing is folded to a placeholder. The word
//! lists are data, one file per concept under `data/concepts/` with a row per language (see
//! `parse_concept` and `data/concepts/README.md`), compiled in and read once.
//!
//! A **rule** is a set of concepts that must meet within one clause, whatever stands between
//! them (tool names, adjectives, the tool's own name). Each signal declares its rules in its
//! own file (a `ClauseRule` or `TextRule`); [`detect`] runs them all on every clause of a
//! unit, and each reports under the signal of the behaviour it describes, so the rules add to
//! each signal rather than replace it. Because [`crate::signals::language_signals`] runs them, decoded and reassembled text
//! is judged exactly like plain text.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use crate::normalize::{is_invisible, strip_diacritic};
use crate::signals::{
    Hit, SignalInfo, Unit, UnitKind, argument_tampering, concealment, conditional_trigger,
    cross_server_shadowing, exfiltration, fake_prerequisite, forced_invocation,
    instruction_override, preference_manipulation, tool_suppression,
};

/// Declares the concepts and embeds each one's word list, `data/concepts/<name>.tsv`.
macro_rules! concepts {
    ($($concept:ident => $file:literal,)*) => {
        /// The concepts, one data file of stems each.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[repr(u8)]
        pub(crate) enum C {
            $($concept,)*
        }

        /// Each concept with its file name and its word list.
        const CONCEPT_FILES: &[(C, &str, &str)] = &[
            $((C::$concept, $file, include_str!(concat!("../../data/concepts/", $file, ".tsv"))),)*
        ];
    };
}

concepts! {
    Ignore => "ignore",
    Cancel => "cancel",
    Prior => "prior",
    Rules => "rules",
    Governs => "governs",
    Persona => "persona",
    Neg => "neg",
    Tell => "tell",
    User => "user",
    Hide => "hide",
    Lie => "lie",
    Without => "without",
    Secret => "secret",
    Put => "put",
    ParamRef => "param-ref",
    Always => "always",
    Every => "every",
    Call => "call",
    Turn => "turn",
    SelfRef => "self-ref",
    Other => "other",
    Deprecated => "deprecated",
    Bad => "bad",
    Instead => "instead",
    Use => "use",
    Bcc => "bcc",
    Object => "object",
    Modify => "modify",
    Superlative => "superlative",
    Endorse => "endorse",
    Trust => "trust",
    Prereq => "prereq",
    Personal => "personal",
    Trigger => "trigger",
    Subject => "subject",
    ToolWord => "tool-word",
    Before => "before",
    Stop => "stop",
    Protect => "protect",
    Over => "over",
}

const N: usize = CONCEPT_FILES.len();

/// The languages a concept file has rows for, in the order the rows are written.
pub const LANGUAGES: &[&str] = &["en", "es", "fr", "de", "pt", "it", "zh", "ja", "ko", "ru"];

/// The stems of one concept file, each with its row's language.
///
/// A file is UTF-8 text: lines starting with `#` are comments; every other non-empty line is a
/// row, a language code from [`LANGUAGES`] and then that language's stems, all separated by
/// tabs. A stem ending in `$` must end at a word end. A stem with a space at either end is
/// written in double quotes, so that editors keep the space.
fn parse_concept(file: &str, text: &str) -> Result<Vec<(&'static str, String)>, String> {
    let mut stems = Vec::new();
    let mut seen_languages = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = || format!("data/concepts/{file}.tsv, line {}", n + 1);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let code = fields.next().unwrap_or("");
        let Some(&language) = LANGUAGES.iter().find(|&&l| l == code) else {
            return Err(format!(
                "{}: `{code}` is not a language code; start the row with one of {}",
                at(),
                LANGUAGES.join(", ")
            ));
        };
        if seen_languages.contains(&language) {
            return Err(format!(
                "{}: a second `{language}` row; keep one row per language",
                at()
            ));
        }
        seen_languages.push(language);
        for field in fields {
            let stem = match field.strip_prefix('"').and_then(|f| f.strip_suffix('"')) {
                Some(quoted) => quoted,
                None => field,
            };
            if stem.trim().is_empty() || stem.contains('"') {
                return Err(format!(
                    "{}: stem `{field}` is empty or has a stray quote; write one stem per tab-separated field",
                    at()
                ));
            }
            if stems.iter().any(|(_, s)| s == stem) {
                return Err(format!("{}: stem `{stem}` is listed twice", at()));
            }
            stems.push((language, stem.to_owned()));
        }
    }
    Ok(stems)
}

/// Byte ranges of one concept's stems in a view, per concept.
type Found = [Vec<(usize, usize)>; N];

struct Lexicon {
    ac: AhoCorasick,
    /// For each pattern: its concept, whether it must end at a word end, whether it must start
    /// at a word start.
    meta: Vec<(C, bool, bool)>,
}

static LEX: LazyLock<Lexicon> = LazyLock::new(|| {
    let mut pats = Vec::new();
    let mut meta = Vec::new();
    for &(c, file, text) in CONCEPT_FILES {
        // The files are compiled in, and a test parses every one: an error is a build defect.
        let stems = parse_concept(file, text).unwrap_or_else(|e| panic!("{e}"));
        for (_, stem) in stems {
            let whole = stem.ends_with('$');
            let s = stem.trim_end_matches('$');
            let cjk = s.chars().any(is_unspaced_script);
            pats.push(s.to_owned());
            meta.push((c, whole && !cjk, !cjk));
        }
    }
    Lexicon {
        ac: AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            // A full DFA: the lexicon is small, and every unit is searched.
            .kind(Some(AhoCorasickKind::DFA))
            .build(&pats)
            .expect("the concept lexicon compiles"),
        meta,
    }
});

/// Han, kana: scripts written without spaces between words.
fn is_unspaced_script(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xf900..=0xfaff)
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The text concepts are read on: lower case, Latin diacritics stripped, invisible and control
/// characters removed, whitespace runs as one space; every script kept.
pub fn view(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut space = false;
    let mut newline = false;
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        // A terminal escape sequence is markup for the terminal, not text.
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                while chars
                    .next_if(|n| n.is_ascii_digit() || *n == ';' || *n == '?')
                    .is_some()
                {}
                chars.next();
            }
            continue;
        }
        if is_invisible(c) || (c.is_control() && !c.is_whitespace()) {
            continue;
        }
        if c.is_whitespace() {
            // A line break ends a clause like a full stop (lists, headings, code lines).
            if c == '\n' {
                newline = !out.is_empty();
            }
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(if newline { '\n' } else { ' ' });
            space = false;
            newline = false;
        }
        match c {
            '’' | '‘' => out.push('\''),
            '“' | '”' | '«' | '»' | '「' | '」' => out.push('"'),
            c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
            c => match strip_diacritic(c) {
                // Keep the diacritic forms too: stems are written either way.
                Some(_) if "äöüßçñãõ".contains(c.to_lowercase().next().unwrap_or(c)) => {
                    out.extend(c.to_lowercase())
                }
                Some(base) => out.extend(base.to_lowercase()),
                None => out.extend(c.to_lowercase()),
            },
        }
    }
    out
}

/// Sentence ranges of a view: clauses joined across semicolons and commas, so that "do not
/// use X; it is broken" reads as one statement.
fn sentences(text: &str) -> Vec<(usize, usize)> {
    split(text, false)
}

/// Clause ranges of a view: bounded by sentence punctuation in any script or a line break.
fn clauses(text: &str) -> Vec<(usize, usize)> {
    split(text, true)
}

fn split(text: &str, at_semicolons: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let next = iter.peek().map(|&(_, n)| n);
        let stop = matches!(c, '!' | '?' | '\n' | '。' | '！' | '？')
            || (at_semicolons && matches!(c, ';' | '；'))
            || (c == '.' && next.is_none_or(|n| n == ' '));
        if stop {
            out.push((start, i));
            start = i + c.len_utf8();
        }
    }
    out.push((start, text.len()));
    out.retain(|&(a, b)| b > a);
    out
}

fn find(text: &str) -> Found {
    let lex = &*LEX;
    let mut found: Found = std::array::from_fn(|_| Vec::new());
    for m in lex.ac.find_overlapping_iter(text) {
        let (c, whole, start_word) = lex.meta[m.pattern().as_usize()];
        let before = text[..m.start()].chars().next_back();
        let after = text[m.end()..].chars().next();
        let starts = !start_word || before.is_none_or(|b| !is_word(b));
        let ends = !whole || after.is_none_or(|a| !is_word(a));
        if starts && ends {
            found[c as usize].push((m.start(), m.end()));
        }
    }
    found
}

/// The concepts present in `range`, and the first position of each.
pub(crate) struct Clause<'f> {
    found: &'f Found,
    range: (usize, usize),
}

impl Clause<'_> {
    pub(crate) fn has(&self, c: C) -> bool {
        self.found[c as usize]
            .iter()
            .any(|&(s, e)| s >= self.range.0 && e <= self.range.1)
    }
    pub(crate) fn spans(&self, c: C) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (from, to) = self.range;
        self.found[c as usize]
            .iter()
            .copied()
            .filter(move |&(s, e)| s >= from && e <= to)
    }
    /// `a` and `b` in the clause, `b` starting at most `gap` bytes after `a` ends.
    pub(crate) fn then(&self, a: C, b: C, gap: usize) -> bool {
        self.spans(a)
            .any(|(_, ae)| self.spans(b).any(|(bs, _)| bs >= ae && bs - ae <= gap))
    }
    /// `b` right after `a`: at most `gap` bytes of plain words between them, no punctuation
    /// ("every new message", not "every call (responses").
    pub(crate) fn adjacent(&self, text: &str, a: C, b: C, gap: usize) -> bool {
        self.spans(a).any(|(_, ae)| {
            self.spans(b).any(|(bs, _)| {
                bs >= ae
                    && bs - ae <= gap
                    && text[ae..bs].chars().all(|c| c.is_alphabetic() || c == ' ')
            })
        })
    }
    /// `c` anywhere in `range` of the same text, inside this clause or not.
    pub(crate) fn has_in(&self, c: C, (from, to): (usize, usize)) -> bool {
        self.found[c as usize]
            .iter()
            .any(|&(s, e)| s >= from && e <= to)
    }
    /// `a` and `b` within `gap` bytes of each other, in either order.
    pub(crate) fn near(&self, a: C, b: C, gap: usize) -> bool {
        self.then(a, b, gap) || self.then(b, a, gap)
    }
    /// Some match of `a` starts before some match of `b`.
    pub(crate) fn before(&self, a: C, b: C) -> bool {
        self.spans(a)
            .any(|(s, _)| self.spans(b).any(|(t, _)| s < t))
    }
}

/// An e-mail address, URL, IP address, IBAN or shell pipe: a place data can be sent to.
pub(crate) fn external(s: &str) -> bool {
    let email = s.split(|c: char| c.is_whitespace() || c == ',').any(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.contains('@') && w.rsplit('@').next().is_some_and(|d| d.contains('.'))
    });
    let ip = s
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .any(|w| w.split('.').filter(|p| !p.is_empty()).count() == 4);
    let iban = s.split(' ').any(|w| {
        w.len() == 4
            && w.as_bytes()[..2].iter().all(u8::is_ascii_alphabetic)
            && w.as_bytes()[2..].iter().all(u8::is_ascii_digit)
    });
    email
        || ip
        || iban
        || s.contains("http://")
        || s.contains("https://")
        || s.contains("| sh")
        || s.contains("rm -rf")
}

/// Whether the clause names a tool that is not one of this server's tools or parameters.
pub(crate) fn foreign_tool(clause: &str, unit: &Unit<'_>) -> bool {
    // An argument in a call (`cleanup_data(confirm=true, preserve_library=true)`) is no tool.
    clause
        .match_indices(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .scan(0, |start, (i, sep)| {
            let word = &clause[*start..i];
            *start = i + sep.len();
            Some((word, sep))
        })
        .chain(std::iter::once((
            clause
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or(""),
            "",
        )))
        .filter(|&(w, sep)| {
            sep != "="
                && w.contains('_')
                && w.len() >= 5
                && !w.starts_with('_')
                && !w.ends_with('_')
        })
        .any(|(w, _)| !unit.siblings.contains(w) && !unit.params.iter().any(|p| p == w))
}

/// Whether a secret word names a field rather than private text: an identifier of the thing
/// ("session id", "conversation groups"), a key in a JSON or type listing (`"password":`,
/// `password?:`), or one of the tool's own parameters (a `password` field described as such).
/// The tool asks for what its API takes; poisoning asks for private text in an unrelated field.
fn names_a_field(text: &str, (start, end): (usize, usize), unit: &Unit<'_>) -> bool {
    let word_end = text[end..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| end + i);
    let word = &text[start..word_end];
    let rest = &text[word_end..];
    let next = rest
        .trim_start_matches(['`', '\'', '"', ' '])
        .split(|c: char| !is_word(c))
        .next()
        .unwrap_or("");
    let handle = word.ends_with("id")
        || word.ends_with("ids")
        || matches!(
            next,
            "id" | "ids"
                | "uuid"
                | "identifier"
                | "identifiers"
                | "group"
                | "groups"
                | "type"
                | "types"
                | "list"
                | "name"
                | "names"
                | "title"
                | "count"
        );
    let key = rest.starts_with("?:") || (text[..start].ends_with('"') && rest.starts_with("\":"));
    let squeeze = |s: &str| -> String { s.chars().filter(|c| c.is_alphanumeric()).collect() };
    let bare = squeeze(word);
    let own = bare.len() >= 5
        && unit.params.iter().any(|p| {
            let p = squeeze(p);
            p == bare || (p.ends_with(&bare) && !p.contains("note") && !p.contains("context"))
        });
    handle || key || own
}

pub(crate) fn names_sibling(clause: &str, unit: &Unit<'_>) -> bool {
    unit.siblings.named_in(clause, unit.tool)
}

pub(crate) fn names_self(clause: &str, unit: &Unit<'_>) -> bool {
    !unit.tool.is_empty() && clause.contains(unit.tool)
}

pub(crate) fn names_param(clause: &str, unit: &Unit<'_>) -> bool {
    unit.params.iter().any(|p| {
        p.len() >= 3
            && clause.match_indices(p.as_str()).any(|(i, _)| {
                let before = clause[..i].chars().next_back();
                let after = clause[i + p.len()..].chars().next();
                before.is_none_or(|b| !is_word(b)) && after.is_none_or(|a| !is_word(a))
            })
    })
}

/// A private-sounding word that is where the data goes or what is not sent: "send a message
/// to a specific chat conversation" names the recipient, "sends no authorization header"
/// sends none. A "to" up to four words back, with no transfer verb between, marks a recipient.
fn destination_or_none(text: &str, (start, _): (usize, usize), puts: &[(usize, usize)]) -> bool {
    let before = &text[..start];
    if before.ends_with("no ") {
        return true;
    }
    let mut rest = before.trim_end();
    for _ in 0..4 {
        let (head, word) = rest.rsplit_once(' ').unwrap_or(("", rest));
        if word.ends_with([',', ':', ';', '(', ')']) {
            return false;
        }
        if word == "to" || word == "into" {
            let at = head.len();
            return !puts.iter().any(|&(p, _)| p > at && p < start);
        }
        if head.is_empty() {
            return false;
        }
        rest = head.trim_end();
    }
    false
}

/// A transfer verb that labels a secret by its purpose ("Credential to attach", "API key to
/// send e-mails with"): the noun phrase says what a field holds; it orders nothing.
fn labels_secret(text: &str, (start, _): (usize, usize), secrets: &[(usize, usize)]) -> bool {
    let Some(before) = text[..start].strip_suffix(" to ") else {
        return false;
    };
    let word_start = before.rfind(' ').map_or(0, |i| i + 1);
    secrets
        .iter()
        .any(|&(s, e)| e > word_start && s < before.len())
}

/// "The cookie jar attaches cookies to any request", "it puts the credential in the
/// transcript": an English transfer verb in the third person states what something does; an
/// order uses the base form. Said of the model ("the model fills it with …") it is still an
/// order, in the form of a description of what the model does.
fn third_person(text: &str, (start, end): (usize, usize)) -> bool {
    let from = floor_boundary(text, start.saturating_sub(24));
    let subject = &text[from..start];
    if ["model", "assistant", "agent", "llm", "you"]
        .iter()
        .any(|w| subject.contains(w))
    {
        return false;
    }
    let stem = &text[start..end];
    let word_end = text[end..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| end + i);
    let ending = &text[end..word_end];
    stem.is_ascii() && !stem.contains(' ') && (ending == "s" || ending == "es")
}

/// The nearest character boundary at or before `i`.
fn floor_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The nearest character boundary at or after `i` (`i` at most the text's length).
fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// "Show/hide in message list", "show or hide the column": a display toggle, not secrecy.
fn display_toggle(text: &str, (start, end): (usize, usize)) -> bool {
    let before = text[..start].trim_end_matches(' ');
    let after = &text[end..];
    before.ends_with("show/")
        || before.ends_with("show or")
        || before.ends_with("show and")
        || after.starts_with("/show")
        || after.starts_with(" or show")
        || after.starts_with("/unhide")
}

/// The French order "cache" is also the English noun ("the cache key", "cache the result"):
/// it hides only in French, so a window around it must read as French.
fn english_cache(text: &str, (start, end): (usize, usize)) -> bool {
    if &text[start..end] != "cache" {
        return false;
    }
    let from = floor_boundary(text, start.saturating_sub(60));
    let to = ceil_boundary(text, (end + 60).min(text.len()));
    let french = text[from..to].split(|c: char| !c.is_alphabetic()).any(|w| {
        matches!(
            w,
            "le" | "la"
                | "les"
                | "des"
                | "du"
                | "au"
                | "aux"
                | "ne"
                | "pas"
                | "ce"
                | "cette"
                | "ces"
                | "et"
                | "à"
                | "utilisateur"
                | "vous"
        )
    });
    !french
}

/// "Apply previously copied overrides", "the overrides": override as a noun after a
/// participle or a determiner is a setting, not an order to override anything.
fn override_noun(text: &str, (start, end): (usize, usize)) -> bool {
    if !text[start..end].starts_with("overrid") {
        return false;
    }
    let prev = text[..start].trim_end().rsplit(' ').next().unwrap_or("");
    (prev.len() > 3 && prev.ends_with("ed"))
        || matches!(
            prev,
            "the" | "these" | "those" | "its" | "their" | "your" | "our" | "of" | "with"
        )
}

/// How many distinct concepts a text names: a cheap measure of how much it reads as
/// language about tools and users (a transform that raises it decoded something).
pub fn concept_count(text: &str) -> usize {
    let found = find(&view(text));
    found.iter().filter(|spans| !spans.is_empty()).count()
}

/// Whether a text holds an order about tools or data: a verb of calling, moving data,
/// ignoring or hiding.
pub fn is_order(text: &str) -> bool {
    let found = find(&view(text));
    [C::Call, C::Put, C::Ignore, C::Hide, C::Tell]
        .iter()
        .any(|&c| !found[c as usize].is_empty())
}

/// Whether a text touches what an attack is after: secrets or private text, a place to send
/// data to, hiding or lying, dropping earlier instructions, or other servers' tools. Usage notes about the tool's own
/// calls ("use create_items instead of calling this in a loop") touch none of these.
pub fn is_risky(text: &str) -> bool {
    let text = view(text);
    let found = find(&text);
    external(&text)
        || [
            C::Secret,
            C::Hide,
            C::Lie,
            C::Ignore,
            C::Persona,
            C::Bcc,
            C::Other,
        ]
        .iter()
        .any(|&c| !found[c as usize].is_empty())
}

/// "the right sender", "the provider": a verb stem grown into the noun of who does it, no
/// order to move anything.
fn agent_noun(text: &str, (_, end): (usize, usize)) -> bool {
    let rest: String = text[end..]
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    let word = format!("{}{rest}", &text[..end].rsplit(' ').next().unwrap_or(""));
    word.len() > 4 && (word.ends_with("er") || word.ends_with("ers"))
}

/// Words that report an order instead of giving it: "prompts that tell the model to",
/// "text which attempts to", "messages asking an assistant to".
const REPORTING: &[&str] = &[
    "that tell",
    "which tell",
    "that ask",
    "which ask",
    "that instruct",
    "which instruct",
    "that attempt",
    "which attempt",
    "that try",
    "which try",
    "that tries",
    "which tries",
    "that urge",
    "which urge",
    "telling an",
    "telling the",
    "asking an",
    "asking the",
    "instructing an",
    "instructing the",
    "trying to",
    "attempting to",
];

/// Whether the clause reports an order: a reporting frame stands before the first verb of
/// ignoring, calling, telling, hiding or moving data.
fn reported_order(cl: &Clause<'_>, s: &str, offset: usize) -> bool {
    let Some(frame) = REPORTING.iter().filter_map(|w| s.find(w)).min() else {
        return false;
    };
    let first_order = [C::Ignore, C::Call, C::Tell, C::Hide, C::Put, C::Cancel]
        .iter()
        .filter_map(|&c| cl.spans(c).map(|(a, _)| a).min())
        .min();
    first_order.is_some_and(|at| offset + frame < at)
}

/// Whether some clause of `text` moves a secret or private text somewhere (a verb of moving
/// data near a secret, neither refused nor protected), wherever it goes: what a term defined
/// in one tool and used in another must not mean.
pub fn moves_secret(text: &str) -> bool {
    let text = view(text);
    let found = find(&text);
    clauses(&text).into_iter().any(|range| {
        let cl = Clause {
            found: &found,
            range,
        };
        cl.near(C::Secret, C::Put, 60) && !cl.has(C::Neg) && !cl.has(C::Protect)
    })
}

/// Concepts that make an order when they open a clause: a verb of ignoring, telling, hiding,
/// lying, moving data, calling, using, changing or stopping, or a "never" / "always" /
/// "do not" that puts one.
const ORDER_OPENERS: &[C] = &[
    C::Ignore,
    C::Tell,
    C::Hide,
    C::Lie,
    C::Put,
    C::Call,
    C::Use,
    C::Modify,
    C::Stop,
    C::Neg,
    C::Always,
];

/// Whether `part` (lower-cased text, as a view or a folding gives it) opens with an order in
/// any supported language: one of [`ORDER_OPENERS`] in its base form at its first byte. A
/// verb in the third person ("includes", "sends") states what something does and opens no
/// order.
pub fn opens_with_order(part: &str) -> bool {
    let first = part.split(|c: char| !is_word(c)).next().unwrap_or("");
    let third =
        first.is_ascii() && first.len() > 3 && first.ends_with('s') && !first.ends_with("ss");
    let found = find(part);
    ORDER_OPENERS.iter().any(|&c| {
        found[c as usize]
            .iter()
            .any(|&(start, _)| start == 0 && (c == C::Neg || c == C::Always || !third))
    })
}

/// Whether `part` opens with a verb that moves data into something ("fill", "put", "pass",
/// "include", in any supported language): its object is where the data goes, not the data.
pub fn opens_with_transfer(part: &str) -> bool {
    find(part)[C::Put as usize]
        .iter()
        .any(|&(start, _)| start == 0)
}

/// Whether a clause holds what only an attack says, whatever its grammar: a persona switch, a
/// scripted lie, earlier instructions named ("previous instructions", "prior rules"), or
/// keeping something from the user ("without the user", "hidden from the user", "never tell
/// the user"), other tools or sources called broken or retired. Such a clause is never read as
/// a label.
pub fn names_attack(clause: &str) -> bool {
    let found = find(clause);
    let cl = Clause {
        found: &found,
        range: (0, clause.len()),
    };
    cl.has(C::Persona)
        || cl.has(C::Lie)
        || cl.then(C::Prior, C::Governs, 40)
        || cl.then(C::Prior, C::Rules, 40)
        || cl.near(C::Hide, C::User, 40)
        || cl.near(C::Without, C::User, 40)
        || (cl.then(C::Neg, C::Tell, 20) && cl.has(C::User))
        || cl.near(C::Bad, C::Other, 40)
        || cl.near(C::Deprecated, C::Other, 40)
}

/// One clause of a unit's view, with the sentence holding it: what a concept rule reads.
pub(crate) struct ClauseContext<'a> {
    /// The whole view of the unit.
    pub text: &'a str,
    /// The concepts in the clause.
    pub cl: Clause<'a>,
    /// The concepts in the sentence holding the clause (clauses joined across `;` and `,`).
    pub st: Clause<'a>,
    /// The clause's text.
    pub s: &'a str,
    /// The sentence's text.
    pub whole_sentence: &'a str,
    /// The clause's and the sentence's byte ranges in `text`.
    pub range: (usize, usize),
    pub sentence: (usize, usize),
    pub unit: &'a Unit<'a>,
    /// The unit is a parameter description.
    pub param: bool,
    /// Every verb of moving data, before those that only label a secret were dropped.
    pub puts: &'a [(usize, usize)],
}

/// A unit's view with its concepts: what the text-wide concept rules read.
pub(crate) struct TextContext<'a> {
    pub text: &'a str,
    found: &'a Found,
    puts: &'a [(usize, usize)],
    pub unit: &'a Unit<'a>,
    /// The text's subject is attacks (a detector, a moderation filter, a red-team list): it
    /// quotes them, and its clauses are not orders.
    pub subject: bool,
    sentences: Vec<(usize, usize)>,
}

impl<'a> TextContext<'a> {
    /// Every clause of the text, in order.
    pub fn clauses(&self) -> impl Iterator<Item = ClauseContext<'a>> + '_ {
        clauses(self.text).into_iter().map(move |range| {
            let sentence = self
                .sentences
                .iter()
                .copied()
                .find(|&(a, b)| a <= range.0 && range.1 <= b)
                .unwrap_or(range);
            ClauseContext {
                text: self.text,
                cl: Clause {
                    found: self.found,
                    range,
                },
                st: Clause {
                    found: self.found,
                    range: sentence,
                },
                s: &self.text[range.0..range.1],
                whole_sentence: &self.text[sentence.0..sentence.1],
                range,
                sentence,
                unit: self.unit,
                param: self.unit.kind == UnitKind::ParamDescription,
                puts: self.puts,
            }
        })
    }
}

/// Where a concept rule reports a hit on its clause. An order the clause only reports, or
/// one in a text about attacks, loses 5 points: it is quoted, not given.
pub(crate) struct Report<'o> {
    out: &'o mut Vec<Hit>,
    quoted: bool,
    clause: &'o str,
}

impl Report<'_> {
    pub fn hit(&mut self, signal: &'static SignalInfo, score: i32, detail: &str) {
        let score = if self.quoted { score - 5 } else { score };
        self.out.push(Hit {
            signal,
            score,
            start: 0,
            end: 0,
            raw_span: true,
            detail: detail.to_owned(),
            evidence: Some(clip(self.clause)),
        });
    }
}

/// A concept rule read clause by clause, declared in the file of the signal it reports.
pub(crate) type ClauseRule = fn(&ClauseContext<'_>, &mut Report<'_>);

/// A concept rule that weighs the whole text, declared in the file of its signal.
pub(crate) type TextRule = fn(&TextContext<'_>, &mut Vec<Hit>);

/// The clause rules, in the order they report.
const CLAUSE_RULES: &[ClauseRule] = &[
    instruction_override::concept_rule,
    concealment::concept_rule,
    exfiltration::secret_moved_rule,
    forced_invocation::concept_rule,
    tool_suppression::concept_rule,
    cross_server_shadowing::concept_rule,
    argument_tampering::concept_rule,
    cross_server_shadowing::arguments_rule,
    preference_manipulation::concept_rule,
    fake_prerequisite::concept_rule,
    conditional_trigger::concept_rule,
    exfiltration::secret_asked_rule,
];

/// The text rules, run after every clause rule.
const TEXT_RULES: &[TextRule] = &[preference_manipulation::concept_text_rule];

/// The concepts of a view, with the matches that do not mean their concept there dropped,
/// and every verb of moving data as found.
fn found_in(text: &str, unit: &Unit<'_>) -> (Found, Vec<(usize, usize)>) {
    let mut found = find(text);
    found[C::Secret as usize].retain(|&span| !names_a_field(text, span, unit));
    let secrets = found[C::Secret as usize].clone();
    let puts = found[C::Put as usize].clone();
    found[C::Secret as usize].retain(|&span| !destination_or_none(text, span, &puts));
    found[C::Put as usize].retain(|&span| {
        !labels_secret(text, span, &secrets) && !third_person(text, span) && !agent_noun(text, span)
    });
    found[C::Hide as usize]
        .retain(|&span| !display_toggle(text, span) && !english_cache(text, span));
    found[C::Ignore as usize].retain(|&span| !override_noun(text, span));
    (found, puts)
}

/// Runs the concept rules on a unit: every clause rule on every clause, then the text rules;
/// each rule reports under the signal of its behaviour.
pub fn detect(unit: &Unit<'_>, out: &mut Vec<Hit>) {
    let text = view(unit.raw);
    if text.len() < 8 {
        return;
    }
    let (found, puts) = found_in(&text, unit);
    let whole = Clause {
        found: &found,
        range: (0, text.len()),
    };
    let ctx = TextContext {
        text: &text,
        found: &found,
        puts: &puts,
        unit,
        subject: whole.has(C::Subject),
        sentences: sentences(&text),
    };
    for clause in ctx.clauses() {
        // "Flags descriptions that tell the model to call a tool on every turn": an order
        // reported as the subject of the text, not given.
        let quoted = ctx.subject || reported_order(&clause.cl, clause.s, clause.range.0);
        let mut report = Report {
            out,
            quoted,
            clause: clause.s,
        };
        for rule in CLAUSE_RULES {
            rule(&clause, &mut report);
        }
    }
    for rule in TEXT_RULES {
        rule(&ctx, out);
    }
}

/// A clause quoted as evidence, cut to 160 characters.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.trim().chars().take(160).collect();
    if s.trim().chars().count() > 160 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests;
