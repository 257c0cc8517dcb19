//! What `tools/list` advertises: the schemas of [`super`] made lean. Every agent pays for the
//! tool list when it connects, so shared shapes are said once, descriptions are cut to their
//! first clause, and nothing a client ignores ships; the structure stays the same, so the
//! advertised schema validates exactly what the full one does.

use schemars::JsonSchema;
use serde_json::{Map, Value};

use super::{CheckOutput, input_schema, into_map, output_schema};

/// The input schema `tools/list` advertises: [`input_schema`] without the `$schema` and `title`
/// keys, which every client ignores, and without the type's own description (the tool's says
/// it; the arguments keep theirs).
pub fn advertised_input<T: JsonSchema>() -> Map<String, Value> {
    let mut value = Value::Object(input_schema::<T>());
    lean(&mut value, false);
    let mut map = into_map(value);
    map.remove("description");
    if let Some(Value::Object(defs)) = map.get_mut("$defs") {
        for def in defs.values_mut() {
            if let Value::Object(def) = def {
                def.remove("description");
            }
        }
    }
    map
}

/// The output schema of `check_project` as advertised: [`advertised_output`] of [`CheckOutput`]
/// without `issues`, which only the CLI's `--all-issues` fills: the MCP tools never send it
/// (`get_issue_detail`'s schema has the issue shape).
pub fn advertised_check_output() -> Map<String, Value> {
    let mut map = lean_output::<CheckOutput>();
    if let Some(Value::Object(defs)) = map.get_mut("$defs") {
        if let Some(Value::Object(properties)) = defs
            .get_mut("CheckResponse")
            .and_then(|r| r.get_mut("properties"))
        {
            properties.remove("issues");
        }
        defs.remove("NormalizedIssue");
    }
    finish(&mut map);
    map
}

/// The output schema of `check_files` as advertised: an object, said to be check_project's
/// result. Its answer is the same CheckResponse, and a second copy of that 4.7 KB schema is
/// what every agent would pay for when it connects; a client that validates accepts it.
pub fn advertised_same_as_check() -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("type".into(), "object".into());
    map.insert(
        "description".into(),
        "The CheckResponse of check_project's outputSchema".into(),
    );
    map
}

/// The output schema of `apply_fixes` as advertised: an object. Its FixReport shape is in
/// `docs/contract.md`: `tools/list` stays under 12 KiB, which every agent pays for.
pub fn advertised_fix_report() -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("type".into(), "object".into());
    map
}

/// The output schema of `get_loop_status` as advertised: an object, said to hold the shapes
/// check_project's `loopWarning` and `fileRuleChurnWarning` already advertise (the full schema
/// is in `docs/contract.md`); a second copy would cost every agent 1.2 KB when it connects.
pub fn advertised_loop_status() -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("type".into(), "object".into());
    map.insert(
        "description".into(),
        "looping, signatures (each a check_project loopWarning), fileRuleChurns (each a \
         fileRuleChurnWarning)"
            .into(),
    );
    map
}

/// The output schema `tools/list` advertises: [`output_schema`] with the same structure (so it
/// validates exactly what it did), shared shapes once in `$defs`, a tool's one result shape as
/// the schema itself, each description cut to its first clause and said once (not again
/// beside a `$ref` to a described shape), and no titles or `$schema`: every agent pays for
/// `tools/list` when it connects, and the fields are documented in full in `docs/contract.md`.
pub fn advertised_output<T: JsonSchema>() -> Map<String, Value> {
    let mut map = lean_output::<T>();
    finish(&mut map);
    map
}

/// The advertising steps every output schema goes through. The root's own description goes
/// too: the tool's description says what it returns.
fn finish(map: &mut Map<String, Value>) {
    inline_single_use(map);
    unwrap_single_result(map);
    drop_descriptions_beside_refs(map);
    map.remove("description");
}

/// The definition a node's `$ref` names, for a local `#/$defs/…` reference.
fn ref_name(node: &Map<String, Value>) -> Option<&str> {
    node.get("$ref")?.as_str()?.strip_prefix("#/$defs/")
}

/// How many times each definition is referred to below `value`.
fn count_refs(value: &Value, counts: &mut std::collections::HashMap<String, usize>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = ref_name(map) {
                *counts.entry(name.to_owned()).or_default() += 1;
            }
            map.values().for_each(|v| count_refs(v, counts));
        }
        Value::Array(items) => items.iter().for_each(|v| count_refs(v, counts)),
        _ => {}
    }
}

/// `{"anyOf": [{"$ref": "#/$defs/R"}], "$defs": {"R": …}}` becomes `R` itself (with the other
/// definitions), when nothing else refers to `R`.
fn unwrap_single_result(schema: &mut Map<String, Value>) {
    let Some([only]) = schema
        .get("anyOf")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
    else {
        return;
    };
    let Some(name) = only.as_object().and_then(ref_name).map(str::to_owned) else {
        return;
    };
    let Some(defs) = schema.get("$defs") else {
        return;
    };
    let mut counts = std::collections::HashMap::new();
    count_refs(defs, &mut counts);
    if counts.contains_key(&name) {
        return;
    }
    let Some(Value::Object(mut defs)) = schema.remove("$defs") else {
        return;
    };
    let Some(Value::Object(body)) = defs.remove(&name) else {
        return;
    };
    schema.remove("anyOf");
    schema.extend(body);
    if !defs.is_empty() {
        schema.insert("$defs".into(), Value::Object(defs));
    }
    schema.insert("type".into(), "object".into());
}

/// Removes a description that sits beside a `$ref` to a definition with its own: a field
/// whose shape is described counts as described, and the text would ship twice.
fn drop_descriptions_beside_refs(schema: &mut Map<String, Value>) {
    fn walk(value: &mut Value, defs: &Map<String, Value>) {
        match value {
            Value::Object(map) => {
                let described = ref_name(map)
                    .and_then(|name| defs.get(name))
                    .is_some_and(|def| def.get("description").is_some());
                if described {
                    map.remove("description");
                }
                map.values_mut().for_each(|v| walk(v, defs));
            }
            Value::Array(items) => items.iter_mut().for_each(|v| walk(v, defs)),
            _ => {}
        }
    }
    let defs = match schema.get("$defs") {
        Some(Value::Object(defs)) => defs.clone(),
        _ => return,
    };
    for (key, value) in schema.iter_mut() {
        if key != "$defs" {
            walk(value, &defs);
        }
    }
    if let Some(Value::Object(own)) = schema.get_mut("$defs") {
        for def in own.values_mut() {
            walk(def, &defs);
        }
    }
}

fn lean_output<T: JsonSchema>() -> Map<String, Value> {
    let mut value = Value::Object(output_schema::<T>());
    lean(&mut value, true);
    into_map(value)
}

/// Drops definitions nothing refers to, and replaces each `$ref` to a definition used exactly
/// once by the definition itself, so `$defs` keeps only the shapes that are shared, and the result shapes (the root's `anyOf`), which
/// clients and `docs/contract.md` name.
fn inline_single_use(schema: &mut Map<String, Value>) {
    fn replace(value: &mut Value, name: &str, def: &Value) {
        match value {
            Value::Object(map) => {
                if ref_name(map) == Some(name)
                    && let Value::Object(body) = def
                {
                    map.remove("$ref");
                    for (key, value) in body {
                        map.entry(key.clone()).or_insert_with(|| value.clone());
                    }
                    return;
                }
                map.values_mut().for_each(|v| replace(v, name, def));
            }
            Value::Array(items) => items.iter_mut().for_each(|v| replace(v, name, def)),
            _ => {}
        }
    }
    loop {
        let mut counts = std::collections::HashMap::new();
        count_refs(&Value::Object(schema.clone()), &mut counts);
        let Some(Value::Object(defs)) = schema.get("$defs") else {
            return;
        };
        let unused: Vec<String> = defs
            .keys()
            .filter(|name| !counts.contains_key(*name))
            .cloned()
            .collect();
        if !unused.is_empty() {
            if let Some(Value::Object(defs)) = schema.get_mut("$defs") {
                defs.retain(|name, _| !unused.contains(name));
            }
            continue;
        }
        let results: Vec<&str> = schema
            .get("anyOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_object().and_then(ref_name))
            .collect();
        // A definition that refers to itself is never inlined.
        let single = defs.iter().find(|(name, def)| {
            counts.get(*name) == Some(&1) && !results.contains(&name.as_str()) && {
                let mut own = std::collections::HashMap::new();
                count_refs(def, &mut own);
                !own.contains_key(*name)
            }
        });
        let Some((name, def)) = single.map(|(n, d)| (n.clone(), d.clone())) else {
            return;
        };
        if let Some(Value::Object(defs)) = schema.get_mut("$defs") {
            defs.remove(&name);
            if defs.is_empty() {
                schema.remove("$defs");
            }
        }
        let mut root = Value::Object(std::mem::take(schema));
        replace(&mut root, &name, &def);
        *schema = into_map(root);
    }
}

/// Drops `$schema` and (string) `title` everywhere; when `descriptions` is set, also the
/// `minimum: 0` of counts (the server writes no negative number), and cuts descriptions to
/// [`brief`]. Only string values
/// go: a property that happens to be named `title` holds a schema.
fn lean(value: &mut Value, descriptions: bool) {
    match value {
        Value::Object(map) => {
            map.remove("$schema");
            if descriptions
                && map.get("type").is_some_and(|t| t == "integer")
                && map.get("minimum").is_some_and(|m| m == 0)
            {
                map.remove("minimum");
            }
            if map.get("title").is_some_and(Value::is_string) {
                map.remove("title");
            }
            if descriptions && let Some(Value::String(text)) = map.get_mut("description") {
                *text = brief(text);
            }
            for child in map.values_mut() {
                lean(child, descriptions);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| lean(i, descriptions)),
        _ => {}
    }
}

/// The first clause of a description, without the `Additive:` mark and parentheticals: enough
/// for a model to tell a field from its name, the rest is in `docs/contract.md`. An enumeration
/// of code terms (`` `ok`, `error` or `disabled` ``) is kept whole: its first item alone would
/// say something false.
fn brief(text: &str) -> String {
    let text = text.strip_prefix("Additive: ").unwrap_or(text);
    let text = without_parentheticals(&text.replace('\n', " "));
    let end = [". ", "; ", ": "]
        .iter()
        .filter_map(|stop| text.find(stop))
        .min()
        .unwrap_or(text.len());
    let mut clause = &text[..end];
    if let Some(comma) = clause.find(", ")
        && !clause[..comma].ends_with('`')
    {
        clause = &clause[..comma];
    }
    clause.trim_end_matches('.').to_owned()
}

/// `text` without its ` (…)` groups.
fn without_parentheticals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                if out.ends_with(' ') {
                    out.pop();
                }
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn briefs_keep_the_first_clause_and_never_a_lone_enumeration_item() {
        assert_eq!(
            brief("One engine's (or rule pack's) outcome."),
            "One engine's outcome"
        );
        assert_eq!(
            brief("`ok`, `error` or `disabled`."),
            "`ok`, `error` or `disabled`"
        );
        assert_eq!(
            brief("Always `oxlint`, `tsc` and `biome`, plus any configured plugin engine."),
            "Always `oxlint`, `tsc` and `biome`, plus any configured plugin engine"
        );
        assert_eq!(
            brief("Additive: files checked, counted once. More."),
            "files checked"
        );
        assert_eq!(
            brief("`invalid_arguments`, `cancelled`, or a path code: `empty_path`."),
            "`invalid_arguments`, `cancelled`, or a path code"
        );
    }
}
