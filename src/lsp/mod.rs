//! `tileforge lsp`: a language server on standard input and output (the
//! `lsp-server` and `lsp-types` crates rust-analyzer is built on).
//!
//! The main thread answers requests; a worker thread compiles documents
//! (the latest text of each, edits made meanwhile coalesced), stores the
//! [`Analysis`] and publishes its diagnostics. Requests read the latest
//! analysis, so a slow compile (a huge or hostile document) never blocks
//! hover, completion or formatting; a panic in a handler costs that one
//! request an error reply, never the server.
//!
//! | file | job |
//! |---|---|
//! | `analysis.rs` | a document compiled with what it requires; diagnostics in the protocol's terms |
//! | `workspace.rs` | where `requires` are found (the document's directory, then `tilesets/` beside it or above) |
//! | `decls.rs` | the declarations a document can name |
//! | `words.rs` | what the word under the cursor is |
//! | `hover.rs`, `complete.rs`, `navigate.rs` | hover, completion, definition and document symbols |
//! | `transport.rs` | standard I/O framing with a bound on a message's length |
//! | `position.rs`, `uri.rs` | offsets ↔ positions (UTF-8 or UTF-16), URIs ↔ paths |

mod analysis;
mod complete;
mod decls;
mod hover;
mod navigate;
mod position;
mod transport;
mod uri;
mod words;
mod workspace;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams,
    DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse,
    HoverParams, HoverProviderCapability, InitializeParams, OneOf, PositionEncodingKind,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextEdit, Uri,
};

pub use analysis::{analyse, Analysis, Document};
pub use position::{Encoding, Lines};
pub use workspace::Disk;

/// What the main thread and the worker share.
#[derive(Default)]
struct Shared {
    /// Open documents.
    documents: Mutex<HashMap<Uri, Document>>,
    /// The latest analysis of each open document.
    analyses: Mutex<HashMap<Uri, Arc<Analysis>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Serves one client on standard input and output until it says `exit`
/// (or closes its end).
///
/// # Errors
/// A protocol error during the handshake.
pub fn run_stdio() -> Result<(), String> {
    // Bounded frames (`transport.rs`). The process ends with the main
    // thread, so before returning it waits for the writer to have written
    // the last answer (`shutdown`'s); the reader is not joined (it may be
    // blocked on a client that never closes its end).
    let (connection, written) = transport::stdio();
    let result = serve(&connection);
    drop(connection);
    written.wait(std::time::Duration::from_secs(2));
    result
}

/// Serves one client over a connection (standard I/O, or in memory for
/// benchmarks and tests).
///
/// # Errors
/// A protocol error during the handshake.
pub fn serve(connection: &Connection) -> Result<(), String> {
    let (id, params) = connection.initialize_start().map_err(|e| e.to_string())?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let encoding = negotiate(&params);
    let capabilities = ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ">".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    };
    let init = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": { "name": "tileforge", "version": env!("CARGO_PKG_VERSION") },
    });
    connection
        .initialize_finish(id, init)
        .map_err(|e| e.to_string())?;

    let shared = Arc::new(Shared::default());
    let (jobs, queue) = mpsc::channel::<Uri>();
    let worker = {
        let shared = shared.clone();
        let sender = connection.sender.clone();
        std::thread::Builder::new()
            .name("tileforge-lsp-worker".into())
            .spawn(move || work(&shared, &queue, &sender, encoding))
            .map_err(|e| e.to_string())?
    };
    let mut shutting_down = false;
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if request.method == "shutdown" {
                    shutting_down = true;
                    let _ = connection
                        .sender
                        .send(Response::new_ok(request.id, ()).into());
                    continue;
                }
                let response = if shutting_down {
                    Response::new_err(
                        request.id,
                        ErrorCode::InvalidRequest as i32,
                        "the server is shutting down".into(),
                    )
                } else {
                    let id = request.id.clone();
                    catch_unwind(AssertUnwindSafe(|| respond(&shared, request, encoding)))
                        .unwrap_or_else(|_| {
                            Response::new_err(
                                id,
                                ErrorCode::InternalError as i32,
                                "tileforge failed on this request (a bug: please report it)".into(),
                            )
                        })
                };
                let _ = connection.sender.send(response.into());
            }
            Message::Notification(n) if n.method == "exit" => break,
            Message::Notification(n) => {
                let _ = catch_unwind(AssertUnwindSafe(|| notify(&shared, &jobs, n)));
            }
            Message::Response(_) => {}
        }
    }
    drop(jobs);
    drop(worker);
    Ok(())
}

/// UTF-8 columns when the client offers them, else UTF-16.
fn negotiate(params: &InitializeParams) -> Encoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    if offered.is_some_and(|list| list.contains(&PositionEncodingKind::UTF8)) {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    }
}

/// Opens, changes and closes documents; each change queues the document
/// and the open documents that read it.
fn notify(shared: &Shared, jobs: &mpsc::Sender<Uri>, n: Notification) {
    let changed = match n.method.as_str() {
        "textDocument/didOpen" => {
            let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) else {
                return;
            };
            let doc = p.text_document;
            let document = Document {
                path: uri::to_path(&doc.uri),
                uri: doc.uri.clone(),
                version: doc.version,
                text: Arc::new(doc.text),
            };
            lock(&shared.documents).insert(doc.uri.clone(), document);
            doc.uri
        }
        "textDocument/didChange" => {
            let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) else {
                return;
            };
            // Full sync: the last change holds the whole text.
            let Some(change) = p.content_changes.into_iter().last() else {
                return;
            };
            let mut documents = lock(&shared.documents);
            let Some(document) = documents.get_mut(&p.text_document.uri) else {
                return;
            };
            document.version = p.text_document.version;
            document.text = Arc::new(change.text);
            p.text_document.uri
        }
        "textDocument/didClose" => {
            let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) else {
                return;
            };
            lock(&shared.documents).remove(&p.text_document.uri);
            lock(&shared.analyses).remove(&p.text_document.uri);
            p.text_document.uri
        }
        _ => return,
    };
    let path = uri::to_path(&changed);
    let readers: Vec<Uri> = lock(&shared.analyses)
        .iter()
        .filter(|(u, a)| {
            **u != changed
                && path
                    .as_ref()
                    .is_some_and(|p| a.paths.values().any(|q| q == p))
        })
        .map(|(u, _)| u.clone())
        .collect();
    let _ = jobs.send(changed);
    for uri in readers {
        let _ = jobs.send(uri);
    }
}

/// The worker: compiles the latest text of each queued document and
/// publishes its diagnostics (empty ones for a closed document).
fn work(
    shared: &Shared,
    queue: &mpsc::Receiver<Uri>,
    sender: &crossbeam_channel::Sender<Message>,
    encoding: Encoding,
) {
    let mut disk = Disk::default();
    while let Ok(first) = queue.recv() {
        let mut pending = vec![first];
        pending.extend(queue.try_iter());
        let mut seen: Vec<Uri> = Vec::new();
        pending.retain(|u| {
            let new = !seen.contains(u);
            if new {
                seen.push(u.clone());
            }
            new
        });
        for uri in pending {
            let (document, open) = {
                let documents = lock(&shared.documents);
                let open: HashMap<PathBuf, Arc<String>> = documents
                    .values()
                    .filter_map(|d| Some((d.path.clone()?, d.text.clone())))
                    .collect();
                (documents.get(&uri).cloned(), open)
            };
            let Some(document) = document else {
                publish(sender, uri, Vec::new(), None);
                continue;
            };
            let result = catch_unwind(AssertUnwindSafe(|| {
                analyse(&document, &open, &mut disk, encoding)
            }));
            let Ok(analysis) = result else { continue };
            let diagnostics = analysis.lsp_diagnostics(&uri);
            let version = analysis.version;
            // Stored before it is published, so a client that waits for the
            // diagnostics then asks about the document sees this analysis.
            if lock(&shared.documents).contains_key(&uri) {
                lock(&shared.analyses).insert(uri.clone(), Arc::new(analysis));
                publish(sender, uri, diagnostics, Some(version));
            }
        }
    }
}

fn publish(
    sender: &crossbeam_channel::Sender<Message>,
    uri: Uri,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    let _ = sender.send(Notification::new("textDocument/publishDiagnostics".into(), params).into());
}

/// The reply to one request.
fn respond(shared: &Shared, request: Request, encoding: Encoding) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        "textDocument/hover" => parse::<HoverParams>(request).map(|p| {
            let at = p.text_document_position_params;
            with_analysis(shared, &at.text_document.uri, |a| {
                hover::hover(a, a.lines.offset(&a.text, at.position))
            })
            .flatten()
            .map_or(serde_json::Value::Null, |h| to_json(&h))
        }),
        "textDocument/definition" => parse::<GotoDefinitionParams>(request).map(|p| {
            let at = p.text_document_position_params;
            let uri = at.text_document.uri;
            let found = with_analysis(shared, &uri, |a| {
                navigate::definition(a, a.lines.offset(&a.text, at.position), &uri)
            })
            .unwrap_or_default();
            to_json(&GotoDefinitionResponse::Array(found))
        }),
        "textDocument/completion" => parse::<CompletionParams>(request).map(|p| {
            let at = p.text_document_position;
            let uri = at.text_document.uri;
            let Some(document) = lock(&shared.documents).get(&uri).cloned() else {
                return serde_json::Value::Null;
            };
            let lines = Lines::new(&document.text, encoding);
            let offset = lines.offset(&document.text, at.position);
            let (decls, available) = with_analysis(shared, &uri, |a| {
                (decls::collect(&a.asts), a.available.clone())
            })
            .unwrap_or_else(|| (decls::collect(&[]), Vec::new()));
            let items = complete::complete(&document.text, offset, &decls, &available);
            to_json(&CompletionResponse::Array(items))
        }),
        "textDocument/documentSymbol" => parse::<DocumentSymbolParams>(request).map(|p| {
            let uri = p.text_document.uri;
            let Some(document) = lock(&shared.documents).get(&uri).cloned() else {
                return serde_json::Value::Null;
            };
            let fresh = with_analysis(shared, &uri, |a| {
                (a.version == document.version)
                    .then(|| navigate::symbols(&a.asts[0], &a.text, &a.lines))
            })
            .flatten();
            let symbols = fresh.unwrap_or_else(|| {
                if document.text.len() > workspace::MAX_SOURCE {
                    return Vec::new();
                }
                let (tree, _) = crate::syntax::parse(crate::diag::FileId(0), &document.text);
                let lines = Lines::new(&document.text, encoding);
                navigate::symbols(&tree, &document.text, &lines)
            });
            to_json(&DocumentSymbolResponse::Nested(symbols))
        }),
        "textDocument/formatting" => parse::<DocumentFormattingParams>(request).map(|p| {
            let Some(document) = lock(&shared.documents).get(&p.text_document.uri).cloned() else {
                return serde_json::Value::Null;
            };
            to_json(&formatting(&document.text, encoding))
        }),
        _ => {
            return Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("tileforge does not answer `{}`", request.method),
            )
        }
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err(message) => Response::new_err(id, ErrorCode::InvalidParams as i32, message),
    }
}

/// The edits that format a document: one replacing the whole text, none
/// when it is formatted or does not parse.
#[must_use]
pub fn formatting(text: &str, encoding: Encoding) -> Vec<TextEdit> {
    if text.len() > workspace::MAX_SOURCE {
        return Vec::new();
    }
    match crate::fmt::format(crate::diag::FileId(0), text) {
        Ok(formatted) if formatted != text => {
            let lines = Lines::new(text, encoding);
            vec![TextEdit::new(lines.range(text, 0, text.len()), formatted)]
        }
        _ => Vec::new(),
    }
}

fn parse<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, String> {
    serde_json::from_value(request.params).map_err(|e| format!("bad parameters: {e}"))
}

fn to_json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn with_analysis<R>(shared: &Shared, uri: &Uri, f: impl FnOnce(&Analysis) -> R) -> Option<R> {
    let analysis = lock(&shared.analyses).get(uri).cloned()?;
    Some(f(&analysis))
}
