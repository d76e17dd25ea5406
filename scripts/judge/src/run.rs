//! Running a program on an input under a time limit, the way a judge does: wall time, CPU
//! time (user + system) and peak memory of the whole process.
//!
//! The clock is honest: the caller blocks in the kernel until the child has exited (no
//! polling, so no nap is added to the time), and a watchdog thread kills the child once the
//! wall-clock budget is spent. What the tool itself adds to a run is the cost of a blocking
//! spawn plus `wait4`, which `tests/overhead.rs` pins against the same calls timed in the test:
//!
//! ```text
//!  start  spawn()      child runs ...        exit   waitid(WNOWAIT) returns: wall = now - start
//!    |------|--------------------------------|------|   then wait4() reaps it: CPU and peak RSS
//!            watchdog thread: sleeps until the cap, kills unless the child is already done
//! ```

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
    /// Killed by us after the wall-clock budget.
    Killed,
}

/// What a run produced.
#[derive(Debug)]
pub struct Outcome {
    pub exit: Exit,
    /// Wall-clock time from just before the spawn to the child's exit.
    pub elapsed: Duration,
    /// CPU time of the process, user plus system (what judges limit).
    pub cpu: Duration,
    /// Peak resident memory in KiB (`ru_maxrss`).
    pub max_rss_kib: u64,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Outcome {
    /// The first line of stderr, trimmed, or an empty string. For a Rust panic, whose message
    /// follows the `thread '...' panicked at <place>:` line, the message is added.
    pub fn first_stderr_line(&self) -> String {
        let text = String::from_utf8_lossy(&self.stderr);
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next().unwrap_or("");
        if first.starts_with("thread '") && first.contains("panicked at") && first.ends_with(':') {
            format!("panicked: {}", lines.next().unwrap_or(""))
        } else {
            first.to_string()
        }
    }
}

/// Runs `program args..` with `input` as stdin, capturing stdout and stderr through files in
/// `scratch` (so a chatty program cannot block on a full pipe). The program is killed once
/// `kill_after` of wall-clock time has passed; this never waits much longer. Files are opened
/// before the clock starts; the clock covers the spawn, the run and the exit.
pub fn run(
    program: &Path,
    args: &[String],
    input: &Path,
    scratch: &Path,
    kill_after: Duration,
) -> io::Result<Outcome> {
    fs::create_dir_all(scratch)?;
    let out_path = scratch.join("stdout");
    let err_path = scratch.join("stderr");
    let mut command = Command::new(program);
    command
        .args(args)
        // As on a judge: a panic prints its message, not a slow, long backtrace.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(File::open(input)?))
        .stdout(Stdio::from(File::create(&out_path)?))
        .stderr(Stdio::from(File::create(&err_path)?));
    // The watchdog thread is made before the clock starts: creating it while the child runs
    // measurably delays a short run on a busy machine.
    let watchdog = Watchdog::start(Instant::now() + kill_after);
    let start = Instant::now();
    let child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            watchdog.stop();
            return Err(e);
        }
    };
    let pid = child.id() as i32;
    watchdog.arm(pid);
    let exited = sys::wait_exited(pid);
    let elapsed = start.elapsed();
    // The child is a zombie now: its pid cannot be reused until `reap`, so the watchdog
    // cannot hit another process.
    let killed = watchdog.stop();
    exited?;
    let (status, usage) = sys::reap(pid)?;
    let exit = if killed {
        Exit::Killed
    } else if status & 0x7f == 0 {
        Exit::Code((status >> 8) & 0xff)
    } else {
        Exit::Signal(status & 0x7f)
    };
    Ok(Outcome {
        exit,
        elapsed,
        cpu: usage.cpu,
        max_rss_kib: usage.max_rss_kib,
        stdout: fs::read(&out_path)?,
        stderr: fs::read(&err_path)?,
    })
}

/// A scratch folder of this process: `<base>/<pid>`, so that two runs of the tool at once
/// (two tests, two terminals) never read each other's files; removed when dropped.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    pub fn new(base: &Path) -> io::Result<ScratchDir> {
        let dir = base.join(std::process::id().to_string());
        fs::create_dir_all(&dir)?;
        Ok(ScratchDir(dir))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A thread that kills a child at a deadline unless told first that the child is done.
struct Watchdog {
    state: Arc<(Mutex<Guard>, Condvar)>,
    thread: thread::JoinHandle<()>,
}

/// The watchdog's state, under one lock: the kill and the "done" mark never cross.
#[derive(Default)]
struct Guard {
    /// The child, once spawned.
    pid: Option<i32>,
    /// The child has exited (not reaped yet), or the spawn failed.
    done: bool,
    /// The deadline passed before the child was known: kill it as soon as it is.
    expired: bool,
    killed: bool,
}

impl Watchdog {
    /// Starts the thread; it sleeps until `deadline` (or until stopped).
    fn start(deadline: Instant) -> Watchdog {
        let state = Arc::new((Mutex::new(Guard::default()), Condvar::new()));
        let shared = Arc::clone(&state);
        let thread = thread::spawn(move || {
            let (lock, wake) = &*shared;
            let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
            while !g.done {
                let now = Instant::now();
                if now >= deadline {
                    match g.pid {
                        Some(pid) => {
                            sys::kill_now(pid);
                            g.killed = true;
                        }
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

    /// Names the child to kill. No wake-up: the thread needs the pid only at the deadline.
    fn arm(&self, pid: i32) {
        let mut g = self.state.0.lock().unwrap_or_else(|e| e.into_inner());
        g.pid = Some(pid);
        if g.expired {
            sys::kill_now(pid);
            g.killed = true;
        }
    }

    /// Marks the child done (it has exited but is not reaped yet); returns whether the
    /// watchdog killed it.
    fn stop(self) -> bool {
        let (lock, wake) = &*self.state;
        let killed = {
            let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
            g.done = true;
            g.killed
        };
        wake.notify_one();
        let _ = self.thread.join();
        killed
    }
}

/// `waitid`, `wait4` and `kill` of Linux, which std does not expose with these options.
mod sys {
    use std::io;
    use std::time::Duration;

    /// `struct rusage` of Linux (x86_64 and aarch64 alike: two timevals, then 14 longs).
    #[repr(C)]
    struct Rusage {
        utime: [i64; 2],
        stime: [i64; 2],
        maxrss: i64,
        rest: [i64; 13],
    }

    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
        fn waitid(idtype: i32, id: u32, info: *mut [u64; 16], options: i32) -> i32;
        fn kill(pid: i32, signal: i32) -> i32;
    }

    const P_PID: i32 = 1;
    const WEXITED: i32 = 4;
    const WNOWAIT: i32 = 0x0100_0000;
    const SIGKILL: i32 = 9;
    const EINTR: i32 = 4;

    /// What `wait4` reports about a reaped child.
    pub struct Usage {
        /// User plus system time.
        pub cpu: Duration,
        pub max_rss_kib: u64,
    }

    fn retry<F: FnMut() -> i32>(mut call: F) -> io::Result<i32> {
        loop {
            let r = call();
            if r >= 0 {
                return Ok(r);
            }
            let e = io::Error::last_os_error();
            if e.raw_os_error() != Some(EINTR) {
                return Err(e);
            }
        }
    }

    /// Blocks until `pid` has exited, leaving it unreaped (a zombie).
    pub fn wait_exited(pid: i32) -> io::Result<()> {
        let mut info = [0u64; 16];
        // SAFETY: `info` is a live, 128-byte buffer: the size of siginfo_t.
        retry(|| unsafe { waitid(P_PID, pid as u32, &mut info, WEXITED | WNOWAIT) }).map(|_| ())
    }

    /// Reaps `pid` (blocking): its raw wait status and usage.
    pub fn reap(pid: i32) -> io::Result<(i32, Usage)> {
        let mut status = 0;
        let mut usage = Rusage {
            utime: [0; 2],
            stime: [0; 2],
            maxrss: 0,
            rest: [0; 13],
        };
        // SAFETY: both pointers are to live, properly sized locals.
        retry(|| unsafe { wait4(pid, &mut status, 0, &mut usage) })?;
        let micros = |t: [i64; 2]| (t[0].max(0) as u64) * 1_000_000 + t[1].max(0) as u64;
        Ok((
            status,
            Usage {
                cpu: Duration::from_micros(micros(usage.utime) + micros(usage.stime)),
                max_rss_kib: usage.maxrss.max(0) as u64,
            },
        ))
    }

    /// Sends SIGKILL to `pid` (an error, such as the child being gone, is ignored).
    pub fn kill_now(pid: i32) {
        // SAFETY: a plain system call on integers.
        unsafe {
            kill(pid, SIGKILL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::env;

    fn scratch(name: &str) -> std::path::PathBuf {
        env::temp_dir().join(format!("judge-run-{}-{}", name, std::process::id()))
    }

    /// Runs a shell script; each test passes its own `name` (tests run in parallel).
    fn sh(name: &str, script: &str, cap_ms: u64) -> Outcome {
        let dir = scratch(name);
        run(
            Path::new("/bin/sh"),
            &["-c".to_string(), script.to_string()],
            Path::new("/dev/null"),
            &dir,
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
    fn a_sleeper_is_killed_at_the_cap_with_little_cpu() {
        let out = sh("killed", "exec sleep 10", 300);
        assert_eq!(out.exit, Exit::Killed);
        assert!(out.elapsed >= Duration::from_millis(300), "{:?}", out);
        assert!(out.elapsed < Duration::from_millis(3000), "{:?}", out);
        assert!(out.cpu < Duration::from_millis(100), "{:?}", out);
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let dir = scratch("missing");
        let r = run(
            Path::new("/no/such/program"),
            &[],
            Path::new("/dev/null"),
            &dir,
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
