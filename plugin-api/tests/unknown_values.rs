//! A value from a newer peer deserializes to `Unknown` instead of failing the whole payload.

use signalint_plugin_api::*;

#[test]
fn enum_values_of_a_newer_api_deserialize_as_unknown() {
    let unknown = |text: &str| format!("\"{text}\"");
    assert_eq!(
        serde_json::from_str::<Severity>(&unknown("fatal")).unwrap(),
        Severity::Unknown
    );
    assert_eq!(
        serde_json::from_str::<ColumnUnit>(&unknown("graphemes")).unwrap(),
        ColumnUnit::Unknown
    );
    assert_eq!(
        serde_json::from_str::<EngineScope>(&unknown("per-module")).unwrap(),
        EngineScope::Unknown
    );
    assert_eq!(
        serde_json::from_str::<PluginKind>(&unknown("formatter")).unwrap(),
        PluginKind::Unknown
    );
    // Known values still mean what they say.
    assert_eq!(
        serde_json::from_str::<ColumnUnit>(&unknown("utf8-bytes")).unwrap(),
        ColumnUnit::Utf8Bytes
    );
}

#[test]
fn a_diagnostic_with_a_newer_severity_and_unit_still_decodes() {
    let diagnostic: Diagnostic = serde_json::from_str(
        r#"{"file":"a.sh","start":{"line":1,"column":2,"unit":"graphemes"},
            "rule":"X1","severity":"fatal","message":"m","someLaterField":true}"#,
    )
    .unwrap();
    assert_eq!(diagnostic.severity, Severity::Unknown);
    assert_eq!(diagnostic.start.map(|p| p.unit), Some(ColumnUnit::Unknown));
}
