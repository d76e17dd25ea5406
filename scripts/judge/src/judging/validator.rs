//! The problem's validator: a program that reads one input on stdin and accepts it (exit 0)
//! or rejects it (another exit status, the reason on its first stderr line).

use crate::error::{Error, Result};
use crate::exec::light::{run_light, Streams};
use crate::exec::run::{self, Budget, Exit};
use std::fs;
use std::path::Path;
use std::time::Duration;

/// How long a validator may run on one input.
const VALIDATOR_CAP: Duration = Duration::from_secs(60);

/// The exit status of a kit program that is not written yet (the kit's `NOT_WRITTEN`).
const NOT_WRITTEN: i32 = 3;

/// The exit status of a Rust program that panicked: a crash, not a rejection.
const PANICKED: i32 = 101;

/// Asks the validator `program` whether the input file `input` is valid. `Ok(None)`: valid;
/// `Ok(Some(reason))`: rejected, with its first stderr line (or its exit status when it
/// printed none); `Err`: the validator itself failed (a panic, a signal, killed at its cap,
/// an output past the cap), one line naming the program and the input. `scratch` holds its
/// captured streams. Cost: one light run of the validator.
pub fn validate(program: &Path, input: &Path, scratch: &Path) -> Result<Option<String>> {
    fs::create_dir_all(scratch).map_err(|e| Error::io(scratch, e))?;
    let (stdout, stderr) = (scratch.join("validator.out"), scratch.join("validator.err"));
    let streams = Streams {
        stdin: input,
        stdout: &stdout,
        stderr: &stderr,
    };
    let budget = Budget {
        kill_after: VALIDATOR_CAP,
        output_cap: run::DEFAULT_OUTPUT_CAP,
        stack: run::DEFAULT_STACK,
    };
    let ran = run_light(program, &[], streams, budget).map_err(|e| Error::io(program, e))?;
    let line = ran.first_stderr_line();
    let name = program.file_name().map_or_else(
        || program.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let crashed = |how: String| {
        Err(Error::Kit(format!(
            "the validator {} crashed on {}: {}",
            name,
            input.display(),
            how
        )))
    };
    if let Some(stream) = ran.over_cap {
        return crashed(format!("its {} reached the output cap", stream.name()));
    }
    match ran.exit {
        Exit::Code(0) => Ok(None),
        Exit::Code(PANICKED) => crashed(if line.is_empty() {
            "it panicked".to_string()
        } else {
            line
        }),
        Exit::Code(code) if line.is_empty() => Ok(Some(format!("exit status {}", code))),
        Exit::Code(_) => Ok(Some(line)),
        other => crashed(other.describe()),
    }
}

/// Whether `program` is a kit stub that is not written yet: run on an empty input, it exits
/// with the kit's status 3 and says "is not written yet". A stub validates nothing; the
/// tools go on as if the problem had no validator.
pub fn is_stub(program: &Path, scratch: &Path) -> Result<bool> {
    fs::create_dir_all(scratch).map_err(|e| Error::io(scratch, e))?;
    let stderr = scratch.join("validator.err");
    let streams = Streams {
        stdin: Path::new("/dev/null"),
        stdout: &scratch.join("validator.out"),
        stderr: &stderr,
    };
    let budget = Budget {
        kill_after: VALIDATOR_CAP,
        output_cap: run::DEFAULT_OUTPUT_CAP,
        stack: run::DEFAULT_STACK,
    };
    let ran = run_light(program, &[], streams, budget).map_err(|e| Error::io(program, e))?;
    Ok(ran.exit == Exit::Code(NOT_WRITTEN) && ran.first_stderr_line().contains("not written yet"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        fs::write(&path, format!("#!/bin/sh\n{}\n", body)).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn accepts_rejects_with_its_reason_and_names_a_crash() {
        let dir = std::env::temp_dir().join(format!("judge-validator-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let input = dir.join("case.in");
        fs::write(&input, "5\n").unwrap();
        let ok = script(&dir, "ok", "cat >/dev/null; exit 0");
        let bad = script(&dir, "bad", "echo 'n = 5 is over 4' >&2; exit 1");
        let mute = script(&dir, "mute", "exit 2");
        let panics = script(&dir, "panics", "echo 'index out of bounds' >&2; exit 101");
        let killed = script(&dir, "killed", "kill -SEGV $$");
        let stub = script(
            &dir,
            "stub",
            "echo 'x-validate is not written yet: check one input' >&2; exit 3",
        );
        let scratch = dir.join("scratch");
        assert_eq!(validate(&ok, &input, &scratch).unwrap(), None);
        assert_eq!(
            validate(&bad, &input, &scratch).unwrap().as_deref(),
            Some("n = 5 is over 4")
        );
        assert_eq!(
            validate(&mute, &input, &scratch).unwrap().as_deref(),
            Some("exit status 2")
        );
        let crash = validate(&panics, &input, &scratch).unwrap_err().to_string();
        assert!(
            crash.contains("crashed") && crash.contains("index out of bounds"),
            "{}",
            crash
        );
        let crash = validate(&killed, &input, &scratch).unwrap_err().to_string();
        assert!(
            crash.contains("SIGSEGV") && !crash.contains('\n'),
            "{}",
            crash
        );
        assert!(is_stub(&stub, &scratch).unwrap());
        assert!(!is_stub(&bad, &scratch).unwrap() && !is_stub(&ok, &scratch).unwrap());
        let _ = fs::remove_dir_all(&dir);
    }
}
