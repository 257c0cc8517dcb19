//! Every rule of the pack, in documentation order.

use crate::rule::Rule;
use crate::rules;

/// All rules: id, group, default severity, activation, summary and docs.
pub static RULES: &[&Rule] = &[
    &rules::definition::definition_invalid::RULE,
    &rules::definition::name_required::RULE,
    &rules::definition::name_format::RULE,
    &rules::definition::name_unique::RULE,
    &rules::definition::field_name_spelling::RULE,
    &rules::tools::description_required::RULE,
    &rules::tools::annotation_type::RULE,
    &rules::tools::annotation_coherence::RULE,
    &rules::tools::meta_ui_type::RULE,
    &rules::tools::meta_ui_resource_uri_required::RULE,
    &rules::tools::meta_ui_resource_uri_scheme::RULE,
    &rules::tools::app_tool_resource_pairing::RULE,
    &rules::tools::icon_valid::RULE,
    &rules::schema::schema_is_object::RULE,
    &rules::schema::describe_on_fields::RULE,
    &rules::schema::schema_unsatisfiable::RULE,
    &rules::schema::header_param_designation::RULE,
    &rules::schema::schema_required_unknown::RULE,
    &rules::schema::schema_type_valid::RULE,
    &rules::schema::schema_required_array::RULE,
    &rules::portability::schema_format_portability::RULE,
    &rules::portability::schema_anyof_needs_type::RULE,
    &rules::portability::schema_no_discriminator_keyword::RULE,
    &rules::portability::schema_no_defs::RULE,
    &rules::portability::schema_root_oneof_portability::RULE,
    &rules::portability::schema_dialect_tag::RULE,
    &rules::output::capped_list_no_truncation::RULE,
    &rules::output::enrichment_prefer_block::RULE,
    &rules::resources::uri_template_required::RULE,
    &rules::resources::uri_template_valid::RULE,
    &rules::resources::resource_name_not_uri::RULE,
    &rules::resources::resource_uri_required::RULE,
    &rules::resources::resource_uri_valid::RULE,
    &rules::resources::resource_mime_type::RULE,
    &rules::prompts::prompt_argument_shape::RULE,
    &rules::prompts::prompt_argument_description::RULE,
    &rules::server_json::server_json_type::RULE,
    &rules::server_json::server_json_name_required::RULE,
    &rules::server_json::server_json_name_length::RULE,
    &rules::server_json::server_json_name_format::RULE,
    &rules::server_json::server_json_description_required::RULE,
    &rules::server_json::server_json_description_length::RULE,
    &rules::server_json::server_json_version_required::RULE,
    &rules::server_json::server_json_version_length::RULE,
    &rules::server_json::server_json_version_no_range::RULE,
    &rules::server_json::server_json_version_semver::RULE,
    &rules::server_json::server_json_repository_type::RULE,
    &rules::server_json::server_json_repository_url::RULE,
    &rules::server_json::server_json_repository_source::RULE,
    &rules::server_json::server_json_packages_type::RULE,
    &rules::server_json::server_json_package_type::RULE,
    &rules::server_json::server_json_package_registry::RULE,
    &rules::server_json::server_json_package_identifier::RULE,
    &rules::server_json::server_json_package_transport::RULE,
    &rules::server_json::server_json_package_no_latest::RULE,
    &rules::server_json::server_json_package_version_sync::RULE,
    &rules::server_json::server_json_package_args_type::RULE,
    &rules::server_json::server_json_runtime_args_type::RULE,
    &rules::server_json::server_json_env_vars_type::RULE,
    &rules::server_json::server_json_remotes_type::RULE,
    &rules::server_json::server_json_remote_type::RULE,
    &rules::server_json::server_json_remote_transport_type::RULE,
    &rules::server_json::server_json_remote_no_stdio::RULE,
    &rules::server_json::server_json_transport_type::RULE,
    &rules::server_json::server_json_transport_type_value::RULE,
    &rules::server_json::server_json_transport_url_required::RULE,
    &rules::server_json::server_json_transport_url_format::RULE,
    &rules::server_json::server_json_argument_type::RULE,
    &rules::server_json::server_json_argument_type_value::RULE,
    &rules::server_json::server_json_argument_name::RULE,
    &rules::server_json::server_json_argument_value::RULE,
    &rules::server_json::server_json_input_format::RULE,
    &rules::server_json::server_json_env_var_type::RULE,
    &rules::server_json::server_json_env_var_name::RULE,
    &rules::server_json::server_json_env_var_description::RULE,
    &rules::server_json::server_json_schema_uri::RULE,
    &rules::server_json::server_json_schema_version::RULE,
    &rules::server_json::server_json_title::RULE,
    &rules::server_json::server_json_website_url::RULE,
    &rules::server_json::server_json_icons_type::RULE,
    &rules::server_json::server_json_icon_src::RULE,
    &rules::server_json::server_json_icon_mime_type::RULE,
    &rules::server_json::server_json_icon_sizes::RULE,
    &rules::server_json::server_json_icon_theme::RULE,
    &rules::server_json::server_json_repository_id::RULE,
    &rules::server_json::server_json_repository_subfolder::RULE,
    &rules::server_json::server_json_package_version::RULE,
    &rules::server_json::server_json_package_file_sha256::RULE,
    &rules::server_json::server_json_package_registry_base_url::RULE,
    &rules::server_json::server_json_package_runtime_hint::RULE,
    &rules::server_json::server_json_transport_headers::RULE,
    &rules::server_json::server_json_remote_variables::RULE,
    &rules::server_json::server_json_remote_url_variables::RULE,
    &rules::server_json::server_json_input_field_type::RULE,
    &rules::server_json::server_json_unknown_field::RULE,
    &rules::server_json::server_json_schema::RULE,
    &rules::source::handler_required::RULE,
    &rules::source::generate_required::RULE,
    &rules::source::auth_type::RULE,
    &rules::source::auth_scope_format::RULE,
    &rules::source::template_params_align::RULE,
    &rules::source::schema_serializable::RULE,
    &rules::source::source_unresolved::RULE,
    &rules::source::format_parity_unverified::RULE,
    &rules::format::format_parity::RULE,
    &rules::format::format_parity_depth_limit::RULE,
    &rules::source::canvas_consumer_missing::RULE,
    &rules::enrichment::enrichment_type::RULE,
    &rules::enrichment::enrichment_empty::RULE,
    &rules::enrichment::enrichment_field_type::RULE,
    &rules::enrichment::enrichment_output_collision::RULE,
    &rules::enrichment::enrichment_trailer_render::RULE,
    &rules::enrichment::enrichment_trailer_orphan::RULE,
    &rules::enrichment::enrichment_trailer_unknown_field::RULE,
    &rules::handler::prefer_mcp_error_in_handler::RULE,
    &rules::handler::prefer_error_factory::RULE,
    &rules::handler::preserve_cause_on_rethrow::RULE,
    &rules::handler::no_stringify_upstream_error::RULE,
    &rules::errors::error_contract_type::RULE,
    &rules::errors::error_contract_empty::RULE,
    &rules::errors::error_contract_entry_type::RULE,
    &rules::errors::error_contract_code_type::RULE,
    &rules::errors::error_contract_code_unknown::RULE,
    &rules::errors::error_contract_code_unknown_error::RULE,
    &rules::errors::error_contract_reason_required::RULE,
    &rules::errors::error_contract_reason_format::RULE,
    &rules::errors::error_contract_reason_unique::RULE,
    &rules::errors::error_contract_when_required::RULE,
    &rules::errors::error_contract_retryable_type::RULE,
    &rules::errors::error_contract_recovery_required::RULE,
    &rules::errors::error_contract_recovery_empty::RULE,
    &rules::errors::error_contract_recovery_min_words::RULE,
    &rules::errors::error_contract_conformance::RULE,
    &rules::errors::error_contract_prefer_fail::RULE,
    &rules::landing::landing_shape::RULE,
    &rules::landing::landing_tagline_type::RULE,
    &rules::landing::landing_tagline_length::RULE,
    &rules::landing::landing_logo_type::RULE,
    &rules::landing::landing_logo_size::RULE,
    &rules::landing::landing_links_type::RULE,
    &rules::landing::landing_links_count::RULE,
    &rules::landing::landing_link_shape::RULE,
    &rules::landing::landing_link_href::RULE,
    &rules::landing::landing_link_label::RULE,
    &rules::landing::landing_repo_root_type::RULE,
    &rules::landing::landing_repo_root_shape::RULE,
    &rules::landing::landing_env_example_type::RULE,
    &rules::landing::landing_env_example_count::RULE,
    &rules::landing::landing_env_example_key::RULE,
    &rules::landing::landing_env_example_value::RULE,
    &rules::landing::landing_connect_snippets_type::RULE,
    &rules::landing::landing_connect_snippets_key::RULE,
    &rules::landing::landing_connect_snippets_value::RULE,
    &rules::landing::landing_connect_snippets_empty::RULE,
    &rules::landing::landing_theme_type::RULE,
    &rules::landing::landing_theme_accent::RULE,
    &rules::landing::landing_theme_accent_format::RULE,
];

/// The rule with this id.
pub fn find(id: &str) -> Option<&'static Rule> {
    RULES.iter().copied().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn ids_are_unique_kebab_case_and_documented() {
        let mut seen = HashSet::new();
        for rule in RULES {
            assert!(seen.insert(rule.id), "duplicate rule id {}", rule.id);
            assert!(
                rule.id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{} is not kebab-case",
                rule.id
            );
            let problems = rule.problems();
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
        assert_eq!(RULES.len(), 157);
    }

    #[test]
    fn the_manifest_carries_every_rule_with_its_doc() {
        use signalint_plugin_api::RulePack;
        let manifest = crate::McpLint::new().manifest();
        let rules = manifest.rule_pack.expect("a rule pack").rules;
        assert_eq!(rules.len(), RULES.len());
        for (info, rule) in rules.iter().zip(RULES) {
            assert_eq!(info.code, rule.id);
            let doc = info.doc.as_deref().unwrap_or_default();
            assert!(doc.starts_with("## What it does\n"), "{}: {doc}", rule.id);
        }
    }

    #[test]
    fn readme_lists_every_rule() {
        let readme = include_str!("../README.md");
        for rule in RULES {
            assert!(
                readme.contains(&format!("[`{}`]", rule.id)),
                "README.md does not list {}",
                rule.id
            );
        }
    }
}
