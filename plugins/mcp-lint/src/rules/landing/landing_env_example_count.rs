use signalint_plugin_api::Object;

use super::{MAX_ENV_EXAMPLE, at, entries, plain_object};
use crate::context::Cx;

declare_rule! {
    /// ## What it does
    /// Flags a `landing.envExample` object with more than 12 entries, the number the connect
    /// card renders.
    ///
    /// ## Why is this bad?
    /// The framework keeps the first 12 variables and drops the rest without a word, so a
    /// reader copying the snippet misses some; a longer list also makes the card awkwardly
    /// tall. Show the variables a first run needs and document the others in the README.
    ///
    /// ## Example
    /// ```json invalid
    /// {"sourceFacts": {"landing": {"envExample": {"V01": "x", "V02": "x", "V03": "x", "V04": "x", "V05": "x", "V06": "x", "V07": "x", "V08": "x", "V09": "x", "V10": "x", "V11": "x", "V12": "x", "V13": "x"}}}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"sourceFacts": {"landing": {"envExample": {"NCBI_API_KEY": "your-ncbi-api-key", "NCBI_ADMIN_EMAIL": "you@example.com"}}}}
    /// ```
    pub RULE = {
        id: "landing-env-example-count",
        group: Landing,
        severity: Warning,
        summary: "The landing envExample has more entries than the connect card shows",
    }
}

pub fn check(cx: &mut Cx, landing: &Object) {
    let Some(env) = plain_object(landing, "envExample") else {
        return;
    };
    let count = entries(env).count();
    if count > MAX_ENV_EXAMPLE && cx.on(&RULE) {
        cx.report(
            &RULE,
            at(&["envExample"]),
            format!(
                "landing.envExample has {count} entries; the connect card shows the first {MAX_ENV_EXAMPLE} and drops the rest: keep at most {MAX_ENV_EXAMPLE}"
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
