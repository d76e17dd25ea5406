//! Judging one run of a solution against what is expected of it.

use crate::compare::first_difference;
use crate::kit;
use crate::problem::{Compare, Problem};
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
    /// Over the time limit (or killed at 1.5 times it).
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

/// A judged run.
pub struct Judged {
    pub verdict: Verdict,
    pub outcome: Outcome,
    /// Why, for anything but AC: one line.
    pub detail: String,
}

/// How long a run may go on before it is killed: one and a half times the limit.
pub fn kill_time(problem: &Problem) -> Duration {
    Duration::from_millis(problem.time_limit_ms * 3 / 2)
}

/// Runs `binary` on `input` and judges it against `expected` under the problem's limits.
/// `checker` is the problem's checker binary when it compares with one.
pub fn judge(
    problem: &Problem,
    binary: &Path,
    input: &Path,
    expected: &Expected,
    checker: Option<&Path>,
    scratch: &Path,
) -> io::Result<Judged> {
    let outcome = run::run(binary, &[], input, scratch, kill_time(problem))?;
    let (verdict, detail) = verdict_of(problem, &outcome, input, expected, checker, scratch)?;
    Ok(Judged {
        verdict,
        outcome,
        detail,
    })
}

fn verdict_of(
    problem: &Problem,
    outcome: &Outcome,
    input: &Path,
    expected: &Expected,
    checker: Option<&Path>,
    scratch: &Path,
) -> io::Result<(Verdict, String)> {
    let limit_ms = problem.time_limit_ms;
    let ms = outcome.elapsed.as_millis();
    if outcome.exit == Exit::Killed {
        return Ok((Verdict::Tle, format!("killed after {} ms", ms)));
    }
    if ms > u128::from(limit_ms) {
        return Ok((
            Verdict::Tle,
            format!("{} ms over the {} ms limit", ms, limit_ms),
        ));
    }
    let stderr_line = outcome.first_stderr_line();
    if String::from_utf8_lossy(&outcome.stderr).contains("memory allocation of")
        || outcome.max_rss_kib > problem.memory_limit_mib * 1024
    {
        return Ok((
            Verdict::Mle,
            format!(
                "peak {:.1} MiB, limit {} MiB",
                outcome.max_rss_kib as f64 / 1024.0,
                problem.memory_limit_mib
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
    let wrong = match (problem.compare, checker) {
        (Compare::Checker, Some(checker)) => kit::check(
            checker,
            input,
            &scratch.join("stdout"),
            &expected.stdout,
            &scratch.join("checker"),
        )
        .map_err(|e| io::Error::new(io::ErrorKind::Other, e))?,
        _ => first_difference(&fs::read(&expected.stdout)?, &outcome.stdout),
    };
    if let Some(why) = wrong {
        return Ok((Verdict::Wa, why));
    }
    if let Some(err) = &expected.stderr {
        if let Some(why) = first_difference(err, &outcome.stderr) {
            return Ok((Verdict::Wa, format!("stderr {}", why)));
        }
    }
    Ok((Verdict::Ac, String::new()))
}
