//! The expansion file in JCZ's XML: `<defs>` with the `<expansion>` header
//! (title, description, icon, the tile sets it releases), the `<tiles>` and a
//! `<tile-set>` counting them and naming the expansions it requires.

use std::fmt::Write;

use super::model::JczExpansion;

/// Text safe inside an element or a double-quoted attribute.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Not allowed in XML 1.0 at all, even escaped.
            c if c.is_control() && c != '\n' && c != '\t' => {}
            '\u{fffe}' | '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Text inside `<!-- -->`, which may hold no `--` and not end in `-`: a
/// space goes between two hyphens, and after a last one.
fn comment_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '-' && out.ends_with('-') {
            out.push(' ');
        }
        out.push(c);
    }
    if out.ends_with('-') {
        out.push(' ');
    }
    out
}

fn attrs(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!(" {k}=\"{}\"", escape(v)))
        .collect()
}

/// The expansion file of one exported expansion.
#[must_use]
pub fn expansion_file(e: &JczExpansion) -> String {
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    let _ = writeln!(
        x,
        "<!-- {} — written by tileforge -->",
        comment_text(&escape(&e.title))
    );
    x.push_str("<defs>\n");
    let _ = writeln!(x, "  <expansion id=\"{}\">", escape(&e.name));
    let _ = writeln!(x, "    <title>{}</title>", escape(&e.title));
    let _ = writeln!(
        x,
        "    <description>{}</description>",
        escape(&e.description)
    );
    let _ = writeln!(x, "    <icon>{}</icon>", icon(&e.title));
    let _ = writeln!(x, "    <ref tile-set=\"{}\"/>", escape(&e.id));
    x.push_str("  </expansion>\n  <tiles>\n");
    for t in &e.tiles {
        let _ = writeln!(x, "    <tile id=\"{}\"{}>", escape(&t.id), attrs(&t.attrs));
        for i in &t.items {
            if i.text.is_empty() {
                let _ = writeln!(x, "      <{}{}/>", i.name, attrs(&i.attrs));
            } else {
                let _ = writeln!(
                    x,
                    "      <{0}{1}>{2}</{0}>",
                    i.name,
                    attrs(&i.attrs),
                    escape(&i.text)
                );
            }
        }
        x.push_str("    </tile>\n");
    }
    x.push_str("  </tiles>\n  <sets>\n");
    let _ = writeln!(x, "    <tile-set id=\"{}\">", escape(&e.id));
    for r in &e.requires {
        let _ = writeln!(x, "      <requires expansion=\"{}\"/>", escape(r));
    }
    for t in &e.tiles {
        let _ = writeln!(
            x,
            "      <ref count=\"{}\" tile=\"{}\"/>",
            t.count,
            escape(&t.id)
        );
    }
    x.push_str("    </tile-set>\n  </sets>\n</defs>\n");
    x
}

/// The expansion's icon: a tile-shaped square with the title's initials.
fn icon(title: &str) -> String {
    let initials: String = title
        .split_whitespace()
        .filter(|w| !matches!(w.to_ascii_lowercase().as_str(), "the" | "of" | "and" | "&"))
        .filter_map(|w| w.chars().next())
        .filter(|c| c.is_alphanumeric())
        .take(2)
        .collect::<String>()
        .to_uppercase();
    format!(
        "<svg viewBox=\"0 0 100 100\"><rect x=\"6\" y=\"6\" width=\"88\" height=\"88\" rx=\"10\" \
         fill=\"#8fb35a\" stroke=\"#3d3020\" stroke-width=\"6\"/><text x=\"50\" y=\"66\" \
         font-size=\"44\" font-family=\"sans-serif\" font-weight=\"bold\" text-anchor=\"middle\" \
         fill=\"#3d3020\">{}</text></svg>",
        escape(&initials)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert!(icon("The Fairground").contains(">F</text>"));
    }

    #[test]
    fn hostile_names_still_make_xml_that_parses() {
        for title in [
            "a---b",
            "--",
            "ends-",
            "x\u{ffff}y\u{fffe}",
            "<!-- -->",
            "\u{1b}]0;t",
        ] {
            let e = JczExpansion {
                id: "e".into(),
                name: "e".into(),
                title: title.into(),
                description: title.into(),
                requires: Vec::new(),
                tiles: Vec::new(),
            };
            let text = expansion_file(&e);
            roxmltree::Document::parse(&text)
                .unwrap_or_else(|err| panic!("{title:?}: {err}\n{text}"));
        }
    }
}
