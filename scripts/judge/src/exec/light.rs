//! Light runs of the tool's own helpers (a generator, a reference): the limits they need
//! and nothing more, no measurement.

use crate::exec::run::{first_line, Budget, Exit, Stream};
use crate::exec::supervise::{self, RunId};
use crate::exec::watchdog::Watchdog;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where a light run reads and writes: files the caller names and keeps (the output files
/// are truncated first), so that a loop of runs reuses the same few files.
#[derive(Clone, Copy, Debug)]
pub struct Streams<'a> {
    pub stdin: &'a Path,
    pub stdout: &'a Path,
    pub stderr: &'a Path,
}

/// How a light run ended.
#[derive(Debug)]
pub struct Light {
    pub exit: Exit,
    /// Wall-clock time from just before the spawn to the exit.
    pub elapsed: Duration,
    /// The first stream that reached the cap: the program was stopped there (SIGXFSZ).
    pub over_cap: Option<Stream>,
    /// Where its stderr went (for [`Light::first_stderr_line`]).
    stderr: PathBuf,
}

impl Light {
    /// The first line of its stderr, as [`Measured::first_stderr_line`] gives it.
    pub fn first_stderr_line(&self) -> String {
        let mut head = Vec::new();
        if let Ok(file) = File::open(&self.stderr) {
            let _ = file.take(64 << 10).read_to_end(&mut head);
        }
        first_line(&head)
    }
}

/// Runs one of the tool's own helpers (a generator, a reference) with the limits it needs
/// and nothing more: its own process group, killed at `budget.kill_after` of wall-clock
/// time, each output file capped at `budget.output_cap`, its stack `budget.stack` (on
/// Linux set just after the spawn: it bounds the stack's growth), no process of its group
/// left when this returns. Unlike [`crate::exec::run::run_captured`] it is neither traced
/// nor launched and its memory is not measured (no ptrace stops), the wait needs no thread where the kernel has pidfds, and only a group
/// that is not empty at the end is swept: a helper's run costs little more than its spawn.
pub fn run_light(
    program: &Path,
    args: &[String],
    streams: Streams,
    budget: Budget,
) -> io::Result<Light> {
    let run = RunId::next();
    let mut command = Command::new(program);
    command
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(File::open(streams.stdin)?))
        .stdout(Stdio::from(File::create(streams.stdout)?))
        .stderr(Stdio::from(File::create(streams.stderr)?));
    let start = Instant::now();
    let deadline = start + budget.kill_after;
    let child = supervise::spawn_light(&mut command, budget.limits(), &run)?;
    drop(command);
    let killed = match child.exited_by(deadline) {
        Some(exited) => exited.map(|done| !done),
        // No pidfd: a watchdog thread keeps the clock.
        None => {
            let watchdog = Watchdog::start(budget.kill_after);
            watchdog.arm(child.pid, deadline);
            let waited = child.wait_exited();
            let killed = watchdog.stop().0;
            waited.map(|_| killed)
        }
    };
    // Past the deadline, or the wait failed: the group goes now (the reap waits for it).
    if !matches!(killed, Ok(false)) {
        child.kill_group();
    }
    let elapsed = start.elapsed();
    let status = child.reap_light(&run)?;
    let exit = Exit::of(status, killed?);
    let outputs = [
        (Stream::Stdout, streams.stdout),
        (Stream::Stderr, streams.stderr),
    ]
    .map(|(stream, path)| (stream, path, fs::metadata(path).map_or(0, |m| m.len())));
    let over_cap = outputs
        .iter()
        .find(|(_, _, len)| *len >= budget.output_cap)
        .map(|(stream, _, _)| *stream);
    // On Linux the cap is set just after the spawn, and a fast writer may pass it first:
    // what it wrote beyond is cut, so that no reader ever gets more than the cap.
    for (_, path, len) in outputs {
        if len > budget.output_cap {
            fs::OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|file| file.set_len(budget.output_cap))?;
        }
    }
    Ok(Light {
        exit,
        elapsed,
        over_cap,
        stderr: streams.stderr.to_path_buf(),
    })
}
