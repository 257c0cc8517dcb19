//! Resources (`resources/list`) and resource templates (`resources/templates/list`).

pub mod resource_mime_type;
pub mod resource_name_not_uri;
pub mod resource_uri_required;
pub mod resource_uri_valid;
pub mod uri_template_required;
pub mod uri_template_valid;

/// Whether `s` starts with an RFC 3986 scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`).
pub fn has_scheme(s: &str) -> bool {
    let Some((scheme, _)) = s.split_once(':') else {
        return false;
    };
    let mut bytes = scheme.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}
