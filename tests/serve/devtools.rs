//! A minimal client of the Chrome DevTools protocol, for the browser test:
//! starts headless Chromium (the system's, never a downloaded one) on a page
//! with a fresh profile, connects to that page over a websocket and
//! evaluates JavaScript in it. Only what the test needs: text frames, no
//! extensions.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The browser: `TILEFORGE_CHROMIUM`, else the first of Debian's and
/// Google's names on the PATH.
pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("TILEFORGE_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let names = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// A running headless browser and a connection to its page.
pub struct Browser {
    socket: BufReader<TcpStream>,
    next: u64,
    // Last, so that the socket closes before the browser ends.
    _process: Process,
}

/// The browser's process and its profile, both ended when dropped.
struct Process {
    child: Child,
    profile: PathBuf,
}

impl Browser {
    /// Starts `binary` on `url` with a fresh profile in `profile`.
    pub fn open(binary: &Path, url: &str, profile: &Path) -> Result<Browser, String> {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).map_err(|e| e.to_string())?;
        let log =
            std::fs::File::create(profile.with_extension("log")).map_err(|e| e.to_string())?;
        let child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1200,900",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            // Its own process group, so that every process it starts ends with it.
            .process_group(0)
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        let mut process = Process {
            child,
            profile: profile.to_path_buf(),
        };
        let port = process.devtools_port()?;
        let path = page_socket(port, url)?;
        let socket = BufReader::new(connect(port, &path)?);
        Ok(Browser {
            socket,
            next: 1,
            _process: process,
        })
    }

    /// Evaluates an expression in the page (promises awaited) and returns its value.
    pub fn eval(&mut self, expression: &str) -> Result<Value, String> {
        let id = self.next;
        self.next += 1;
        let message = json!({
            "id": id,
            "method": "Runtime.evaluate",
            "params": { "expression": expression, "returnByValue": true, "awaitPromise": true },
        });
        write_frame(self.socket.get_mut(), message.to_string().as_bytes())
            .map_err(|e| e.to_string())?;
        loop {
            let text = read_message(&mut self.socket)?;
            let reply: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            if reply["id"] != id {
                continue; // an event
            }
            if let Some(error) = reply.get("error") {
                return Err(error.to_string());
            }
            let result = &reply["result"];
            if let Some(exception) = result.get("exceptionDetails") {
                return Err(exception.to_string());
            }
            return Ok(result["result"]["value"].clone());
        }
    }

    /// The browser's log (its standard error), for a failure message.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self._process.profile.with_extension("log")).unwrap_or_default()
    }
}

impl Process {
    /// The DevTools port, from the file Chromium writes into its profile.
    fn devtools_port(&mut self) -> Result<u16, String> {
        let file = self.profile.join("DevToolsActivePort");
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                let log = std::fs::read_to_string(self.profile.with_extension("log"));
                return Err(format!(
                    "the browser exited ({status}):\n{}",
                    log.unwrap_or_default()
                ));
            }
            if let Ok(text) = std::fs::read_to_string(&file) {
                if let Some(Ok(port)) = text.lines().next().map(str::parse) {
                    return Ok(port);
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err("the browser did not open its DevTools port within 60 s".to_string())
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Ends the browser's process group (the browser and every process
        // it started): politely, then for good.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(3) {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
        let _ = std::fs::remove_file(self.profile.with_extension("log"));
    }
}

/// The websocket path of the page showing `url`.
fn page_socket(port: u16, url: &str) -> Result<String, String> {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        let targets: Value = serde_json::from_str(&http_get(port, "/json/list")?)
            .map_err(|e| format!("/json/list: {e}"))?;
        let page =
            targets.as_array().into_iter().flatten().find(|t| {
                t["type"] == "page" && t["url"].as_str().is_some_and(|u| u.starts_with(url))
            });
        if let Some(ws) = page.and_then(|p| p["webSocketDebuggerUrl"].as_str()) {
            // ws://127.0.0.1:PORT/devtools/page/ID
            let path = ws.splitn(4, '/').nth(3).unwrap_or_default();
            return Ok(format!("/{path}"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(format!("no page showing {url}"))
}

/// A GET on the DevTools HTTP endpoint.
fn http_get(port: u16, path: &str) -> Result<String, String> {
    let stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    let mut reader = BufReader::new(stream);
    write!(
        reader.get_mut(),
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let mut status = String::new();
    reader.read_line(&mut status).map_err(|e| e.to_string())?;
    if !status.starts_with("HTTP/1.1 200") {
        return Err(format!("GET {path}: {status}"));
    }
    let mut length = None;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).map_err(|e| e.to_string())?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            reader.read_exact(&mut body).map_err(|e| e.to_string())?;
        }
        None => {
            reader.read_to_end(&mut body).map_err(|e| e.to_string())?;
        }
    }
    String::from_utf8(body).map_err(|e| e.to_string())
}

/// Opens the websocket of a page.
fn connect(port: u16, path: &str) -> Result<TcpStream, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(|e| e.to_string())?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    // The handshake's answer, byte by byte so that no frame is read ahead.
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        stream
            .read_exact(&mut byte)
            .map_err(|e| format!("websocket handshake: {e}"))?;
        head.push(byte[0]);
        if head.len() > 8192 {
            return Err("websocket handshake: the answer is too long".to_string());
        }
    }
    let head = String::from_utf8_lossy(&head);
    if !head.starts_with("HTTP/1.1 101") {
        return Err(format!("websocket handshake refused: {head}"));
    }
    Ok(stream)
}

/// Sends one masked text frame (clients must mask).
fn write_frame(out: &mut impl Write, payload: &[u8]) -> std::io::Result<()> {
    let mask = [0x37, 0xfa, 0x21, 0x3d];
    let mut frame = vec![0x81];
    match payload.len() {
        n @ 0..=125 => frame.push(0x80 | n as u8),
        n @ 126..=65535 => {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            frame.push(0x80 | 127);
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    out.write_all(&frame)?;
    out.flush()
}

/// Reads one whole message (joining fragments), answering pings.
fn read_message(input: &mut BufReader<TcpStream>) -> Result<String, String> {
    let mut message = Vec::new();
    loop {
        let mut head = [0u8; 2];
        input
            .read_exact(&mut head)
            .map_err(|e| format!("websocket: {e}"))?;
        let (fin, opcode) = (head[0] & 0x80 != 0, head[0] & 0x0f);
        let mut len = u64::from(head[1] & 0x7f);
        if len == 126 {
            let mut b = [0u8; 2];
            input.read_exact(&mut b).map_err(|e| e.to_string())?;
            len = u64::from(u16::from_be_bytes(b));
        } else if len == 127 {
            let mut b = [0u8; 8];
            input.read_exact(&mut b).map_err(|e| e.to_string())?;
            len = u64::from_be_bytes(b);
        }
        let mask = if head[1] & 0x80 != 0 {
            let mut m = [0u8; 4];
            input.read_exact(&mut m).map_err(|e| e.to_string())?;
            Some(m)
        } else {
            None
        };
        let mut payload = vec![0u8; usize::try_from(len).map_err(|e| e.to_string())?];
        input.read_exact(&mut payload).map_err(|e| e.to_string())?;
        if let Some(m) = mask {
            for (i, b) in payload.iter_mut().enumerate() {
                *b ^= m[i % 4];
            }
        }
        match opcode {
            0x0..=0x2 => {
                message.extend_from_slice(&payload);
                if fin {
                    return String::from_utf8(message).map_err(|e| e.to_string());
                }
            }
            0x8 => return Err("the browser closed the connection".to_string()),
            0x9 => {
                // A ping: answer with a pong of the same payload.
                let mut pong = vec![0x8a, 0x80 | payload.len() as u8, 0, 0, 0, 0];
                pong.extend_from_slice(&payload);
                input
                    .get_mut()
                    .write_all(&pong)
                    .map_err(|e| e.to_string())?;
            }
            _ => {}
        }
    }
}
