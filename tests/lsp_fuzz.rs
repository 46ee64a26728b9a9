//! `tileforge lsp` fed wrong-shaped messages through the binary: params of
//! the wrong type, missing or null, huge numbers; positions out of range and
//! inside multibyte characters; seeded random byte edits of the shipped
//! sets with every request the server advertises on each; odd URIs; and
//! `shutdown` then `exit` sent at once, whose answer must be written before
//! the process ends. Never a panic (an internal error), never an exit, and a
//! normal request is answered afterwards.

mod common;

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const PATIENCE: Duration = Duration::from_secs(60);
/// JSON-RPC's internal error: what a panic in a handler becomes.
const INTERNAL: i64 = -32603;

fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: mpsc::Receiver<Value>,
    next_id: i64,
    requests: usize,
    /// Notifications read while waiting for an answer.
    notes: Vec<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take();
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
            next_id: 1,
            requests: 0,
            notes: Vec::new(),
        };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        assert!(init["result"]["capabilities"].is_object(), "{init}");
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().expect("open");
        stdin.write_all(&frame(message)).expect("the server reads");
        stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns the whole response (result or error),
    /// failing on an internal error.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.requests += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self.incoming.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no answer to {method} {params}; exited: {:?}",
                    self.child.try_wait()
                )
            });
            if message["id"] == json!(id) && message.get("method").is_none() {
                assert_ne!(
                    message["error"]["code"],
                    json!(INTERNAL),
                    "{method} {params} failed inside: {message}"
                );
                return message;
            }
            self.notes.push(message);
        }
    }

    /// Waits for the diagnostics of a document at a version (so that the
    /// requests after it are asked of that text's analysis).
    fn diagnostics(&mut self, uri: &str, version: i64) {
        let deadline = Instant::now() + PATIENCE;
        let published = |n: &Value| {
            n["method"] == "textDocument/publishDiagnostics"
                && n["params"]["uri"] == uri
                && n["params"]["version"] == json!(version)
        };
        while !self.notes.iter().any(published) {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self.incoming.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no diagnostics for version {version}; exited: {:?}",
                    self.child.try_wait()
                )
            });
            self.notes.push(message);
        }
        self.notes.clear();
    }

    fn still_answers(&mut self) {
        let m = self.request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": "file:///nowhere/ok.tiles" } }),
        );
        assert!(
            m["error"].is_null() || m["error"]["code"] != json!(INTERNAL),
            "{m}"
        );
        assert!(
            matches!(self.child.try_wait(), Ok(None)),
            "the server exited"
        );
    }

    /// Every position request the server advertises, at one place.
    fn everything_at(&mut self, uri: &str, line: Value, character: Value) {
        let at = json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            self.request(method, at.clone());
        }
    }

    fn whole_document(&mut self, uri: &str) {
        self.request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        );
        self.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
        );
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "tiles", "version": 1, "text": text } }),
        );
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn params_of_the_wrong_shape_are_refused_or_ignored() {
    let mut client = Client::start();
    let uri = "file:///nowhere/a.tiles";
    client.open(uri, "expansion a\ntile A x1 { city N }\n");
    let wrong = [
        Value::Null,
        json!(1),
        json!("text"),
        json!([]),
        json!({}),
        json!({ "textDocument": null }),
        json!({ "textDocument": { "uri": 5 } }),
        json!({ "textDocument": { "uri": uri } }),
        json!({ "textDocument": { "uri": uri }, "position": null }),
        json!({ "textDocument": { "uri": uri }, "position": { "line": -1, "character": 0 } }),
        json!({ "textDocument": { "uri": uri }, "position": { "line": 1e300, "character": 1 } }),
        json!({ "textDocument": { "uri": uri }, "position": { "line": 18446744073709551615u64, "character": 0 } }),
        json!({ "textDocument": { "uri": uri }, "position": { "line": "1", "character": [] } }),
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": -4, "insertSpaces": "no" } }),
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4294967295u64, "insertSpaces": true } }),
        json!({ "textDocument": { "uri": uri, "version": 1e40 }, "contentChanges": null }),
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": 7 }] }),
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "range": { "start": { "line": 9, "character": 9 }, "end": { "line": 0, "character": 0 } }, "text": "x" }] }),
    ];
    let methods = [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
        "textDocument/documentSymbol",
        "textDocument/formatting",
        "textDocument/semanticTokens/full",
        "workspace/symbol",
        "no/such/method",
    ];
    let notifications = [
        "textDocument/didOpen",
        "textDocument/didChange",
        "textDocument/didClose",
        "textDocument/didSave",
        "$/cancelRequest",
        "no/such/notification",
    ];
    for params in &wrong {
        for method in methods {
            client.request(method, params.clone());
        }
        for method in notifications {
            client.notify(method, params.clone());
        }
        // Not even an object as the message; a request without a method.
        client.send(&json!({ "jsonrpc": "2.0", "id": [1], "method": "textDocument/hover", "params": params }));
    }
    client.open(uri, "expansion a\ntile A x1 { city N }\n");
    client.still_answers();
    eprintln!("{} requests", client.requests);
}

#[test]
fn positions_out_of_range_and_inside_multibyte_characters_are_answered() {
    let mut client = Client::start();
    let uri = "file:///nowhere/wide.tiles";
    // Two-byte, three-byte and four-byte (a UTF-16 surrogate pair) characters.
    let text = "expansion wide\n/// Å ☃ 😀😀 tile\ntile A x1 { city N } // 😀\n\n😀";
    client.open(uri, text);
    let lines = [
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(4),
        json!(5),
        json!(2147483648u64),
        json!(4294967295u64),
    ];
    let characters = [
        json!(0),
        json!(3),
        json!(4),
        json!(5),
        json!(6),
        json!(7),
        json!(8),
        json!(9),
        json!(10),
        json!(27),
        json!(28),
        json!(29),
        json!(2147483648u64),
        json!(4294967295u64),
    ];
    for line in &lines {
        for character in &characters {
            client.everything_at(uri, line.clone(), character.clone());
        }
    }
    client.whole_document(uri);
    client.still_answers();
    eprintln!("{} requests", client.requests);
}

#[test]
fn seeded_random_edits_of_the_shipped_sets_are_answered_everywhere() {
    let started = Instant::now();
    let mut client = Client::start();
    let mut rng = common::Rng(0x22_f022);
    let dir = common::scratch("lsp-fuzz-mutants");
    let mut mutants = 0;
    for set in common::shipped() {
        let original = std::fs::read(&set).expect("reads the set");
        let uri = format!(
            "file://{}",
            dir.join(set.file_name().expect("name")).display()
        );
        client.open(&uri, &String::from_utf8_lossy(&original));
        for version in 2..27 {
            let mut bytes = original.clone();
            for _ in 0..1 + rng.below(12) {
                let at = rng.below(bytes.len());
                match rng.below(3) {
                    0 => bytes[at] = (rng.next() & 0xff) as u8,
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, b"{}\"/\n;x\xf0"[rng.below(8)]),
                }
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            client.notify(
                "textDocument/didChange",
                json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
            );
            client.diagnostics(&uri, version);
            mutants += 1;
            let lines: Vec<&str> = text.lines().collect();
            for _ in 0..4 {
                let line = rng.below(lines.len() + 2);
                let width = lines.get(line).map_or(0, |l| l.encode_utf16().count());
                let character = rng.below(width + 3);
                client.everything_at(&uri, json!(line), json!(character));
            }
            client.whole_document(&uri);
        }
    }
    client.still_answers();
    eprintln!(
        "{mutants} mutants, {} requests in {:?}",
        client.requests,
        started.elapsed()
    );
}

#[test]
fn odd_uris_are_answered() {
    let mut client = Client::start();
    let long = format!("file:///{}.tiles", "a/".repeat(50_000));
    let uris = [
        "untitled:Untitled-1",
        "http://example.com/a.tiles",
        "file://host/share/a.tiles",
        "file:///%00.tiles",
        "file:///%ff%fe/a.tiles",
        "file:///a%2f..%2f..%2fetc/passwd",
        "file:///../../etc/passwd",
        "file:a.tiles",
        "a.tiles",
        "",
        "file://",
        "file:///",
        long.as_str(),
    ];
    for uri in uris {
        client.open(uri, "expansion x\nrequires base\ntile A x1 { city N }\n");
        client.everything_at(uri, json!(2), json!(6));
        client.whole_document(uri);
        client.notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": uri } }),
        );
    }
    client.still_answers();
}

/// `shutdown` and `exit` sent in one write, the input then closed: the
/// answer to `shutdown` is on the output before the process ends, and it
/// ends with success. Repeated, since a lost answer is a race.
#[test]
fn the_shutdown_answer_is_written_before_the_server_exits() {
    for round in 0..12 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts");
        let mut input = frame(
            &json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
        );
        input.extend(frame(
            &json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
        ));
        input.extend(frame(
            &json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown" }),
        ));
        input.extend(frame(&json!({ "jsonrpc": "2.0", "method": "exit" })));
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(&input).expect("writes");
        drop(stdin);
        let out = child.wait_with_output().expect("exits");
        assert!(out.status.success(), "round {round}: {}", out.status);
        let mut reader = BufReader::new(&out.stdout[..]);
        let mut ids = Vec::new();
        while let Some(m) = common::read_lsp_message(&mut reader) {
            ids.push(m["id"].clone());
        }
        assert_eq!(ids, [json!(1), json!(2)], "round {round}: answers {ids:?}");
    }
}
