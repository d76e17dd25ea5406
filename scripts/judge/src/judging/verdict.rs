//! Judging one run of a solution against what is expected of it.

use crate::error::{Error, Result};
use crate::exec::run::{self, Budget, Captured, Exit, Kept, Measured};
use crate::judging::checker;
use crate::judging::compare::Compare;
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
        })
    }
}

/// What a correct solution does on a case.
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
}

impl Limits {
    /// How long a run may go on before it is killed: one and a half times the time limit.
    pub fn kill_time(self) -> Duration {
        Duration::from_millis(self.time_ms * 3 / 2)
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
        self.output_mib.map(|mib| mib << 20)
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
/// the problem's checker binary when it compares with one; otherwise stdout is compared with
/// the expected one as `compare` says (and stderr, when expected, as well), as it streams
/// from the run's file: the tool never holds an output.
pub fn judge(
    limits: Limits,
    binary: &Path,
    input: &Path,
    expected: &Expected,
    compare: Compare,
    checker: Option<&Path>,
    scratch: &Path,
) -> Result<Judged> {
    let budget = Budget {
        kill_after: limits.kill_time(),
        output_cap: limits.output_cap(expected),
        stack: run::DEFAULT_STACK,
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

/// `64 MiB`, `37.5 MiB`.
fn mib(bytes: u64) -> String {
    if bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    }
}

/// Whether `text` (read as it streams) holds `needle` within one line.
fn mentions<R: BufRead>(mut text: R, needle: &[u8]) -> io::Result<bool> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if text.read_until(b'\n', &mut line)? == 0 {
            return Ok(false);
        }
        if line.windows(needle.len()).any(|w| w == needle) {
            return Ok(true);
        }
    }
}

/// What a judge says of a run whatever its output: OLE, TLE, MLE or RE (an exit status
/// other than `code`), with why in one line; `None` when it ended as a correct run may, so
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
    if let Some(why) = time_exceeded(outcome, limits.time_ms) {
        return Ok(Some((Verdict::Tle, why)));
    }
    if outcome.max_rss_kib > limits.memory_mib * 1024 || mentions(stderr, b"memory allocation of")?
    {
        return Ok(Some((
            Verdict::Mle,
            format!(
                "peak {:.1} MiB, limit {} MiB",
                outcome.max_rss_kib as f64 / 1024.0,
                limits.memory_mib
            ),
        )));
    }
    let stderr_line = outcome.first_stderr_line();
    Ok(match outcome.exit {
        Exit::Code(c) if c == code => None,
        Exit::Code(c) => Some((
            Verdict::Re,
            format!("exit status {} (expected {}): {}", c, code, stderr_line),
        )),
        Exit::Signal(_) => Some((
            Verdict::Re,
            if stderr_line.is_empty() {
                outcome.exit.describe()
            } else {
                format!("{}: {}", outcome.exit.describe(), stderr_line)
            },
        )),
        // Judged TLE above.
        Exit::Killed => unreachable!(),
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
        stack: run::DEFAULT_STACK,
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
    checker: Option<&Path>,
    scratch: &Path,
) -> Result<(Verdict, String)> {
    if let Some(failed) = failure(limits, outcome, expected.code, outcome.stderr.reader()?)? {
        return Ok(failed);
    }
    let wrong = match checker {
        Some(checker) => checker::check(
            checker,
            input,
            outcome.stdout.path(),
            &expected.stdout,
            &scratch.join("checker"),
        )?,
        None => compare.first_difference_in(
            BufReader::new(
                File::open(&expected.stdout).map_err(|e| Error::io(&expected.stdout, e))?,
            ),
            outcome.stdout.reader()?,
        )?,
    };
    if let Some(why) = wrong {
        return Ok((Verdict::Wa, why));
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
            time_ms: 1000,
            memory_mib: 64,
            output_mib: None,
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
}
