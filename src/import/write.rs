//! Writes one expansion as idiomatic `.tiles` text: a header with its
//! requirements and totals, the groups and edits it declares, then its tiles in
//! JCZ's order, one line when short. JCZ's facts that the language does not
//! hold (a `max`) and every difference from JCZ's fields are
//! comments above their tile, for whoever curates the draft.

use std::fmt::Write as _;

use super::derive::Derived;
use super::layout::{Expansion, Layout, Placed};

/// The text of one expansion's file.
pub fn expansion(layout: &Layout, e: &Expansion, derived: &[Derived]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Imported from JCloisterZone ({}) by `tileforge import jcz`.",
        comment(&e.source)
    );
    out.push_str(
        "// A draft: the fields are derived by tileforge, and JCZ's are only compared;\n\
         // descriptions and totals beyond tiles and kinds are left to curation.\n\n",
    );
    let _ = writeln!(out, "expansion {} \"{}\" {{", e.id, e.name);
    for r in &e.requires {
        let _ = writeln!(out, "    requires {r}");
    }
    let written: Vec<&Placed> = e
        .tiles
        .iter()
        .filter(|p| derived[p.tile].unwritable.is_none())
        .collect();
    let tiles: u32 = written.iter().map(|p| p.count).sum();
    if tiles > 0 {
        let _ = writeln!(out, "    expect tiles {tiles}");
        let _ = writeln!(out, "    expect kinds {}", written.len());
    }
    out.push_str("}\n");
    for note in &e.notes {
        let _ = writeln!(out, "// {}", comment(note));
    }
    for g in &e.groups {
        let name = if g == "river" {
            "The river"
        } else {
            g.as_str()
        };
        let _ = write!(out, "\ngroup {g} \"{name}\" {{\n    draw first\n}}\n");
    }
    if !e.removes.is_empty() {
        out.push('\n');
        for (target, count) in &e.removes {
            match count {
                Some(n) => {
                    let _ = writeln!(out, "remove {target} x{n}");
                }
                None => {
                    let _ = writeln!(out, "remove {target}");
                }
            }
        }
    }
    for p in &e.tiles {
        out.push('\n');
        tile(&mut out, layout, p, &derived[p.tile]);
    }
    out
}

/// The most characters of one copied text in a comment.
const MAX_COMMENT: usize = 200;

/// Text copied from the input into a `//` comment: one line whatever it
/// holds (a newline, a carriage return or any control character is written
/// escaped, so no text can end the comment and put live statements into the
/// draft), cut after [`MAX_COMMENT`] characters.
fn comment(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_COMMENT {
            out.push('…');
            break;
        }
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{85}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// An id as the language writes it: bare when it can be, else quoted.
fn id_text(id: &str) -> String {
    let bare = id.starts_with(|c: char| c.is_ascii_alphanumeric())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.+!".contains(&b));
    if bare {
        id.to_string()
    } else {
        format!("\"{id}\"")
    }
}

fn tile(out: &mut String, layout: &Layout, p: &Placed, d: &Derived) {
    let t = &layout.tiles[p.tile];
    for note in &t.notes {
        let _ = writeln!(out, "// {}", comment(note));
    }
    if d.unwritable.is_none() {
        for m in &d.differences {
            let _ = writeln!(out, "// JCZ {}: {}", t.jcz_id, comment(m));
        }
    }
    let mut head = format!("tile {} x{}", id_text(&t.local_id), p.count);
    if p.start {
        head.push_str(" start");
    }
    if p.first {
        head.push_str(" first");
    }
    if p.last {
        head.push_str(" last");
    }
    if let Some(g) = &p.group {
        let _ = write!(head, " group {g}");
    }
    if let Some(r) = &p.replaces {
        let _ = write!(head, " replaces {r}");
    }
    let body: Vec<String> = d.statements.iter().map(super::Statement::text).collect();
    let one_line = format!("{head} {{ {} }}", body.join("; "));
    let text = if body.is_empty() {
        format!("{head} {{}}\n")
    } else if body.len() == 1 && one_line.len() <= 80 {
        format!("{one_line}\n")
    } else {
        let mut s = format!("{head} {{\n");
        for b in &body {
            let _ = writeln!(s, "    {b}");
        }
        s.push_str("}\n");
        s
    };
    match &d.unwritable {
        None => out.push_str(&text),
        Some(error) => {
            let _ = writeln!(
                out,
                "// Left out: no reading of JCZ {} compiles ({}).",
                t.jcz_id,
                comment(error)
            );
            for line in text.lines() {
                let _ = writeln!(out, "// {line}");
            }
        }
    }
}
