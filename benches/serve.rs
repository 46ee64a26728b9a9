//! `tileforge serve` on the base set: what a save costs the server, in
//! process (compile and prepare the page's state; draw every picture), and
//! end to end through the release binary: a save, the event that announces
//! it, the state and every picture the page then loads, over HTTP. Also
//! prints the server's CPU time (user + system) per save.
//!
//! `cargo bench --bench serve`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use tileforge::diag::SourceMap;
use tileforge::serve::Snapshot;

const BASE: &str = include_str!("../tilesets/base.tiles");

fn input(text: &str) -> tileforge::serve::Input {
    let mut sources = SourceMap::new();
    let id = sources.add("base.tiles", text);
    Ok((sources, vec![id]))
}

fn in_process(c: &mut Criterion) {
    let mut group = c.benchmark_group("serve");
    group.sample_size(20);
    let base = input(BASE);
    group.bench_function("snapshot_base", |b| {
        b.iter(|| Snapshot::build(1, &base, None));
    });
    group.bench_function("snapshot_and_every_picture_base", |b| {
        b.iter(|| {
            let snapshot = Snapshot::build(1, &base, None);
            snapshot.draw_all(&|| false);
            snapshot
        });
    });
    group.finish();
}

/// One GET; the body.
fn get(port: u16, path: &str) -> Vec<u8> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .expect("sends");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("reads");
    assert!(bytes.starts_with(b"HTTP/1.1 200"), "{path}");
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    bytes.split_off(split + 4)
}

/// The server's CPU time so far (Linux).
fn cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

fn end_to_end(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-serve");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join("base.tiles");
    std::fs::write(&file, BASE).expect("writes");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["serve", "--port", "0"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let mut url = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut url)
        .expect("an address");
    let port: u16 = url
        .trim()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .expect("a port");
    let mut events = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        events,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .expect("sends");
    let mut events = BufReader::new(events);
    let mut next_generation = || loop {
        let mut line = String::new();
        assert!(events.read_line(&mut line).expect("an event") > 0);
        if let Some(g) = line.trim_end().strip_prefix("data: ") {
            return g.parse::<u64>().expect("a generation");
        }
    };
    next_generation();
    let mut saves = 0u32;
    let mut save_and_load = |text: String| {
        let started = Instant::now();
        std::fs::write(&file, text).expect("saves");
        let generation = next_generation();
        let state: serde_json::Value =
            serde_json::from_slice(&get(port, "/api/state")).expect("JSON");
        assert_eq!(state["generation"], generation);
        let images = state["tiles"]
            .as_array()
            .into_iter()
            .chain(state["sheets"].as_array())
            .flatten()
            .map(|t| t["image"].as_str().expect("image").to_string());
        for image in images {
            get(port, &image);
        }
        saves += 1;
        started.elapsed()
    };
    let mut group = c.benchmark_group("serve");
    group.sample_size(20);
    let before = cpu(child.id());
    // A comment edited: every picture is taken over from the previous compile.
    group.bench_function("save_to_page_loaded_base_comment", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|i| save_and_load(format!("{BASE}\n// save {i} {:?}\n", Instant::now())))
                .sum()
        });
    });
    // A tile's doc comment edited: that tile and the sheet are drawn again.
    group.bench_function("save_to_page_loaded_base_one_tile", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|i| {
                    let text = BASE.replace(
                        "/// City cap to the north.\n",
                        &format!("/// City cap to the north ({i}, {:?}).\n", Instant::now()),
                    );
                    save_and_load(text)
                })
                .sum()
        });
    });
    group.finish();
    if let (Some(before), Some(after)) = (before, cpu(child.id())) {
        eprintln!(
            "server CPU (user + system): {:.1} ms per save over {saves} saves",
            (after - before).as_secs_f64() * 1000.0 / f64::from(saves.max(1))
        );
    }
    let _ = child.kill();
    let _ = child.wait();
}

criterion_group!(benches, in_process, end_to_end);
criterion_main!(benches);
