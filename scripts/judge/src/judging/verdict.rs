//! Judging one run of a solution against what is expected of it.

use crate::error::{Error, Result};
use crate::exec::run::{self, Budget, Captured, Exit, Kept, Measured};
use crate::judging::checker::{self, Program};
use crate::judging::compare::Compare;
use crate::text::printable::printable;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A judge's verdict on one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// Over the time limit in CPU time, or killed at the wall-clock cap (1.5 times it).
    Tle,
    /// Runtime error: a crash, or an exit status other than the expected one.
    Re,
    /// Over the memory limit.
    Mle,
    /// Output limit exceeded: stdout or stderr reached the output cap.
    Ole,
    /// Compile error of the bundle.
    Ce,
    /// The case has no expected output to compare with: never a pass.
    NoExpected,
    /// Idleness limit exceeded (interactive): the solution and the interactor both waited.
    Ile,
    /// Presentation error: a testlib checker or the interactor could not read the output.
    Pe,
    /// The checker or the interactor itself failed: it crashed, or exited 3 (or, for a
    /// testlib checker, a status it has no meaning for). Never the solution's verdict.
    Fail,
    /// Partial credit: a testlib checker's `quitp` (exit status 7), its points in the row.
    /// Never a pass.
    Points,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Tle => "TLE",
            Verdict::Re => "RE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Ce => "CE",
            Verdict::NoExpected => "NO-OUT",
            Verdict::Ile => "ILE",
            Verdict::Pe => "PE",
            Verdict::Fail => "FAIL",
            Verdict::Points => "PTS",
        })
    }
}

/// What a correct solution does on a case.
#[derive(Debug)]
pub struct Expected {
    /// Expected stdout (a file, so a checker can read it).
    pub stdout: PathBuf,
    /// Expected exit status.
    pub code: i32,
    /// Expected stderr, compared like stdout, when given.
    pub stderr: Option<Vec<u8>>,
}

/// The limits a run is judged under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, user + system, in ms.
    pub time_ms: u64,
    /// Peak resident memory, in MiB.
    pub memory_mib: u64,
    /// Output per stream, in MiB, where the judge's is known (`output-limit-mib`).
    pub output_mib: Option<u64>,
    /// The judge's stack, in bytes, where known (`judges.rs`); `None`: unknown, and a run
    /// gets [`STACK_WHERE_UNKNOWN`] ([`Limits::stack`]).
    pub stack_bytes: Option<u64>,
    /// The judge these limits are of, as messages name it: `SPOJ`, or `the judge` when the
    /// table does not know it.
    pub judge: &'static str,
}

/// The stack a run gets where the judge's is unknown: 8 MiB, the usual default of Linux.
pub const STACK_WHERE_UNKNOWN: u64 = run::DEFAULT_STACK;

impl Limits {
    /// How long a run may go on before it is killed: one and a half times the time limit.
    pub fn kill_time(self) -> Duration {
        Duration::from_millis(self.time_ms.saturating_mul(3) / 2)
    }

    /// The stack a run gets, in bytes: the judge's, or [`STACK_WHERE_UNKNOWN`].
    pub fn stack(self) -> u64 {
        self.stack_bytes.unwrap_or(STACK_WHERE_UNKNOWN)
    }

    /// The stack a run had and whose it is: `1 GiB stack, AtCoder's`, or `8 MiB stack;
    /// SPOJ's is unknown`. Where the system refused the judge's stack (a hard limit below
    /// it), the stack the run had, that it is not the judge's, and how to raise the limit.
    pub fn stack_note(self) -> String {
        let size = stack_size(self.stack());
        if self.stack_refused() {
            let had = stack_size(run::granted_stack(self.stack()));
            return format!(
                "{} stack, not {}'s {}: the hard stack limit here is {}; raise it with \
                 `ulimit -Hs unlimited` as root, or a `hard stack` line in \
                 /etc/security/limits.conf",
                had, self.judge, size, had
            );
        }
        match self.stack_bytes {
            Some(UNLIMITED_STACK) => format!(
                "unlimited stack, {}'s (here: the system's hard limit, `ulimit -Hs`)",
                self.judge
            ),
            Some(_) => format!("{} stack, {}'s", size, self.judge),
            None => format!("{} stack; {}'s is unknown", size, self.judge),
        }
    }

    /// Whether a run gets less stack than the judge's (the tool's hard limit is lower): a
    /// stack overflow then is not the judge's verdict.
    pub fn stack_refused(self) -> bool {
        run::granted_stack(self.stack()) < self.stack()
    }

    /// How much output a run may write to each stream before it is OLE: the judge's output
    /// limit where the manifest gives one; otherwise 64 MiB, or twice the expected output
    /// when that is larger (an answer that is simply large is never OLE).
    pub fn output_cap(self, expected: &Expected) -> u64 {
        if let Some(cap) = self.judges_output_cap() {
            return cap;
        }
        let expected_out = fs::metadata(&expected.stdout).map_or(0, |m| m.len());
        let expected_err = expected.stderr.as_ref().map_or(0, |e| e.len() as u64);
        run::DEFAULT_OUTPUT_CAP.max(2 * expected_out.max(expected_err))
    }

    /// The judge's output limit in bytes per stream, where the manifest gives one.
    fn judges_output_cap(self) -> Option<u64> {
        self.output_mib.map(|mib| mib.saturating_mul(1 << 20))
    }
}

/// A judged run.
pub struct Judged {
    pub verdict: Verdict,
    /// The run, its outputs still in their files (removed when this is dropped).
    pub outcome: Measured<Captured>,
    /// Why, for anything but AC: one line.
    pub detail: String,
}

/// Runs `binary` on `input` and judges it against `expected` under `limits`. `checker` is
/// the problem's checker when it compares with one (its verdict stands: WA, PE, PTS, FAIL); otherwise stdout is compared with
/// the expected one as `compare` says (and stderr, when expected, as well), as it streams
/// from the run's file: the tool never holds an output.
pub fn judge(
    limits: Limits,
    binary: &Path,
    input: &Path,
    expected: &Expected,
    compare: Compare,
    checker: Option<&Program>,
    scratch: &Path,
) -> Result<Judged> {
    let budget = Budget {
        kill_after: limits.kill_time(),
        output_cap: limits.output_cap(expected),
        stack: limits.stack(),
    };
    let outcome = run::run_captured(binary, &[], input, scratch, budget)?;
    let (verdict, detail) =
        verdict_of(limits, &outcome, input, expected, compare, checker, scratch)?;
    Ok(Judged {
        verdict,
        outcome,
        detail,
    })
}

/// A WA's reason and, where there is one, the hint that follows it ([`Compare::hint`]).
pub fn with_hint(why: String, hint: Option<String>) -> String {
    match hint {
        Some(hint) => format!("{}; {}", why, hint),
        None => why,
    }
}

/// Why a run is TLE, as judges count it: CPU time (user + system) over the limit, or killed at
/// the wall-clock cap. A run slowed down only by waiting (wall over the limit, CPU under it,
/// not killed) is not TLE. `None` when in time.
pub fn time_exceeded<O>(outcome: &Measured<O>, limit_ms: u64) -> Option<String> {
    let (wall, cpu) = (outcome.elapsed.as_millis(), outcome.cpu.as_millis());
    if outcome.exit == Exit::Killed {
        Some(format!(
            "killed at the wall-clock cap after {} ms (cpu {} ms)",
            wall, cpu
        ))
    } else if cpu > u128::from(limit_ms) {
        Some(format!(
            "cpu {} ms over the {} ms limit (wall {} ms)",
            cpu, limit_ms, wall
        ))
    } else {
        None
    }
}

/// `1 GiB`, `256 MiB`, `8 KiB`, `100 bytes`: whole units only, the largest that fits.
pub fn binary_size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{} {}", bytes >> shift, unit);
        }
    }
    format!("{} bytes", bytes)
}

/// The stack of a judge that sets none (`ulimit -s unlimited`): as `RLIMIT_STACK` it is
/// `RLIM_INFINITY` on Linux, and the runner lowers any stack to the hard limit the tool has
/// (`exec::sys::Limits::stack`), so a run gets the most this system gives.
pub const UNLIMITED_STACK: u64 = u64::MAX;

/// `1 GiB`, or `unlimited` for [`UNLIMITED_STACK`].
pub fn stack_size(bytes: u64) -> String {
    if bytes == UNLIMITED_STACK {
        "unlimited".to_string()
    } else {
        binary_size(bytes)
    }
}

/// `64 MiB`, `37.5 MiB`.
fn mib(bytes: u64) -> String {
    if bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    }
}

/// What a Rust program's runtime wrote to stderr before it ended: read only to say more in
/// an RE row, never to decide a verdict.
#[derive(Debug, Default, PartialEq, Eq)]
struct RuntimeNotes {
    /// `thread 'main' has overflowed its stack`: the thread's name (`main`).
    overflowed: Option<String>,
    /// `memory allocation of 1024 bytes failed`: the size asked for.
    allocation: Option<u64>,
}

/// The [`RuntimeNotes`] in `stderr`, read as it streams, line by line.
fn runtime_notes<R: BufRead>(mut stderr: R) -> io::Result<RuntimeNotes> {
    let mut notes = RuntimeNotes::default();
    let mut line = Vec::new();
    loop {
        line.clear();
        if stderr.read_until(b'\n', &mut line)? == 0 {
            return Ok(notes);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        // `thread 'main' has overflowed its stack`; newer Rust adds the thread's id after
        // its name: `thread 'main' (2500) has overflowed its stack`.
        if let Some(named) = text
            .strip_prefix("thread '")
            .and_then(|rest| rest.strip_suffix(" has overflowed its stack"))
        {
            if let Some(end) = named.rfind('\'') {
                notes.overflowed = Some(named[..end].to_string());
            }
        }
        if let Some(size) = text
            .strip_prefix("memory allocation of ")
            .and_then(|rest| rest.strip_suffix(" bytes failed"))
            .and_then(|size| size.parse().ok())
        {
            notes.allocation = Some(size);
        }
    }
}

/// Why a run that ended otherwise than a correct one is RE, in one line: a stack overflow
/// (Rust's message and SIGSEGV or SIGABRT) with the stack it had and the fix; a failed
/// allocation with the size asked for; else the exit and the first line of stderr.
fn runtime_error<O: Kept>(
    limits: Limits,
    outcome: &Measured<O>,
    code: i32,
    stderr: impl BufRead,
) -> io::Result<String> {
    let notes = runtime_notes(stderr)?;
    let crashed = matches!(outcome.exit, Exit::Signal(SIGSEGV | SIGABRT));
    // `killed by SIGABRT`, without the signal's meaning.
    let ended = match outcome.exit {
        Exit::Code(c) => format!("exit status {}", c),
        exit => {
            let said = exit.describe();
            said.split(" (").next().unwrap_or(&said).to_string()
        }
    };
    match (&notes.overflowed, notes.allocation) {
        (Some(thread), _) if crashed && thread == "main" => {
            return Ok(format!(
                "stack overflow ({}): deep recursion: run solve() on a thread with a larger \
                 stack",
                limits.stack_note()
            ))
        }
        (Some(thread), _) if crashed => {
            return Ok(format!(
                "stack overflow in thread '{}' (its stack is set where it is spawned): deep \
                 recursion: give it a larger stack",
                printable(thread)
            ))
        }
        (_, Some(size)) => {
            return Ok(format!(
                "allocation of {} bytes failed (the process was {})",
                size, ended
            ))
        }
        _ => {}
    }
    let stderr_line = outcome.first_stderr_line();
    Ok(match outcome.exit {
        Exit::Code(c) => format!("exit status {} (expected {}): {}", c, code, stderr_line),
        _ if stderr_line.is_empty() => outcome.exit.describe(),
        _ => format!("{}: {}", outcome.exit.describe(), stderr_line),
    })
}

/// SIGSEGV and SIGABRT: how a stack overflow ends a Rust program (its guard page, or the
/// runtime's abort after it says so).
const SIGSEGV: i32 = 11;
const SIGABRT: i32 = 6;

/// What a judge says of a run whatever its output: OLE, TLE, MLE (by the peak measured) or
/// RE (an exit status other than `code`, or a signal), with why in one line; `None` when it ended as a correct run may, so
/// its output decides. `stderr` is the run's stderr, read as it streams. This is the one
/// place these verdicts are decided, for judged runs and for runs without an expected
/// output alike.
pub fn failure<O: Kept>(
    limits: Limits,
    outcome: &Measured<O>,
    code: i32,
    stderr: impl BufRead,
) -> io::Result<Option<(Verdict, String)>> {
    // The cap stops a program where it is reached: that is the limit it hit first.
    if let Some(stream) = outcome.over_cap {
        return Ok(Some((
            Verdict::Ole,
            format!(
                "{} reached the {} output cap: stopped there ({})",
                stream.name(),
                mib(outcome.output_cap),
                outcome.exit.describe()
            ),
        )));
    }
    let over_time = time_exceeded(outcome, limits.time_ms);
    // Memory is judged by what was measured only: a program may print anything. A judge
    // stops a program when it crosses the memory limit, so over both limits it is MLE there
    // unless the time ran out first, which the peak cannot tell: the row says both.
    if outcome.max_rss_kib > limits.memory_mib.saturating_mul(1024) {
        let also = over_time.map_or(String::new(), |why| format!("; also {}", why));
        return Ok(Some((
            Verdict::Mle,
            format!(
                "peak {:.1} MiB, limit {} MiB{}",
                outcome.max_rss_kib as f64 / 1024.0,
                limits.memory_mib,
                also
            ),
        )));
    }
    if let Some(why) = over_time {
        return Ok(Some((Verdict::Tle, why)));
    }
    Ok(match outcome.exit {
        Exit::Code(c) if c == code => None,
        // Judged TLE above.
        Exit::Killed => unreachable!(),
        _ => Some((Verdict::Re, runtime_error(limits, outcome, code, stderr)?)),
    })
}

/// Runs `binary` on `input` for a case without an expected output (a correct run exits
/// with status 0), under the judge's output cap where known: the run, its outputs read in,
/// and what a judge would say of it whatever the expected output ([`failure`]).
pub fn run_unjudged(
    limits: Limits,
    binary: &Path,
    input: &Path,
    scratch: &Path,
) -> Result<(Measured, Option<(Verdict, String)>)> {
    let budget = Budget {
        kill_after: limits.kill_time(),
        output_cap: limits
            .judges_output_cap()
            .unwrap_or(run::DEFAULT_OUTPUT_CAP),
        stack: limits.stack(),
    };
    let outcome = run::run_captured(binary, &[], input, scratch, budget)?.read_in()?;
    let failed = failure(limits, &outcome, 0, &outcome.stderr[..])?;
    Ok((outcome, failed))
}

fn verdict_of(
    limits: Limits,
    outcome: &Measured<Captured>,
    input: &Path,
    expected: &Expected,
    compare: Compare,
    checker: Option<&Program>,
    scratch: &Path,
) -> Result<(Verdict, String)> {
    if let Some(failed) = failure(limits, outcome, expected.code, outcome.stderr.reader()?)? {
        return Ok(failed);
    }
    let wrong = match checker {
        Some(checker) => checker::judge_output(
            checker,
            input,
            outcome.stdout.path(),
            &expected.stdout,
            &scratch.join("checker"),
        )?,
        None => compare
            .first_difference_in(
                BufReader::new(
                    File::open(&expected.stdout).map_err(|e| Error::io(&expected.stdout, e))?,
                ),
                outcome.stdout.reader()?,
            )?
            .map(|why| (Verdict::Wa, why)),
    };
    if let Some((verdict, why)) = wrong {
        let hint = match checker {
            Some(_) => None,
            None => compare
                .hint(&expected.stdout, outcome.stdout.path())
                .map_err(|e| Error::io(outcome.stdout.path(), e))?,
        };
        return Ok((verdict, with_hint(why, hint)));
    }
    if let Some(err) = &expected.stderr {
        if let Some(why) = compare.first_difference_in(&err[..], outcome.stderr.reader()?)? {
            return Ok((Verdict::Wa, format!("stderr {}", why)));
        }
    }
    Ok((Verdict::Ac, String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(exit: Exit, wall_ms: u64, cpu_ms: u64) -> Measured {
        Measured {
            exit,
            elapsed: Duration::from_millis(wall_ms),
            cpu: Duration::from_millis(cpu_ms),
            max_rss_kib: 0,
            own_memory: true,
            output_cap: run::DEFAULT_OUTPUT_CAP,
            over_cap: None,
            stdout: Vec::new(),
            stderr: Vec::new(),
        }
    }

    #[test]
    fn the_output_cap_is_the_judges_else_64_mib_or_twice_the_answer() {
        let dir = testkit::TempDir::new("judge-cap");
        let answer = dir.path().join("1.out");
        let expected = Expected {
            stdout: answer.clone(),
            code: 0,
            stderr: None,
        };
        let limits = Limits {
            output_mib: None,
            ..LIMITS
        };
        fs::write(&answer, "42\n").unwrap();
        assert_eq!(limits.output_cap(&expected), 64 << 20);
        fs::File::create(&answer)
            .unwrap()
            .set_len(40 << 20)
            .unwrap();
        assert_eq!(limits.output_cap(&expected), 80 << 20);
        let judges = Limits {
            output_mib: Some(8),
            ..limits
        };
        assert_eq!(judges.output_cap(&expected), 8 << 20);
    }

    const LIMITS: Limits = Limits {
        time_ms: 1000,
        memory_mib: 64,
        output_mib: None,
        stack_bytes: None,
        judge: "SPOJ",
    };

    /// What [`failure`] says of a run that ended as `exit` with `stderr` and this peak.
    fn failed(limits: Limits, exit: Exit, rss_kib: u64, stderr: &str) -> Option<(Verdict, String)> {
        let mut run = outcome(exit, 10, 5);
        run.max_rss_kib = rss_kib;
        run.stderr = stderr.as_bytes().to_vec();
        failure(limits, &run, 0, stderr.as_bytes()).unwrap()
    }

    #[test]
    fn memory_is_judged_by_the_peak_measured_never_by_stderr() {
        // A correct program may print anything: the text is not a verdict.
        assert_eq!(
            failed(
                LIMITS,
                Exit::Code(0),
                1946,
                "memory allocation of 8 bytes failed\n"
            ),
            None
        );
        let asked = "memory allocation of 1125899906842624 bytes failed\n";
        assert_eq!(
            failed(LIMITS, Exit::Signal(6), 1946, asked).unwrap(),
            (
                Verdict::Re,
                "allocation of 1125899906842624 bytes failed (the process was killed by SIGABRT)"
                    .to_string()
            )
        );
        let (verdict, why) = failed(LIMITS, Exit::Signal(6), 70 << 10, asked).unwrap();
        assert_eq!(
            (verdict, why.as_str()),
            (Verdict::Mle, "peak 70.0 MiB, limit 64 MiB")
        );
        let huge = Limits {
            memory_mib: u64::MAX,
            ..LIMITS
        };
        assert_eq!(failed(huge, Exit::Code(0), u64::MAX, ""), None);
    }

    #[test]
    fn a_stack_overflow_names_the_stack_it_had_and_the_fix() {
        let overflow =
            "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n";
        assert_eq!(
            failed(LIMITS, Exit::Signal(6), 100, overflow).unwrap().1,
            "stack overflow (8 MiB stack; SPOJ's is unknown): deep recursion: run solve() on a \
             thread with a larger stack"
        );
        let atcoder = Limits {
            stack_bytes: Some(1 << 30),
            judge: "AtCoder",
            ..LIMITS
        };
        assert_eq!(
            failed(atcoder, Exit::Signal(11), 100, overflow).unwrap().1,
            "stack overflow (1 GiB stack, AtCoder's): deep recursion: run solve() on a thread \
             with a larger stack"
        );
        let with_id = overflow.replace("'main'", "'main' (2500)");
        assert!(failed(LIMITS, Exit::Signal(6), 100, &with_id)
            .unwrap()
            .1
            .starts_with("stack overflow (8 MiB stack; SPOJ's is unknown)"));
        let spawned = overflow.replace("'main'", "'<unnamed>'");
        assert!(failed(LIMITS, Exit::Signal(11), 100, &spawned)
            .unwrap()
            .1
            .starts_with("stack overflow in thread '<unnamed>' (its stack is set where"));
        // The text alone, from a program that exits as it should or fails otherwise, is not one.
        assert_eq!(failed(LIMITS, Exit::Code(0), 100, overflow), None);
        assert_eq!(
            failed(LIMITS, Exit::Code(3), 100, overflow).unwrap().1,
            "exit status 3 (expected 0): thread 'main' has overflowed its stack"
        );
        assert_eq!(
            failed(LIMITS, Exit::Signal(11), 100, "").unwrap().1,
            "killed by SIGSEGV (segmentation fault)"
        );
    }

    #[test]
    fn cpu_time_decides_and_the_wall_cap_kills() {
        // In time: CPU at the limit, even when waiting made the wall time longer.
        assert_eq!(
            time_exceeded(&outcome(Exit::Code(0), 900, 1000), 1000),
            None
        );
        assert_eq!(time_exceeded(&outcome(Exit::Code(0), 1400, 10), 1000), None);
        let over = time_exceeded(&outcome(Exit::Code(0), 1100, 1001), 1000).unwrap();
        assert_eq!(over, "cpu 1001 ms over the 1000 ms limit (wall 1100 ms)");
        let killed = time_exceeded(&outcome(Exit::Killed, 1500, 3), 1000).unwrap();
        assert!(killed.starts_with("killed at the wall-clock cap after 1500 ms"));
    }

    #[test]
    fn over_both_limits_is_mle_and_says_the_time_too() {
        let mut run = outcome(Exit::Code(0), 1114, 1114);
        run.max_rss_kib = 400 << 10;
        let (verdict, why) = failure(LIMITS, &run, 0, &b""[..]).unwrap().unwrap();
        assert_eq!(verdict, Verdict::Mle);
        assert_eq!(
            why,
            "peak 400.0 MiB, limit 64 MiB; also cpu 1114 ms over the 1000 ms limit (wall 1114 ms)"
        );
        run.max_rss_kib = 2 << 10;
        assert_eq!(
            failure(LIMITS, &run, 0, &b""[..]).unwrap().unwrap().0,
            Verdict::Tle
        );
    }
}
