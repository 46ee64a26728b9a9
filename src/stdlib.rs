//! The shipped tile sets, embedded in the binary as a standard library: a
//! fan file that says `requires base` compiles on its own, without naming
//! `tilesets/` on the command line.
//!
//! [`resolve`] adds to a run the files that define the expansions its inputs
//! require but do not define, transitively: first whatever the caller's
//! lookup finds (the CLI looks for `ID.tiles` beside the requiring file, so a
//! local copy overrides the embedded one), then the embedded copy of the
//! shipped set. An input that defines the id itself always wins. An id found
//! nowhere is left to the checker (W0503).

use crate::diag::{FileId, SourceMap};
use crate::syntax::parse_header;

/// One embedded tile set: its expansion id (the file's stem), its path in
/// the repository and its text.
#[derive(Clone, Copy, Debug)]
pub struct Embedded {
    /// The expansion id the file defines.
    pub id: &'static str,
    /// Where the file lives in the repository (`tilesets/base.tiles`).
    pub path: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! embedded {
    ($($dir:literal / $id:literal,)*) => {
        /// Every shipped tile set: `tilesets/*.tiles`, then
        /// `tilesets/extra/*.tiles`, each sorted by name.
        pub const SETS: &[Embedded] = &[$(Embedded {
            id: $id,
            path: concat!($dir, "/", $id, ".tiles"),
            text: include_str!(concat!("../", $dir, "/", $id, ".tiles")),
        },)*];
    };
}

embedded! {
    "tilesets" / "abbey-and-mayor-edition-2",
    "tilesets" / "abbey-and-mayor",
    "tilesets" / "base-edition-2",
    "tilesets" / "base",
    "tilesets" / "bridges-castles-and-bazaars-edition-2",
    "tilesets" / "bridges-castles-and-bazaars",
    "tilesets" / "count-of-carcassonne",
    "tilesets" / "crop-circles-2",
    "tilesets" / "cult-places",
    "tilesets" / "darmstadt",
    "tilesets" / "ferries",
    "tilesets" / "goldmines",
    "tilesets" / "gq11",
    "tilesets" / "heretics-and-shrines",
    "tilesets" / "hills-and-sheep-edition-2",
    "tilesets" / "hills-and-sheep",
    "tilesets" / "inns-and-cathedrals-edition-2",
    "tilesets" / "inns-and-cathedrals",
    "tilesets" / "king-and-robber-edition-2",
    "tilesets" / "king-and-robber",
    "tilesets" / "labyrinth",
    "tilesets" / "mage-and-witch-edition-2",
    "tilesets" / "mage-and-witch",
    "tilesets" / "monasteries",
    "tilesets" / "princess-and-dragon-edition-2",
    "tilesets" / "princess-and-dragon",
    "tilesets" / "river-2-edition-2",
    "tilesets" / "river-2",
    "tilesets" / "river-edition-2",
    "tilesets" / "river",
    "tilesets" / "russian-promos-2013",
    "tilesets" / "russian-promos-2016",
    "tilesets" / "spiel-doch-edition-2",
    "tilesets" / "spiel-doch",
    "tilesets" / "the-besiegers",
    "tilesets" / "the-cathars",
    "tilesets" / "the-festival",
    "tilesets" / "the-flier-edition-2",
    "tilesets" / "the-flier",
    "tilesets" / "the-tower-edition-2",
    "tilesets" / "the-tower",
    "tilesets" / "the-tunnel",
    "tilesets" / "traders-and-builders-edition-2",
    "tilesets" / "traders-and-builders",
    "tilesets" / "under-the-big-top-edition-2",
    "tilesets" / "under-the-big-top",
    "tilesets" / "watchtowers",
    "tilesets" / "wind-roses",
    "tilesets" / "winter-edition",
    "tilesets/extra" / "crop-circles-1",
}

/// The embedded set that defines expansion `id`.
#[must_use]
pub fn find(id: &str) -> Option<&'static Embedded> {
    SETS.iter().find(|s| s.id == id)
}

/// Where a required expansion came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A file the caller's lookup found (its name, as in the source map).
    Local(String),
    /// The copy embedded in the binary.
    Embedded(&'static str),
}

/// An expansion [`resolve`] added to the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The expansion id.
    pub id: String,
    /// The file that first required it.
    pub required_by: FileId,
    /// Where its file came from.
    pub origin: Origin,
}

/// The files of a run once its requirements are resolved.
#[derive(Clone, Debug, Default)]
pub struct Resolved {
    /// Every file to compile: the added ones (each after what it requires),
    /// then the inputs in their order.
    pub files: Vec<FileId>,
    /// What was added, in the order of `files`.
    pub added: Vec<Added>,
}

/// A local file for an expansion id (its name and text), asked for before
/// the embedded copy; the second argument is the file that requires it.
pub type Lookup<'a> = dyn FnMut(&str, FileId) -> Option<(String, String)> + 'a;

/// Adds to `sources` a file for every expansion that `inputs` require,
/// directly or through an added file, and that no input defines.
/// `lookup(id, requiring_file)` may return a local file's name and text,
/// which is used instead of the embedded copy.
pub fn resolve(sources: &mut SourceMap, inputs: &[FileId], lookup: &mut Lookup<'_>) -> Resolved {
    let headers: Vec<_> = inputs
        .iter()
        .map(|&f| (f, parse_header(f, sources.text(f))))
        .collect();
    let mut defined: Vec<String> = headers
        .iter()
        .filter_map(|(_, h)| h.as_ref().map(|h| h.id.text.clone()))
        .collect();
    let mut out = Resolved::default();
    for (file, header) in &headers {
        for required in header.iter().flat_map(|h| &h.requires) {
            add(
                sources,
                &required.text,
                *file,
                &mut defined,
                lookup,
                &mut out,
            );
        }
    }
    out.files.extend_from_slice(inputs);
    out
}

/// Adds the file defining `id` (after what it requires) unless it is defined.
fn add(
    sources: &mut SourceMap,
    id: &str,
    required_by: FileId,
    defined: &mut Vec<String>,
    lookup: &mut Lookup<'_>,
    out: &mut Resolved,
) {
    if defined.iter().any(|d| d == id) {
        return;
    }
    let (file, origin) = if let Some((name, text)) = lookup(id, required_by) {
        (sources.add(name.clone(), text), Origin::Local(name))
    } else if let Some(set) = find(id) {
        let name = format!("<embedded>/{}", set.path);
        (sources.add(name, set.text), Origin::Embedded(set.path))
    } else {
        return;
    };
    defined.push(id.to_string());
    if let Some(header) = parse_header(file, sources.text(file)) {
        for required in &header.requires {
            add(sources, &required.text, file, defined, lookup, out);
        }
    }
    out.files.push(file);
    out.added.push(Added {
        id: id.to_string(),
        required_by,
        origin,
    });
}
