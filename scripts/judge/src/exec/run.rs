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
use crate::exec::supervise::{self, RunId};
use crate::text::printable::printable;
use std::borrow::Cow;
use std::fs::{self, File};
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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
    /// Wall-clock time from just before the spawn to the child's exit.
    pub elapsed: Duration,
    /// CPU time of the process, user plus system (what judges limit).
    pub cpu: Duration,
    /// Peak resident memory in KiB of the program's own image: its `VmHWM` at exit, which
    /// does not depend on the tool ([`crate::exec::supervise`]); `ru_maxrss` where ptrace is
    /// refused (see `own_memory`).
    pub max_rss_kib: u64,
    /// Whether `max_rss_kib` is the program's own high-water mark (not `ru_maxrss`).
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
fn first_line(head: &[u8]) -> String {
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

/// What a run may use.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Wall-clock time after which the program is killed.
    pub kill_after: Duration,
    /// Bytes each output stream may reach; reaching it stops the program (OLE).
    pub output_cap: u64,
}

/// Runs `program args..` with `input` as stdin, its stdout and stderr read in (each at most
/// [`DEFAULT_OUTPUT_CAP`]). The program is killed once `kill_after` of wall-clock time has
/// passed; this never waits much longer. See [`run_captured`].
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
    };
    run_captured(program, args, input, scratch, budget)?.read_in()
}

/// Runs `program args..` with `input` as stdin, its stdout and stderr going to files of this
/// run in `scratch` (so a chatty program cannot block on a full pipe, and the tool holds none
/// of it in memory), each capped at `budget.output_cap`. The program is killed once
/// `budget.kill_after` of wall-clock time has passed. Files are opened before the clock
/// starts; the clock covers the spawn, the run and the exit. When this returns, no process
/// of the run is left.
pub fn run_captured(
    program: &Path,
    args: &[String],
    input: &Path,
    scratch: &Path,
    budget: Budget,
) -> io::Result<Measured<Captured>> {
    fs::create_dir_all(scratch)?;
    let run = RunId::next();
    let open = |stream: Stream| -> io::Result<(Captured, File)> {
        let path = scratch.join(format!("{}.{}", run.as_str(), stream.name()));
        let file = File::create(&path)?;
        Ok((Captured { path, len: 0 }, file))
    };
    let (mut stdout, out_file) = open(Stream::Stdout)?;
    let (mut stderr, err_file) = open(Stream::Stderr)?;
    let mut command = Command::new(program);
    command
        .args(args)
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
    let child = match supervise::spawn(&mut command, budget.output_cap, &run) {
        Ok(child) => child,
        Err(e) => {
            watchdog.stop();
            return Err(e);
        }
    };
    // The tool keeps no handle on the run's files: only the program's processes write them.
    drop(command);
    watchdog.arm(child.pid, start + budget.kill_after);
    let exited = child.wait_exited();
    let finished = Instant::now();
    // The child is a zombie now: its pid and process group cannot be reused until it is
    // reaped, so the watchdog cannot hit another process.
    let (killed, sampled_peak) = watchdog.stop();
    let (status, usage) = child.reap(&run)?;
    let exited = exited?;
    let elapsed = exited.at.min(finished).saturating_duration_since(start);
    let exit = if killed {
        Exit::Killed
    } else if status & 0x7f == 0 {
        Exit::Code((status >> 8) & 0xff)
    } else {
        Exit::Signal(status & 0x7f)
    };
    stdout.len = fs::metadata(&stdout.path)?.len();
    stderr.len = fs::metadata(&stderr.path)?.len();
    let over_cap = [(Stream::Stdout, &stdout), (Stream::Stderr, &stderr)]
        .iter()
        .find(|(_, c)| c.len >= budget.output_cap)
        .map(|(s, _)| *s);
    let own = exited.peak_kib.or(sampled_peak);
    Ok(Measured {
        exit,
        elapsed,
        cpu: usage.cpu,
        max_rss_kib: own.unwrap_or(usage.max_rss_kib),
        own_memory: own.is_some(),
        output_cap: budget.output_cap,
        over_cap,
        stdout,
        stderr,
    })
}

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
/// time, each output file capped at `budget.output_cap`, no process of its group left when
/// this returns. Unlike [`run_captured`] it is not traced and its memory is not measured
/// (no ptrace stops), the wait needs no thread where the kernel has pidfds, and only a group
/// that is not empty at the end is looked for in `/proc`: a helper's run costs little more
/// than its spawn.
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
    let child = supervise::spawn_light(&mut command, budget.output_cap, &run)?;
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
    let killed = killed?;
    let exit = if killed {
        Exit::Killed
    } else if status & 0x7f == 0 {
        Exit::Code((status >> 8) & 0xff)
    } else {
        Exit::Signal(status & 0x7f)
    };
    let over_cap = [
        (Stream::Stdout, streams.stdout),
        (Stream::Stderr, streams.stderr),
    ]
    .iter()
    .find(|(_, path)| fs::metadata(path).is_ok_and(|m| m.len() >= budget.output_cap))
    .map(|(s, _)| *s);
    Ok(Light {
        exit,
        elapsed,
        over_cap,
        stderr: streams.stderr.to_path_buf(),
    })
}

/// A scratch folder of its own: `<base>/<pid>-<n>`, so that two runs of the tool at once
/// (two tests, two terminals) or two commands in one never read each other's files;
/// removed when dropped.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    pub fn new(base: &Path) -> io::Result<ScratchDir> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = base.join(format!("{}-{}", std::process::id(), n));
        // A folder of that name is a dead process's (pids are reused): start clean.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)?;
        remove_dead_siblings(base);
        Ok(ScratchDir(dir))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

/// Removes the folders `<pid>-<n>` of `base` whose process is gone (a command interrupted
/// before it could remove its own), so that none of their files stays behind.
fn remove_dead_siblings(base: &Path) {
    for entry in fs::read_dir(base).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.split('-').next()?.parse::<u32>().ok());
        if let Some(pid) = pid {
            if !Path::new(&format!("/proc/{}", pid)).exists() {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A thread that kills a child's process group at a deadline unless told first that the
/// child is done; it reads the child's own peak memory just before.
struct Watchdog {
    state: Arc<(Mutex<Guard>, Condvar)>,
    thread: thread::JoinHandle<()>,
}

/// The watchdog's state, under one lock: the kill and the "done" mark never cross.
#[derive(Default)]
struct Guard {
    /// The child, once spawned, and when to kill it.
    armed: Option<(i32, Instant)>,
    /// The child has exited (not reaped yet), or the spawn failed.
    done: bool,
    /// The first sleep ended before the child was known: kill it as soon as it is.
    expired: bool,
    killed: bool,
    /// The child's own peak memory, read just before the kill.
    peak_kib: Option<u64>,
}

impl Watchdog {
    /// Starts the thread. It first sleeps `kill_after` from now, which is no later than the
    /// deadline [`Watchdog::arm`] gives it (the clock starts after this), then on to that
    /// deadline: no wake-up while a short run is timed.
    fn start(kill_after: Duration) -> Watchdog {
        let state = Arc::new((Mutex::new(Guard::default()), Condvar::new()));
        let shared = Arc::clone(&state);
        let thread = thread::spawn(move || {
            let first = Instant::now() + kill_after;
            let (lock, wake) = &*shared;
            let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
            while !g.done {
                let deadline = g.armed.map_or(first, |(_, at)| at);
                let now = Instant::now();
                if now >= deadline {
                    match g.armed {
                        Some((pid, _)) => g.kill(pid),
                        None => g.expired = true,
                    }
                    return;
                }
                g = wake
                    .wait_timeout(g, deadline - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        });
        Watchdog { state, thread }
    }

    /// Names the child to kill and when: the deadline counts from the clock's start, not from
    /// the thread's creation, which a busy machine can delay by milliseconds. No wake-up.
    fn arm(&self, pid: i32, deadline: Instant) {
        let mut g = self.state.0.lock().unwrap_or_else(|e| e.into_inner());
        g.armed = Some((pid, deadline));
        if g.expired {
            g.kill(pid);
        }
    }

    /// Marks the child done (it has exited but is not reaped yet); returns whether the
    /// watchdog killed it, and the peak memory it read then.
    fn stop(self) -> (bool, Option<u64>) {
        let (lock, wake) = &*self.state;
        let killed = {
            let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
            g.done = true;
            (g.killed, g.peak_kib)
        };
        wake.notify_one();
        let _ = self.thread.join();
        killed
    }
}

impl Guard {
    fn kill(&mut self, pid: i32) {
        self.peak_kib = supervise::own_peak_kib(pid);
        supervise::sys::kill(-pid, supervise::sys::SIGKILL);
        self.killed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
