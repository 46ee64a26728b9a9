//! The score columns of the set in play, in the set's own words: one column
//! per kind of feature that can score (the kind's own name, `mere`, `garden`),
//! then one per other source of points (`circus`, `goods`, `fairy`, ...).
//! Built once from a [`Ruleset`]; every report (`score`, `simulate`, its
//! charts) iterates it instead of fixed fields.
//!
//! Order: the first kind of each of the four shapes' columns (the base
//! game's road, city, cloister and field) in that order, then the other
//! scoring kinds in declaration order, then the other sources in
//! [`Source::EVERY`] order, each named by the one kind or figure in play that
//! declares the capability scoring it (a fan's fairy called `sprite`), else
//! by the source (`circus`, `goods`). A kind's column is always shown; another
//! source's only when someone scored there, so a set without a capability
//! shows no column of zeros for it.

use super::core::vocab::Scoring;
use super::{Event, Reason, Ruleset, Source};

/// No column.
const NONE: u16 = u16::MAX;

/// The four sources of the shapes, whose first kind leads the columns.
const SHAPES: [Source; 4] = [Source::Road, Source::City, Source::Cloister, Source::Field];

/// The score columns of a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    names: Vec<String>,
    /// Shown whatever was scored (a feature kind in play).
    always: Vec<bool>,
    /// The source whose points each column takes.
    source: Vec<Source>,
    /// The column of each feature kind (vocabulary index), or [`NONE`].
    by_kind: Vec<u16>,
    /// The column of each source, for points no scoring kind names (a pig's
    /// bonus goes to the first field kind's column, the big top's to `circus`).
    by_source: [u16; 13],
}

impl Columns {
    /// The columns of a ruleset: its kinds that can score and appear on a
    /// tile in play, then the other sources.
    #[must_use]
    pub fn new(rules: &Ruleset) -> Columns {
        let kinds = &rules.vocab.kinds;
        let mut on_tiles = vec![false; kinds.len()];
        for tile in &rules.kinds {
            for f in &tile.features {
                if let Some(u) = on_tiles.get_mut(usize::from(f.kind)) {
                    *u = true;
                }
            }
        }
        let mut used = on_tiles.clone();
        for (u, k) in used.iter_mut().zip(kinds) {
            *u &= !matches!(k.scoring, Scoring::None);
        }
        let mut c = Columns {
            names: Vec::new(),
            always: Vec::new(),
            source: Vec::new(),
            by_kind: vec![NONE; kinds.len()],
            by_source: [NONE; 13],
        };
        for s in SHAPES {
            if let Some(k) = (0..kinds.len()).find(|&k| used[k] && kinds[k].source == s) {
                c.by_source[s as usize] = c.push(&kinds[k].id, s, true);
                c.by_kind[k] = c.by_source[s as usize];
            }
        }
        for k in 0..kinds.len() {
            if used[k] && c.by_kind[k] == NONE {
                c.by_kind[k] = c.push(&kinds[k].id, kinds[k].source, true);
            }
        }
        for s in Source::EVERY {
            if c.by_source[s as usize] == NONE {
                let name = declared(rules, &on_tiles, s).unwrap_or(s.name());
                c.by_source[s as usize] = c.push(name, s, false);
            }
        }
        c
    }

    fn push(&mut self, name: &str, source: Source, always: bool) -> u16 {
        // A name taken already (a kind called `circus`): the source's own
        // column is told apart by its source.
        let name = if self.names.iter().any(|n| n == name) {
            format!("{name} ({})", source.name())
        } else {
            name.to_string()
        };
        self.names.push(name);
        self.always.push(always);
        self.source.push(source);
        u16::try_from(self.names.len() - 1).unwrap_or(NONE)
    }

    /// Number of columns.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Never true: every set has the other sources' columns.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// A column's name: a kind's id (`city`, `mere`) or a source's (`circus`).
    #[must_use]
    pub fn name(&self, column: usize) -> &str {
        self.names.get(column).map_or("", String::as_str)
    }

    /// True when the column is shown whatever was scored: a kind in play.
    #[must_use]
    pub fn always(&self, column: usize) -> bool {
        self.always.get(column).copied().unwrap_or(false)
    }

    /// The column of an event: its feature kind's when the event names a
    /// kind that scores into the event's source, else its source's.
    #[must_use]
    pub fn of(&self, event: &Event) -> usize {
        let by_kind = kind_of(&event.reason)
            .and_then(|k| self.by_kind.get(usize::from(k)).copied())
            .filter(|&c| self.source.get(usize::from(c)) == Some(&event.source));
        usize::from(by_kind.unwrap_or(self.by_source[event.source as usize]))
    }

    /// Adds each event's points to `out[player * len + column]`.
    pub fn add(&self, events: &[Event], out: &mut [i64]) {
        let n = self.len();
        for e in events {
            if let Some(slot) = out.get_mut(e.player * n + self.of(e)) {
                *slot = slot.saturating_add(e.points);
            }
        }
    }
}

/// The capability whose module scores a source that is no shape's.
fn capability(source: Source) -> Option<&'static str> {
    Some(match source {
        Source::Circus => "big-top",
        Source::Acrobats => "pyramid",
        Source::Ringmaster => "ringmaster",
        Source::Goods => "goods",
        Source::Tower => "tower",
        Source::WindRose => "wind-rose",
        Source::Castle => "castle",
        Source::Bazaar => "bazaar",
        Source::Fairy => "fairy",
        Source::Road | Source::City | Source::Cloister | Source::Field => return None,
    })
}

/// The one kind on a tile in play or figure of the set that declares the
/// capability scoring `source` (a fan's own fairy, `sprite`), if exactly one
/// does: the column takes its name.
fn declared<'r>(rules: &'r Ruleset, on_tiles: &[bool], source: Source) -> Option<&'r str> {
    let cap = capability(source)?;
    let kinds = rules
        .vocab
        .kinds
        .iter()
        .enumerate()
        .filter(|&(k, rule)| on_tiles.get(k) == Some(&true) && rule.has(cap))
        .map(|(_, rule)| rule.id.as_str());
    let figures = rules
        .figures
        .iter()
        .filter(|f| f.capabilities.iter().any(|c| c == cap))
        .map(|f| f.id.as_str());
    let mut all = kinds.chain(figures);
    let first = all.next()?;
    all.next().is_none().then_some(first)
}

/// The feature kind an event's reason names.
fn kind_of(reason: &Reason) -> Option<u8> {
    match *reason {
        Reason::Network { kind, .. }
        | Reason::Neighbourhood { kind, .. }
        | Reason::Farm { kind, .. }
        | Reason::Recall { kind, .. }
        | Reason::Barn { kind, .. }
        | Reason::Title { kind, .. }
        | Reason::YagaHut { kind, .. }
        | Reason::Vodyanoy { kind, .. } => Some(kind.0),
        Reason::Castle { kind, .. } => kind.map(|k| k.0),
        _ => None,
    }
}
