declare_rule! {
    /// ## What it does
    /// Reports any violation of the official 2025-12-11 `server.json` schema that no more specific
    /// `server-json-*` rule covers, such as a `_meta` that is not an object or a publisher-provided
    /// `_meta` entry that is not an object. The schema is vendored in this pack and checked in
    /// full.
    ///
    /// ## Why is this bad?
    /// The registry validates every published file against the schema and rejects violations.
    ///
    /// ## Example
    /// ```json invalid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "_meta": {"io.modelcontextprotocol.registry/publisher-provided": "ci"}}
    /// ```
    ///
    /// Use instead:
    /// ```json valid
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "_meta": {"io.modelcontextprotocol.registry/publisher-provided": {"tool": "ci"}}}
    /// ```
    pub RULE = {
        id: "server-json-schema",
        group: ServerJson,
        severity: Error,
        summary: "server.json violates the official schema",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        crate::testing::check_examples(&RULE);
    }
}
