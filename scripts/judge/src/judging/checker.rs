//! The problem's checker: a program that accepts or rejects an output, as testlib's do.

use crate::error::{Error, Result};
use crate::exec::run::{self, Exit, Measured};
use crate::judging::diff;
use crate::judging::verdict::Verdict;
use crate::text::printable::printable_bytes;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a program of the problem (its checker, its interactor) says its verdict
/// (PROTOCOL.md, "Checkers, validators and interactors").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contract {
    /// The problem's Rust bin (`src/bin/checker.rs`, `src/bin/interactor.rs`): a checker
    /// exits 0 to accept, 1 to reject with its reason on the first line of stdout; any other
    /// end is the test kit's failure, an error that stops the command ([`check`]).
    Rust,
    /// A testlib program (C++, `checker = "..."` in the manifest): exit status 0 OK, 1 WA,
    /// 2 PE, 3 FAIL, 7 points; its message is the first line of its stderr. Any other status,
    /// or a signal, is FAIL naming it: a row, never an error ([`judge_output`]).
    Testlib,
}

/// A checker or interactor, ready to run.
#[derive(Clone, Debug)]
pub struct Program {
    /// The binary.
    pub binary: PathBuf,
    /// How a FAIL names it: its source, relative to the workspace root
    /// (`problems/x/pkg/check.cpp`).
    pub source: String,
    pub contract: Contract,
}

/// testlib's exit statuses, and the one for partial credit (`quitp`, `_points`).
pub const OK: i32 = 0;
pub const WA: i32 = 1;
pub const PE: i32 = 2;
pub const FAIL: i32 = 3;
pub const POINTS: i32 = 7;

/// Asks `checker` whether `output` answers `input` (`expected`: the case's expected output),
/// as its contract says. `Ok(None)`: accepted; `Ok(Some((verdict, reason)))`: WA, PE, PTS
/// or (a testlib checker's failure) FAIL, with one line; `Err`: the run could not be made,
/// or a Rust checker failed ([`check`]). One run of the checker.
pub fn judge_output(
    checker: &Program,
    input: &Path,
    output: &Path,
    expected: &Path,
    scratch: &Path,
) -> Result<Option<(Verdict, String)>> {
    if checker.contract == Contract::Rust {
        let wrong = check(&checker.binary, input, output, expected, scratch)?;
        return Ok(wrong.map(|why| (Verdict::Wa, why)));
    }
    let args: Vec<String> = [input, output, expected]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let ran = run::run(
        &checker.binary,
        &args,
        Path::new("/dev/null"),
        scratch,
        Duration::from_secs(600),
    )
    .map_err(|e| Error::io(&checker.binary, e))?;
    Ok(testlib_verdict(&ran, &checker.source))
}

/// The verdict of a testlib checker's run ([`Contract::Testlib`]); `name` names it in a FAIL.
fn testlib_verdict(ran: &Measured, name: &str) -> Option<(Verdict, String)> {
    let message = ran.first_stderr_line();
    let said = || match message.as_str() {
        "" => "(no message on its stderr)".to_string(),
        line => line.to_string(),
    };
    match ran.exit {
        Exit::Code(OK) => None,
        Exit::Code(WA) => Some((Verdict::Wa, format!("checker: {}", said()))),
        Exit::Code(PE) => Some((Verdict::Pe, format!("checker: {}", said()))),
        // testlib writes `points 0.5 <message>`.
        Exit::Code(POINTS) if message.starts_with("points") => Some((Verdict::Points, message)),
        Exit::Code(POINTS) => Some((Verdict::Points, format!("points: {}", said()))),
        Exit::Code(FAIL) => Some((
            Verdict::Fail,
            format!("the checker {} failed (exit status 3: {})", name, said()),
        )),
        other => Some((
            Verdict::Fail,
            format!(
                "the checker {} failed ({}{})",
                name,
                other.describe(),
                if message.is_empty() {
                    String::new()
                } else {
                    format!(": {}", message)
                }
            ),
        )),
    }
}

/// Asks the problem's checker whether `output` answers `input` (`expected` is a correct
/// answer). `Ok(None)`: accepted; `Ok(Some(reason))`: rejected, with the checker's one-line
/// reason; `Err`: the checker itself failed (crashed, or an exit status other than 0 or 1).
pub fn check(
    checker: &Path,
    input: &Path,
    output: &Path,
    expected: &Path,
    scratch: &Path,
) -> Result<Option<String>> {
    let args: Vec<String> = [input, output, expected]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let verdict = run::run(
        checker,
        &args,
        Path::new("/dev/null"),
        scratch,
        Duration::from_secs(600),
    )
    .map_err(|e| Error::io(checker, e))?;
    match verdict.exit {
        Exit::Code(0) => Ok(None),
        Exit::Code(1) => Ok(Some(format!(
            "checker: {}",
            match verdict
                .stdout
                .split(|&b| b == b'\n')
                .next()
                .map(diff::trim_end)
            {
                Some(line) if !line.is_empty() => printable_bytes(line),
                _ => "rejected".into(),
            }
        ))),
        other => Err(Error::Kit(format!(
            "the checker {} failed ({}): {}",
            checker.display(),
            other.describe(),
            verdict.first_stderr_line()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A testlib checker's run that ended as `exit` with `stderr`.
    fn ran(exit: Exit, stderr: &str) -> Measured {
        Measured {
            exit,
            elapsed: Duration::from_millis(1),
            cpu: Duration::from_millis(1),
            max_rss_kib: 0,
            own_memory: true,
            output_cap: run::DEFAULT_OUTPUT_CAP,
            over_cap: None,
            stdout: Vec::new(),
            stderr: stderr.as_bytes().to_vec(),
        }
    }

    #[test]
    fn testlib_statuses_are_verdicts_and_anything_else_is_fail() {
        let said = |exit: Exit, stderr: &str| testlib_verdict(&ran(exit, stderr), "c.cpp");
        assert_eq!(said(Exit::Code(0), "ok 3 numbers\n"), None);
        assert_eq!(
            said(Exit::Code(1), "wrong answer expected 5, found 4\n").unwrap(),
            (
                Verdict::Wa,
                "checker: wrong answer expected 5, found 4".to_string()
            )
        );
        assert_eq!(said(Exit::Code(2), "").unwrap().0, Verdict::Pe);
        assert_eq!(
            said(Exit::Code(2), "").unwrap().1,
            "checker: (no message on its stderr)"
        );
        assert_eq!(
            said(Exit::Code(7), "points 0.5 half\n").unwrap(),
            (Verdict::Points, "points 0.5 half".to_string())
        );
        assert_eq!(
            said(Exit::Code(3), "FAIL bad answer file\n").unwrap(),
            (
                Verdict::Fail,
                "the checker c.cpp failed (exit status 3: FAIL bad answer file)".to_string()
            )
        );
        let (verdict, why) = said(Exit::Code(4), "").unwrap();
        assert_eq!(verdict, Verdict::Fail);
        assert_eq!(why, "the checker c.cpp failed (exit status 4)");
        let (verdict, why) = said(Exit::Signal(11), "").unwrap();
        assert_eq!(verdict, Verdict::Fail);
        assert!(
            why.starts_with("the checker c.cpp failed (killed by SIGSEGV"),
            "{}",
            why
        );
    }
}
