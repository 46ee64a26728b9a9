//! Choosing statements whose derived fields are JCZ's.
//!
//! JCZ lists fields but not where a dead end stops, what a spot touches or
//! whether a city wall runs into a corner, so each tile has a few
//! interpretations. They are tried cheapest first: round `k` writes, for every
//! tile not yet matched, every interpretation costing `k` (each departure
//! from the plain reading costs 1 or 2), compiles them all in one lowering
//! pass, and compares each tile's derived fields and city contacts with JCZ's.
//! The first match wins; a tile that never matches keeps the most plausible
//! interpretation (the cheapest; among those, the closest to JCZ), and the
//! differences are reported. Crossings (`over`/`under`) are not searched:
//! they follow from the sides.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::model::{Feature, FieldDef, Shape, Tile};
use crate::diag::SourceMap;
use crate::geometry::{Side, Slot};
use crate::ir::{lower, Relation, TileSet};
use crate::syntax::parse;

/// The dearest interpretation tried.
const MAX_COST: u32 = 3;
/// The most interpretations of one tile tried in one round.
const MAX_PER_ROUND: usize = 2000;

/// One statement of a tile, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statement {
    /// The kind.
    pub kind: String,
    /// A spot's variant.
    pub variant: Option<String>,
    /// Sides or slots.
    pub places: Vec<String>,
    /// A spot's arrow.
    pub direction: Option<String>,
    /// A dead end's `->` target.
    pub target: Option<String>,
    /// `touching` places.
    pub touching: Vec<String>,
    /// `reaching` corners.
    pub reaching: Vec<String>,
    /// `sharing` sides.
    pub sharing: Vec<String>,
    /// `over` or `under`.
    pub crossing: Option<&'static str>,
    /// Attribute words.
    pub words: Vec<String>,
}

impl Statement {
    /// The statement's text: `road S -> N inn`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut parts: Vec<&str> = vec![&self.kind];
        parts.extend(self.variant.as_deref());
        parts.extend(self.places.iter().map(String::as_str));
        parts.extend(self.direction.as_deref());
        if let Some(t) = &self.target {
            parts.push("->");
            parts.push(t);
        }
        if !self.touching.is_empty() {
            parts.push("touching");
            parts.extend(self.touching.iter().map(String::as_str));
        }
        if !self.reaching.is_empty() {
            parts.push("reaching");
            parts.extend(self.reaching.iter().map(String::as_str));
        }
        if !self.sharing.is_empty() {
            parts.push("sharing");
            parts.extend(self.sharing.iter().map(String::as_str));
        }
        parts.extend(self.crossing);
        parts.extend(self.words.iter().map(String::as_str));
        parts.join(" ")
    }
}

/// What the search settled on for one tile.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    /// The statements to write, one per feature, then explicit fields if any.
    pub statements: Vec<Statement>,
    /// Derived fields and contacts equal JCZ's.
    pub exact: bool,
    /// Each difference from JCZ, worded.
    pub differences: Vec<String>,
    /// The statements do not compile: the compiler's first error (the tile is
    /// written commented out).
    pub unwritable: Option<String>,
}

/// A field for comparison: its half-side slots and the features it touches.
type FieldKey = (Vec<usize>, Vec<usize>);

/// The best reading of a tile so far.
#[derive(Clone, Debug)]
struct Best {
    /// Fields differing from JCZ's.
    distance: usize,
    /// Its cost.
    cost: u32,
    /// Its statements.
    statements: Vec<Statement>,
    /// What it derives.
    fields: Vec<FieldKey>,
}

/// Derives every tile; the result is in the order of `tiles`.
#[must_use]
pub fn derive(tiles: &[Tile]) -> Vec<Derived> {
    let plain: Vec<Vec<Statement>> = tiles.iter().map(base_statements).collect();
    let points: Vec<Vec<Vec<(u32, Choice)>>> = tiles.iter().map(variation_points).collect();
    let expected: Vec<Result<Vec<FieldKey>, String>> = tiles.iter().map(jcz_fields).collect();
    // Best so far per tile: (distance, cost, statements, derived fields).
    let mut best: Vec<Option<Best>> = vec![None; tiles.len()];
    let mut done = vec![false; tiles.len()];
    for cost in 0..=MAX_COST {
        let mut batch: Vec<(usize, Vec<Statement>)> = Vec::new();
        for t in 0..tiles.len() {
            if done[t] {
                continue;
            }
            for combo in combos(&points[t], cost, MAX_PER_ROUND) {
                let mut s = plain[t].clone();
                for (p, o) in combo.iter().enumerate() {
                    points[t][p][*o].1.apply(&mut s);
                }
                if plausible(&s) {
                    batch.push((t, s));
                }
            }
        }
        if batch.is_empty() {
            break;
        }
        let results = evaluate(&batch);
        for ((t, statements), fields) in batch.into_iter().zip(results) {
            if done[t] {
                continue;
            }
            let Some(fields) = fields else { continue };
            let distance = match &expected[t] {
                Ok(want) => distance(want, &fields),
                Err(_) => usize::MAX,
            };
            let better = best[t].as_ref().is_none_or(|b| {
                (distance > 0, cost, distance) < (b.distance > 0, b.cost, b.distance)
            });
            if better {
                best[t] = Some(Best {
                    distance,
                    cost,
                    statements,
                    fields,
                });
            }
            if distance == 0 {
                done[t] = true;
            }
        }
    }
    tiles
        .iter()
        .enumerate()
        .map(|(t, tile)| match best[t].take() {
            Some(Best {
                distance,
                statements,
                fields,
                ..
            }) => {
                let mut d = Derived {
                    exact: distance == 0,
                    statements,
                    ..Derived::default()
                };
                match &expected[t] {
                    Ok(want) if distance > 0 => {
                        d.differences.push(describe(tile, want, &fields));
                    }
                    Ok(_) => {}
                    Err(e) => d.differences.push(e.clone()),
                }
                if tile.fields.iter().any(|f| f.pig_herd) {
                    pig_herd(tile, &mut d);
                }
                d
            }
            None => Derived {
                unwritable: Some(first_error(&plain[t])),
                differences: vec!["no reading of the tile compiles".to_string()],
                statements: plain[t].clone(),
                exact: false,
            },
        })
        .collect()
}

/// Readings the search may not pick whatever they derive: two regions
/// reaching into one corner (or one side's middle).
fn plausible(statements: &[Statement]) -> bool {
    let mut corners: Vec<&str> = Vec::new();
    for s in statements {
        for c in &s.reaching {
            if corners.contains(&c.as_str()) {
                return false;
            }
            corners.push(c);
        }
    }
    true
}

/// One departure from the plain reading.
#[derive(Clone, Debug)]
enum Choice {
    Keep,
    Target(usize, String),
    TargetOver(usize, String),
    Touching(usize, Vec<String>),
    Reaching(usize, Vec<String>),
}

impl Choice {
    fn apply(&self, s: &mut [Statement]) {
        match self {
            Choice::Keep => {}
            Choice::Target(i, t) => s[*i].target = Some(t.clone()),
            Choice::TargetOver(i, t) => {
                s[*i].target = Some(t.clone());
                s[*i].crossing = Some("over");
            }
            Choice::Touching(i, t) => s[*i].touching.clone_from(t),
            Choice::Reaching(i, r) => s[*i].reaching.clone_from(r),
        }
    }
}

fn base_statements(tile: &Tile) -> Vec<Statement> {
    let mut out: Vec<Statement> = tile
        .features
        .iter()
        .map(|f| Statement {
            kind: f.kind.clone(),
            variant: f.variant.clone(),
            places: f.sides.iter().map(|s| s.name().to_string()).collect(),
            direction: f.direction.clone(),
            words: f.words.clone(),
            sharing: f.sharing.iter().map(|s| s.name().to_string()).collect(),
            ..Statement::default()
        })
        .collect();
    // Crossings: a tunnel road or a river goes under what it crosses, except
    // that a road crosses a river on a bridge; otherwise the later feature
    // goes over the earlier one.
    let n = tile.features.len();
    for j in 0..n {
        for i in 0..j {
            let (a, b) = (&tile.features[i], &tile.features[j]);
            if !interleave(&a.sides, &b.sides) || out[i].crossing.is_some() {
                continue;
            }
            if out[j].crossing.is_none() {
                let (index, mark) = crossing(a, b, i, j);
                out[index].crossing = Some(mark);
            }
        }
    }
    out
}

/// Which of two crossing features (indices `i < j`) is marked, and how.
fn crossing(a: &Feature, b: &Feature, i: usize, j: usize) -> (usize, &'static str) {
    let river = |f: &Feature| f.kind == "river";
    let road = |f: &Feature| f.kind == "road";
    if a.tunnel {
        (i, "under")
    } else if b.tunnel {
        (j, "under")
    } else if river(a) && road(b) {
        (j, "over")
    } else if road(a) && river(b) {
        (i, "over")
    } else if river(a) {
        (i, "under")
    } else if river(b) {
        (j, "under")
    } else {
        (j, "over")
    }
}

/// Whether two sets of sides alternate around the tile (a b a b).
fn interleave(a: &[Side], b: &[Side]) -> bool {
    if a.len() < 2 || b.len() < 2 {
        return false;
    }
    let mut seq: Vec<u8> = Vec::new();
    for side in Side::ALL {
        let label = if a.contains(&side) {
            1
        } else if b.contains(&side) {
            2
        } else {
            continue;
        };
        if seq.last() != Some(&label) {
            seq.push(label);
        }
    }
    if seq.len() > 1 && seq.first() == seq.last() {
        seq.pop();
    }
    seq.len() >= 4
}

fn first_side(f: &Feature) -> String {
    f.sides
        .first()
        .map_or_else(String::new, |s| s.name().to_string())
}

/// The departures possible on a tile, each with its cost.
fn variation_points(tile: &Tile) -> Vec<Vec<(u32, Choice)>> {
    let f = &tile.features;
    let regions: Vec<usize> = (0..f.len())
        .filter(|&i| f[i].shape == Shape::Region)
        .collect();
    let paths: Vec<usize> = (0..f.len())
        .filter(|&i| f[i].shape == Shape::Path)
        .collect();
    let has_centre = f.iter().any(|x| x.shape == Shape::Spot(true));
    // Later points' departures are tried first among readings of one cost
    // (the search varies the last point fastest): centre spots touching,
    // then dead ends, then other spots touching, then corners.
    let mut points = Vec::new();
    const CORNERS: [&str; 4] = ["NE", "SE", "SW", "NW"];
    for &r in &regions {
        // A city over four sides has no corner left; one crossing another
        // would only hide the quadrants the crossing makes.
        let crosses = (0..f.len()).any(|x| x != r && interleave(&f[r].sides, &f[x].sides));
        if f[r].sides.len() == 4 || crosses {
            continue;
        }
        let mut options = vec![(0, Choice::Keep)];
        for c in CORNERS {
            options.push((1, Choice::Reaching(r, vec![c.to_string()])));
        }
        for (i, a) in CORNERS.iter().enumerate() {
            for b in &CORNERS[i + 1..] {
                options.push((
                    2,
                    Choice::Reaching(r, vec![(*a).to_string(), (*b).to_string()]),
                ));
            }
        }
        // A wall running down to the middle of a free side (Hills & Sheep's
        // `C!.v`): that side's field is parted there.
        for side in Side::ALL {
            if f.iter().all(|x| !x.sides.contains(&side)) {
                options.push((1, Choice::Reaching(r, vec![side.name().to_string()])));
            }
        }
        points.push(options);
    }
    spot_points(f, &regions, &paths, false, &mut points);
    // A through path brushing a region along its way (Abbey & Mayor's
    // `CRr`): the fields on either side of the contact are parted.
    for &p in &paths {
        if f[p].sides.len() != 2 || regions.is_empty() {
            continue;
        }
        let mut options = vec![(0, Choice::Keep)];
        for &r in &regions {
            options.push((1, Choice::Touching(p, vec![first_side(&f[r])])));
        }
        points.push(options);
    }
    for &p in &paths {
        if f[p].sides.len() != 1 {
            continue;
        }
        if f[p].kind == "river" {
            // A river ends at its spring, lake or volcano (the centre spot)
            // unless it runs into a city (River II's `IFC`).
            if !regions.is_empty() {
                let mut options = vec![(0, Choice::Keep)];
                for &r in &regions {
                    options.push((1, Choice::Target(p, first_side(&f[r]))));
                }
                points.push(options);
            }
            continue;
        }
        let mut options = vec![(0, Choice::Keep)];
        for &r in &regions {
            options.push((1, Choice::Target(p, first_side(&f[r]))));
            // Reaching it may mean crossing something on the way (a bridge).
            let crossable = (0..f.len()).any(|x| x != p && x != r && f[x].sides.len() >= 2);
            if crossable {
                options.push((2, Choice::TargetOver(p, first_side(&f[r]))));
            }
        }
        options.push((1, Choice::Target(p, "alone".into())));
        for &q in paths.iter().filter(|&&q| q != p) {
            options.push((2, Choice::Target(p, first_side(&f[q]))));
        }
        if has_centre {
            options.push((2, Choice::Target(p, "village".into())));
        }
        points.push(options);
    }
    spot_points(f, &regions, &paths, true, &mut points);
    points
}

/// A spot touching one or two of the tile's regions and paths: the centre
/// spots, or the others.
fn spot_points(
    f: &[Feature],
    regions: &[usize],
    paths: &[usize],
    centre: bool,
    points: &mut Vec<Vec<(u32, Choice)>>,
) {
    let touchable: Vec<usize> = regions.iter().chain(paths).copied().collect();
    for (s, spot) in f.iter().enumerate() {
        if spot.shape != Shape::Spot(centre) {
            continue;
        }
        let mut options = vec![(0, Choice::Keep)];
        for &a in &touchable {
            options.push((1, Choice::Touching(s, vec![first_side(&f[a])])));
        }
        for (i, &a) in touchable.iter().enumerate() {
            for &b in &touchable[i + 1..] {
                options.push((
                    2,
                    Choice::Touching(s, vec![first_side(&f[a]), first_side(&f[b])]),
                ));
            }
        }
        points.push(options);
    }
}

/// Every choice of one option per point whose costs add up to exactly `cost`,
/// in order, at most `cap` of them.
fn combos(points: &[Vec<(u32, Choice)>], cost: u32, cap: usize) -> Vec<Vec<usize>> {
    fn walk(
        points: &[Vec<(u32, Choice)>],
        left: u32,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        cap: usize,
    ) {
        if out.len() >= cap {
            return;
        }
        let i = current.len();
        if i == points.len() {
            if left == 0 {
                out.push(current.clone());
            }
            return;
        }
        for (o, (c, _)) in points[i].iter().enumerate() {
            if *c <= left {
                current.push(o);
                walk(points, left - c, current, out, cap);
                current.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(points, cost, &mut Vec::new(), &mut out, cap);
    out
}

/// Compiles every candidate in one pass; for each, its derived fields (in
/// terms of statement indices), or `None` when it does not compile.
fn evaluate(batch: &[(usize, Vec<Statement>)]) -> Vec<Option<Vec<FieldKey>>> {
    let text = candidates_text(batch.iter().map(|(_, s)| s.as_slice()));
    let lowered = lower_text(&text);
    let set = &lowered.set;
    let index: HashMap<&str, usize> = set
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.as_str(), i))
        .collect();
    batch
        .iter()
        .enumerate()
        .map(|(i, (_, statements))| {
            let t = *index.get(format!("c{i}").as_str())?;
            Some(derived_fields(set, t, statements.len()))
        })
        .collect()
}

/// One file of candidate tiles `c0`, `c1`, ...
fn candidates_text<'a>(tiles: impl Iterator<Item = &'a [Statement]>) -> String {
    let mut text = String::from("expansion candidates {}\n");
    for (i, statements) in tiles.enumerate() {
        let _ = write!(text, "tile c{i} {{ ");
        for s in statements {
            text.push_str(&s.text());
            text.push_str("; ");
        }
        text.push_str("}\n");
    }
    text
}

/// Parses and lowers a text after the prelude (the set-level checks are not
/// needed to read fields).
fn lower_text(text: &str) -> crate::ir::Lowered {
    let mut sources = SourceMap::new();
    let file = sources.add("candidates", text);
    let (ast, _) = parse(file, sources.text(file));
    lower(std::slice::from_ref(&ast))
}

/// A lowered tile's fields: half-side slots and the statements they touch.
fn derived_fields(set: &TileSet, t: usize, declared: usize) -> Vec<FieldKey> {
    let tile = &set.tiles[t];
    let mut out: Vec<FieldKey> = (declared..tile.features.len())
        .map(|f| {
            let slots = tile.features[f]
                .slots
                .iter()
                .filter(|s| !s.is_middle())
                .map(|s| s.index())
                .collect();
            let touches = set.graph.targets(t, f, Relation::FieldTouches);
            (slots, touches)
        })
        .collect();
    out.sort();
    out
}

/// JCZ's fields in the same terms, or why they cannot be read.
fn jcz_fields(tile: &Tile) -> Result<Vec<FieldKey>, String> {
    let mut out = Vec::new();
    for f in &tile.fields {
        let mut touches = Vec::new();
        for side in &f.cities {
            let city = tile
                .features
                .iter()
                .position(|x| x.shape == Shape::Region && x.sides.contains(side))
                .ok_or_else(|| {
                    format!(
                        "JCZ's field {} touches a city on side {}, where there is none",
                        field_name(f),
                        side.name()
                    )
                })?;
            touches.push(city);
        }
        touches.sort_unstable();
        touches.dedup();
        out.push((f.slots.iter().map(|s| s.index()).collect(), touches));
    }
    out.sort();
    Ok(out)
}

/// How many fields of one list are not in the other (as multisets).
fn distance(want: &[FieldKey], got: &[FieldKey]) -> usize {
    let mut left: Vec<&FieldKey> = got.iter().collect();
    let mut missing = 0;
    for w in want {
        match left.iter().position(|g| *g == w) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => missing += 1,
        }
    }
    missing + left.len()
}

const HALVES: [(usize, &str); 8] = [
    (0, "NL"),
    (2, "NR"),
    (3, "EL"),
    (5, "ER"),
    (6, "SL"),
    (8, "SR"),
    (9, "WL"),
    (11, "WR"),
];

fn field_name(f: &FieldDef) -> String {
    if f.inner {
        "I".to_string()
    } else {
        f.slots
            .iter()
            .filter_map(|s| HALVES.iter().find(|(i, _)| *i == s.index()).map(|h| h.1))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `[NL NR | N]` in JCZ's terms.
fn key_text(tile: &Tile, key: &FieldKey) -> String {
    let slots: Vec<&str> = key
        .0
        .iter()
        .filter_map(|s| HALVES.iter().find(|(i, _)| i == s).map(|h| h.1))
        .collect();
    let slots = if slots.is_empty() {
        "inner".to_string()
    } else {
        slots.join(" ")
    };
    let cities: Vec<String> = key
        .1
        .iter()
        .map(|&c| tile.features.get(c).map_or_else(|| "?".into(), first_side))
        .collect();
    if cities.is_empty() {
        format!("[{slots}]")
    } else {
        format!("[{slots} > {}]", cities.join(" "))
    }
}

fn describe(tile: &Tile, want: &[FieldKey], got: &[FieldKey]) -> String {
    let list = |keys: &[FieldKey]| {
        keys.iter()
            .map(|k| key_text(tile, k))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "fields differ: JCZ lists {}, the reading kept derives {}",
        if want.is_empty() {
            "none".to_string()
        } else {
            list(want)
        },
        if got.is_empty() {
            "none".to_string()
        } else {
            list(got)
        }
    )
}

/// A pig herd is an attribute of one field, so the tile lists its fields:
/// the derived ones, written out, the herd on the one JCZ names.
fn pig_herd(tile: &Tile, d: &mut Derived) {
    let text = candidates_text(std::iter::once(d.statements.as_slice()));
    let lowered = lower_text(&text);
    let Some(lt) = lowered.set.tiles.first() else {
        return;
    };
    let declared = d.statements.len();
    let herd: Vec<Vec<usize>> = tile
        .fields
        .iter()
        .filter(|f| f.pig_herd)
        .map(|f| f.slots.iter().map(|s| s.index()).collect())
        .collect();
    let mut placed = 0;
    for f in declared..lt.features.len() {
        let feature = &lt.features[f];
        let halves: Vec<usize> = feature
            .slots
            .iter()
            .filter(|s| !s.is_middle())
            .map(|s| s.index())
            .collect();
        let touching = lowered
            .set
            .graph
            .targets(0, f, Relation::FieldTouches)
            .iter()
            .map(|&r| first_side(&tile.features[r]))
            .collect();
        let mut words = Vec::new();
        if herd.contains(&halves) {
            words.push("pig-herd".to_string());
            placed += 1;
        }
        d.statements.push(Statement {
            kind: "field".to_string(),
            places: feature
                .slots
                .iter()
                .map(|s: &Slot| s.name().to_string())
                .collect(),
            touching,
            words,
            ..Statement::default()
        });
    }
    if placed < herd.len() {
        d.differences
            .push("JCZ's pig herd lies in a field the derivation does not have".to_string());
    }
}

/// The compiler's first error for a tile no reading of which compiles.
fn first_error(statements: &[Statement]) -> String {
    let body: Vec<String> = statements.iter().map(Statement::text).collect();
    let text = format!(
        "expansion candidates {{}}\ntile t {{ {} }}\n",
        body.join("; ")
    );
    match crate::compile::compile_str(&text) {
        Ok(_) => "it compiles alone".to_string(),
        Err(rendered) => rendered
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or("an error")
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_interleave_only_when_they_alternate() {
        use Side::{E, N, S, W};
        assert!(interleave(&[W, E], &[N, S]));
        assert!(!interleave(&[N, W], &[S, E]));
        assert!(!interleave(&[N], &[E, W]));
        assert!(!interleave(&[N, E, S], &[W]));
    }

    #[test]
    fn combos_add_up_to_the_cost_asked() {
        let point = || vec![(0, Choice::Keep), (1, Choice::Keep), (2, Choice::Keep)];
        let points = vec![point(), point()];
        assert_eq!(combos(&points, 0, 100), [vec![0, 0]]);
        assert_eq!(
            combos(&points, 2, 100),
            [vec![0, 2], vec![1, 1], vec![2, 0]]
        );
        assert_eq!(combos(&points, 2, 1).len(), 1);
    }

    #[test]
    fn a_statement_is_written_in_the_languages_order() {
        let s = Statement {
            kind: "road".into(),
            places: vec!["S".into()],
            target: Some("N".into()),
            crossing: Some("over"),
            words: vec!["inn".into()],
            ..Statement::default()
        };
        assert_eq!(s.text(), "road S -> N over inn");
    }
}
