//! Our vocabulary in JCloisterZone's words: the element each kind becomes,
//! the attribute each of ours becomes, the artwork's feature type, and JCZ's
//! location names (sides `N`, `NW`, `_S`, ...; half-sides `NL.NR`; `I` inside).
//! The inverse of `import::model`; what is not listed here JCZ cannot play.

use crate::emit::wire::Feature;
use crate::geometry::{Side, Slot};

/// How one of our kinds is written in JCZ's XML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    /// An element holding the sides it covers (`<city>N E</city>`).
    Sides(&'static str),
    /// The `<field>` element, holding half-sides.
    Field,
    /// An empty element inside the tile (`<monastery/>`), with fixed
    /// attributes.
    Spot(&'static str, &'static [(&'static str, &'static str)]),
    /// Not an element: a group the tile belongs to (`river-spring`).
    Group(&'static str),
    /// Not an element: the tile's `wind-rose` attribute.
    WindRose,
}

/// Our kind → how JCZ writes it.
const KINDS: &[(&str, Element)] = &[
    ("city", Element::Sides("city")),
    ("road", Element::Sides("road")),
    ("river", Element::Sides("river")),
    ("field", Element::Field),
    ("cloister", Element::Spot("monastery", &[])),
    ("shrine", Element::Spot("monastery", &[("shrine", "true")])),
    ("garden", Element::Spot("garden", &[])),
    ("tower", Element::Spot("tower", &[])),
    ("dragon", Element::Spot("dragon", &[])),
    ("volcano", Element::Spot("volcano", &[])),
    ("portal", Element::Spot("portal", &[])),
    ("circus", Element::Spot("circus", &[])),
    ("acrobats", Element::Spot("acrobats", &[])),
    ("flier", Element::Spot("flying-machine", &[])),
    ("crop-circle", Element::Spot("corn-circle", &[])),
    ("festival", Element::Spot("festival", &[])),
    ("magic", Element::Spot("mage", &[])),
    ("hill", Element::Spot("hill", &[])),
    ("vineyard", Element::Spot("vineyard", &[])),
    ("goldmine", Element::Spot("goldmine", &[])),
    ("bazaar", Element::Spot("bazaar", &[])),
    ("ferry", Element::Spot("ferry", &[])),
    ("watchtower", Element::Spot("watchtower", &[])),
    ("yaga-hut", Element::Spot("yaga-hut", &[])),
    ("vodyanoy", Element::Spot("vodyanoy", &[])),
    ("razboynik", Element::Spot("razboynik", &[])),
    ("quarter", Element::Spot("quarter", &[])),
    ("spring", Element::Group("river-spring")),
    ("lake", Element::Group("river-lake")),
    ("wind-rose", Element::WindRose),
    ("compass-rose", Element::WindRose),
];

/// The JCZ element of one of our kinds, or `None` when JCZ has none.
#[must_use]
pub fn element(kind: &str) -> Option<Element> {
    KINDS.iter().find(|(k, _)| *k == kind).map(|(_, e)| *e)
}

/// Our attribute on a kind → JCZ's attribute and value (`None` for the
/// attribute's units, as `pennants="2"`).
const ATTRIBUTES: &[(&str, &str, &str, Option<&str>)] = &[
    ("city", "pennant", "pennants", None),
    ("city", "cathedral", "cathedral", Some("true")),
    ("city", "wine", "resource", Some("wine")),
    ("city", "grain", "resource", Some("grain")),
    ("city", "cloth", "resource", Some("cloth")),
    ("city", "princess", "princess", Some("true")),
    ("city", "besieged", "besieged", Some("true")),
    ("city", "no-castle", "castle-base", Some("false")),
    ("city", "darmstadtium", "darmstadtium", Some("true")),
    ("road", "inn", "inn", Some("true")),
    ("road", "tunnel", "tunnel", Some("true")),
    ("road", "well", "wells", Some("true")),
    ("road", "labyrinth", "labyrinth", Some("true")),
    ("cloister", "special", "special", Some("true")),
    ("cloister", "church", "church", Some("true")),
    ("field", "pig-herd", "pig-herd", Some("true")),
];

/// JCZ's attribute for one of ours on a kind: name and value.
#[must_use]
pub fn attribute(kind: &str, attribute: &str, units: u32) -> Option<(&'static str, String)> {
    ATTRIBUTES
        .iter()
        .find(|(k, a, _, _)| *k == kind && *a == attribute)
        .map(|(_, _, name, value)| {
            (
                *name,
                value.map_or_else(|| units.to_string(), str::to_string),
            )
        })
}

/// The artwork's feature type of a JCZ element (`monastery` → `Monastery`,
/// `flying-machine` → `FlyingMachine`): the name JCZ's engine gives the
/// feature, which the client joins to a location (`City/NW`).
#[must_use]
pub fn feature_type(element: &str) -> String {
    element
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or_else(String::new, |f| {
                f.to_ascii_uppercase().to_string() + c.as_str()
            })
        })
        .collect()
}

/// JCZ's name of a set of whole sides: `N`, `NE`, `NS`, `_W` (all but west),
/// `NWSE`.
#[must_use]
pub fn sides_location(sides: &[Side]) -> String {
    let has = |s: Side| sides.contains(&s);
    let (n, e, s, w) = (has(Side::N), has(Side::E), has(Side::S), has(Side::W));
    let name = match (n, e, s, w) {
        (true, true, true, true) => "NWSE",
        (false, true, true, true) => "_N",
        (true, false, true, true) => "_E",
        (true, true, false, true) => "_S",
        (true, true, true, false) => "_W",
        (true, false, false, true) => "NW",
        (true, true, false, false) => "NE",
        (false, true, true, false) => "SE",
        (false, false, true, true) => "SW",
        (true, false, true, false) => "NS",
        (false, true, false, true) => "WE",
        (true, false, false, false) => "N",
        (false, true, false, false) => "E",
        (false, false, true, false) => "S",
        (false, false, false, true) => "W",
        (false, false, false, false) => "",
    };
    name.to_string()
}

/// The sides a feature's slots touch, in N E S W order.
#[must_use]
pub fn sides(f: &Feature) -> Vec<Side> {
    let middles = f.slots.iter().any(|slot| slot.is_middle());
    Side::ALL
        .into_iter()
        .filter(|s| {
            f.slots
                .iter()
                .any(|slot| slot.side() == *s && (slot.is_middle() || !middles))
        })
        .collect()
}

/// The sides a region holds only an end of, sharing them with another region
/// (`sharing`; JCZ's `multi-edge`).
#[must_use]
pub fn shared_sides(f: &Feature) -> Vec<Side> {
    let held = sides(f);
    Side::ALL
        .into_iter()
        .filter(|s| !held.contains(s) && f.slots.iter().any(|slot| slot.side() == *s))
        .collect()
}

/// JCZ's half-side of a corner slot (`NNW` → `NL`); `None` for a side's middle.
#[must_use]
pub fn half_side(slot: Slot) -> Option<&'static str> {
    Some(match slot {
        Slot::NNW => "NL",
        Slot::NNE => "NR",
        Slot::ENE => "EL",
        Slot::ESE => "ER",
        Slot::SSE => "SL",
        Slot::SSW => "SR",
        Slot::WSW => "WL",
        Slot::WNW => "WR",
        _ => return None,
    })
}

/// The half-sides of a field, in JCZ's order (`NL NR EL ER SL SR WL WR`).
#[must_use]
pub fn half_sides(f: &Feature) -> Vec<&'static str> {
    let mut slots: Vec<Slot> = f.slots.clone();
    slots.sort();
    slots.into_iter().filter_map(half_side).collect()
}

/// An inner feature's location: `I`, `II`, `III`, `IV` by its rank among the
/// tile's inner features of its type; JCZ has no fifth (None).
#[must_use]
pub fn inner_location(rank: usize) -> Option<&'static str> {
    INNER_LOCATIONS.get(rank).copied()
}

/// JCZ's inner locations, in rank order.
pub const INNER_LOCATIONS: [&str; 4] = ["I", "II", "III", "IV"];

/// An expansion's JCZ name for `<expansion id>` and `<requires expansion>`:
/// the tile-set id before any `/`, upper case, `-` as `_` (`corn-circles/2`
/// → `CORN_CIRCLES`, `basic` → `BASIC`).
#[must_use]
pub fn expansion_name(set_id: &str) -> String {
    set_id
        .split('/')
        .next()
        .unwrap_or(set_id)
        .to_ascii_uppercase()
        .replace('-', "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_named_as_jcz_names_them() {
        assert_eq!(sides_location(&[Side::N, Side::E, Side::W]), "_S");
        assert_eq!(sides_location(&[Side::W, Side::N]), "NW");
        assert_eq!(sides_location(&Side::ALL), "NWSE");
        assert_eq!(feature_type("flying-machine"), "FlyingMachine");
        assert_eq!(expansion_name("corn-circles/2"), "CORN_CIRCLES");
        assert_eq!(
            attribute("city", "pennant", 2),
            Some(("pennants", "2".into()))
        );
    }
}
