//! The greedy player values placements from the engine's preview exactly as
//! on a copy: the same actions, in the same order, with bit-identical values,
//! for every placement of every tile kind in positions of greedy games with
//! the base game, all four shipped sets, Traders & Builders with Inns &
//! Cathedrals, and a fan's own kinds.

use super::Greedy;
use crate::engine::{Game, KindId, MeepleAction, Phase, Preview, Ruleset};
use crate::players::{self, Seats};

fn rules(files: &[&str]) -> Ruleset {
    let mut sources = crate::diag::SourceMap::new();
    let ids: Vec<_> = files
        .iter()
        .map(|f| {
            let path = format!("{}/{f}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
            sources.add(*f, text)
        })
        .collect();
    let checked = crate::compile::compile(&sources, &ids)
        .checked
        .expect("compiles");
    Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
}

/// Compares the two ways over every placement of every `step`-th kind in
/// each position before a tile of the games; returns (placements
/// previewed, placements in all).
fn compare(
    rules: &Ruleset,
    seats: &str,
    seeds: std::ops::Range<u64>,
    step: usize,
) -> (usize, usize) {
    let seats = Seats::parse(seats, None).expect("seats");
    let mut counts = (0, 0);
    for seed in seeds {
        let mut both = (
            Greedy::new(rules, seed),
            Greedy::new(rules, seed).on_copies(),
        );
        let first = usize::try_from(seed).unwrap_or(0) % step;
        players::play(rules, seats.as_slice(), seed, None, None, |game, _| {
            if game.phase() == Phase::Tile {
                let kinds = (first..rules.kind_count()).step_by(step);
                check_position(game, kinds, &mut both, &mut counts);
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    counts
}

/// Compares the values of every placement of some kinds in one position.
fn check_position<'r>(
    game: &Game<'r>,
    kinds: impl Iterator<Item = usize>,
    (fast, slow): &mut (Greedy<'r>, Greedy<'r>),
    (previewed, all): &mut (usize, usize),
) {
    let mut preview = Preview::default();
    let left = super::tiles_left(game).saturating_sub(1);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let bits = |v: &[(MeepleAction, f64)]| -> Vec<(MeepleAction, u64)> {
        v.iter().map(|&(m, x)| (m, x.to_bits())).collect()
    };
    for k in kinds {
        let tile = KindId(u16::try_from(k).unwrap_or(0));
        if game.remaining(tile) == 0 {
            continue;
        }
        for n in 0..game.placement_count(tile) {
            let Some(at) = game.nth_placement(tile, n) else {
                continue;
            };
            a.clear();
            b.clear();
            fast.action_values(game, tile, at, left, &mut a);
            slow.action_values(game, tile, at, left, &mut b);
            assert_eq!(bits(&a), bits(&b), "{at:?}: {a:?} vs {b:?}");
            *previewed += usize::from(game.preview(&mut preview, tile, at));
            *all += 1;
        }
    }
}
#[test]
fn the_preview_values_placements_exactly_as_a_copy_does() {
    let base = rules(&["tilesets/base.tiles"]);
    let (previewed, all) = compare(&base, "greedy,greedy", 0..3, 2);
    assert!(
        previewed > 20_000 && previewed * 100 > all * 95,
        "{previewed} of {all}"
    );
    let (previewed, all) = compare(&base, "greedy,greedy,greedy,greedy", 3..4, 3);
    assert!(previewed * 100 > all * 95, "{previewed} of {all}");
    let all_four = rules(&[
        "tilesets/base.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
        "tilesets/crop-circles-2.tiles",
    ]);
    let (previewed, all) = compare(&all_four, "greedy,greedy", 0..2, 5);
    assert!(
        previewed > 5_000 && previewed * 4 > all,
        "{previewed} of {all}"
    );
    let (previewed, all) = compare(&all_four, "greedy,greedy,greedy", 2..3, 7);
    assert!(previewed > 1_000, "{previewed} of {all}");
    // Builders, pigs and goods, and the large meeple.
    let traders = rules(&[
        "tilesets/base.tiles",
        "tilesets/inns-and-cathedrals.tiles",
        "tilesets/traders-and-builders.tiles",
    ]);
    let (previewed, all) = compare(&traders, "greedy,greedy", 0..2, 4);
    assert!(
        previewed > 5_000 && previewed * 100 > all * 80,
        "{previewed} of {all}"
    );
    let (previewed, all) = compare(&traders, "greedy,greedy,greedy", 2..3, 6);
    assert!(previewed * 100 > all * 80, "{previewed} of {all}");
    let lakeside = rules(&["tilesets/base.tiles", "examples/lakeside.tiles"]);
    let (previewed, all) = compare(&lakeside, "greedy,greedy", 0..2, 3);
    assert!(
        previewed > 5_000 && previewed * 100 > all * 90,
        "{previewed} of {all}"
    );
}
