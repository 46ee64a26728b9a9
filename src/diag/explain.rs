//! The long explanation of each diagnostic code, read from
//! `docs/diagnostics.md` (embedded in the binary), for `tileforge explain`.
//! Each code has a section `## CODE: meaning` whose meaning is the code's
//! [`Code::title`], the text of the docs' table.

use super::Code;

/// The page the explanations come from.
pub const PAGE: &str = include_str!("../../docs/diagnostics.md");

/// The section of [`PAGE`] on `code`: its heading's meaning and its text,
/// trimmed.
#[must_use]
pub fn section(code: Code) -> Option<(&'static str, &'static str)> {
    let heading = format!("\n## {}: ", code.as_str());
    let start = PAGE.find(&heading)? + heading.len();
    let rest = &PAGE[start..];
    let (title, body) = rest.split_once('\n')?;
    let body = body.find("\n## ").map_or(body, |end| &body[..end]);
    Some((title.trim(), body.trim()))
}

/// The code written `text` (any case: `e0202`, `E0202`).
#[must_use]
pub fn parse(text: &str) -> Option<Code> {
    Code::ALL
        .iter()
        .copied()
        .find(|c| c.as_str().eq_ignore_ascii_case(text.trim()))
}

/// What `tileforge explain CODE` prints.
#[must_use]
pub fn explain(code: Code) -> String {
    let severity = match code.severity() {
        super::Severity::Error => "error",
        super::Severity::Warning => "warning",
    };
    let body = section(code).map_or("", |(_, body)| body);
    format!("{code} ({severity}): {}\n\n{body}\n", code.title())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_section_under_its_title() {
        for &code in Code::ALL {
            let (title, body) = section(code).unwrap_or_else(|| panic!("{code} has no section"));
            assert_eq!(title, code.title(), "{code}'s heading");
            assert!(body.len() > 40, "{code}'s explanation is empty");
        }
        assert_eq!(
            PAGE.matches("\n## ").count(),
            Code::ALL.len(),
            "a section of no code"
        );
    }

    #[test]
    fn codes_parse_in_any_case() {
        assert_eq!(parse("e0202"), Some(Code::RoadOnCitySide));
        assert_eq!(parse("W0603"), Some(Code::MissingCapability));
        assert_eq!(parse("E9999"), None);
    }
}
