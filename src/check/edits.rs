//! Edition edits (E0111): `replaces` and `remove` name a tile of an expansion this
//! one requires, which has the copies taken out.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, Span};
use crate::ir::TileSet;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let copies: HashMap<String, u32> = set
        .tiles
        .iter()
        .map(|t| {
            (
                format!("{}/{}", set.expansions[t.expansion].id, t.name),
                t.count,
            )
        })
        .collect();
    // Copies each edit takes, per target, to catch two edits taking too many.
    let mut taken: HashMap<&str, u32> = HashMap::new();
    let mut edits: Vec<(usize, &str, Option<u32>, Span)> = Vec::new();
    for t in &set.tiles {
        if let Some((target, span)) = &t.replaces {
            edits.push((t.expansion, target, Some(t.count), *span));
        }
    }
    for (i, e) in set.expansions.iter().enumerate() {
        for (target, count, span) in &e.removes {
            edits.push((i, target, *count, *span));
        }
    }
    for (expansion, target, count, span) in edits {
        let owner = &set.expansions[expansion];
        let target_expansion = target.split('/').next().unwrap_or("");
        if target_expansion == owner.id {
            out.push(
                Diagnostic::new(
                    Code::Loop,
                    span,
                    format!("`{}` edits its own tile `{target}`", owner.id),
                )
                .label("an edit changes an expansion this one requires, not itself")
                .help("change the tile's count instead, or move the edit into a later edition"),
            );
            continue;
        }
        if !owner.requires.iter().any(|(r, _)| r == target_expansion) {
            out.push(
                Diagnostic::new(
                    Code::BadEdit,
                    span,
                    format!("`{}` does not require `{target_expansion}`", owner.id),
                )
                .label("an edit changes an expansion this one requires")
                .help(format!("add `requires {target_expansion}` to the header")),
            );
            continue;
        }
        // A required expansion that is not among the inputs is W0503 already.
        if !set.expansions.iter().any(|e| e.id == target_expansion) {
            continue;
        }
        let Some(&available) = copies.get(target) else {
            out.push(
                Diagnostic::new(
                    Code::BadEdit,
                    span,
                    format!("`{target_expansion}` has no tile `{target}`"),
                )
                .label("no such tile")
                .help("name the tile as `expansion/id`, e.g. `base/D`"),
            );
            continue;
        };
        let used = taken.entry(target).or_default();
        *used = used.saturating_add(count.unwrap_or(available));
        if *used > available {
            out.push(
                Diagnostic::new(
                    Code::BadEdit,
                    span,
                    format!("`{target}` has {available} copies, and the edits take {used}"),
                )
                .label("more copies than the box holds"),
            );
        }
    }
}
