//! Checks a wire tile set completely before anything plays or draws it: every
//! reference between features points at a feature of the right kind, ids and
//! numbers are in the ranges the `.tiles` language allows. A hand-edited
//! `tileset.json` is refused here with the tile and the reason, instead of
//! misbehaving later (a road ending at a feature that does not exist, a die
//! face of 4294967295).

use std::collections::HashSet;

use super::tileset::SetupError;
use crate::emit::wire::{Feature, RoadEnd, Tile, TileSet};
use crate::kinds::FeatureKind;

/// The largest number the `.tiles` language accepts; the same bound holds
/// for every count, value and parameter of a wire tile set.
pub const MAX_NUMBER: i64 = 1_000_000_000;

/// Checks a tile set; the first problem found is the error.
///
/// # Errors
/// A malformed expansion (a die without faces or with a face out of range, a
/// number out of range, an id given twice) or tile (see [`validate_tile`]).
pub fn validate(set: &TileSet) -> Result<(), SetupError> {
    let mut ids = HashSet::new();
    for e in &set.expansions {
        let bad = |why: String| SetupError(format!("expansion `{}`: {why}", e.id));
        if !ids.insert(e.id.as_str()) {
            return Err(bad("declared twice".into()));
        }
        for d in &e.dice {
            if d.faces.is_empty() {
                return Err(bad(format!("die `{}` has no faces", d.id)));
            }
            if let Some(face) = d
                .faces
                .iter()
                .find(|&&f| f == 0 || i64::from(f) > MAX_NUMBER)
            {
                return Err(bad(format!(
                    "die `{}` has a face of {face}; faces are 1 to {MAX_NUMBER}",
                    d.id
                )));
            }
        }
        for t in &e.tokens {
            in_range(&format!("token `{}` value", t.id), t.value).map_err(&bad)?;
            in_range(&format!("token `{}` count", t.id), i64::from(t.count)).map_err(&bad)?;
        }
        for f in &e.figures {
            in_range(
                &format!("figure `{}` per_player", f.id),
                i64::from(f.per_player),
            )
            .map_err(&bad)?;
        }
        for (name, &value) in &e.rules {
            in_range(&format!("rule `{name}`"), value).map_err(&bad)?;
        }
    }
    let mut tiles = HashSet::new();
    for tile in &set.tiles {
        if !ids.contains(tile.expansion.as_str()) {
            return Err(SetupError(format!(
                "tile `{}`: expansion `{}` is not in the tile set",
                tile.id, tile.expansion
            )));
        }
        if !tiles.insert(tile.id.as_str()) {
            return Err(SetupError(format!("tile `{}` appears twice", tile.id)));
        }
        validate_tile(tile).map_err(|why| SetupError(format!("tile `{}`: {why}", tile.id)))?;
    }
    Ok(())
}

/// Checks one tile: its id, counts, and every reference from one of its
/// features to another.
///
/// # Errors
/// The reason, without the tile's id.
pub fn validate_tile(tile: &Tile) -> Result<(), String> {
    let short = tile
        .id
        .strip_prefix(tile.expansion.as_str())
        .and_then(|rest| rest.strip_prefix('/'));
    if short.is_none_or(str::is_empty) {
        return Err(format!("the id should be `{}/<name>`", tile.expansion));
    }
    if tile.count == 0 {
        return Err("a count of 0".into());
    }
    in_range("count", i64::from(tile.count))?;
    if tile.start > tile.count {
        return Err(format!(
            "{} start copies of {} in all",
            tile.start, tile.count
        ));
    }
    let kind_of = |i: usize| tile.features.get(i).map(Feature::kind);
    for (i, f) in tile.features.iter().enumerate() {
        let what = format!("feature #{i} ({})", f.kind());
        match f {
            Feature::City { pennants, .. } => {
                in_range(&format!("{what}: pennants"), i64::from(*pennants))?;
            }
            Feature::Road { ends, .. } => {
                for end in ends {
                    let RoadEnd::Feature { feature } = *end else {
                        continue;
                    };
                    match kind_of(feature) {
                        _ if feature == i => {
                            return Err(format!("{what}: a dead end meets the road itself"))
                        }
                        None => {
                            return Err(format!(
                                "{what}: a dead end meets feature #{feature}, which the tile does not have"
                            ))
                        }
                        Some(FeatureKind::Field) => {
                            return Err(format!(
                                "{what}: a dead end meets feature #{feature}, a field"
                            ))
                        }
                        Some(_) => {}
                    }
                }
            }
            _ => {}
        }
        for &t in f.touching() {
            match kind_of(t) {
                Some(FeatureKind::City | FeatureKind::Road) => {}
                Some(other) => {
                    return Err(format!(
                    "{what} touches feature #{t}, a {other}; only cities and roads can be touched"
                ))
                }
                None => {
                    return Err(format!(
                        "{what} touches feature #{t}, which the tile does not have"
                    ))
                }
            }
        }
    }
    Ok(())
}

fn in_range(what: &str, value: i64) -> Result<(), String> {
    if value.unsigned_abs() <= MAX_NUMBER.unsigned_abs() {
        Ok(())
    } else {
        Err(format!(
            "{what} is {value}, outside -{MAX_NUMBER}..={MAX_NUMBER}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> TileSet {
        serde_json::from_str(include_str!("../../tests/golden/tileset.json")).expect("golden")
    }

    #[test]
    fn the_shipped_sets_are_valid() {
        assert_eq!(validate(&shipped()), Ok(()));
    }

    #[test]
    fn a_road_end_at_a_missing_feature_is_refused() {
        let mut set = shipped();
        let tile = set
            .tiles
            .iter_mut()
            .find(|t| {
                t.features
                    .iter()
                    .any(|f| matches!(f, Feature::Road { ends, .. } if !ends.is_empty()))
            })
            .expect("a tile with a dead end");
        for f in &mut tile.features {
            if let Feature::Road { ends, .. } = f {
                if let Some(end) = ends.first_mut() {
                    *end = RoadEnd::Feature { feature: 99 };
                }
            }
        }
        let error = validate(&set).expect_err("refused").0;
        assert!(
            error.contains("meets feature #99, which the tile does not have"),
            "{error}"
        );
    }

    #[test]
    fn a_die_face_out_of_range_is_refused() {
        let mut set = shipped();
        let die = set
            .expansions
            .iter_mut()
            .flat_map(|e| &mut e.dice)
            .next()
            .expect("a die");
        die.faces[0] = u32::MAX;
        let error = validate(&set).expect_err("refused").0;
        assert!(error.contains("a face of 4294967295"), "{error}");
    }

    #[test]
    fn touching_a_missing_feature_is_refused() {
        let mut set = shipped();
        let feature = set
            .tiles
            .iter_mut()
            .flat_map(|t| &mut t.features)
            .find(|f| matches!(f, Feature::Cloister { .. }))
            .expect("a cloister");
        if let Feature::Cloister { touching, .. } = feature {
            touching.push(42);
        }
        let error = validate(&set).expect_err("refused").0;
        assert!(error.contains("touches feature #42"), "{error}");
    }
}
