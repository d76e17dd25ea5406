//! `make receive` and `make import`: problems from Competitive Companion into the workspace.
//!
//! `receive` listens on 127.0.0.1 only, takes one problem per JSON POST, answers each request
//! in one line (200 with what was made, 4xx with why not), and exits once every batch it has
//! seen is complete: `batch.size` problems arrived, written or refused. It passes when none
//! was refused; otherwise it ends with one line per batch naming what was refused (what was
//! written stays). Requests are read concurrently (at most [`MAX_READERS`] at once, each
//! within one deadline) so a slow client holds off no other; problems are written one at a
//! time. A refused request that names no batch (a body that is not JSON, a request that is
//! not a POST of JSON, a problem without `batch.id`) is from no click of the extension: it
//! counts towards no batch and never ends the listener.

use crate::error::{Error, Result};
use crate::intake::http;
use crate::intake::task::{self, Imported, Task};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;

/// The default port: free of the extension's built-in list (cpbooster 1327, Hightail 4244,
/// Mind Sport 6174, acmX 10042, Caide 10043, CP Editor 10045, cph 27121, CHelper 4243).
pub const DEFAULT_PORT: u16 = 27182;

/// The most requests read at once: a client past them is answered 503 at once.
pub const MAX_READERS: usize = 16;

/// What arrived of one batch.
#[derive(Debug, Default)]
struct Batch {
    /// `batch.size`, as its first problem said.
    size: u64,
    /// Problems written.
    taken: u64,
    /// Each problem refused: its page (when it named one) and why.
    refused: Vec<String>,
}

impl Batch {
    fn arrived(&self) -> u64 {
        self.taken + self.refused.len() as u64
    }
}

/// What arrived per batch id.
#[derive(Default)]
struct Batches {
    seen: BTreeMap<String, Batch>,
    /// Problems sent without a batch id: each is a batch of its own.
    unnamed: u64,
}

impl Batches {
    /// The batch named `id`, made with `size` when it is new.
    fn entry(&mut self, id: &str, size: u64) -> &mut Batch {
        self.seen.entry(id.to_string()).or_insert(Batch {
            size,
            ..Batch::default()
        })
    }

    /// A problem of `batch` was written.
    fn take(&mut self, batch: &Option<(String, u64)>) {
        match batch {
            Some((id, size)) if !id.is_empty() => self.entry(id, *size).taken += 1,
            _ => self.unnamed += 1,
        }
    }

    /// A problem of batch `id` was refused; `what` names it and says why.
    fn refuse(&mut self, id: &str, size: u64, what: String) {
        self.entry(id, size).refused.push(what);
    }

    /// Whether some problem arrived and every batch has all its problems.
    fn complete(&self) -> bool {
        (self.unnamed > 0 || !self.seen.is_empty())
            && self.seen.values().all(|b| b.arrived() >= b.size)
    }

    /// One line per batch with a refused problem: `batch b3: 2 of 3 problems taken, 1
    /// refused: <url> (<why>)`.
    fn refusals(&self) -> Vec<String> {
        self.seen
            .iter()
            .filter(|(_, b)| !b.refused.is_empty())
            .map(|(id, b)| {
                format!(
                    "batch {}: {} of {} problems taken, {} refused: {}",
                    id.escape_default(),
                    b.taken,
                    b.size,
                    b.refused.len(),
                    b.refused.join("; ")
                )
            })
            .collect()
    }
}

/// A connection and what was read from it.
type Received = (
    TcpStream,
    std::result::Result<http::Request, http::Rejection>,
);

/// What the listener heard and did: one line each, for the command to show.
#[derive(Debug)]
pub enum Heard {
    /// It listens on this port.
    Listening(u16),
    /// A problem was written.
    Written(Imported),
    /// A request was refused with this status, for this reason.
    Refused { status: u16, reason: String },
    /// A refused problem counted toward its batch, which waits for the rest.
    Waiting {
        batch: String,
        arrived: u64,
        size: u64,
        refused: usize,
    },
    /// A refused request named no batch: it counts toward none.
    Uncounted,
    /// A batch ended with refused problems (see [`Batches::refusals`]).
    Incomplete(String),
}

impl Heard {
    /// Whether the line belongs on stderr (a refusal) rather than stdout.
    pub fn is_refusal(&self) -> bool {
        !matches!(self, Heard::Listening(_) | Heard::Written(_))
    }
}

impl fmt::Display for Heard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Heard::Listening(port) => write!(
                f,
                "listening on 127.0.0.1:{}: click Competitive Companion's button on a problem \
                 or contest page (Ctrl-C to stop)",
                port
            ),
            Heard::Written(imported) => write!(f, "{}", imported),
            Heard::Refused { status, reason } => write!(f, "refused ({}): {}", status, reason),
            Heard::Waiting {
                batch,
                arrived,
                size,
                refused,
            } => write!(
                f,
                "  batch {}: {} of {} problems arrived, {} refused; waiting for the rest",
                batch.escape_default(),
                arrived,
                size,
                refused
            ),
            Heard::Uncounted => f.write_str("  not counted: it names no batch"),
            Heard::Incomplete(line) => f.write_str(line),
        }
    }
}

/// Listens on `127.0.0.1:port` (0: any free port) until the batches are complete, telling
/// `heard` what happens as it happens. `Ok(true)` when no problem of a batch was refused.
pub fn receive(root: &Path, port: u16, heard: &mut dyn FnMut(Heard)) -> Result<bool> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        Error::from(e).context(format!(
            "cannot listen on 127.0.0.1:{} (another tool there? choose one with PORT=...)",
            port
        ))
    })?;
    heard(Heard::Listening(listener.local_addr()?.port()));
    let (send, received) = mpsc::channel::<Received>();
    thread::spawn(move || accept(listener, send));
    let mut batches = Batches::default();
    while !batches.complete() {
        let (stream, request) = received.recv().map_err(|_| {
            Error::from(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "the listener stopped accepting connections",
            ))
        })?;
        match answer(root, request) {
            Ok((imported, batch)) => {
                let _ = http::respond(&stream, 200, &imported.to_string());
                heard(Heard::Written(imported));
                batches.take(&batch);
            }
            Err((status, reason, batch, url)) => {
                let _ = http::respond(&stream, status, &reason);
                heard(Heard::Refused {
                    status,
                    reason: reason.clone(),
                });
                match batch.filter(|(id, _)| !id.is_empty()) {
                    Some((id, size)) => {
                        let what = match url {
                            Some(url) => format!("{} ({})", url, reason),
                            None => reason,
                        };
                        batches.refuse(&id, size, what);
                        let b = &batches.seen[&id];
                        if b.arrived() < b.size {
                            heard(Heard::Waiting {
                                arrived: b.arrived(),
                                size: b.size,
                                refused: b.refused.len(),
                                batch: id,
                            });
                        }
                    }
                    None => heard(Heard::Uncounted),
                }
            }
        }
    }
    let refusals = batches.refusals();
    let passed = refusals.is_empty();
    for line in refusals {
        heard(Heard::Incomplete(line));
    }
    Ok(passed)
}

/// A refusal: its HTTP status, why, the batch it named (id, size) and its page.
type Refused = (u16, String, Option<(String, u64)>, Option<String>);

/// Writes the problem a request carries: what was written and its batch, or the refusal.
fn answer(
    root: &Path,
    request: std::result::Result<http::Request, http::Rejection>,
) -> std::result::Result<(Imported, Option<(String, u64)>), Refused> {
    let request = request.map_err(|r| (r.status, r.reason, None, None))?;
    let body = String::from_utf8(request.body)
        .map_err(|_| (400, "the body is not UTF-8".to_string(), None, None))?;
    let refused = |r: task::Refusal| (400, r.reason, r.batch, r.url);
    let task = Task::from_body(&body).map_err(refused)?;
    let imported = task::write(root, &task).map_err(refused)?;
    Ok((imported, task.batch))
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
            let request = http::read_request(&stream, http::REQUEST_TIME);
            reading.fetch_sub(1, Ordering::SeqCst);
            // The receiver is gone only when the listener is done.
            let _ = send.send((stream, request));
        });
    }
}

/// Reads a saved request body (one problem, or an array of problems) from `file` and writes
/// its problems exactly as [`receive`] would: what each became, or why it was refused. A
/// file over [`http::MAX_BODY`] bytes is refused as `receive` refuses such a body (read no
/// further).
pub fn import(
    root: &Path,
    file: &Path,
) -> Result<Vec<std::result::Result<Imported, task::Refusal>>> {
    let text = read_saved(file)?;
    Ok(task::import(root, &text))
}

/// The text of a saved request, read up to [`http::MAX_BODY`] bytes.
fn read_saved(file: &Path) -> Result<String> {
    let shown = || file.display().to_string();
    let opened = std::fs::File::open(file).map_err(|e| Error::io(file, e))?;
    let mut bytes = Vec::new();
    opened
        .take(http::MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(file, e))?;
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
        b.take(&two);
        assert!(!b.complete());
        b.take(&two);
        assert!(b.complete());
        assert!(b.refusals().is_empty());
        let mut single = Batches::default();
        single.take(&None);
        assert!(single.complete());
    }

    #[test]
    fn a_refused_problem_arrives_and_is_named() {
        let mut b = Batches::default();
        let three = Some(("b3".to_string(), 3));
        b.take(&three);
        b.refuse(
            "b3",
            3,
            "http://poj.org/problem?id=1 (`tests` is missing)".into(),
        );
        assert!(!b.complete());
        b.take(&three);
        assert!(b.complete());
        assert_eq!(
            b.refusals(),
            ["batch b3: 2 of 3 problems taken, 1 refused: \
              http://poj.org/problem?id=1 (`tests` is missing)"]
        );
        // A batch whose every problem is refused is complete too.
        let mut all = Batches::default();
        all.refuse("c", 1, "interactive".into());
        assert!(all.complete());
        assert_eq!(
            all.refusals(),
            ["batch c: 0 of 1 problems taken, 1 refused: interactive"]
        );
    }

    #[test]
    fn a_saved_file_is_read_within_the_cap() {
        let e = read_saved(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(e.starts_with("/dev/zero: over 4 MiB"), "{}", e);
        assert!(read_saved(Path::new("/nonexistent/x.json")).is_err());
    }
}
