//! Judging one run of a solution against what is expected of it.

use crate::compare::Compare;
use crate::kit;
use crate::run::{self, Exit, Outcome};
use std::fmt;
use std::fs;
use std::io;
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
}

impl Limits {
    /// How long a run may go on before it is killed: one and a half times the time limit.
    pub fn kill_time(self) -> Duration {
        Duration::from_millis(self.time_ms * 3 / 2)
    }
}

/// A judged run.
pub struct Judged {
    pub verdict: Verdict,
    pub outcome: Outcome,
    /// Why, for anything but AC: one line.
    pub detail: String,
}

/// Runs `binary` on `input` and judges it against `expected` under `limits`. `checker` is
/// the problem's checker binary when it compares with one; otherwise stdout is compared with
/// the expected one as `compare` says (and stderr, when expected, as well).
pub fn judge(
    limits: Limits,
    binary: &Path,
    input: &Path,
    expected: &Expected,
    compare: Compare,
    checker: Option<&Path>,
    scratch: &Path,
) -> io::Result<Judged> {
    let outcome = run::run(binary, &[], input, scratch, limits.kill_time())?;
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
pub fn time_exceeded(outcome: &Outcome, limit_ms: u64) -> Option<String> {
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

fn verdict_of(
    limits: Limits,
    outcome: &Outcome,
    input: &Path,
    expected: &Expected,
    compare: Compare,
    checker: Option<&Path>,
    scratch: &Path,
) -> io::Result<(Verdict, String)> {
    if let Some(why) = time_exceeded(outcome, limits.time_ms) {
        return Ok((Verdict::Tle, why));
    }
    let stderr_line = outcome.first_stderr_line();
    if String::from_utf8_lossy(&outcome.stderr).contains("memory allocation of")
        || outcome.max_rss_kib > limits.memory_mib * 1024
    {
        return Ok((
            Verdict::Mle,
            format!(
                "peak {:.1} MiB, limit {} MiB",
                outcome.max_rss_kib as f64 / 1024.0,
                limits.memory_mib
            ),
        ));
    }
    match outcome.exit {
        Exit::Code(c) if c == expected.code => {}
        Exit::Code(c) => {
            return Ok((
                Verdict::Re,
                format!(
                    "exit status {} (expected {}): {}",
                    c, expected.code, stderr_line
                ),
            ))
        }
        Exit::Signal(s) => {
            return Ok((
                Verdict::Re,
                format!("killed by signal {}: {}", s, stderr_line),
            ))
        }
        Exit::Killed => unreachable!(),
    }
    let wrong = match checker {
        Some(checker) => kit::check(
            checker,
            input,
            &scratch.join("stdout"),
            &expected.stdout,
            &scratch.join("checker"),
        )
        .map_err(|e| io::Error::new(io::ErrorKind::Other, e))?,
        None => compare.first_difference(&fs::read(&expected.stdout)?, &outcome.stdout),
    };
    if let Some(why) = wrong {
        return Ok((Verdict::Wa, why));
    }
    if let Some(err) = &expected.stderr {
        if let Some(why) = compare.first_difference(err, &outcome.stderr) {
            return Ok((Verdict::Wa, format!("stderr {}", why)));
        }
    }
    Ok((Verdict::Ac, String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(exit: Exit, wall_ms: u64, cpu_ms: u64) -> Outcome {
        Outcome {
            exit,
            elapsed: Duration::from_millis(wall_ms),
            cpu: Duration::from_millis(cpu_ms),
            max_rss_kib: 0,
            stdout: Vec::new(),
            stderr: Vec::new(),
        }
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
