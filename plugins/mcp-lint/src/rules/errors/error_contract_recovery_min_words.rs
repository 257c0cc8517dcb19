use crate::context::Cx;
use crate::source_facts::Def;

use super::Entry;

declare_rule! {
    /// ## What it does
    /// Flags an entry of an mcp-ts-core `errors` contract, read from source, whose `recovery`
    /// has fewer than five words (words are runs of non-space characters).
    ///
    /// ## Why is this bad?
    /// Short recoveries such as "Try again." or "Check input." do not tell an agent what to do
    /// differently. Say what to try, which parameter to change, or which tool to call instead.
    ///
    /// ## Example
    /// ```json invalid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Try again."}]}]}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"tools": [{"name": "find_item", "description": "Finds one item.", "inputSchema": {"type": "object"}}],
    ///  "sourceFacts": {"tools": [{"framework": "mcp-ts-core", "handler": null,
    ///    "errors": [{"code": {"$member": "JsonRpcErrorCode.NotFound"}, "reason": "no_match", "when": "No item matches the query.", "recovery": "Broaden the query or check the item id."}]}]}}
    /// ```
    pub RULE = {
        id: "error-contract-recovery-min-words",
        group: Errors,
        severity: Warning,
        summary: "An errors contract recovery has fewer than five words",
    }
}

/// The fewest words a recovery may have.
const MIN_WORDS: usize = 5;

pub fn check(cx: &mut Cx, def: &Def, entry: &Entry) {
    let Some(recovery) = entry.literal("recovery").and_then(|r| r.as_str()) else {
        return;
    };
    let words = recovery.split_whitespace().count();
    if words == 0 || words >= MIN_WORDS {
        return;
    }
    entry.report(
        cx,
        &RULE,
        def,
        "recovery",
        format!(
            "has {words} word(s); minimum is {MIN_WORDS}. Specific guidance \
             (\"Try X with Y\") beats placeholders (\"Try again.\", \"Check input.\")"
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn five_words_pass_and_blank_is_another_rule() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"tools": [{"name": "t"}], "sourceFacts": {"tools": [{"handler": null, "errors": [
                {"recovery": "Retry  with a smaller\tpage."}, {"recovery": " "}, {"recovery": "Retry later."}]}]}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(pointers, ["/sourceFacts/tools/0/errors/2/recovery"]);
    }
}
