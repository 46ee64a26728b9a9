//! `tileforge serve`: a live preview page on the loopback. The inputs are
//! compiled into a [`Snapshot`] (diagnostics, tiles, sheets, stats), served
//! by a small HTTP server, and compiled again whenever a file is saved; the
//! page hears of it through server-sent events and redraws itself.
//!
//! ```text
//!  files ──notify──▶ Watch ──settled──▶ read + compile ──▶ Snapshot (Arc, swapped)
//!                                                            │ generation
//!  browser ◀── /events (SSE) ◀── Condvar ◀──────────────────┘
//!          ──▶ /api/state, /g/N/tile/I.png ... ──▶ routes ──▶ the current snapshot
//! ```
//!
//! Like the CLI, this module does I/O (sockets, file watching); the page's
//! assets are embedded in the binary. One thread per connection, at most
//! [`MAX_CONNECTIONS`] at once and [`MAX_STREAMS`] event streams; the
//! server binds 127.0.0.1 only and answers only requests addressed to it by
//! that name or `localhost` (so a web page elsewhere cannot reach it by
//! rebinding a domain name to the loopback).

mod http;
mod routes;
mod snapshot;
mod watch;

use std::io::{BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::{Duration, Instant};

pub use snapshot::{fingerprint, Input, Snapshot, Status};

/// The most connections served at once; more are answered 503.
pub const MAX_CONNECTIONS: usize = 64;
/// The most event streams open at once.
pub const MAX_STREAMS: usize = 16;
/// How long a connection may take to send its request head, in all (not
/// per read: a client sending a byte at a time is cut off too).
pub const READ_TIMEOUT: Duration = Duration::from_secs(5);
/// How often an idle event stream sends a comment (to notice a closed page).
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What the server compiles: it reads the inputs afresh after every change.
pub trait Inputs: Send + 'static {
    /// The files and directories named on the command line (watched).
    fn paths(&self) -> &[PathBuf];
    /// Reads every input now.
    fn read(&self) -> Input;
}

/// The state shared by the connections and the compiler thread.
struct Shared {
    snapshot: RwLock<Arc<Snapshot>>,
    /// The current generation, with a condition variable the event streams wait on.
    generation: Mutex<u64>,
    changed: Condvar,
    connections: AtomicUsize,
    streams: AtomicUsize,
    /// The `Host` values the server answers to.
    hosts: [String; 2],
}

impl Shared {
    fn current(&self) -> Arc<Snapshot> {
        self.snapshot
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn publish(&self, snapshot: Arc<Snapshot>) {
        let generation = snapshot.generation;
        *self
            .snapshot
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = snapshot;
        *self
            .generation
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = generation;
        self.changed.notify_all();
    }
}

/// A bound server, not yet serving.
pub struct Server {
    listener: TcpListener,
    port: u16,
    inputs: Box<dyn Inputs>,
    watch: watch::Watch,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0 picks a free port) and starts watching the
    /// inputs.
    ///
    /// # Errors
    /// When the port cannot be bound (in use, not allowed) or the inputs
    /// cannot be watched, with a message saying so.
    pub fn bind(port: u16, inputs: Box<dyn Inputs>) -> Result<Server, String> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AddrInUse {
                format!(
                    "127.0.0.1:{port} is in use (another `tileforge serve`?): \
                     choose another with --port N, or --port 0 for any free port"
                )
            } else {
                format!("cannot listen on 127.0.0.1:{port}: {e}")
            }
        })?;
        let port = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?
            .port();
        // Watch before the first read, so that no save is missed between.
        let watch = watch::Watch::new(inputs.paths())?;
        Ok(Server {
            listener,
            port,
            inputs,
            watch,
        })
    }

    /// The page's address.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Whether the inputs are polled (the system's file watcher is unavailable).
    #[must_use]
    pub fn polling(&self) -> bool {
        self.watch.polling
    }

    /// Compiles the inputs and serves the page until the process ends;
    /// `log` receives one line per compile.
    ///
    /// # Errors
    /// When accepting connections fails for good.
    pub fn run(self, log: impl Fn(&str) + Send + 'static) -> Result<(), String> {
        let Server {
            listener,
            port,
            inputs,
            mut watch,
        } = self;
        let first = Arc::new(Snapshot::build(1, &inputs.read(), None));
        log(&line(&first));
        let shared = Arc::new(Shared {
            generation: Mutex::new(first.generation),
            snapshot: RwLock::new(first.clone()),
            changed: Condvar::new(),
            connections: AtomicUsize::new(0),
            streams: AtomicUsize::new(0),
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
        });
        draw_in_background(&shared, first);
        let compiler = shared.clone();
        std::thread::Builder::new()
            .name("compile".into())
            .spawn(move || loop {
                watch.wait();
                let input = inputs.read();
                let current = compiler.current();
                if fingerprint(&input) == current.fingerprint {
                    continue;
                }
                let next = Arc::new(Snapshot::build(
                    current.generation + 1,
                    &input,
                    Some(&current),
                ));
                drop(current);
                compiler.publish(next.clone());
                log(&line(&next));
                draw_in_background(&compiler, next);
            })
            .map_err(|e| format!("cannot start the compiler thread: {e}"))?;
        for stream in listener.incoming() {
            let Ok(stream) = stream else {
                // A connection that failed while being accepted (reset,
                // out of descriptors for a moment): go on with the next.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            };
            let shared = shared.clone();
            if shared.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                refuse(stream, "too many connections");
                shared.connections.fetch_sub(1, Ordering::SeqCst);
                continue;
            }
            let spawned = std::thread::Builder::new()
                .name("connection".into())
                .spawn({
                    let shared = shared.clone();
                    move || {
                        handle(stream, &shared);
                        shared.connections.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            if spawned.is_err() {
                shared.connections.fetch_sub(1, Ordering::SeqCst);
            }
        }
        Err("the listening socket closed".to_string())
    }
}

/// The line logged for a compile.
fn line(snapshot: &Snapshot) -> String {
    format!(
        "[{}] {} ({:.0} ms)",
        snapshot.generation,
        snapshot.summary,
        snapshot.elapsed.as_secs_f64() * 1000.0
    )
}

/// Draws a snapshot's pictures ahead of the page's requests, stopping once
/// a newer snapshot replaced it.
fn draw_in_background(shared: &Arc<Shared>, snapshot: Arc<Snapshot>) {
    let shared = shared.clone();
    let _ = std::thread::Builder::new()
        .name("draw".into())
        .spawn(move || {
            let generation = snapshot.generation;
            snapshot.draw_all(&|| shared.current().generation != generation);
        });
}

fn refuse(mut stream: TcpStream, why: &str) {
    let _ = stream.set_write_timeout(Some(READ_TIMEOUT));
    let _ = http::write_response(&mut stream, &http::Response::error(503, why), false);
}

/// Serves one connection: one request, then closes (an event stream stays
/// open until the page goes).
fn handle(stream: TcpStream, shared: &Shared) {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let _ = stream.set_write_timeout(Some(READ_TIMEOUT));
    let Ok(mut out) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(Deadline {
        stream,
        until: Instant::now() + READ_TIMEOUT,
    });
    let request = match http::read_request(&mut reader) {
        Ok(request) => request,
        Err(http::BadRequest::Closed) => return,
        Err(http::BadRequest::TooLarge) => {
            let too_large = http::Response::error(431, "the request head is too large");
            let _ = http::write_response(&mut out, &too_large, false);
            return;
        }
        Err(http::BadRequest::Malformed(why)) => {
            let bad = http::Response::error(400, format!("bad request: {why}"));
            let _ = http::write_response(&mut out, &bad, false);
            return;
        }
    };
    let head_only = request.method == "HEAD";
    let response = if !matches!(request.method.as_str(), "GET" | "HEAD") {
        let mut r = http::Response::error(405, "only GET and HEAD");
        r.headers.push(("Allow", "GET, HEAD".to_string()));
        r
    } else if !request
        .host
        .as_deref()
        .is_some_and(|h| shared.hosts.iter().any(|ok| ok.eq_ignore_ascii_case(h)))
    {
        http::Response::error(
            403,
            format!("this server answers only to http://{}/", shared.hosts[0]),
        )
    } else {
        match routes::route(&shared.current(), &request.path) {
            routes::Route::Respond(response) => response,
            routes::Route::Events if head_only => {
                http::Response::ok("text/event-stream; charset=utf-8", Vec::new())
            }
            routes::Route::Events => {
                stream_events(out, shared);
                return;
            }
        }
    };
    let _ = http::write_response(&mut out, &response, head_only);
}

/// A socket whose reads all end by one instant: each read waits at most
/// for what is left, and none is tried after it.
struct Deadline {
    stream: TcpStream,
    until: Instant,
}

impl Read for Deadline {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// Sends the current generation, then each new one, until the page goes.
fn stream_events(mut out: TcpStream, shared: &Shared) {
    if shared.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
        shared.streams.fetch_sub(1, Ordering::SeqCst);
        let busy = http::Response::error(503, "too many pages open");
        let _ = http::write_response(&mut out, &busy, false);
        return;
    }
    let _ = out.set_write_timeout(Some(KEEP_ALIVE));
    let mut sent = None;
    let mut ok =
        http::write_event_stream_head(&mut out).is_ok() && send(&mut out, "retry: 1000\n\n");
    while ok {
        let guard = shared
            .generation
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (guard, _) = shared
            .changed
            .wait_timeout_while(guard, KEEP_ALIVE, |g| Some(*g) == sent)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let generation = *guard;
        drop(guard);
        ok = if Some(generation) == sent {
            send(&mut out, ": keep-alive\n\n")
        } else {
            sent = Some(generation);
            send(&mut out, &format!("data: {generation}\n\n"))
        };
    }
    shared.streams.fetch_sub(1, Ordering::SeqCst);
}

/// Writes an event (or comment); false when the page is gone.
fn send(out: &mut TcpStream, text: &str) -> bool {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}
