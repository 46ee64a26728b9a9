//! `tileforge serve`, through the binary: the endpoints over plain HTTP
//! (state, pictures, details, assets), the URLs that must lead nowhere
//! (traversal, other hosts, other methods, malformed requests), the event
//! stream across saves, broken files, deletions and half-written files, and
//! the page itself in headless Chromium (skipped, saying so, only where no
//! browser is installed; `.ci/run` installs Debian's `chromium`).

mod common;
#[path = "serve/devtools.rs"]
mod devtools;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The test set: four tile kinds that compile on their own.
const MARKET: &str = include_str!("serve/market.tiles");

/// How long anything may take before the test fails (the machine is shared).
const PATIENCE: Duration = Duration::from_secs(30);

/// A running `tileforge serve`, ended when dropped.
struct Serve {
    child: Child,
    port: u16,
    log: Arc<Mutex<String>>,
}

/// An HTTP response.
struct Reply {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Reply {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }
}

impl Serve {
    fn start(paths: &[&Path]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
            .args(["serve", "--port", "0"])
            .args(paths)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().expect("stderr");
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = sink.lock().expect("log");
                log.push_str(&line);
                log.push('\n');
            }
        });
        let mut url = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut url)
            .expect("reads the address");
        let port = url
            .trim()
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                std::thread::sleep(Duration::from_millis(200));
                panic!("no address printed: {url:?}\n{}", log.lock().expect("log"))
            });
        Serve { child, port, log }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    fn log(&self) -> String {
        self.log.lock().expect("log").clone()
    }

    /// Sends raw bytes and reads the whole response (the server closes).
    fn raw(&self, request: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
        stream.write_all(request).expect("sends");
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        let split = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no response head: {:?}", String::from_utf8_lossy(&bytes)));
        let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status: {head}"));
        Reply {
            status,
            head,
            body: bytes[split + 4..].to_vec(),
        }
    }

    fn request(&self, method: &str, path: &str) -> Reply {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        );
        self.raw(request.as_bytes())
    }

    fn get(&self, path: &str) -> Reply {
        self.request("GET", path)
    }

    fn state(&self) -> Value {
        let reply = self.get("/api/state");
        assert_eq!(reply.status, 200, "{}", reply.text());
        reply.json()
    }

    /// Polls the state until `done` holds.
    fn wait_for(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let state = self.state();
            if done(&state) {
                return state;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {what}; the state is {state}\nserver log:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Opens the event stream.
    fn events(&self) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
        write!(
            stream,
            "GET /events HTTP/1.1\r\nHost: localhost:{}\r\n\r\n",
            self.port
        )
        .expect("sends");
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("reads the head");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(head.contains("Content-Type: text/event-stream"), "{head}");
        Events { reader }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server-sent event stream.
struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// The next generation announced.
    fn next(&mut self) -> u64 {
        loop {
            let mut line = String::new();
            let n = self
                .reader
                .read_line(&mut line)
                .expect("an event within the timeout");
            assert!(n > 0, "the event stream closed");
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                return data.parse().expect("a generation");
            }
        }
    }
}

impl Events {
    /// Reads events until the state of the generation announced satisfies
    /// `done` (a save written in steps may be compiled more than once).
    fn until(&mut self, server: &Serve, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let generation = self.next();
            let state = server.state();
            if state["generation"] == generation && done(&state) {
                return state;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {what}; the state is {state}\nserver log:\n{}",
                server.log()
            );
        }
    }
}

/// Saves as many editors do: a new file renamed over the old one.
fn save_by_rename(file: &Path, text: &str) {
    let temporary = file.with_extension("tiles.new");
    std::fs::write(&temporary, text).expect("writes");
    std::fs::rename(&temporary, file).expect("renames");
}

/// A scratch directory holding a copy of the test set.
fn market(name: &str) -> (PathBuf, PathBuf) {
    let dir = common::scratch(name);
    let file = dir.join("market.tiles");
    std::fs::write(&file, MARKET).expect("writes the set");
    (dir, file)
}

/// The test set with one more tile kind.
fn with_fountain() -> String {
    MARKET.replace("expect tiles 8", "expect tiles 9")
        + "\n/// A fountain: a cloister of the market.\ntile F x1 { cloister; road N }\n"
}

/// The test set with an error: a side that has both a road and a city.
fn broken() -> String {
    MARKET.replace("    city N\n    road E W\n", "    city N\n    road N S\n")
}

fn tile_ids(state: &Value) -> Vec<String> {
    state["tiles"]
        .as_array()
        .expect("tiles")
        .iter()
        .map(|t| t["id"].as_str().expect("id").to_string())
        .collect()
}

fn codes(state: &Value) -> Vec<String> {
    state["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["code"].as_str().map(String::from))
        .collect()
}

#[test]
fn the_page_its_state_pictures_and_details() {
    let (_dir, file) = market("serve-endpoints");
    let server = Serve::start(&[&file]);
    let index = server.get("/");
    assert_eq!(index.status, 200);
    assert!(
        index.head.contains("Content-Type: text/html"),
        "{}",
        index.head
    );
    assert!(
        index.text().contains("<script src=\"/app.js\""),
        "{}",
        index.text()
    );
    assert!(index
        .head
        .contains("Content-Security-Policy: default-src 'none'"));
    assert!(index.head.contains("Cache-Control: no-store"));
    let script = server.get("/app.js");
    assert!(script.head.contains("text/javascript"), "{}", script.head);
    assert!(script.text().contains("EventSource('/events')"));
    assert!(server.get("/style.css").head.contains("text/css"));

    let state = server.state();
    assert_eq!(state["generation"], 1);
    assert_eq!(state["status"], "ok", "{state}");
    assert_eq!(
        tile_ids(&state),
        ["market/A", "market/D", "market/M", "market/X"]
    );
    assert_eq!(
        state["summary"],
        "ok: 1 file, 4 tile kinds, 0 errors, 0 warnings"
    );
    assert!(
        state["stats"].as_str().expect("stats").contains("market"),
        "{state}"
    );
    let d = &state["tiles"][1];
    assert_eq!(
        (d["count"].as_u64(), d["edges"].as_str()),
        (Some(3), Some("CRFR"))
    );

    // Every tile's picture, at the renderer's default size.
    for t in state["tiles"].as_array().expect("tiles") {
        let picture = server.get(t["image"].as_str().expect("image"));
        assert_eq!(picture.status, 200, "{}", picture.text());
        assert!(picture.head.contains("Content-Type: image/png"));
        let image = tileforge::render::decode_png(&picture.body).expect("a PNG");
        assert_eq!(image.width(), tileforge::render::DEFAULT_SIZE);
    }
    let sheets = state["sheets"].as_array().expect("sheets");
    assert_eq!(sheets.len(), 1);
    assert_eq!(sheets[0]["name"], "Market Day");
    let sheet = server.get(sheets[0]["image"].as_str().expect("image"));
    assert_eq!(sheet.status, 200);
    tileforge::render::decode_png(&sheet.body).expect("the sheet is a PNG");

    // A tile's details: its derived features and fields, and its wire JSON.
    let detail = server.get("/g/1/tile/1.json").json();
    assert_eq!(detail["id"], "market/D");
    let derived = detail["derived"].as_str().expect("derived");
    assert!(
        derived.starts_with("market/D x3 CRFR start 1\n"),
        "{derived}"
    );
    assert!(derived.contains("field ENE WNW touches #0"), "{derived}");
    let wire: Value = serde_json::from_str(detail["json"].as_str().expect("json")).expect("JSON");
    assert_eq!(wire["edges"], "CRFR");
    assert_eq!(wire["features"].as_array().map(Vec::len), Some(4));

    // HEAD: the same head, no body.
    let head = server.request("HEAD", "/api/state");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert!(head.head.contains("Content-Length: "), "{}", head.head);
}

#[test]
fn no_url_leads_to_a_file() {
    let (dir, file) = market("serve-traversal");
    std::fs::write(dir.join("secret.txt"), "the secret").expect("writes");
    let server = Serve::start(&[&file]);
    let secrets = ["the secret", "[package]", "root:", "expansion market"];
    for path in [
        "/market.tiles",
        "/secret.txt",
        "/../secret.txt",
        "/../../../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fCargo.toml",
        "/%2e%2e%5c%2e%2e%5cCargo.toml",
        "/g/1/tile/../../../secret.txt",
        "/g/1/tile/..%2f..%2fsecret.txt",
        "/g/1/tile/0.png/../../../../secret.txt",
        "/g/1/sheet/0.png%00.txt",
        "/app.js/../secret.txt",
        "//etc/passwd",
        "/api/state/../../secret.txt",
        "/index.html",
        "/Cargo.toml",
        "/tests/serve/market.tiles",
        "/g/1/tile/9.png",
        "/g/0/tile/0.png",
    ] {
        let reply = server.get(path);
        assert_eq!(reply.status, 404, "{path}: {}", reply.text());
        for secret in secrets {
            assert!(
                !reply.text().contains(secret),
                "{path} gave away {secret:?}"
            );
        }
    }
    // Other forms of target are refused before any route.
    for target in [
        "http://127.0.0.1/secret.txt",
        "file:///etc/passwd",
        "*",
        "..\\secret.txt",
        "secret.txt",
    ] {
        let reply = server.get(target);
        assert_eq!(reply.status, 400, "{target}: {}", reply.text());
    }
    assert_eq!(server.get("/").status, 200, "still serving");
}

#[test]
fn only_plain_gets_addressed_to_the_loopback_are_answered() {
    let (_dir, file) = market("serve-refusals");
    let server = Serve::start(&[&file]);
    let port = server.port;
    // Another host name (a rebound domain), or none: refused.
    for host in [
        "evil.example",
        "evil.example:80",
        "127.0.0.1",
        "127.0.0.1:1",
        "",
    ] {
        let header = if host.is_empty() {
            String::new()
        } else {
            format!("Host: {host}\r\n")
        };
        let reply = server.raw(format!("GET /api/state HTTP/1.1\r\n{header}\r\n").as_bytes());
        assert_eq!(reply.status, 403, "Host {host:?}: {}", reply.text());
        assert!(!reply.text().contains("generation"));
    }
    let ok =
        server.raw(format!("GET /api/state HTTP/1.1\r\nHost: LocalHost:{port}\r\n\r\n").as_bytes());
    assert_eq!(ok.status, 200);
    for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
        let reply = server.request(method, "/api/state");
        assert_eq!(reply.status, 405, "{method}");
        assert!(reply.head.contains("Allow: GET, HEAD"), "{}", reply.head);
    }
    for garbage in [
        &b"\x00\x01\x02\r\n\r\n"[..],
        b"GET / HTTP/9\r\n\r\n",
        b"GET /\xff HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nbad header\r\n\r\n",
    ] {
        assert_eq!(
            server.raw(garbage).status,
            400,
            "{:?}",
            String::from_utf8_lossy(garbage)
        );
    }
    let huge = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX: {}\r\n\r\n",
        "a".repeat(20_000)
    );
    assert_eq!(server.raw(huge.as_bytes()).status, 431);
    // A connection that sends nothing does not hold up the others.
    let _idle = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    assert_eq!(server.get("/").status, 200, "still serving");
    // Bound to 127.0.0.1 itself: another loopback address finds nothing.
    #[cfg(target_os = "linux")]
    assert!(
        TcpStream::connect(("127.0.0.2", port)).is_err(),
        "reachable beyond 127.0.0.1"
    );
}

#[test]
fn each_save_is_pushed_and_a_broken_file_shows_only_its_diagnostics() {
    let (dir, file) = market("serve-saves");
    let server = Serve::start(&[&dir]);
    let mut events = server.events();
    assert_eq!(
        events.next(),
        1,
        "the stream opens with the current generation"
    );
    let first = server.state();
    assert_eq!(tile_ids(&first).len(), 4);

    // A save (a new file renamed over the old): a new generation, pushed,
    // with the new tile.
    save_by_rename(&file, &with_fountain());
    let state = events.until(&server, "the new tile", |s| {
        tile_ids(s).contains(&"market/F".to_string())
    });
    // The previous generation's pictures are gone, not served stale.
    let old = first["tiles"][0]["image"].as_str().expect("image");
    assert_eq!(server.get(old).status, 404);

    // Saving the same text again changes nothing: no new generation.
    save_by_rename(&file, &with_fountain());
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(
        server.state()["generation"],
        state["generation"],
        "an unchanged save made a generation"
    );

    // A broken file, written in place: its diagnostics, no pictures, no stats.
    std::fs::write(&file, broken()).expect("saves");
    let state = events.until(&server, "the diagnostics", |s| s["status"] == "errors");
    assert!(tile_ids(&state).is_empty(), "{state}");
    assert_eq!(state["sheets"].as_array().map(Vec::len), Some(0));
    assert!(state["stats"].is_null());
    assert!(codes(&state).contains(&"E0202".to_string()), "{state}");
    let diagnostic = &state["diagnostics"][0];
    let text = diagnostic["text"].as_str().expect("text");
    assert!(text.starts_with("error[E0202]"), "{text}");
    assert!(text.contains("market.tiles:"), "{text}");
    let generation = state["generation"].as_u64().expect("generation");
    assert_eq!(
        server.get(&format!("/g/{generation}/tile/0.png")).status,
        404
    );
    assert!(state["summary"]
        .as_str()
        .expect("summary")
        .starts_with("failed:"));

    // The file deleted: a directory with no `.tiles` file says so.
    std::fs::remove_file(&file).expect("deletes");
    let state = events.until(&server, "the deletion", |s| s["status"] == "unreadable");
    assert!(
        state["problem"]
            .as_str()
            .expect("problem")
            .contains("no .tiles files"),
        "{state}"
    );

    // Half a file, then the whole: the server follows, ending on the whole.
    let (half, rest) = MARKET.as_bytes().split_at(MARKET.len() / 2);
    std::fs::write(&file, half).expect("saves");
    let mut whole = std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .expect("opens");
    std::thread::sleep(Duration::from_millis(100));
    whole.write_all(rest).expect("writes");
    drop(whole);
    let state = server.wait_for("the whole file", |s| s["status"] == "ok");
    assert_eq!(tile_ids(&state).len(), 4);

    // A second file in the watched directory joins the set.
    std::fs::write(
        dir.join("stalls.tiles"),
        "expansion stalls \"Stalls\" {\n    requires market\n}\n\ntile S x1 { city N; road S }\n",
    )
    .expect("writes");
    let state = server.wait_for("the second file", |s| {
        tile_ids(s).contains(&"stalls/S".to_string())
    });
    assert_eq!(state["files"].as_array().map(Vec::len), Some(2), "{state}");

    // An editor's swap file is no input.
    let before = server.state()["generation"].clone();
    std::fs::write(dir.join(".market.tiles.swp"), "\0\0binary").expect("writes");
    std::fs::write(dir.join("notes.txt"), "not a tile set").expect("writes");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(server.state()["generation"], before, "{}", server.log());
    assert!(
        server.log().contains("[1] ok: 1 file, 4 tile kinds"),
        "{}",
        server.log()
    );
}

#[test]
fn standard_input_and_a_port_in_use_are_usage_errors() {
    let out = common::tileforge(&["serve", "-"]);
    assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
    assert!(
        common::stderr(&out).contains("standard input"),
        "{}",
        common::stderr(&out)
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("binds");
    let port = taken.local_addr().expect("address").port().to_string();
    let out = common::tileforge(&["serve", "--port", &port, "tests/serve/market.tiles"]);
    assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
    assert!(
        common::stderr(&out).contains("--port 0"),
        "{}",
        common::stderr(&out)
    );
}

/// What the test reads of the page.
const PAGE: &str = r#"document.getElementById('live') === null ? '{"loading": true}' : JSON.stringify({
    generation: document.body.dataset.generation,
    status: document.body.dataset.status,
    tiles: [...document.querySelectorAll('#tiles .tile')].map((f) => f.dataset.id),
    pictures: [...document.querySelectorAll('#tiles img')].filter((i) => i.complete && i.naturalWidth > 0).length,
    codes: [...document.querySelectorAll('#diagnostics .diagnostic')].map((d) => d.dataset.code || ''),
    diagnostics: document.getElementById('diagnostics').textContent,
    sheets: document.querySelectorAll('#sheets img').length,
    stats: document.getElementById('stats').textContent,
    live: document.getElementById('live').textContent,
    detail: document.getElementById('detail').hidden ? null : {
        id: document.getElementById('detail').dataset.id,
        generation: document.getElementById('detail').dataset.generation,
        derived: document.getElementById('detail-derived').textContent,
        json: document.getElementById('detail-json').textContent,
    },
})"#;

/// Polls the page until `done` holds; returns it and how long that took.
fn wait_for_page(
    browser: &mut devtools::Browser,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> (Value, Duration) {
    let started = Instant::now();
    loop {
        let text = browser
            .eval(PAGE)
            .unwrap_or_else(|e| panic!("{what}: {e}\nbrowser log:\n{}", browser.log()));
        let page: Value = serde_json::from_str(text.as_str().unwrap_or("null")).expect("JSON");
        if done(&page) {
            return (page, started.elapsed());
        }
        assert!(
            started.elapsed() < PATIENCE,
            "waited {PATIENCE:?} for {what}; the page shows {page}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_page_in_a_browser_redraws_when_the_file_is_saved() {
    let Some(chromium) = devtools::find() else {
        let required = std::env::var_os("TILEFORGE_REQUIRE_BROWSER").is_some_and(|v| v != "0");
        assert!(
            !required,
            "TILEFORGE_REQUIRE_BROWSER is set but no Chromium was found"
        );
        println!(
            "skipped: no Chromium on this machine (install Debian's `chromium`, as .ci/run does, \
             or set TILEFORGE_CHROMIUM to a Chromium binary)"
        );
        return;
    };
    let (dir, file) = market("serve-browser");
    let server = Serve::start(&[&file]);
    let url = server.url();
    let mut browser = devtools::Browser::open(&chromium, &url, &dir.join("chromium-profile"))
        .unwrap_or_else(|e| panic!("{}: {e}", chromium.display()));

    // The first compile, drawn: every tile with its picture, the sheet, stats.
    let (page, _) = wait_for_page(&mut browser, "the first compile", |p| {
        p["generation"] == "1" && p["pictures"] == 4 && p["live"] == "live"
    });
    assert_eq!(page["status"], "ok");
    assert_eq!(
        page["tiles"],
        serde_json::json!(["market/A", "market/D", "market/M", "market/X"])
    );
    assert_eq!(page["sheets"], 1);
    assert!(page["stats"].as_str().expect("stats").contains("market"));

    // A click on a tile shows its derived fields and its JSON.
    browser
        .eval("document.querySelector('#tiles .tile[data-id=\"market/D\"]').click()")
        .expect("clicks");
    let (page, _) = wait_for_page(&mut browser, "the tile's details", |p| {
        !p["detail"].is_null()
    });
    let derived = page["detail"]["derived"].as_str().expect("derived");
    assert!(derived.contains("field ENE WNW touches #0"), "{derived}");
    assert!(page["detail"]["json"]
        .as_str()
        .expect("json")
        .contains("\"id\": \"market/D\""));

    // A save: the page redraws itself (no reload) with the new tile, and
    // the open details follow the new compile.
    let saved = Instant::now();
    std::fs::write(&file, with_fountain()).expect("saves");
    let (page, _) = wait_for_page(&mut browser, "the saved file", |p| {
        p["tiles"].as_array().is_some_and(|t| t.len() == 5)
    });
    let shown = saved.elapsed();
    wait_for_page(&mut browser, "the new pictures", |p| p["pictures"] == 5);
    let drawn = saved.elapsed();
    assert!(page["tiles"]
        .as_array()
        .expect("tiles")
        .contains(&"market/F".into()));
    let (page, _) = wait_for_page(&mut browser, "the details of the new compile", |p| {
        p["detail"]["generation"] == p["generation"]
    });
    assert_eq!(page["detail"]["id"], "market/D");

    // A broken file: its diagnostics, and no picture left on the page.
    std::fs::write(&file, broken()).expect("saves");
    let (page, _) = wait_for_page(&mut browser, "the diagnostics", |p| p["status"] == "errors");
    assert_eq!(page["tiles"], serde_json::json!([]));
    assert_eq!(page["sheets"], 0);
    assert!(
        page["codes"]
            .as_array()
            .expect("codes")
            .contains(&"E0202".into()),
        "{page}"
    );
    assert!(
        page["diagnostics"]
            .as_str()
            .expect("text")
            .contains("error[E0202]"),
        "{page}"
    );
    assert!(
        page["detail"].is_null(),
        "details of a tile that is gone: {page}"
    );

    // Fixed again: the pictures are back.
    std::fs::write(&file, MARKET).expect("saves");
    wait_for_page(&mut browser, "the fixed file", |p| {
        p["status"] == "ok" && p["pictures"] == 4 && p["codes"] == serde_json::json!([])
    });
    println!(
        "save → page redrawn: {:.0} ms (DOM), {:.0} ms (with every picture loaded)",
        shown.as_secs_f64() * 1000.0,
        drawn.as_secs_f64() * 1000.0
    );
    drop(browser);
}
