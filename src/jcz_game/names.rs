//! JCloisterZone's names for what a game uses: the tile set, tile-id prefix
//! and elements of each expansion both engines play, JCZ's ids of the base
//! game's lettered tiles, the meeple type of each figure and the feature type
//! of each kind.

use serde_json::Value;

/// An expansion both engines play, in JCZ's words.
#[derive(Clone, Copy, Debug)]
pub struct Expansion {
    /// Our id.
    pub ours: &'static str,
    /// JCZ's tile-set id (`basic:1`); `None` for an expansion without tiles,
    /// which its elements alone bring into play (the phantom).
    pub set: Option<&'static str>,
    /// The prefix of JCZ's tile ids (`BA`).
    pub prefix: &'static str,
    /// The elements it switches on: name and count (`None`: `true`).
    pub elements: &'static [(&'static str, Option<u32>)],
    /// The tile set it replaces (an edition's second printing).
    pub replaces: Option<&'static str>,
}

/// Every expansion the export and the import know.
pub const EXPANSIONS: &[Expansion] = &[
    Expansion {
        ours: "base",
        set: Some("basic:1"),
        prefix: "BA",
        elements: &[("small-follower", Some(7)), ("farmers", None)],
        replaces: None,
    },
    Expansion {
        ours: "base-edition-2",
        set: Some("basic:2"),
        prefix: "BA",
        elements: &[("abbot", Some(1)), ("garden", None)],
        replaces: Some("basic:1"),
    },
    Expansion {
        ours: "river",
        set: Some("river/1:1"),
        prefix: "RI.1",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "river-edition-2",
        set: Some("river/1:2"),
        prefix: "RI.1",
        elements: &[],
        replaces: Some("river/1:1"),
    },
    Expansion {
        ours: "inns-and-cathedrals",
        set: Some("inns-and-cathedrals:1"),
        prefix: "IC",
        elements: &[
            ("big-follower", Some(1)),
            ("cathedral", None),
            ("inn", None),
        ],
        replaces: None,
    },
    Expansion {
        ours: "traders-and-builders",
        set: Some("traders-and-builders:1"),
        prefix: "TB",
        elements: &[("builder", Some(1)), ("pig", Some(1)), ("traders", None)],
        replaces: None,
    },
    Expansion {
        ours: "under-the-big-top",
        set: Some("under-the-big-top:1"),
        prefix: "BT",
        elements: &[
            ("ringmaster", Some(1)),
            ("big-top", Some(1)),
            ("acrobats", None),
        ],
        replaces: None,
    },
    Expansion {
        ours: "the-flier",
        set: Some("flier:1"),
        prefix: "FL",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "crop-circles-2",
        set: Some("corn-circles/2"),
        prefix: "CC.2",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "wind-roses",
        set: Some("wind-roses"),
        prefix: "WR",
        elements: &[("wind-rose", None)],
        replaces: None,
    },
    Expansion {
        ours: "ferries",
        set: Some("ferries"),
        prefix: "FR",
        elements: &[("ferry", None)],
        replaces: None,
    },
    Expansion {
        ours: "goldmines",
        set: Some("goldmines"),
        prefix: "GO",
        elements: &[("gold", None)],
        replaces: None,
    },
    // The GQ11 mini expansion is two JCZ sets: its river tiles apart.
    Expansion {
        ours: "gq11",
        set: Some("gq11"),
        prefix: "GQ",
        // Its F carries a pig herd, which JCZ scores only with the element.
        elements: &[("pig-herd", None)],
        replaces: None,
    },
    Expansion {
        ours: "gq11",
        set: Some("gq11/river"),
        prefix: "GQ",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "cult-places",
        set: Some("cult/6"),
        prefix: "CU",
        elements: &[("shrine", None)],
        replaces: None,
    },
    Expansion {
        ours: "heretics-and-shrines",
        set: Some("cult/5"),
        prefix: "CU",
        elements: &[("shrine", None)],
        replaces: Some("cult/6"),
    },
    Expansion {
        ours: "the-besiegers",
        set: Some("siege/besiegers"),
        prefix: "SI.BE",
        elements: &[("siege", None), ("escape", None)],
        replaces: None,
    },
    Expansion {
        ours: "the-cathars",
        set: Some("siege/cathars"),
        prefix: "SI.CA",
        elements: &[("siege", None), ("escape", None)],
        replaces: None,
    },
    Expansion {
        ours: "crop-circles-1",
        set: Some("corn-circles/1"),
        prefix: "CC.1",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "the-tower",
        set: Some("tower:1"),
        prefix: "TO",
        elements: &[("tower", None)],
        replaces: None,
    },
    Expansion {
        ours: "river-2",
        set: Some("river/2:1"),
        prefix: "RI.2",
        // Its II+ carries a pig herd, which JCZ scores only with the element.
        elements: &[("pig-herd", None)],
        replaces: None,
    },
    Expansion {
        ours: "darmstadt",
        set: Some("darmstadt"),
        prefix: "DA",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "watchtowers",
        set: Some("watchtowers"),
        prefix: "WT",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "labyrinth",
        set: Some("labyrinth"),
        prefix: "LA",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "monasteries",
        set: Some("monasteries"),
        prefix: "MO",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "the-festival",
        set: Some("festival"),
        prefix: "FE",
        elements: &[("festival", None)],
        replaces: None,
    },
    Expansion {
        ours: "mage-and-witch",
        set: Some("mage-and-witch:1"),
        prefix: "MW",
        elements: &[("mage", Some(1)), ("witch", Some(1))],
        replaces: None,
    },
    Expansion {
        ours: "abbey-and-mayor",
        set: Some("abbey-and-mayor:1"),
        prefix: "AM",
        elements: &[
            ("abbey", Some(1)),
            ("mayor", Some(1)),
            ("wagon", Some(1)),
            ("barn", Some(1)),
        ],
        replaces: None,
    },
    Expansion {
        ours: "princess-and-dragon",
        set: Some("princess-and-dragon:1"),
        prefix: "DG",
        elements: &[
            ("dragon", None),
            ("fairy", None),
            ("princess", None),
            ("portal", None),
        ],
        replaces: None,
    },
    Expansion {
        ours: "king-and-robber",
        set: Some("king-and-robber:1"),
        prefix: "KR",
        // The titles: no figure on the board, no message (both engines
        // hand them out).
        elements: &[("king", None), ("robber", None)],
        replaces: None,
    },
    Expansion {
        ours: "bridges-castles-and-bazaars",
        set: Some("bridges-castles-and-bazaars:1"),
        prefix: "BB",
        elements: &[("bridge", None), ("castle", None), ("bazaar", None)],
        replaces: None,
    },
    Expansion {
        ours: "the-tunnel",
        set: Some("tunnel"),
        prefix: "TU",
        // The tokens: JCZ deals them by its rule `more-tunnel-tokens`
        // ([`tunnel_tokens`]), whatever the element's value.
        elements: &[("tunnel", None)],
        replaces: None,
    },
    Expansion {
        ours: "hills-and-sheep",
        set: Some("hills-and-sheep:1"),
        prefix: "HS",
        elements: &[("shepherd", Some(1)), ("hill", None), ("vineyard", None)],
        replaces: None,
    },
    Expansion {
        ours: "hills-and-sheep-edition-2",
        set: Some("hills-and-sheep:2"),
        prefix: "HS",
        elements: &[],
        replaces: Some("hills-and-sheep:1"),
    },
    Expansion {
        ours: "russian-promos-2013",
        set: Some("russian-promos/2013"),
        prefix: "RU",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "russian-promos-2016",
        set: Some("russian-promos/2016"),
        prefix: "RU",
        // The Vodyanoy's and Solovei Razboynik's traps; the Vodyanoy's
        // field carries a pig herd, which JCZ scores only with the element.
        elements: &[("russian-trap", None), ("pig-herd", None)],
        replaces: None,
    },
    Expansion {
        ours: "spiel-doch",
        set: Some("spiel-doch:1"),
        prefix: "SD",
        elements: &[],
        replaces: None,
    },
    Expansion {
        ours: "phantom",
        set: None,
        prefix: "",
        elements: &[("phantom", None)],
        replaces: None,
    },
];

/// The expansion of our id.
#[must_use]
pub fn by_ours(id: &str) -> Option<&'static Expansion> {
    EXPANSIONS.iter().find(|e| e.ours == id)
}

/// Every JCZ tile set of one of our expansions (most have one).
pub fn all_by_ours(id: &str) -> impl Iterator<Item = &'static Expansion> + '_ {
    EXPANSIONS.iter().filter(move |e| e.ours == id)
}

/// The expansion of a JCZ tile-set id.
#[must_use]
pub fn by_set(set: &str) -> Option<&'static Expansion> {
    EXPANSIONS.iter().find(|e| e.set == Some(set))
}

/// An element's value in a save's setup.
#[must_use]
pub fn element_value(count: Option<u32>) -> Value {
    count.map_or(Value::Bool(true), Value::from)
}

/// Elements JCZ adds from the tile sets, which a save may name or not.
pub const IMPLIED_ELEMENTS: &[&str] = &[
    "river",
    "corn-circle",
    "flier",
    "watchtower",
    "labyrinth",
    "church",
    "monastery",
];

/// True when an expansion in play sets `wagon.by-road` 1: the first
/// edition's wagon, JCZ's `wagon-move` `C1` (else `C2`).
pub fn wagon_by_road(set: &crate::emit::wire::TileSet, rules: &crate::engine::Ruleset) -> bool {
    set.expansions
        .iter()
        .filter(|e| rules.expansions().contains(&e.id))
        .filter_map(|e| e.rules.get("wagon.by-road"))
        .any(|v| *v == 1)
}

/// JCZ's rule `more-tunnel-tokens` for how many pairs of tunnel tokens
/// the expansions in play give each player (`tunnel.pairs` with four or
/// more players, `tunnel.pairs-3-players`, `tunnel.pairs-2-players`): JCZ
/// deals one pair with four or more, and with three and two players `3/2`
/// gives 2 and 3, `2/1` 1 and 2, `1/1` 1 and 1. `None` when no expansion in
/// play sets them.
///
/// # Errors
/// Pairs that none of JCZ's three choices deals.
pub fn tunnel_tokens(
    set: &crate::emit::wire::TileSet,
    rules: &crate::engine::Ruleset,
) -> Result<Option<&'static str>, String> {
    let value = |name: &str| {
        set.expansions
            .iter()
            .filter(|e| rules.expansions().contains(&e.id))
            .filter_map(|e| e.rules.get(name))
            .next_back()
            .copied()
    };
    let pairs = [
        value("tunnel.pairs"),
        value("tunnel.pairs-3-players"),
        value("tunnel.pairs-2-players"),
    ];
    if pairs.iter().all(Option::is_none) {
        return Ok(None);
    }
    let pairs = pairs.map(|p| p.unwrap_or(0));
    TUNNEL_TOKENS
        .iter()
        .find(|(_, p)| *p == pairs)
        .map(|(r, _)| Some(*r))
        .ok_or_else(|| {
            format!(
                "tunnel tokens of {} pair(s) with four or more players, {} with three, {} with two: JCloisterZone deals 1 with four or more, and 2 and 3, 1 and 2, or 1 and 1 with three and two",
                pairs[0], pairs[1], pairs[2]
            )
        })
}

/// JCZ's `more-tunnel-tokens` values and the pairs each deals: with four
/// or more players, three, two. Its engine reads a save without the rule
/// as `2/1`.
pub const TUNNEL_TOKENS: &[(&str, [i64; 3])] =
    &[("3/2", [1, 2, 3]), ("2/1", [1, 1, 2]), ("1/1", [1, 1, 1])];

/// Elements that act only through tiles of a set not in play (GQ11's pig
/// herds): harmless without them.
pub const INERT_ELEMENTS: &[&str] = &["pig-herd"];

/// The base game's letters and JCZ's ids (docs/tilesets.md).
const BASE_LETTERS: &[(&str, &str)] = &[
    ("A", "LR"),
    ("B", "L"),
    ("C", "Cccc+"),
    ("D", "RCr"),
    ("E", "C"),
    ("F", "CFc+"),
    ("G", "CFc.1"),
    ("H", "CFC.2"),
    ("I", "CC.2"),
    ("J", "CRr"),
    ("K", "RrC"),
    ("L", "CRRR"),
    ("M", "Cc+"),
    ("N", "Cc.1"),
    ("O", "CcRr+"),
    ("P", "CcRr"),
    ("Q", "Ccc+"),
    ("R", "Ccc"),
    ("S", "CccR+"),
    ("T", "CccR"),
    ("U", "RFr"),
    ("V", "Rr"),
    ("W", "RRR"),
    ("X", "RRRR"),
];

/// The river's spring, shared by both rivers: JCZ's id has no edition prefix.
const SPRING: (&str, &str) = ("river/s", "RI/s");

/// JCZ's id of one of our tiles (`base/D` → `BA/RCr`).
#[must_use]
pub fn jcz_tile(ours: &str) -> Option<String> {
    if ours == SPRING.0 {
        return Some(SPRING.1.to_string());
    }
    let (exp, local) = ours.split_once('/')?;
    let e = by_ours(exp)?;
    let local = if exp == "base" {
        BASE_LETTERS.iter().find(|(l, _)| *l == local)?.1
    } else {
        local
    };
    Some(format!("{}/{local}", e.prefix))
}

/// Our candidates for a JCZ tile id, in the order to try (`BA/RCr` →
/// `base/D`; `BA/CcG` → `base-edition-2/CcG`).
#[must_use]
pub fn our_tiles(jcz: &str) -> Vec<String> {
    if jcz == SPRING.1 {
        return vec![SPRING.0.to_string()];
    }
    let Some((prefix, local)) = jcz.split_once('/') else {
        return Vec::new();
    };
    EXPANSIONS
        .iter()
        .filter(|e| e.prefix == prefix)
        .filter_map(|e| {
            if e.ours == "base" {
                BASE_LETTERS
                    .iter()
                    .find(|(_, j)| *j == local)
                    .map(|(l, _)| format!("base/{l}"))
            } else {
                Some(format!("{}/{local}", e.ours))
            }
        })
        .collect()
}

/// JCZ's meeple type of one of our figures, and the element that counts it.
const FIGURES: &[(&str, &str, &str)] = &[
    ("meeple", "small", "small-follower"),
    ("large-meeple", "big", "big-follower"),
    ("abbot", "abbot", "abbot"),
    ("builder", "builder", "builder"),
    ("pig", "pig", "pig"),
    ("ringmaster", "ringmaster", "ringmaster"),
    ("mayor", "mayor", "mayor"),
    ("wagon", "wagon", "wagon"),
    ("barn", "barn", "barn"),
    ("phantom", "phantom", "phantom"),
    // A neutral figure: JCZ's element switches it on (one for the game).
    ("fairy", "fairy", "fairy"),
    ("shepherd", "shepherd", "shepherd"),
];

/// Expansions the import reads and the export does not write yet (none now:
/// Bridges, Castles & Bazaars, the last, is written with its bridges,
/// castles and bazaar auctions).
pub const IMPORT_ONLY: &[&str] = &[];

/// Elements of supply pieces JCZ counts itself (`true` or a number): named
/// alone, they bring their expansion into play, like a figure's.
pub const PIECE_ELEMENTS: &[&str] = &["bridge", "castle"];

/// Our figures that are titles, not pieces (King & Robber's king and
/// robber): their expansion's elements switch them on, and no message
/// names them.
pub const TITLES: &[&str] = &["king", "robber"];

/// JCZ's meeple type (`small`) of our figure (`meeple`).
#[must_use]
pub fn meeple_type(figure: &str) -> Option<&'static str> {
    FIGURES.iter().find(|f| f.0 == figure).map(|f| f.1)
}

/// Our figure of a JCZ meeple type.
#[must_use]
pub fn our_figure(meeple_type: &str) -> Option<&'static str> {
    FIGURES.iter().find(|f| f.1 == meeple_type).map(|f| f.0)
}

/// Whether an element counts or switches on one of our figures (`wagon`,
/// `fairy`): named alone, it brings that figure's expansion into play.
#[must_use]
pub fn is_figure_element(element: &str) -> bool {
    FIGURES.iter().any(|f| f.2 == element) || PIECE_ELEMENTS.contains(&element)
}

/// The element counting a figure (`small-follower`).
#[must_use]
pub fn figure_element(figure: &str) -> Option<&'static str> {
    FIGURES.iter().find(|f| f.0 == figure).map(|f| f.2)
}

/// JCZ's feature type of one of our kinds, and whether its location is
/// written by sides (`City`, `Road`), half-sides (`Field`) or `I`.
const FEATURES: &[(&str, &str, Where)] = &[
    ("city", "City", Where::Sides),
    ("road", "Road", Where::Sides),
    ("river", "River", Where::Sides),
    ("field", "Field", Where::HalfSides),
    ("cloister", "Monastery", Where::Inside),
    ("shrine", "Monastery", Where::Inside),
    ("garden", "Garden", Where::Inside),
    ("circus", "Circus", Where::Inside),
    ("acrobats", "Acrobats", Where::Inside),
    ("flier", "FlyingMachine", Where::Inside),
    ("crop-circle", "CornCircle", Where::Inside),
    ("yaga-hut", "YagaHut", Where::Inside),
];

/// How a feature's location is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// Whole sides (`NW`, `_S`).
    Sides,
    /// Half-sides joined by `.` (`NL.WR`), or `I` for a field inside.
    HalfSides,
    /// `I`.
    Inside,
}

/// JCZ's feature type of a kind.
#[must_use]
pub fn feature_type(kind: &str) -> Option<(&'static str, Where)> {
    FEATURES.iter().find(|f| f.0 == kind).map(|f| (f.1, f.2))
}

/// The rotation's name (`R90`) of clockwise quarter turns.
#[must_use]
pub fn rotation_name(quarters: u8) -> String {
    format!("R{}", u32::from(quarters % 4) * 90)
}

/// Clockwise quarter turns of a rotation's name (`R270` → 3).
#[must_use]
pub fn rotation_of(name: &str) -> Option<u8> {
    match name {
        "R0" => Some(0),
        "R90" => Some(1),
        "R180" => Some(2),
        "R270" => Some(3),
        _ => None,
    }
}

/// How JCZ asks for the castles of a turn's small cities, offered in turn
/// order from the active player as `(owner, build)`: it asks each player
/// once, with all of their cities (one built, or a `PASS` for all), and no
/// one after a `PASS`. Returns JCZ's decisions in order: `Some(i)` builds
/// offer `i`, `None` is a `PASS`; the offers it does not ask are declined
/// (their cities score).
///
/// # Errors
/// A castle built on a city JCZ does not ask about.
pub fn castle_decisions(offers: &[(usize, bool)]) -> Result<Vec<Option<usize>>, String> {
    let mut out = Vec::new();
    let mut asked: Vec<usize> = Vec::new();
    let mut closed = false;
    // The player asked whose cities so far are declined.
    let mut declining: Option<usize> = None;
    for (i, &(owner, build)) in offers.iter().enumerate() {
        let unasked = closed || asked.contains(&owner);
        if !unasked && declining == Some(owner) {
            if build {
                out.push(Some(i));
                asked.push(owner);
                declining = None;
            }
            continue;
        }
        if !unasked && declining.is_some() {
            // The player before declined them all: JCZ asks no more.
            out.push(None);
            closed = true;
            declining = None;
        }
        if closed || asked.contains(&owner) {
            if build {
                return Err("a castle JCloisterZone does not offer: it asks each player once a turn (one castle), and no one after a castle declined".into());
            }
            continue;
        }
        if build {
            out.push(Some(i));
            asked.push(owner);
        } else {
            declining = Some(owner);
        }
    }
    if declining.is_some() {
        out.push(None);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_ids_go_both_ways() {
        assert_eq!(jcz_tile("base/D").as_deref(), Some("BA/RCr"));
        assert_eq!(jcz_tile("river/s").as_deref(), Some("RI/s"));
        assert_eq!(
            jcz_tile("inns-and-cathedrals/CCc+").as_deref(),
            Some("IC/CCc+")
        );
        assert_eq!(
            our_tiles("BA/RCr").first().map(String::as_str),
            Some("base/D")
        );
        assert_eq!(our_tiles("BA/CcG"), vec!["base-edition-2/CcG".to_string()]);
        assert!(our_tiles("XX/what").is_empty());
        assert_eq!(rotation_of(&rotation_name(3)), Some(3));
    }

    #[test]
    fn jcz_asks_each_player_once_and_no_one_after_a_pass() {
        // One player's two cities: the second built, the first not asked.
        assert_eq!(
            castle_decisions(&[(0, false), (0, true)]),
            Ok(vec![Some(1)])
        );
        // Declined by the first owner: a PASS, and the next is not asked.
        assert_eq!(castle_decisions(&[(0, false), (1, false)]), Ok(vec![None]));
        assert!(castle_decisions(&[(0, false), (1, true)]).is_err());
        // Built, then the next player is asked.
        assert_eq!(
            castle_decisions(&[(0, true), (1, false)]),
            Ok(vec![Some(0), None])
        );
        // A second castle of one player in a turn is not offered.
        assert!(castle_decisions(&[(2, true), (2, true)]).is_err());
    }
}
