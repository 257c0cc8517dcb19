//! RFC 6570 URI templates: validation and matching.

use regex::Regex;

/// Checks a URI template's expressions. Returns a description of the first problem.
///
/// Checked: balanced, non-nested braces; no empty expression; no empty variable in a list;
/// no whitespace inside an expression; `:N` prefixes with 1 to 4 digits (1..=9999); no
/// operator reserved for future extensions (`= , ! @ |`).
pub fn validate(template: &str) -> Result<(), String> {
    let mut open: Option<usize> = None;
    for (i, c) in template.char_indices() {
        match c {
            '{' => {
                if let Some(start) = open {
                    return Err(format!(
                        "`{{` at offset {i} opens an expression inside the one at offset {start}"
                    ));
                }
                open = Some(i);
            }
            '}' => {
                let Some(start) = open.take() else {
                    return Err(format!("`}}` at offset {i} closes no expression"));
                };
                expression(&template[start + 1..i], start)?;
            }
            _ => {}
        }
    }
    match open {
        Some(start) => Err(format!("`{{` at offset {start} is never closed")),
        None => Ok(()),
    }
}

fn expression(body: &str, offset: usize) -> Result<(), String> {
    if body.trim().is_empty() {
        return Err(format!("empty expression at offset {offset}"));
    }
    if body.chars().any(char::is_whitespace) {
        return Err(format!("whitespace inside the expression `{{{body}}}`"));
    }
    let mut vars = body;
    if let Some(first) = body.chars().next() {
        if "+#./;?&".contains(first) {
            vars = &body[1..];
        } else if "=,!@|".contains(first) {
            return Err(format!("operator `{first}` in `{{{body}}}` is reserved"));
        }
    }
    for var in vars.split(',') {
        let name = var.strip_suffix('*').unwrap_or(var);
        let (name, prefix) = match name.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (name, None),
        };
        if name.is_empty() {
            return Err(format!("empty variable name in `{{{body}}}`"));
        }
        if let Some(p) = prefix {
            let ok = !p.is_empty()
                && p.len() <= 4
                && p.bytes().all(|b| b.is_ascii_digit())
                && !p.starts_with('0');
            if !ok {
                return Err(format!(
                    "prefix modifier `:{p}` in `{{{body}}}` must be 1 to 9999"
                ));
            }
        }
    }
    Ok(())
}

/// The variable names of a template (operators and modifiers stripped).
pub fn variables(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        let body = &rest[start + 1..start + len];
        let body = body
            .strip_prefix(['+', '#', '.', '/', ';', '?', '&'])
            .unwrap_or(body);
        for var in body.split(',') {
            let var = var.strip_suffix('*').unwrap_or(var);
            let var = var.split(':').next().unwrap_or(var);
            if !var.is_empty() {
                out.push(var);
            }
        }
        rest = &rest[start + len + 1..];
    }
    out
}

/// A regex that matches the URIs a template expands to: `{+x}`, `{#x}` and `{/x}` match any
/// text, `{?x}`/`{&x}` an optional query part, other expressions one path segment.
pub fn to_regex(template: &str) -> Option<Regex> {
    validate(template).ok()?;
    let mut pattern = String::from("^");
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let len = rest[start..].find('}')?;
        pattern.push_str(&regex::escape(&rest[..start]));
        let body = &rest[start + 1..start + len];
        pattern.push_str(match body.chars().next() {
            Some('+' | '#' | '/') => ".+",
            Some('?' | '&') => "(?:[?&].*)?",
            _ => "[^/]+",
        });
        rest = &rest[start + len + 1..];
    }
    pattern.push_str(&regex::escape(rest));
    pattern.push('$');
    Regex::new(&pattern).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates() {
        assert!(validate("file:///{path}").is_ok());
        assert!(validate("db://{+table}/rows{?limit,offset}").is_ok());
        assert!(validate("x://{a:3}/{b*}").is_ok());
        assert!(validate("x://{a").is_err());
        assert!(validate("x://a}").is_err());
        assert!(validate("x://{}").is_err());
        assert!(validate("x://{ }").is_err());
        assert!(validate("x://{a,}").is_err());
        assert!(validate("x://{{a}}").is_err());
        assert!(validate("x://{a:0}").is_err());
        assert!(validate("x://{=a}").is_err());
    }

    #[test]
    fn matches_like_the_original() {
        let re = to_regex("ui://widget/{id}").unwrap();
        assert!(re.is_match("ui://widget/chart"));
        assert!(!re.is_match("ui://widget/a/b"));
        assert!(to_regex("ui://{+path}").unwrap().is_match("ui://a/b/c"));
        assert!(to_regex("ui://w{?v}").unwrap().is_match("ui://w"));
    }

    #[test]
    fn lists_variables() {
        assert_eq!(variables("x://{+a}/{b,c:3}{?d*}"), vec!["a", "b", "c", "d"]);
    }
}
