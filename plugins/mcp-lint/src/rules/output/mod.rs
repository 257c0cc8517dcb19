//! The shape of tool output (`outputSchema`), read together with `inputSchema`.

pub mod capped_list_no_truncation;
pub mod enrichment_prefer_block;

use signalint_plugin_api::{Json, Object};

/// `camelCase` / `kebab-case` / `snake_case` → `snake_case`.
pub fn snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else {
            out.push(if c == '-' { '_' } else { c });
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        }
    }
    out
}

/// The root `properties` of a tool's schema.
pub fn root_properties<'a>(tool: &'a Json, key: &str) -> Option<&'a Object> {
    tool.get(key)?.get("properties")?.as_object()
}

#[cfg(test)]
mod tests {
    #[test]
    fn snake_case() {
        assert_eq!(super::snake("perPage"), "per_page");
        assert_eq!(super::snake("maxResults"), "max_results");
        assert_eq!(super::snake("page-size"), "page_size");
        assert_eq!(super::snake("totalCount"), "total_count");
        assert_eq!(super::snake("limit"), "limit");
    }
}
