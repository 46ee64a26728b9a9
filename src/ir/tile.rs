//! Lowers one tile: claims slots for cities and roads, resolves `touching` and
//! dead-end targets, rejects crossings, and derives (or proves) the fields.

use super::planar::{Barrier, FieldError, PlanarMap};
use super::{Feature, Relation};
use crate::diag::{did_you_mean, Code, Diagnostic, Span};
use crate::geometry::{Dir, Side, Slot};
use crate::kinds::{CropType, FeatureKind};
use crate::syntax::ast::{FeatureDecl, Ident, RoadTarget, TileDecl};

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

/// A `field` statement: its declaration index, its slots with the words that
/// name them, and the cities it says it touches.
type DeclaredField = (usize, Vec<(usize, Span)>, Vec<(usize, Span)>);

struct TileLowering<'a> {
    decl: &'a TileDecl,
    features: Vec<Feature>,
    /// Declaration index of each feature (fields are not features until the end).
    decl_of: Vec<usize>,
    claims: [Option<Claim>; Slot::COUNT],
    relations: Vec<(usize, Relation, usize)>,
    joins: Vec<(usize, usize)>,
    diagnostics: Vec<Diagnostic>,
    centre: Option<usize>,
    /// Declared fields: declaration index, slots and their words, touched cities.
    fields: Vec<DeclaredField>,
}

/// Lowers one tile declaration.
#[must_use]
pub fn lower_tile(decl: &TileDecl) -> LoweredTile {
    let mut cx = TileLowering {
        decl,
        features: Vec::new(),
        decl_of: Vec::new(),
        claims: [None; Slot::COUNT],
        relations: Vec::new(),
        joins: Vec::new(),
        diagnostics: Vec::new(),
        centre: None,
        fields: Vec::new(),
    };
    for (i, f) in decl.features.iter().enumerate() {
        cx.declare(i, f);
    }
    for slot in 0..Slot::COUNT {
        if let Some(claim) = cx.claims[slot] {
            cx.features[claim.feature]
                .slots
                .push(Slot::from_index(slot));
        }
    }
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

    fn push(&mut self, decl_index: usize, f: &FeatureDecl, kind: FeatureKind) -> usize {
        self.features.push(Feature {
            kind,
            slots: Vec::new(),
            pennants: 0,
            direction: None,
            crop_type: None,
            dead_end: false,
            span: f.span,
        });
        self.decl_of.push(decl_index);
        self.features.len() - 1
    }

    /// First pass: create the feature and claim its slots.
    fn declare(&mut self, index: usize, f: &FeatureDecl) {
        match f.kind {
            FeatureKind::City => {
                let id = self.push(index, f, FeatureKind::City);
                let mut sides: Vec<Side> = Vec::new();
                for place in &f.places {
                    let Some(side) = self.side(place, "a city takes whole sides") else {
                        continue;
                    };
                    if sides.contains(&side) {
                        self.error(side_twice(place));
                        continue;
                    }
                    sides.push(side);
                    self.claim(id, &side.slots(), place.span);
                }
                if let Some(p) = f.pennants {
                    match u32::try_from(p.value) {
                        Ok(n) => self.features[id].pennants = n,
                        Err(_) => self.error(
                            Diagnostic::new(
                                Code::InvalidNumber,
                                p.span,
                                "a city cannot have fewer than 0 pennants",
                            )
                            .label("negative"),
                        ),
                    }
                }
            }
            FeatureKind::Road => {
                let id = self.push(index, f, FeatureKind::Road);
                let sides: Vec<(Side, Span)> = f
                    .places
                    .iter()
                    .filter_map(|p| {
                        self.side(p, "a road meets the middle of a side")
                            .map(|s| (s, p.span))
                    })
                    .collect();
                if let [(a, _), (b, span)] = sides.as_slice() {
                    if a == b {
                        self.error(
                            Diagnostic::new(
                                Code::BadRoad,
                                *span,
                                format!("this road runs from {a} back to {a}"),
                            )
                            .label("same side twice")
                            .help("a dead end names one side: `road N`"),
                        );
                        return;
                    }
                }
                if f.places.len() == 2 {
                    if let Some(RoadTarget::Place(t) | RoadTarget::Keyword(t)) = &f.target {
                        self.error(
                            Diagnostic::new(
                                Code::BadRoad,
                                t.span,
                                "a road between two sides has no dead end",
                            )
                            .label("`->` names where a dead end stops")
                            .help("drop `->`, or make the road a dead end: `road S -> N`"),
                        );
                    }
                }
                self.features[id].dead_end = f.places.len() == 1;
                for (side, span) in sides {
                    if let Some(city) = self.city_on(side) {
                        let d = self.conflict(id, city, side, span);
                        self.error(d);
                    } else {
                        self.claim(id, &[side.middle()], span);
                    }
                }
            }
            FeatureKind::Field => {
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
                self.fields.push((index, slots, Vec::new()));
            }
            FeatureKind::Cloister
            | FeatureKind::Circus
            | FeatureKind::Acrobats
            | FeatureKind::Flier
            | FeatureKind::CropCircle => self.centre_feature(index, f),
        }
    }

    fn centre_feature(&mut self, index: usize, f: &FeatureDecl) {
        let kind = f.kind;
        if let Some(first) = self.centre {
            let first_span = self.features[first].span;
            let first_kind = self.features[first].kind;
            self.error(
                Diagnostic::new(
                    Code::CentreConflict,
                    f.keyword_span,
                    format!("this tile already has a {first_kind} in its centre"),
                )
                .label(format!("a second centre feature ({kind})"))
                .with(first_span, "the centre is taken here")
                .help("a tile has at most one centre feature"),
            );
            return;
        }
        let id = self.push(index, f, kind);
        self.centre = Some(id);
        match (kind, &f.argument) {
            (FeatureKind::Flier, Some(arg)) => match Dir::parse(&arg.text) {
                Some(d) => self.features[id].direction = Some(d),
                None => {
                    let mut d = Diagnostic::new(
                        Code::BadDirection,
                        arg.span,
                        format!("`{}` is not a flier direction", arg.text),
                    )
                    .label("expected N, NE, E, SE, S, SW, W or NW");
                    if let Some(s) = did_you_mean(&arg.text, Dir::names()) {
                        d = d.help(format!("did you mean `{s}`?"));
                    }
                    self.error(d);
                }
            },
            (FeatureKind::CropCircle, Some(arg)) => {
                self.features[id].crop_type = CropType::parse(&arg.text)
            }
            _ => {}
        }
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
        let (this_kind, other_kind) = (
            self.features[feature].kind,
            self.features[other.feature].kind,
        );
        if this_kind != other_kind {
            return Diagnostic::new(
                Code::RoadOnCitySide,
                span,
                format!("side {side} has both a road and a city"),
            )
            .label(format!("the {this_kind} is here"))
            .with(other.span, format!("the {other_kind} is here"))
            .help("a road that meets a city ends at it: `road S -> N`");
        }
        let (plural, help) = if this_kind == FeatureKind::City {
            (
                "cities",
                "one city over several sides is written `city N E`",
            )
        } else {
            ("roads", "each side has room for one road")
        };
        Diagnostic::new(
            Code::SideTaken,
            span,
            format!("side {side} is used by two {plural}"),
        )
        .label(format!("used again by this {this_kind}"))
        .with(other.span, "first used here")
        .help(help)
    }

    /// The city claim on any slot of a side.
    fn city_on(&self, side: Side) -> Option<Claim> {
        side.slots()
            .iter()
            .filter_map(|s| self.claims[s.index()])
            .find(|c| self.features[c.feature].kind == FeatureKind::City)
    }

    /// The city or road at a place named by a side or slot.
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
                .help("name a side or slot where a city or road is"),
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
            if f.kind == FeatureKind::Field {
                self.resolve_field_touching(index, f);
            }
            return;
        };
        let kind = self.features[id].kind;
        if kind.is_centre() {
            for place in &f.touching {
                if let Some(target) = self.feature_at(place, "touch") {
                    self.relations.push((id, Relation::Touches, target));
                    self.joins.push((id, target));
                }
            }
        } else if kind == FeatureKind::Road && self.features[id].dead_end {
            let target = match &f.target {
                Some(RoadTarget::Place(p)) => match self.feature_at(p, "end at") {
                    Some(t) if t == id => {
                        self.error(
                            Diagnostic::new(Code::BadRoad, p.span, "a road cannot end at itself")
                                .label("this is the road's own side"),
                        );
                        return;
                    }
                    Some(t) => Some(t),
                    None => return,
                },
                Some(RoadTarget::Keyword(k)) if k.text == "village" => None,
                Some(RoadTarget::Keyword(k)) => {
                    let wanted = FeatureKind::parse(&k.text);
                    match self
                        .centre
                        .filter(|&c| Some(self.features[c].kind) == wanted)
                    {
                        Some(c) => Some(c),
                        None => {
                            self.error(
                                Diagnostic::new(
                                    Code::TouchingNothing,
                                    k.span,
                                    format!("this tile has no {} for the road to end at", k.text),
                                )
                                .label("not on this tile"),
                            );
                            return;
                        }
                    }
                }
                None => self.centre,
            };
            match target {
                Some(t) => {
                    self.relations.push((id, Relation::RoadEndsAt, t));
                    self.joins.push((id, t));
                }
                None => self.joins.push((id, village)),
            }
        }
    }

    fn resolve_field_touching(&mut self, index: usize, f: &FeatureDecl) {
        let mut cities = Vec::new();
        for place in &f.touching {
            let Some(target) = self.feature_at(place, "touch") else {
                continue;
            };
            if self.features[target].kind == FeatureKind::City {
                cities.push((target, place.span));
            } else {
                self.error(
                    Diagnostic::new(
                        Code::TouchingNothing,
                        place.span,
                        format!(
                            "a field touches cities, and there is a road at {}",
                            place.text
                        ),
                    )
                    .label("not a city"),
                );
            }
        }
        if let Some(entry) = self.fields.iter_mut().find(|(d, _, _)| *d == index) {
            entry.2 = cities;
        }
    }

    fn planar_map(&self) -> PlanarMap {
        let mut map = PlanarMap {
            is_city: self
                .features
                .iter()
                .map(|f| f.kind == FeatureKind::City)
                .collect(),
            joins: self.joins.clone(),
            ..PlanarMap::default()
        };
        for (slot, claim) in self.claims.iter().enumerate() {
            map.occupant[slot] = claim.map(|c| c.feature);
        }
        map
    }

    /// Rejects crossings, then appends the fields and their city contacts.
    fn derive_fields(&mut self, village: usize) {
        let map = self.planar_map();
        let barriers = map.barriers();
        let crossings = PlanarMap::crossings(&barriers);
        for &(a, b) in &crossings {
            let (fa, fb) = (
                self.representative(&barriers[a], village),
                self.representative(&barriers[b], village),
            );
            let d = Diagnostic::new(
                Code::CrossingFeatures,
                self.features[fb].span,
                format!("the {} crosses the {}", self.describe(fb), self.describe(fa)),
            )
            .label("this one")
            .with(self.features[fa].span, "crosses this one")
            .help("features of one tile are drawn without crossing; a dead end (`road S`) stops in the middle");
            self.error(d);
        }
        if !crossings.is_empty() {
            return;
        }
        let faces = map.faces(&barriers);
        let fields = if self.fields.is_empty() {
            faces
        } else {
            let declared: Vec<Vec<usize>> = self
                .fields
                .iter()
                .map(|(_, slots, _)| slots.iter().map(|(s, _)| *s).collect())
                .collect();
            match map.prove_fields(&barriers, &declared) {
                Ok(mut proved) => {
                    for (field, (_, _, touching)) in proved.iter_mut().zip(self.fields.clone()) {
                        let face = faces
                            .iter()
                            .find(|f| field.slots.first().is_some_and(|s| f.slots.contains(s)));
                        for (city, span) in touching {
                            if face.is_some_and(|f| f.cities.contains(&city)) {
                                field.cities.push(city);
                            } else {
                                self.error(
                                    Diagnostic::new(
                                        Code::FieldTouchUnreachable,
                                        span,
                                        format!(
                                            "this field cannot reach the {}",
                                            self.describe(city)
                                        ),
                                    )
                                    .label("not next to this field")
                                    .with(self.features[city].span, "the city"),
                                );
                            }
                        }
                        field.cities.sort_unstable();
                        field.cities.dedup();
                    }
                    proved
                }
                Err(errors) => {
                    for e in errors {
                        let d = self.field_error(&e, &barriers, village);
                        self.error(d);
                    }
                    return;
                }
            }
        };
        let spans: Vec<Span> = if self.fields.is_empty() {
            vec![self.decl.id.span; fields.len()]
        } else {
            self.fields
                .iter()
                .map(|(d, _, _)| self.decl.features[*d].span)
                .collect()
        };
        for (field, span) in fields.into_iter().zip(spans) {
            let id = self.features.len();
            self.features.push(Feature {
                kind: FeatureKind::Field,
                slots: field.slots.iter().map(|&s| Slot::from_index(s)).collect(),
                pennants: 0,
                direction: None,
                crop_type: None,
                dead_end: false,
                span,
            });
            for city in field.cities {
                self.relations.push((id, Relation::FieldTouchesCity, city));
            }
        }
    }

    fn field_error(&self, e: &FieldError, barriers: &[Barrier], village: usize) -> Diagnostic {
        let field_span = |i: usize| self.decl.features[self.fields[i].0].span;
        let slot_span =
            |i: usize, p: usize| self.fields[i].1.get(p).map_or(field_span(i), |(_, s)| *s);
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

    /// The first city or road of a barrier, to name it in messages.
    fn representative(&self, barrier: &Barrier, village: usize) -> usize {
        barrier
            .features
            .iter()
            .copied()
            .filter(|&f| f != village)
            .find(|&f| !self.features[f].slots.is_empty() || self.features[f].kind.is_centre())
            .unwrap_or(0)
    }

    /// "city at N E", "road at E W", "cloister".
    fn describe(&self, feature: usize) -> String {
        let f = &self.features[feature];
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
            f.kind.to_string()
        } else {
            let names: Vec<&str> = sides.iter().map(|s| s.name()).collect();
            format!("{} at {}", f.kind, names.join(" "))
        }
    }
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
