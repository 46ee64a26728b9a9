//! Capabilities the engine lacks (W0603), for the kinds and attributes the
//! tiles use, at their first use: the set compiles and renders, but cannot be
//! played.

use crate::diag::Diagnostic;
use crate::ir::TileSet;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let v = &set.vocabulary;
    let mut kinds = vec![None; v.kinds.len()];
    let mut attributes = vec![None; v.attributes.len()];
    for f in set.tiles.iter().flat_map(|t| &t.features) {
        kinds[f.kind].get_or_insert(f.span);
        for &(a, _) in &f.attributes {
            attributes[a].get_or_insert(f.span);
        }
    }
    v.check_capabilities(&kinds, &attributes, out);
}
