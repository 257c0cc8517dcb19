use std::collections::HashSet;

use signalint_plugin_api::Json;

use crate::context::{Cx, ptr, type_name};

declare_rule! {
    /// ## What it does
    /// Flags a prompt whose `arguments` is not an array, an argument that is not an object
    /// or has no non-empty `name`, a `required` that is not a boolean, and two arguments with
    /// the same name.
    ///
    /// ## Why is this bad?
    /// `prompts/get` passes arguments by name: clients cannot build the argument form, or
    /// send a value the server reads under another name.
    ///
    /// ## Example
    /// ```json invalid
    /// {"prompts": [{"name": "review", "description": "Reviews a diff.",
    ///   "arguments": [{"description": "The diff to review.", "required": true}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"prompts": [{"name": "review", "description": "Reviews a diff.",
    ///   "arguments": [{"name": "diff", "description": "The diff to review.", "required": true}]}]}
    /// ```
    pub RULE = {
        id: "prompt-argument-shape",
        group: Prompts,
        severity: Error,
        summary: "A prompt argument list or argument is malformed",
    }
}

pub fn check(cx: &mut Cx, prompt: &Json, base: &str) {
    let Some(arguments) = prompt.get("arguments") else {
        return;
    };
    let at = ptr(base, "arguments");
    let Some(list) = arguments.as_array() else {
        cx.report(
            &RULE,
            at,
            format!("`arguments` is {}, not an array", type_name(arguments)),
        );
        return;
    };
    let mut seen = HashSet::new();
    for (i, arg) in list.iter().enumerate() {
        let here = ptr(&at, i.to_string());
        let Some(map) = arg.as_object() else {
            cx.report(
                &RULE,
                here,
                format!("argument is {}, not an object", type_name(arg)),
            );
            continue;
        };
        match map
            .get("name")
            .and_then(Json::as_str)
            .filter(|s| !s.trim().is_empty())
        {
            None => {
                cx.report(&RULE, here.clone(), "argument has no non-empty `name`");
            }
            Some(name) => {
                if !seen.insert(name) {
                    cx.report(
                        &RULE,
                        ptr(&here, "name"),
                        format!("argument `{name}` is listed twice"),
                    );
                }
            }
        }
        if let Some(required) = map.get("required")
            && !required.is_boolean()
        {
            cx.report(
                &RULE,
                ptr(&here, "required"),
                format!("`required` is {}, not a boolean", type_name(required)),
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

    #[test]
    fn duplicates_and_types() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"prompts": [{"name": "p", "arguments": [{"name": "a"}, {"name": "a", "required": "yes"}, 3]}]}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/prompts/0/arguments/1/name",
                "/prompts/0/arguments/1/required",
                "/prompts/0/arguments/2"
            ]
        );
    }
}
