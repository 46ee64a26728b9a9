//! `tileforge lsp`: from an edit of a 500-tile fan file (which requires the
//! base game, found in `tilesets/`) to its diagnostics published, over an
//! in-memory connection to the real server loop; and the analysis alone.
//!
//! `cargo bench --bench lsp`

use std::collections::HashMap;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;

const BODIES: &[&str] = &[
    "city N E S W",
    "city N; road E W",
    "city N",
    "city E W",
    "city N; city S",
    "city N; road E S",
    "city N W; road E S",
    "city N E W; road S -> N",
];

/// A fan file of 500 tile kinds, all distinct, its first tile's count `count`.
fn fan(count: u32) -> String {
    let mut text = String::from("expansion fan \"Fan\" {\n    requires base\n}\n");
    for i in 0..500 {
        let body = BODIES[i % BODIES.len()].replace("; ", "\n    ");
        let n = if i == 0 { count } else { 1 };
        let (first, rest) = body.split_once('\n').unwrap_or((&body, ""));
        text.push_str(&format!(
            "\n/// Generated.\ntile g{i} x{n} {{\n    {first} pennants {}\n{}{}}}\n",
            i / BODIES.len() + 1,
            if rest.is_empty() { "" } else { "   " },
            if rest.is_empty() {
                String::new()
            } else {
                format!("{rest}\n")
            },
        ));
    }
    text
}

fn uri() -> String {
    format!(
        "file://{}/benches/sets/lsp-fan-500.tiles",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn wait_for_version(client: &Connection, version: i32) -> usize {
    loop {
        match client.receiver.recv_timeout(Duration::from_secs(60)) {
            Ok(Message::Notification(n)) if n.method == "textDocument/publishDiagnostics" => {
                if n.params["version"] == json!(version) {
                    return n.params["diagnostics"].as_array().map_or(0, Vec::len);
                }
            }
            Ok(_) => {}
            Err(e) => panic!("no diagnostics: {e}"),
        }
    }
}

fn edit_to_diagnostics(c: &mut Criterion) {
    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || tileforge::lsp::serve(&server));
    let init = Request::new(
        RequestId::from(1),
        "initialize".into(),
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    client.sender.send(init.into()).expect("send");
    let _ = client.receiver.recv().expect("initialize result");
    let note = |method: &str, params| Message::from(Notification::new(method.into(), params));
    client
        .sender
        .send(note("initialized", json!({})))
        .expect("send");
    let uri = uri();
    client
        .sender
        .send(note(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "tiles", "version": 0, "text": fan(1) } }),
        ))
        .expect("send");
    wait_for_version(&client, 0);
    let texts = [fan(2), fan(3)];
    let mut version = 0;
    c.bench_function("lsp/edit-500-tiles-to-diagnostics", |b| {
        b.iter(|| {
            version += 1;
            let text = &texts[(version % 2) as usize];
            client
                .sender
                .send(note(
                    "textDocument/didChange",
                    json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
                ))
                .expect("send");
            wait_for_version(&client, version)
        })
    });
    let shutdown = Request::new(RequestId::from(2), "shutdown".into(), json!(null));
    client.sender.send(shutdown.into()).expect("send");
    client.sender.send(note("exit", json!(null))).expect("send");
    thread.join().expect("server thread").expect("server");
}

fn analysis_alone(c: &mut Criterion) {
    let uri: lsp_types::Uri = uri().parse().expect("uri");
    let document = tileforge::lsp::Document {
        path: Some(
            format!(
                "{}/benches/sets/lsp-fan-500.tiles",
                env!("CARGO_MANIFEST_DIR")
            )
            .into(),
        ),
        uri: uri.clone(),
        version: 1,
        text: std::sync::Arc::new(fan(2)),
    };
    let mut disk = tileforge::lsp::Disk::default();
    let open = HashMap::new();
    c.bench_function("lsp/analyse-500-tiles", |b| {
        b.iter(|| {
            let analysis = tileforge::lsp::analyse(
                &document,
                &open,
                &mut disk,
                tileforge::lsp::Encoding::Utf16,
            );
            analysis.lsp_diagnostics(&uri).len()
        })
    });
}

criterion_group!(benches, edit_to_diagnostics, analysis_alone);
criterion_main!(benches);
