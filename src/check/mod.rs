//! The checker: set-level rules over the lowered IR. Only [`check`] makes a
//! [`Checked`], and the back ends take `&Checked`, so nothing unchecked reaches them.
//!
//! Tile-level rules (sides, crossings, fields) run while lowering, where the facts
//! are built; the rules here need the whole set. Each rule is one file and
//! appends to the list; none stops the others.

mod capabilities;
mod edits;
mod expect;
mod filenames;
mod layout;
pub use filenames::MAX_ID_LEN;
pub mod identical;
pub mod placeable;
mod requires;
mod scored_with;
mod start;
pub mod totals;

use crate::diag::Diagnostic;
use crate::ir::{Lowered, TileSet};

/// A tile set that passed every check. The proof the back ends ask for.
#[derive(Debug)]
pub struct Checked {
    set: TileSet,
}

impl Checked {
    /// The checked IR.
    #[must_use]
    pub fn ir(&self) -> &TileSet {
        &self.set
    }

    /// Full id (`expansion/tile`) of a tile.
    #[must_use]
    pub fn tile_id(&self, tile: usize) -> String {
        let t = &self.set.tiles[tile];
        format!("{}/{}", self.set.expansions[t.expansion].id, t.name)
    }
}

/// Runs every set-level rule. Returns the checked set when no error was found
/// (here or before, in `lowered.diagnostics`), and all diagnostics either way.
#[must_use]
pub fn check(lowered: Lowered) -> (Option<Checked>, Vec<Diagnostic>) {
    let Lowered {
        set,
        mut diagnostics,
    } = lowered;
    // Totals over a set that lost items to errors would only repeat those errors.
    let complete = !diagnostics.iter().any(Diagnostic::is_error);
    expect::check(&set, complete, &mut diagnostics);
    start::check(&set, &mut diagnostics);
    layout::check(&set, &mut diagnostics);
    filenames::check(&set, &mut diagnostics);
    requires::check(&set, &mut diagnostics);
    scored_with::check(&set, &mut diagnostics);
    edits::check(&set, &mut diagnostics);
    capabilities::check(&set, &mut diagnostics);
    if complete {
        placeable::check(&set, &mut diagnostics);
        identical::check(&set, &mut diagnostics);
    }
    crate::diag::sort(&mut diagnostics);
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    (ok.then_some(Checked { set }), diagnostics)
}
