//! What a feature is worth: its kind's template values as the rules give them,
//! changed by the attributes on it (see `docs/rules-engine.md`, "Attribute
//! modifiers"). An attribute is on a feature when any of its pieces carries it,
//! however many units; each attribute on the feature applies its modifiers
//! once. For each value, every *set* applies first, in vocabulary order (the
//! prelude's attributes first, so a fan's declaration has the last word), then
//! every *add* is summed on top.

use super::vocab::{AttributeRule, Target, COMPLETE, UNFINISHED};

/// `base` as changed by the attributes in `present` (bit `i`: attribute `i`).
pub fn modified(base: i64, target: Target, present: u64, attributes: &[AttributeRule]) -> i64 {
    if present == 0 {
        return base;
    }
    let mut value = base;
    let mut added = 0i64;
    let mut bits = present;
    while bits != 0 {
        let a = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let Some(rule) = attributes.get(a) else {
            continue;
        };
        for m in rule.modifiers.iter().filter(|m| m.target == target) {
            if m.set {
                value = m.value;
            } else {
                added = added.saturating_add(m.value);
            }
        }
    }
    value.saturating_add(added)
}

/// A network's points in a state ([`COMPLETE`] or [`UNFINISHED`]): its
/// distinct tiles at its kind's per-tile value, plus the `units` of each
/// counted attribute (by attribute index) at their per-unit values, every value
/// changed by the attributes `present`.
pub fn network_points(
    tile: &[i64; 2],
    state: usize,
    tiles: u32,
    present: u64,
    units: &[u64],
    attributes: &[AttributeRule],
) -> i64 {
    let per_tile = modified(tile[state], Target::Tile(state), present, attributes);
    times(tiles, per_tile).saturating_add(unit_points(units, state, present, attributes))
}

/// A neighbourhood spot's points: `values.0` when its square is full
/// (`done`), else its `tiles` (its own included) at `values.1` a tile as the
/// attributes `present` change it; plus its units as for a network.
pub fn neighbourhood_points(
    values: (i64, i64),
    tiles: u32,
    done: bool,
    present: u64,
    units: &[u64],
    attributes: &[AttributeRule],
) -> i64 {
    let (state, points) = if done {
        (COMPLETE, values.0)
    } else {
        let per_tile = modified(values.1, Target::Tile(UNFINISHED), present, attributes);
        (UNFINISHED, times(tiles, per_tile))
    };
    points.saturating_add(unit_points(units, state, present, attributes))
}

/// Points for `units` of each counted attribute (by index) in a state, as
/// the attributes present change each unit's value.
pub fn unit_points(units: &[u64], state: usize, present: u64, attributes: &[AttributeRule]) -> i64 {
    let mut points = 0i64;
    for (a, &units) in units.iter().enumerate() {
        if units == 0 {
            continue;
        }
        let Ok(index) = u8::try_from(a) else { continue };
        let base = attributes[a].unit[state];
        let each = modified(base, Target::Unit(index, state), present, attributes);
        points = points.saturating_add(times(units, each));
    }
    points
}

/// Points for `count` things worth `each`, saturating.
pub fn times(count: impl Into<u64>, each: i64) -> i64 {
    i64::try_from(count.into())
        .unwrap_or(i64::MAX)
        .saturating_mul(each)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::vocab::{Modifier, COMPLETE, UNFINISHED};

    fn attribute(modifiers: &[(Target, bool, i64)]) -> AttributeRule {
        AttributeRule {
            id: "a".into(),
            counted: false,
            unit: [0, 0],
            modifiers: modifiers
                .iter()
                .map(|&(target, set, value)| Modifier { target, set, value })
                .collect(),
        }
    }

    #[test]
    fn sets_apply_in_vocabulary_order_then_adds_are_summed() {
        let tile_c = Target::Tile(COMPLETE);
        let attrs = [
            attribute(&[(tile_c, true, 3), (Target::Tile(UNFINISHED), true, 0)]),
            attribute(&[(tile_c, false, 1)]),
            attribute(&[(tile_c, true, 5)]),
            attribute(&[(tile_c, false, 2)]),
        ];
        assert_eq!(modified(2, tile_c, 0, &attrs), 2);
        assert_eq!(modified(2, tile_c, 0b0001, &attrs), 3);
        assert_eq!(modified(2, Target::Tile(UNFINISHED), 0b0001, &attrs), 0);
        assert_eq!(modified(2, tile_c, 0b0010, &attrs), 3);
        // The add counts whether it is declared before or after the set.
        assert_eq!(modified(2, tile_c, 0b0011, &attrs), 4);
        // Two sets: the later declaration wins, then both adds.
        assert_eq!(modified(2, tile_c, 0b1111, &attrs), 8);
        assert_eq!(modified(2, Target::Unit(0, COMPLETE), 0b1111, &attrs), 2);
    }
}
