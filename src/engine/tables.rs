//! One tile kind as the engine plays it: side codes and placement signatures
//! for the four rotations, the feature at each slot, open sides, pennants,
//! field→city links, centre features — computed once from the wire tile, which
//! is validated on the way so the hot path can index without checks.

use super::tileset::SetupError;
use crate::emit::wire;
use crate::geometry::{Dir, Side, Slot};
use crate::kinds::{classic, Classic as Feature, CropType, FeatureKind};

/// No feature at a slot.
pub(super) const NONE: u8 = u8::MAX;

/// One tile kind, ready for play.
#[derive(Debug)]
pub(super) struct Kind {
    pub id: String,
    pub count: u32,
    /// Side codes (1 city, 2 road, 3 field) of the unrotated tile, N E S W.
    pub edges: [u8; 4],
    /// For each rotation, the placement signatures (see `board`) it fits.
    pub matches: [[u8; 15]; 4],
    /// The feature at each slot of the unrotated tile, or [`NONE`].
    pub slot_feature: [u8; 12],
    pub features: Vec<KFeature>,
    pub circus: bool,
    /// For a circus tile: the expansion (index in play) whose tokens it draws.
    pub pool: Option<usize>,
    /// For a flying machine: the die it rolls (index into `Ruleset::dice`).
    pub die: Option<usize>,
    pub cloister: bool,
    pub acrobats: Option<u8>,
    pub flier: Option<Dir>,
    pub crop: Option<CropType>,
    /// A circus or acrobat tile, counted by the ringmaster bonus.
    pub bonus_tile: bool,
}

/// One feature of a tile kind.
#[derive(Debug)]
pub(super) struct KFeature {
    pub kind: FeatureKind,
    /// Open sides it brings to its feature (roads and cities).
    pub sides: u8,
    pub pennants: u32,
    /// For a field: the tile's cities it touches.
    pub cities: Vec<u8>,
    /// The slot that names it in game logs (unrotated), none for centre features.
    pub name_slot: Option<Slot>,
}

/// The side code of an edge letter: 1 city, 2 road, 3 field, by the classic
/// role of the kind whose sides carry the letter.
fn side_code(letter: u8, vocabulary: &wire::Vocabulary) -> Option<u8> {
    let kind = vocabulary
        .kinds
        .iter()
        .find(|k| k.edge.as_deref().map(str::as_bytes) == Some(&[letter][..]))?;
    match FeatureKind::of(kind)? {
        FeatureKind::City => Some(1),
        FeatureKind::Road => Some(2),
        FeatureKind::Field => Some(3),
        _ => None,
    }
}

/// Prepares one wire tile.
pub(super) fn prepare_tile(
    tile: &wire::Tile,
    vocabulary: &wire::Vocabulary,
) -> Result<Kind, SetupError> {
    let bad = |why: String| SetupError(format!("tile `{}`: {why}", tile.id));
    let classic_features = classic(tile, vocabulary).map_err(SetupError)?;
    let letters = tile.edges.as_bytes();
    if letters.len() != 4 {
        return Err(bad(format!("edges `{}` is not four letters", tile.edges)));
    }
    let mut edges = [0u8; 4];
    for (e, &l) in edges.iter_mut().zip(letters) {
        *e = side_code(l, vocabulary).ok_or_else(|| {
            bad(format!(
                "edges `{}`: `{}` is not a side the engine can play",
                tile.edges,
                char::from(l)
            ))
        })?;
    }
    if tile.features.len() >= usize::from(NONE) {
        return Err(bad("too many features".into()));
    }
    let mut slot_feature = [NONE; 12];
    for (i, f) in classic_features.iter().enumerate() {
        for slot in f.slots() {
            let cell = &mut slot_feature[slot.index()];
            if *cell != NONE {
                return Err(bad(format!("slot {slot} belongs to two features")));
            }
            // In range: checked against NONE above.
            *cell = u8::try_from(i).unwrap_or(NONE);
        }
    }
    check_sides(&edges, &slot_feature, tile, &classic_features).map_err(bad)?;
    let mut features = Vec::with_capacity(tile.features.len());
    let (mut circus, mut acrobats, mut flier, mut crop) = (false, None, None, None);
    for (i, f) in classic_features.iter().enumerate() {
        let index = u8::try_from(i).unwrap_or(NONE);
        let once = |seen: bool, what: &str| {
            if seen {
                Err(bad(format!(
                    "two {what} features; the engine supports one per tile"
                )))
            } else {
                Ok(())
            }
        };
        match f {
            Feature::Circus { .. } => circus = true,
            Feature::Acrobats { .. } => {
                once(acrobats.is_some(), "acrobats")?;
                acrobats = Some(index);
            }
            Feature::Flier { direction, .. } => {
                once(flier.is_some(), "flier")?;
                flier = Some(*direction);
            }
            Feature::CropCircle { crop_type, .. } => {
                once(crop.is_some(), "crop-circle")?;
                crop = Some(*crop_type);
            }
            _ => {}
        }
        features.push(prepare_feature(&classic_features, f).map_err(&bad)?);
    }
    let mut matches = [[0u8; 15]; 4];
    for (rotation, row) in matches.iter_mut().enumerate() {
        let rotated = rotated_edges(&edges, rotation);
        for (m, sig) in row.iter_mut().enumerate() {
            let mask = m + 1;
            *sig = (0..4)
                .filter(|s| mask & (1 << s) != 0)
                .map(|s| rotated[s] << (2 * s))
                .sum();
        }
    }
    Ok(Kind {
        id: tile.id.clone(),
        count: tile.count,
        edges,
        matches,
        slot_feature,
        features,
        circus,
        pool: None,
        die: None,
        cloister: classic_features
            .iter()
            .any(|f| f.kind() == FeatureKind::Cloister),
        acrobats,
        flier,
        crop,
        bonus_tile: circus || acrobats.is_some(),
    })
}

/// Side codes after `rotation` clockwise quarter turns, indexed by board side.
pub(super) fn rotated_edges(edges: &[u8; 4], rotation: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for (s, e) in out.iter_mut().enumerate() {
        *e = edges[(s + 4 - rotation % 4) % 4];
    }
    out
}

/// Every side's slots agree with its letter: a city side is one city over all
/// three slots, a road side has a road in the middle and no city or road at
/// the corners, a field side has neither.
fn check_sides(
    edges: &[u8; 4],
    slot_feature: &[u8; 12],
    tile: &wire::Tile,
    features: &[Feature],
) -> Result<(), String> {
    let kind_at = |slot: usize| {
        let f = slot_feature[slot];
        (f != NONE).then(|| features[usize::from(f)].kind())
    };
    for side in Side::ALL {
        let [a, m, b] = side.slots().map(Slot::index);
        let linear =
            |k: Option<FeatureKind>| matches!(k, Some(FeatureKind::City | FeatureKind::Road));
        let ok = match edges[side.index()] {
            1 => {
                kind_at(m) == Some(FeatureKind::City)
                    && slot_feature[a] == slot_feature[m]
                    && slot_feature[b] == slot_feature[m]
            }
            2 => {
                kind_at(m) == Some(FeatureKind::Road) && !linear(kind_at(a)) && !linear(kind_at(b))
            }
            _ => !linear(kind_at(a)) && !linear(kind_at(m)) && !linear(kind_at(b)),
        };
        if !ok {
            return Err(format!(
                "side {side} (`{}`) does not agree with the features at its slots",
                char::from(tile.edges.as_bytes()[side.index()])
            ));
        }
    }
    Ok(())
}

fn prepare_feature(all: &[Feature], f: &Feature) -> Result<KFeature, String> {
    let slots = f.slots();
    let middles = slots.iter().filter(|s| s.is_middle()).count();
    let sides = u8::try_from(middles).unwrap_or(0);
    let name_slot = slots
        .iter()
        .find(|s| s.is_middle())
        .or_else(|| slots.first())
        .copied();
    let kind = f.kind();
    if kind.is_centre() != slots.is_empty() {
        return Err(format!("a {kind} feature with slots {slots:?}"));
    }
    let mut out = KFeature {
        kind,
        sides: if matches!(kind, FeatureKind::City | FeatureKind::Road) {
            sides
        } else {
            0
        },
        pennants: 0,
        cities: Vec::new(),
        name_slot,
    };
    match f {
        Feature::City { pennants, .. } => out.pennants = *pennants,
        Feature::Field { cities, .. } => {
            for &c in cities {
                let is_city = all.get(c).map(Feature::kind) == Some(FeatureKind::City);
                if !is_city {
                    return Err(format!("a field touches feature #{c}, which is not a city"));
                }
                out.cities
                    .push(u8::try_from(c).map_err(|_| "feature id out of range")?);
            }
        }
        _ => {}
    }
    Ok(out)
}
