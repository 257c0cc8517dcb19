//! What a check re-examined, per engine: the ground for calling an absent issue fixed.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// Which files one engine re-examined in a check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Coverage {
    /// Every file (a whole-program engine such as tsc that ran, or a whole-project check).
    All,
    /// Only these project-relative files (a file-local engine run on a subset).
    Files(BTreeSet<String>),
}

impl Coverage {
    pub fn files<I, S>(files: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Coverage::Files(files.into_iter().map(Into::into).collect())
    }

    pub fn covers(&self, file: &str) -> bool {
        match self {
            Coverage::All => true,
            Coverage::Files(files) => files.contains(file),
        }
    }
}

/// What a check re-examined: per engine, its coverage (an engine absent from the map did not run,
/// or failed, and re-examined nothing); and the files the check focused on (asked about or edited),
/// which is what churn counts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rechecked {
    pub engines: BTreeMap<String, Coverage>,
    pub focus: BTreeSet<String>,
}

impl Rechecked {
    pub fn new() -> Self {
        Self::default()
    }

    /// A whole-project check in which these engines ran (no focus: churn is left alone).
    pub fn whole_project<I, S>(engines: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            engines: engines
                .into_iter()
                .map(|e| (e.into(), Coverage::All))
                .collect(),
            focus: BTreeSet::new(),
        }
    }

    pub fn engine(mut self, engine: impl Into<String>, coverage: Coverage) -> Self {
        self.engines.insert(engine.into(), coverage);
        self
    }

    pub fn focus<I, S>(mut self, files: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.focus.extend(files.into_iter().map(Into::into));
        self
    }

    /// Did `engine` re-examine `file` in this check?
    pub fn covers(&self, engine: &str, file: &str) -> bool {
        self.engines.get(engine).is_some_and(|c| c.covers(file))
    }

    pub(super) fn in_focus(&self, engine: &str, file: &str) -> bool {
        self.focus.contains(file) && self.covers(engine, file)
    }
}
