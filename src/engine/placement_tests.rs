//! Placement checked against brute force: the signature buckets find exactly
//! the placements that trying every square and rotation finds.

use crate::engine::core::Rules;
use crate::engine::game::{Game, Ruleset};
use crate::engine::ids::KindId;
use crate::engine::moves::{Phase, Placement};
use crate::engine::random::RandomPlayer;
use crate::engine::rules::InPlay;

fn base() -> Ruleset {
    let compiled = crate::compile::compile_str(include_str!("../../tilesets/base.tiles"))
        .unwrap_or_else(|e| panic!("{e}"));
    Ruleset::new(&crate::emit::tileset(&compiled), None).unwrap_or_else(|e| panic!("{e}"))
}

/// The base game with a lane kind whose sides meet road sides.
fn with_lanes() -> Ruleset {
    let mut sources = crate::diag::SourceMap::new();
    let ids = [
        sources.add("base.tiles", include_str!("../../tilesets/base.tiles")),
        sources.add(
            "matching.tiles",
            include_str!("../../tests/engine/fan/matching.tiles"),
        ),
    ];
    let compiled = crate::compile::compile(&sources, &ids);
    let checked = compiled.checked.expect("base and lanes compile");
    Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
}

/// The base game with Bridges, Castles & Bazaars (placements by a bridge).
fn with_bridges() -> Ruleset {
    let mut sources = crate::diag::SourceMap::new();
    let ids = [
        sources.add("base.tiles", include_str!("../../tilesets/base.tiles")),
        sources.add(
            "bridges-castles-and-bazaars.tiles",
            include_str!("../../tilesets/bridges-castles-and-bazaars.tiles"),
        ),
    ];
    let compiled = crate::compile::compile(&sources, &ids);
    let checked = compiled.checked.expect("base and bridges compile");
    Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
}

/// Every (square, rotation) around the board, checked one by one: by its
/// sides, or (asking the modules directly, not through the kind's widened
/// signatures) by what a module adds.
fn brute_force(game: &Game<'_>, tile: KindId) -> Vec<Placement> {
    let placed = &game.board.placed;
    let (x0, x1) = (
        placed.iter().map(|p| p.x).min(),
        placed.iter().map(|p| p.x).max(),
    );
    let (y0, y1) = (
        placed.iter().map(|p| p.y).min(),
        placed.iter().map(|p| p.y).max(),
    );
    let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for y in y0 - 1..=y1 + 1 {
        for x in x0 - 1..=x1 + 1 {
            for rotation in 0..4 {
                let at = Placement { x, y, rotation };
                let open = game.board.tile_at(x, y).is_none() && game.board.signature(x, y) != 0;
                if game.check_fit(tile, at).is_ok() || (open && InPlay::widen(game, tile, at)) {
                    out.push(at);
                }
            }
        }
    }
    out
}

#[test]
fn the_signature_index_finds_exactly_the_placements_brute_force_finds() {
    for rules in [base(), with_lanes(), with_bridges()] {
        signature_index_agrees_with_brute_force(&rules);
    }
}

fn signature_index_agrees_with_brute_force(rules: &Ruleset) {
    let mut checked = 0;
    for seed in 0..6 {
        RandomPlayer::new(seed)
            .play_with(rules, 2, None, |game| {
                if game.phase() != Phase::Tile {
                    return;
                }
                for k in 0..rules.kind_count() {
                    let kind = KindId(u16::try_from(k).unwrap_or(0));
                    let expected = brute_force(game, kind);
                    assert_eq!(game.legal_placements(kind), expected, "seed {seed}");
                    assert_eq!(game.placement_count(kind), expected.len());
                    assert_eq!(game.can_place(kind), !expected.is_empty());
                    let mut nth: Vec<Placement> = (0..expected.len())
                        .filter_map(|n| game.nth_placement(kind, n))
                        .collect();
                    nth.sort_by_key(|p| (p.y, p.x, p.rotation));
                    assert_eq!(nth, expected, "seed {seed}: nth_placement");
                    assert_eq!(game.nth_placement(kind, expected.len()), None);
                    checked += 1;
                }
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(checked > 6 * rules.kind_count() * 60);
}

/// The base game with The Tunnel (a module's own connections).
fn with_tunnels() -> Ruleset {
    let mut sources = crate::diag::SourceMap::new();
    let ids = [
        sources.add("base.tiles", include_str!("../../tilesets/base.tiles")),
        sources.add(
            "the-tunnel.tiles",
            include_str!("../../tilesets/the-tunnel.tiles"),
        ),
    ];
    let compiled = crate::compile::compile(&sources, &ids);
    let checked = compiled.checked.expect("base and the tunnel compile");
    Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
}

/// The base game with The Ferries (connections that move: roads split).
fn with_ferries() -> Ruleset {
    let mut sources = crate::diag::SourceMap::new();
    let ids = [
        sources.add("base.tiles", include_str!("../../tilesets/base.tiles")),
        sources.add(
            "ferries.tiles",
            include_str!("../../tilesets/ferries.tiles"),
        ),
    ];
    let compiled = crate::compile::compile(&sources, &ids);
    let checked = compiled.checked.expect("base and the ferries compile");
    Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
}

/// Each node's feature as a comparable value: its least member, its size,
/// open sides and figures.
fn partition(game: &Game<'_>) -> Vec<(u32, u32, i32, u32)> {
    let f = &game.features;
    (0..f.len())
        .map(|n| {
            let root = f.root(n);
            let (mut least, mut size, mut m) = (n, 1, f.next(n));
            while m != n {
                least = least.min(m);
                size += 1;
                m = f.next(m);
            }
            (least, size, f.open(root), f.occupants(root))
        })
        .collect()
}

#[test]
fn rebuilding_an_unchanged_feature_gives_it_back_as_it_was() {
    let mut members = Vec::new();
    let mut rebuilt = 0;
    for rules in [base(), with_lanes(), with_tunnels(), with_ferries()] {
        for seed in 0..4 {
            RandomPlayer::new(seed)
                .play_with(&rules, 3, None, |game| {
                    if game.phase() != Phase::Tile {
                        return;
                    }
                    let before = partition(game);
                    let mut copy = game.clone();
                    for n in 0..copy.features.len() {
                        if before[n as usize].0 == n {
                            copy.rebuild(n, &mut members);
                            rebuilt += 1;
                        }
                    }
                    assert_eq!(partition(&copy), before, "seed {seed}");
                })
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(rebuilt > 4 * 4 * 1000, "{rebuilt}");
}
