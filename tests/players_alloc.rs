//! The Monte Carlo player allocates nothing per rollout step: the 190
//! iterations (about 6,500 rollout moves) that one decision with 200
//! iterations makes beyond one with 10 allocate less than once per
//! iteration (a rollout whose board outgrows every earlier one grows the
//! copy's grid). Counted by a global allocator, so this test has its own
//! binary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use tileforge::engine::log::GameLog;
use tileforge::engine::{replay, Ruleset};
use tileforge::players::{self, Seat};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn rollouts_allocate_nothing_per_step() {
    let text = std::fs::read_to_string(Path::new("tilesets/base.tiles")).expect("base");
    let compiled = tileforge::compile::compile_str(&text).expect("base compiles");
    let rules = Ruleset::new(&tileforge::emit::tileset(&compiled), None).expect("base plays");
    let log = GameLog::from_json(
        r#"{ "format": "tileforge.game", "version": 1, "players": ["red", "blue"],
             "finished": false, "turns": [
          { "tile": "base/V", "x": 1, "y": 0, "rotation": 0 },
          { "tile": "base/E", "x": 0, "y": -1, "rotation": 2 } ] }"#,
    )
    .expect("a log");
    let game = replay(&rules, &log).expect("replays");
    let tile = rules.kind("base/U").expect("base/U");
    let allocations = |iterations: u32| {
        let seat = Seat::Mcts {
            iterations,
            rollout: tileforge::players::Rollout::Random,
        };
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        players::choose(&game, tile, seat, 1).expect("a move");
        ALLOCATIONS.load(Ordering::Relaxed) - before
    };
    let (few, many) = (allocations(10), allocations(200));
    assert!(
        many < few + 190,
        "10 iterations: {few} allocations, 200: {many}"
    );
}
