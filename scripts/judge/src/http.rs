//! Just enough HTTP/1.1 to take one POST per connection and answer it in one line.
//!
//! One request per connection (`Connection: close`), the body sized by `Content-Length`
//! (no chunked bodies: the browser extension never sends them), every read bounded in size
//! and in time so a stray or hostile client cannot stall the listener.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The largest body accepted: a whole contest's samples fit many times over.
pub const MAX_BODY: usize = 4 << 20;

/// The largest request line plus headers accepted.
const MAX_HEAD: usize = 64 << 10;

/// How long a client may take to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// A request as far as the intake needs it.
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub body: Vec<u8>,
}

/// A request that cannot be served: the status to answer with and a one-line reason.
#[derive(Debug, PartialEq, Eq)]
pub struct Rejection {
    pub status: u16,
    pub reason: String,
}

fn reject<T>(status: u16, reason: impl Into<String>) -> Result<T, Rejection> {
    Err(Rejection {
        status,
        reason: reason.into(),
    })
}

/// Reads one request from `stream`: the request line, headers and a body of `Content-Length`
/// bytes. Refuses anything but a POST with a body of at most [`MAX_BODY`] bytes. O(request).
pub fn read_request(stream: &TcpStream) -> Result<Request, Rejection> {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    read_from(BufReader::new(stream), stream)
}

/// [`read_request`] over any reader; `interim` gets the `100 Continue` a client that sent
/// `Expect: 100-continue` (curl, for larger bodies) waits for before its body.
fn read_from<R: BufRead, W: Write>(mut reader: R, mut interim: W) -> Result<Request, Rejection> {
    let mut head_bytes = 0;
    let mut line = |reader: &mut R| -> Result<String, Rejection> {
        let mut buf = Vec::new();
        let n = (&mut *reader)
            .take((MAX_HEAD - head_bytes + 1) as u64)
            .read_until(b'\n', &mut buf)
            .or_else(|e| reject(408, format!("cannot read the request: {}", e)))?;
        head_bytes += n;
        if head_bytes > MAX_HEAD {
            return reject(431, "request headers too large");
        }
        if n == 0 {
            return reject(400, "the request ended inside its headers");
        }
        let text =
            String::from_utf8(buf).or_else(|_| reject(400, "request headers are not UTF-8"))?;
        Ok(text.trim_end_matches(['\r', '\n']).to_string())
    };
    let request_line = line(&mut reader)?;
    let mut parts = request_line.split(' ');
    let (method, path) = match (parts.next(), parts.next(), parts.next()) {
        (Some(m), Some(p), Some(v)) if !m.is_empty() && v.starts_with("HTTP/1.") => (m, p),
        _ => return reject(400, "not an HTTP/1.x request"),
    };
    let mut length: Option<usize> = None;
    let mut expects_continue = false;
    loop {
        let header = line(&mut reader)?;
        if header.is_empty() {
            break;
        }
        let (name, value) = match header.split_once(':') {
            Some((n, v)) => (n.trim().to_ascii_lowercase(), v.trim()),
            None => return reject(400, "a header line without `:`"),
        };
        match name.as_str() {
            "content-length" => {
                length = Some(
                    value
                        .parse()
                        .or_else(|_| reject(400, "Content-Length is not a number"))?,
                )
            }
            "transfer-encoding" => return reject(411, "chunked bodies are not accepted"),
            "expect" => expects_continue = value.eq_ignore_ascii_case("100-continue"),
            _ => {}
        }
    }
    if method != "POST" {
        return reject(405, "only POST is accepted (a problem as JSON)");
    }
    let length = match length {
        Some(n) if n > MAX_BODY => {
            return reject(413, format!("the body is over {} MiB", MAX_BODY >> 20))
        }
        Some(n) => n,
        None => return reject(411, "Content-Length is required"),
    };
    if expects_continue {
        let _ = interim.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        let _ = interim.flush();
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).or_else(|e| {
        reject(
            400,
            format!("the body is shorter than Content-Length: {}", e),
        )
    })?;
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        body,
    })
}

/// The standard phrase of the statuses this module answers with.
fn phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    }
}

/// Answers with `status` and `line` (plus a newline) as a plain-text body, and closes.
pub fn respond(mut stream: &TcpStream, status: u16, line: &str) -> io::Result<()> {
    let body = format!("{}\n", line);
    write!(
        stream,
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{}",
        status,
        phrase(status),
        body.len(),
        body
    )?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> Result<Request, Rejection> {
        read_from(io::Cursor::new(raw.as_bytes().to_vec()), io::sink())
    }

    fn status(raw: &str) -> u16 {
        parse(raw).unwrap_err().status
    }

    #[test]
    fn reads_a_post_with_its_body() {
        let r = parse(
            "POST / HTTP/1.1\r\nHost: localhost\r\ncontent-length: 7\r\n\
             Content-Type: application/json\r\n\r\n{\"a\":1}extra",
        )
        .unwrap();
        assert_eq!((r.method.as_str(), r.path.as_str()), ("POST", "/"));
        assert_eq!(r.body, b"{\"a\":1}");
        let mut interim = Vec::new();
        let raw = "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok";
        let r = read_from(io::Cursor::new(raw.as_bytes().to_vec()), &mut interim).unwrap();
        assert_eq!(
            (r.body.as_slice(), interim.as_slice()),
            (&b"ok"[..], &b"HTTP/1.1 100 Continue\r\n\r\n"[..])
        );
        // Bare LF line ends are read too.
        assert_eq!(
            parse("POST /x HTTP/1.0\nContent-Length: 2\n\nhi")
                .unwrap()
                .body,
            b"hi"
        );
    }

    #[test]
    fn refusals_have_their_status() {
        assert_eq!(status("GET / HTTP/1.1\r\n\r\n"), 405);
        assert_eq!(status("POST / HTTP/1.1\r\n\r\n"), 411);
        assert_eq!(
            status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            411
        );
        let huge = format!(
            "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY + 1
        );
        assert_eq!(status(&huge), 413);
        assert_eq!(status("POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n"), 400);
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nshort"),
            400
        );
        assert_eq!(status("hello\r\n\r\n"), 400);
        assert_eq!(status("POST / HTTP/1.1\r\nContent-Length: 1\r\n"), 400);
        let long = format!("POST / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(status(&long), 431);
        let reason = parse("GET / HTTP/1.1\r\n\r\n").unwrap_err().reason;
        assert!(!reason.contains('\n'));
    }
}
