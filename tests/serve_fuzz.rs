//! `tileforge serve` under attack, through the binary: clients that trickle
//! their request a byte at a time or hold every slot, many clients at once,
//! a body announced as huge, seeded random paths, and watched files
//! replaced by a directory, a FIFO or garbage while the page polls. The
//! server must keep answering and never hand out a file.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const MARKET: &str = include_str!("serve/market.tiles");
const PATIENCE: Duration = Duration::from_secs(30);

struct Serve {
    child: Child,
    port: u16,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Serve {
    fn start(path: &Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
            .args(["serve", "--port", "0"])
            .arg(path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut url = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut url)
            .expect("reads the address");
        let port = url
            .trim()
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address printed: {url:?}"));
        Serve { child, port }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
        stream
    }

    /// Sends raw bytes, reads until the server closes: (status, body).
    fn raw(&self, request: &[u8]) -> (u16, String) {
        let mut stream = self.connect();
        stream.write_all(request).expect("sends");
        read_reply(&mut stream)
    }

    fn get(&self, path: &str) -> (u16, String) {
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            self.port
        );
        self.raw(request.as_bytes())
    }

    /// Whether the process is still running.
    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

fn read_reply(stream: &mut TcpStream) -> (u16, String) {
    let mut bytes = Vec::new();
    if let Err(e) = stream.read_to_end(&mut bytes) {
        assert!(!bytes.is_empty(), "no reply, the read failed: {e}");
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    (status, text)
}

fn market(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = common::scratch(name);
    let file = dir.join("market.tiles");
    std::fs::write(&file, MARKET).expect("writes the set");
    (dir, file)
}

/// Gets `/` until it answers 200 (503 while the slots are full), returning
/// how long it took.
fn until_served(server: &Serve, within: Duration) -> Duration {
    let started = Instant::now();
    loop {
        let (status, text) = server.get("/");
        if status == 200 {
            return started.elapsed();
        }
        assert_eq!(status, 503, "{text}");
        assert!(
            started.elapsed() < within,
            "not served within {within:?}: {text}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn clients_trickling_their_heads_into_every_slot_do_not_lock_the_page_out() {
    let (_dir, file) = market("serve-fuzz-slowloris");
    let server = Serve::start(&file);
    // More tricklers than the server has slots, each sending a header byte
    // every 300 ms, never the blank line: each read is quick, the head never
    // ends.
    let mut tricklers: Vec<TcpStream> = (0..80)
        .map(|_| {
            let mut s = server.connect();
            s.write_all(b"GET / HTTP/1.1\r\nX-Slow: ").expect("sends");
            s
        })
        .collect();
    let started = Instant::now();
    let stop = started + Duration::from_secs(12);
    let mut served = None;
    let mut closed = 0;
    while Instant::now() < stop && (served.is_none() || closed < tricklers.len()) {
        closed = 0;
        for s in &mut tricklers {
            if s.write_all(b"a").is_err() {
                closed += 1;
            }
        }
        if served.is_none() {
            let (status, _) = server.get("/");
            if status == 200 {
                served = Some(started.elapsed());
            }
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    let served = served.unwrap_or_else(|| {
        panic!("the page was not served for 12 s while 80 clients trickled ({closed} cut off)")
    });
    assert!(
        closed == tricklers.len(),
        "{closed} of {} trickling clients were cut off in 12 s",
        tricklers.len()
    );
    eprintln!("served after {served:?} with every slot trickled");
}

#[test]
fn many_clients_at_once_are_all_answered() {
    let (_dir, file) = market("serve-fuzz-many");
    let server = Serve::start(&file);
    let port = server.port;
    let threads: Vec<_> = (0..64)
        .map(|i| {
            std::thread::spawn(move || {
                let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connects");
                s.set_read_timeout(Some(PATIENCE)).expect("timeout");
                let path = if i % 2 == 0 { "/api/state" } else { "/" };
                write!(s, "GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n").expect("sends");
                read_reply(&mut s).0
            })
        })
        .collect();
    let statuses: Vec<u16> = threads
        .into_iter()
        .map(|t| t.join().expect("joins"))
        .collect();
    assert!(
        statuses.iter().all(|s| matches!(s, 200 | 503)),
        "{statuses:?}"
    );
    assert!(
        statuses.iter().filter(|s| **s == 200).count() >= 32,
        "{statuses:?}"
    );
    until_served(&server, Duration::from_secs(5));
}

#[test]
fn a_request_with_a_huge_body_is_answered_not_reset() {
    let (_dir, file) = market("serve-fuzz-body");
    let server = Serve::start(&file);
    for (method, status) in [("POST", 405), ("GET", 200), ("PUT", 405)] {
        let mut s = server.connect();
        write!(
            s,
            "{method} / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 99999999999999999999\r\n\r\n",
            server.port
        )
        .expect("sends");
        // Part of the body goes out before the answer is read; the rest the
        // server never asked for.
        let _ = s.write_all(&vec![b'x'; 256 * 1024]);
        let _ = s.shutdown(Shutdown::Write);
        let (got, text) = read_reply(&mut s);
        assert_eq!(got, status, "{method}: {text}");
    }
    until_served(&server, Duration::from_secs(5));
}

#[test]
fn seeded_random_paths_are_answered_with_a_page_or_a_4xx_and_never_a_file() {
    let (dir, file) = market("serve-fuzz-paths");
    std::fs::write(dir.join("secret.txt"), "the secret").expect("writes");
    let server = Serve::start(&file);
    let pieces: [&[u8]; 24] = [
        b"/",
        b"..",
        b"%2e",
        b"%2E%2e",
        b"%2f",
        b"%5c",
        b"\\",
        b"%00",
        b"\x00",
        b"\xff\xfe",
        b"%ff",
        b"secret.txt",
        b"market.tiles",
        b"etc/passwd",
        b"g",
        b"1",
        b"tile",
        b"0.png",
        b"api",
        b"state",
        b"http://127.0.0.1",
        b"?",
        b"#",
        b"%",
    ];
    let mut rng = common::Rng(0x5e7e_f022);
    let mut counts = std::collections::BTreeMap::new();
    let started = Instant::now();
    for case in 0..400 {
        let mut target = Vec::new();
        if case % 3 != 0 {
            target.push(b'/');
        }
        for _ in 0..1 + rng.below(8) {
            target.extend_from_slice(pieces[rng.below(pieces.len())]);
        }
        if case % 50 == 0 {
            target.extend(std::iter::repeat_n(b'a', 15_000 + rng.below(4000)));
        }
        let mut request = b"GET ".to_vec();
        request.extend_from_slice(&target);
        request.extend_from_slice(
            format!(" HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", server.port).as_bytes(),
        );
        let (status, text) = server.raw(&request);
        let shown = String::from_utf8_lossy(&target).into_owned();
        assert!(
            status == 200 || (400..500).contains(&status),
            "{shown:?}: {status}"
        );
        for secret in ["the secret", "expansion market", "root:"] {
            assert!(!text.contains(secret), "{shown:?} gave away {secret:?}");
        }
        *counts.entry(status).or_insert(0) += 1;
    }
    eprintln!("400 paths in {:?}: {counts:?}", started.elapsed());
    assert_eq!(server.get("/").0, 200, "still serving");
}

fn state(server: &Serve) -> serde_json::Value {
    let (status, text) = server.get("/api/state");
    assert_eq!(status, 200, "{text}");
    let body = &text[text.find("\r\n\r\n").expect("a head") + 4..];
    serde_json::from_str(body).expect("json")
}

fn wait_status(server: &Serve, want: &str) -> serde_json::Value {
    let started = Instant::now();
    loop {
        let s = state(server);
        if s["status"] == want {
            return s;
        }
        assert!(started.elapsed() < PATIENCE, "no {want:?}: {s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn watched_files_replaced_by_a_directory_a_fifo_or_garbage_are_reported() {
    let (dir, file) = market("serve-fuzz-watch");
    let mut server = Serve::start(&file);
    wait_status(&server, "ok");
    // A directory where the file was.
    std::fs::remove_file(&file).expect("removes");
    std::fs::create_dir(&file).expect("a directory");
    let s = wait_status(&server, "unreadable");
    assert!(
        s["problem"]
            .as_str()
            .is_some_and(|p| p.contains("directory")),
        "{s}"
    );
    std::fs::remove_dir(&file).expect("removes");
    // A FIFO nobody writes to: reading it would block forever.
    let made = Command::new("mkfifo").arg(&file).status();
    if made.is_ok_and(|s| s.success()) {
        let s = wait_status(&server, "unreadable");
        assert!(s["problem"].as_str().is_some(), "{s}");
        assert_eq!(server.get("/").0, 200);
        std::fs::remove_file(&file).expect("removes the fifo");
    }
    // Random bytes, invalid UTF-8, then the set again.
    let mut rng = common::Rng(22);
    for round in 0..6 {
        let mut bytes = MARKET.as_bytes().to_vec();
        for _ in 0..20 {
            let at = rng.below(bytes.len());
            bytes[at] = (rng.next() & 0xff) as u8;
        }
        if round == 0 {
            bytes.extend_from_slice(b"\xff\xfe");
        }
        std::fs::write(&file, &bytes).expect("writes");
        std::thread::sleep(Duration::from_millis(150));
        let _ = state(&server);
    }
    std::fs::write(dir.join("market.tiles"), MARKET).expect("writes");
    wait_status(&server, "ok");
    assert!(server.alive());
}
