//! Reads one JCloisterZone expansion file into its raw structure: the tiles
//! with their child elements, and the tile sets. No vocabulary is interpreted
//! here (that is `model.rs`); this layer only knows where things may stand.
//!
//! The XML is parsed by `roxmltree` with document type declarations refused, so
//! no entity is ever expanded and no external file is ever read; a node limit
//! and a size limit bound the memory a hostile file can take.

use super::ImportError;

/// The largest file accepted: JCloisterZone's largest is under 20 KB.
pub const MAX_BYTES: usize = 4 << 20;

/// The most XML nodes accepted in one file.
const MAX_NODES: u32 = 200_000;

/// One element inside a `<tile>`: its name, attributes, text and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawElement {
    /// Tag name (`city`, `road`, `monastery`, ...).
    pub name: String,
    /// Attributes in document order.
    pub attrs: Vec<(String, String)>,
    /// Its text content, trimmed (`N W` for `<city>N W</city>`).
    pub text: String,
    /// 1-based line.
    pub line: u32,
}

/// A `<tile>` as written.
#[derive(Clone, Debug)]
pub struct RawTile {
    /// Its attributes (`id`, `group`, `max`, ...).
    pub attrs: Vec<(String, String)>,
    /// Child elements in order.
    pub elements: Vec<RawElement>,
    /// 1-based line.
    pub line: u32,
}

/// A `<tile-set>`: counted references, removals and requirements.
#[derive(Clone, Debug, Default)]
pub struct RawSet {
    /// Its id (`basic:1`, `river/2:1`, `siege/cathars`).
    pub id: String,
    /// `<ref count tile/>` in order.
    pub refs: Vec<(String, u32)>,
    /// `<remove tile/>`.
    pub removes: Vec<String>,
    /// `<requires expansion/>`.
    pub requires: Vec<String>,
    /// The `max` attribute, if any.
    pub max: Option<u32>,
    /// 1-based line.
    pub line: u32,
}

/// A whole expansion file.
#[derive(Clone, Debug, Default)]
pub struct RawFile {
    /// The file's name, for messages.
    pub name: String,
    /// Tiles in document order.
    pub tiles: Vec<RawTile>,
    /// Tile sets in document order.
    pub sets: Vec<RawSet>,
}

/// Parses one file. `name` is used in messages only.
///
/// # Errors
/// Malformed XML, a document type declaration, an element where none is
/// expected, a file over [`MAX_BYTES`]: each names the file, the element and
/// its line.
pub fn parse(name: &str, text: &str) -> Result<RawFile, ImportError> {
    if text.len() > MAX_BYTES {
        return Err(ImportError::new(
            name,
            0,
            format!(
                "the file has {} bytes; an expansion file has at most {MAX_BYTES}",
                text.len()
            ),
        ));
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::DtdDetected => {
            let line = text
                .lines()
                .position(|l| l.contains("<!DOCTYPE"))
                .map_or(1, |i| u32::try_from(i + 1).unwrap_or(u32::MAX));
            ImportError::new(
                name,
                line,
                "<!DOCTYPE> is refused: an expansion file declares no document type or entities",
            )
        }
        e => ImportError::new(name, e.pos().row, format!("not well-formed XML: {e}")),
    })?;
    let line = |node: roxmltree::Node| doc.text_pos_at(node.range().start).row;
    let root = doc.root_element();
    if root.tag_name().name() != "defs" {
        return Err(ImportError::new(
            name,
            line(root),
            format!(
                "the root element is <{}>; an expansion file starts with <defs>",
                root.tag_name().name()
            ),
        ));
    }
    let mut file = RawFile {
        name: name.to_string(),
        ..RawFile::default()
    };
    for child in root.children().filter(roxmltree::Node::is_element) {
        match child.tag_name().name() {
            "tiles" => {
                for tile in child.children().filter(roxmltree::Node::is_element) {
                    expect_name(name, tile, "tile", "<tiles>", line(tile))?;
                    file.tiles.push(read_tile(tile, &line));
                }
            }
            "tile" => file.tiles.push(read_tile(child, &line)),
            "sets" => {
                for set in child.children().filter(roxmltree::Node::is_element) {
                    expect_name(name, set, "tile-set", "<sets>", line(set))?;
                    file.sets.push(read_set(name, set, &line)?);
                }
            }
            // An add-on's header (title, description, icon): nothing a draft keeps.
            "expansion" => {}
            other => {
                return Err(ImportError::new(
                    name,
                    line(child),
                    format!(
                        "unknown element <{other}> in <defs>; expected <tiles>, <tile>, <sets> or <expansion>"
                    ),
                ))
            }
        }
    }
    Ok(file)
}

fn expect_name(
    file: &str,
    node: roxmltree::Node,
    want: &str,
    within: &str,
    line: u32,
) -> Result<(), ImportError> {
    let got = node.tag_name().name();
    if got == want {
        Ok(())
    } else {
        Err(ImportError::new(
            file,
            line,
            format!("unknown element <{got}> in {within}; expected <{want}>"),
        ))
    }
}

fn attrs(node: roxmltree::Node) -> Vec<(String, String)> {
    node.attributes()
        .map(|a| (a.name().to_string(), a.value().to_string()))
        .collect()
}

fn read_tile(node: roxmltree::Node, line: &impl Fn(roxmltree::Node) -> u32) -> RawTile {
    let elements = node
        .children()
        .filter(roxmltree::Node::is_element)
        .map(|e| RawElement {
            name: e.tag_name().name().to_string(),
            attrs: attrs(e),
            text: e
                .children()
                .filter(roxmltree::Node::is_text)
                .filter_map(|t| t.text())
                .collect::<String>()
                .trim()
                .to_string(),
            line: line(e),
        })
        .collect();
    RawTile {
        attrs: attrs(node),
        elements,
        line: line(node),
    }
}

fn read_set(
    file: &str,
    node: roxmltree::Node,
    line: &impl Fn(roxmltree::Node) -> u32,
) -> Result<RawSet, ImportError> {
    let here = line(node);
    let id = node
        .attribute("id")
        .ok_or_else(|| ImportError::new(file, here, "<tile-set> has no id"))?;
    let mut set = RawSet {
        id: id.to_string(),
        line: here,
        ..RawSet::default()
    };
    if let Some(max) = node.attribute("max") {
        set.max = Some(number(file, here, "tile-set", "max", max)?);
    }
    for child in node.children().filter(roxmltree::Node::is_element) {
        let at = line(child);
        let need = |attr: &str| {
            child.attribute(attr).ok_or_else(|| {
                ImportError::new(
                    file,
                    at,
                    format!("<{}> has no `{attr}`", child.tag_name().name()),
                )
            })
        };
        match child.tag_name().name() {
            "ref" => {
                let tile = need("tile")?.to_string();
                let count = number(file, at, "ref", "count", need("count")?)?;
                set.refs.push((tile, count));
            }
            "remove" => set.removes.push(need("tile")?.to_string()),
            "requires" => set.requires.push(need("expansion")?.to_string()),
            other => {
                return Err(ImportError::new(
                    file,
                    at,
                    format!(
                        "unknown element <{other}> in <tile-set>; expected <ref>, <remove> or <requires>"
                    ),
                ))
            }
        }
    }
    Ok(set)
}

/// A count between 1 and 999.
pub fn number(
    file: &str,
    line: u32,
    element: &str,
    attr: &str,
    text: &str,
) -> Result<u32, ImportError> {
    match text.trim().parse::<u32>() {
        Ok(n) if (1..1000).contains(&n) => Ok(n),
        _ => Err(ImportError::new(
            file,
            line,
            format!("<{element}> has {attr}=\"{text}\"; expected a number from 1 to 999"),
        )),
    }
}
