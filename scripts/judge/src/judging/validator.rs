//! A problem's input validator (testlib's contract): it reads one input on stdin and exits
//! 0 when the input is valid, any other status when it is not, the reason on its stderr.

use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use std::path::Path;
use std::time::Duration;

/// How long a validator may run on one input before it is killed: far beyond any real one.
const VALIDATOR_CAP: Duration = Duration::from_secs(600);

/// The exit status of a Rust program that panicked: the validator's own crash, not a verdict
/// on the input.
const PANICKED: i32 = 101;

/// The exit status of a kit program that is not written yet (the kit's `NOT_WRITTEN`).
const NOT_WRITTEN: i32 = 3;

/// Runs `program` with `input` on stdin, its captured output in `scratch`. `Ok(None)`: the
/// input is valid (exit status 0); `Ok(Some(reason))`: invalid (any other status: testlib's
/// validators exit 3 through `quitf(_fail, ...)` and `ensuref`), the reason the first line
/// of its stderr; `Err`: it could not be run, crashed (a signal, or a Rust panic: exit status
/// 101) or ran past the cap, each one line naming it. One run; its output is held to the
/// runner's default cap.
pub fn validate(program: &Path, input: &Path, scratch: &Path) -> Result<Option<String>> {
    let ran =
        run::run(program, &[], input, scratch, VALIDATOR_CAP).map_err(|e| Error::io(program, e))?;
    match ran.exit {
        Exit::Code(0) => Ok(None),
        Exit::Code(PANICKED) => Err(Error::Kit(format!(
            "the validator {} crashed on {} (it panicked): {}",
            program.display(),
            input.display(),
            ran.first_stderr_line()
        ))),
        Exit::Code(_) => Ok(Some(match ran.first_stderr_line() {
            l if l.is_empty() => format!("{} (no reason on its stderr)", ran.exit.describe()),
            l => l,
        })),
        other => Err(Error::Kit(format!(
            "the validator {} failed on {} ({}): {}",
            program.display(),
            input.display(),
            other.describe(),
            ran.first_stderr_line()
        ))),
    }
}

/// Whether `program` is a Rust kit stub that is not written yet: run on an empty input, it
/// exits with the kit's status 3 and says "not written yet". A stub validates nothing: the
/// tools go on as if the problem had no validator. `scratch` holds its captured output.
pub fn is_stub(program: &Path, scratch: &Path) -> Result<bool> {
    let ran = run::run(program, &[], Path::new("/dev/null"), scratch, VALIDATOR_CAP)
        .map_err(|e| Error::io(program, e))?;
    Ok(ran.exit == Exit::Code(NOT_WRITTEN) && ran.first_stderr_line().contains("not written yet"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn status_zero_is_valid_any_other_invalid_and_a_signal_an_error() {
        let tmp = testkit::TempDir::new("judge-validator");
        let dir = tmp.path();
        let input = dir.join("1.in");
        fs::write(&input, "5\n").unwrap();
        let script = |name: &str, body: &str| {
            use std::os::unix::fs::PermissionsExt;
            let path = dir.join(name);
            fs::write(&path, format!("#!/bin/sh\n{}\n", body)).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
            path
        };
        // The input arrives on stdin.
        let reads = script("reads", "read n; [ \"$n\" = 5 ] || exit 1");
        assert_eq!(validate(&reads, &input, &dir.join("s1")).unwrap(), None);
        let refuses = script("refuses", "echo 'FAIL n = 5 is over 4' >&2; exit 3");
        assert_eq!(
            validate(&refuses, &input, &dir.join("s2")).unwrap(),
            Some("FAIL n = 5 is over 4".to_string())
        );
        let silent = script("silent", "exit 1");
        assert_eq!(
            validate(&silent, &input, &dir.join("s3")).unwrap(),
            Some("exit status 1 (no reason on its stderr)".to_string())
        );
        let crashes = script("crashes", "kill -SEGV $$");
        let e = validate(&crashes, &input, &dir.join("s4")).unwrap_err();
        assert!(e.to_string().contains("killed by SIGSEGV"), "{}", e);
        let panics = script("panics", "echo 'index out of bounds' >&2; exit 101");
        let e = validate(&panics, &input, &dir.join("s5"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("crashed") && e.contains("index out of bounds"),
            "{}",
            e
        );
        let stub = script(
            "stub",
            "echo 'x-validate is not written yet: check one input' >&2; exit 3",
        );
        assert!(is_stub(&stub, &dir.join("s6")).unwrap());
        assert!(!is_stub(&refuses, &dir.join("s7")).unwrap());
        assert!(!is_stub(&reads, &dir.join("s8")).unwrap());
    }
}
