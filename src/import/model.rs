//! JCloisterZone's vocabulary → ours: each raw `<tile>` becomes a [`Tile`] of
//! features named by the prelude's kinds and attributes, plus the fields JCZ
//! states (kept only to compare with the derived ones, never written).
//! Every element and attribute is either mapped, deliberately ignored (engine
//! data such as `wagon-move`), or an error naming the file, element and line.

use super::xml::{RawElement, RawFile, RawTile};
use super::ImportError;
use crate::geometry::{Side, Slot};

/// How a feature sits on the tile, as far as the search needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Over whole sides (a city).
    Region,
    /// Through side middles (a road, a river).
    Path,
    /// A point inside; `true` for a centre spot, where dead ends meet.
    Spot(bool),
}

/// One feature in our vocabulary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// Our kind (`city`, `road`, `cloister`, `crop-circle`, ...).
    pub kind: String,
    /// Its shape.
    pub shape: Shape,
    /// Sides, in JCZ's order.
    pub sides: Vec<Side>,
    /// A spot's variant word (`city`, `road`) written after the kind.
    pub variant: Option<String>,
    /// A spot's arrow (`NW`).
    pub direction: Option<String>,
    /// Attribute words with their units (`pennants 2`, `inn`).
    pub words: Vec<String>,
    /// A road into a tunnel (crosses `under` what it meets).
    pub tunnel: bool,
    /// Sides it shares with another city (JCZ's `multi-edge`).
    pub sharing: Vec<Side>,
}

/// A field as JCZ lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDef {
    /// Half-side slots (`NL` = `NNW`, ...), ascending.
    pub slots: Vec<Slot>,
    /// An inner field (`I`, `II`): no border slot.
    pub inner: bool,
    /// The cities it touches, each named by one of its sides.
    pub cities: Vec<Side>,
    /// It holds a pig herd.
    pub pig_herd: bool,
}

/// One JCZ tile in our vocabulary.
#[derive(Clone, Debug)]
pub struct Tile {
    /// JCZ's full id (`IC/CCc+`).
    pub jcz_id: String,
    /// Its id within our expansion (`CCc+`).
    pub local_id: String,
    /// JCZ's group (`river`, `river-spring`, `river-lake`, `river-fork`).
    pub group: Option<String>,
    /// Features in JCZ's order (spots implied by the group added last).
    pub features: Vec<Feature>,
    /// JCZ's fields.
    pub fields: Vec<FieldDef>,
    /// Facts kept as comments (a `max`).
    pub notes: Vec<String>,
}

/// Attributes every element may carry that the importer ignores: engine data.
const IGNORED: &[&str] = &["wagon-move"];

/// Converts every tile of a file.
///
/// # Errors
/// The first unknown element or attribute, bad value or bad id.
pub fn tiles(file: &RawFile) -> Result<Vec<Tile>, ImportError> {
    file.tiles.iter().map(|t| tile(&file.name, t)).collect()
}

fn tile(file: &str, raw: &RawTile) -> Result<Tile, ImportError> {
    let err = |line: u32, msg: String| ImportError::new(file, line, msg);
    let mut id = None;
    let mut group = None;
    let mut notes = Vec::new();
    let mut rose = None;
    for (name, value) in &raw.attrs {
        match name.as_str() {
            "id" => id = Some(value.clone()),
            "group" => group = Some(checked_word(file, raw.line, "tile", "group", value)?),
            "max" => {
                let max: u32 = value.parse().map_err(|_| {
                    err(
                        raw.line,
                        format!(
                            "<tile> has max=\"{}\"; expected a count",
                            value.chars().take(40).collect::<String>().escape_debug()
                        ),
                    )
                })?;
                notes.push(format!("at most {max} in play (JCZ `max`)"));
            }
            "count" => {}
            "wind-rose" => rose = Some(value.clone()),
            other => {
                return Err(err(
                    raw.line,
                    format!("<tile> has an unknown attribute `{other}`"),
                ))
            }
        }
    }
    let jcz_id = id.ok_or_else(|| err(raw.line, "<tile> has no id".into()))?;
    let local_id = local_id(file, raw.line, &jcz_id)?;
    let mut features = Vec::new();
    let mut fields = Vec::new();
    for e in &raw.elements {
        match e.name.as_str() {
            "field" => fields.push(field(file, e)?),
            "city" | "road" | "river" => features.push(region_or_path(file, e)?),
            _ => features.push(spot(file, e)?),
        }
    }
    if let Some(rose) = rose {
        features.push(wind_rose(file, raw.line, &rose)?);
    }
    match group.as_deref() {
        Some("river-spring") => features.push(plain_spot("spring", true)),
        Some("river-lake") if !features.iter().any(|f| f.kind == "volcano") => {
            features.push(plain_spot("lake", true));
        }
        _ => {}
    }
    Ok(Tile {
        jcz_id,
        local_id,
        group,
        features,
        fields,
        notes,
    })
}

/// The id within our expansion: the part after the `/`. Ids are checked to
/// hold only the characters the language writes bare, plus `/` once.
fn local_id(file: &str, line: u32, id: &str) -> Result<String, ImportError> {
    let bad = |why: &str| {
        ImportError::new(
            file,
            line,
            format!("<tile> id \"{}\" {why}", id.escape_debug()),
        )
    };
    let parts: Vec<&str> = id.split('/').collect();
    let ok_part = |p: &str| {
        !p.is_empty()
            && p != "."
            && p != ".."
            && p.len() <= 64
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.+!".contains(&b))
    };
    match parts.as_slice() {
        [prefix, local] if ok_part(prefix) && ok_part(local) => Ok((*local).to_string()),
        [local] if ok_part(local) => Ok((*local).to_string()),
        _ if id.contains('\\') || id.contains("..") || id.matches('/').count() > 1 => {
            Err(bad("is not a tile id: it looks like a path"))
        }
        _ => Err(bad(
            "is not a tile id: expected PREFIX/ID of letters, digits and - _ . + !",
        )),
    }
}

/// A name-like attribute value (a group).
fn checked_word(
    file: &str,
    line: u32,
    element: &str,
    attr: &str,
    value: &str,
) -> Result<String, ImportError> {
    if !value.is_empty()
        && value.len() <= 64
        && value.starts_with(|c: char| c.is_ascii_alphabetic())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(value.to_string())
    } else {
        Err(ImportError::new(
            file,
            line,
            format!(
                "<{element}> has {attr}=\"{}\"; expected a name",
                value.escape_debug()
            ),
        ))
    }
}

fn sides(file: &str, e: &RawElement) -> Result<Vec<Side>, ImportError> {
    let mut out = Vec::new();
    for word in e.text.split_whitespace() {
        let side = Side::parse(word)
            .filter(|_| word.len() == 1)
            .ok_or_else(|| {
                ImportError::new(
                    file,
                    e.line,
                    format!(
                        "<{}> names \"{}\"; expected sides N E S W",
                        e.name,
                        word.escape_debug()
                    ),
                )
            })?;
        if out.contains(&side) {
            return Err(ImportError::new(
                file,
                e.line,
                format!("<{}> names side {word} twice", e.name),
            ));
        }
        out.push(side);
    }
    if out.is_empty() {
        return Err(ImportError::new(
            file,
            e.line,
            format!("<{}> names no side", e.name),
        ));
    }
    Ok(out)
}

fn flag(file: &str, e: &RawElement, attr: &str, value: &str) -> Result<bool, ImportError> {
    match value {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(ImportError::new(
            file,
            e.line,
            format!(
                "<{}> has {attr}=\"{}\"; expected true or false",
                e.name,
                value.escape_debug()
            ),
        )),
    }
}

fn unknown_attr(file: &str, e: &RawElement, attr: &str) -> ImportError {
    ImportError::new(
        file,
        e.line,
        format!("<{}> has an unknown attribute `{attr}`", e.name),
    )
}

fn region_or_path(file: &str, e: &RawElement) -> Result<Feature, ImportError> {
    let shape = if e.name == "city" {
        Shape::Region
    } else {
        Shape::Path
    };
    let kind = e.name.clone();
    let mut f = Feature {
        kind,
        shape,
        sides: sides(file, e)?,
        variant: None,
        direction: None,
        words: Vec::new(),
        tunnel: false,
        sharing: Vec::new(),
    };
    for (attr, value) in &e.attrs {
        if IGNORED.contains(&attr.as_str()) {
            continue;
        }
        let word = match (e.name.as_str(), attr.as_str()) {
            ("city", "pennants") => {
                let n = super::xml::number(file, e.line, "city", "pennants", value)?;
                Some(if n == 1 {
                    "pennant".to_string()
                } else {
                    format!("pennants {n}")
                })
            }
            ("city", "resource") => match value.as_str() {
                "wine" | "grain" | "cloth" => Some(value.clone()),
                _ => {
                    return Err(ImportError::new(
                        file,
                        e.line,
                        format!(
                            "<city> has resource=\"{}\"; expected wine, grain or cloth",
                            value.escape_debug()
                        ),
                    ))
                }
            },
            ("city", "cathedral" | "princess" | "besieged" | "darmstadtium")
            | ("road", "inn" | "labyrinth") => flag(file, e, attr, value)?.then(|| attr.clone()),
            ("city", "castle-base") => {
                (!flag(file, e, attr, value)?).then(|| "no-castle".to_string())
            }
            ("road", "wells") => flag(file, e, attr, value)?.then(|| "well".to_string()),
            ("road", "tunnel") => {
                f.tunnel = flag(file, e, attr, value)?;
                f.tunnel.then(|| "tunnel".to_string())
            }
            ("city", "multi-edge") => {
                let side = Side::parse(value.trim()).ok_or_else(|| {
                    ImportError::new(
                        file,
                        e.line,
                        format!(
                            "<{}> has {attr}=\"{}\"; expected a side N, E, S or W",
                            e.name,
                            value.escape_debug()
                        ),
                    )
                })?;
                f.sharing.push(side);
                None
            }
            _ => return Err(unknown_attr(file, e, attr)),
        };
        f.words.extend(word);
    }
    Ok(f)
}

fn plain_spot(kind: &str, centre: bool) -> Feature {
    Feature {
        kind: kind.to_string(),
        shape: Shape::Spot(centre),
        sides: Vec::new(),
        variant: None,
        direction: None,
        words: Vec::new(),
        tunnel: false,
        sharing: Vec::new(),
    }
}

/// JCZ's spot elements: our kind and whether it is a centre spot.
const SPOTS: &[(&str, &str, bool)] = &[
    ("monastery", "cloister", true),
    ("garden", "garden", false),
    ("tower", "tower", false),
    ("dragon", "dragon", false),
    ("volcano", "volcano", true),
    ("portal", "portal", false),
    ("circus", "circus", true),
    ("acrobats", "acrobats", true),
    ("flying-machine", "flier", true),
    ("corn-circle", "crop-circle", true),
    ("festival", "festival", false),
    ("mage", "magic", false),
    ("hill", "hill", false),
    ("vineyard", "vineyard", false),
    ("goldmine", "goldmine", false),
    ("bazaar", "bazaar", false),
    ("ferry", "ferry", true),
    ("watchtower", "watchtower", false),
    ("yaga-hut", "yaga-hut", true),
    ("vodyanoy", "vodyanoy", false),
    ("razboynik", "razboynik", false),
    ("quarter", "quarter", false),
];

fn spot(file: &str, e: &RawElement) -> Result<Feature, ImportError> {
    let Some(&(_, kind, centre)) = SPOTS.iter().find(|(j, _, _)| *j == e.name) else {
        return Err(ImportError::new(
            file,
            e.line,
            format!("unknown element <{}> in <tile>", e.name),
        ));
    };
    if !e.text.is_empty() {
        return Err(ImportError::new(
            file,
            e.line,
            format!("<{}> holds text; it takes none", e.name),
        ));
    }
    let mut f = plain_spot(kind, centre);
    for (attr, value) in &e.attrs {
        if IGNORED.contains(&attr.as_str()) {
            continue;
        }
        match (e.name.as_str(), attr.as_str()) {
            ("monastery", "shrine") => {
                if flag(file, e, attr, value)? {
                    f.kind = "shrine".to_string();
                }
            }
            ("monastery", "church" | "special") => {
                if flag(file, e, attr, value)? {
                    f.words.push(attr.clone());
                }
            }
            ("flying-machine", "direction") => {
                f.direction = Some(direction(file, e, value, false)?);
            }
            ("corn-circle", "type") => {
                let v = value.to_ascii_lowercase();
                if !["city", "road", "field"].contains(&v.as_str()) {
                    return Err(ImportError::new(
                        file,
                        e.line,
                        format!(
                            "<corn-circle> has type=\"{}\"; expected City, Road or Field",
                            value.escape_debug()
                        ),
                    ));
                }
                f.variant = Some(v);
            }
            ("watchtower", "bonus") => f.variant = Some(watchtower(file, e, value)?),
            _ => return Err(unknown_attr(file, e, attr)),
        }
    }
    Ok(f)
}

fn direction(file: &str, e: &RawElement, value: &str, corner: bool) -> Result<String, ImportError> {
    let ok: &[&str] = if corner {
        &["NE", "SE", "SW", "NW"]
    } else {
        &["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    };
    if ok.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(ImportError::new(
            file,
            e.line,
            format!(
                "<{}> has direction \"{}\"; expected one of {}",
                e.name,
                value.escape_debug(),
                ok.join(" ")
            ),
        ))
    }
}

/// `bonus="2/coat-of-arms"` → the variant naming what the watchtower counts.
/// The points are fixed by the rules per variant, so they are checked, not kept.
fn watchtower(file: &str, e: &RawElement, value: &str) -> Result<String, ImportError> {
    let known = [
        ("1/road", "road"),
        ("1/city", "city"),
        ("2/meeple", "meeple"),
        ("2/coat-of-arms", "pennant"),
        ("3/monastery", "cloister"),
    ];
    known
        .iter()
        .find(|(j, _)| *j == value)
        .map(|(_, v)| (*v).to_string())
        .ok_or_else(|| {
            ImportError::new(
                file,
                e.line,
                format!(
                    "<watchtower> has bonus=\"{}\"; expected one of 1/road 1/city 2/meeple \
                     2/coat-of-arms 3/monastery",
                    value.escape_debug()
                ),
            )
        })
}

/// A tile's `wind-rose`: a corner arrow, or `NWSE` for the compass rose.
fn wind_rose(file: &str, line: u32, value: &str) -> Result<Feature, ImportError> {
    if value == "NWSE" {
        return Ok(plain_spot("compass-rose", false));
    }
    let e = RawElement {
        name: "tile".to_string(),
        attrs: Vec::new(),
        text: String::new(),
        line,
    };
    let mut f = plain_spot("wind-rose", false);
    f.direction = Some(direction(file, &e, value, true)?);
    Ok(f)
}

/// JCZ's half-sides, as our slots.
fn half_side(word: &str) -> Option<Slot> {
    let name = match word {
        "NL" => "NNW",
        "NR" => "NNE",
        "EL" => "ENE",
        "ER" => "ESE",
        "SL" => "SSE",
        "SR" => "SSW",
        "WL" => "WSW",
        "WR" => "WNW",
        _ => return None,
    };
    Slot::parse(name)
}

fn field(file: &str, e: &RawElement) -> Result<FieldDef, ImportError> {
    let mut f = FieldDef {
        slots: Vec::new(),
        inner: false,
        cities: Vec::new(),
        pig_herd: false,
    };
    for word in e.text.split_whitespace() {
        // JCZ's inner locations (Location.java: I, II, III, IV).
        if ["I", "II", "III", "IV"].contains(&word) {
            f.inner = true;
        } else if let Some(slot) = half_side(word) {
            f.slots.push(slot);
        } else {
            return Err(ImportError::new(
                file,
                e.line,
                format!(
                    "<field> names \"{}\"; expected half-sides NL NR EL ER SL SR WL WR or I, II, III, IV",
                    word.escape_debug()
                ),
            ));
        }
    }
    f.slots.sort();
    f.slots.dedup();
    if f.inner && !f.slots.is_empty() {
        return Err(ImportError::new(
            file,
            e.line,
            "<field> is both inner (I) and on the border",
        ));
    }
    for (attr, value) in &e.attrs {
        match attr.as_str() {
            "city" => {
                let raw = RawElement {
                    name: "field city".to_string(),
                    attrs: Vec::new(),
                    text: value.clone(),
                    line: e.line,
                };
                f.cities = sides(file, &raw)?;
            }
            "pig-herd" => f.pig_herd = flag(file, e, attr, value)?,
            a if IGNORED.contains(&a) => {}
            _ => return Err(unknown_attr(file, e, attr)),
        }
    }
    Ok(f)
}
