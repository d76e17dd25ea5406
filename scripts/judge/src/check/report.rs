//! The check's table: its rows, the counts it sums up, and what a run printed.

use crate::exec::run::{self, Kept};
use crate::judging::verdict::Verdict;

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
        self.invalid += other.invalid;
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
    let head = outcome.stderr.head(64 << 10);
    let text = String::from_utf8_lossy(&head);
    let line = text.lines().find(|l| l.starts_with("thread '"))?;
    let place = line.split_once("panicked at ")?.1;
    Some(place.trim_end().trim_end_matches(':').to_string())
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
