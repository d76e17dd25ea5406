//! The check's table: its rows, the counts it sums up, and what a run printed.

use crate::exec::run::{self, Kept};
use crate::judging::verdict::Verdict;
use std::time::Duration;

/// Counts of one problem or of the whole check.
#[derive(Default)]
pub struct Tally {
    pub passed: usize,
    pub cases: usize,
    /// Compiles without error or warning.
    pub clean: usize,
    pub compiles: usize,
    /// Bundles over the source limit of a judge they are listed for.
    pub oversize: usize,
    /// Compiles that fail the check (`check::compiles::CompileRow::fails`).
    pub failing: usize,
    /// Compiles by a compiler standing in for a judge's own.
    pub stand_ins: usize,
    /// Cases run from the overflow-checking build (`DEBUG=1`), not the judge's.
    pub overflow_cases: usize,
    /// The case of the most CPU time, and that time.
    pub slowest: Option<(String, Duration)>,
    /// The most peak memory of a case, MiB.
    pub peak_mib: f64,
    /// Sample inputs the problem's validator rejects or crashes on.
    pub invalid: usize,
}

impl Tally {
    pub fn add(&mut self, other: &Tally) {
        self.passed += other.passed;
        self.cases += other.cases;
        self.clean += other.clean;
        self.compiles += other.compiles;
        self.oversize += other.oversize;
        self.failing += other.failing;
        self.stand_ins += other.stand_ins;
        self.overflow_cases += other.overflow_cases;
        self.invalid += other.invalid;
        if let Some((case, cpu)) = &other.slowest {
            self.note_usage(case, *cpu, other.peak_mib);
        }
    }

    /// Counts a run of `case` that took `cpu` and `mib` at its peak.
    pub fn note_usage(&mut self, case: &str, cpu: Duration, mib: f64) {
        if self.slowest.as_ref().map_or(true, |(_, t)| cpu > *t) {
            self.slowest = Some((case.to_string(), cpu));
        }
        self.peak_mib = self.peak_mib.max(mib);
    }
}

/// Wall and CPU time columns of a row, in ms.
pub type Times = (String, String);

/// The time columns (wall, CPU) and the memory column of a run's row.
pub fn timed<O>(outcome: &run::Measured<O>) -> (Times, String) {
    (
        (
            outcome.elapsed.as_millis().to_string(),
            outcome.cpu.as_millis().to_string(),
        ),
        format!("{:.1}", outcome.max_rss_kib as f64 / 1024.0),
    )
}

/// The detail of a run that has no expected output (NO-OUT, never a pass), with what a judge
/// would say of it when it fails whatever the expected output (`failed`: OLE, TLE, MLE, RE,
/// as [`crate::judging::verdict::failure`] decides for every run).
pub fn unjudged(failed: Option<(Verdict, String)>) -> String {
    match failed {
        Some((verdict, why)) => format!(
            "no expected output (add its .out); a judge would say {}, {}; it printed:",
            verdict, why
        ),
        None => "no expected output (add its .out); it printed:".to_string(),
    }
}

/// Lines of output shown for a case without an expected output, at most.
pub const SHOWN_LINES: usize = 20;

/// Characters of a line shown, at most.
pub const SHOWN_WIDTH: usize = 120;

/// What a run printed, indented under its row: stdout's first [`SHOWN_LINES`] lines, then
/// stderr's, each cut at [`SHOWN_WIDTH`] characters; what is left out is counted.
pub fn printed(outcome: &run::Measured) -> String {
    let mut out = String::new();
    for (name, bytes) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
        if bytes.is_empty() && name == "stderr" {
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        let lines: Vec<&str> = text.lines().collect();
        out.push_str(&format!("    {} ({} bytes):\n", name, bytes.len()));
        for line in lines.iter().take(SHOWN_LINES) {
            let cut: String = line.chars().take(SHOWN_WIDTH).collect();
            let more = if cut.len() < line.len() { "..." } else { "" };
            out.push_str(&format!("      {}{}\n", cut, more));
        }
        if lines.len() > SHOWN_LINES {
            out.push_str(&format!(
                "      ... {} more lines\n",
                lines.len() - SHOWN_LINES
            ));
        }
    }
    out
}

/// Where a Rust program panicked, from its stderr: the `<file>:<line>:<column>` of its
/// `thread '...' panicked at <place>:` line.
pub fn panic_place<O: Kept>(outcome: &run::Measured<O>) -> Option<String> {
    panic_of(outcome).map(|p| p.place)
}

/// A Rust panic, as the program's stderr tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic {
    /// Where, as the program names it: `target/submit/x.rs:12:17`.
    pub place: String,
    /// The message's first line: `attempt to multiply with overflow`.
    pub message: String,
}

/// The first panic in a run's stderr (its first 64 KiB), if any.
pub fn panic_of<O: Kept>(outcome: &run::Measured<O>) -> Option<Panic> {
    panic_in(&String::from_utf8_lossy(&outcome.stderr.head(64 << 10)))
}

/// The first panic in `text`, in either of Rust's wordings: `thread 'main' panicked at
/// <place>:` with the message on the next line (1.73 on; 1.91 on add the thread's id after
/// its name), or `thread 'main' panicked at '<message>', <place>` before.
pub fn panic_in(text: &str) -> Option<Panic> {
    let mut lines = text.lines();
    let said = lines
        .by_ref()
        .find(|l| l.starts_with("thread '") && l.contains(" panicked at "))?;
    let rest = said.split_once(" panicked at ")?.1.trim_end();
    if let Some(quoted) = rest.strip_prefix('\'') {
        let (message, place) = quoted.rsplit_once("', ")?;
        return Some(Panic {
            place: place.to_string(),
            message: message.to_string(),
        });
    }
    Some(Panic {
        place: rest.trim_end_matches(':').to_string(),
        message: lines.next().unwrap_or("").trim().to_string(),
    })
}

/// The first [`SHOWN_LINES`] lines of what a run wrote to stderr, indented under its row
/// (`VERBOSE=1` on a failing case); nothing when it wrote none.
pub fn stderr_head<O: Kept>(outcome: &run::Measured<O>) -> String {
    let head = outcome.stderr.head(64 << 10);
    if head.is_empty() {
        return String::new();
    }
    let text = String::from_utf8_lossy(&head);
    let mut out = "    stderr, the first lines:\n".to_string();
    for line in text
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take(SHOWN_LINES)
    {
        let cut: String = line.chars().take(SHOWN_WIDTH).collect();
        out.push_str(&format!(
            "      {}\n",
            crate::text::printable::printable(&cut)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_read_in_every_wording() {
        let want = Some(Panic {
            place: "target/submit/x.rs:7:13".to_string(),
            message: "attempt to multiply with overflow".to_string(),
        });
        let now = "thread 'main' (15663) panicked at target/submit/x.rs:7:13:\n\
                   attempt to multiply with overflow\nstack backtrace:\n";
        assert_eq!(panic_in(now), want);
        let before = "thread 'main' panicked at target/submit/x.rs:7:13:\n\
                      attempt to multiply with overflow\n";
        assert_eq!(panic_in(before), want);
        let old = "thread 'main' panicked at 'attempt to multiply with overflow', \
                   target/submit/x.rs:7:13\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(panic_in(old), want);
        assert_eq!(panic_in("thread 'main' has overflowed its stack\n"), None);
        assert_eq!(panic_in("hello\n"), None);
    }
}
