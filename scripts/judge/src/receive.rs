//! `make receive` and `make import`: problems from Competitive Companion into the workspace.
//!
//! `receive` listens on 127.0.0.1 only, takes one problem per POST, answers each request in
//! one line (200 with what was made, 4xx with why not), and exits once every batch it has
//! seen is complete (`batch.size` problems, refused ones included). A request it cannot read
//! as a problem counts towards no batch: the listener keeps waiting for the rest.

use crate::http;
use crate::intake::{self, Refusal, Task};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::net::TcpListener;
use std::path::Path;

/// The default port: free of the extension's built-in list (cpbooster 1327, Hightail 4244,
/// Mind Sport 6174, acmX 10042, Caide 10043, CP Editor 10045, cph 27121, CHelper 4243).
pub const DEFAULT_PORT: u16 = 27182;

/// Problems seen and expected per batch id.
#[derive(Default)]
struct Batches {
    /// batch id -> (problems seen, batch size)
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

/// Listens on `127.0.0.1:port` (0: any free port) until the batches are complete. Prints the
/// port, then one line per problem written; refusals go to stderr. `Ok(true)` when every
/// counted problem was written.
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
    let mut batches = Batches::default();
    let mut all_written = true;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                eprintln!("receive: a connection failed: {}", e);
                continue;
            }
        };
        let result = http::read_request(&stream)
            .map_err(|r| (r.status, r.reason, None))
            .and_then(|request| {
                let body = String::from_utf8(request.body)
                    .map_err(|_| (400, "the body is not UTF-8".to_string(), None))?;
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
                if batch.is_some() {
                    all_written = false;
                    batches.count(&batch);
                }
            }
        }
        let _ = std::io::stdout().flush();
        if batches.complete() {
            break;
        }
    }
    Ok(all_written)
}

/// A problem refused by the intake: answered 400, counted in its batch when it named one.
fn refused(r: Refusal) -> (u16, String, Option<(String, u64)>) {
    (400, r.reason, r.batch)
}

/// Reads a saved request body (one problem, or an array of problems) from `file` and writes
/// its problems exactly as [`receive`] would. `Ok(true)` when every problem was written.
pub fn import(root: &Path, file: &Path) -> crate::error::Result<bool> {
    let text = fs::read_to_string(file).map_err(|e| format!("{}: {}", file.display(), e))?;
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
}
