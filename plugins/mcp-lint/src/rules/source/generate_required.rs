use crate::context::Cx;
use crate::rules::ItemKind;
use crate::source_facts::{Def, Handler};

declare_rule! {
    /// ## What it does
    /// Flags a prompt definition, read from source, that has no `generate` function (for the
    /// official SDK, no callback). Runs only on definitions read from source.
    ///
    /// ## Why is this bad?
    /// `generate` produces the prompt's messages; without it the prompt is listed but every
    /// `prompts/get` fails.
    ///
    /// ## Example
    /// ```json invalid
    /// {"prompts": [{"name": "summarize", "description": "Summarizes a document."}],
    ///  "sourceFacts": {"prompts": [{"framework": "mcp-ts-core", "kind": "prompt", "file": "src/prompts/summarize.prompt.ts"}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"prompts": [{"name": "summarize", "description": "Summarizes a document."}],
    ///  "sourceFacts": {"prompts": [{"framework": "mcp-ts-core", "kind": "prompt", "file": "src/prompts/summarize.prompt.ts",
    ///    "handler": {"throws": [], "failCalls": []}}]}}
    /// ```
    pub RULE = {
        id: "generate-required",
        group: Source,
        severity: Error,
        summary: "A prompt read from source has no generate function",
    }
}

pub fn check(cx: &mut Cx, def: &Def) {
    if def.kind != ItemKind::Prompt || !cx.on(&RULE) {
        return;
    }
    if def.handler() == Handler::Absent {
        cx.report(
            &RULE,
            def.base.clone(),
            format!("Prompt `{}` is missing a generate function", def.name()),
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

    #[test]
    fn an_imported_generate_counts() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"prompts": [{"name": "p"}], "sourceFacts": {"prompts": [{"handler": null}]}}"#,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
