//! Rotations of a tile kind that lie alike: turned by some quarters, the
//! tile shows the same slots (kinds and closings), each feature where one
//! just like it lay before. Placed at one square, two such rotations meet
//! the same board features with pieces that differ only in their ids, so a
//! placement preview of one is that of the other with the ids renamed
//! ([`Kind::same_turn`], [`Kind::turn_features`]).

use super::tables::{KFeature, Kind, NONE};

/// Sets [`Kind::same_turn`] and [`Kind::turn_features`] from its slots and
/// features (once the rule modules and editions prepared them).
pub fn find_turns(kind: &mut Kind) {
    kind.same_turn = [0, 1, 2, 3];
    kind.turn_features = Default::default();
    // An added way crosses the tile in one direction: no rotation is alike.
    if kind.features.iter().any(|f| f.way.is_some()) {
        return;
    }
    for r in 1..4u8 {
        for q in 0..r {
            if let Some(map) = renaming(kind, usize::from(r - q)) {
                kind.same_turn[usize::from(r)] = q;
                kind.turn_features[usize::from(r)] = map.into_boxed_slice();
                break;
            }
        }
    }
}

/// The renaming of features that turning the tile `d` more quarters
/// makes: feature `f` of one rotation lies, turned, as `map[f]` of the
/// other — if every slot keeps its kind and closing and each feature its
/// like.
fn renaming(kind: &Kind, d: usize) -> Option<Vec<u8>> {
    let n = kind.features.len();
    let mut map = vec![NONE; n];
    for i in 0..12 {
        let j = (i + 12 - 3 * d) % 12;
        if kind.slot_kind[i] != kind.slot_kind[j] || kind.slot_closes[i] != kind.slot_closes[j] {
            return None;
        }
        let (a, b) = (kind.slot_feature[i], kind.slot_feature[j]);
        if (a == NONE) != (b == NONE) {
            return None;
        }
        if a == NONE {
            continue;
        }
        let cell = map.get_mut(usize::from(a))?;
        if *cell == NONE {
            *cell = b;
        } else if *cell != b {
            return None;
        }
    }
    // Features on no slot (a cloister) stay themselves.
    let on_slots: Vec<bool> = (0..n).map(|f| map[f] != NONE).collect();
    for (f, cell) in map.iter_mut().enumerate() {
        if *cell == NONE {
            *cell = u8::try_from(f).ok()?;
        }
    }
    let mut hit = vec![false; n];
    for &g in &map {
        let seen = hit.get_mut(usize::from(g))?;
        if *seen {
            return None;
        }
        *seen = true;
    }
    let alike = (0..n).all(|f| {
        let g = usize::from(map[f]);
        on_slots[g] == on_slots[f] && like(&kind.features[f], &kind.features[g], &map)
    });
    alike.then_some(map)
}

/// Two features alike but for their ids, `map` renaming what they touch.
fn like(a: &KFeature, b: &KFeature, map: &[u8]) -> bool {
    let mut touching: Vec<u8> = a.touching.iter().map(|&t| map[usize::from(t)]).collect();
    let mut theirs = b.touching.clone();
    touching.sort_unstable();
    theirs.sort_unstable();
    a.kind == b.kind
        && a.sides == b.sides
        && a.shape == b.shape
        && a.rich == b.rich
        && a.admits == b.admits
        && a.companions == b.companions
        && a.attributes == b.attributes
        && a.units == b.units
        && touching == theirs
}
