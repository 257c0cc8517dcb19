use signalint_plugin_api::Json;

use crate::context::{Cx, ptr};

declare_rule! {
    /// ## What it does
    /// Flags a prompt argument without a non-empty `description` (the JSON form of
    /// `describe-on-fields` for prompt arguments).
    ///
    /// ## Why is this bad?
    /// Clients show the description in the argument form and models read it when they fill
    /// the prompt; without it the user or model guesses what to enter.
    ///
    /// ## Example
    /// ```json invalid
    /// {"prompts": [{"name": "review", "description": "Reviews a diff.", "arguments": [{"name": "diff"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"prompts": [{"name": "review", "description": "Reviews a diff.",
    ///   "arguments": [{"name": "diff", "description": "Unified diff to review."}]}]}
    /// ```
    pub RULE = {
        id: "prompt-argument-description",
        group: Prompts,
        severity: Warning,
        summary: "A prompt argument has no description",
    }
}

pub fn check(cx: &mut Cx, prompt: &Json, base: &str) {
    let Some(list) = prompt.get("arguments").and_then(Json::as_array) else {
        return;
    };
    for (i, arg) in list.iter().enumerate() {
        if !arg.is_object() {
            continue;
        }
        let described = arg
            .get("description")
            .and_then(Json::as_str)
            .is_some_and(|s| !s.trim().is_empty());
        if !described {
            let name = arg.get("name").and_then(Json::as_str).unwrap_or("?");
            cx.report(
                &RULE,
                ptr(&ptr(base, "arguments"), i.to_string()),
                format!("prompt argument `{name}` has no description"),
            );
        }
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
