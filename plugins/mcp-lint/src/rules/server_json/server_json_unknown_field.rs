use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::registry_schema;

declare_rule! {
    /// ## What it does
    /// Flags a key that the official schema does not define where it appears: at the top
    /// level, in `repository`, an icon, a package, a transport, a remote, an argument, an
    /// environment variable, a header or a variable (`_meta` is free-form and not checked).
    /// The known keys are read from the vendored schema. When a known key differs only in
    /// case, `_` or `-`, the message suggests it (`package_arguments` → `packageArguments`).
    ///
    /// ## Why is this bad?
    /// The schema allows extra keys, so the registry accepts the file and silently drops the
    /// data: a snake_case `environment_variables` list means clients never ask for the
    /// variables the server needs.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0",
    ///    "transport": {"type": "stdio"}, "environment_variables": [{"name": "API_KEY"}]}]}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0",
    ///    "transport": {"type": "stdio"}, "environmentVariables": [{"name": "API_KEY", "description": "Weather API key."}]}]}
    /// ```
    pub RULE = {
        id: "server-json-unknown-field",
        group: ServerJson,
        severity: Warning,
        summary: "A server.json key is not defined by the schema and will be ignored",
    }
}

pub fn check(cx: &mut Cx, doc: &Json) {
    if !cx.on(&RULE) {
        return;
    }
    let Ok(schema) = registry_schema::official() else {
        return;
    };
    let mut visit = |cx: &mut Cx, value: &Json, pointer: String, definition: &str| {
        let Some(map) = value.as_object() else {
            return;
        };
        let known = schema.declared_properties(definition);
        for key in map.keys() {
            if known.contains(&key) {
                continue;
            }
            let hint = known
                .iter()
                .find(|k| normalise(k) == normalise(key))
                .map(|k| format!("; did you mean `{k}`?"))
                .unwrap_or_default();
            cx.report_evidence(
                &RULE,
                crate::context::ptr(&pointer, key),
                format!("`{key}` is not a field of this object and will be ignored{hint}"),
                key,
            );
        }
    };
    visit(cx, doc, "/serverJson".into(), "ServerDetail");
    if let Some(repo) = doc.get("repository") {
        visit(cx, repo, "/serverJson/repository".into(), "Repository");
    }
    for (i, icon) in items(doc.get("icons")) {
        visit(cx, icon, format!("/serverJson/icons/{i}"), "Icon");
    }
    for (i, package) in items(doc.get("packages")) {
        let base = format!("/serverJson/packages/{i}");
        visit(cx, package, base.clone(), "Package");
        if let Some(transport) = package.get("transport") {
            visit(cx, transport, format!("{base}/transport"), "LocalTransport");
            key_value_inputs(
                cx,
                &mut visit,
                transport,
                &format!("{base}/transport"),
                "headers",
            );
        }
        for list in ["packageArguments", "runtimeArguments"] {
            for (j, arg) in items(package.get(list)) {
                let at = format!("{base}/{list}/{j}");
                visit(cx, arg, at.clone(), "Argument");
                variables(cx, &mut visit, arg, &at);
            }
        }
        key_value_inputs(cx, &mut visit, package, &base, "environmentVariables");
    }
    for (i, remote) in items(doc.get("remotes")) {
        let base = format!("/serverJson/remotes/{i}");
        visit(cx, remote, base.clone(), "RemoteTransport");
        key_value_inputs(cx, &mut visit, remote, &base, "headers");
        variables(cx, &mut visit, remote, &base);
    }
}

type Visit<'v> = dyn FnMut(&mut Cx, &Json, String, &str) + 'v;

fn key_value_inputs(cx: &mut Cx, visit: &mut Visit, owner: &Json, base: &str, list: &str) {
    for (j, entry) in items(owner.get(list)) {
        let at = format!("{base}/{list}/{j}");
        visit(cx, entry, at.clone(), "KeyValueInput");
        variables(cx, visit, entry, &at);
    }
}

fn variables(cx: &mut Cx, visit: &mut Visit, owner: &Json, base: &str) {
    let Some(vars) = owner.get("variables").and_then(Json::as_object) else {
        return;
    };
    for (name, input) in vars {
        visit(
            cx,
            input,
            crate::context::ptr(&format!("{base}/variables"), name),
            "Input",
        );
    }
}

fn items(value: Option<&Json>) -> impl Iterator<Item = (usize, &Json)> {
    value
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
}

/// Lower case without `_` and `-`: `package_arguments` and `packageArguments` agree.
fn normalise(key: &str) -> String {
    key.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }

    #[test]
    fn nested_positions_and_meta() {
        let f = crate::testing::findings_of(
            &RULE,
            r#"{"name": "io.github.a/b", "description": "d", "version": "1.0.0", "_meta": {"anything": 1},
                "remotes": [{"type": "sse", "url": "https://a.dev/{x}", "variables": {"x": {"description": "x", "secret": true}},
                             "headers": [{"name": "A", "required": true}]}],
                "repository": {"url": "https://github.com/a/b", "source": "github", "type": "git"}}"#,
        );
        let pointers: Vec<_> = f.iter().filter_map(|f| f.pointer.as_deref()).collect();
        assert_eq!(
            pointers,
            [
                "/serverJson/repository/type",
                "/serverJson/remotes/0/headers/0/required",
                "/serverJson/remotes/0/variables/x/secret",
            ]
        );
    }
}
