//! Lowers one tile: resolves each statement's kind in the vocabulary, claims
//! slots for regions and paths, resolves attributes, `touching`, dead-end targets
//! and corners, rejects crossings that are not marked, and derives (or proves)
//! the fields.

use super::planar::{corner_position, Barrier, Crossing as PlanarCrossing, FieldError, PlanarMap};
use super::vocab::{KindDef, Shape, Vocabulary};
use super::{Crossing, Feature, Relation};
use crate::diag::{did_you_mean, Code, Diagnostic, Span};
use crate::geometry::{Dir, Side, Slot};
use crate::syntax::ast::{FeatureDecl, Ident, Number, TileDecl};

/// A lowered tile before it joins the set.
pub struct LoweredTile {
    /// Declared features, then fields.
    pub features: Vec<Feature>,
    /// Relations between them.
    pub relations: Vec<(usize, Relation, usize)>,
    /// Whether fields were declared.
    pub explicit_fields: bool,
    /// What went wrong.
    pub diagnostics: Vec<Diagnostic>,
}

/// Which feature claimed a slot, and the word that claimed it.
#[derive(Clone, Copy)]
struct Claim {
    feature: usize,
    span: Span,
}

/// A field ready to join the tile: its face, the statement it comes from, its
/// kind and attributes.
type FieldOut = (super::planar::Face, Span, usize, Vec<(usize, u32)>);

/// A declared field: its declaration index, its slots with the words that name
/// them, and the regions it says it touches.
struct DeclaredField {
    decl: usize,
    kind: usize,
    slots: Vec<(usize, Span)>,
    touching: Vec<(usize, Span)>,
    attributes: Vec<(usize, u32)>,
}

struct TileLowering<'a> {
    decl: &'a TileDecl,
    vocabulary: &'a Vocabulary,
    features: Vec<Feature>,
    /// Declaration index of each feature (fields are not features until the end).
    decl_of: Vec<usize>,
    claims: [Option<Claim>; Slot::COUNT],
    relations: Vec<(usize, Relation, usize)>,
    joins: Vec<(usize, usize)>,
    diagnostics: Vec<Diagnostic>,
    /// The centre spot, where dead ends meet by default.
    centre: Option<usize>,
    fields: Vec<DeclaredField>,
    /// `sharing`: a region, a side it shares with another region, the word.
    shares: Vec<(usize, Side, Span)>,
}

/// Lowers one tile declaration against the vocabulary.
#[must_use]
pub fn lower_tile(decl: &TileDecl, vocabulary: &Vocabulary) -> LoweredTile {
    let mut cx = TileLowering {
        decl,
        vocabulary,
        features: Vec::new(),
        decl_of: Vec::new(),
        claims: [None; Slot::COUNT],
        relations: Vec::new(),
        joins: Vec::new(),
        diagnostics: Vec::new(),
        centre: None,
        fields: Vec::new(),
        shares: Vec::new(),
    };
    for (i, f) in decl.features.iter().enumerate() {
        cx.declare(i, f);
    }
    cx.share_sides();
    for slot in 0..Slot::COUNT {
        if let Some(claim) = cx.claims[slot] {
            cx.features[claim.feature]
                .slots
                .push(Slot::from_index(slot));
        }
    }
    cx.check_side_reaches();
    let village = cx.features.len();
    for (i, f) in decl.features.iter().enumerate() {
        cx.resolve(i, f, village);
    }
    let explicit_fields = !cx.fields.is_empty();
    if !cx.diagnostics.iter().any(Diagnostic::is_error) {
        cx.derive_fields(village);
    }
    LoweredTile {
        features: cx.features,
        relations: cx.relations,
        explicit_fields,
        diagnostics: cx.diagnostics,
    }
}

impl TileLowering<'_> {
    fn error(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    fn kind_of(&self, feature: usize) -> &KindDef {
        &self.vocabulary.kinds[self.features[feature].kind]
    }

    fn push(&mut self, decl_index: usize, kind: usize, span: Span) -> usize {
        self.features.push(Feature {
            kind,
            slots: Vec::new(),
            attributes: Vec::new(),
            direction: None,
            variant: None,
            dead_end: false,
            alone: false,
            crossing: None,
            reaches: Vec::new(),
            span,
        });
        self.decl_of.push(decl_index);
        self.features.len() - 1
    }

    /// First pass: create the feature and claim its slots.
    fn declare(&mut self, index: usize, f: &FeatureDecl) {
        let Some(kind) = self.vocabulary.kind(&f.kind.text) else {
            let d = self.vocabulary.unknown_kind(&f.kind.text, f.kind.span);
            self.error(d);
            return;
        };
        let shape = self.vocabulary.kinds[kind].shape;
        if shape != Shape::Spot {
            self.no_spot_words(f, shape);
        }
        if let Some(s) = f.sharing.first().filter(|_| shape != Shape::Region) {
            self.error(
                Diagnostic::new(
                    Code::BadShare,
                    s.span,
                    format!("a {} does not share a side", f.kind.text),
                )
                .label("only regions (cities) share a side with another region"),
            );
        }
        match shape {
            Shape::Region => self.region(index, kind, f),
            Shape::Path => self.path(index, kind, f),
            Shape::Face => self.field(index, kind, f),
            Shape::Spot => self.spot(index, kind, f),
        }
    }

    /// `touching` belongs to spots and fields, `reaching` to regions, `over` and
    /// `under` to regions and paths.
    fn no_spot_words(&mut self, f: &FeatureDecl, shape: Shape) {
        if shape == Shape::Region {
            if let Some(t) = f.touching.first() {
                self.error(
                    Diagnostic::new(
                        Code::BadPlace,
                        t.span,
                        format!("a {} is not `touching` anything", f.kind.text),
                    )
                    .label("spots, paths and fields take `touching`; a region joins what meets it")
                    .help("a path that ends at a region names it: `road S -> N`"),
                );
            }
        }
        if shape != Shape::Region {
            if let Some(r) = f.reaching.first() {
                self.error(
                    Diagnostic::new(
                        Code::BadReach,
                        r.span,
                        format!("a {} cannot reach into the tile", f.kind.text),
                    )
                    .label("only regions (cities) reach a corner or a side's middle"),
                );
            }
        }
        if shape == Shape::Face {
            if let Some(c) = &f.crossing {
                self.error(
                    Diagnostic::new(
                        Code::BadPlace,
                        c.span,
                        format!("a field does not go `{}` anything", c.text),
                    )
                    .label("only regions and paths cross"),
                );
            }
        }
    }

    fn region(&mut self, index: usize, kind: usize, f: &FeatureDecl) {
        let id = self.push(index, kind, f.span);
        let mut sides: Vec<Side> = Vec::new();
        let partial = self.vocabulary.kinds[kind].partial;
        let mut slots: Vec<Slot> = Vec::new();
        for place in &f.places {
            if partial {
                // A partial region (a wall) lists slots, as a field does:
                // `N` is the middle slot of the north side.
                let Some(slot) = Slot::parse(&place.text) else {
                    self.error(unknown_place(
                        place,
                        "a partial region lists slots: NNW N NNE ENE E ESE SSE S SSW WSW W WNW",
                    ));
                    continue;
                };
                if slots.contains(&slot) {
                    self.error(side_twice(place));
                    continue;
                }
                slots.push(slot);
                if !sides.contains(&slot.side()) {
                    sides.push(slot.side());
                }
                self.claim(id, &[slot], place.span);
                continue;
            }
            let Some(side) = self.side(place, "a region takes whole sides") else {
                continue;
            };
            if sides.contains(&side) {
                self.error(side_twice(place));
                continue;
            }
            sides.push(side);
            self.claim(id, &side.slots(), place.span);
            slots.extend(side.slots());
        }
        if sides.is_empty() {
            self.error(
                Diagnostic::new(
                    Code::BadPlace,
                    f.kind.span,
                    format!("this {} covers no side", f.kind.text),
                )
                .label("expected at least one side: N, E, S or W"),
            );
        }
        for r in &f.reaching {
            let corner = corner_position(&r.text).is_some();
            let side = Side::parse(&r.text);
            match Dir::parse(&r.text).filter(|_| corner || side.is_some()) {
                Some(d) if !self.features[id].reaches.contains(&d) => {
                    self.features[id].reaches.push(d);
                }
                Some(_) => self.error(side_twice(r)),
                None => self.error(
                    Diagnostic::new(
                        Code::BadReach,
                        r.span,
                        format!("`{}` is not a corner or a side", r.text),
                    )
                    .label("expected NE, SE, SW or NW, or a side N, E, S or W"),
                ),
            }
        }
        for place in &f.sharing {
            let Some(side) = self.side(place, "a region shares a whole side") else {
                continue;
            };
            if sides.contains(&side) || self.shares.iter().any(|s| s.0 == id && s.1 == side) {
                self.error(side_twice(place));
                continue;
            }
            self.shares.push((id, side, place.span));
        }
        self.crossing(id, f);
        self.attributes(id, f);
    }

    /// `sharing`: the end of a side next to the sharing region becomes its;
    /// the rest stays with the region of the same kind that holds the side.
    /// A neighbour's region across that side joins both.
    fn share_sides(&mut self) {
        for (id, side, span) in std::mem::take(&mut self.shares) {
            let [first, middle, last] = side.slots();
            let holds =
                |cx: &Self, slot: Slot| cx.claims[slot.index()].is_some_and(|c| c.feature == id);
            // The slot of the next side clockwise beside `last`, and of the
            // previous side beside `first`.
            let next = Side::from_index((side.index() + 1) % 4).slots()[0];
            let previous = Side::from_index((side.index() + 3) % 4).slots()[2];
            let end = match (holds(self, previous), holds(self, next)) {
                (true, false) => first,
                (false, true) => last,
                (beside_first, _) => {
                    let kind = self.kind_of(id).id.clone();
                    self.error(
                        Diagnostic::new(
                            Code::BadShare,
                            span,
                            format!("this {kind} cannot share side {side}"),
                        )
                        .label(if beside_first {
                            format!("it lies beside both ends of {side}")
                        } else {
                            format!("it does not reach either end of {side}")
                        })
                        .help(format!(
                            "a {kind} shares a side that one of its own sides meets at a corner"
                        )),
                    );
                    continue;
                }
            };
            let holder = self.claims[middle.index()].map(|c| c.feature);
            let same_region = holder.is_some_and(|h| {
                h != id
                    && self.features[h].kind == self.features[id].kind
                    && self.claims[end.index()].is_some_and(|c| c.feature == h)
            });
            if !same_region {
                let kind = self.kind_of(id).id.clone();
                self.error(
                    Diagnostic::new(
                        Code::BadShare,
                        span,
                        format!("side {side} is not another {kind}'s to share"),
                    )
                    .label(format!("no other {kind} covers all of {side}"))
                    .help(format!(
                        "`sharing {side}` gives this {kind} the end of a side another {kind} covers: \
                         `city N W; city E sharing N`"
                    )),
                );
                continue;
            }
            self.claims[end.index()] = Some(Claim { feature: id, span });
        }
    }

    fn path(&mut self, index: usize, kind: usize, f: &FeatureDecl) {
        let id = self.push(index, kind, f.span);
        let mut sides: Vec<(Side, Span)> = Vec::new();
        for place in &f.places {
            let Some(side) = self.side(place, "a path meets the middle of a side") else {
                continue;
            };
            if let Some((first, _)) = sides.iter().find(|(s, _)| *s == side) {
                self.error(
                    Diagnostic::new(
                        Code::BadRoad,
                        place.span,
                        format!("this {} runs through {first} twice", f.kind.text),
                    )
                    .label("same side twice")
                    .help(format!(
                        "a dead end names one side: `{} {first}`",
                        f.kind.text
                    )),
                );
                continue;
            }
            sides.push((side, place.span));
        }
        if f.places.is_empty() {
            self.error(
                Diagnostic::new(
                    Code::BadPlace,
                    f.kind.span,
                    format!("this {} meets no side", f.kind.text),
                )
                .label("expected one side (a dead end) or more: N, E, S or W"),
            );
        }
        if f.places.len() >= 2 {
            if let Some(t) = &f.target {
                self.error(
                    Diagnostic::new(
                        Code::BadRoad,
                        t.span,
                        format!("a {} between sides has no dead end", f.kind.text),
                    )
                    .label("`->` names where a dead end stops")
                    .help(format!(
                        "drop `->`, or make it a dead end: `{} S -> N`",
                        f.kind.text
                    )),
                );
            }
        }
        self.features[id].dead_end = f.places.len() == 1;
        for (side, span) in sides {
            if let Some(region) = self.region_on(side) {
                let d = self.conflict(id, region, side, span);
                self.error(d);
            } else {
                self.claim(id, &[side.middle()], span);
            }
        }
        self.crossing(id, f);
        self.attributes(id, f);
    }

    fn field(&mut self, index: usize, kind: usize, f: &FeatureDecl) {
        let mut slots = Vec::new();
        for place in &f.places {
            match Slot::parse(&place.text) {
                Some(slot) => slots.push((slot.index(), place.span)),
                None => self.error(unknown_place(
                    place,
                    "a field lists slots: NNW N NNE ENE E ESE SSE S SSW WSW W WNW",
                )),
            }
        }
        if let Some(t) = &f.target {
            self.error(
                Diagnostic::new(Code::BadRoad, t.span, "a field has no dead end")
                    .label("`->` belongs to paths"),
            );
        }
        if f.places.is_empty() && f.touching.is_empty() {
            self.error(
                Diagnostic::new(
                    Code::FieldNowhere,
                    f.span,
                    format!("this {} lists no slots: it would be drawn nowhere", f.kind.text),
                )
                .label("no slots")
                .help("list the field's slots (`field NNW N NNE`), or leave the tile's fields out: they are derived"),
            );
            return;
        }
        // Attributes are resolved against a placeholder feature, then moved.
        let id = self.push(index, kind, f.span);
        self.attributes(id, f);
        let attributes = std::mem::take(&mut self.features[id].attributes);
        self.features.pop();
        self.decl_of.pop();
        self.fields.push(DeclaredField {
            decl: index,
            kind,
            slots,
            touching: Vec::new(),
            attributes,
        });
    }

    fn spot(&mut self, index: usize, kind: usize, f: &FeatureDecl) {
        let def = &self.vocabulary.kinds[kind];
        if def.centre {
            if let Some(first) = self.centre {
                let first_span = self.features[first].span;
                let first_kind = self.kind_of(first).id.clone();
                self.error(
                    Diagnostic::new(
                        Code::CentreConflict,
                        f.kind.span,
                        format!("this tile already has a {first_kind} in its centre"),
                    )
                    .label(format!("a second centre feature ({})", f.kind.text))
                    .with(first_span, "the centre is taken here")
                    .help("a tile has at most one centre spot; spots like a garden sit aside"),
                );
                return;
            }
        }
        let (arrow, centre) = (def.arrow, def.centre);
        let id = self.push(index, kind, f.span);
        if centre {
            self.centre = Some(id);
        }
        if let Some(t) = &f.target {
            self.error(
                Diagnostic::new(
                    Code::BadRoad,
                    t.span,
                    format!("a {} has no dead end", f.kind.text),
                )
                .label("`->` belongs to paths")
                .help("a spot joins what it is `touching`"),
            );
        }
        if let Some(c) = &f.crossing {
            self.error(
                Diagnostic::new(
                    Code::BadPlace,
                    c.span,
                    format!("a {} does not go `{}` anything", f.kind.text, c.text),
                )
                .label("only regions and paths cross"),
            );
        }
        match (arrow, f.places.as_slice()) {
            (true, [arg]) => match Dir::parse(&arg.text) {
                Some(d) => self.features[id].direction = Some(d),
                None => self.error(bad_direction(arg, &f.kind.text)),
            },
            (true, []) => self.error(
                Diagnostic::new(
                    Code::BadDirection,
                    f.kind.span,
                    format!("a {} needs its direction", f.kind.text),
                )
                .label("expected N, NE, E, SE, S, SW, W or NW after it"),
            ),
            (true, [_, extra, ..]) | (false, [extra, ..]) => self.error(
                Diagnostic::new(
                    Code::BadPlace,
                    extra.span,
                    format!("a {} sits inside the tile and takes no side", f.kind.text),
                )
                .label("unexpected place")
                .help(format!(
                    "to join it to what is there, write `{} touching {}`",
                    f.kind.text, extra.text
                )),
            ),
            (false, []) => {}
        }
        self.attributes(id, f);
    }

    /// A region reaching a side's middle needs that side free of regions and
    /// paths (a field side).
    fn check_side_reaches(&mut self) {
        for id in 0..self.features.len() {
            for d in self.features[id].reaches.clone() {
                let Some(side) = Side::parse(d.name()) else {
                    continue;
                };
                let taken = side.slots().iter().find_map(|s| self.claims[s.index()]);
                if let Some(other) = taken {
                    let what = self.kind_of(other.feature).id.clone();
                    let d = Diagnostic::new(
                        Code::BadReach,
                        self.features[id].span,
                        format!(
                            "this {} reaches the middle of side {side}, where a {what} is",
                            self.kind_of(id).id
                        ),
                    )
                    .label("reaches a side that is not free")
                    .with(other.span, format!("the {what} is here"))
                    .help("a region reaches the middle of a field side, or a corner");
                    self.error(d);
                }
            }
        }
    }

    /// `over` / `under` on a region or path.
    fn crossing(&mut self, id: usize, f: &FeatureDecl) {
        if let Some(c) = &f.crossing {
            self.features[id].crossing = Some(if c.text == "over" {
                Crossing::Over
            } else {
                Crossing::Under
            });
        }
    }

    /// The words after a kind: its variant (spots with variants) and attributes.
    fn attributes(&mut self, id: usize, f: &FeatureDecl) {
        let kind = self.features[id].kind;
        let def = &self.vocabulary.kinds[kind];
        let variants = def.variants.clone();
        for (word, number) in &f.words {
            if variants.contains(&word.text) {
                if self.features[id].variant.is_some() {
                    self.error(
                        Diagnostic::new(
                            Code::DuplicateEntry,
                            word.span,
                            format!("this {} already has its variant", f.kind.text),
                        )
                        .label("a second variant"),
                    );
                } else {
                    self.features[id].variant = Some(word.text.clone());
                }
                self.no_number(number, &word.text);
                continue;
            }
            let Some(attribute) = self.vocabulary.attribute(&word.text) else {
                let d = self.unknown_word(kind, word, &variants);
                self.error(d);
                continue;
            };
            let adef = &self.vocabulary.attributes[attribute];
            if !adef.on.contains(&kind) {
                let on: Vec<&str> = adef
                    .on
                    .iter()
                    .map(|&k| self.vocabulary.kinds[k].id.as_str())
                    .collect();
                let d = Diagnostic::new(
                    Code::WrongAttribute,
                    word.span,
                    format!("a {} cannot have `{}`", f.kind.text, adef.id),
                )
                .label(format!("`{}` goes on {}", adef.id, on.join(", ")))
                .with(adef.span, "declared here");
                self.error(d);
                continue;
            }
            let plural = adef.plural.as_deref() == Some(word.text.as_str());
            let units = match number {
                None if plural => {
                    self.error(
                        Diagnostic::new(
                            Code::Syntax,
                            word.span,
                            format!("`{}` needs a number", word.text),
                        )
                        .label("expected a number after it")
                        .help(format!("`{} 2`, or `{}` for one", word.text, adef.id)),
                    );
                    continue;
                }
                None => 1,
                Some(n) if !adef.counted => {
                    self.error(
                        Diagnostic::new(
                            Code::WrongAttribute,
                            n.span,
                            format!("`{}` is not counted", adef.id),
                        )
                        .label("no number here")
                        .help(format!("write just `{}`", adef.id)),
                    );
                    continue;
                }
                Some(n) => match u32::try_from(n.value) {
                    Ok(v) => v,
                    Err(_) => {
                        self.error(
                            Diagnostic::new(
                                Code::InvalidNumber,
                                n.span,
                                format!("a feature cannot have fewer than 0 {}", word.text),
                            )
                            .label("negative"),
                        );
                        continue;
                    }
                },
            };
            let attributes = &mut self.features[id].attributes;
            if attributes.iter().any(|(a, _)| *a == attribute) {
                self.error(
                    Diagnostic::new(
                        Code::DuplicateEntry,
                        word.span,
                        format!("`{}` is written twice on this feature", word.text),
                    )
                    .label("again here")
                    .help("a counted attribute takes a number: `pennants 2`"),
                );
                continue;
            }
            if units > 0 {
                attributes.push((attribute, units));
            }
        }
        let def = &self.vocabulary.kinds[kind];
        if !def.variants.is_empty() && self.features[id].variant.is_none() {
            let list = def.variants.join(", ");
            self.error(
                Diagnostic::new(
                    Code::WrongAttribute,
                    f.kind.span,
                    format!("a {} needs one of: {list}", f.kind.text),
                )
                .label("variant missing")
                .help(format!("e.g. `{} {}`", f.kind.text, def.variants[0])),
            );
        }
    }

    fn no_number(&mut self, number: &Option<Number>, word: &str) {
        if let Some(n) = number {
            self.error(
                Diagnostic::new(
                    Code::WrongAttribute,
                    n.span,
                    format!("`{word}` takes no number"),
                )
                .label("unexpected number"),
            );
        }
    }

    /// A word after a kind that is neither its variant nor an attribute.
    fn unknown_word(&self, kind: usize, word: &Ident, variants: &[String]) -> Diagnostic {
        let mut candidates: Vec<&str> = variants.iter().map(String::as_str).collect();
        for a in &self.vocabulary.attributes {
            if a.on.contains(&kind) {
                candidates.push(&a.id);
                if let Some(p) = &a.plural {
                    candidates.push(p);
                }
            }
        }
        let kind_name = &self.vocabulary.kinds[kind].id;
        let mut d = Diagnostic::new(
            Code::UnknownName,
            word.span,
            format!("no attribute `{}` is declared", word.text),
        )
        .label(if candidates.is_empty() {
            format!("a {kind_name} takes no attributes")
        } else {
            format!("a {kind_name} takes {}", candidates.join(", "))
        });
        if let Some(s) = did_you_mean(&word.text, &candidates) {
            d = d.help(format!("did you mean `{s}`?"));
        } else if word.text.bytes().any(|b| b.is_ascii_uppercase()) {
            d = d.help("sides and slots are upper case: N, NNE, ...");
        }
        d
    }

    /// A side name, or a diagnostic explaining why the word is not one.
    fn side(&mut self, place: &Ident, why: &str) -> Option<Side> {
        if let Some(side) = Side::parse(&place.text) {
            return Some(side);
        }
        if let Some(slot) = Slot::parse(&place.text) {
            self.error(
                Diagnostic::new(
                    Code::BadPlace,
                    place.span,
                    format!("`{}` is a slot, not a side", place.text),
                )
                .label(why.to_string())
                .help(format!("use the side `{}`", slot.side())),
            );
        } else {
            self.error(unknown_place(place, "sides are N, E, S and W"));
        }
        None
    }

    /// Claims slots for a feature; reports the first slot another feature holds.
    fn claim(&mut self, feature: usize, slots: &[Slot], span: Span) {
        let mut reported = false;
        for &slot in slots {
            let i = slot.index();
            match self.claims[i] {
                None => self.claims[i] = Some(Claim { feature, span }),
                Some(other) if other.feature == feature || reported => {}
                Some(other) => {
                    reported = true;
                    let d = self.conflict(feature, other, slot.side(), span);
                    self.error(d);
                }
            }
        }
    }

    fn conflict(&self, feature: usize, other: Claim, side: Side, span: Span) -> Diagnostic {
        let (this, that) = (self.kind_of(feature), self.kind_of(other.feature));
        if this.shape != that.shape {
            let (path, region) = if this.shape == Shape::Path {
                (this, that)
            } else {
                (that, this)
            };
            return Diagnostic::new(
                Code::RoadOnCitySide,
                span,
                format!("side {side} has both a {} and a {}", path.id, region.id),
            )
            .label(format!("the {} is here", this.id))
            .with(other.span, format!("the {} is here", that.id))
            .help(format!(
                "a {} that meets a {} ends at it: `{} S -> N`",
                path.id, region.id, path.id
            ));
        }
        let help = if this.shape == Shape::Region {
            format!(
                "one {} over several sides is written `{} N E`",
                this.id, this.id
            )
        } else {
            "each side has room for one path".to_string()
        };
        let what = if this.id == that.id {
            format!("two {}", super::vocab::plural(&this.id))
        } else {
            format!("a {} and a {}", that.id, this.id)
        };
        Diagnostic::new(
            Code::SideTaken,
            span,
            format!("side {side} is used by {what}"),
        )
        .label(format!("used again by this {}", this.id))
        .with(other.span, "first used here")
        .help(help)
    }

    /// The region claim on any slot of a side.
    fn region_on(&self, side: Side) -> Option<Claim> {
        side.slots()
            .iter()
            .filter_map(|s| self.claims[s.index()])
            .find(|c| self.kind_of(c.feature).shape == Shape::Region)
    }

    /// The region or path at a place named by a side or slot.
    fn feature_at(&mut self, place: &Ident, what: &str) -> Option<usize> {
        let slot = match Side::parse(&place.text) {
            Some(side) => Some(side.middle()),
            None => Slot::parse(&place.text),
        };
        let Some(slot) = slot else {
            self.error(unknown_place(
                place,
                "expected a side (N, E, S, W) or a slot (NNW, ...)",
            ));
            return None;
        };
        let found = self.claims[slot.index()].map(|c| c.feature);
        if found.is_none() {
            self.error(
                Diagnostic::new(
                    Code::TouchingNothing,
                    place.span,
                    format!("there is no feature at {} to {what}", place.text),
                )
                .label("nothing here but field")
                .help("name a side or slot where a region or path is"),
            );
        }
        found
    }

    /// Second pass: `touching` and `->`, now that every slot is claimed.
    fn resolve(&mut self, index: usize, f: &FeatureDecl, village: usize) {
        // `decl_of` grows in declaration order: a binary search, not a scan
        // per feature (quadratic on a tile with 100k statements).
        let first = self.decl_of.partition_point(|&d| d < index);
        let Some(id) = (self.decl_of.get(first) == Some(&index)).then_some(first) else {
            if self.fields.iter().any(|d| d.decl == index) {
                self.resolve_field_touching(index, f);
            }
            return;
        };
        match self.kind_of(id).shape {
            Shape::Spot => {
                for place in &f.touching {
                    if let Some(target) = self.feature_at(place, "touch") {
                        self.relations.push((id, Relation::Touches, target));
                        self.joins.push((id, target));
                    }
                }
            }
            Shape::Path => {
                self.path_touching(id, f);
                if self.features[id].dead_end {
                    self.dead_end(id, f, village);
                }
            }
            _ => {}
        }
    }

    /// A path brushing a region along its way (`road S E touching N`): joined
    /// to it, which parts the fields on either side of the contact.
    fn path_touching(&mut self, id: usize, f: &FeatureDecl) {
        for place in &f.touching {
            let Some(target) = self.feature_at(place, "touch") else {
                continue;
            };
            if self.kind_of(target).shape == Shape::Region {
                self.relations.push((id, Relation::Touches, target));
                self.joins.push((id, target));
            } else {
                let kind = self.kind_of(target).id.clone();
                self.error(
                    Diagnostic::new(
                        Code::TouchingNothing,
                        place.span,
                        format!(
                            "a path touches regions, and there is a {kind} at {}",
                            place.text
                        ),
                    )
                    .label("not a region")
                    .help("paths meet where one's dead end names the other: `road S -> E`"),
                );
            }
        }
    }

    fn dead_end(&mut self, id: usize, f: &FeatureDecl, village: usize) {
        let target = match &f.target {
            Some(t) if Side::parse(&t.text).is_some() || Slot::parse(&t.text).is_some() => {
                match self.feature_at(t, "end at") {
                    Some(x) if x == id => {
                        self.error(
                            Diagnostic::new(
                                Code::BadRoad,
                                t.span,
                                format!("a {} cannot end at itself", f.kind.text),
                            )
                            .label("this is its own side"),
                        );
                        return;
                    }
                    Some(x) => Some(x),
                    None => return,
                }
            }
            Some(t) if t.text == "village" => None,
            Some(t) if t.text == "alone" => {
                self.features[id].alone = true;
                None
            }
            Some(t) => {
                let found = (0..self.features.len()).find(|&s| {
                    self.kind_of(s).shape == Shape::Spot && self.kind_of(s).id == t.text
                });
                match found {
                    Some(s) => Some(s),
                    None => {
                        let d = if self.vocabulary.kind(&t.text).is_some() {
                            Diagnostic::new(
                                Code::TouchingNothing,
                                t.span,
                                format!(
                                    "this tile has no {} for the {} to end at",
                                    t.text, f.kind.text
                                ),
                            )
                            .label("not on this tile")
                        } else if let Some(help) = compass_help(&t.text) {
                            Diagnostic::new(
                                Code::BadRoad,
                                t.span,
                                format!(
                                    "a {} ends at a side middle or slot, a feature on the tile, `alone` or `village`; `{}` is none of these",
                                    f.kind.text, t.text
                                ),
                            )
                            .label("not a place to end at")
                            .help(help)
                        } else {
                            self.vocabulary.unknown_kind(&t.text, t.span)
                        };
                        self.error(d);
                        return;
                    }
                }
            }
            None => self.centre,
        };
        let ends_at = &self.kind_of(id).ends_at;
        if !ends_at.is_empty() {
            let allowed = target.is_some_and(|t| ends_at.contains(&self.kind_of(t).id));
            if !allowed {
                let list = short_list(ends_at);
                let here = match target {
                    Some(t) => format!("it ends at the {}", self.kind_of(t).id),
                    None => "it ends in the field".to_string(),
                };
                self.error(
                    Diagnostic::new(
                        Code::BadDeadEnd,
                        f.span,
                        format!("a {} may only end at: {list}", f.kind.text),
                    )
                    .label(here)
                    .help(format!("add a {} to the tile", ends_at[0])),
                );
                return;
            }
        }
        match target {
            Some(t) => {
                self.relations.push((id, Relation::EndsAt, t));
                self.joins.push((id, t));
            }
            None if self.features[id].alone => {}
            None => self.joins.push((id, village)),
        }
    }

    fn resolve_field_touching(&mut self, index: usize, f: &FeatureDecl) {
        let mut regions = Vec::new();
        for place in &f.touching {
            let Some(target) = self.feature_at(place, "touch") else {
                continue;
            };
            if self.kind_of(target).shape == Shape::Region {
                regions.push((target, place.span));
            } else {
                let kind = self.kind_of(target).id.clone();
                self.error(
                    Diagnostic::new(
                        Code::TouchingNothing,
                        place.span,
                        format!(
                            "a field touches regions, and there is a {kind} at {}",
                            place.text
                        ),
                    )
                    .label("not a region"),
                );
            }
        }
        if let Some(entry) = self.fields.iter_mut().find(|d| d.decl == index) {
            entry.touching = regions;
        }
    }

    fn planar_map(&self) -> PlanarMap {
        let mut map = PlanarMap {
            is_region: (0..self.features.len())
                .map(|f| self.kind_of(f).shape == Shape::Region)
                .collect(),
            crossers: self.features.iter().map(|f| f.crossing.is_some()).collect(),
            joins: self.joins.clone(),
            ..PlanarMap::default()
        };
        for (slot, claim) in self.claims.iter().enumerate() {
            map.occupant[slot] = claim.map(|c| c.feature);
        }
        for (id, f) in self.features.iter().enumerate() {
            for d in &f.reaches {
                let position = corner_position(d.name())
                    .or_else(|| Side::parse(d.name()).map(|s| 2 * s.middle().index()));
                if let Some(p) = position {
                    map.reaches.push((id, p));
                }
            }
        }
        map
    }

    /// Rejects unmarked crossings, then appends the fields and what they touch.
    fn derive_fields(&mut self, village: usize) {
        let map = self.planar_map();
        let barriers = map.barriers();
        let crossings = map.crossings(&barriers);
        self.check_crossings(&barriers, &crossings, village);
        if self.diagnostics.iter().any(Diagnostic::is_error) {
            return;
        }
        let faces = map.faces(&barriers, &crossings);
        let Some(field_kind) = self.vocabulary.face_kind() else {
            return;
        };
        let courtyards = self.courtyards(&faces);
        let mut fields: Vec<FieldOut> = if self.fields.is_empty() {
            faces
                .into_iter()
                .map(|f| (f, self.decl.id.span, field_kind, Vec::new()))
                .collect()
        } else {
            match self.prove(&map, &barriers, &crossings, &faces, village) {
                Some(proved) => proved,
                None => return,
            }
        };
        fields.extend(courtyards);
        for (field, span, kind, attributes) in fields {
            let id = self.features.len();
            self.features.push(Feature {
                kind,
                slots: field.slots.iter().map(|&s| Slot::from_index(s)).collect(),
                attributes,
                direction: None,
                variant: None,
                dead_end: false,
                alone: false,
                crossing: None,
                reaches: Vec::new(),
                span,
            });
            for region in field.regions {
                self.relations.push((id, Relation::FieldTouches, region));
            }
        }
    }

    /// Every crossing must be marked; every mark must cross something.
    fn check_crossings(
        &mut self,
        barriers: &[Barrier],
        crossings: &[PlanarCrossing],
        village: usize,
    ) {
        for c in crossings {
            match c.by {
                Some(by) => self.relations.push((by, Relation::Crosses, c.crossed)),
                None => {
                    let (fa, fb) = (
                        self.representative(&barriers[c.first], village),
                        self.representative(&barriers[c.second], village),
                    );
                    let d = Diagnostic::new(
                        Code::CrossingFeatures,
                        self.features[fb].span,
                        format!("the {} crosses the {}", self.describe(fb), self.describe(fa)),
                    )
                    .label("this one")
                    .with(self.features[fa].span, "crosses this one")
                    .help("features of one tile are drawn without crossing: a dead end (`road S`) stops in the middle; a bridge or tunnel is marked `over` or `under`");
                    self.error(d);
                }
            }
        }
        for (id, f) in self.features.iter().enumerate() {
            let Some(mark) = f.crossing else { continue };
            if !crossings.iter().any(|c| c.by == Some(id)) {
                let d = Diagnostic::new(
                    Code::CrossesNothing,
                    f.span,
                    format!(
                        "this {} is marked `{}` but crosses nothing",
                        self.kind_of(id).id,
                        mark.name()
                    ),
                )
                .label("nothing to cross")
                .help("drop the mark, or draw what it crosses on the tile");
                self.diagnostics.push(d);
            }
        }
    }

    /// Takes the courtyards out of the declared fields: a field with no slots,
    /// `touching` one region, where the geometry has no inner field touching
    /// just that region, is a field enclosed by that region (`city N E S W;
    /// field touching N`). At most one per region.
    fn courtyards(&mut self, faces: &[super::planar::Face]) -> Vec<FieldOut> {
        let mut out: Vec<FieldOut> = Vec::new();
        let mut kept = Vec::new();
        for d in std::mem::take(&mut self.fields) {
            let region = match d.touching.as_slice() {
                [(r, _), rest @ ..] if d.slots.is_empty() && rest.iter().all(|(o, _)| o == r) => *r,
                _ => {
                    kept.push(d);
                    continue;
                }
            };
            let derived = faces
                .iter()
                .any(|f| f.slots.is_empty() && f.regions == [region]);
            if derived {
                kept.push(d);
                continue;
            }
            let span = self.decl.features[d.decl].span;
            if let Some((_, first, _, _)) = out.iter().find(|o| o.0.regions == [region]) {
                let diag = Diagnostic::new(
                    Code::CourtyardTwice,
                    span,
                    format!("the {} already encloses a courtyard", self.describe(region)),
                )
                .label("a second courtyard")
                .with(*first, "the first")
                .help("a region encloses at most one field: join the two");
                self.error(diag);
                continue;
            }
            let face = super::planar::Face {
                slots: Vec::new(),
                regions: vec![region],
            };
            out.push((face, span, d.kind, d.attributes));
        }
        self.fields = kept;
        out
    }

    /// Proves the declared fields; returns them with their spans, or `None` after
    /// reporting why not. Derived fields inside the tile (no border slot) are kept.
    fn prove(
        &mut self,
        map: &PlanarMap,
        barriers: &[Barrier],
        crossings: &[PlanarCrossing],
        faces: &[super::planar::Face],
        village: usize,
    ) -> Option<Vec<FieldOut>> {
        let declared: Vec<Vec<usize>> = self
            .fields
            .iter()
            .map(|d| d.slots.iter().map(|(s, _)| *s).collect())
            .collect();
        let mut proved = match map.prove_fields(barriers, crossings, &declared) {
            Ok(p) => p,
            Err(errors) => {
                for e in errors {
                    let d = self.field_error(&e, barriers, village);
                    self.error(d);
                }
                return None;
            }
        };
        let mut out = Vec::new();
        let mut inner_declared = Vec::new();
        for (i, field) in proved.iter_mut().enumerate() {
            let touching = std::mem::take(&mut self.fields[i].touching);
            let face = if field.slots.is_empty() {
                // A field inside the tile (no slots) is the inner face touching
                // exactly the regions it names.
                let mut named: Vec<usize> = touching.iter().map(|(r, _)| *r).collect();
                named.sort_unstable();
                named.dedup();
                let inner = faces.iter().position(|f| {
                    f.slots.is_empty() && named.iter().all(|r| f.regions.contains(r))
                });
                inner_declared.extend(inner);
                if let Some(k) = inner {
                    field.regions.clone_from(&faces[k].regions);
                }
                inner.map(|k| &faces[k])
            } else {
                faces
                    .iter()
                    .find(|f| field.slots.first().is_some_and(|s| f.slots.contains(s)))
            };
            if let Some(&(_, first)) = touching.first() {
                let omitted: Vec<usize> = field
                    .regions
                    .iter()
                    .copied()
                    .filter(|r| !touching.iter().any(|(t, _)| t == r))
                    .collect();
                if !omitted.is_empty() {
                    let last = touching.last().map_or(first, |&(_, s)| s);
                    let names: Vec<String> = omitted.iter().map(|&r| self.describe(r)).collect();
                    let d = Diagnostic::new(
                        Code::FieldTouchingOmits,
                        first.to(last),
                        format!(
                            "this field also touches the {}, which `touching` leaves out",
                            names.join(" and the ")
                        ),
                    )
                    .label("the field reaches more than this")
                    .help("name every region the field reaches, or leave `touching` out: it is derived");
                    self.error(d);
                }
            }
            let inside = field.slots.is_empty();
            for (region, span) in touching {
                if face.is_some_and(|f| f.regions.contains(&region)) {
                    field.regions.push(region);
                } else {
                    let d = Diagnostic::new(
                        Code::FieldTouchUnreachable,
                        span,
                        format!("this field cannot reach the {}", self.describe(region)),
                    )
                    .label("not next to this field")
                    .with(self.features[region].span, "the region");
                    let d = if inside {
                        d.help("a field with no slots lies inside the tile: it names every region around an inner field, or the one region enclosing it (a courtyard: `field touching N`)")
                    } else {
                        d
                    };
                    self.error(d);
                }
            }
            field.regions.sort_unstable();
            field.regions.dedup();
        }
        for (i, field) in proved.into_iter().enumerate() {
            let d = &self.fields[i];
            out.push((
                field,
                self.decl.features[d.decl].span,
                d.kind,
                d.attributes.clone(),
            ));
        }
        let field_kind = self.vocabulary.face_kind().unwrap_or(0);
        for (k, face) in faces.iter().enumerate() {
            if face.slots.is_empty() && !inner_declared.contains(&k) {
                out.push((face.clone(), self.decl.id.span, field_kind, Vec::new()));
            }
        }
        (!self.diagnostics.iter().any(Diagnostic::is_error)).then_some(out)
    }

    fn field_error(&self, e: &FieldError, barriers: &[Barrier], village: usize) -> Diagnostic {
        let field_span = |i: usize| self.decl.features[self.fields[i].decl].span;
        let slot_span = |i: usize, p: usize| {
            self.fields[i]
                .slots
                .get(p)
                .map_or(field_span(i), |(_, s)| *s)
        };
        match e {
            FieldError::OnFeature {
                field,
                position,
                feature,
            } => Diagnostic::new(
                Code::FieldOnFeature,
                slot_span(*field, *position),
                format!("the {} occupies this slot", self.describe(*feature)),
            )
            .label("not a field slot")
            .with(self.features[*feature].span, "declared here"),
            FieldError::Twice {
                field,
                position,
                first,
            } => Diagnostic::new(
                Code::FieldSlotTwice,
                slot_span(*field, *position),
                "this slot is already in another field",
            )
            .label("covered again here")
            .with(field_span(*first), "first covered by this field"),
            FieldError::Missing { slots } => {
                let names: Vec<&str> = slots.iter().map(|&s| Slot::from_index(s).name()).collect();
                Diagnostic::new(
                    Code::FieldSlotMissing,
                    self.decl.id.span,
                    format!("no field covers {}", names.join(" ")),
                )
                .label("declared fields leave slots uncovered")
                .help("when a tile lists its fields, every field slot belongs to exactly one")
            }
            FieldError::Crosses {
                field,
                barrier,
                slot,
            } => {
                let f = self.representative(&barriers[*barrier], village);
                Diagnostic::new(
                    Code::FieldCrosses,
                    field_span(*field),
                    format!(
                        "this field reaches {} across the {}",
                        Slot::from_index(*slot),
                        self.describe(f)
                    ),
                )
                .label("one field on both sides")
                .with(self.features[f].span, "in the way")
                .help("split it into one field per side")
            }
            FieldError::Interleave { first, second } => Diagnostic::new(
                Code::FieldsInterleave,
                field_span(*second),
                "these two fields alternate around the border, so they would cross",
            )
            .label("this field")
            .with(field_span(*first), "crosses this one"),
        }
    }

    /// The first region, path or spot of a barrier, to name it in messages.
    fn representative(&self, barrier: &Barrier, village: usize) -> usize {
        barrier
            .features
            .iter()
            .copied()
            .filter(|&f| f != village)
            .find(|&f| !self.features[f].slots.is_empty() || self.kind_of(f).shape == Shape::Spot)
            .unwrap_or(0)
    }

    /// "city at N E", "road at E W", "cloister".
    fn describe(&self, feature: usize) -> String {
        let kind = &self.kind_of(feature).id;
        let mut sides: Vec<Side> = Vec::new();
        for slot in self
            .claims
            .iter()
            .enumerate()
            .filter_map(|(s, c)| c.filter(|c| c.feature == feature).map(|_| s))
        {
            let side = Slot::from_index(slot).side();
            if !sides.contains(&side) {
                sides.push(side);
            }
        }
        if sides.is_empty() {
            kind.clone()
        } else {
            let names: Vec<&str> = sides.iter().map(|s| s.name()).collect();
            format!("{kind} at {}", names.join(" "))
        }
    }
}

fn bad_direction(arg: &Ident, kind: &str) -> Diagnostic {
    let mut d = Diagnostic::new(
        Code::BadDirection,
        arg.span,
        format!("`{}` is not a direction for the {kind}", arg.text),
    )
    .label("expected N, NE, E, SE, S, SW, W or NW");
    if let Some(s) = did_you_mean(&arg.text, Dir::names()) {
        d = d.help(format!("did you mean `{s}`?"));
    }
    d
}

fn side_twice(place: &Ident) -> Diagnostic {
    Diagnostic::new(
        Code::SideTaken,
        place.span,
        format!("side {} is named twice", place.text),
    )
    .label("named again here")
}

fn unknown_place(place: &Ident, expected: &str) -> Diagnostic {
    let names: Vec<&str> = Slot::all().map(Slot::name).collect();
    let mut d = Diagnostic::new(
        Code::BadPlace,
        place.span,
        format!("`{}` is not a side or slot", place.text),
    )
    .label(expected.to_string());
    if let Some(s) = did_you_mean(&place.text, &names) {
        d = d.help(format!("did you mean `{s}`?"));
    }
    d
}

/// For a word of compass letters that is neither a side nor a slot (`NE`),
/// the sides and slots it could mean: "did you mean `N` or `E` (side middles),
/// or the slot `NNE` or `ENE`?".
fn compass_help(word: &str) -> Option<String> {
    if word.is_empty() || !word.chars().all(|c| "NESW".contains(c)) {
        return None;
    }
    let mut sides: Vec<String> = Vec::new();
    for c in word.chars() {
        let s = c.to_string();
        if !sides.contains(&s) {
            sides.push(s);
        }
    }
    let slots: Vec<&str> = ["NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"]
        .into_iter()
        .filter(|slot| sides.iter().all(|s| slot.contains(s.as_str())))
        .collect();
    let quote = |v: &[&str]| {
        v.iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let sides: Vec<&str> = sides.iter().map(String::as_str).collect();
    let mut help = format!("did you mean {} (side middles)", quote(&sides));
    if !slots.is_empty() {
        help.push_str(&format!(", or the slot {}", quote(&slots)));
    }
    help.push('?');
    Some(help)
}

/// The most names a one-line message lists before counting the rest.
const LISTED: usize = 8;

/// `a, b, c` — or the first [`LISTED`] names and `and N more`, so a list of
/// thousands stays a short line.
fn short_list(names: &[String]) -> String {
    let shown = names[..names.len().min(LISTED)].join(", ");
    match names.len().saturating_sub(LISTED) {
        0 => shown,
        rest => format!("{shown} and {rest} more"),
    }
}
