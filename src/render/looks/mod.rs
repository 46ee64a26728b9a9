//! Looks: how each kind and attribute is drawn, chosen by data alone.
//!
//! A kind's or attribute's `style.draw` names a built-in look; each shape has
//! its own table of looks, name → painter, and the name is the only place a
//! look is ever chosen. A style without `draw` (a fan's kind), or naming a look
//! the shape does not have, gets the [`Plain`] look of its shape: its
//! `colour` and `label`, or a colour derived from its name and the name's
//! first letters. Nothing here knows a kind by its id.

mod acrobats;
mod bazaar;
mod cathedral;
mod circus;
pub mod city;
mod cloister;
mod crop_circle;
pub mod crossing;
mod dragon;
mod field;
mod flier;
mod garden;
mod gem;
mod goods;
mod hill;
mod inn;
mod labyrinth;
mod no_castle;
mod pennant;
mod pigs;
pub mod plain;
mod portal;
mod princess;
mod quarter;
mod razboynik;
pub mod road;
mod rose;
mod tower;
mod tunnel;
mod vineyard;
mod vodyanoy;
mod volcano;
mod wall;
mod water;
mod well;
mod yaga_hut;

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::draw::colour;
use super::layout::{Region, Spot};
use crate::emit::wire::{Shape, Style, Vocabulary};

/// The plain look of a declaration: a colour and a short label.
#[derive(Clone, Debug, PartialEq)]
pub struct Plain {
    /// Its colour.
    pub colour: ColorU8,
    /// One to three characters.
    pub label: String,
}

impl Plain {
    /// The style's colour and label, each derived from `id` when absent.
    pub fn of(style: &Style, id: &str) -> Plain {
        Plain {
            colour: style
                .colour
                .as_deref()
                .and_then(parse_colour)
                .unwrap_or_else(|| name_colour(id)),
            label: style.label.clone().unwrap_or_else(|| first_letters(id)),
        }
    }
}

/// `#rrggbb` as a colour.
fn parse_colour(text: &str) -> Option<ColorU8> {
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6)?;
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some(colour::rgb(byte(0)?, byte(2)?, byte(4)?))
}

/// A fixed, fairly saturated colour for a name (FNV-1a hash → hue).
pub fn name_colour(name: &str) -> ColorU8 {
    let mut h: u32 = 0x811c_9dc5;
    for b in name.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    #[allow(clippy::cast_precision_loss)]
    let hue = (h % 360) as f32 / 60.0;
    let (c, l) = (0.55_f32, 0.5_f32);
    let x = c * (1.0 - (hue % 2.0 - 1.0).abs());
    let (r, g, b) = match hue as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let v = |f: f32| ((f + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    colour::rgb(v(r), v(g), v(b))
}

/// The label of a name without one: the initials of its words (`crop-circle`
/// → `CC`), or the first two letters of a single word (`pond` → `Po`).
pub fn first_letters(name: &str) -> String {
    let words: Vec<&str> = name
        .split(['-', '_', '.'])
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > 1 {
        return words
            .iter()
            .take(3)
            .filter_map(|w| w.chars().next())
            .flat_map(char::to_uppercase)
            .collect();
    }
    let mut chars = name.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    let second = chars.next().map(|c| c.to_lowercase().to_string());
    first.into_iter().chain(second).collect()
}

/// A look resolved from a table of built-in looks, or the plain look.
#[derive(Clone, Debug)]
pub enum Look<T> {
    /// A built-in look, with its name.
    Builtin(&'static str, T),
    /// The plain look.
    Plain(Plain),
}

impl<T: Copy> Look<T> {
    /// The look a style names, if `table` has it; else the plain look.
    pub fn resolve(table: &[(&'static str, T)], style: &Style, id: &str) -> Look<T> {
        let named = style
            .draw
            .as_deref()
            .and_then(|d| table.iter().find(|(name, _)| *name == d));
        match named {
            Some(&(name, look)) => Look::Builtin(name, look),
            None => Look::Plain(Plain::of(style, id)),
        }
    }

    /// The built-in look's name, if it is one.
    pub fn name(&self) -> Option<&'static str> {
        match self {
            Look::Builtin(name, _) => Some(name),
            Look::Plain(_) => None,
        }
    }
}

/// Paints a region: ground, then walls and gates (`city`).
#[derive(Clone, Copy, Debug)]
pub struct RegionPainter {
    /// The ground inside the outline.
    pub ground: fn(&mut Pixmap, &Region, Transform),
    /// The walls, and the gates where paths enter.
    pub walls: fn(&mut Pixmap, &Region, Transform),
}

/// How a path kind looks: two strokes, edges under a surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathStyle {
    /// The surface's width, in tiles.
    pub width: f32,
    /// Each edge's width beyond the surface, in tiles.
    pub edge: f32,
    /// The surface colour.
    pub surface: ColorU8,
    /// The edge colour.
    pub edge_colour: ColorU8,
}

impl PathStyle {
    /// Half the full width, edges included: what the path takes from a field.
    pub fn half(&self) -> f32 {
        self.width / 2.0 + self.edge
    }
}

/// Paints a spot in its disc.
pub type SpotPainter = fn(&mut Pixmap, &Spot, Transform);

/// A spot look: its painter and the radius of its disc, in tiles.
#[derive(Clone, Copy, Debug)]
pub struct SpotLook {
    /// Draws it.
    pub paint: SpotPainter,
    /// Nominal radius.
    pub radius: f32,
    /// Whether it lies low on the ground: it is painted before the regions,
    /// and between two features it touches it stretches from one to the
    /// other as a band of its nominal width (a vineyard between two cities)
    /// instead of growing into a disc that reaches both.
    pub low: bool,
}

/// An attribute look: draws one unit in the square `-1..1` (upright, or for
/// [`Place::Across`] along its path); `size` is the half-width of that
/// square, in tiles.
#[derive(Clone, Copy, Debug)]
pub struct AttributeLook {
    /// Draws one unit.
    pub paint: fn(&mut Pixmap, Transform),
    /// Half-width of a unit's icon, in tiles.
    pub size: f32,
    /// Where on a path it goes (other shapes ignore it).
    pub place: Place,
}

/// Where an attribute of a path is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Beside the path, on the side with more room (an inn).
    Beside,
    /// Across the path, turned along it (a tunnel over the road); where the
    /// path already runs under something, at the mouth of that tunnel.
    Across,
    /// On the point where the path's branches meet, or its middle (a well,
    /// the labyrinth), upright.
    Centre,
}

/// Region looks.
pub const REGIONS: &[(&str, RegionPainter)] = &[
    (
        "city",
        RegionPainter {
            ground: city::ground,
            walls: city::walls,
        },
    ),
    (
        "wall",
        RegionPainter {
            ground: wall::ground,
            walls: city::walls,
        },
    ),
];

/// Builds a path look's strokes.
pub type PathLook = fn() -> PathStyle;

/// Path looks: their strokes.
pub const PATHS: &[(&str, PathLook)] = &[("road", road::style), ("river", water::river)];

/// Face looks: the ground colour.
pub const FACES: &[(&str, ColorU8)] = &[("field", field::GRASS)];

/// Spot looks.
pub const SPOTS: &[(&str, SpotLook)] = &[
    ("cloister", look(cloister::paint, 0.2)),
    ("circus", look(circus::paint, 0.2)),
    ("acrobats", look(acrobats::paint, 0.19)),
    ("flier", look(flier::paint, 0.19)),
    ("crop-circle", look(crop_circle::paint, 0.18)),
    ("garden", look(garden::paint, 0.14)),
    ("spring", look(water::spring, 0.11)),
    ("lake", look(water::lake, 0.25)),
    ("volcano", look(volcano::paint, 0.2)),
    ("dragon", look(dragon::paint, 0.15)),
    ("portal", look(portal::paint, 0.14)),
    ("tower", look(tower::paint, 0.13)),
    ("hill", look(hill::paint, 0.12)),
    ("gem", look(gem::paint, 0.1)),
    ("quarter", look(quarter::paint, 0.2)),
    ("bazaar", look(bazaar::paint, 0.15)),
    ("compass-rose", look(rose::compass, 0.17)),
    ("wind-rose", look(rose::wind, 0.1)),
    ("yaga-hut", look(yaga_hut::paint, 0.19)),
    ("vodyanoy", look(vodyanoy::paint, 0.16)),
    ("razboynik", look(razboynik::paint, 0.15)),
    (
        "vineyard",
        SpotLook {
            low: true,
            ..look(vineyard::paint, 0.13)
        },
    ),
];

const fn look(paint: SpotPainter, radius: f32) -> SpotLook {
    SpotLook {
        paint,
        radius,
        low: false,
    }
}

/// Attribute looks.
pub const ATTRIBUTES: &[(&str, AttributeLook)] = &[
    ("pennant", icon(pennant::paint, 0.07)),
    ("inn", icon(inn::paint, 0.1)),
    ("cathedral", icon(cathedral::paint, 0.1)),
    ("wine", icon(goods::wine, 0.085)),
    ("grain", icon(goods::grain, 0.085)),
    ("cloth", icon(goods::cloth, 0.085)),
    ("princess", icon(princess::paint, 0.08)),
    ("pigs", icon(pigs::paint, 0.15)),
    ("well", on(well::paint, 0.085, Place::Centre)),
    ("labyrinth", on(labyrinth::paint, 0.2, Place::Centre)),
    ("tunnel", on(tunnel::paint, 0.085, Place::Across)),
    ("no-castle", icon(no_castle::paint, 0.085)),
];

const fn icon(paint: fn(&mut Pixmap, Transform), size: f32) -> AttributeLook {
    on(paint, size, Place::Beside)
}

const fn on(paint: fn(&mut Pixmap, Transform), size: f32, place: Place) -> AttributeLook {
    AttributeLook { paint, size, place }
}

/// Every built-in look name with the shape it draws (`None`: attributes), for
/// the docs and for a checker that wants to warn about a misspelt `draw`.
pub fn names() -> Vec<(&'static str, Option<Shape>)> {
    let mut out: Vec<(&'static str, Option<Shape>)> = Vec::new();
    out.extend(REGIONS.iter().map(|(n, _)| (*n, Some(Shape::Region))));
    out.extend(PATHS.iter().map(|(n, _)| (*n, Some(Shape::Path))));
    out.extend(FACES.iter().map(|(n, _)| (*n, Some(Shape::Face))));
    out.extend(SPOTS.iter().map(|(n, _)| (*n, Some(Shape::Spot))));
    out.extend(ATTRIBUTES.iter().map(|(n, _)| (*n, None)));
    out
}

/// The look name and plain look of a spot variant word (a crop circle's
/// `city`): the look of the kind the word names, if the vocabulary has one.
pub fn variant_mark(vocabulary: &Vocabulary, word: &str) -> (Option<&'static str>, Plain) {
    let Some(kind) = vocabulary.kind(word) else {
        return (None, Plain::of(&Style::default(), word));
    };
    let name = kind.style.draw.as_deref().and_then(|d| {
        names()
            .into_iter()
            .find(|(n, shape)| *n == d && *shape == Some(kind.shape))
            .map(|(n, _)| n)
    });
    (name, Plain::of(&kind.style, word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_gives_a_fixed_colour_and_its_first_letters() {
        assert_eq!(name_colour("pond"), name_colour("pond"));
        assert_ne!(name_colour("pond"), name_colour("pong"));
        assert_eq!(first_letters("pond"), "Po");
        assert_eq!(first_letters("crop-circle"), "CC");
        assert_eq!(first_letters("x"), "X");
    }

    #[test]
    fn a_style_names_a_look_or_falls_back_to_plain() {
        let named = Style {
            draw: Some("garden".into()),
            ..Style::default()
        };
        assert_eq!(Look::resolve(SPOTS, &named, "g").name(), Some("garden"));
        // A look of another shape, or an unknown one, is plain.
        let wrong = Style {
            draw: Some("city".into()),
            colour: Some("#102030".into()),
            label: None,
        };
        match Look::resolve(SPOTS, &wrong, "pond") {
            Look::Plain(p) => {
                assert_eq!(p.colour, colour::rgb(0x10, 0x20, 0x30));
                assert_eq!(p.label, "Po");
            }
            Look::Builtin(name, _) => panic!("resolved to {name}"),
        }
    }

    #[test]
    fn every_look_name_is_unique() {
        let mut all: Vec<_> = names().into_iter().map(|(n, _)| n).collect();
        let before = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(before, all.len());
    }

    #[test]
    fn every_look_is_named_in_the_language_guide() {
        let guide = include_str!("../../../docs/language.md");
        let start = guide
            .find("The renderer's built-in looks")
            .expect("the guide's list of looks");
        let list = guide[start..].split("\n\n").next().unwrap_or_default();
        let missing: Vec<_> = names()
            .into_iter()
            .map(|(n, _)| n)
            .filter(|n| !list.contains(&format!("`{n}`")))
            .collect();
        assert!(
            missing.is_empty(),
            "docs/language.md does not name {missing:?}"
        );
    }
}
