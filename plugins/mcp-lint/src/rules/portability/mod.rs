//! Cross-vendor JSON Schema portability: what OpenAI, Gemini and Anthropic tool validators
//! accept. `schema-no-defs`, `schema-root-oneof-portability` and `schema-dialect-tag` run
//! only with `portability = "strict"`.

pub mod schema_anyof_needs_type;
pub mod schema_dialect_tag;
pub mod schema_format_portability;
pub mod schema_no_defs;
pub mod schema_no_discriminator_keyword;
pub mod schema_root_oneof_portability;
