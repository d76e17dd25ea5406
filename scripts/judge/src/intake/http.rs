//! Just enough HTTP/1.1 to take one JSON POST per connection and answer it in one line.
//!
//! One request per connection (`Connection: close`), the body sized by `Content-Length`
//! (no chunked bodies: the browser extension never sends them), the whole request bounded in
//! size and by one deadline, so a stray or hostile client cannot stall the listener. Only
//! `Content-Type: application/json` is taken: a web page can send a cross-origin POST of a
//! form or `text/plain` without asking first, but a JSON one only after a CORS preflight,
//! which this server never grants.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The largest body accepted: a whole contest's samples fit many times over.
pub const MAX_BODY: usize = 4 << 20;

/// The largest request line plus headers accepted.
const MAX_HEAD: usize = 64 << 10;

/// How long a client may take to send its whole request.
pub const REQUEST_TIME: Duration = Duration::from_secs(10);

/// How long an answer may take to leave.
const WRITE_TIMEOUT: Duration = Duration::from_secs(2);

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

/// Reads one request from `stream`, all of it before `deadline` (else 408): the request
/// line, headers and a body of `Content-Length` bytes. Refuses anything but a POST (405) of
/// `Content-Type: application/json` (parameters such as `charset` allowed; else 415) with a
/// body of at most [`MAX_BODY`] bytes (413). O(request).
pub fn read_request(stream: &TcpStream, deadline: Instant) -> Result<Request, Rejection> {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let reader = BufReader::new(Deadline { stream, deadline });
    read_from(reader, stream)
}

/// A stream whose every read waits at most until one deadline: a client that sends a byte
/// now and then still runs out of time.
struct Deadline<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("not sent within {} s", REQUEST_TIME.as_secs()),
            ));
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// A failed read in one line: a timeout says the deadline.
fn read_error(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => format!(
            "the request was not sent within {} s",
            REQUEST_TIME.as_secs()
        ),
        _ => format!("cannot read the request: {}", e),
    }
}

/// Whether a `Content-Type` value is JSON: `application/json`, any case, any parameters.
fn is_json(value: &str) -> bool {
    let media = value.split(';').next().unwrap_or("").trim();
    media.eq_ignore_ascii_case("application/json")
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
            .or_else(|e| reject(408, read_error(&e)))?;
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
    let mut content_type: Option<String> = None;
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
            "content-type" => content_type = Some(value.to_string()),
            "transfer-encoding" => return reject(411, "chunked bodies are not accepted"),
            "expect" => expects_continue = value.eq_ignore_ascii_case("100-continue"),
            _ => {}
        }
    }
    if method != "POST" {
        return reject(405, "only POST is accepted (a problem as JSON)");
    }
    match &content_type {
        Some(t) if is_json(t) => {}
        Some(t) => {
            let shown: String = t.chars().take(60).collect();
            return reject(
                415,
                format!(
                    "Content-Type `{}` refused: only application/json is taken",
                    shown.escape_default()
                ),
            );
        }
        None => return reject(415, "no Content-Type: only application/json is taken"),
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
    reader.read_exact(&mut body).or_else(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => reject(400, "the body is shorter than Content-Length"),
        _ => reject(408, read_error(&e)),
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
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
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

    const JSON: &str = "Content-Type: application/json\r\n";

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
        let raw = format!(
            "POST / HTTP/1.1\r\nExpect: 100-continue\r\n{}Content-Length: 2\r\n\r\nok",
            JSON
        );
        let r = read_from(io::Cursor::new(raw.into_bytes()), &mut interim).unwrap();
        assert_eq!(
            (r.body.as_slice(), interim.as_slice()),
            (&b"ok"[..], &b"HTTP/1.1 100 Continue\r\n\r\n"[..])
        );
        // Bare LF line ends are read too.
        let raw = "POST /x HTTP/1.0\nContent-Length: 2\ncontent-type: application/json\n\nhi";
        assert_eq!(parse(raw).unwrap().body, b"hi");
    }

    #[test]
    fn only_json_is_taken() {
        for (content_type, wanted) in [
            ("application/json", 200),
            ("application/json; charset=utf-8", 200),
            ("Application/JSON;charset=UTF-8", 200),
            (" application/json ", 200),
            ("text/plain", 415),
            ("text/plain; charset=utf-8", 415),
            ("application/x-www-form-urlencoded", 415),
            ("multipart/form-data; boundary=x", 415),
            ("application/jsonx", 415),
            ("application/json-patch+json", 415),
            ("", 415),
        ] {
            let raw = format!(
                "POST / HTTP/1.1\r\nOrigin: https://evil.example\r\nContent-Type: {}\r\n\
                 Content-Length: 2\r\n\r\n{{}}",
                content_type
            );
            let got = parse(&raw).map_or_else(|r| r.status, |_| 200);
            assert_eq!(got, wanted, "{}", content_type);
        }
        let none = parse("POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}").unwrap_err();
        assert_eq!(none.status, 415);
        assert!(
            none.reason.contains("only application/json"),
            "{}",
            none.reason
        );
        // Refused before the body is read or `100 Continue` is promised.
        let mut interim = Vec::new();
        let raw = "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Type: text/plain\r\n\
                   Content-Length: 9999\r\n\r\n";
        let r = read_from(io::Cursor::new(raw.as_bytes().to_vec()), &mut interim);
        assert_eq!((r.unwrap_err().status, interim.len()), (415, 0));
    }

    #[test]
    fn refusals_have_their_status() {
        assert_eq!(status("GET / HTTP/1.1\r\n\r\n"), 405);
        assert_eq!(status(&format!("POST / HTTP/1.1\r\n{}\r\n", JSON)), 411);
        assert_eq!(
            status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            411
        );
        let huge = format!(
            "POST / HTTP/1.1\r\n{}Content-Length: {}\r\n\r\n",
            JSON,
            MAX_BODY + 1
        );
        assert_eq!(status(&huge), 413);
        let nan = format!("POST / HTTP/1.1\r\n{}Content-Length: x\r\n\r\n", JSON);
        assert_eq!(status(&nan), 400);
        let short = format!("POST / HTTP/1.1\r\n{}Content-Length: 9\r\n\r\nshort", JSON);
        assert_eq!(status(&short), 400);
        assert_eq!(status("hello\r\n\r\n"), 400);
        assert_eq!(status("POST / HTTP/1.1\r\nContent-Length: 1\r\n"), 400);
        let long = format!("POST / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(status(&long), 431);
        let reason = parse("GET / HTTP/1.1\r\n\r\n").unwrap_err().reason;
        assert!(!reason.contains('\n'));
    }

    #[test]
    fn one_deadline_for_the_whole_request() {
        use std::net::TcpListener;
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        // A byte every 50 ms: each read is quick, the request never ends.
        let client = std::thread::spawn(move || {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
            for b in b"POST / HTTP/1.1\r\nX-Slow: "
                .iter()
                .chain([b'a'; 200].iter())
            {
                if stream.write_all(&[*b]).is_err() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        let (stream, _) = listener.accept().unwrap();
        let start = Instant::now();
        let e = read_request(&stream, start + Duration::from_millis(400)).unwrap_err();
        let took = start.elapsed();
        assert_eq!(e.status, 408, "{}", e.reason);
        assert!(e.reason.contains("not sent within"), "{}", e.reason);
        assert!(took < Duration::from_millis(1500), "{:?}", took);
        drop(stream);
        client.join().unwrap();
    }
}
