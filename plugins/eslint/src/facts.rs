//! The canonical fact key of an ESLint rule, so that the host shows a code fact ESLint and
//! oxlint (or Biome) both report as one issue.
//!
//! Fact keys are oxlint's rule names, `scope/eslint-name` (`eslint/no-debugger`,
//! `typescript/no-explicit-any`), and oxlint names each of its rules after the ESLint rule it
//! implements. The key of an ESLint rule is therefore its name with the ESLint plugin prefix
//! replaced by oxlint's scope: the inverse of the prefix table of `scripts/fact-keys`.

/// ESLint plugin prefix → oxlint scope. Longer prefixes first, so `@next/next/` wins over
/// nothing and `react-perf/` over `react/`.
const SCOPES: &[(&str, &str)] = &[
    ("@typescript-eslint/", "typescript"),
    ("@next/next/", "nextjs"),
    ("react-perf/", "react_perf"),
    ("jsx-a11y/", "jsx_a11y"),
    ("react/", "react"),
    ("import/", "import"),
    ("unicorn/", "unicorn"),
    ("jest/", "jest"),
    ("vitest/", "vitest"),
    ("jsdoc/", "jsdoc"),
    ("n/", "node"),
    ("promise/", "promise"),
    ("vue/", "vue"),
];

/// The fact keys of an ESLint `ruleId` (`no-debugger`, `@typescript-eslint/no-unused-vars`);
/// empty for a plugin no other engine implements.
pub fn keys_of(rule_id: &str) -> Vec<String> {
    if !rule_id.contains('/') {
        return vec![format!("eslint/{rule_id}")];
    }
    SCOPES
        .iter()
        .find_map(|(prefix, scope)| {
            let name = rule_id.strip_prefix(prefix)?;
            (!name.is_empty() && !name.contains('/')).then(|| format!("{scope}/{name}"))
        })
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_and_plugin_rules_map_to_oxlint_names() {
        assert_eq!(keys_of("no-debugger"), ["eslint/no-debugger"]);
        assert_eq!(
            keys_of("@typescript-eslint/no-unused-vars"),
            ["typescript/no-unused-vars"]
        );
        assert_eq!(keys_of("jsx-a11y/alt-text"), ["jsx_a11y/alt-text"]);
        assert_eq!(
            keys_of("react-perf/jsx-no-new-object-as-prop"),
            ["react_perf/jsx-no-new-object-as-prop"]
        );
        assert_eq!(
            keys_of("@next/next/no-img-element"),
            ["nextjs/no-img-element"]
        );
        assert_eq!(keys_of("n/no-process-exit"), ["node/no-process-exit"]);
    }

    #[test]
    fn rules_of_other_plugins_have_no_key() {
        assert!(keys_of("@stylistic/semi").is_empty());
        assert!(keys_of("my-plugin/rule").is_empty());
        assert!(keys_of("react/").is_empty());
    }
}
