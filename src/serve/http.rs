//! Just enough HTTP/1.1 for a page on the loopback: one `GET` or `HEAD` per
//! connection, read with a size limit, answered with `Connection: close`.
//! Nothing here knows the routes; [`super::routes`] maps a path to a
//! response.

use std::io::{self, BufRead, Write};

/// The most bytes a request's line and headers may take.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most header lines a request may have.
pub const MAX_HEADERS: usize = 64;

/// A parsed request head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `HEAD`, ... as sent.
    pub method: String,
    /// The path, without the query (`/api/state`).
    pub path: String,
    /// The `Host` header, if any.
    pub host: Option<String>,
}

/// Why a request could not be read.
#[derive(Debug)]
pub enum BadRequest {
    /// The head is malformed (400), with why.
    Malformed(&'static str),
    /// The head is over [`MAX_HEAD`] or [`MAX_HEADERS`] (431).
    TooLarge,
    /// The connection closed, failed or timed out before a whole head arrived.
    Closed,
}

/// Reads one request head (the line and the headers, up to the blank line).
///
/// # Errors
/// A [`BadRequest`] saying what was wrong.
pub fn read_request(reader: &mut impl BufRead) -> Result<Request, BadRequest> {
    let mut head = Vec::with_capacity(1024);
    let mut lines = Vec::new();
    loop {
        let mut line = Vec::new();
        let limit = (MAX_HEAD + 1 - head.len().min(MAX_HEAD)) as u64;
        let n = io::Read::take(&mut *reader, limit)
            .read_until(b'\n', &mut line)
            .map_err(|_| BadRequest::Closed)?;
        if n == 0 {
            return Err(BadRequest::Closed);
        }
        head.extend_from_slice(&line);
        if head.len() > MAX_HEAD {
            return Err(BadRequest::TooLarge);
        }
        if !line.ends_with(b"\n") {
            return Err(BadRequest::Closed);
        }
        let line = line
            .strip_suffix(b"\r\n")
            .or_else(|| line.strip_suffix(b"\n"))
            .unwrap_or(&line)
            .to_vec();
        if line.is_empty() {
            if lines.is_empty() {
                // Blank lines before a request line are allowed (RFC 9112).
                continue;
            }
            break;
        }
        lines.push(String::from_utf8(line).map_err(|_| BadRequest::Malformed("not UTF-8"))?);
        if lines.len() > MAX_HEADERS + 1 {
            return Err(BadRequest::TooLarge);
        }
    }
    parse_head(&lines)
}

fn parse_head(lines: &[String]) -> Result<Request, BadRequest> {
    let first = lines
        .first()
        .ok_or(BadRequest::Malformed("no request line"))?;
    let mut parts = first.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(BadRequest::Malformed(
            "the request line is not `METHOD TARGET VERSION`",
        ));
    };
    if !matches!(version, "HTTP/1.1" | "HTTP/1.0") {
        return Err(BadRequest::Malformed("not HTTP/1.0 or HTTP/1.1"));
    }
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(BadRequest::Malformed("a bad method"));
    }
    // Only the origin form (`/path?query`): no absolute URLs, no `*`.
    if !target.starts_with('/') || target.bytes().any(|b| b <= b' ' || b == 0x7f) {
        return Err(BadRequest::Malformed("the target is not a path"));
    }
    let path = target.split(['?', '#']).next().unwrap_or("/").to_string();
    let mut host = None;
    for line in &lines[1..] {
        let Some((name, value)) = line.split_once(':') else {
            return Err(BadRequest::Malformed("a header without `:`"));
        };
        if name.is_empty() || name.contains([' ', '\t']) {
            return Err(BadRequest::Malformed("a bad header name"));
        }
        if name.eq_ignore_ascii_case("host") {
            if host.is_some() {
                return Err(BadRequest::Malformed("two Host headers"));
            }
            host = Some(value.trim().to_string());
        }
    }
    Ok(Request {
        method: method.to_string(),
        path,
        host,
    })
}

/// A response with its whole body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The media type of the body.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// Further headers (`Allow`).
    pub headers: Vec<(&'static str, String)>,
}

impl Response {
    /// A 200 response.
    #[must_use]
    pub fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status: 200,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    /// An error response with a one-line plain-text body.
    #[must_use]
    pub fn error(status: u16, message: impl Into<String>) -> Response {
        let mut body = message.into();
        body.push('\n');
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: body.into_bytes(),
            headers: Vec::new(),
        }
    }
}

/// The reason phrase of a status code.
#[must_use]
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// Headers every response carries: nothing is cached (every resource is
/// regenerated), nothing sniffed, nothing loaded from elsewhere.
const COMMON: &str = "Cache-Control: no-store\r\n\
    X-Content-Type-Options: nosniff\r\n\
    Referrer-Policy: no-referrer\r\n\
    Cross-Origin-Resource-Policy: same-origin\r\n\
    Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'\r\n\
    Connection: close\r\n";

/// Writes a response (without its body for `HEAD`).
///
/// # Errors
/// When the connection fails.
pub fn write_response(
    out: &mut impl Write,
    response: &Response,
    head_only: bool,
) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{COMMON}",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len()
    );
    for (name, value) in &response.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())?;
    if !head_only {
        out.write_all(&response.body)?;
    }
    out.flush()
}

/// Writes the head of an event stream (server-sent events): no length, the
/// body runs until the connection closes.
///
/// # Errors
/// When the connection fails.
pub fn write_event_stream_head(out: &mut impl Write) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n{COMMON}\r\n"
    );
    out.write_all(head.as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Request, BadRequest> {
        read_request(&mut io::Cursor::new(text.as_bytes().to_vec()))
    }

    #[test]
    fn a_get_with_a_query_and_a_host() {
        let r = parse("GET /api/state?x=1 HTTP/1.1\r\nHost: 127.0.0.1:7878\r\nAccept: */*\r\n\r\n")
            .expect("parses");
        assert_eq!(r.method, "GET");
        assert_eq!(r.path, "/api/state");
        assert_eq!(r.host.as_deref(), Some("127.0.0.1:7878"));
    }

    #[test]
    fn bare_line_feeds_and_leading_blank_lines_are_accepted() {
        let r = parse("\r\nHEAD / HTTP/1.0\nhost: localhost:1\n\n").expect("parses");
        assert_eq!((r.method.as_str(), r.path.as_str()), ("HEAD", "/"));
        assert_eq!(r.host.as_deref(), Some("localhost:1"));
    }

    #[test]
    fn malformed_heads_are_refused() {
        for bad in [
            "GET http://example.com/ HTTP/1.1\r\n\r\n",
            "GET * HTTP/1.1\r\n\r\n",
            "GET / HTTP/2\r\n\r\n",
            "GET /a b HTTP/1.1\r\n\r\n",
            "get / HTTP/1.1\r\n\r\n",
            "GET ../etc/passwd HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nno colon\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            "GET /\x7f HTTP/1.1\r\n\r\n",
        ] {
            assert!(
                matches!(parse(bad), Err(BadRequest::Malformed(_))),
                "{bad:?} was accepted"
            );
        }
        let invalid = read_request(&mut io::Cursor::new(b"GET /\xff HTTP/1.1\r\n\r\n".to_vec()));
        assert!(matches!(invalid, Err(BadRequest::Malformed(_))));
    }

    #[test]
    fn large_or_endless_heads_are_refused() {
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_HEAD));
        assert!(matches!(parse(&long), Err(BadRequest::TooLarge)));
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "X: y\r\n".repeat(MAX_HEADERS + 1)
        );
        assert!(matches!(parse(&many), Err(BadRequest::TooLarge)));
        assert!(matches!(
            parse("GET / HTTP/1.1\r\nHost: x"),
            Err(BadRequest::Closed)
        ));
        assert!(matches!(parse(""), Err(BadRequest::Closed)));
    }

    #[test]
    fn responses_carry_a_length_and_no_body_for_head() {
        let mut out = Vec::new();
        write_response(&mut out, &Response::ok("text/plain", "hi"), false).expect("writes");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
        assert!(text.contains("Content-Length: 2\r\n"), "{text}");
        assert!(text.ends_with("\r\n\r\nhi"), "{text}");
        let mut head = Vec::new();
        write_response(&mut head, &Response::error(404, "no"), true).expect("writes");
        assert!(String::from_utf8(head)
            .expect("utf-8")
            .ends_with("\r\n\r\n"));
    }
}
