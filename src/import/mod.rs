//! `tileforge import jcz`: JCloisterZone's expansion XML → `.tiles` drafts.
//!
//! ```text
//!  XML ──xml──▶ raw tiles and sets ──model──▶ tiles in our vocabulary
//!        ──layout──▶ expansions (counts, editions, edits, groups)
//!        ──derive──▶ statements whose derived fields are JCZ's ──write──▶ .tiles text
//! ```
//!
//! Fields are never copied: JCZ's fields only choose among the readings of a
//! tile (where dead ends stop, what spots touch, which corners a city
//! reaches), and every field JCZ states that no reading derives is reported
//! as a [`Difference`]. Nothing here touches the file system.

mod derive;
mod layout;
mod model;
mod write;
mod xml;

use std::fmt;

pub use derive::Statement;
pub use layout::jcz_set_id;
pub use xml::MAX_BYTES;

/// A file that cannot be imported, with the place that stops it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The file's name as given.
    pub file: String,
    /// 1-based line, 0 when the whole file is at fault.
    pub line: u32,
    /// What is wrong, naming the element.
    pub message: String,
}

impl ImportError {
    fn new(file: &str, line: u32, message: impl Into<String>) -> ImportError {
        ImportError {
            file: file.to_string(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for ImportError {}

/// One input file: its name (for messages) and text.
#[derive(Clone, Debug)]
pub struct Input {
    /// The name messages give it (`basic.xml`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// A JCZ tile whose derived fields differ from the ones JCZ lists, or that
/// needed a modelling choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// JCZ's tile id (`IC/CCCC`).
    pub jcz_id: String,
    /// Our full id (`inns-and-cathedrals/CCCC`).
    pub tile: String,
    /// What differs.
    pub message: String,
}

/// The result: one `.tiles` text per expansion, and the differences.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    /// `(expansion id, text)` in order; the id is the file stem.
    pub files: Vec<(String, String)>,
    /// Every difference from JCZ, in file order.
    pub differences: Vec<Difference>,
    /// Tile kinds read.
    pub tiles: usize,
    /// Tile kinds whose derived fields and contacts equal JCZ's.
    pub exact: usize,
}

/// Imports JCZ expansion files, read together (a set may count another
/// file's tiles, as the Winter Edition counts the base game's).
///
/// # Errors
/// The first file that is not a well-formed JCZ expansion file: unknown
/// element or attribute, bad value, bad id, a set naming no tile.
pub fn jcz(inputs: &[Input]) -> Result<Imported, ImportError> {
    let mut raws = Vec::with_capacity(inputs.len());
    let mut tiles = Vec::with_capacity(inputs.len());
    for input in inputs {
        let raw = xml::parse(&input.name, &input.text)?;
        tiles.push(model::tiles(&raw)?);
        raws.push(raw);
    }
    let layout = layout::layout(&raws, tiles)?;
    layout::check_ids(&layout)?;
    // Two tile sets that name one draft (`foo:2` is `foo-edition-2`, as is
    // `foo-edition-2:1`) would write one file over the other.
    for (i, e) in layout.expansions.iter().enumerate() {
        let key = e.id.to_lowercase();
        if let Some(first) = layout.expansions[..i]
            .iter()
            .find(|o| o.id.to_lowercase() == key)
        {
            return Err(ImportError::new(
                &inputs.first().map_or_else(String::new, |i| i.name.clone()),
                0,
                format!(
                    "{} and {} both become expansion `{}` (one file {}.tiles); rename one tile set",
                    first.source, e.source, e.id, key
                ),
            ));
        }
    }
    let derived = derive::derive(&layout.tiles);
    let mut imported = Imported {
        tiles: layout.tiles.len(),
        exact: derived.iter().filter(|d| d.exact).count(),
        ..Imported::default()
    };
    for e in &layout.expansions {
        for p in &e.tiles {
            let d = &derived[p.tile];
            let tile = &layout.tiles[p.tile];
            for m in &d.differences {
                imported.differences.push(Difference {
                    jcz_id: tile.jcz_id.clone(),
                    tile: format!("{}/{}", e.id, tile.local_id),
                    message: m.clone(),
                });
            }
        }
    }
    for (jcz_id, message) in &layout.problems {
        imported.differences.push(Difference {
            jcz_id: jcz_id.clone(),
            tile: jcz_id.clone(),
            message: message.clone(),
        });
    }
    for e in &layout.expansions {
        imported
            .files
            .push((e.id.clone(), write::expansion(&layout, e, &derived)));
    }
    Ok(imported)
}
