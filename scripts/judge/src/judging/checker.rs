//! The problem's checker: a program that accepts or rejects an output, as testlib's do.

use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::judging::diff;
use crate::text::printable::printable_bytes;
use std::path::Path;
use std::time::Duration;

/// Asks the problem's checker whether `output` answers `input` (`expected` is a correct
/// answer). `Ok(None)`: accepted; `Ok(Some(reason))`: rejected, with the checker's one-line
/// reason; `Err`: the checker itself failed (crashed, or an exit status other than 0, 1 or
/// 2). testlib's contract: 0 accepted, 1 wrong answer, 2 presentation error (rejected too),
/// 3 its own failure; its reason is the first line of stdout, else of stderr (testlib's).
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
    // A testlib checker says why on stderr, the project's own on stdout.
    let reason = || {
        [&verdict.stdout, &verdict.stderr]
            .iter()
            .find_map(|text| {
                text.split(|&b| b == b'\n')
                    .map(diff::trim_end)
                    .find(|line| !line.is_empty())
                    .map(|line| printable_bytes(line).into_owned())
            })
            .unwrap_or_else(|| "rejected".into())
    };
    match verdict.exit {
        Exit::Code(0) => Ok(None),
        Exit::Code(1) => Ok(Some(format!("checker: {}", reason()))),
        Exit::Code(2) => Ok(Some(format!("checker: presentation error: {}", reason()))),
        other => Err(Error::Kit(format!(
            "the checker {} failed ({}): {}",
            checker.display(),
            other.describe(),
            verdict.first_stderr_line()
        ))),
    }
}
