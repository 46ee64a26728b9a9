//! Which expansions go into the add-on and what each tile becomes in JCZ's
//! words: its id, its elements with their attributes, and the artwork key of
//! each feature (`City/NE`). Required expansions JCZ ships are referenced by
//! name, never copied. A tile JCZ cannot play (a fan's own kind or attribute)
//! is an error naming the tile and what it uses, or, when asked, left out.

use super::names::{self, Element};
use super::JczError;
use crate::emit::wire::{Expansion, Tile, TileSet};
use crate::import::jcz_set_id;

/// One element of a tile (`<city pennants="1">N E</city>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The wire feature it stands for.
    pub feature: usize,
    /// Element name.
    pub name: &'static str,
    /// Attributes in order.
    pub attrs: Vec<(String, String)>,
    /// Its text: sides, half-sides, `I`; empty for a spot.
    pub text: String,
    /// The artwork's key for its shape (`City/NE`, `Monastery/I`).
    pub key: String,
}

/// A tile in JCZ's words.
#[derive(Clone, Debug)]
pub struct JczTile {
    /// Index into the wire set's tiles.
    pub index: usize,
    /// JCZ's id (`fairground/market`).
    pub id: String,
    /// Tile attributes (`group`, `wind-rose`).
    pub attrs: Vec<(String, String)>,
    /// Its elements.
    pub items: Vec<Item>,
    /// Copies.
    pub count: u32,
}

/// One exported expansion.
#[derive(Clone, Debug)]
pub struct JczExpansion {
    /// Our id; also the tile-set id and the XML file's stem.
    pub id: String,
    /// JCZ's expansion name (`FAIRGROUND`).
    pub name: String,
    /// Display name.
    pub title: String,
    /// A sentence for the client's expansion list.
    pub description: String,
    /// JCZ names of the expansions it requires.
    pub requires: Vec<String>,
    /// Its tiles.
    pub tiles: Vec<JczTile>,
}

/// The add-on's content, before any file is made.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The exported expansions, in set order.
    pub expansions: Vec<JczExpansion>,
    /// Tiles left out (`--skip-unplayable`): index into the wire tiles, and why.
    pub left_out: Vec<(usize, String)>,
}

/// Chooses the expansions and translates their tiles.
///
/// # Errors
/// An unknown expansion asked for, a required expansion neither exported nor
/// shipped with JCZ, a tile JCZ cannot play (unless `skip`), nothing to export.
pub fn plan(set: &TileSet, wanted: Option<&[String]>, skip: bool) -> Result<Plan, JczError> {
    let chosen = choose(set, wanted)?;
    let mut out = Plan::default();
    // Every tile JCZ cannot play, to report them all at once.
    let mut refused: Vec<String> = Vec::new();
    for e in &chosen {
        let mut requires = Vec::new();
        for r in &e.requires {
            if chosen.iter().any(|c| &c.id == r) {
                requires.push(own_name(r));
            } else if let Some(set_id) = jcz_set_id(r) {
                requires.push(names::expansion_name(&set_id));
            } else {
                return Err(JczError::Input(format!(
                    "expansion `{}` requires `{r}`, which is neither exported (--expansions) nor shipped with JCloisterZone",
                    e.id
                )));
            }
        }
        let mut tiles = Vec::new();
        for (index, tile) in set.tiles.iter().enumerate() {
            if tile.expansion != e.id || tile.count == 0 {
                continue;
            }
            match jcz_tile(set, index, tile) {
                Ok(t) => tiles.push(t),
                Err(why) if skip => out.left_out.push((index, why)),
                Err(why) => refused.push(why),
            }
        }
        if tiles.is_empty() {
            continue;
        }
        let count: u32 = tiles.iter().map(|t| t.count).sum();
        let year = e.year.map_or_else(String::new, |y| format!(" ({y})"));
        out.expansions.push(JczExpansion {
            id: e.id.clone(),
            name: own_name(&e.id),
            title: e.name.clone(),
            description: format!(
                "{}{year}: {}, {}. Made with tileforge.",
                e.name,
                crate::words::count(tiles.len(), "tile kind"),
                crate::words::count(count, "tile")
            ),
            requires,
            tiles,
        });
    }
    match refused.as_slice() {
        [] => {}
        [why] => {
            return Err(JczError::Input(format!(
                "{why}; JCloisterZone cannot play it (--skip-unplayable leaves such tiles out)"
            )))
        }
        all => {
            return Err(JczError::Input(format!(
                "JCloisterZone cannot play {} (--skip-unplayable leaves them out):\n  {}",
                crate::words::count(all.len(), "tile"),
                all.join("\n  ")
            )))
        }
    }
    if out.expansions.is_empty() {
        return Err(JczError::Input(
            "there are no tiles JCloisterZone can play to export".to_string(),
        ));
    }
    Ok(out)
}

/// The expansions to export: those asked for, else every one JCZ does not
/// ship, else (only shipped ones given) all of them.
fn choose<'s>(set: &'s TileSet, wanted: Option<&[String]>) -> Result<Vec<&'s Expansion>, JczError> {
    if let Some(wanted) = wanted {
        if let Some(unknown) = wanted
            .iter()
            .find(|w| !set.expansions.iter().any(|e| &e.id == *w))
        {
            let all: Vec<&str> = set.expansions.iter().map(|e| e.id.as_str()).collect();
            return Err(JczError::Usage(format!(
                "unknown expansion `{unknown}` (the tile set has: {})",
                all.join(", ")
            )));
        }
        return Ok(set
            .expansions
            .iter()
            .filter(|e| wanted.contains(&e.id))
            .collect());
    }
    let fan: Vec<&Expansion> = set
        .expansions
        .iter()
        .filter(|e| jcz_set_id(&e.id).is_none())
        .collect();
    Ok(if fan.is_empty() {
        set.expansions.iter().collect()
    } else {
        fan
    })
}

/// The JCZ name of an exported expansion; one JCZ ships gets a suffix, since
/// the client refuses a second definition of a name.
fn own_name(id: &str) -> String {
    let name = names::expansion_name(id);
    if jcz_set_id(id).is_some() {
        format!("{name}_TILEFORGE")
    } else {
        name
    }
}

/// Whether a kind or attribute was declared by an expansion JCZ does not ship.
fn fan_declared(expansion: Option<&String>) -> bool {
    expansion.is_some_and(|e| jcz_set_id(e).is_none())
}

/// Why a tile with a fifth inner feature of one type cannot be exported.
fn too_many_inner(tile: &Tile, kind: &str) -> String {
    format!(
        "tile `{}` has more than {} inner {kind} features (JCloisterZone names at most {})",
        tile.id,
        names::INNER_LOCATIONS.len(),
        names::INNER_LOCATIONS.join(", ")
    )
}

/// A tile in JCZ's words, or why JCZ cannot play it.
fn jcz_tile(set: &TileSet, index: usize, tile: &Tile) -> Result<JczTile, String> {
    let mut attrs = Vec::new();
    let mut items: Vec<Item> = Vec::new();
    let mut group = tile.group.clone();
    let mut inner_fields = 0;
    for (id, f) in tile.features.iter().enumerate() {
        let kind = set.vocabulary.kind(&f.kind);
        let element = names::element(&f.kind)
            .filter(|_| !fan_declared(kind.and_then(|k| k.expansion.as_ref())))
            .ok_or_else(|| format!("tile `{}` uses kind `{}`", tile.id, f.kind))?;
        let mut item_attrs = Vec::new();
        for (a, units) in &f.attributes {
            let declared = set
                .vocabulary
                .attribute(a)
                .and_then(|d| d.expansion.as_ref());
            let (name, value) = names::attribute(&f.kind, a, *units)
                .filter(|_| !fan_declared(declared))
                .ok_or_else(|| {
                    format!("tile `{}` uses attribute `{a}` on its {}", tile.id, f.kind)
                })?;
            item_attrs.push((name.to_string(), value));
        }
        match element {
            Element::Sides(name) => {
                let sides = names::sides(f);
                // JCZ takes one shared side a city (`multi-edge`).
                match names::shared_sides(f).as_slice() {
                    [] => {}
                    [shared] if name == "city" => {
                        item_attrs.push(("multi-edge".to_string(), shared.name().to_string()));
                    }
                    _ => {
                        return Err(format!(
                            "tile `{}` shares more than one side, or a side of a {}",
                            tile.id, f.kind
                        ))
                    }
                }
                let text: Vec<&str> = sides.iter().map(|s| s.name()).collect();
                if name == "river" && tile.first && group.as_deref() == Some("river") {
                    group = Some("river-fork".to_string());
                }
                items.push(Item {
                    feature: id,
                    name,
                    attrs: item_attrs,
                    text: text.join(" "),
                    key: format!(
                        "{}/{}",
                        names::feature_type(name),
                        names::sides_location(&sides)
                    ),
                });
            }
            Element::Field => {
                let halves = names::half_sides(f);
                let (text, location) = if halves.is_empty() {
                    inner_fields += 1;
                    let l = names::inner_location(inner_fields - 1)
                        .ok_or_else(|| too_many_inner(tile, "field"))?;
                    (l.to_string(), l.to_string())
                } else {
                    (halves.join(" "), halves.join("."))
                };
                let cities: Vec<&str> = f
                    .touching
                    .iter()
                    .filter_map(|&c| tile.features.get(c))
                    .filter(|c| c.kind == "city")
                    .filter_map(|c| names::sides(c).first().map(|s| s.name()))
                    .collect();
                if !cities.is_empty() {
                    item_attrs.insert(0, ("city".to_string(), cities.join(" ")));
                }
                items.push(Item {
                    feature: id,
                    name: "field",
                    attrs: item_attrs,
                    text,
                    key: format!("Field/{location}"),
                });
            }
            Element::Spot(name, fixed) => {
                let mut all: Vec<(String, String)> = fixed
                    .iter()
                    .map(|(a, v)| ((*a).to_string(), (*v).to_string()))
                    .collect();
                all.extend(spot_attrs(tile, f)?);
                all.extend(item_attrs);
                let kind_name = names::feature_type(name);
                let rank = items
                    .iter()
                    .filter(|i| i.text.is_empty() && i.key.starts_with(&format!("{kind_name}/")))
                    .count();
                items.push(Item {
                    feature: id,
                    name,
                    attrs: all,
                    text: String::new(),
                    key: format!(
                        "{kind_name}/{}",
                        names::inner_location(rank).ok_or_else(|| too_many_inner(tile, &f.kind))?
                    ),
                });
            }
            Element::Group(g) => group = Some(g.to_string()),
            Element::WindRose => {
                let value = f
                    .direction
                    .map_or_else(|| "NWSE".to_string(), |d| d.to_string());
                attrs.push(("wind-rose".to_string(), value));
            }
        }
    }
    if tile.last && group.as_deref() == Some("river") {
        group = Some("river-lake".to_string());
    }
    if let Some(g) = group {
        attrs.insert(0, ("group".to_string(), g));
    }
    let short = crate::render::short_name(tile);
    Ok(JczTile {
        index,
        id: format!("{}/{short}", tile.expansion),
        attrs,
        items,
        count: tile.count,
    })
}

/// A spot's own attributes: a flier's direction, a crop circle's type, a
/// watchtower's bonus.
fn spot_attrs(
    tile: &Tile,
    f: &crate::emit::wire::Feature,
) -> Result<Vec<(String, String)>, String> {
    let pair = |a: &str, v: String| vec![(a.to_string(), v)];
    Ok(match f.kind.as_str() {
        "flier" => f
            .direction
            .map(|d| pair("direction", d.to_string()))
            .unwrap_or_default(),
        "crop-circle" => {
            let v = f.variant.as_deref().unwrap_or("field");
            let mut c = v.chars();
            let cap = c.next().map_or_else(String::new, |x| {
                x.to_ascii_uppercase().to_string() + c.as_str()
            });
            pair("type", cap)
        }
        "watchtower" => {
            let bonus = match f.variant.as_deref() {
                Some("road") => "1/road",
                Some("city") => "1/city",
                Some("meeple") => "2/meeple",
                Some("pennant") => "2/coat-of-arms",
                Some("cloister") => "3/monastery",
                other => {
                    return Err(format!(
                        "tile `{}` has a watchtower of variant `{}`",
                        tile.id,
                        other.unwrap_or("none")
                    ))
                }
            };
            pair("bonus", bonus.to_string())
        }
        _ => Vec::new(),
    })
}
