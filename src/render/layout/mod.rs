//! From a wire tile and the vocabulary to a fully resolved scene: every
//! region's outline and walls, every path's centre lines, where each spot,
//! village, junction and attribute sits, and how every feature looks. The
//! painter only draws what this module decided. Nothing here knows a kind by
//! name: shapes decide the geometry, `style.draw` the look (see `looks`).
//!
//! The order of work: regions (`region.rs`), then paths (`path.rs`: through
//! paths, gates, junctions, dead ends onto paths), then spots (`spot.rs`,
//! centre spots first, each inside what its dead ends reach), then the dead
//! ends to spots and the village, crossings (`crossing.rs`), labels moved out
//! from under what crosses over their feature (`labels.rs`), attributes
//! (`badge.rs`) and the fields.

mod badge;
mod crossing;
mod labels;
mod path;
mod reach;
mod region;
mod spot;

use tiny_skia::ColorU8;

use crate::emit::wire::{End, Feature, Kind, Shape, Tile, Vocabulary};
use crate::geometry::{Dir, Slot};

use super::geometry::{inside, nearest, polyline, Curve, P};
use super::looks::{
    AttributeLook, Look, PathStyle, Plain, RegionPainter, SpotLook, FACES, REGIONS, SPOTS,
};
use super::place::Obstacle;
pub use crossing::{Arches, Mark, Way};
pub use reach::Reach;

/// Width of a region's wall.
pub const WALL_WIDTH: f32 = 0.042;

/// Which paints first where features cross: `under`, level, `over`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layer {
    /// Marked `under`.
    Under,
    /// Not marked.
    Level,
    /// Marked `over`.
    Over,
}

impl Layer {
    /// Bottom to top.
    pub const ALL: [Layer; 3] = [Layer::Under, Layer::Level, Layer::Over];

    fn of(f: &Feature) -> Layer {
        match f.crossing.as_ref().map(|c| c.way.as_str()) {
            Some("over") => Layer::Over,
            Some("under") => Layer::Under,
            _ => Layer::Level,
        }
    }
}

/// A tile, resolved into shapes in unrotated tile coordinates.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The colour of the ground: the fields' look.
    pub ground: ColorU8,
    /// The regions.
    pub regions: Vec<Region>,
    /// The paths.
    pub routes: Vec<Route>,
    /// Where several branches or dead ends meet.
    pub joins: Vec<Join>,
    /// The spots.
    pub spots: Vec<Spot>,
    /// Attributes drawn on their features.
    pub badges: Vec<Badge>,
    /// Bridges and tunnel mouths.
    pub marks: Vec<Mark>,
    /// The sides of a region's bridge over another region.
    pub arches: Vec<Arches>,
    /// The fields: feature id and border slots (none for a field inside).
    pub fields: Vec<(usize, Vec<Slot>)>,
}

/// A region.
#[derive(Clone, Debug)]
pub struct Region {
    /// Its feature id.
    pub id: usize,
    /// How it looks.
    pub look: Look<RegionPainter>,
    /// The closed outline, tile edges and walls, clockwise.
    pub outline: Vec<Curve>,
    /// The walls alone: the parts of the outline inside the tile.
    pub walls: Vec<Curve>,
    /// The outline sampled, for inside tests.
    pub polygon: Vec<P>,
    /// Where its attributes go.
    pub anchor: P,
    /// Gates where paths end at it: the point and the path's direction.
    pub gates: Vec<(P, P)>,
    /// Its layer.
    pub layer: Layer,
}

/// A path: one curve, or a junction's branches.
#[derive(Clone, Debug)]
pub struct Route {
    /// Its feature id.
    pub id: usize,
    /// Its strokes.
    pub style: PathStyle,
    /// Its plain look, shown as a label on plain paths.
    pub plain: Option<Plain>,
    /// The centre lines, each starting at a side middle.
    pub curves: Vec<Curve>,
    /// Where a plain path's label goes: a point of it that nothing above it
    /// covers.
    pub label_at: Option<P>,
    /// Its layer.
    pub layer: Layer,
}

/// A point where dead ends meet (a village) or a junction's branches meet.
#[derive(Clone, Copy, Debug)]
pub struct Join {
    /// Its middle.
    pub at: P,
    /// The square's radius.
    pub radius: f32,
    /// The paths' strokes.
    pub style: PathStyle,
    /// A village (a house on the square) rather than a plain junction.
    pub village: bool,
    /// Its layer.
    pub layer: Layer,
}

/// A placed spot.
#[derive(Clone, Debug)]
pub struct Spot {
    /// Its feature id.
    pub id: usize,
    /// How it looks.
    pub look: Look<SpotLook>,
    /// Its middle.
    pub at: P,
    /// The radius of its disc.
    pub radius: f32,
    /// Its arrow, a unit vector in tile coordinates.
    pub direction: Option<P>,
    /// Its variant: the look name of the kind the word names, and a plain look.
    pub variant: Option<(Option<&'static str>, Plain)>,
    /// For a look that lies low, stretched between the two features it
    /// touches: the band's ends (inside each), `radius` its half-width.
    pub span: Option<(P, P)>,
}

impl Spot {
    /// What the spot covers: its disc, or its band.
    pub fn outline(&self) -> Option<tiny_skia::Path> {
        let Some((a, b)) = self.span else {
            return tiny_skia::PathBuilder::from_circle(self.at.x, self.at.y, self.radius);
        };
        let d = (b - a).unit_or(P { x: 1.0, y: 0.0 });
        let n = P { x: -d.y, y: d.x } * self.radius;
        let corners = [a + n, b + n, b - n, a - n];
        let mut path = tiny_skia::PathBuilder::new();
        path.move_to(corners[0].x, corners[0].y);
        for c in &corners[1..] {
            path.line_to(c.x, c.y);
        }
        path.close();
        path.finish()
    }

    /// Whether its look lies low (painted before the regions).
    pub fn low(&self) -> bool {
        matches!(&self.look, Look::Builtin(_, l) if l.low)
    }
}

/// An attribute drawn on its feature: one icon per unit.
#[derive(Clone, Debug)]
pub struct Badge {
    /// The feature id it belongs to.
    pub owner: usize,
    /// How it looks.
    pub look: Look<AttributeLook>,
    /// The icon's middle.
    pub at: P,
    /// The icon's half-width.
    pub size: f32,
    /// The direction of its path, for an icon drawn across it; `None` for
    /// an upright icon.
    pub along: Option<P>,
    /// The layer of its feature: it is painted with that layer, under what
    /// crosses over the feature.
    pub layer: Layer,
}

/// The kind of every feature of a tile.
struct Kinds<'t>(Vec<&'t Kind>);

impl Kinds<'_> {
    fn shape(&self, id: usize) -> Option<Shape> {
        self.0.get(id).map(|k| k.shape)
    }
}

/// The scene under construction.
struct Builder<'t> {
    tile: &'t Tile,
    vocabulary: &'t Vocabulary,
    kinds: Kinds<'t>,
    scene: Scene,
    region_of: Vec<Option<usize>>,
    route_of: Vec<Option<usize>>,
}

impl Builder<'_> {
    fn feature(&self, id: usize) -> &Feature {
        &self.tile.features[id]
    }

    /// Every region's walls, as lines to keep clear of.
    fn wall_obstacles(&self) -> Vec<Obstacle> {
        self.scene
            .regions
            .iter()
            .flat_map(|r| r.walls.iter())
            .map(|w| Obstacle::line(polyline(w), WALL_WIDTH / 2.0))
            .collect()
    }

    /// The layer a feature is painted in (a spot or field is level).
    fn layer(&self, id: usize) -> Layer {
        Layer::of(self.feature(id))
    }

    /// Whether a region or path painted above `layer` covers the point.
    fn covered(&self, q: P, layer: Layer) -> bool {
        let regions = self
            .scene
            .regions
            .iter()
            .filter(|r| r.layer > layer)
            .any(|r| inside(q, &r.polygon));
        regions
            || self
                .scene
                .routes
                .iter()
                .filter(|r| r.layer > layer)
                .any(|r| {
                    r.curves
                        .iter()
                        .any(|c| nearest(q, &polyline(c)).0 < r.style.half())
                })
    }

    /// Whether anything painted above `layer` covers part of the disc.
    fn covered_disc(&self, q: P, r: f32, layer: Layer) -> bool {
        const AROUND: [(f32, f32); 9] = [
            (0.0, 0.0),
            (1.0, 0.0),
            (0.7, 0.7),
            (0.0, 1.0),
            (-0.7, 0.7),
            (-1.0, 0.0),
            (-0.7, -0.7),
            (0.0, -1.0),
            (0.7, -0.7),
        ];
        AROUND
            .iter()
            .any(|&(x, y)| self.covered(q + P { x: x * r, y: y * r }, layer))
    }

    /// Everything laid out so far, as lines and discs to keep clear of.
    fn obstacles(&self) -> Vec<Obstacle> {
        let mut avoid = Vec::new();
        for r in &self.scene.routes {
            for c in &r.curves {
                avoid.push(Obstacle::line(polyline(c), r.style.half()));
            }
        }
        avoid.extend(self.wall_obstacles());
        for s in &self.scene.spots {
            avoid.push(Obstacle::disc(s.at, s.radius));
        }
        for j in &self.scene.joins {
            avoid.push(Obstacle::disc(j.at, j.radius));
        }
        avoid
    }
}

/// Resolves a tile. Fails, with a sentence saying why, on a tile no checked set
/// produces (a kind the vocabulary lacks, a reference to a missing feature, a
/// path over no side, ...).
pub fn scene(tile: &Tile, vocabulary: &Vocabulary) -> Result<Scene, String> {
    let kinds = tile
        .features
        .iter()
        .enumerate()
        .map(|(id, f)| {
            vocabulary.kind(&f.kind).ok_or_else(|| {
                format!(
                    "feature #{id} is of kind `{}`, which the vocabulary does not declare",
                    f.kind
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_references(tile)?;
    let face = kinds
        .iter()
        .find(|k| k.shape == Shape::Face)
        .copied()
        .or_else(|| vocabulary.kinds.iter().find(|k| k.shape == Shape::Face));
    let ground = face.map_or(super::looks::plain::GROUND, |k| {
        match Look::resolve(FACES, &k.style, &k.id) {
            Look::Builtin(_, colour) => colour,
            Look::Plain(plain) => plain.colour,
        }
    });
    let n = tile.features.len();
    let mut b = Builder {
        tile,
        vocabulary,
        kinds: Kinds(kinds),
        scene: Scene {
            ground,
            regions: Vec::new(),
            routes: Vec::new(),
            joins: Vec::new(),
            spots: Vec::new(),
            badges: Vec::new(),
            marks: Vec::new(),
            arches: Vec::new(),
            fields: Vec::new(),
        },
        region_of: vec![None; n],
        route_of: vec![None; n],
    };
    regions(&mut b)?;
    let pending = path::through(&mut b)?;
    path::junctions(&mut b, &pending);
    path::onto_paths(&mut b, &pending);
    spot::place_all(&mut b, &pending);
    path::to_spots_and_village(&mut b, &pending);
    crossing::marks(&mut b);
    labels::uncover(&mut b);
    badge::place_all(&mut b);
    for (id, f) in tile.features.iter().enumerate() {
        if b.kinds.shape(id) == Some(Shape::Face) {
            b.scene.fields.push((id, f.slots.clone()));
        }
    }
    Ok(b.scene)
}

/// Every feature id a feature refers to exists.
fn check_references(tile: &Tile) -> Result<(), String> {
    let n = tile.features.len();
    for (id, f) in tile.features.iter().enumerate() {
        let ends = f.ends.iter().filter_map(|e| match e {
            End::Feature { feature } => Some(*feature),
            End::Village | End::Alone => None,
        });
        let crossed = f.crossing.iter().flat_map(|c| c.crosses.iter().copied());
        for to in ends.chain(f.touching.iter().copied()).chain(crossed) {
            if to >= n {
                return Err(format!(
                    "feature #{id} refers to feature #{to}, which the tile does not have"
                ));
            }
        }
    }
    Ok(())
}

/// Every region of the tile.
fn regions(b: &mut Builder<'_>) -> Result<(), String> {
    let mut owner: [Option<usize>; 4] = [None; 4];
    let mut paths = [false; 4];
    let mut crowded = false;
    for (id, f) in b.tile.features.iter().enumerate() {
        match b.kinds.shape(id) {
            Some(Shape::Region) => {
                if f.slots.is_empty() {
                    return Err(format!("region #{id} covers no side"));
                }
                // A side belongs to the region at its middle; a region
                // holding only an end of it shares it (drawn reaching the
                // corner there, below).
                let has_middle = f.slots.iter().any(|s| s.is_middle());
                for slot in f.slots.iter().filter(|s| s.is_middle() || !has_middle) {
                    let side = slot.side().index();
                    match owner[side] {
                        Some(other) if other != id => {
                            return Err(format!(
                                "regions #{other} and #{id} share side {}",
                                slot.side()
                            ))
                        }
                        _ => owner[side] = Some(id),
                    }
                }
            }
            Some(Shape::Path) => {
                for slot in &f.slots {
                    paths[slot.side().index()] = true;
                }
            }
            Some(Shape::Spot) => crowded = true,
            Some(Shape::Face) | None => {}
        }
    }
    let reaches_of = |id: usize, f: &Feature| {
        let mut reaches = f.reaches.clone();
        for d in shared_corners(f, &owner, id) {
            if !reaches.contains(&d) {
                reaches.push(d);
            }
        }
        reaches
    };
    let mut closed = [false; 4];
    for (id, f) in b.tile.features.iter().enumerate() {
        if b.kinds.shape(id) == Some(Shape::Region) {
            for c in reaches_of(id, f)
                .iter()
                .filter_map(|d| region::corner_of(*d))
            {
                closed[c] = true;
            }
        }
    }
    for (id, f) in b.tile.features.iter().enumerate() {
        if b.kinds.shape(id) != Some(Shape::Region) {
            continue;
        }
        let mine = owner.map(|o| o == Some(id));
        let crosses = |g: &Feature, other: usize| {
            g.crossing
                .as_ref()
                .is_some_and(|c| c.crosses.contains(&other))
        };
        let crossing = f.crossing.is_some() || b.tile.features.iter().any(|g| crosses(g, id));
        let room = region::Room {
            others: owner.map(|o| o.is_some_and(|o| o != id)),
            paths,
            crowded,
            crossing,
            owner,
            closed,
        };
        let reaches: Vec<usize> = reaches_of(id, f)
            .iter()
            .filter_map(|d| region::corner_of(*d))
            .collect();
        let to_sides: Vec<usize> = f
            .reaches
            .iter()
            .filter_map(|d| region::side_of(*d))
            .collect();
        let shape = region::shape(mine, &reaches, &to_sides, room);
        let shape = if courtyard(b, id) {
            region::with_courtyard(shape, mine)
        } else {
            shape
        };
        let kind = b.kinds.0[id];
        b.region_of[id] = Some(b.scene.regions.len());
        b.scene.regions.push(Region {
            id,
            look: Look::resolve(REGIONS, &kind.style, &kind.id),
            outline: shape.outline,
            walls: shape.walls,
            polygon: shape.polygon,
            anchor: shape.anchor,
            gates: Vec::new(),
            layer: Layer::of(f),
        });
    }
    Ok(())
}

/// The corners where region `id` holds the end of a side another region
/// holds (`sharing` in the language): it is drawn reaching that corner.
fn shared_corners(f: &Feature, owner: &[Option<usize>; 4], id: usize) -> Vec<Dir> {
    f.slots
        .iter()
        .filter(|s| !s.is_middle() && owner[s.side().index()].is_some_and(|o| o != id))
        // `NNE` and `ENE` both lie at the corner `NE`: the name less its first letter.
        .filter_map(|s| Dir::parse(&s.name()[1..]))
        .collect()
}

/// Whether a field of the tile lies inside the region `id`: a field with no
/// slots that touches that region alone (`field touching N` in the language).
fn courtyard(b: &Builder<'_>, id: usize) -> bool {
    b.tile.features.iter().enumerate().any(|(f, g)| {
        b.kinds.shape(f) == Some(Shape::Face) && g.slots.is_empty() && g.touching == [id]
    })
}

/// The spot look of a kind (its nominal radius depends on whether it is a
/// centre spot when the look is plain).
fn spot_look(kind: &Kind) -> Look<SpotLook> {
    Look::resolve(SPOTS, &kind.style, &kind.id)
}
