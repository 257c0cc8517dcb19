//! A compact, read-mostly JSON tree for the documents of an MCP surface.
//!
//! A rule pack reads every tool definition of every surface it is sent, and a scan can send a
//! hundred thousand of them. `serde_json::Value` keeps objects in a `BTreeMap`, whose nodes
//! cost about fifteen times the JSON's size; [`Json`] keeps an object as one boxed slice of
//! `(key, value)` pairs in source order, strings and keys as `Box<str>` and arrays as boxed
//! slices, which is a few times the JSON's size. It is decoded straight from the text (never
//! through `serde_json::Value`) and serializes back to the same JSON, so the wire between the
//! host and the packs does not change.
//!
//! The read API follows `serde_json::Value` (`get`, `as_str`, `as_object`, indexing that
//! yields `null` for what is missing), so rule code reads the same. A duplicate key keeps the
//! last value, as `serde_json` does. Nesting is bounded by the decoder: `serde_json` refuses
//! input nested deeper than 128 levels.

use std::fmt;
use std::ops::Index;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
pub use serde_json::Number;

/// A JSON value. Objects keep their keys in source order.
#[derive(Clone, Default)]
pub enum Json {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(Box<str>),
    Array(Box<[Json]>),
    Object(Object),
}

/// A JSON object: its members in source order, each key once.
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct Object(Box<[(Box<str>, Json)]>);

static NULL: Json = Json::Null;

impl Json {
    /// The member `key` of an object or the element at an index of an array.
    pub fn get<I: JsonIndex>(&self, index: I) -> Option<&Json> {
        index.index_into(self)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Object> {
        match self {
            Json::Object(object) => Some(object),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Json::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        self.as_number()?.as_f64()
    }

    pub fn as_u64(&self) -> Option<u64> {
        self.as_number()?.as_u64()
    }

    pub fn as_i64(&self) -> Option<i64> {
        self.as_number()?.as_i64()
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    pub fn is_boolean(&self) -> bool {
        matches!(self, Json::Bool(_))
    }

    pub fn is_number(&self) -> bool {
        matches!(self, Json::Number(_))
    }

    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    pub fn is_string(&self) -> bool {
        matches!(self, Json::String(_))
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Json::Array(_))
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Json::Object(_))
    }

    /// The value a JSON pointer (RFC 6901) names, as `serde_json::Value::pointer`.
    pub fn pointer(&self, pointer: &str) -> Option<&Json> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        rest.split('/')
            .map(|token| token.replace("~1", "/").replace("~0", "~"))
            .try_fold(self, |target, token| match target {
                Json::Object(object) => object.get(&token),
                Json::Array(items) => parse_index(&token).and_then(|i| items.get(i)),
                _ => None,
            })
    }

    /// The member `key` of an object, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        match self {
            Json::Object(object) => object.get_mut(key),
            _ => None,
        }
    }

    /// Takes the value out, leaving `null`.
    pub fn take(&mut self) -> Json {
        std::mem::take(self)
    }

    /// The same value as a `serde_json::Value` (for tests and the few places that need one).
    pub fn to_serde(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(n.clone()),
            Json::String(s) => Value::String(s.to_string()),
            Json::Array(items) => Value::Array(items.iter().map(Json::to_serde).collect()),
            Json::Object(object) => Value::Object(
                object
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_serde()))
                    .collect(),
            ),
        }
    }
}

/// An array index as a JSON pointer token spells it: digits, no leading zero.
fn parse_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

impl Object {
    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.0.iter().find(|(k, _)| &**k == key).map(|(_, v)| v)
    }

    /// The value of `key`, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        self.0.iter_mut().find(|(k, _)| &**k == key).map(|(_, v)| v)
    }

    /// Takes the member `key` out.
    pub fn remove(&mut self, key: &str) -> Option<Json> {
        let at = self.0.iter().position(|(k, _)| &**k == key)?;
        let mut entries = std::mem::take(&mut self.0).into_vec();
        let (_, value) = entries.remove(at);
        self.0 = entries.into_boxed_slice();
        Some(value)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The members in source order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &Json)> + DoubleEndedIterator {
        self.0.iter().map(|(k, v)| (&**k, v))
    }

    pub fn keys(&self) -> impl ExactSizeIterator<Item = &str> + DoubleEndedIterator {
        self.0.iter().map(|(k, _)| &**k)
    }

    pub fn values(&self) -> impl ExactSizeIterator<Item = &Json> + DoubleEndedIterator {
        self.0.iter().map(|(_, v)| v)
    }

    /// The members, to take apart.
    pub fn into_entries(self) -> Vec<(Box<str>, Json)> {
        self.0.into_vec()
    }

    /// An object of `entries`; a repeated key keeps its first place and its last value.
    pub fn from_entries(entries: Vec<(Box<str>, Json)>) -> Self {
        Self(dedup_keys(entries).into_boxed_slice())
    }
}

/// Keeps each key once, with the last value given for it, where it first appeared (as
/// `serde_json` with `preserve_order` does).
fn dedup_keys(mut entries: Vec<(Box<str>, Json)>) -> Vec<(Box<str>, Json)> {
    // The usual object is small and has no repeated key: a quadratic scan costs less than a
    // hash set there.
    const SCAN: usize = 16;
    let repeated = if entries.len() <= SCAN {
        (1..entries.len()).any(|i| entries[..i].iter().any(|(k, _)| *k == entries[i].0))
    } else {
        let mut seen = std::collections::HashSet::with_capacity(entries.len());
        !entries.iter().all(|(k, _)| seen.insert(&**k))
    };
    if !repeated {
        return entries;
    }
    let mut first: std::collections::HashMap<Box<str>, usize> = Default::default();
    let mut kept: Vec<(Box<str>, Json)> = Vec::with_capacity(entries.len());
    for (key, value) in entries.drain(..) {
        match first.get(&key) {
            Some(&at) => kept[at].1 = value,
            None => {
                first.insert(key.clone(), kept.len());
                kept.push((key, value));
            }
        }
    }
    kept
}

/// What [`Json::get`] accepts: a key (`&str`, `String`) or an array index (`usize`).
pub trait JsonIndex: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, value: &'v Json) -> Option<&'v Json>;
}

mod private {
    pub trait Sealed {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl Sealed for usize {}
    impl<T: Sealed + ?Sized> Sealed for &T {}
}

impl JsonIndex for str {
    fn index_into<'v>(&self, value: &'v Json) -> Option<&'v Json> {
        value.as_object()?.get(self)
    }
}

impl JsonIndex for String {
    fn index_into<'v>(&self, value: &'v Json) -> Option<&'v Json> {
        self.as_str().index_into(value)
    }
}

impl JsonIndex for usize {
    fn index_into<'v>(&self, value: &'v Json) -> Option<&'v Json> {
        value.as_array()?.get(*self)
    }
}

impl<T: JsonIndex + ?Sized> JsonIndex for &T {
    fn index_into<'v>(&self, value: &'v Json) -> Option<&'v Json> {
        (**self).index_into(value)
    }
}

impl<I: JsonIndex> Index<I> for Json {
    type Output = Json;

    /// `null` for a missing member or element, as `serde_json::Value` indexing.
    fn index(&self, index: I) -> &Json {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl Index<&str> for Object {
    type Output = Json;

    fn index(&self, key: &str) -> &Json {
        self.get(key).unwrap_or(&NULL)
    }
}

impl<'a> IntoIterator for &'a Object {
    type Item = (&'a str, &'a Json);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (Box<str>, Json)>,
        fn(&'a (Box<str>, Json)) -> (&'a str, &'a Json),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (&**k, v))
    }
}

/// Equal as JSON: objects compare by members, whatever their order.
impl PartialEq for Object {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl PartialEq for Json {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Json::Null, Json::Null) => true,
            (Json::Bool(a), Json::Bool(b)) => a == b,
            (Json::Number(a), Json::Number(b)) => a == b,
            (Json::String(a), Json::String(b)) => a == b,
            (Json::Array(a), Json::Array(b)) => a == b,
            (Json::Object(a), Json::Object(b)) => a == b,
            _ => false,
        }
    }
}

impl PartialEq<str> for Json {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Json {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<bool> for Json {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}

impl PartialEq<serde_json::Value> for Json {
    fn eq(&self, other: &serde_json::Value) -> bool {
        use serde_json::Value;
        match (self, other) {
            (Json::Null, Value::Null) => true,
            (Json::Bool(a), Value::Bool(b)) => a == b,
            (Json::Number(a), Value::Number(b)) => a == b,
            (Json::String(a), Value::String(b)) => **a == **b,
            (Json::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
            }
            (Json::Object(a), Value::Object(b)) => {
                a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| v == w))
            }
            _ => false,
        }
    }
}

impl From<serde_json::Value> for Json {
    fn from(value: serde_json::Value) -> Self {
        use serde_json::Value;
        match value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(b),
            Value::Number(n) => Json::Number(n),
            Value::String(s) => Json::String(s.into_boxed_str()),
            Value::Array(items) => Json::Array(items.into_iter().map(Json::from).collect()),
            Value::Object(map) => Json::Object(Object(
                map.into_iter()
                    .map(|(k, v)| (k.into_boxed_str(), Json::from(v)))
                    .collect(),
            )),
        }
    }
}

impl From<&str> for Json {
    fn from(text: &str) -> Self {
        Json::String(text.into())
    }
}

impl From<String> for Json {
    fn from(text: String) -> Self {
        Json::String(text.into_boxed_str())
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Self {
        Json::Bool(b)
    }
}

impl From<Object> for Json {
    fn from(object: Object) -> Self {
        Json::Object(object)
    }
}

impl From<Vec<Json>> for Json {
    fn from(items: Vec<Json>) -> Self {
        Json::Array(items.into_boxed_slice())
    }
}

/// Compact JSON; `{:#}` is pretty-printed, as for `serde_json::Value`.
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() {
            serde_json::to_string_pretty(self)
        } else {
            serde_json::to_string(self)
        }
        .map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

impl fmt::Debug for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => serializer.serialize_unit(),
            Json::Bool(b) => serializer.serialize_bool(*b),
            Json::Number(n) => n.serialize(serializer),
            Json::String(s) => serializer.serialize_str(s),
            Json::Array(items) => serializer.collect_seq(items.iter()),
            Json::Object(object) => object.serialize(serializer),
        }
    }
}

impl Serialize for Object {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self.iter() {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

impl<'de> Deserialize<'de> for Object {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.deserialize_map(JsonVisitor)? {
            Json::Object(object) => Ok(object),
            _ => Err(de::Error::custom("expected a JSON object")),
        }
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Json, E> {
        // Like serde_json: a number that is not finite is null.
        Ok(Number::from_f64(n).map_or(Json::Null, Json::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.into()))
    }

    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s.into_boxed_str()))
    }

    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json, D::Error> {
        Deserialize::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items.into_boxed_slice()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(key) = map.next_key::<KeyText>()? {
            entries.push((key.0, map.next_value()?));
        }
        Ok(Json::Object(Object::from_entries(entries)))
    }
}

/// A key, decoded from borrowed text without an intermediate `String` where the input allows.
struct KeyText(Box<str>);

impl<'de> Deserialize<'de> for KeyText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = KeyText;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object key")
            }

            fn visit_str<E>(self, s: &str) -> Result<KeyText, E> {
                Ok(KeyText(s.into()))
            }

            fn visit_string<E>(self, s: String) -> Result<KeyText, E> {
                Ok(KeyText(s.into_boxed_str()))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn parse(text: &str) -> Json {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn round_trips_keeping_key_order() {
        let text = r#"{"z":1,"a":[true,null,"s",{"y":2,"b":{}}],"m":-3.5}"#;
        let value = parse(text);
        assert_eq!(serde_json::to_string(&value).unwrap(), text);
        assert_eq!(value.to_string(), text);
        let keys: Vec<&str> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["z", "a", "m"]);
        assert_eq!(
            value,
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
        assert_eq!(Json::from(value.to_serde()), value);
    }

    #[test]
    fn a_repeated_key_keeps_the_last_value_as_serde_json_does() {
        let text = r#"{"a":1,"b":2,"a":3}"#;
        let value = parse(text);
        let serde: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(value["a"], serde["a"]);
        assert_eq!(value["a"].as_u64(), Some(3));
        assert_eq!(value.as_object().unwrap().len(), 2);
        assert_eq!(value.to_string(), r#"{"a":3,"b":2}"#);
        // Past the small-object scan, the hashed path does the same.
        let many: String = (0..40).map(|i| format!("\"k{i}\":{i},")).collect();
        let value = parse(&format!("{{{many}\"k7\":\"last\"}}"));
        assert_eq!(value.as_object().unwrap().len(), 40);
        assert_eq!(value["k7"], "last");
        assert_eq!(value.as_object().unwrap().keys().nth(7), Some("k7"));
    }

    #[test]
    fn deep_nesting_is_refused_like_serde_json() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let ours = serde_json::from_str::<Json>(&deep).unwrap_err();
        let theirs = serde_json::from_str::<serde_json::Value>(&deep).unwrap_err();
        assert_eq!(ours.to_string(), theirs.to_string());
        assert!(ours.to_string().contains("recursion limit"), "{ours}");
        let fine = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(serde_json::from_str::<Json>(&fine).is_ok());
    }

    #[test]
    fn numbers_round_trip_exactly() {
        for text in [
            "18446744073709551615",
            "-9223372036854775808",
            "-1",
            "0",
            "0.1",
            "1e300",
            "-2.5e-8",
            "3.0",
        ] {
            let value = parse(text);
            let serde: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(value.to_string(), serde.to_string(), "{text}");
            assert_eq!(value, serde, "{text}");
        }
        assert_eq!(parse("18446744073709551615").as_u64(), Some(u64::MAX));
        assert_eq!(parse("-7").as_i64(), Some(-7));
        assert_eq!(parse("-7").as_u64(), None);
        assert_eq!(parse("0.5").as_f64(), Some(0.5));
        assert!(parse("2").is_u64() && parse("-2").is_i64() && parse("2.0").is_f64());
    }

    #[test]
    fn reads_like_serde_json() {
        let value = Json::from(json!({
            "name": "t",
            "list": [1, "two"],
            "nested": {"a~b": {"c/d": true}},
        }));
        assert_eq!(value.get("name").and_then(Json::as_str), Some("t"));
        assert_eq!(value["list"][1], "two");
        assert!(value["missing"]["deeper"].is_null());
        assert!(value[7].is_null());
        assert_eq!(
            value
                .get("list")
                .and_then(|l| l.get(0))
                .and_then(Json::as_u64),
            Some(1)
        );
        assert_eq!(value.as_array(), None);
        assert_eq!(value["list"].as_array().map(<[Json]>::len), Some(2));
        assert_eq!(value.pointer("/nested/a~0b/c~1d"), Some(&Json::Bool(true)));
        assert_eq!(value.pointer("/list/1").and_then(Json::as_str), Some("two"));
        assert_eq!(value.pointer("/list/01"), None);
        assert_eq!(value.pointer(""), Some(&value));
        let object = value.as_object().unwrap();
        assert!(object.contains_key("nested") && !object.contains_key("x"));
        assert_eq!(object.len(), 3);
        let members: Vec<(&str, bool)> = object.iter().map(|(k, v)| (k, v.is_array())).collect();
        assert_eq!(
            members,
            [("list", true), ("name", false), ("nested", false)],
            "json! sorts its keys; the order is kept from there"
        );
        assert_eq!(object.values().filter(|v| v.is_object()).count(), 1);
        assert_eq!(
            parse(r#"{"b":1,"a":[2]}"#),
            parse(r#"{"a":[2],"b":1}"#),
            "members, any order"
        );
        assert_ne!(parse(r#"{"a":[2,3]}"#), parse(r#"{"a":[3,2]}"#));
        assert_eq!(format!("{:#}", Json::from(json!([1]))), "[\n  1\n]");
    }

    #[test]
    fn is_far_smaller_than_serde_json_value() {
        assert!(std::mem::size_of::<Json>() <= 24);
        assert!(std::mem::size_of::<(Box<str>, Json)>() <= 40);
    }
}
