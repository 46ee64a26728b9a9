//! Paired-run harness for the engine's speed: N random 2-player games on one
//! thread, every expansion of the files given, and a checksum of the scores
//! (the same binary, seed and files give the same checksum). Build it at two
//! commits and interleave the runs, comparing CPU time (`/usr/bin/time -f
//! "%U %S"`) or instructions (`valgrind --tool=callgrind`, a run of 0 games
//! subtracted for the setup).
//!
//! usage: `randbench GAMES SEED FILE.tiles...`
use tileforge::diag::SourceMap;
use tileforge::engine::random::RandomPlayer;
use tileforge::engine::Ruleset;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args[1].parse().unwrap();
    let seed: u64 = args[2].parse().unwrap();
    let mut sources = SourceMap::new();
    for p in &args[3..] {
        sources.add(p.clone(), std::fs::read_to_string(p).unwrap());
    }
    let ids: Vec<_> = sources.ids().collect();
    let compiled = tileforge::compile::compile(&sources, &ids);
    let set = tileforge::emit::tileset(&compiled.checked.expect("compiles"));
    let rules = Ruleset::new(&set, None).expect("plays");
    let mut player = RandomPlayer::new(seed);
    let mut sum = 0i64;
    let t = std::time::Instant::now();
    for _ in 0..games {
        let g = player.play(&rules, 2).expect("plays");
        sum += g.scores().iter().map(|s| s.total()).sum::<i64>();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{games} games, checksum {sum}, {:.0} games/s wall",
        games as f64 / dt
    );
}
