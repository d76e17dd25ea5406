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
