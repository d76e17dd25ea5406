//! `make receive` and `make import`: problems from Competitive Companion into the workspace.
//!
//! `receive` listens on 127.0.0.1 only, takes one problem per JSON POST, answers each request
//! in one line (200 with what was made, 4xx with why not), and exits once every batch it has
//! seen is complete (`batch.size` problems written). Requests are read concurrently (at most
//! [`MAX_READERS`] at once, each within one deadline) so a slow client holds off no other;
//! problems are written one at a time. A refused request counts towards no batch and never
//! ends the listener.

use crate::error::Error;
use crate::http;
use crate::intake::{self, Task};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

/// The default port: free of the extension's built-in list (cpbooster 1327, Hightail 4244,
/// Mind Sport 6174, acmX 10042, Caide 10043, CP Editor 10045, cph 27121, CHelper 4243).
pub const DEFAULT_PORT: u16 = 27182;

/// The most requests read at once: a client past them is answered 503 at once.
pub const MAX_READERS: usize = 16;

/// Problems written and expected per batch id.
#[derive(Default)]
struct Batches {
    /// batch id -> (problems written, batch size)
    seen: BTreeMap<String, (u64, u64)>,
    /// Problems sent without a batch id: each is a batch of its own.
    unnamed: u64,
}

impl Batches {
    fn count(&mut self, batch: &Option<(String, u64)>) {
        match batch {
            Some((id, size)) if !id.is_empty() => {
                let entry = self.seen.entry(id.clone()).or_insert((0, *size));
                entry.0 += 1;
            }
            _ => self.unnamed += 1,
        }
    }

    /// Whether some problem was counted and every batch has all its problems.
    fn complete(&self) -> bool {
        (self.unnamed > 0 || !self.seen.is_empty())
            && self.seen.values().all(|&(seen, size)| seen >= size)
    }
}

/// A connection and what was read from it.
type Received = (TcpStream, Result<http::Request, http::Rejection>);

/// Listens on `127.0.0.1:port` (0: any free port) until the batches are complete. Prints the
/// port, then one line per problem written; refusals go to stderr.
pub fn receive(root: &Path, port: u16) -> crate::error::Result<bool> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        format!(
            "cannot listen on 127.0.0.1:{}: {} (another tool there? choose one with PORT=...)",
            port, e
        )
    })?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    println!(
        "listening on 127.0.0.1:{}: click Competitive Companion's button on a problem or contest page (Ctrl-C to stop)",
        port
    );
    let _ = std::io::stdout().flush();
    let (send, received) = mpsc::channel::<Received>();
    thread::spawn(move || accept(listener, send));
    let mut batches = Batches::default();
    while !batches.complete() {
        let (stream, request) = received
            .recv()
            .map_err(|_| "the listener stopped accepting connections".to_string())?;
        let result = request
            .map_err(|r| (r.status, r.reason, None))
            .and_then(|request| {
                let body = String::from_utf8(request.body)
                    .map_err(|_| (400, "the body is not UTF-8".to_string(), None))?;
                let refused = |r: intake::Refusal| (400, r.reason, r.batch);
                let task = Task::from_body(&body).map_err(refused)?;
                let outcome = intake::write(root, &task).map_err(refused)?;
                Ok((outcome, task.batch))
            });
        match result {
            Ok((outcome, batch)) => {
                let _ = http::respond(&stream, 200, &outcome.to_string());
                println!("{}", outcome);
                batches.count(&batch);
            }
            Err((status, reason, batch)) => {
                let _ = http::respond(&stream, status, &reason);
                eprintln!("refused ({}): {}", status, reason);
                if let Some((id, size)) = batch.filter(|(id, _)| !id.is_empty()) {
                    let seen = batches.seen.get(&id).map_or(0, |&(seen, _)| seen);
                    eprintln!(
                        "  not counted: batch {} has {} of {} problems; send the rest, or Ctrl-C",
                        id.escape_default(),
                        seen,
                        size
                    );
                }
            }
        }
        let _ = std::io::stdout().flush();
    }
    Ok(true)
}

/// Accepts connections for ever: each is read on its own thread, at most [`MAX_READERS`] at
/// once, and handed to `send` whole.
fn accept(listener: TcpListener, send: mpsc::Sender<Received>) {
    let reading = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                eprintln!("receive: a connection failed: {}", e);
                continue;
            }
        };
        if reading.fetch_add(1, Ordering::SeqCst) >= MAX_READERS {
            reading.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(std::time::Duration::from_secs(1)));
            let _ = http::respond(&stream, 503, "too many requests at once; send it again");
            continue;
        }
        let (send, reading) = (send.clone(), Arc::clone(&reading));
        thread::spawn(move || {
            let request = http::read_request(&stream, Instant::now() + http::REQUEST_TIME);
            reading.fetch_sub(1, Ordering::SeqCst);
            // The receiver is gone only when the listener is done.
            let _ = send.send((stream, request));
        });
    }
}

/// Reads a saved request body (one problem, or an array of problems) from `file` and writes
/// its problems exactly as [`receive`] would; a file over [`http::MAX_BODY`] bytes is refused
/// as `receive` refuses such a body (read no further). `Ok(true)` when every problem was
/// written.
pub fn import(root: &Path, file: &Path) -> crate::error::Result<bool> {
    let text = read_saved(file)?;
    let mut all_written = true;
    for result in intake::import(root, &text) {
        match result {
            Ok(outcome) => println!("{}", outcome),
            Err(refusal) => {
                eprintln!("{}: refused: {}", file.display(), refusal);
                all_written = false;
            }
        }
    }
    Ok(all_written)
}

/// The text of a saved request, read up to [`http::MAX_BODY`] bytes.
fn read_saved(file: &Path) -> crate::error::Result<String> {
    let shown = || file.display().to_string();
    let opened = std::fs::File::open(file).map_err(|e| format!("{}: {}", shown(), e))?;
    let mut bytes = Vec::new();
    opened
        .take(http::MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {}", shown(), e))?;
    if bytes.len() > http::MAX_BODY {
        return Err(Error::Refused(format!(
            "{}: over {} MiB, more than a saved problem or contest holds; refused",
            shown(),
            http::MAX_BODY >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| Error::Refused(format!("{}: not UTF-8", shown())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_complete_when_every_problem_came() {
        let mut b = Batches::default();
        assert!(!b.complete());
        let two = Some(("x".to_string(), 2));
        b.count(&two);
        assert!(!b.complete());
        b.count(&two);
        assert!(b.complete());
        let mut single = Batches::default();
        single.count(&None);
        assert!(single.complete());
    }

    #[test]
    fn a_saved_file_is_read_within_the_cap() {
        let e = read_saved(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(e.starts_with("/dev/zero: over 4 MiB"), "{}", e);
        assert!(read_saved(Path::new("/nonexistent/x.json")).is_err());
    }
}
