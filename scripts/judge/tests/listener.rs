//! The listener of `receive` under clients that stall it, in-process with a short patience:
//! a real batch behind half-sent connections is still read, every answer is printed, a body
//! too large counts toward the batch it names, and a batch that lost a problem ends the
//! listener within a bound, saying what is missing.

mod support;

use judge::intake::listen::{self, Patience, MAX_QUEUED, MAX_READERS};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};
use support::workspace_like_real;

/// A request has 1 s; a batch that lost a problem ends after 0.3 s of quiet.
const PATIENCE: Patience = Patience {
    request: Duration::from_secs(1),
    quiet: Duration::from_millis(300),
};

/// A listener running on its own thread: its lines (`!` first for a refusal) on a channel.
struct Listener {
    port: u16,
    lines: Receiver<String>,
    seen: Vec<String>,
    done: JoinHandle<bool>,
}

impl Listener {
    fn start(root: PathBuf) -> Listener {
        let (send, lines) = channel();
        let done = thread::spawn(move || {
            listen::receive_with(&root, 0, PATIENCE, &mut |heard| {
                let mark = if heard.is_refusal() { "!" } else { "" };
                let _ = send.send(format!("{}{}", mark, heard));
            })
            .unwrap()
        });
        let mut listener = Listener {
            port: 0,
            lines,
            seen: Vec::new(),
            done,
        };
        let line = listener.line_with("listening on 127.0.0.1:");
        listener.port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .and_then(|digits| digits.parse().ok())
            .unwrap_or_else(|| panic!("no port in `{}`", line));
        listener
    }

    /// Waits (at most 20 s) for a line containing `part`; returns it.
    fn line_with(&mut self, part: &str) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(part) {
                        return line;
                    }
                }
                Err(_) => panic!("no line with `{}` in:\n{}", part, self.seen.join("\n")),
            }
        }
    }

    /// Waits at most `bound` for the listener to end; returns whether it passed and all of
    /// its lines.
    fn finish(mut self, bound: Duration) -> (bool, String) {
        let start = Instant::now();
        loop {
            match self
                .lines
                .recv_timeout(bound.saturating_sub(start.elapsed()))
            {
                Ok(line) => self.seen.push(line),
                // The sender is dropped when the listener returns.
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!(
                    "still listening after {:?}:\n{}",
                    bound,
                    self.seen.join("\n")
                ),
            }
        }
        (self.done.join().unwrap(), self.seen.join("\n"))
    }
}

/// `count` connections that send half a request's head and then nothing.
fn half_sent(port: u16, count: usize) -> Vec<TcpStream> {
    (0..count)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.write_all(b"POST / HTTP/1.1\r\nContent-Type: application/json\r\n")
                .unwrap();
            s
        })
        .collect()
}

/// POSTs `json` as the extension does; returns the status and the answer's body.
fn post(port: u16, json: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let head = format!(
        "POST / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        port,
        json.len()
    );
    // A listener that answers unread may close before the request is all sent: the answer
    // is read all the same.
    let _ = stream.write_all((head + json).as_bytes());
    let _ = stream.shutdown(Shutdown::Write);
    let mut answer = Vec::new();
    let read = stream.read_to_end(&mut answer);
    assert!(read.is_ok() || !answer.is_empty(), "{:?}", read);
    let answer = String::from_utf8_lossy(&answer);
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {}", answer));
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// [`post`] on a thread of its own.
fn post_later(port: u16, json: String) -> JoinHandle<(u16, String)> {
    thread::spawn(move || post(port, &json))
}

/// A POJ problem of batch `batch` (of `size`), its sample input `input`.
fn poj(id: u32, batch: &str, size: u32, input: &str) -> String {
    format!(
        r#"{{"name": "P", "group": "POJ", "url": "http://poj.org/problem?id={}",
  "memoryLimit": 64, "timeLimit": 1000,
  "tests": [{{"input": "{}", "output": "1\n"}}],
  "testType": "single", "input": {{"type": "stdin"}}, "output": {{"type": "stdout"}},
  "batch": {{"id": "{}", "size": {}}}}}"#,
        id, input, batch, size
    )
}

#[test]
fn a_batch_behind_half_sent_connections_is_read_once_they_time_out() {
    let root = workspace_like_real("listener-stalled");
    let mut listener = Listener::start(root.clone());
    // Every reader held by a client that never finishes its request.
    let stalled = half_sent(listener.port, MAX_READERS);
    let start = Instant::now();
    let first = post_later(listener.port, poj(1000, "b2", 2, "1\\n"));
    let second = post_later(listener.port, poj(1001, "b2", 2, "2\\n"));
    for answer in [first.join().unwrap(), second.join().unwrap()] {
        assert_eq!(answer.0, 200, "{}", answer.1);
    }
    // They waited for a reader: at most one request's time, and a margin.
    assert!(
        start.elapsed() < Duration::from_secs(6),
        "{:?}",
        start.elapsed()
    );
    // A stalled client's answer was printed before them; the listener ends with the batch.
    listener.line_with("!refused (408): the request was not sent within 1 s");
    listener.line_with("created problems/poj100");
    let (passed, lines) = listener.finish(Duration::from_secs(10));
    assert!(passed, "{}", lines);
    assert_eq!(
        lines.matches("created problems/poj100").count(),
        2,
        "{}",
        lines
    );
    assert!(root.join("samples/poj1000/1.in").is_file());
    assert!(root.join("samples/poj1001/1.in").is_file());
    drop(stalled);
}

#[test]
fn a_problem_refused_unread_is_printed_and_its_batch_ends_the_listener() {
    let root = workspace_like_real("listener-lost");
    let mut listener = Listener::start(root.clone());
    let stalled = half_sent(listener.port, MAX_READERS + MAX_QUEUED);
    // Past every reader and every place in the queue: answered 503 unread, and printed.
    let (status, body) = post(listener.port, &poj(1000, "b2", 2, "1\\n"));
    assert_eq!(status, 503, "{}", body);
    listener.line_with("!refused (503): too many requests at once (16 being read, 48 waiting)");
    let unknown = listener.line_with("!  not counted:");
    assert!(unknown.contains("its batch is unknown"), "{}", unknown);
    // The stalled clients go away; once each was answered, the batch's other problem comes.
    drop(stalled);
    for _ in 0..MAX_READERS + MAX_QUEUED {
        listener.line_with("!refused (400): the request ended inside its headers");
    }
    assert_eq!(post(listener.port, &poj(1001, "b2", 2, "2\\n")).0, 200);
    let start = Instant::now();
    let (passed, lines) = listener.finish(Duration::from_secs(10));
    assert!(!passed, "{}", lines);
    // It ends after the quiet period, not a request's time later.
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        lines.lines().last().unwrap_or(""),
        "!batch b2: 1 of 2 problems arrived, 1 lost among requests refused before they \
         were read; the extension sends no problem twice: click its button again",
        "{}",
        lines
    );
    assert!(root.join("samples/poj1001/1.in").is_file());
    assert!(!root.join("samples/poj1000").exists());
}

#[test]
fn a_body_too_large_counts_toward_the_batch_it_names() {
    let root = workspace_like_real("listener-large");
    let mut listener = Listener::start(root.clone());
    let big = "7".repeat(5 << 20);
    let (status, body) = post(listener.port, &poj(1000, "b2", 2, &big));
    assert_eq!(status, 413, "{}", body);
    listener.line_with("!refused (413): the body is over 4 MiB");
    let waiting = listener.line_with("!  ");
    assert_eq!(
        waiting,
        "!  batch b2: 1 of 2 problems arrived, 1 refused; waiting for the rest"
    );
    assert_eq!(post(listener.port, &poj(1001, "b2", 2, "2\\n")).0, 200);
    let (passed, lines) = listener.finish(Duration::from_secs(10));
    assert!(!passed, "{}", lines);
    assert_eq!(
        lines.lines().last().unwrap_or(""),
        "!batch b2: 1 of 2 problems taken, 1 refused: http://poj.org/problem?id=1000 (the \
         body is over 4 MiB)",
        "{}",
        lines
    );
    assert!(!root.join("samples/poj1000").exists());
}
