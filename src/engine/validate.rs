//! Checks a wire tile set completely before anything plays or draws it: every
//! reference between features points at a feature of the right kind, ids and
//! numbers are in the ranges the `.tiles` language allows. A hand-edited
//! `tileset.json` is refused here with the tile and the reason, instead of
//! misbehaving later (a road ending at a feature that does not exist, a die
//! face of 4294967295).

use std::collections::HashSet;

use super::SetupError;
use crate::emit::wire::{End, Shape, Tile, TileSet, Vocabulary};

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
        for r in &e.removes {
            if let Some(n) = r.count {
                in_range(&format!("removal of `{}`", r.tile), i64::from(n)).map_err(&bad)?;
            }
        }
    }
    validate_vocabulary(&set.vocabulary).map_err(SetupError)?;
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
        validate_tile(tile, &set.vocabulary)
            .map_err(|why| SetupError(format!("tile `{}`: {why}", tile.id)))?;
    }
    Ok(())
}

/// Checks the declarations: every value in range, every name a declaration
/// refers to declared.
///
/// # Errors
/// The declaration and the reason.
pub fn validate_vocabulary(v: &Vocabulary) -> Result<(), String> {
    for k in &v.kinds {
        for (name, &value) in k.score.iter().flat_map(|s| &s.params) {
            in_range(&format!("kind `{}`: parameter `{name}`", k.id), value)?;
        }
    }
    for a in &v.attributes {
        for (name, m) in &a.params {
            let (crate::emit::wire::Modifier::Set(value) | crate::emit::wire::Modifier::Add(value)) =
                *m;
            in_range(&format!("attribute `{}`: parameter `{name}`", a.id), value)?;
        }
        if let Some(k) = a.on.iter().find(|k| v.kind(k).is_none()) {
            return Err(format!(
                "attribute `{}` is on kind `{k}`, which is not declared",
                a.id
            ));
        }
    }
    Ok(())
}

/// Checks one tile: its id, counts, every feature's kind and attributes, and
/// every reference from one of its features to another.
///
/// # Errors
/// The reason, without the tile's id.
pub fn validate_tile(tile: &Tile, vocabulary: &Vocabulary) -> Result<(), String> {
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
    if let Some(at) = tile.start_at {
        if tile.start == 0 || tile.group.is_some() {
            return Err("a square in a start layout, but not a start set's tile".into());
        }
        if at.rotation > 3 || at.x.abs() > 100 || at.y.abs() > 100 {
            return Err(format!(
                "start layout square {} {} turned {} is out of range",
                at.x, at.y, at.rotation
            ));
        }
    }
    let shape_of = |f: &crate::emit::wire::Feature| vocabulary.kind(&f.kind).map(|k| k.shape);
    let shape_at = |i: usize| tile.features.get(i).and_then(shape_of);
    for (i, f) in tile.features.iter().enumerate() {
        let what = format!("feature #{i} ({})", f.kind);
        let Some(shape) = shape_of(f) else {
            return Err(format!("{what}: kind `{}` is not declared", f.kind));
        };
        for (a, &units) in &f.attributes {
            let Some(attribute) = vocabulary.attribute(a) else {
                return Err(format!("{what}: attribute `{a}` is not declared"));
            };
            if !attribute.on.contains(&f.kind) {
                return Err(format!(
                    "{what}: attribute `{a}` does not go on a {}",
                    f.kind
                ));
            }
            in_range(&format!("{what}: {a}"), i64::from(units))?;
        }
        let missing =
            |t: usize| format!("{what} refers to feature #{t}, which the tile does not have");
        for end in &f.ends {
            let End::Feature { feature } = *end else {
                continue;
            };
            match shape_at(feature) {
                _ if feature == i => return Err(format!("{what}: a dead end meets itself")),
                None => return Err(missing(feature)),
                Some(Shape::Face) => {
                    return Err(format!(
                        "{what}: a dead end meets feature #{feature}, a field"
                    ))
                }
                Some(_) => {}
            }
        }
        for &t in &f.touching {
            let wanted = match shape {
                Shape::Face => shape_at(t) == Some(Shape::Region),
                Shape::Spot => matches!(shape_at(t), Some(Shape::Region | Shape::Path)),
                Shape::Path => shape_at(t) == Some(Shape::Region),
                Shape::Region => false,
            };
            if t >= tile.features.len() {
                return Err(missing(t));
            }
            if !wanted {
                return Err(format!(
                    "{what} touches feature #{t}, a {}; a field or path touches regions, a spot regions and paths",
                    tile.features[t].kind
                ));
            }
        }
        for &t in f.crossing.iter().flat_map(|c| &c.crosses) {
            if t >= tile.features.len() || t == i {
                return Err(missing(t));
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
            .find(|t| t.features.iter().any(|f| !f.ends.is_empty()))
            .expect("a tile with a dead end");
        for f in &mut tile.features {
            if let Some(end) = f.ends.first_mut() {
                *end = End::Feature { feature: 99 };
            }
        }
        let error = validate(&set).expect_err("refused").0;
        assert!(
            error.contains("refers to feature #99, which the tile does not have"),
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
            .find(|f| f.kind == "cloister")
            .expect("a cloister");
        feature.touching.push(42);
        let error = validate(&set).expect_err("refused").0;
        assert!(
            error.contains("feature #42, which the tile does not have"),
            "{error}"
        );
    }
}
