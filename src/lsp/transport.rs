//! Standard input and output framed as the protocol says (`Content-Length`
//! headers), with a limit on a message's declared length: a hostile or
//! broken client declaring a huge body gets the connection closed, never an
//! allocation that aborts the process.

use std::io::{self, BufRead, Read};

use crossbeam_channel::{bounded, Receiver, Sender};
use lsp_server::{Connection, Message};

/// The largest message body read (64 MiB).
pub const MAX_BODY: usize = 64 * 1024 * 1024;

/// Says when the writer has written (and flushed) every message sent to it.
pub struct Written(Receiver<()>);

impl Written {
    /// Waits until every sender of the connection is gone and the writer
    /// has written what they sent, or `patience` passes (a worker still
    /// compiling holds a sender; what it would say is not waited for long).
    pub fn wait(self, patience: std::time::Duration) {
        let _ = self.0.recv_timeout(patience);
    }
}

/// A connection on standard input and output with bounded frames, and the
/// writer's word that it is done.
#[must_use]
pub fn stdio() -> (Connection, Written) {
    let (writer_sender, writer_receiver): (Sender<Message>, Receiver<Message>) = bounded(0);
    let (done, written) = bounded::<()>(1);
    std::thread::spawn(move || {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        for message in writer_receiver {
            if message.write(&mut out).is_err() {
                break;
            }
        }
        let _ = io::Write::flush(&mut out);
        let _ = done.send(());
    });
    let (reader_sender, reader_receiver) = bounded::<Message>(0);
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        while let Ok(Some(message)) = read_message(&mut input) {
            let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
            if reader_sender.send(message).is_err() || exit {
                break;
            }
        }
    });
    (
        Connection {
            sender: writer_sender,
            receiver: reader_receiver,
        },
        Written(written),
    )
}

/// Reads one message; `Ok(None)` at the end of input.
///
/// # Errors
/// A malformed frame, a body over [`MAX_BODY`], or bad JSON.
pub fn read_message(input: &mut impl BufRead) -> io::Result<Option<Message>> {
    let bad = |m: &str| io::Error::new(io::ErrorKind::InvalidData, m.to_string());
    let mut head = Vec::new();
    let mut size = None;
    loop {
        let mut line = Vec::new();
        let n = input.by_ref().take(8 * 1024).read_until(b'\n', &mut line)?;
        if n == 0 {
            return if head.is_empty() {
                Ok(None)
            } else {
                Err(bad("truncated header"))
            };
        }
        if !line.ends_with(b"\r\n") {
            return Err(bad("a header line without CRLF"));
        }
        head.extend_from_slice(&line);
        if head.len() > 64 * 1024 {
            return Err(bad("headers too long"));
        }
        if line == b"\r\n" {
            break;
        }
        let text = String::from_utf8_lossy(&line[..line.len() - 2]).into_owned();
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("Content-Length") {
                let n: usize = value
                    .trim()
                    .parse()
                    .map_err(|_| bad("bad Content-Length"))?;
                if n > MAX_BODY {
                    return Err(bad("Content-Length over the limit"));
                }
                size = Some(n);
            }
        }
    }
    let size = size.ok_or_else(|| bad("no Content-Length"))?;
    let mut frame = head;
    let start = frame.len();
    frame.resize(start + size, 0);
    input.read_exact(&mut frame[start..])?;
    Message::read(&mut io::Cursor::new(frame))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_declared_length_is_refused_without_allocating() {
        let input = format!("Content-Length: {}\r\n\r\n{{}}", usize::MAX);
        assert!(read_message(&mut io::Cursor::new(input.into_bytes())).is_err());
    }

    #[test]
    fn a_message_is_read() {
        let body = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let input = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        let m = read_message(&mut io::Cursor::new(input.into_bytes())).expect("reads");
        assert!(matches!(m, Some(Message::Notification(_))));
    }
}
