//! One tile kind as the engine plays it: side codes and placement signatures
//! for the four rotations, the feature at each slot, open sides, attributes and
//! units, what each field touches — computed once from the wire tile, which is
//! validated on the way so the hot path can index without checks. What a
//! kind's capabilities switch on, the rule modules keep in tables of their own.

use super::error::SetupError;
use super::sides::Sides;
use super::vocab::{Scoring, Vocab};
use crate::emit::wire::{self, Shape};
use crate::geometry::{Side, Slot};

/// Number of draw stages (see `draw`).
pub const STAGES: usize = 9;

/// No feature at a slot.
pub const NONE: u8 = u8::MAX;

/// One tile kind, ready for play.
#[derive(Debug)]
pub struct Kind {
    pub id: String,
    pub count: u32,
    /// Side codes (see `sides`) of the unrotated tile, N E S W.
    pub edges: [u8; 4],
    /// The placement signatures (see `sides`) it fits, each once, with the
    /// rotations that fit it (a symmetric tile has fewer to visit).
    pub fits: Box<[Fit]>,
    /// Letters a side of the unrotated tile (N E S W = 0..3) may also lie
    /// against when a rule module's `widen` allows the placement: pairs of
    /// side and letter, set while the kind is prepared.
    pub widens: Vec<(u8, u8)>,
    /// The signatures it fits only by [`Kind::widens`] (none of them in
    /// [`Kind::fits`] for the same rotation), each placement asked of the
    /// modules' [`super::Rules::widen`]; computed after the modules
    /// prepared the kind.
    pub wide: Box<[Fit]>,
    /// The feature at each slot of the unrotated tile, or [`NONE`].
    pub slot_feature: [u8; 12],
    /// The kind (vocabulary index) of the feature at each slot, or [`NONE`].
    pub slot_kind: [u8; 12],
    /// At each slot: a side's middle slot held by a region or path, whose
    /// feature loses an open side when the slot meets another.
    pub slot_closes: [bool; 12],
    /// Per rotation, the first rotation lying alike (`turns.rs`): the same
    /// slot kinds and closings, each feature where one just like it lies in
    /// that rotation (a plain cloister: 0 for all four; a straight road:
    /// 0, 1, 0, 1).
    pub same_turn: [u8; 4],
    /// Per rotation `r` lying as `same_turn[r]`: feature `f` of that
    /// rotation lies as `turn_features[r][f]` of this one (empty when `r`
    /// is its own first).
    pub turn_features: [Box<[u8]>; 4],
    pub features: Vec<KFeature>,
    /// Its network-scored features in the order a completion scores them:
    /// paths, then regions.
    pub networks: Vec<u8>,
    /// A spot scored by its neighbourhood lies on it.
    pub neighbourhood: bool,
    /// A rule module restricts where it may go beyond its sides (see
    /// [`super::Rules::refusal`]).
    pub constrained: bool,
    /// A feature of it is of a kind that declares a capability.
    pub switches: bool,
    /// When it may be drawn (see `draw`): its group's rank × 3, +0 for a
    /// `first` tile, +1 for others, +2 for a `last` one.
    pub stage: u8,
    /// Copies marked `start` (see `draw::set_aside_starts`).
    pub start_copies: u32,
    /// The tile belongs to a group (drawn in its group's order).
    pub grouped: bool,
}

/// A placement signature a tile kind fits, and in which rotations.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    pub sig: u16,
    /// Bit `r`: rotation `r` fits.
    pub rotations: u8,
    /// How many rotations fit.
    pub count: u8,
}

impl Fit {
    /// The `k`-th rotation that fits (0-based, `k < count`).
    pub fn rotation(self, k: usize) -> u8 {
        let mut bits = self.rotations;
        for _ in 0..k {
            bits &= bits - 1;
        }
        u8::try_from(bits.trailing_zeros()).unwrap_or(0)
    }
}

/// Computes a kind's [`Kind::wide`] from its [`Kind::widens`] (letters
/// not in play widen nothing).
pub fn widen_fits(kind: &mut Kind, sides: &Sides) {
    if kind.widens.is_empty() {
        return;
    }
    let mut extra = [0u16; 4];
    for &(side, letter) in &kind.widens {
        if let Some(c) = sides.code(letter) {
            extra[usize::from(side % 4)] |= 1 << c;
        }
    }
    let mut wide = FitGroups::default();
    for r in 0..4u8 {
        let edges = rotated_edges(&kind.edges, usize::from(r));
        // A board side shows the unrotated side r quarter turns back.
        let turned: [u16; 4] = std::array::from_fn(|s| extra[(s + 4 - usize::from(r)) % 4]);
        for sig in sides.wide_signatures(edges, turned) {
            wide.add(sig, r);
        }
    }
    kind.wide = wide.fits.into_boxed_slice();
}

/// Groups signatures by rotation into [`Fit`]s, in the order each signature
/// first comes (the placements' order rests on it), finding each in a map:
/// a kind whose sides meet many codes has thousands.
#[derive(Default)]
struct FitGroups {
    fits: Vec<Fit>,
    index: std::collections::HashMap<u16, usize, std::hash::BuildHasherDefault<SigHasher>>,
}

/// A hasher for signatures (small integers, no attacker): one multiply
/// (Fibonacci hashing) instead of SipHash, which took most of the map's time.
#[derive(Default)]
struct SigHasher(u64);

impl std::hash::Hasher for SigHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u16(&mut self, n: u16) {
        self.0 = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl FitGroups {
    fn add(&mut self, sig: u16, r: u8) {
        match self.index.entry(sig) {
            std::collections::hash_map::Entry::Occupied(i) => {
                let f = &mut self.fits[*i.get()];
                f.rotations |= 1 << r;
                f.count += 1;
            }
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(self.fits.len());
                self.fits.push(Fit {
                    sig,
                    rotations: 1 << r,
                    count: 1,
                });
            }
        }
    }
}

/// One feature of a tile kind.
#[derive(Debug)]
pub struct KFeature {
    /// Its kind (vocabulary index).
    pub kind: u8,
    /// Open sides it brings to its feature (regions and paths).
    pub sides: u8,
    /// Its kind's shape.
    pub shape: Shape,
    /// It carries attributes or units (a scored feature reads them).
    pub rich: bool,
    /// The figures that may stand on it (its kind's).
    pub admits: u32,
    /// The companion figures that may stand beside a follower on it.
    pub companions: u32,
    /// The attributes it carries, one bit per vocabulary index.
    pub attributes: u64,
    /// Units of its counted attributes: (attribute, units).
    pub units: Vec<(u8, u32)>,
    /// For a face: the tile's regions it touches.
    pub touching: Vec<u8>,
    /// The slot that names it in game logs (unrotated); none for a spot or a
    /// field with no border slot, which its kind names.
    pub name_slot: Option<Slot>,
    /// An *added way* (see [`KFeature::added_way`]): a path a rule module
    /// adds to the kind, from the middle of this side (unrotated) to the
    /// middle of the opposite one; none for the tile's own features.
    pub way: Option<Side>,
}

impl KFeature {
    /// An added way of kind `kind` (vocabulary index) across the tile from
    /// the middle of side `from` to the opposite side's: a feature no slot
    /// holds and that brings no open side, inert until a rule module
    /// activates it on a placed tile (opening its ends and joining them to
    /// its neighbours itself). The tile's own features do not change: a
    /// way lies over them. Game logs name it by its two ends as seen on
    /// the board (`N-S`, `E-W`).
    #[must_use]
    pub fn added_way(kind: u8, from: Side, vocab: &Vocab) -> KFeature {
        let rule = &vocab.kinds[usize::from(kind)];
        KFeature {
            kind,
            sides: 0,
            shape: rule.shape,
            rich: false,
            admits: rule.admits,
            companions: rule.companions,
            attributes: 0,
            units: Vec::new(),
            touching: Vec::new(),
            name_slot: None,
            way: Some(from),
        }
    }
}

/// Prepares one wire tile.
pub fn prepare_tile(
    tile: &wire::Tile,
    vocabulary: &wire::Vocabulary,
    vocab: &Vocab,
    sides: &Sides,
) -> Result<Kind, SetupError> {
    let bad = |why: String| SetupError(format!("tile `{}`: {why}", tile.id));
    let letters = tile.edges.as_bytes();
    if letters.len() != 4 {
        return Err(bad(format!("edges `{}` is not four letters", tile.edges)));
    }
    let mut edges = [0u8; 4];
    for (e, &l) in edges.iter_mut().zip(letters) {
        *e = sides.code(l).ok_or_else(|| {
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
    let mut kinds = Vec::with_capacity(tile.features.len());
    for f in &tile.features {
        kinds.push(
            vocab
                .kind(&f.kind)
                .ok_or_else(|| bad(format!("kind `{}` is not declared", f.kind)))?,
        );
    }
    let mut slot_feature = [NONE; 12];
    for (i, f) in tile.features.iter().enumerate() {
        for slot in &f.slots {
            let cell = &mut slot_feature[slot.index()];
            if *cell != NONE {
                return Err(bad(format!("slot {slot} belongs to two features")));
            }
            // In range: checked against NONE above.
            *cell = u8::try_from(i).unwrap_or(NONE);
        }
    }
    check_sides(tile, vocabulary, vocab, &kinds, &slot_feature).map_err(&bad)?;
    let mut fits = FitGroups::default();
    for r in 0..4u8 {
        for sig in sides.signatures(rotated_edges(&edges, usize::from(r))) {
            fits.add(sig, r);
        }
    }
    let fits = fits.fits;
    let slot_kind = slot_feature.map(|f| kinds.get(usize::from(f)).copied().unwrap_or(NONE));
    let slot_closes = std::array::from_fn(|i| {
        let partial = vocabulary
            .kinds
            .get(usize::from(slot_kind[i]))
            .is_some_and(|k| k.partial);
        closing_slot(&slot_feature, &slot_kind, vocab, i, partial)
    });
    let mut out = Kind {
        id: tile.id.clone(),
        // A held tile's copies are the players', never in the bag.
        count: if tile.held { 0 } else { tile.count },
        edges,
        fits: fits.into_boxed_slice(),
        widens: Vec::new(),
        wide: Box::new([]),
        slot_feature,
        slot_kind,
        slot_closes,
        same_turn: [0, 1, 2, 3],
        turn_features: Default::default(),
        features: Vec::with_capacity(tile.features.len()),
        networks: Vec::new(),
        neighbourhood: false,
        constrained: false,
        switches: false,
        stage: 0,
        start_copies: tile.start,
        grouped: tile.group.is_some(),
    };
    for (i, f) in tile.features.iter().enumerate() {
        let rule = &vocab.kinds[usize::from(kinds[i])];
        out.neighbourhood |= matches!(rule.scoring, Scoring::Neighbourhood { .. });
        out.switches |= !rule.capabilities.is_empty();
        out.features
            .push(prepare_feature(f, &kinds, vocab).map_err(&bad)?);
    }
    // A linear feature is open on each side it closes on (a shared side's end
    // counts for the region sharing it).
    for (i, f) in (0u8..).zip(out.features.iter_mut()) {
        if f.sides > 0 {
            let closing = (0..12).filter(|&s| out.slot_feature[s] == i && out.slot_closes[s]);
            f.sides = u8::try_from(closing.count()).unwrap_or(0);
        }
    }
    for shape in [Shape::Path, Shape::Region] {
        for (i, &k) in (0u8..).zip(&kinds) {
            let rule = &vocab.kinds[usize::from(k)];
            if rule.shape == shape && matches!(rule.scoring, Scoring::Network { .. }) {
                out.networks.push(i);
            }
        }
    }
    Ok(out)
}

/// Whether slot `i` is where its feature's side closes when it meets
/// another: the side's middle, or, for a region that shares the side and
/// holds only an end of it (`sharing`), that end. Each feature has one such
/// slot per side it is on, and counts that side once among its open sides.
fn closing_slot(
    slot_feature: &[u8; 12],
    slot_kind: &[u8; 12],
    vocab: &Vocab,
    i: usize,
    partial: bool,
) -> bool {
    let slot = Slot::from_index(i);
    let k = slot_kind[i];
    if k == NONE || !vocab.kinds[usize::from(k)].linear() {
        return false;
    }
    if slot.is_middle() || partial {
        return slot.is_middle();
    }
    let [a, m, b] = slot.side().slots().map(Slot::index);
    let f = slot_feature[i];
    vocab.kinds[usize::from(k)].shape == Shape::Region
        && slot_feature[m] != f
        && (i == a || slot_feature[a] != f)
        && [a, b].contains(&i)
}

/// Side codes after `rotation` clockwise quarter turns, indexed by board side.
pub fn rotated_edges(edges: &[u8; 4], rotation: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for (s, e) in out.iter_mut().enumerate() {
        *e = edges[(s + 4 - rotation % 4) % 4];
    }
    out
}

/// Every side's slots agree with its letter: a region side is one feature of
/// the letter's kind over all three slots, a path side has a path of the
/// letter's kind in the middle and no region or path at the corners, a face
/// side has no region or path at all.
fn check_sides(
    tile: &wire::Tile,
    vocabulary: &wire::Vocabulary,
    vocab: &Vocab,
    kinds: &[u8],
    slot_feature: &[u8; 12],
) -> Result<(), String> {
    let kind_at = |slot: usize| {
        let f = slot_feature[slot];
        (f != NONE).then(|| kinds[usize::from(f)])
    };
    let linear = |k: Option<u8>| k.is_some_and(|k| vocab.kinds[usize::from(k)].linear());
    for side in Side::ALL {
        let [a, m, b] = side.slots().map(Slot::index);
        let letter = tile.edge(side);
        let owner = vocabulary
            .kinds
            .iter()
            .position(|k| k.edge.as_deref().map(str::as_bytes) == Some(&[letter][..]))
            .and_then(|i| u8::try_from(i).ok());
        let shape = owner.map(|k| vocab.kinds[usize::from(k)].shape);
        let partial = owner
            .and_then(|k| vocabulary.kinds.get(usize::from(k)))
            .is_some_and(|k| k.partial);
        let ok = match shape {
            // A partial region (a wall) holds some slots of the side; the
            // others are field.
            Some(Shape::Region) if partial => {
                [a, m, b].iter().any(|&s| kind_at(s) == owner)
                    && [a, m, b].iter().all(|&s| {
                        kind_at(s) == owner
                            || !linear(kind_at(s))
                                && kind_at(s).is_none_or(|k| {
                                    vocab.kinds[usize::from(k)].shape != Shape::Region
                                })
                    })
            }
            // Its regions cover all three slots: one region, or one at the
            // middle sharing an end with another (`sharing`).
            Some(Shape::Region) => [a, m, b].iter().all(|&s| kind_at(s) == owner),
            Some(Shape::Path) => kind_at(m) == owner && !linear(kind_at(a)) && !linear(kind_at(b)),
            Some(Shape::Face) => !linear(kind_at(a)) && !linear(kind_at(m)) && !linear(kind_at(b)),
            Some(Shape::Spot) | None => false,
        };
        if !ok {
            return Err(format!(
                "side {side} (`{}`) does not agree with the features at its slots",
                char::from(letter)
            ));
        }
    }
    Ok(())
}

fn prepare_feature(f: &wire::Feature, kinds: &[u8], vocab: &Vocab) -> Result<KFeature, String> {
    let kind = vocab
        .kind(&f.kind)
        .ok_or_else(|| format!("kind `{}` is not declared", f.kind))?;
    let rule = &vocab.kinds[usize::from(kind)];
    let slots = &f.slots;
    let fits = match rule.shape {
        Shape::Region | Shape::Path => !slots.is_empty(),
        Shape::Spot => slots.is_empty(),
        Shape::Face => true,
    };
    if !fits {
        return Err(format!("a {} feature with slots {slots:?}", f.kind));
    }
    let middles = slots.iter().filter(|s| s.is_middle()).count();
    let mut out = KFeature {
        kind,
        sides: if rule.linear() {
            u8::try_from(middles).unwrap_or(0)
        } else {
            0
        },
        shape: rule.shape,
        rich: false,
        admits: rule.admits,
        companions: rule.companions,
        attributes: 0,
        units: Vec::new(),
        touching: Vec::new(),
        name_slot: slots
            .iter()
            .find(|s| s.is_middle())
            .or_else(|| slots.first())
            .copied(),
        way: None,
    };
    for (name, &units) in &f.attributes {
        let a = vocab
            .attribute(name)
            .ok_or_else(|| format!("attribute `{name}` is not declared"))?;
        out.attributes |= 1 << a;
        if vocab.attributes[usize::from(a)].counted && units > 0 {
            out.units.push((a, units));
        }
    }
    out.rich = out.attributes != 0;
    if rule.shape == Shape::Face {
        for &c in &f.touching {
            let region = kinds
                .get(c)
                .is_some_and(|&k| vocab.kinds[usize::from(k)].shape == Shape::Region);
            if !region {
                return Err(format!(
                    "a {} touches feature #{c}, which is not a region",
                    f.kind
                ));
            }
            out.touching
                .push(u8::try_from(c).map_err(|_| "feature id out of range")?);
        }
    }
    Ok(out)
}
