//! Which expansion each tile belongs to, with how many copies: JCZ's tile sets
//! → our expansions, edition files and edits.
//!
//! - A tile-set id `X[:E]` names expansion `X` (renamed by [`RENAMES`]: `basic` is
//!   `base`, `river/2` is `river-2`, `siege/cathars` is `the-cathars`, ...) and
//!   edition `E` (default 1). Sets of one expansion and edition are merged
//!   (`gq11` and `gq11/river`).
//! - A tile belongs to the first expansion whose first-edition set counts it.
//!   A later expansion counting it too `requires` the owner; when it counts at
//!   least half of the owner's tiles it is a reprint of the owner (Heretics &
//!   Shrines of Cult Places, the Winter Edition of the base game), and the
//!   owner's tiles it lacks or has fewer of become `remove` edits.
//! - An edition `E > 1` becomes its own expansion `X-edition-E` requiring `X`:
//!   a tile new in it `replaces` the tile that lost copies (the garden twin of
//!   the same features), other lost copies are `remove`d.
//! - Groups: JCZ's `river`, `river-spring`, `river-lake`, `river-fork` are our
//!   group `river`, declared by the first expansion using it; the spring is its
//!   `start` tile, the fork its `first`, the lake its `last`. A second spring (GQ11's) `replaces` the
//!   first, since a group has one start tile.

use std::collections::HashMap;

use super::model::Tile;
use super::xml::RawFile;
use super::ImportError;

/// JCZ tile-set ids (before `:`) whose expansion id is not the id itself.
const RENAMES: &[(&str, &str)] = &[
    ("basic", "base"),
    ("river/1", "river"),
    ("river/2", "river-2"),
    ("tower", "the-tower"),
    ("count", "count-of-carcassonne"),
    ("gq11/river", "gq11"),
    ("cult/6", "cult-places"),
    ("cult/5", "heretics-and-shrines"),
    ("siege/cathars", "the-cathars"),
    ("siege/besiegers", "the-besiegers"),
    ("tunnel", "the-tunnel"),
    ("festival", "the-festival"),
    ("winter", "winter-edition"),
    ("flier", "the-flier"),
    ("corn-circles/1", "crop-circles-1"),
    ("corn-circles/2", "crop-circles-2"),
];

/// Display names of the expansions JCZ ships.
const NAMES: &[(&str, &str)] = &[
    ("base", "Carcassonne"),
    ("river", "The River"),
    ("river-2", "The River II"),
    ("inns-and-cathedrals", "Inns & Cathedrals"),
    ("traders-and-builders", "Traders & Builders"),
    ("princess-and-dragon", "The Princess & the Dragon"),
    ("the-tower", "The Tower"),
    ("abbey-and-mayor", "Abbey & Mayor"),
    ("count-of-carcassonne", "The Count of Carcassonne"),
    ("king-and-robber", "King & Robber"),
    ("bridges-castles-and-bazaars", "Bridges, Castles & Bazaars"),
    ("hills-and-sheep", "Hills & Sheep"),
    ("mage-and-witch", "Mage & Witch"),
    ("gq11", "The Mini Expansion (GQ11)"),
    ("cult-places", "Cult Places"),
    ("heretics-and-shrines", "Heretics & Shrines"),
    ("the-cathars", "The Cathars"),
    ("the-besiegers", "The Besiegers"),
    ("the-tunnel", "The Tunnel"),
    ("the-festival", "The Festival"),
    ("goldmines", "The Goldmines"),
    ("monasteries", "Monasteries"),
    ("ferries", "The Ferries"),
    ("watchtowers", "The Watchtowers"),
    ("wind-roses", "The Wind Roses"),
    ("winter-edition", "Winter Edition"),
    ("darmstadt", "Darmstadt Promo"),
    ("labyrinth", "The Labyrinth"),
    ("spiel-doch", "Spiel Doch"),
    ("russian-promos-2013", "Russian Promos (2013)"),
    ("russian-promos-2016", "Russian Promos (2016)"),
    ("under-the-big-top", "Under the Big Top"),
    ("the-flier", "The Flier"),
    ("crop-circles-1", "Crop Circles I"),
    ("crop-circles-2", "Crop Circles II"),
];

/// The JCZ tile-set id of an expansion JCZ ships (`base` → `basic`,
/// `crop-circles-2` → `corn-circles/2`), or `None` for any other id: the
/// inverse of the import's renaming, for the JCZ export.
#[must_use]
pub fn jcz_set_id(expansion: &str) -> Option<String> {
    if let Some((jcz, _)) = RENAMES
        .iter()
        .find(|(j, ours)| *ours == expansion && !j.contains("/river"))
    {
        return Some((*jcz).to_string());
    }
    NAMES
        .iter()
        .any(|(ours, _)| *ours == expansion)
        .then(|| match expansion {
            "russian-promos-2013" => "russian-promos/2013".to_string(),
            "russian-promos-2016" => "russian-promos/2016".to_string(),
            other => other.to_string(),
        })
}

/// A tile placed in an expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Index into the imported tiles.
    pub tile: usize,
    /// Copies.
    pub count: u32,
    /// One copy starts the game (the river's spring).
    pub start: bool,
    /// Drawn first of its group, after the spring (River II's fork).
    pub first: bool,
    /// Drawn last of its group (the lake).
    pub last: bool,
    /// Its group.
    pub group: Option<String>,
    /// `EXPANSION/ID` whose copies this one's stand in for.
    pub replaces: Option<String>,
}

/// One expansion to write.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// Its id, the file stem.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The JCZ file and tile sets it comes from.
    pub source: String,
    /// Required expansions.
    pub requires: Vec<String>,
    /// Groups it declares.
    pub groups: Vec<String>,
    /// Its tiles, in the order of the JCZ file.
    pub tiles: Vec<Placed>,
    /// `remove EXPANSION/ID [xN]` edits.
    pub removes: Vec<(String, Option<u32>)>,
    /// Facts kept as comments in the header.
    pub notes: Vec<String>,
}

/// The import's tiles and their expansions.
#[derive(Debug, Default)]
pub struct Layout {
    /// Every tile of every file.
    pub tiles: Vec<Tile>,
    /// The JCZ file each tile is from.
    pub files: Vec<String>,
    /// Expansions in order of first appearance.
    pub expansions: Vec<Expansion>,
    /// Count differences the edits cannot express, with the tile's JCZ id.
    pub problems: Vec<(String, String)>,
}

/// Our expansion id and edition for a tile-set id.
///
/// # Errors
/// An id that cannot be a file stem.
pub fn expansion_of(file: &str, line: u32, set: &str) -> Result<(String, u32), ImportError> {
    let (base, edition) = match set.rsplit_once(':') {
        Some((b, e)) => match e.parse::<u32>() {
            Ok(n) if (1..100).contains(&n) => (b, n),
            _ => (set, 1),
        },
        None => (set, 1),
    };
    let lower = base.to_ascii_lowercase();
    let id = RENAMES.iter().find(|(j, _)| *j == lower).map_or_else(
        || lower.replace(['/', '_', ':'], "-"),
        |(_, o)| (*o).to_string(),
    );
    let ok = id.starts_with(|c: char| c.is_ascii_alphabetic())
        && id.len() <= 64
        && !id.contains("..")
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if ok {
        Ok((id, edition))
    } else {
        Err(ImportError::new(
            file,
            line,
            format!(
                "<tile-set> id \"{}\" cannot name an expansion: expected letters, digits, - / :",
                set.escape_debug()
            ),
        ))
    }
}

/// A file's name without its directories, for the drafts' headers.
fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

fn display_name(id: &str) -> String {
    NAMES
        .iter()
        .find(|(i, _)| *i == id)
        .map_or_else(|| id.to_string(), |(_, n)| (*n).to_string())
}

/// Our group for JCZ's.
fn group_of(jcz: &str) -> String {
    if jcz.starts_with("river") {
        "river".to_string()
    } else {
        jcz.to_string()
    }
}

struct SetRef<'a> {
    file: usize,
    line: u32,
    edition: u32,
    set: &'a super::xml::RawSet,
}

/// Lays out the tiles of all files into expansions.
///
/// # Errors
/// A tile id defined twice, a set naming a tile nobody defines, a bad set id.
pub fn layout(files: &[RawFile], tiles: Vec<Vec<Tile>>) -> Result<Layout, ImportError> {
    let mut out = Layout::default();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    let mut first_of_file = Vec::new();
    for (f, file_tiles) in tiles.into_iter().enumerate() {
        first_of_file.push(out.tiles.len());
        for (i, t) in file_tiles.into_iter().enumerate() {
            if by_id.insert(t.jcz_id.clone(), out.tiles.len()).is_some() {
                return Err(ImportError::new(
                    &files[f].name,
                    files[f].tiles[i].line,
                    format!("tile \"{}\" is defined twice", t.jcz_id),
                ));
            }
            out.tiles.push(t);
            out.files.push(files[f].name.clone());
        }
    }
    first_of_file.push(out.tiles.len());
    // Expansions in order of first appearance, with their sets.
    let mut order: Vec<String> = Vec::new();
    let mut sets: HashMap<String, Vec<SetRef>> = HashMap::new();
    for (f, file) in files.iter().enumerate() {
        for set in &file.sets {
            let (id, edition) = expansion_of(&file.name, set.line, &set.id)?;
            for (tile, _) in &set.refs {
                if !by_id.contains_key(tile) {
                    return Err(ImportError::new(
                        &file.name,
                        set.line,
                        format!(
                            "<tile-set> \"{}\" counts tile \"{}\", which no file defines",
                            set.id.escape_debug(),
                            tile.escape_debug()
                        ),
                    ));
                }
            }
            if !sets.contains_key(&id) {
                order.push(id.clone());
            }
            sets.entry(id).or_default().push(SetRef {
                file: f,
                line: set.line,
                edition,
                set,
            });
        }
    }
    // Expansions counting only their own file's tiles first, so a tile belongs
    // to its own file's expansion even when another file sorts earlier.
    let file_of: Vec<usize> = (0..files.len())
        .flat_map(|f| std::iter::repeat_n(f, first_of_file[f + 1] - first_of_file[f]))
        .collect();
    let home_only = |id: &String| {
        sets[id]
            .iter()
            .all(|r| r.set.refs.iter().all(|(t, _)| file_of[by_id[t]] == r.file))
    };
    let (mut order, later): (Vec<String>, Vec<String>) = order.into_iter().partition(home_only);
    order.extend(later);
    let mut owner: HashMap<usize, (usize, u32)> = HashMap::new();
    for id in &order {
        let refs = &sets[id];
        let mut exp = Expansion {
            id: id.clone(),
            name: display_name(id),
            ..Expansion::default()
        };
        let mut sources: Vec<String> = Vec::new();
        for r in refs {
            let what = format!("{} `{}`", base_name(&files[r.file].name), r.set.id);
            if !sources.contains(&what) {
                sources.push(what);
            }
        }
        exp.source = sources.join(", ");
        if id != "base" {
            exp.requires.push("base".to_string());
        }
        let primary: Vec<&SetRef> = refs.iter().filter(|r| r.edition == 1).collect();
        // Counts of the first edition, merged over its sets, in first-seen order.
        let mut counts: Vec<(usize, u32)> = Vec::new();
        for r in &primary {
            for (tile, n) in &r.set.refs {
                let t = by_id[tile];
                match counts.iter_mut().find(|(x, _)| *x == t) {
                    Some((_, c)) => *c += n,
                    None => counts.push((t, *n)),
                }
            }
            if let Some(m) = r.set.max {
                push_unique(
                    &mut exp.notes,
                    &format!(
                        "JCZ lets at most {m} of tile set `{}` into a game (`max`)",
                        r.set.id
                    ),
                );
            }
            for req in &r.set.requires {
                let (req, _) = expansion_of(&files[r.file].name, r.line, req)?;
                push_unique(&mut exp.requires, &req);
            }
            for tile in &r.set.removes {
                let Some(&t) = by_id.get(tile) else {
                    return Err(ImportError::new(
                        &files[r.file].name,
                        r.line,
                        format!(
                            "<remove> names tile \"{}\", which no file defines",
                            tile.escape_debug()
                        ),
                    ));
                };
                if let Some(&(o, _)) = owner.get(&t) {
                    let o_id = out.expansions[o].id.clone();
                    push_unique(&mut exp.requires, &o_id);
                    exp.removes
                        .push((format!("{o_id}/{}", out.tiles[t].local_id), None));
                }
            }
        }
        let this = out.expansions.len();
        let mut foreign: Vec<(usize, u32)> = Vec::new();
        for &(t, n) in &counts {
            match owner.get(&t) {
                None => {
                    owner.insert(t, (this, n));
                    exp.tiles.push(Placed {
                        tile: t,
                        count: n,
                        start: false,
                        first: false,
                        last: false,
                        group: None,
                        replaces: None,
                    });
                }
                Some(&(o, _)) if o == this => {}
                Some(_) => foreign.push((t, n)),
            }
        }
        reprint_edits(&mut out, &owner, &mut exp, &foreign);
        out.expansions.push(exp);
        // Editions after the first, each its own expansion.
        let mut editions: Vec<u32> = refs.iter().map(|r| r.edition).filter(|&e| e > 1).collect();
        editions.sort_unstable();
        editions.dedup();
        for e in editions {
            let ed = edition(&out, &by_id, &owner, this, &counts, refs, e);
            for p in &ed.tiles {
                owner.insert(p.tile, (out.expansions.len(), p.count));
            }
            out.expansions.push(ed);
        }
    }
    place_orphans(&mut out, &owner, files, &first_of_file);
    assign_groups(&mut out);
    Ok(out)
}

fn push_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_string());
    }
}

/// When an expansion counts another's tiles: `requires` it, and if it counts
/// at least half of them it reprints it, so what it lacks is removed.
fn reprint_edits(
    out: &mut Layout,
    owner: &HashMap<usize, (usize, u32)>,
    exp: &mut Expansion,
    foreign: &[(usize, u32)],
) {
    let mut owners: Vec<usize> = Vec::new();
    for &(t, _) in foreign {
        let o = owner[&t].0;
        if !owners.contains(&o) {
            owners.push(o);
        }
    }
    for o in owners {
        let o_id = out.expansions[o].id.clone();
        push_unique(&mut exp.requires, &o_id);
        let theirs: Vec<(usize, u32)> = out.expansions[o]
            .tiles
            .iter()
            .map(|p| (p.tile, p.count))
            .collect();
        let counted: Vec<&(usize, u32)> = foreign.iter().filter(|(t, _)| owner[t].0 == o).collect();
        let reprint = counted.len() * 2 >= theirs.len();
        for &(t, have) in &theirs {
            let name = format!("{o_id}/{}", out.tiles[t].local_id);
            match counted.iter().find(|(x, _)| *x == t) {
                None if reprint => exp.removes.push((name, None)),
                None => {}
                Some(&&(_, want)) if want < have => {
                    exp.removes.push((name, Some(have - want)));
                }
                Some(&&(_, want)) if want > have => out.problems.push((
                    out.tiles[t].jcz_id.clone(),
                    format!(
                        "{} counts {want} copies, {o_id} holds {have}: an edit cannot add copies",
                        exp.id
                    ),
                )),
                Some(_) => {}
            }
        }
    }
}

/// The expansion holding edition `e` of expansion `this`.
fn edition(
    out: &Layout,
    by_id: &HashMap<String, usize>,
    owner: &HashMap<usize, (usize, u32)>,
    this: usize,
    first: &[(usize, u32)],
    refs: &[SetRef],
    e: u32,
) -> Expansion {
    let base = &out.expansions[this];
    let mut exp = Expansion {
        id: format!("{}-edition-{e}", base.id),
        name: format!("{}, edition {e}", base.name),
        requires: vec![base.id.clone()],
        ..Expansion::default()
    };
    let mut sources = Vec::new();
    let mut counts: Vec<(usize, u32)> = Vec::new();
    for r in refs.iter().filter(|r| r.edition == e) {
        sources.push(format!("`{}`", r.set.id));
        for (tile, n) in &r.set.refs {
            let t = by_id[tile];
            match counts.iter_mut().find(|(x, _)| *x == t) {
                Some((_, c)) => *c += n,
                None => counts.push((t, *n)),
            }
        }
    }
    exp.source = sources.join(", ");
    // Copies each first-edition tile loses.
    let mut lost: Vec<(usize, u32)> = first
        .iter()
        .filter(|(t, _)| owner.get(t).is_some_and(|&(o, _)| o == this))
        .filter_map(|&(t, n)| {
            let now = counts.iter().find(|(x, _)| *x == t).map_or(0, |c| c.1);
            (now < n).then(|| (t, n - now))
        })
        .collect();
    for &(t, n) in &counts {
        if first.iter().any(|(x, _)| *x == t) || owner.contains_key(&t) {
            continue;
        }
        // The twin: the losing tile with the same features but for gardens.
        let key = |i: usize| {
            let mut f: Vec<String> = out.tiles[i]
                .features
                .iter()
                .filter(|f| f.kind != "garden")
                .map(|f| format!("{f:?}"))
                .collect();
            f.sort();
            f
        };
        let pick = lost
            .iter()
            .position(|&(s, left)| left >= n && key(s) == key(t))
            .or_else(|| lost.iter().position(|&(_, left)| left >= n));
        let replaces = pick.map(|i| {
            lost[i].1 -= n;
            format!("{}/{}", base.id, out.tiles[lost[i].0].local_id)
        });
        exp.tiles.push(Placed {
            tile: t,
            count: n,
            start: false,
            first: false,
            last: false,
            group: None,
            replaces,
        });
    }
    lost.retain(|&(_, n)| n > 0);
    for (t, n) in lost {
        exp.removes
            .push((format!("{}/{}", base.id, out.tiles[t].local_id), Some(n)));
    }
    exp
}

/// Tiles no set counts: one copy in the first expansion of their file.
fn place_orphans(
    out: &mut Layout,
    owner: &HashMap<usize, (usize, u32)>,
    files: &[RawFile],
    first_of_file: &[usize],
) {
    for (f, file) in files.iter().enumerate() {
        for t in first_of_file[f]..first_of_file[f + 1] {
            if owner.contains_key(&t) {
                continue;
            }
            let home = file
                .sets
                .first()
                .and_then(|s| expansion_of(&file.name, s.line, &s.id).ok())
                .map(|(id, _)| id);
            let index = match home.and_then(|h| out.expansions.iter().position(|e| e.id == h)) {
                Some(i) => i,
                None => {
                    let stem = file
                        .name
                        .rsplit(['/', '\\'])
                        .next()
                        .unwrap_or(&file.name)
                        .trim_end_matches(".xml")
                        .to_string();
                    let id = expansion_of(&file.name, 0, &stem)
                        .map_or_else(|_| "imported".to_string(), |(id, _)| id);
                    match out.expansions.iter().position(|e| e.id == id) {
                        Some(i) => i,
                        None => {
                            out.expansions.push(Expansion {
                                name: display_name(&id),
                                requires: if id == "base" {
                                    vec![]
                                } else {
                                    vec!["base".into()]
                                },
                                source: base_name(&file.name).to_string(),
                                id,
                                ..Expansion::default()
                            });
                            out.expansions.len() - 1
                        }
                    }
                }
            };
            out.tiles[t]
                .notes
                .push("no JCZ tile set counts this tile; one copy assumed".to_string());
            out.expansions[index].tiles.push(Placed {
                tile: t,
                count: 1,
                start: false,
                first: false,
                last: false,
                group: None,
                replaces: None,
            });
        }
    }
    // Tiles in the order of their file.
    for e in &mut out.expansions {
        e.tiles.sort_by_key(|p| p.tile);
    }
}

/// Groups, start and last: see the module header.
fn assign_groups(out: &mut Layout) {
    // The start spring: the one whose expansion the other springs' require.
    let springs: Vec<usize> = out
        .expansions
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            e.tiles.iter().any(|p| {
                out.tiles[p.tile]
                    .group
                    .as_deref()
                    .is_some_and(|g| g.ends_with("-spring"))
            })
        })
        .map(|(i, _)| i)
        .collect();
    let start = springs
        .iter()
        .copied()
        .find(|&s| {
            springs
                .iter()
                .any(|&o| o != s && out.expansions[o].requires.contains(&out.expansions[s].id))
        })
        .or_else(|| springs.first().copied());
    let mut spring: Option<String> = start.and_then(|e| {
        let exp = &out.expansions[e];
        exp.tiles
            .iter()
            .find(|p| {
                out.tiles[p.tile]
                    .group
                    .as_deref()
                    .is_some_and(|g| g.ends_with("-spring"))
            })
            .map(|p| format!("{}/{}", exp.id, out.tiles[p.tile].local_id))
    });
    // A group is declared by the expansion using it that another user
    // requires (the river by River I, not by River II), else the first user.
    let mut users: Vec<(String, Vec<usize>)> = Vec::new();
    for (e, exp) in out.expansions.iter().enumerate() {
        for p in &exp.tiles {
            if let Some(g) = out.tiles[p.tile].group.as_deref().map(group_of) {
                match users.iter_mut().find(|(x, _)| *x == g) {
                    Some((_, list)) if !list.contains(&e) => list.push(e),
                    Some(_) => {}
                    None => users.push((g, vec![e])),
                }
            }
        }
    }
    for (g, list) in users {
        let declarer = list
            .iter()
            .copied()
            .find(|&u| {
                list.iter()
                    .any(|&o| o != u && out.expansions[o].requires.contains(&out.expansions[u].id))
            })
            .unwrap_or(list[0]);
        out.expansions[declarer].groups.push(g);
    }
    for e in 0..out.expansions.len() {
        for p in 0..out.expansions[e].tiles.len() {
            let t = out.expansions[e].tiles[p].tile;
            let Some(jcz) = out.tiles[t].group.clone() else {
                continue;
            };
            let group = group_of(&jcz);
            let exp_id = out.expansions[e].id.clone();
            let here = format!("{exp_id}/{}", out.tiles[t].local_id);
            let placed = &mut out.expansions[e].tiles[p];
            placed.group = Some(group);
            if jcz.ends_with("-spring") {
                match &spring {
                    Some(first) if *first == here => placed.start = true,
                    Some(first) if placed.replaces.is_none() => {
                        placed.replaces = Some(first.clone());
                        out.tiles[t].notes.push(format!(
                            "a second spring: it stands in for {first}, the group's start tile"
                        ));
                        if !out.expansions[e]
                            .requires
                            .iter()
                            .any(|r| first.starts_with(&format!("{r}/")))
                        {
                            let owner = first.split('/').next().unwrap_or_default().to_string();
                            out.expansions[e].requires.push(owner);
                        }
                    }
                    Some(_) => {}
                    None => {
                        placed.start = true;
                        spring = Some(here);
                    }
                }
            } else if jcz.ends_with("-lake") {
                placed.last = true;
            } else if jcz.ends_with("-fork") {
                placed.first = true;
            }
        }
    }
}

/// Two tiles of one expansion may not share an id.
///
/// # Errors
/// The second tile, by file.
pub fn check_ids(layout: &Layout) -> Result<(), ImportError> {
    for e in &layout.expansions {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for p in &e.tiles {
            let t = &layout.tiles[p.tile];
            if let Some(&first) = seen.get(t.local_id.as_str()) {
                return Err(ImportError::new(
                    &layout.files[p.tile],
                    0,
                    format!(
                        "tiles \"{}\" and \"{}\" would both be `{}/{}`",
                        layout.tiles[first].jcz_id, t.jcz_id, e.id, t.local_id
                    ),
                ));
            }
            seen.insert(&t.local_id, p.tile);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::expansion_of;

    #[test]
    fn set_ids_name_expansions_and_editions() {
        let id = |s: &str| expansion_of("f.xml", 1, s).map_err(|e| e.message);
        assert_eq!(id("basic:2"), Ok(("base".into(), 2)));
        assert_eq!(id("river/2:1"), Ok(("river-2".into(), 1)));
        assert_eq!(id("siege/cathars"), Ok(("the-cathars".into(), 1)));
        assert_eq!(id("my_fan/part"), Ok(("my-fan-part".into(), 1)));
        assert!(id("../../x").is_err());
        assert!(id("").is_err());
    }
}
