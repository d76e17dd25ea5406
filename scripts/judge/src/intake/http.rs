//! Just enough HTTP/1.1 to take one JSON POST per connection and answer it in one line.
//!
//! One request per connection (`Connection: close`), the body sized by `Content-Length`
//! (no chunked bodies: the browser extension never sends them), the whole request bounded in
//! size and by one deadline, so a stray or hostile client cannot stall the listener. Only
//! `Content-Type: application/json` is taken: a web page can send a cross-origin POST of a
//! form or `text/plain` without asking first, but a JSON one only after a CORS preflight,
//! which this server never grants.
//!
//! A request refused before its body was read whole still says which batch it belonged to
//! when what arrived of the body names one: a body over [`MAX_BODY`] is read on (discarded,
//! up to [`SCAN_LIMIT`] bytes, within the same deadline) by a small streaming scan for its
//! top-level `"batch"` object and `"url"`, and so is what arrived of a body cut short.

use crate::text::json::{self, Json};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The largest body accepted: a whole contest's samples fit many times over.
pub const MAX_BODY: usize = 4 << 20;

/// The largest request line plus headers accepted.
const MAX_HEAD: usize = 64 << 10;

/// How long a client may take to send its whole request.
pub const REQUEST_TIME: Duration = Duration::from_secs(10);

/// The most bytes of a body over [`MAX_BODY`] read (and discarded) to find its batch.
pub const SCAN_LIMIT: usize = 64 << 20;

/// The longest top-level `"batch"` or `"url"` value the scan keeps.
const SCAN_VALUE: usize = 4 << 10;

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
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Rejection {
    pub status: u16,
    pub reason: String,
    /// Whether the request was refused before it was read whole (too many at once, too
    /// slow, too large, cut short): it may have been a problem of a batch.
    pub unread: bool,
    /// The batch (`id`, `size`) what arrived of the body names, as [`batch_of`] finds it.
    pub batch: Option<(String, u64)>,
    /// The top-level `url` what arrived of the body names.
    pub url: Option<String>,
}

impl Rejection {
    /// A refusal of a request read whole as far as it goes: it is not a problem.
    pub fn new(status: u16, reason: impl Into<String>) -> Rejection {
        Rejection {
            status,
            reason: reason.into(),
            ..Rejection::default()
        }
    }

    /// A refusal of a request not read whole; `body` is what arrived of its body, scanned
    /// for the batch and page it names.
    pub fn unread(status: u16, reason: impl Into<String>, body: &[u8]) -> Rejection {
        let mut scan = Scan::default();
        scan.feed(body);
        Rejection {
            unread: true,
            ..Rejection::new(status, reason).named(scan)
        }
    }

    /// This refusal with the batch and page `scan` found.
    fn named(self, scan: Scan) -> Rejection {
        let (batch, url) = scan.found();
        Rejection { batch, url, ..self }
    }
}

fn reject<T>(status: u16, reason: impl Into<String>) -> Result<T, Rejection> {
    Err(Rejection::new(status, reason))
}

/// Reads one request from `stream`, all of it within `time` from now (else 408): the
/// request line, headers and a body of `Content-Length` bytes. Refuses anything but a POST
/// (405) of `Content-Type: application/json` (parameters such as `charset` allowed; else 415)
/// with a body of at most [`MAX_BODY`] bytes (413, after scanning the body for its batch).
/// O(request), memory O(`Content-Length` up to [`MAX_BODY`]).
pub fn read_request(stream: &TcpStream, time: Duration) -> Result<Request, Rejection> {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let deadline = Instant::now() + time;
    let reader = BufReader::new(Deadline {
        stream,
        deadline,
        time,
    });
    read_from(reader, stream, time)
}

/// `time` in seconds as the messages show it: `10 s`, `0.5 s`.
pub fn seconds(time: Duration) -> String {
    if time.subsec_millis() == 0 {
        format!("{} s", time.as_secs())
    } else {
        format!("{:.1} s", time.as_secs_f64())
    }
}

/// A stream whose every read waits at most until one deadline: a client that sends a byte
/// now and then still runs out of time.
struct Deadline<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
    /// The time the deadline allowed, for the message.
    time: Duration,
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("not sent within {}", seconds(self.time)),
            ));
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// A failed read in one line: a timeout says the `time` allowed.
fn read_error(e: &io::Error, time: Duration) -> String {
    match e.kind() {
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => {
            format!("the request was not sent within {}", seconds(time))
        }
        _ => format!("cannot read the request: {}", e),
    }
}

/// Whether a `Content-Type` value is JSON: `application/json`, any case, any parameters.
fn is_json(value: &str) -> bool {
    let media = value.split(';').next().unwrap_or("").trim();
    media.eq_ignore_ascii_case("application/json")
}

/// [`read_request`] over any reader; `interim` gets the `100 Continue` a client that sent
/// `Expect: 100-continue` (curl, for larger bodies) waits for before its body; `time` is the
/// deadline's, for messages.
fn read_from<R: BufRead, W: Write>(
    mut reader: R,
    mut interim: W,
    time: Duration,
) -> Result<Request, Rejection> {
    let mut head_bytes = 0;
    let mut line = |reader: &mut R| -> Result<String, Rejection> {
        let mut buf = Vec::new();
        let n = (&mut *reader)
            .take((MAX_HEAD - head_bytes + 1) as u64)
            .read_until(b'\n', &mut buf)
            .map_err(|e| Rejection::unread(408, read_error(&e, time), b""))?;
        head_bytes += n;
        if head_bytes > MAX_HEAD {
            return reject(431, "request headers too large");
        }
        if n == 0 {
            let why = "the request ended inside its headers";
            return Err(Rejection::unread(400, why, b""));
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
            let why = format!("the body is over {} MiB", MAX_BODY >> 20);
            let scan = discard_scanning(&mut reader, n.min(SCAN_LIMIT));
            return Err(Rejection::unread(413, why, b"").named(scan));
        }
        Some(n) => n,
        None => return reject(411, "Content-Length is required"),
    };
    if expects_continue {
        let _ = interim.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        let _ = interim.flush();
    }
    let body = read_body(&mut reader, length, time)?;
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        body,
    })
}

/// The body, `length` bytes; a refusal names the batch that what arrived of it names.
fn read_body<R: Read>(reader: &mut R, length: usize, time: Duration) -> Result<Vec<u8>, Rejection> {
    let mut body = vec![0; length];
    let mut got = 0;
    while got < length {
        match reader.read(&mut body[got..]) {
            Ok(0) => {
                let why = "the body is shorter than Content-Length";
                return Err(Rejection::unread(400, why, &body[..got]));
            }
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Rejection::unread(408, read_error(&e, time), &body[..got])),
        }
    }
    Ok(body)
}

/// Reads and discards up to `limit` bytes (until the end, a failed read or the deadline),
/// scanning them for the top-level `batch` object. All of them, so that the client that sent
/// them gets the answer rather than a reset. Memory O(1).
fn discard_scanning<R: BufRead>(reader: &mut R, limit: usize) -> Scan {
    let mut scan = Scan::default();
    let mut left = limit;
    while left > 0 {
        let n = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(buf) => {
                let n = buf.len().min(left);
                if scan.batch.is_none() {
                    scan.feed(&buf[..n]);
                }
                n
            }
        };
        reader.consume(n);
        left -= n;
    }
    scan
}

/// A streaming scan of a JSON object for its top-level `"batch"` object and `"url"` string,
/// each kept raw (up to [`SCAN_VALUE`] bytes) to be read by the JSON reader once whole. It
/// follows strings and nesting only, so text inside strings (a sample that contains
/// `"batch"`) is never taken for a key. Memory O([`SCAN_VALUE`]).
#[derive(Default)]
struct Scan {
    /// Open objects and arrays.
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// The top-level string being read (a key, perhaps), its first bytes only.
    text: Vec<u8>,
    /// The last whole top-level string, until a `:` makes it the key.
    last: Option<Vec<u8>>,
    /// The key whose value comes next.
    key: Option<Vec<u8>>,
    /// The value being kept: `true` for `batch`, `false` for `url`.
    keeping: Option<(bool, Vec<u8>)>,
    batch: Option<Vec<u8>>,
    url: Option<Vec<u8>>,
}

impl Scan {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    fn byte(&mut self, b: u8) {
        if let Some((_, kept)) = &mut self.keeping {
            if kept.len() == SCAN_VALUE {
                self.keeping = None;
            } else {
                kept.push(b);
            }
        }
        let top = self.depth == 1;
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                if top {
                    self.last = Some(std::mem::take(&mut self.text));
                    self.close();
                }
                return;
            }
            if top && self.text.len() <= 8 {
                self.text.push(b);
            }
            return;
        }
        match b {
            b'"' => {
                if top && self.key.take().is_some_and(|k| k == b"url") {
                    self.keeping = Some((false, vec![b]));
                }
                self.text.clear();
                self.in_string = true;
            }
            b'{' | b'[' => {
                if top && self.key.take().is_some_and(|k| k == b"batch") && b == b'{' {
                    self.keeping = Some((true, vec![b]));
                }
                self.depth += 1;
            }
            b'}' | b']' => {
                self.depth = self.depth.saturating_sub(1);
                if self.depth == 1 {
                    self.close();
                }
            }
            b':' if top => self.key = self.last.take(),
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ if top => (self.key, self.last) = (None, None),
            _ => {}
        }
    }

    /// A top-level value ended: the one being kept, if any, is whole.
    fn close(&mut self) {
        match self.keeping.take() {
            Some((true, kept)) => self.batch = self.batch.take().or(Some(kept)),
            Some((false, kept)) => self.url = self.url.take().or(Some(kept)),
            None => {}
        }
    }

    /// The batch (`id`, `size`) and page found, read as the intake reads a problem's.
    fn found(&self) -> (Option<(String, u64)>, Option<String>) {
        let value = |raw: &Option<Vec<u8>>| {
            let text = std::str::from_utf8(raw.as_deref()?).ok()?;
            json::parse(text).ok()
        };
        let batch = value(&self.batch).and_then(|b| {
            let id = b.get("id").and_then(Json::as_str)?.to_string();
            let size = b.get("size").map_or(Some(1.0), Json::as_f64)?;
            let whole = (1.0..=1000.0).contains(&size) && size.fract() == 0.0;
            (whole && !id.is_empty()).then_some((id, size as u64))
        });
        let url = value(&self.url).and_then(|u| u.as_str().map(str::to_string));
        (batch, url)
    }
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

/// Answers with `status` and `line` a request that was not read, and closes, first taking in
/// (and dropping) what of the request has already arrived, at most 64 KiB, without waiting,
/// so that the client gets the answer rather than a reset.
pub fn respond_unread(stream: &TcpStream, status: u16, line: &str) {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let _ = respond(stream, status, line);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    if stream.set_nonblocking(true).is_ok() {
        let mut buf = [0; 8 << 10];
        for _ in 0..8 {
            if !matches!((&mut &*stream).read(&mut buf), Ok(n) if n > 0) {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> Result<Request, Rejection> {
        read_from(
            io::Cursor::new(raw.as_bytes().to_vec()),
            io::sink(),
            REQUEST_TIME,
        )
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
        let r = read_from(
            io::Cursor::new(raw.into_bytes()),
            &mut interim,
            REQUEST_TIME,
        )
        .unwrap();
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
        let r = read_from(
            io::Cursor::new(raw.as_bytes().to_vec()),
            &mut interim,
            REQUEST_TIME,
        );
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
        let e = read_request(&stream, Duration::from_millis(400)).unwrap_err();
        let took = start.elapsed();
        assert_eq!(e.status, 408, "{}", e.reason);
        assert!(e.reason.contains("not sent within 0.4 s"), "{}", e.reason);
        assert!(e.unread);
        assert!(took < Duration::from_millis(1500), "{:?}", took);
        drop(stream);
        client.join().unwrap();
    }

    /// A problem as the extension sends it, `batch` last, with a sample of `n` bytes that
    /// itself contains a decoy `"batch"`.
    fn problem(n: usize) -> String {
        let sample = format!(
            "{{\\\"batch\\\": {{\\\"id\\\": \\\"decoy\\\", \\\"size\\\": 9}}}} {}",
            "7".repeat(n)
        );
        format!(
            "{{\"name\": \"A\", \"url\": \"https://atcoder.jp/contests/abc1/tasks/abc1_a\", \
             \"tests\": [{{\"input\": \"{}\", \"output\": \"1\\n\"}}], \"languages\": {{\"batch\": \
             {{\"id\": \"no\", \"size\": 8}}}}, \"batch\": {{\"id\": \"b\\u00e9\", \"size\": 2}}}}",
            sample
        )
    }

    #[test]
    fn the_scan_finds_the_top_level_batch_and_url() {
        let body = problem(10);
        json::parse(&body).unwrap();
        // Fed in pieces of every size: the same answer.
        for piece in [1, 2, 3, 7, 64, body.len()] {
            let mut scan = Scan::default();
            for chunk in body.as_bytes().chunks(piece) {
                scan.feed(chunk);
            }
            assert_eq!(
                scan.found(),
                (
                    Some(("bé".to_string(), 2)),
                    Some("https://atcoder.jp/contests/abc1/tasks/abc1_a".to_string())
                ),
                "{}",
                piece
            );
        }
        // Cut before its batch: none found; no batch or a bad one: none.
        let cut = Rejection::unread(400, "cut", &body.as_bytes()[..body.len() - 10]);
        assert_eq!((cut.batch, cut.unread), (None, true));
        for bad in [
            "{\"batch\": {\"id\": \"x\", \"size\": 0}}",
            "{\"batch\": {\"id\": \"\", \"size\": 2}}",
            "{\"batch\": [\"x\", 2]}",
            "[{\"batch\": {\"id\": \"x\", \"size\": 2}}]",
        ] {
            assert_eq!(
                Rejection::unread(400, "x", bad.as_bytes()).batch,
                None,
                "{}",
                bad
            );
        }
    }

    #[test]
    fn an_oversized_body_is_refused_with_its_batch() {
        let body = problem(MAX_BODY);
        let raw = format!(
            "POST / HTTP/1.1\r\n{}Content-Length: {}\r\n\r\n{}",
            JSON,
            body.len(),
            body
        );
        let r = parse(&raw).unwrap_err();
        assert_eq!((r.status, r.unread), (413, true));
        assert_eq!(r.batch, Some(("bé".to_string(), 2)));
        assert!(r.url.unwrap().contains("abc1_a"));
        // Only up to SCAN_LIMIT bytes are read for it; an empty body ends the scan.
        let huge = format!(
            "POST / HTTP/1.1\r\n{}Content-Length: {}\r\n\r\n",
            JSON,
            1u64 << 40
        );
        assert_eq!(parse(&huge).unwrap_err().batch, None);
        let mut reader = io::Cursor::new(vec![b' '; SCAN_LIMIT + 10]);
        assert!(discard_scanning(&mut reader, SCAN_LIMIT).batch.is_none());
        assert_eq!(reader.position(), SCAN_LIMIT as u64);
    }
}
