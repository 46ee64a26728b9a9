//! At most one tile kind of the whole set is marked `start` (E0106).

use crate::diag::{Code, Diagnostic};
use crate::ir::TileSet;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let mut starts = set.tiles.iter().filter(|t| t.start > 0);
    let Some(first) = starts.next() else { return };
    for other in starts {
        out.push(
            Diagnostic::new(
                Code::StartTile,
                other.span,
                format!("`{}` is a second start tile", other.name),
            )
            .label("marked `start` here")
            .with(first.span, "the start tile is already this one")
            .help("a game has one start tile: keep `start` on one tile"),
        );
    }
}
