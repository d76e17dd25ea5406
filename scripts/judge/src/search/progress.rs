//! A count of cases done that updates in place on a terminal: the progress line of the
//! generated-input searches.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// A count that updates in place on a terminal (and every tenth of the run otherwise).
pub struct Progress {
    total: u64,
    start: Instant,
    tty: bool,
    last: Instant,
}

impl Progress {
    /// A count of `total` cases, started now; it prints to stderr.
    pub fn new(total: u64) -> Progress {
        Progress {
            total,
            start: Instant::now(),
            tty: io::stderr().is_terminal(),
            last: Instant::now(),
        }
    }

    fn line(&self, done: u64, note: &str) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        format!(
            "[{:>6}/{}] {:>7.1} cases/s, {:.1} s{}",
            done,
            self.total,
            done as f64 / secs.max(1e-9),
            secs,
            note
        )
    }

    /// `done` cases so far; `note` is appended to the line (e.g. the slowest time yet).
    pub fn tick_with(&mut self, done: u64, note: &str) {
        if self.tty {
            if self.last.elapsed() >= Duration::from_millis(100) || done == self.total {
                // Clear to the end of the line: a note may have become shorter.
                eprint!("\r{}\x1b[K", self.line(done, note));
                let _ = io::stderr().flush();
                self.last = Instant::now();
            }
        } else if self.total >= 10 && done % (self.total / 10) == 0 {
            eprintln!("{}", self.line(done, note));
        }
    }

    /// [`Progress::tick_with`] without a note.
    pub fn tick(&mut self, done: u64) {
        self.tick_with(done, "");
    }

    /// Ends the line on a terminal.
    pub fn finish_with(&mut self, done: u64, note: &str) {
        if self.tty {
            eprintln!("\r{}\x1b[K", self.line(done, note));
        }
    }

    /// [`Progress::finish_with`] without a note.
    pub fn finish(&mut self, done: u64) {
        self.finish_with(done, "");
    }
}
