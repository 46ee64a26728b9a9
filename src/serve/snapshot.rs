//! One compile of the inputs, and everything the page shows of it: the state
//! (status, diagnostics rendered as in the terminal, tiles, sheets, stats) as
//! JSON, each tile's details (derived features and fields, wire JSON), and
//! the pictures, drawn on first request and kept for the snapshot's life. A
//! snapshot never changes; a save makes a new one. Pictures whose tile (or
//! sheet) and vocabulary did not change are taken over from the previous
//! snapshot instead of being drawn again.

use crate::words::s as plural;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::compile::compile;
use crate::diag::{limit, render_all, FileId, Severity, SourceMap};
use crate::emit::wire::TileSet;
use crate::render;

/// What reading the inputs gave: the sources, or why they could not be read.
pub type Input = Result<(SourceMap, Vec<FileId>), String>;

/// An image drawn once: its bytes, or why it could not be drawn.
type Picture = OnceLock<Result<Arc<[u8]>, String>>;

/// How the compile went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// No diagnostics.
    Ok,
    /// Warnings only: the pictures are shown.
    Warnings,
    /// Errors: diagnostics only, no pictures.
    Errors,
    /// An input could not be read (missing, not UTF-8, too large, ...).
    Unreadable,
}

impl Status {
    /// The name the page and the JSON use.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Warnings => "warnings",
            Status::Errors => "errors",
            Status::Unreadable => "unreadable",
        }
    }
}

/// One compile and what the page shows of it.
pub struct Snapshot {
    /// Counts compiles that changed something, from 1.
    pub generation: u64,
    /// A hash of the inputs read (names and texts, or the reading error).
    pub fingerprint: u64,
    /// How the compile went.
    pub status: Status,
    /// The summary line, as the terminal shows it.
    pub summary: String,
    /// How long reading aside, compiling and preparing took.
    pub elapsed: Duration,
    state: String,
    built: Option<Built>,
}

/// A set that compiled: its tiles and sheets.
struct Built {
    set: TileSet,
    vocabulary: String,
    tiles: Vec<TileEntry>,
    sheets: Vec<SheetEntry>,
}

struct TileEntry {
    /// The tile's wire JSON, also the key of its picture.
    json: String,
    /// The `/g/N/tile/I.json` body.
    detail: String,
    picture: Picture,
}

struct SheetEntry {
    expansion: String,
    page: usize,
    /// The expansion's and its tiles' JSON and the page: the picture's key.
    key: String,
    picture: Picture,
}

/// The fingerprint of an input: equal inputs compile to equal snapshots.
#[must_use]
pub fn fingerprint(input: &Input) -> u64 {
    let mut h = DefaultHasher::new();
    match input {
        Ok((sources, ids)) => {
            0u8.hash(&mut h);
            for &id in ids {
                sources.name(id).hash(&mut h);
                sources.text(id).hash(&mut h);
            }
        }
        Err(message) => {
            1u8.hash(&mut h);
            message.hash(&mut h);
        }
    }
    h.finish()
}

impl Snapshot {
    /// Compiles an input and prepares the page's resources; pictures of the
    /// `previous` snapshot are reused where nothing they show changed.
    #[must_use]
    pub fn build(generation: u64, input: &Input, previous: Option<&Snapshot>) -> Snapshot {
        let started = Instant::now();
        let fingerprint = fingerprint(input);
        let (sources, ids) = match input {
            Ok(read) => read,
            Err(message) => {
                let state = json!({
                    "generation": generation,
                    "status": Status::Unreadable.as_str(),
                    "summary": "failed: the inputs cannot be read",
                    "problem": message,
                    "files": [],
                    "diagnostics": [],
                    "tiles": [],
                    "sheets": [],
                    "stats": null,
                });
                return Snapshot {
                    generation,
                    fingerprint,
                    status: Status::Unreadable,
                    summary: format!("failed: {message}"),
                    elapsed: started.elapsed(),
                    state: state.to_string(),
                    built: None,
                };
            }
        };
        let compiled = compile(sources, ids);
        let diagnostics = diagnostics_json(sources, &compiled.diagnostics);
        let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = compiled.diagnostics.len() - errors;
        let status = match (errors, warnings) {
            (0, 0) => Status::Ok,
            (0, _) => Status::Warnings,
            _ => Status::Errors,
        };
        let checked = compiled.checked.as_ref().filter(|_| errors == 0);
        let kinds = checked.map_or(0, |c| c.ir().tiles.len());
        let summary = format!(
            "{}: {} file{}, {kinds} tile kind{}, {errors} error{}, {warnings} warning{}",
            if errors == 0 { "ok" } else { "failed" },
            ids.len(),
            plural(ids.len()),
            plural(kinds),
            plural(errors),
            plural(warnings),
        );
        let files: Vec<&str> = ids.iter().map(|&id| sources.name(id)).collect();
        let built = checked.map(|checked| {
            let set = crate::emit::tileset(checked);
            let stats = crate::stats::render_text(&crate::stats::report(checked));
            let details = (0..set.tiles.len())
                .map(|i| crate::ir::tile_text(checked.ir(), i))
                .collect::<Vec<_>>();
            (Built::new(generation, set, &details, previous), stats)
        });
        let (tiles, sheets, stats) = match &built {
            Some((b, stats)) => (
                b.tiles_json(generation),
                b.sheets_json(generation),
                json!(stats),
            ),
            None => (json!([]), json!([]), Value::Null),
        };
        let state = json!({
            "generation": generation,
            "status": status.as_str(),
            "summary": summary,
            "problem": null,
            "files": files,
            "diagnostics": diagnostics,
            "tiles": tiles,
            "sheets": sheets,
            "stats": stats,
        });
        Snapshot {
            generation,
            fingerprint,
            status,
            summary,
            elapsed: started.elapsed(),
            state: state.to_string(),
            built: built.map(|(b, _)| b),
        }
    }

    /// The state the page draws, as JSON.
    #[must_use]
    pub fn state_json(&self) -> &str {
        &self.state
    }

    /// How many tiles have pictures (0 when the set has errors).
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.built.as_ref().map_or(0, |b| b.tiles.len())
    }

    /// How many sheet pages there are.
    #[must_use]
    pub fn sheet_count(&self) -> usize {
        self.built.as_ref().map_or(0, |b| b.sheets.len())
    }

    /// A tile's details as JSON: id, derived features and fields, wire JSON.
    #[must_use]
    pub fn tile_detail(&self, index: usize) -> Option<&str> {
        let b = self.built.as_ref()?;
        b.tiles.get(index).map(|t| t.detail.as_str())
    }

    /// A tile's picture (PNG, [`render::DEFAULT_SIZE`] px), drawn on first use.
    ///
    /// # Errors
    /// Why it cannot be drawn; `None` when there is no such tile.
    #[must_use]
    pub fn tile_png(&self, index: usize) -> Option<Result<Arc<[u8]>, String>> {
        let b = self.built.as_ref()?;
        let entry = b.tiles.get(index)?;
        let tile = &b.set.tiles[index];
        Some(
            entry
                .picture
                .get_or_init(|| {
                    render::tile_png(tile, &b.set.vocabulary, 0, render::DEFAULT_SIZE)
                        .map(Arc::from)
                        .map_err(|e| e.to_string())
                })
                .clone(),
        )
    }

    /// Sheet page `index` (in the state's `sheets` order) as PNG, drawn on
    /// first use.
    #[must_use]
    pub fn sheet_png(&self, index: usize) -> Option<Result<Arc<[u8]>, String>> {
        let b = self.built.as_ref()?;
        let entry = b.sheets.get(index)?;
        Some(
            entry
                .picture
                .get_or_init(|| {
                    render::sheet_page_png(
                        &b.set,
                        &entry.expansion,
                        render::DEFAULT_SHEET_SIZE,
                        entry.page,
                    )
                    .map(Arc::from)
                    .map_err(|e| e.to_string())
                })
                .clone(),
        )
    }

    /// Draws every picture not drawn yet, tiles first, in parallel, until
    /// `stale` says a newer snapshot replaced this one.
    pub fn draw_all(&self, stale: &(dyn Fn() -> bool + Sync)) {
        use rayon::prelude::*;
        (0..self.tile_count()).into_par_iter().for_each(|i| {
            if !stale() {
                let _ = self.tile_png(i);
            }
        });
        (0..self.sheet_count()).into_par_iter().for_each(|i| {
            if !stale() {
                let _ = self.sheet_png(i);
            }
        });
    }
}

impl Built {
    fn new(
        generation: u64,
        set: TileSet,
        derived: &[String],
        previous: Option<&Snapshot>,
    ) -> Built {
        let vocabulary = serde_json::to_string(&set.vocabulary).unwrap_or_default();
        // Pictures of the previous snapshot, by what they show, when the
        // vocabulary (colours, looks) is the same.
        let old = previous
            .and_then(|p| p.built.as_ref())
            .filter(|b| b.vocabulary == vocabulary);
        let mut drawn: HashMap<&str, Arc<[u8]>> = HashMap::new();
        if let Some(old) = old {
            let keys = old.tiles.iter().map(|t| (t.json.as_str(), &t.picture));
            let keys = keys.chain(old.sheets.iter().map(|s| (s.key.as_str(), &s.picture)));
            for (key, picture) in keys {
                if let Some(Ok(bytes)) = picture.get() {
                    drawn.insert(key, bytes.clone());
                }
            }
        }
        let reuse = |key: &str| {
            let picture = OnceLock::new();
            if let Some(bytes) = drawn.get(key) {
                let _ = picture.set(Ok(bytes.clone()));
            }
            picture
        };
        let tiles = set
            .tiles
            .iter()
            .zip(derived)
            .enumerate()
            .map(|(i, (tile, derived))| {
                let json = crate::emit::to_json(tile);
                let detail = json!({
                    "generation": generation,
                    "index": i,
                    "id": tile.id,
                    "description": tile.description,
                    "derived": derived,
                    "json": json,
                    "image": format!("/g/{generation}/tile/{i}.png"),
                })
                .to_string();
                let picture = reuse(&json);
                TileEntry {
                    json,
                    detail,
                    picture,
                }
            })
            .collect();
        let mut sheets = Vec::new();
        for e in &set.expansions {
            let members: Vec<_> = set.tiles.iter().filter(|t| t.expansion == e.id).collect();
            if members.is_empty() {
                continue;
            }
            let content = format!(
                "{}{}",
                crate::emit::to_json(e),
                crate::emit::to_json(&members)
            );
            for page in 0..render::sheet_pages(&set, &e.id, render::DEFAULT_SHEET_SIZE) {
                let key = format!("{content}#{page}");
                let picture = reuse(&key);
                sheets.push(SheetEntry {
                    expansion: e.id.clone(),
                    page,
                    key,
                    picture,
                });
            }
        }
        Built {
            set,
            vocabulary,
            tiles,
            sheets,
        }
    }

    fn tiles_json(&self, generation: u64) -> Value {
        let tiles: Vec<Value> = self
            .set
            .tiles
            .iter()
            .enumerate()
            .map(|(i, t)| {
                json!({
                    "index": i,
                    "id": t.id,
                    "name": render::short_name(t),
                    "expansion": t.expansion,
                    "count": t.count,
                    "start": t.start,
                    "edges": t.edges,
                    "description": t.description,
                    "image": format!("/g/{generation}/tile/{i}.png"),
                })
            })
            .collect();
        Value::Array(tiles)
    }

    fn sheets_json(&self, generation: u64) -> Value {
        let sheets: Vec<Value> = self
            .sheets
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let name = self
                    .set
                    .expansions
                    .iter()
                    .find(|e| e.id == s.expansion)
                    .map_or(s.expansion.as_str(), |e| e.name.as_str());
                let pages = self
                    .sheets
                    .iter()
                    .filter(|o| o.expansion == s.expansion)
                    .count();
                json!({
                    "expansion": s.expansion,
                    "name": name,
                    "page": s.page + 1,
                    "pages": pages,
                    "image": format!("/g/{generation}/sheet/{i}.png"),
                })
            })
            .collect();
        Value::Array(sheets)
    }
}

/// Every diagnostic shown (at most [`crate::diag::MAX_PER_FILE`] per file),
/// each with its fields and its text as the terminal shows it, then a note
/// per file on those left out.
fn diagnostics_json(sources: &SourceMap, diagnostics: &[crate::diag::Diagnostic]) -> Value {
    let (shown, omitted) = limit(diagnostics);
    let mut items: Vec<Value> = shown
        .into_iter()
        .map(|d| {
            let (line, column) = sources.line_col(d.primary.span.file, d.primary.span.start);
            json!({
                "severity": match d.severity() {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                "code": d.code.as_str(),
                "message": d.message,
                "file": sources.name(d.primary.span.file),
                "line": line,
                "column": column,
                "text": render_all(sources, std::slice::from_ref(d), false),
            })
        })
        .collect();
    items.extend(omitted.iter().map(|o| {
        json!({
            "severity": "note",
            "code": null,
            "message": format!("{} not shown", o.counts()),
            "file": sources.name(o.file),
            "line": null,
            "column": null,
            "text": format!(
                "note: {} in {} not shown (at most {} diagnostics per file)\n",
                o.counts(),
                sources.name(o.file),
                crate::diag::MAX_PER_FILE
            ),
        })
    }));
    Value::Array(items)
}
