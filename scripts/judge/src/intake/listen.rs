//! `make receive` and `make import`: problems from Competitive Companion into the workspace.
//!
//! `receive` listens on 127.0.0.1 only, takes one problem per JSON POST, answers each request
//! in one line (200 with what was made, 4xx or 503 with why not), prints every answer, and
//! exits once every batch it has seen is complete: `batch.size` problems arrived, written or
//! refused. It passes when none was refused; otherwise it ends with one line per batch naming
//! what was refused (what was written stays). Requests are read concurrently (at most
//! [`MAX_READERS`] at once, each within one deadline) so a slow client holds off no other;
//! a connection past them waits its turn (at most [`MAX_QUEUED`] wait; past them it is
//! answered 503 unread); problems are written one at a time. A refused request counts toward
//! the batch it names, even one too large or cut short whose body named it. One that names
//! no batch (a body that is not JSON, a request that is not a POST of JSON, a problem without
//! `batch.id`) is from no click of the extension: it counts towards no batch and never ends
//! the listener. But a request refused before it was read whole may have been a lost problem:
//! then, once a batch stays incomplete and nothing more comes for [`QUIET`], the listener
//! ends, naming what each batch is missing (the extension never sends a problem twice).

use crate::error::{Error, Result};
use crate::intake::http;
use crate::intake::sites;
use crate::intake::task::{self, Imported, Task};
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The default port: free of the extension's built-in list (cpbooster 1327, Hightail 4244,
/// Mind Sport 6174, acmX 10042, Caide 10043, CP Editor 10045, cph 27121, CHelper 4243).
pub const DEFAULT_PORT: u16 = 27182;

/// The most requests read at once: a connection past them waits its turn.
pub const MAX_READERS: usize = 16;

/// The most connections waiting for a reader: one past them is answered 503 unread.
pub const MAX_QUEUED: usize = 48;

/// How long nothing more must come before a batch that lost a problem ends the listener:
/// the extension sends a batch's problems at once, and never again.
pub const QUIET: Duration = Duration::from_secs(3);

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

/// What reaches the main loop: a connection and what was read from it, or the answer the
/// accept thread gave one it did not read.
enum Event {
    Read(
        TcpStream,
        std::result::Result<http::Request, http::Rejection>,
    ),
    Unread(http::Rejection),
}

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
    /// A request refused before it was read whole named no batch: it may have been a
    /// problem, lost.
    Unknown,
    /// A batch ended with refused problems (see [`Batches::refusals`]).
    Incomplete(String),
    /// A batch cannot complete: problems of it were lost among requests refused unread.
    Missing {
        batch: String,
        arrived: u64,
        size: u64,
    },
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
            Heard::Unknown => {
                f.write_str("  not counted: refused before it was read whole, its batch is unknown")
            }
            Heard::Incomplete(line) => f.write_str(line),
            Heard::Missing {
                batch,
                arrived,
                size,
            } => write!(
                f,
                "batch {}: {} of {} problems arrived, {} lost among requests refused before \
                 they were read; the extension sends no problem twice: click its button again",
                batch.escape_default(),
                arrived,
                size,
                size - arrived
            ),
        }
    }
}

/// How long the listener waits: for one request, and, once a batch cannot complete, for
/// quiet before it ends.
#[derive(Clone, Copy, Debug)]
pub struct Patience {
    /// How long a client may take to send its whole request (from when it is read).
    pub request: Duration,
    /// How long nothing more must come before a batch that lost a problem ends the listener.
    pub quiet: Duration,
}

impl Default for Patience {
    fn default() -> Patience {
        Patience {
            request: http::REQUEST_TIME,
            quiet: QUIET,
        }
    }
}

/// Listens on `127.0.0.1:port` (0: any free port) until the batches are complete, telling
/// `heard` what happens as it happens. `Ok(true)` when no problem of a batch was refused.
pub fn receive(root: &Path, port: u16, heard: &mut dyn FnMut(Heard)) -> Result<bool> {
    receive_with(root, port, Patience::default(), heard)
}

/// [`receive`] with the given patience.
pub fn receive_with(
    root: &Path,
    port: u16,
    patience: Patience,
    heard: &mut dyn FnMut(Heard),
) -> Result<bool> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        Error::from(e).context(format!(
            "cannot listen on 127.0.0.1:{} (another tool there? choose one with PORT=...)",
            port
        ))
    })?;
    heard(Heard::Listening(listener.local_addr()?.port()));
    let (send, events) = mpsc::channel::<Event>();
    let in_flight = Arc::new(AtomicUsize::new(0));
    let pool = Arc::new(Pool {
        queue: Mutex::new(Queue::default()),
        send,
        in_flight: Arc::clone(&in_flight),
        time: patience.request,
    });
    thread::spawn(move || accept(listener, pool));
    let stopped = || {
        Error::from(std::io::Error::new(
            std::io::ErrorKind::BrokenPipe,
            "the listener stopped accepting connections",
        ))
    };
    let mut state = Listening::new(patience);
    while !state.batches.complete() {
        let event = match state.give_up_at(in_flight.load(Ordering::SeqCst)) {
            None => events.recv().map_err(|_| stopped())?,
            Some(at) => match at.checked_duration_since(Instant::now()) {
                None => break,
                Some(wait) => match events.recv_timeout(wait) {
                    Ok(event) => event,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
                },
            },
        };
        match event {
            Event::Read(stream, request) => {
                in_flight.fetch_sub(1, Ordering::SeqCst);
                state.heard(root, Some(&stream), request, heard);
            }
            Event::Unread(rejection) => state.heard(root, None, Err(rejection), heard),
        }
    }
    let refusals = state.batches.refusals();
    let mut passed = refusals.is_empty();
    for line in refusals {
        heard(Heard::Incomplete(line));
    }
    for (id, b) in state
        .batches
        .seen
        .iter()
        .filter(|(_, b)| b.arrived() < b.size)
    {
        passed = false;
        heard(Heard::Missing {
            batch: id.clone(),
            arrived: b.arrived(),
            size: b.size,
        });
    }
    Ok(passed)
}

/// What the main loop knows: the batches, and what it needs to know when one cannot complete.
struct Listening {
    batches: Batches,
    patience: Patience,
    /// Requests refused before they were read whole whose batch is unknown.
    lost: u64,
    /// When a problem last counted toward a batch.
    counted: Instant,
    /// When a request was last lost.
    last_lost: Instant,
}

impl Listening {
    fn new(patience: Patience) -> Listening {
        let now = Instant::now();
        Listening {
            batches: Batches::default(),
            patience,
            lost: 0,
            counted: now,
            last_lost: now,
        }
    }

    /// When to end, with `in_flight` connections accepted and not yet answered: never while
    /// no request was lost or every batch can still complete; else once nothing more came
    /// for the quiet period and nothing is being read, or, at the latest, once a request
    /// accepted when a problem last counted would have been read for sure.
    fn give_up_at(&self, in_flight: usize) -> Option<Instant> {
        let stuck = self.batches.seen.values().any(|b| b.arrived() < b.size);
        if self.lost == 0 || !stuck {
            return None;
        }
        let quiet = self.counted.max(self.last_lost) + self.patience.quiet;
        let rounds = (MAX_QUEUED / MAX_READERS + 2) as u32;
        let latest = self.counted + self.patience.quiet + self.patience.request * rounds;
        Some(if in_flight == 0 {
            quiet.min(latest)
        } else {
            latest
        })
    }

    /// Answers a request (`stream`: none when the accept thread answered it) and says so.
    fn heard(
        &mut self,
        root: &Path,
        stream: Option<&TcpStream>,
        request: std::result::Result<http::Request, http::Rejection>,
        heard: &mut dyn FnMut(Heard),
    ) {
        let (status, reason, batch, url, unread) = match answer(root, request) {
            Ok((imported, batch)) => {
                if let Some(stream) = stream {
                    let _ = http::respond(stream, 200, &imported.to_string());
                }
                heard(Heard::Written(imported));
                self.batches.take(&batch);
                self.counted = Instant::now();
                return;
            }
            Err(refused) => refused,
        };
        if let Some(stream) = stream {
            let _ = http::respond(stream, status, &reason);
        }
        heard(Heard::Refused {
            status,
            reason: reason.clone(),
        });
        let (id, size) = match batch.filter(|(id, _)| !id.is_empty()) {
            Some(batch) => batch,
            None if unread => {
                self.lost += 1;
                self.last_lost = Instant::now();
                return heard(Heard::Unknown);
            }
            None => return heard(Heard::Uncounted),
        };
        let what = match url {
            Some(url) => format!("{} ({})", url, reason),
            None => reason,
        };
        self.batches.refuse(&id, size, what);
        self.counted = Instant::now();
        let b = &self.batches.seen[&id];
        if b.arrived() < b.size {
            heard(Heard::Waiting {
                arrived: b.arrived(),
                size: b.size,
                refused: b.refused.len(),
                batch: id,
            });
        }
    }
}

/// A refusal: its HTTP status, why, the batch it named (id, size), its page, and whether
/// it was refused before it was read whole.
type Refused = (u16, String, Option<(String, u64)>, Option<String>, bool);

/// Writes the problem a request carries: what was written and its batch, or the refusal.
fn answer(
    root: &Path,
    request: std::result::Result<http::Request, http::Rejection>,
) -> std::result::Result<(Imported, Option<(String, u64)>), Refused> {
    let request = request.map_err(|r| {
        let url = r.url.as_deref().map(sites::shown);
        (r.status, r.reason, r.batch, url, r.unread)
    })?;
    let body = String::from_utf8(request.body)
        .map_err(|_| (400, "the body is not UTF-8".to_string(), None, None, false))?;
    let refused = |r: task::Refusal| (400, r.reason, r.batch, r.url, false);
    let task = Task::from_body(&body).map_err(refused)?;
    let imported = task::write(root, &task).map_err(refused)?;
    Ok((imported, task.batch))
}

/// The readers: connections waiting for one, and where what they read goes.
struct Pool {
    queue: Mutex<Queue>,
    send: mpsc::Sender<Event>,
    /// Connections accepted and not yet answered by the main loop.
    in_flight: Arc<AtomicUsize>,
    /// How long each request may take, from when it is read.
    time: Duration,
}

#[derive(Default)]
struct Queue {
    /// Readers at work.
    reading: usize,
    /// Connections accepted that wait for a reader, oldest first.
    waiting: VecDeque<TcpStream>,
}

/// Accepts connections for ever: each is read by one of at most [`MAX_READERS`] reader
/// threads, waiting its turn (at most [`MAX_QUEUED`] wait) when they are all at work, and
/// handed to the main loop whole. Past that it is answered 503 unread, and the main loop is
/// told.
fn accept(listener: TcpListener, pool: Arc<Pool>) {
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                eprintln!("receive: a connection failed: {}", e);
                continue;
            }
        };
        let mut queue = pool.queue.lock().unwrap_or_else(|e| e.into_inner());
        if queue.reading < MAX_READERS {
            queue.reading += 1;
            drop(queue);
            pool.in_flight.fetch_add(1, Ordering::SeqCst);
            let pool = Arc::clone(&pool);
            thread::spawn(move || read(stream, &pool));
        } else if queue.waiting.len() < MAX_QUEUED {
            pool.in_flight.fetch_add(1, Ordering::SeqCst);
            queue.waiting.push_back(stream);
        } else {
            drop(queue);
            let reason = format!(
                "too many requests at once ({} being read, {} waiting); not read",
                MAX_READERS, MAX_QUEUED
            );
            http::respond_unread(&stream, 503, &reason);
            let unread = http::Rejection::unread(503, reason, b"");
            // The receiver is gone only when the listener is done.
            let _ = pool.send.send(Event::Unread(unread));
        }
    }
}

/// A reader thread: reads `stream`, then each connection waiting, until none waits.
fn read(mut stream: TcpStream, pool: &Pool) {
    loop {
        let request = http::read_request(&stream, pool.time);
        let _ = pool.send.send(Event::Read(stream, request));
        let mut queue = pool.queue.lock().unwrap_or_else(|e| e.into_inner());
        match queue.waiting.pop_front() {
            Some(next) => stream = next,
            None => {
                queue.reading -= 1;
                return;
            }
        }
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
    fn the_listener_gives_up_only_on_a_batch_that_lost_a_problem() {
        let patience = Patience {
            request: Duration::from_secs(10),
            quiet: Duration::from_secs(3),
        };
        let mut state = Listening::new(patience);
        // A problem lost with no batch waiting: the listener waits for a click.
        state.lost = 1;
        assert_eq!(state.give_up_at(0), None);
        state.batches.take(&Some(("b".to_string(), 2)));
        let quiet = state.counted.max(state.last_lost) + patience.quiet;
        assert_eq!(state.give_up_at(0), Some(quiet));
        // While requests are being read, at most until they must have been.
        let rounds = (MAX_QUEUED / MAX_READERS + 2) as u32;
        let latest = state.counted + patience.quiet + patience.request * rounds;
        assert_eq!(state.give_up_at(5), Some(latest));
        // Nothing lost, or the batch complete: never.
        state.lost = 0;
        assert_eq!(state.give_up_at(0), None);
        state.lost = 1;
        state.batches.take(&Some(("b".to_string(), 2)));
        assert_eq!(state.give_up_at(0), None);
    }

    #[test]
    fn a_saved_file_is_read_within_the_cap() {
        let e = read_saved(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(e.starts_with("/dev/zero: over 4 MiB"), "{}", e);
        assert!(read_saved(Path::new("/nonexistent/x.json")).is_err());
    }
}
