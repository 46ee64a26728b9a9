//! A start set's fixed layout (`start at X Y [turn N]`): every tile of the
//! set but the first says where it lies, relative to the first (x east, y
//! south) and how it is turned; the first lies at `0 0` unturned. The layout
//! must be laid as written (E0114): only start sets have one, every other
//! tile of the set has a square, no two share one, and each tile touches one
//! declared before it (the engine lays them in declaration order). Two
//! neighbours' sides must meet (E0115): their letters meet, and so does the
//! feature at each pair of facing slots (a side that is part wall, part field
//! lines up with its neighbour's).

use crate::diag::{Code, Diagnostic};
use crate::geometry::{Side, Slot};
use crate::ir::{Tile, TileSet, Vocabulary};

/// The step to the neighbour across each side N E S W.
const STEP: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    for e in 0..set.expansions.len() {
        let starts: Vec<&Tile> = set
            .tiles
            .iter()
            .filter(|t| t.start > 0 && t.group.is_none() && t.expansion == e)
            .collect();
        if starts.len() < 2 {
            for t in starts.iter().filter(|t| t.start_at.is_some()) {
                out.push(alone(t, "it is its expansion's only start tile"));
            }
            continue;
        }
        if starts.iter().any(|t| t.start_at.is_some()) {
            layout(set, &starts, out);
        }
    }
    for t in set.tiles.iter().filter(|t| t.group.is_some()) {
        if t.start_at.is_some() {
            out.push(alone(t, "a group's start tile starts the game alone"));
        }
    }
}

fn alone(t: &Tile, why: &str) -> Diagnostic {
    let span = t.start_at.map_or(t.span, |a| a.span);
    Diagnostic::new(
        Code::StartLayout,
        span,
        format!("`{}` is in no start set, so it has no square", t.name),
    )
    .label(why.to_string())
    .with(t.span, "this tile")
    .help("`start at` places the tiles of a start set (several ungrouped `start` tiles of one expansion); remove `at ...`")
}

/// Checks one start set whose tiles have squares.
fn layout(set: &TileSet, starts: &[&Tile], out: &mut Vec<Diagnostic>) {
    let first = starts[0];
    if let Some(at) = first.start_at.filter(|a| (a.x, a.y, a.turns) != (0, 0, 0)) {
        out.push(
            Diagnostic::new(
                Code::StartLayout,
                at.span,
                format!("`{}` is the start set's first tile: it lies at 0 0, unturned", first.name),
            )
            .label("the other squares are counted from this tile")
            .help("write `start at 0 0` or `start` on the first tile, and place the others relative to it"),
        );
        return;
    }
    // (tile, x, y, turns), in declaration order.
    let mut laid: Vec<(&Tile, i32, i32, u8)> = vec![(first, 0, 0, 0)];
    for &t in &starts[1..] {
        let Some(at) = t.start_at else {
            out.push(
                Diagnostic::new(
                    Code::StartLayout,
                    t.span,
                    format!(
                        "`{}` is in a start set with a layout, but says nowhere where it lies",
                        t.name
                    ),
                )
                .label("no `start at X Y`")
                .with(
                    starts
                        .iter()
                        .find_map(|s| s.start_at)
                        .map_or(first.span, |a| a.span),
                    "the set has a layout",
                )
                .help("give it its square: `start at X Y` (and `turn N` if turned)"),
            );
            continue;
        };
        if let Some((other, ..)) = laid.iter().find(|(_, x, y, _)| (*x, *y) == (at.x, at.y)) {
            out.push(
                Diagnostic::new(
                    Code::StartLayout,
                    at.span,
                    format!(
                        "`{}` and `{}` both lie at {} {}",
                        other.name, t.name, at.x, at.y
                    ),
                )
                .label("a square taken already")
                .with(other.start_at.map_or(other.span, |a| a.span), "here first")
                .help("give each tile of the layout its own square"),
            );
            continue;
        }
        let touches = laid
            .iter()
            .any(|(_, x, y, _)| STEP.iter().any(|(dx, dy)| (x + dx, y + dy) == (at.x, at.y)));
        if !touches {
            out.push(
                Diagnostic::new(
                    Code::StartLayout,
                    at.span,
                    format!("`{}` touches no tile declared before it", t.name),
                )
                .label("laid in declaration order, each beside one already down")
                .help("declare the tiles so that each one lies next to an earlier one"),
            );
            continue;
        }
        laid.push((t, at.x, at.y, at.turns));
    }
    let turned: Vec<Tile> = laid.iter().map(|(t, _, _, r)| t.rotated(*r)).collect();
    for (i, &(a, ax, ay, _)) in laid.iter().enumerate() {
        for (j, &(b, bx, by, _)) in laid.iter().enumerate() {
            // Each pair once, from the tile to the west or north.
            let side = if (bx, by) == (ax + 1, ay) {
                Side::E
            } else if (bx, by) == (ax, ay + 1) {
                Side::S
            } else {
                continue;
            };
            if let Some(why) = mismatch(&set.vocabulary, &turned[i], &turned[j], side) {
                let span = b.start_at.map_or(b.span, |s| s.span);
                let a_span = a.start_at.map_or(a.span, |s| s.span);
                out.push(
                    Diagnostic::new(
                        Code::StartSides,
                        span,
                        format!(
                            "`{}` lies {} of `{}`, but their sides do not meet",
                            b.name,
                            if side == Side::E { "east" } else { "south" },
                            a.name
                        ),
                    )
                    .label(why)
                    .with(a_span, format!("`{}` lies here", a.name))
                    .help("turn or move one of them, or change the features on the sides between them"),
                );
            }
        }
    }
}

/// Why side `side` of `a` does not meet the opposite side of `b` (both as
/// laid), if it does not.
fn mismatch(vocabulary: &Vocabulary, a: &Tile, b: &Tile, side: Side) -> Option<String> {
    let ea = a.edges(vocabulary)[side.index()];
    let eb = b.edges(vocabulary)[side.opposite().index()];
    if !vocabulary.meets(ea, eb) {
        return Some(format!(
            "side letters `{}` and `{}` do not meet",
            char::from(ea),
            char::from(eb)
        ));
    }
    let kind_at = |t: &Tile, slot: Slot| {
        t.features
            .iter()
            .find(|f| f.slots.contains(&slot))
            .map(|f| f.kind)
    };
    for slot in side.slots() {
        let (Some(ka), Some(kb)) = (kind_at(a, slot), kind_at(b, slot.facing())) else {
            continue;
        };
        let letter = |k: usize| vocabulary.kinds[k].edge;
        let meet = ka == kb
            || matches!((letter(ka), letter(kb)), (Some(x), Some(y)) if vocabulary.meets(x, y));
        if !meet {
            return Some(format!(
                "at {slot} a {} faces a {}",
                vocabulary.kinds[ka].name.to_lowercase(),
                vocabulary.kinds[kb].name.to_lowercase()
            ));
        }
    }
    None
}
