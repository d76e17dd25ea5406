//! Running a program on an input under a time limit and an output cap, the way a judge
//! does: wall time, CPU time (user + system) and the program's own peak memory.
//!
//! The clock is honest: the caller blocks in the kernel until the child has exited (no
//! polling, so no nap is added to the time), and a watchdog thread kills the child's whole
//! process group once the wall-clock budget is spent. What the tool itself adds to a run is
//! the cost of a blocking spawn plus the waits, which `tests/overhead.rs` pins against the
//! same calls timed in the test:
//!
//! ```text
//!  start  spawn()      child runs ...     exit stop   zombie: wall = exit stop - start
//!    |------|----------------------------------|---------|  then the group is killed, the
//!            watchdog thread: sleeps until the cap,         child reaped (CPU), orphans swept
//!            kills the group unless the child is already done
//! ```
//!
//! Each run writes its stdout and stderr to files of its own (`<run>.stdout`), so a
//! leftover writer could never reach another run's output, and no process of a run is left
//! when it returns ([`crate::exec::supervise`]). A file reaches at most the output cap.

use crate::exec::signal;
use crate::exec::supervise::{self, How, Limits, RunId};
use crate::exec::watchdog::Watchdog;
use crate::text::printable::printable;
use std::borrow::Cow;
use std::fs::{self, File};
use std::io::{self, BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub use crate::exec::scratch::ScratchDir;

/// The output cap of a run whose caller names none: 64 MiB per stream.
pub const DEFAULT_OUTPUT_CAP: u64 = 64 << 20;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
    /// Killed by us after the wall-clock budget.
    Killed,
}

impl Exit {
    /// How a process with wait status `status` ended; `killed` by the watchdog comes first.
    pub(crate) fn of(status: ExitStatus, killed: bool) -> Exit {
        match (killed, status.code(), status.signal()) {
            (true, _, _) => Exit::Killed,
            (false, Some(code), _) => Exit::Code(code),
            (false, None, Some(signal)) => Exit::Signal(signal),
            // Stopped or continued: not an end; never reported by a reap.
            (false, None, None) => Exit::Signal(0),
        }
    }

    /// `exit status 3`, `killed by SIGSEGV (segmentation fault)`, `killed at the wall-clock
    /// cap`.
    pub fn describe(&self) -> String {
        match self {
            Exit::Code(c) => format!("exit status {}", c),
            Exit::Signal(s) => format!("killed by {}", signal::describe(*s)),
            Exit::Killed => "killed at the wall-clock cap".to_string(),
        }
    }
}

/// One of a program's output streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    pub fn name(&self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }
}

/// What a run produced. `O` is how its outputs are held: read in (`Vec<u8>`, for runs of
/// the tool's own programs) or left in the run's files ([`Captured`], for judged runs).
#[derive(Debug)]
pub struct Measured<O = Vec<u8>> {
    pub exit: Exit,
    /// Wall-clock time from just before the spawn to the child's exit (on the portable path,
    /// the launcher's clock from its spawn of the program to its reap).
    pub elapsed: Duration,
    /// CPU time of the process, user plus system (what judges limit).
    pub cpu: Duration,
    /// Peak resident memory in KiB of the program, which does not depend on the tool
    /// ([`crate::exec::supervise`]): on Linux its image's `VmHWM` at exit; on the portable
    /// path the `ru_maxrss` the launcher reaps. Otherwise (ptrace refused, no launcher) the
    /// tool's `ru_maxrss`, which may include the tool's memory (see `own_memory`).
    pub max_rss_kib: u64,
    /// Whether `max_rss_kib` is the program's own (not a figure that may include the tool's).
    pub own_memory: bool,
    /// The output cap of this run, in bytes per stream.
    pub output_cap: u64,
    /// The first stream that reached the cap: the program was stopped there (SIGXFSZ).
    pub over_cap: Option<Stream>,
    pub stdout: O,
    pub stderr: O,
}

/// Output that can be shown in a message: its first bytes.
pub trait Kept {
    /// Up to `max` bytes from the start.
    fn head(&self, max: usize) -> Cow<'_, [u8]>;
}

impl Kept for Vec<u8> {
    fn head(&self, max: usize) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self[..self.len().min(max)])
    }
}

impl<O: Kept> Measured<O> {
    /// The first line of stderr, trimmed and with control characters escaped, or an empty
    /// string. For a Rust panic, whose message follows the `thread '...' panicked at
    /// <place>:` line, the message is added.
    pub fn first_stderr_line(&self) -> String {
        first_line(&self.stderr.head(64 << 10))
    }
}

/// The first non-empty line of `head` (a stream's first bytes), as
/// [`Measured::first_stderr_line`] gives it.
pub(crate) fn first_line(head: &[u8]) -> String {
    let text = String::from_utf8_lossy(head);
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("");
    let line =
        if first.starts_with("thread '") && first.contains("panicked at") && first.ends_with(':') {
            format!("panicked: {}", lines.next().unwrap_or(""))
        } else {
            first.to_string()
        };
    printable(&line).into_owned()
}

/// A stream a program wrote, left in a file of its run; the file is removed when this is
/// dropped. It holds at most the run's output cap.
#[derive(Debug)]
pub struct Captured {
    path: PathBuf,
    len: u64,
}

impl Captured {
    /// The file (a checker reads it).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A buffered reader of it, for comparing as it streams.
    pub fn reader(&self) -> io::Result<BufReader<File>> {
        Ok(BufReader::new(File::open(&self.path)?))
    }

    /// All of it (at most the output cap).
    pub fn read(&self) -> io::Result<Vec<u8>> {
        fs::read(&self.path)
    }
}

impl Kept for Captured {
    fn head(&self, max: usize) -> Cow<'_, [u8]> {
        let mut head = Vec::new();
        if let Ok(file) = File::open(&self.path) {
            let _ = file.take(max as u64).read_to_end(&mut head);
        }
        Cow::Owned(head)
    }
}

impl Drop for Captured {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

impl Measured<Captured> {
    /// The outcome with its outputs read in (and their files removed).
    pub fn read_in(self) -> io::Result<Measured> {
        Ok(Measured {
            exit: self.exit,
            elapsed: self.elapsed,
            cpu: self.cpu,
            max_rss_kib: self.max_rss_kib,
            own_memory: self.own_memory,
            output_cap: self.output_cap,
            over_cap: self.over_cap,
            stdout: self.stdout.read()?,
            stderr: self.stderr.read()?,
        })
    }
}

/// How long past the cap the watchdog waits for a launcher, which kills its program at the
/// cap itself, before it kills the run's group.
const LAUNCHER_GRACE: Duration = Duration::from_millis(500);

/// The stack of a run whose caller names none: 8 MiB, the usual default of Linux and of
/// judges whose stack is unknown.
pub const DEFAULT_STACK: u64 = 8 << 20;

/// The stack a run asking for `asked` bytes gets: `asked`, or the tool's own hard stack
/// limit where that is lower (an unprivileged process cannot raise it: `ulimit -Hs`, or
/// macOS's 64 MiB).
pub fn granted_stack(asked: u64) -> u64 {
    crate::exec::sys::hard_stack_limit().map_or(asked, |hard| asked.min(hard))
}

/// What a run may use.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Wall-clock time after which the program is killed.
    pub kill_after: Duration,
    /// Bytes each output stream may reach; reaching it stops the program (OLE).
    pub output_cap: u64,
    /// Bytes of stack of the program's main thread (RLIMIT_STACK, soft and hard, set before
    /// its exec): the judge's, never the shell's `ulimit -s`.
    pub stack: u64,
}

impl Budget {
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            output_cap: self.output_cap,
            stack: self.stack,
        }
    }
}

/// Runs `program args..` with `input` as stdin, its stdout and stderr read in (each at most
/// [`DEFAULT_OUTPUT_CAP`]), on a [`DEFAULT_STACK`]. The program is killed once `kill_after`
/// of wall-clock time has passed; this never waits much longer. See [`run_captured`].
pub fn run(
    program: &Path,
    args: &[String],
    input: &Path,
    scratch: &Path,
    kill_after: Duration,
) -> io::Result<Measured> {
    let budget = Budget {
        kill_after,
        output_cap: DEFAULT_OUTPUT_CAP,
        stack: DEFAULT_STACK,
    };
    run_captured(program, args, input, scratch, budget)?.read_in()
}

/// Runs `program args..` with `input` as stdin, its stdout and stderr going to files of this
/// run in `scratch` (so a chatty program cannot block on a full pipe, and the tool holds none
/// of it in memory), each capped at `budget.output_cap`, on a stack of `budget.stack`. The
/// program is killed once `budget.kill_after` of wall-clock time has passed. Files are opened
/// before the clock starts; the clock covers the spawn, the run and the exit. When this
/// returns, no process of the run is left.
pub fn run_captured(
    program: &Path,
    args: &[String],
    input: &Path,
    scratch: &Path,
    budget: Budget,
) -> io::Result<Measured<Captured>> {
    fs::create_dir_all(scratch)?;
    let run = RunId::next();
    let file_of = |what: &str| scratch.join(format!("{}.{}", run.as_str(), what));
    let open = |stream: Stream| -> io::Result<(Captured, File)> {
        let path = file_of(stream.name());
        let file = File::create(&path)?;
        Ok((Captured { path, len: 0 }, file))
    };
    let (mut stdout, out_file) = open(Stream::Stdout)?;
    let (mut stderr, err_file) = open(Stream::Stderr)?;
    let report = file_of("launch");
    let (mut command, how) =
        supervise::judged_command(program, args, budget.limits(), budget.kill_after, &report);
    // A launcher kills its program at the cap itself (so that a killed run is measured too):
    // the watchdog is its backstop.
    let grace = match how {
        How::Launched(_) => LAUNCHER_GRACE,
        _ => Duration::ZERO,
    };
    command
        // As on a judge: a panic prints its message, not a slow, long backtrace.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(File::open(input)?))
        .stdout(Stdio::from(out_file))
        .stderr(Stdio::from(err_file));
    // The watchdog thread is made before the clock starts: creating it while the child runs
    // measurably delays a short run on a busy machine.
    let watchdog = Watchdog::start(budget.kill_after);
    let start = Instant::now();
    let child = match supervise::spawn(&mut command, how, budget.limits(), &run) {
        Ok(child) => child,
        Err(e) => {
            watchdog.stop();
            return Err(e);
        }
    };
    // The tool keeps no handle on the run's files: only the program's processes write them.
    drop(command);
    watchdog.arm(child.pid, start + budget.kill_after + grace);
    let exited = child.wait_exited();
    let finished = Instant::now();
    // The child is a zombie now: its pid and process group cannot be reused until it is
    // reaped, so the watchdog cannot hit another process.
    let (killed, sampled_peak) = watchdog.stop();
    let reaped = child.reap(&run)?;
    let exited = exited?;
    let tool_clock = exited.at.min(finished).saturating_duration_since(start);
    stdout.len = fs::metadata(&stdout.path)?.len();
    stderr.len = fs::metadata(&stderr.path)?.len();
    let over_cap = [(Stream::Stdout, &stdout), (Stream::Stderr, &stderr)]
        .iter()
        .find(|(_, c)| c.len >= budget.output_cap)
        .map(|(s, _)| *s);
    let own = exited.peak_kib.or(sampled_peak);
    Ok(Measured {
        exit: Exit::of(reaped.status, killed || reaped.killed),
        elapsed: reaped.wall.map_or(tool_clock, |w| w.min(tool_clock)),
        cpu: reaped.usage.cpu,
        max_rss_kib: own.unwrap_or(reaped.usage.max_rss_kib),
        own_memory: own.is_some() || reaped.own_rss,
        output_cap: budget.output_cap,
        over_cap,
        stdout,
        stderr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::light::{run_light, Light, Streams};
    use testkit::TempDir;

    fn scratch(name: &str) -> TempDir {
        TempDir::new(&format!("judge-run-{}", name))
    }

    /// Runs a shell script; each test passes its own `name` (tests run in parallel).
    fn sh(name: &str, script: &str, cap_ms: u64) -> Measured {
        let dir = scratch(name);
        run(
            Path::new("/bin/sh"),
            &["-c".to_string(), script.to_string()],
            Path::new("/dev/null"),
            dir.path(),
            Duration::from_millis(cap_ms),
        )
        .unwrap()
    }

    #[test]
    fn exit_codes_and_output() {
        let out = sh("codes", "echo hi; echo oops >&2; exit 3", 10_000);
        assert_eq!(out.exit, Exit::Code(3));
        assert_eq!(out.stdout, b"hi\n");
        assert_eq!(out.first_stderr_line(), "oops");
        assert_eq!(sh("signal", "kill -SEGV $$", 10_000).exit, Exit::Signal(11));
    }

    #[test]
    fn a_scratch_folder_is_its_own_and_a_dead_ones_goes() {
        let folders = scratch("folders");
        let base = folders.path();
        // No process has pid 0 in /proc: this folder is an interrupted command's.
        fs::create_dir_all(base.join("0-1")).unwrap();
        fs::write(base.join("0-1/left.stdout"), "x").unwrap();
        let a = ScratchDir::new(base).unwrap();
        let b = ScratchDir::new(base).unwrap();
        assert_ne!(a.path(), b.path());
        assert!(!base.join("0-1").exists());
        let kept = a.path().to_path_buf();
        drop(a);
        assert!(!kept.exists() && b.path().exists());
    }

    #[test]
    fn a_crash_is_named_by_its_signal() {
        let out = sh("abort", "kill -ABRT $$", 10_000);
        assert_eq!(out.exit.describe(), "killed by SIGABRT (aborted)");
    }

    #[test]
    fn the_peak_is_the_programs_own_not_the_tools() {
        // The tool holds 200 MiB, touched: a forked or vforked child's ru_maxrss starts there.
        let held = vec![1u8; 200 << 20];
        let out = sh("own-memory", "exec true", 10_000);
        assert!(held.iter().step_by(4096).all(|&b| b == 1));
        assert!(out.own_memory, "{:?}", out);
        assert!(out.max_rss_kib < 16 << 10, "{} KiB", out.max_rss_kib);
    }

    #[test]
    fn output_stops_at_the_cap_and_no_more_is_kept() {
        let dir = scratch("cap");
        let budget = Budget {
            kill_after: Duration::from_secs(10),
            output_cap: 1 << 20,
            stack: DEFAULT_STACK,
        };
        let script = "exec yes 0123456789abcdef".to_string();
        let out = run_captured(
            Path::new("/bin/sh"),
            &["-c".to_string(), script],
            Path::new("/dev/null"),
            dir.path(),
            budget,
        )
        .unwrap();
        assert_eq!(out.over_cap, Some(Stream::Stdout));
        assert_eq!(out.exit, Exit::Signal(25), "{:?}", out);
        assert_eq!(fs::metadata(out.stdout.path()).unwrap().len(), 1 << 20);
        let path = out.stdout.path().to_path_buf();
        drop(out);
        assert!(!path.exists());
    }

    /// Whether `pid` is a live process (not a zombie).
    fn alive(pid: &str) -> bool {
        fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
            .map(|s| !s[s.rfind(')').unwrap() + 1..].trim_start().starts_with('Z'))
            .unwrap_or(false)
    }

    #[test]
    fn children_in_the_group_and_out_of_it_die_with_the_run() {
        let out = sh(
            "tree",
            "sleep 100 & echo $!; setsid sleep 100 & echo $!; sh -c 'sleep 100' & echo $!",
            10_000,
        );
        let pids = String::from_utf8(out.stdout).unwrap();
        assert_eq!(pids.lines().count(), 3, "{}", pids);
        for pid in pids.lines() {
            assert!(!alive(pid), "{} is alive", pid);
        }
    }

    #[test]
    fn a_sleeper_is_killed_at_the_cap_with_little_cpu() {
        let out = sh("killed", "exec sleep 10", 300);
        assert_eq!(out.exit, Exit::Killed);
        assert!(out.elapsed >= Duration::from_millis(300), "{:?}", out);
        assert!(out.elapsed < Duration::from_millis(3000), "{:?}", out);
        assert!(out.cpu < Duration::from_millis(100), "{:?}", out);
    }

    /// Runs a shell script light, its streams in `dir`; the run and its stdout.
    fn sh_light(dir: &Path, script: &str, budget: Budget) -> (Light, Vec<u8>) {
        let (stdout, stderr) = (dir.join("out"), dir.join("err"));
        let streams = Streams {
            stdin: Path::new("/dev/null"),
            stdout: &stdout,
            stderr: &stderr,
        };
        let args = ["-c".to_string(), script.to_string()];
        let light = run_light(Path::new("/bin/sh"), &args, streams, budget).unwrap();
        (light, fs::read(&stdout).unwrap())
    }

    #[test]
    fn a_light_run_has_its_clock_its_cap_and_its_group() {
        let dir = scratch("light");
        let roomy = Budget {
            kill_after: Duration::from_secs(10),
            output_cap: 1 << 20,
            stack: DEFAULT_STACK,
        };
        let (out, stdout) = sh_light(dir.path(), "echo hi; echo oops >&2; exit 3", roomy);
        assert_eq!((out.exit, out.over_cap), (Exit::Code(3), None));
        assert_eq!(
            (&stdout[..], &out.first_stderr_line()[..]),
            (&b"hi\n"[..], "oops")
        );
        // The files are reused: a shorter output leaves nothing of the longer one.
        let (out, stdout) = sh_light(dir.path(), "exit 0", roomy);
        assert_eq!((out.exit, stdout.len()), (Exit::Code(0), 0));
        let (out, stdout) = sh_light(dir.path(), "exec yes 0123456789abcdef", roomy);
        assert_eq!(
            (out.exit, out.over_cap),
            (Exit::Signal(25), Some(Stream::Stdout))
        );
        assert_eq!(stdout.len(), 1 << 20);
        let short = Budget {
            kill_after: Duration::from_millis(300),
            ..roomy
        };
        let (out, pids) = sh_light(dir.path(), "sleep 100 & echo $!; exec sleep 10", short);
        assert_eq!(out.exit, Exit::Killed);
        assert!(out.elapsed >= Duration::from_millis(300), "{:?}", out);
        assert!(out.elapsed < Duration::from_millis(3000), "{:?}", out);
        let pid = String::from_utf8(pids).unwrap();
        assert!(!alive(&pid), "{} is alive", pid);
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let dir = scratch("missing");
        let r = run(
            Path::new("/no/such/program"),
            &[],
            Path::new("/dev/null"),
            dir.path(),
            Duration::from_secs(10),
        );
        assert!(r.is_err());
    }

    #[test]
    fn sleep_counts_as_wall_not_cpu() {
        let out = sh("sleep", "exec sleep 0.2", 10_000);
        assert_eq!(out.exit, Exit::Code(0));
        assert!(out.elapsed >= Duration::from_millis(200), "{:?}", out);
        assert!(out.cpu < Duration::from_millis(100), "{:?}", out);
    }
}
