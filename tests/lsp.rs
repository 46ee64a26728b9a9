//! `tileforge lsp`, driven by a scripted client over standard input and
//! output: diagnostics on open and change (codes, related spans), hover on
//! tiles and names, completion in context, go to definition across files
//! and into the prelude, document symbols, formatting; and documents that
//! must not crash or block the server (half-typed, binary, over 4 MiB, a
//! big one still compiling, a file deleted while open).

mod common;

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Generous: the test binary is a debug build on a shared machine.
const PATIENCE: Duration = Duration::from_secs(120);

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: mpsc::Receiver<Value>,
    /// Notifications read while waiting for something else.
    notes: Vec<Value>,
    next_id: i64,
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display()).replace(' ', "%20")
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (send, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(message) = common::read_lsp_message(&mut stdout) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            incoming,
            notes: Vec::new(),
            next_id: 1,
        };
        let init = client.request(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": {} }),
        );
        let caps = &init["capabilities"];
        for provider in [
            "hoverProvider",
            "completionProvider",
            "definitionProvider",
            "documentSymbolProvider",
            "documentFormattingProvider",
        ] {
            assert!(!caps[provider].is_null(), "no {provider} in {init}");
        }
        assert_eq!(caps["positionEncoding"], "utf-16");
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn next(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        self.incoming
            .recv_timeout(left)
            .expect("the server answers in time")
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let message = self.next(deadline);
            if message["id"] == json!(id) && message.get("method").is_none() {
                assert!(message["error"].is_null(), "{method} failed: {message}");
                return message["result"].clone();
            }
            self.notes.push(message);
        }
    }

    /// The diagnostics published for a document at a version.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let found = self.notes.iter().position(|n| {
                n["method"] == "textDocument/publishDiagnostics"
                    && n["params"]["uri"] == uri
                    && n["params"]["version"] == json!(version)
            });
            if let Some(at) = found {
                let note = self.notes.remove(at);
                return note["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            let message = self.next(deadline);
            self.notes.push(message);
        }
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "tiles", "version": 1, "text": text } }),
        );
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
        );
    }

    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }

    /// Shuts the server down; it must exit cleanly and soon.
    fn finish(mut self) {
        let result = self.request("shutdown", Value::Null);
        assert!(result.is_null());
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "the server exited with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// `DIR/tilesets/base.tiles` (a copy) and `DIR/fan/fan.tiles`.
fn workspace(name: &str, fan: &str) -> (PathBuf, PathBuf) {
    let dir = common::scratch(name);
    std::fs::create_dir_all(dir.join("tilesets")).expect("dir");
    std::fs::create_dir_all(dir.join("fan")).expect("dir");
    std::fs::copy("tilesets/base.tiles", dir.join("tilesets/base.tiles")).expect("copy");
    let path = dir.join("fan/fan.tiles");
    std::fs::write(&path, fan).expect("write");
    (dir, path)
}

/// Line numbers below count from 0.
const FAN: &str = "\
expansion fan \"Fan\" {
    requires base
    year 2026
}

/// A pond: scored like a cloister.
kind pond spot \"Pond\" {
    centre
    occupy follower
    score neighbourhood { complete 6; tile.incomplete 1 }
}

/// A city above a pond.
tile P x2 {
    city N pennant
    pond
}
";

/// The same file with an error: a road into the city's side.
const BROKEN: &str = "\
expansion fan \"Fan\" {
    requires base
    year 2026
}

/// A pond: scored like a cloister.
kind pond spot \"Pond\" {
    centre
    occupy follower
    score neighbourhood { complete 6; tile.incomplete 1 }
}

/// A city above a pond.
tile P x2 {
    city N pennant
    road N S
    pond
}
";

fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| i["label"].as_str().expect("label").to_string())
        .collect()
}

#[test]
fn diagnostics_hover_completion_definition_symbols_and_formatting() {
    let (_dir, path) = workspace("lsp-features", BROKEN);
    let uri = uri(&path);
    let mut client = Client::start();
    client.open(&uri, BROKEN);

    // The checker's error, with its code and the span it relates to.
    let diagnostics = client.diagnostics(&uri, 1);
    let e0202: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "E0202")
        .collect();
    assert_eq!(e0202.len(), 1, "{diagnostics:?}");
    let d = e0202[0];
    assert_eq!(d["severity"], 1);
    assert_eq!(d["range"]["start"]["line"], 15, "{d}");
    assert_eq!(d["source"], "tileforge");
    let related = d["relatedInformation"].as_array().expect("related spans");
    assert_eq!(related[0]["location"]["uri"], uri);
    assert_eq!(related[0]["location"]["range"]["start"]["line"], 14);

    // Fixed: no diagnostics left.
    client.change(&uri, 2, FAN);
    assert_eq!(client.diagnostics(&uri, 2), Vec::<Value>::new());

    // Hover on the tile: derived edges and fields, and its picture.
    let hover = client.at("textDocument/hover", &uri, 13, 5);
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("fan/P x2 CFFF"), "{text}");
    assert!(text.contains("field"), "{text}");
    assert!(text.contains("A city above a pond."), "{text}");
    assert!(
        text.contains("](data:image/png;base64,iVBORw0KGgo"),
        "{text}"
    );

    // Hover on a kind of the prelude and on the file's own.
    let hover = client.at("textDocument/hover", &uri, 14, 5);
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("kind city region \"City\""), "{text}");
    assert!(text.contains("declared in <prelude>"), "{text}");
    let hover = client.at("textDocument/hover", &uri, 15, 6);
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("kind pond spot"), "{text}");
    assert!(text.contains("A pond: scored like a cloister."), "{text}");
    // An attribute.
    let hover = client.at("textDocument/hover", &uri, 14, 13);
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("attribute pennant on city"), "{text}");

    // Completion: kinds at a statement's start, what fits a city after it,
    // what may follow `->`, required expansions.
    let typed = FAN.replace("    pond\n}", "    pond\n    \n}");
    client.change(&uri, 3, &typed);
    client.diagnostics(&uri, 3);
    let kinds = labels(&client.at("textDocument/completion", &uri, 16, 4));
    for k in ["city", "road", "field", "cloister", "pond"] {
        assert!(kinds.contains(&k.to_string()), "{k} not in {kinds:?}");
    }
    let typed = FAN.replace("    pond\n}", "    pond\n    city \n}");
    client.change(&uri, 4, &typed);
    let city = labels(&client.at("textDocument/completion", &uri, 16, 9));
    for w in ["N", "E", "pennant", "cathedral", "touching", "reaching"] {
        assert!(city.contains(&w.to_string()), "{w} not in {city:?}");
    }
    assert!(
        !city.contains(&"inn".to_string()),
        "inn is on roads: {city:?}"
    );
    let typed = FAN.replace("    pond\n}", "    pond\n    road S -> \n}");
    client.change(&uri, 5, &typed);
    let target = labels(&client.at("textDocument/completion", &uri, 16, 14));
    for w in ["N", "village", "cloister", "pond"] {
        assert!(target.contains(&w.to_string()), "{w} not in {target:?}");
    }
    let typed = FAN.replace("requires base", "requires ");
    client.change(&uri, 6, &typed);
    let requires = labels(&client.at("textDocument/completion", &uri, 1, 13));
    assert!(requires.contains(&"base".to_string()), "{requires:?}");
    client.change(&uri, 7, FAN);
    client.diagnostics(&uri, 7);

    // Go to definition: the required expansion in its file, a kind of the
    // prelude (its copy on disk), the file's own kind.
    let base = client.at("textDocument/definition", &uri, 1, 14);
    let base = &base.as_array().expect("locations")[0];
    assert!(
        base["uri"]
            .as_str()
            .expect("uri")
            .ends_with("/tilesets/base.tiles"),
        "{base}"
    );
    let city = client.at("textDocument/definition", &uri, 14, 5);
    let city = &city.as_array().expect("locations")[0];
    let prelude = city["uri"].as_str().expect("uri");
    assert!(prelude.ends_with("/prelude.tiles"), "{city}");
    let line = city["range"]["start"]["line"].as_u64().expect("line") as usize;
    let copy =
        std::fs::read_to_string(prelude.trim_start_matches("file://")).expect("prelude copy");
    assert!(copy
        .lines()
        .nth(line)
        .expect("line")
        .starts_with("kind city region"));
    let pond = client.at("textDocument/definition", &uri, 15, 5);
    assert_eq!(pond[0]["uri"], uri);
    assert_eq!(pond[0]["range"]["start"]["line"], 6);

    // One symbol per item, the tile among them.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    let symbols = symbols.as_array().expect("symbols");
    let names: Vec<&str> = symbols
        .iter()
        .map(|s| s["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["fan", "pond", "P"]);
    assert_eq!(symbols[2]["kind"], 23, "a tile is a struct");
    assert_eq!(symbols[2]["detail"], "x2");

    // Formatting through `fmt`.
    let messy = FAN.replace(
        "    city N pennant\n    pond\n",
        "  city   N pennant ; pond\n",
    );
    client.change(&uri, 8, &messy);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let edits = edits.as_array().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["newText"], FAN);
    assert_eq!(
        edits[0]["range"]["start"],
        json!({ "line": 0, "character": 0 })
    );
    client.change(&uri, 9, FAN);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(edits, json!([]));

    // `expansion/tile`: hover shows that tile, definition goes to it.
    let edit_uri = uri.replace("fan.tiles", "edit.tiles");
    client.open(
        &edit_uri,
        "expansion edit \"Edit\" {\n    requires base\n}\n\nremove base/D x1\n",
    );
    client.diagnostics(&edit_uri, 1);
    let hover = client.at("textDocument/hover", &edit_uri, 4, 12);
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.contains("**tile `base/D`**"), "{text}");
    assert!(text.contains("base/D x4 CRFR"), "{text}");
    let d = client.at("textDocument/definition", &edit_uri, 4, 12);
    let d = &d.as_array().expect("locations")[0];
    assert!(
        d["uri"]
            .as_str()
            .expect("uri")
            .ends_with("/tilesets/base.tiles"),
        "{d}"
    );
    let line = d["range"]["start"]["line"].as_u64().expect("line") as usize;
    let base = std::fs::read_to_string("tilesets/base.tiles").expect("base");
    assert!(base
        .lines()
        .nth(line)
        .expect("line")
        .starts_with("tile D x4"));
    client.finish();
}

#[test]
fn hostile_documents_neither_crash_nor_block_the_server() {
    let (dir, path) = workspace("lsp-hostile", FAN);
    let uri = uri(&path);
    let mut client = Client::start();
    client.open(&uri, FAN);
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());

    // Half-typed, at every length: diagnostics, and answers everywhere.
    let mut version = 1;
    for end in (0..BROKEN.len()).step_by(37) {
        version += 1;
        client.change(&uri, version, &BROKEN[..end]);
    }
    client.diagnostics(&uri, version);
    for line in 0..18 {
        client.at("textDocument/hover", &uri, line, 3);
        client.at("textDocument/completion", &uri, line, 40);
        client.at("textDocument/definition", &uri, line, 1);
    }

    // Bytes of every value (as the protocol carries them, UTF-8 text).
    let binary: String = (0..4096u32)
        .map(|i| char::from_u32((i * 7919) % 0x3000).unwrap_or('\u{fffd}'))
        .collect();
    version += 1;
    client.change(&uri, version, &binary);
    let diagnostics = client.diagnostics(&uri, version);
    assert!(!diagnostics.is_empty(), "binary text has errors");
    assert!(
        diagnostics.len() <= 101,
        "{} diagnostics",
        diagnostics.len()
    );
    client.at("textDocument/hover", &uri, 0, 100);
    client.at("textDocument/completion", &uri, 3, 5);
    client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );

    // Over 4 MiB: refused with one diagnostic.
    let huge = "tile A { city N }\n".repeat((4 << 20) / 18 + 1);
    version += 1;
    client.change(&uri, version, &huge);
    let diagnostics = client.diagnostics(&uri, version);
    assert_eq!(diagnostics.len(), 1);
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .expect("message")
            .contains("larger than 4 MiB"),
        "{diagnostics:?}"
    );

    // Just under 4 MiB of errors, still compiling: another document is
    // answered meanwhile.
    let big_uri = uri.replace("fan.tiles", "big.tiles");
    let big = "tile A { road N S; city N; bogus }\n".repeat((4 << 20) / 36 - 10);
    client.open(&big_uri, &big);
    let small_uri = uri.replace("fan.tiles", "small.tiles");
    client.open(&small_uri, FAN);
    let started = Instant::now();
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": small_uri } }),
    );
    assert_eq!(symbols.as_array().map(Vec::len), Some(3));
    client.at("textDocument/hover", &big_uri, 0, 5);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "requests waited {:?} for a compile",
        started.elapsed()
    );

    // The file deleted while open, then the set it requires: still answered.
    std::fs::remove_file(&path).expect("delete");
    version += 1;
    client.change(&uri, version, BROKEN);
    let diagnostics = client.diagnostics(&uri, version);
    assert!(
        diagnostics.iter().any(|d| d["code"] == "E0202"),
        "{diagnostics:?}"
    );
    // (`requires base` may still resolve: a `tilesets/` above the scratch
    // directory, the repository's, is searched too.)
    std::fs::remove_dir_all(dir.join("tilesets")).expect("delete");
    version += 1;
    client.change(&uri, version, BROKEN);
    let diagnostics = client.diagnostics(&uri, version);
    assert!(
        diagnostics.iter().any(|d| d["code"] == "E0202"),
        "{diagnostics:?}"
    );
    client.at("textDocument/hover", &uri, 13, 5);
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri } }),
    );
    client.at("textDocument/hover", &uri, 13, 5);
    client.finish();
}

/// A declared body longer than memory (`Content-Length` near `usize::MAX`)
/// closes the connection: no panic, no abort (issue 22's fuzzing found the
/// transport allocating the declared length up front).
#[test]
fn a_huge_content_length_closes_the_connection_without_aborting() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;
    let mut input = format!("Content-Length: {}\r\n\r\n{init}", init.len());
    input.push_str(&format!("Content-Length: {}\r\n\r\n{{}}", usize::MAX));
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("writes");
    drop(stdin);
    let out = child.wait_with_output().expect("exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some(), "killed by a signal: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
