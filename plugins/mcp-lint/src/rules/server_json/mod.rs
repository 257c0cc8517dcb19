//! `server.json` rules: the official 2025-12-11 schema, violation by violation, plus the
//! checks of the original linter the schema cannot express.

pub mod server_json_argument_name;
pub mod server_json_argument_type;
pub mod server_json_argument_type_value;
pub mod server_json_argument_value;
pub mod server_json_description_length;
pub mod server_json_description_required;
pub mod server_json_env_var_description;
pub mod server_json_env_var_name;
pub mod server_json_env_var_type;
pub mod server_json_env_vars_type;
pub mod server_json_icon_mime_type;
pub mod server_json_icon_sizes;
pub mod server_json_icon_src;
pub mod server_json_icon_theme;
pub mod server_json_icons_type;
pub mod server_json_input_field_type;
pub mod server_json_input_format;
pub mod server_json_name_format;
pub mod server_json_name_length;
pub mod server_json_name_required;
pub mod server_json_package_args_type;
pub mod server_json_package_file_sha256;
pub mod server_json_package_identifier;
pub mod server_json_package_no_latest;
pub mod server_json_package_registry;
pub mod server_json_package_registry_base_url;
pub mod server_json_package_runtime_hint;
pub mod server_json_package_transport;
pub mod server_json_package_type;
pub mod server_json_package_version;
pub mod server_json_package_version_sync;
pub mod server_json_packages_type;
pub mod server_json_remote_no_stdio;
pub mod server_json_remote_transport_type;
pub mod server_json_remote_type;
pub mod server_json_remote_url_variables;
pub mod server_json_remote_variables;
pub mod server_json_remotes_type;
pub mod server_json_repository_id;
pub mod server_json_repository_source;
pub mod server_json_repository_subfolder;
pub mod server_json_repository_type;
pub mod server_json_repository_url;
pub mod server_json_runtime_args_type;
pub mod server_json_schema;
pub mod server_json_schema_uri;
pub mod server_json_schema_version;
pub mod server_json_title;
pub mod server_json_transport_headers;
pub mod server_json_transport_type;
pub mod server_json_transport_type_value;
pub mod server_json_transport_url_format;
pub mod server_json_transport_url_required;
pub mod server_json_type;
pub mod server_json_unknown_field;
pub mod server_json_version_length;
pub mod server_json_version_no_range;
pub mod server_json_version_required;
pub mod server_json_version_semver;
pub mod server_json_website_url;

use signalint_plugin_api::Json;

use crate::context::Cx;
use crate::registry_schema::{self, Seg, Violation};
use crate::rule::Rule;

type Claim = fn(&Violation, &Json) -> bool;

/// Which rule owns a schema violation: the first that claims it, in this order.
const CLAIMS: &[(&Rule, Claim)] = &[
    (&server_json_type::RULE, server_json_type::claims),
    (
        &server_json_name_required::RULE,
        server_json_name_required::claims,
    ),
    (
        &server_json_name_length::RULE,
        server_json_name_length::claims,
    ),
    (
        &server_json_name_format::RULE,
        server_json_name_format::claims,
    ),
    (
        &server_json_description_required::RULE,
        server_json_description_required::claims,
    ),
    (
        &server_json_description_length::RULE,
        server_json_description_length::claims,
    ),
    (
        &server_json_version_required::RULE,
        server_json_version_required::claims,
    ),
    (
        &server_json_version_length::RULE,
        server_json_version_length::claims,
    ),
    (
        &server_json_repository_type::RULE,
        server_json_repository_type::claims,
    ),
    (
        &server_json_repository_url::RULE,
        server_json_repository_url::claims,
    ),
    (
        &server_json_repository_source::RULE,
        server_json_repository_source::claims,
    ),
    (
        &server_json_packages_type::RULE,
        server_json_packages_type::claims,
    ),
    (
        &server_json_package_type::RULE,
        server_json_package_type::claims,
    ),
    (
        &server_json_package_registry::RULE,
        server_json_package_registry::claims,
    ),
    (
        &server_json_package_identifier::RULE,
        server_json_package_identifier::claims,
    ),
    (
        &server_json_package_transport::RULE,
        server_json_package_transport::claims,
    ),
    (
        &server_json_package_no_latest::RULE,
        server_json_package_no_latest::claims,
    ),
    (
        &server_json_package_args_type::RULE,
        server_json_package_args_type::claims,
    ),
    (
        &server_json_runtime_args_type::RULE,
        server_json_runtime_args_type::claims,
    ),
    (
        &server_json_env_vars_type::RULE,
        server_json_env_vars_type::claims,
    ),
    (
        &server_json_remotes_type::RULE,
        server_json_remotes_type::claims,
    ),
    (
        &server_json_remote_type::RULE,
        server_json_remote_type::claims,
    ),
    (
        &server_json_remote_transport_type::RULE,
        server_json_remote_transport_type::claims,
    ),
    (
        &server_json_remote_no_stdio::RULE,
        server_json_remote_no_stdio::claims,
    ),
    (
        &server_json_transport_type::RULE,
        server_json_transport_type::claims,
    ),
    (
        &server_json_transport_type_value::RULE,
        server_json_transport_type_value::claims,
    ),
    (
        &server_json_transport_url_required::RULE,
        server_json_transport_url_required::claims,
    ),
    (
        &server_json_transport_url_format::RULE,
        server_json_transport_url_format::claims,
    ),
    (
        &server_json_argument_type::RULE,
        server_json_argument_type::claims,
    ),
    (
        &server_json_argument_type_value::RULE,
        server_json_argument_type_value::claims,
    ),
    (
        &server_json_argument_name::RULE,
        server_json_argument_name::claims,
    ),
    (
        &server_json_argument_value::RULE,
        server_json_argument_value::claims,
    ),
    (
        &server_json_input_format::RULE,
        server_json_input_format::claims,
    ),
    (
        &server_json_env_var_type::RULE,
        server_json_env_var_type::claims,
    ),
    (
        &server_json_env_var_name::RULE,
        server_json_env_var_name::claims,
    ),
    (
        &server_json_schema_uri::RULE,
        server_json_schema_uri::claims,
    ),
    (&server_json_title::RULE, server_json_title::claims),
    (
        &server_json_website_url::RULE,
        server_json_website_url::claims,
    ),
    (
        &server_json_icons_type::RULE,
        server_json_icons_type::claims,
    ),
    (&server_json_icon_src::RULE, server_json_icon_src::claims),
    (
        &server_json_icon_mime_type::RULE,
        server_json_icon_mime_type::claims,
    ),
    (
        &server_json_icon_sizes::RULE,
        server_json_icon_sizes::claims,
    ),
    (
        &server_json_icon_theme::RULE,
        server_json_icon_theme::claims,
    ),
    (
        &server_json_repository_id::RULE,
        server_json_repository_id::claims,
    ),
    (
        &server_json_repository_subfolder::RULE,
        server_json_repository_subfolder::claims,
    ),
    (
        &server_json_package_version::RULE,
        server_json_package_version::claims,
    ),
    (
        &server_json_package_file_sha256::RULE,
        server_json_package_file_sha256::claims,
    ),
    (
        &server_json_package_registry_base_url::RULE,
        server_json_package_registry_base_url::claims,
    ),
    (
        &server_json_package_runtime_hint::RULE,
        server_json_package_runtime_hint::claims,
    ),
    (
        &server_json_transport_headers::RULE,
        server_json_transport_headers::claims,
    ),
    (
        &server_json_remote_variables::RULE,
        server_json_remote_variables::claims,
    ),
    (
        &server_json_input_field_type::RULE,
        server_json_input_field_type::claims,
    ),
];

/// Rules with checks the schema cannot express.
const CHECKS: &[fn(&mut Cx, &Json)] = &[
    server_json_version_no_range::check,
    server_json_version_semver::check,
    server_json_package_version_sync::check,
    server_json_env_var_description::check,
    server_json_schema_version::check,
    server_json_icon_src::check,
    server_json_repository_subfolder::check,
    server_json_package_file_sha256::check,
    server_json_package_runtime_hint::check,
    server_json_remote_url_variables::check,
    server_json_unknown_field::check,
];

/// The rule that reports `violation`.
pub fn rule_for(violation: &Violation, doc: &Json) -> &'static Rule {
    CLAIMS
        .iter()
        .find(|(_, claims)| claims(violation, doc))
        .map_or(&server_json_schema::RULE, |(rule, _)| *rule)
}

/// Checks one `server.json` document.
pub fn check(cx: &mut Cx, doc: &Json) {
    match registry_schema::official() {
        Ok(schema) => {
            for violation in schema.validate(doc) {
                let rule = rule_for(&violation, doc);
                cx.report(
                    rule,
                    format!("/serverJson{}", violation.pointer()),
                    format!("{}: {}", violation.display_path(), violation.message),
                );
            }
        }
        Err(e) => {
            cx.report(&server_json_schema::RULE, "/serverJson", e);
        }
    }
    if doc.is_object() {
        for check in CHECKS {
            check(cx, doc);
        }
    }
}

/// The value a violation points at.
pub fn at<'a>(doc: &'a Json, v: &Violation) -> Option<&'a Json> {
    let mut node = doc;
    for seg in &v.path {
        node = match seg {
            Seg::Key(k) => node.get(k)?,
            Seg::Index(i) => node.get(*i)?,
        };
    }
    Some(node)
}

/// Inside `packages[i].packageArguments[j]` or `packages[i].runtimeArguments[j]`.
pub fn is_argument(v: &Violation) -> bool {
    v.prefix_is(&["packages", "#", "packageArguments", "#"])
        || v.prefix_is(&["packages", "#", "runtimeArguments", "#"])
}

/// The `url` of a package transport or a remote.
pub fn is_transport_url(v: &Violation) -> bool {
    v.path_is(&["packages", "#", "transport", "url"]) || v.path_is(&["remotes", "#", "url"])
}

/// Inside one header entry of a package transport or a remote.
pub fn is_headers_entry(v: &Violation) -> bool {
    v.prefix_is(&["packages", "#", "transport", "headers", "#"])
        || v.prefix_is(&["remotes", "#", "headers", "#"])
}

/// The header list, a header entry, or a header's name.
pub fn is_headers(v: &Violation) -> bool {
    let (list, entry) = if v.prefix_is(&["remotes"]) {
        (3, 4)
    } else {
        (4, 5)
    };
    let in_headers = v.prefix_is(&["packages", "#", "transport", "headers"])
        || v.prefix_is(&["remotes", "#", "headers"]);
    in_headers
        && (v.path.len() == list && v.is(registry_schema::Keyword::Type)
            || v.path.len() == entry
                && (v.is(registry_schema::Keyword::Type) || v.is_required("name"))
            || v.path.len() == entry + 1 && v.last_key() == Some("name"))
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn doc(extra: Value) -> Value {
        let mut doc = json!({
            "$schema": crate::registry_schema::SCHEMA_URL,
            "name": "io.github.acme/weather",
            "description": "Weather forecasts.",
            "version": "1.0.0"
        });
        for (k, v) in extra.as_object().unwrap() {
            doc[k] = v.clone();
        }
        doc
    }

    fn package(extra: Value) -> Value {
        let mut p = json!({"registryType": "npm", "identifier": "@acme/weather", "version": "1.0.0", "transport": {"type": "stdio"}});
        for (k, v) in extra.as_object().unwrap() {
            p[k] = v.clone();
        }
        doc(json!({"packages": [p]}))
    }

    /// (rule, pointer) of every schema violation of `doc`.
    fn mapped(doc: &Value) -> Vec<(&'static str, String)> {
        let doc = Json::from(doc.clone());
        registry_schema::official()
            .unwrap()
            .validate(&doc)
            .iter()
            .map(|v| (rule_for(v, &doc).id, v.pointer()))
            .collect()
    }

    #[test]
    fn violations_map_to_the_specific_rule() {
        let sse = |extra: Value| {
            let mut r = json!({"type": "sse", "url": "https://a.dev/sse"});
            for (k, v) in extra.as_object().unwrap() {
                r[k] = v.clone();
            }
            doc(json!({"remotes": [r]}))
        };
        let cases = [
            (
                package(
                    json!({"transport": {"type": "streamable-http", "url": "https://a.dev", "headers": {}}}),
                ),
                "server-json-transport-headers",
                "/packages/0/transport/headers",
            ),
            (
                package(json!({"transport": {"type": "streamable-http"}})),
                "server-json-transport-url-required",
                "/packages/0/transport",
            ),
            (
                package(json!({"transport": {}})),
                "server-json-transport-type-value",
                "/packages/0/transport",
            ),
            (
                package(json!({"runtimeArguments": [{"type": "named"}]})),
                "server-json-argument-name",
                "/packages/0/runtimeArguments/0",
            ),
            (
                package(json!({"environmentVariables": [{"name": "A", "isSecret": "yes"}]})),
                "server-json-input-field-type",
                "/packages/0/environmentVariables/0/isSecret",
            ),
            (
                package(
                    json!({"packageArguments": [{"type": "positional", "value": "{x}", "variables": {"x": {"format": "int"}}}]}),
                ),
                "server-json-input-format",
                "/packages/0/packageArguments/0/variables/x/format",
            ),
            (
                sse(json!({"variables": {"x": 1}})),
                "server-json-remote-variables",
                "/remotes/0/variables/x",
            ),
            (
                sse(json!({"headers": [{"name": 3}]})),
                "server-json-transport-headers",
                "/remotes/0/headers/0/name",
            ),
            (
                sse(json!({"headers": [{"name": "A", "isRequired": 1}]})),
                "server-json-input-field-type",
                "/remotes/0/headers/0/isRequired",
            ),
            (
                sse(json!({"type": "websocket"})),
                "server-json-transport-type-value",
                "/remotes/0/type",
            ),
            (
                sse(json!({"type": "stdio"})),
                "server-json-remote-no-stdio",
                "/remotes/0/type",
            ),
            (
                doc(json!({"icons": [{}]})),
                "server-json-icon-src",
                "/icons/0",
            ),
            (
                doc(json!({"icons": [{"src": format!("https://a.dev/{}", "x".repeat(300))}]})),
                "server-json-icon-src",
                "/icons/0/src",
            ),
            (doc(json!({"_meta": []})), "server-json-schema", "/_meta"),
        ];
        for (doc, rule, pointer) in cases {
            assert_eq!(mapped(&doc), [(rule, pointer.to_owned())], "{doc}");
        }
    }
}
