//! Running a program on an input under a time limit, the way a judge does.

use std::fs::{self, File};
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};
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
    pub elapsed: Duration,
    /// Peak resident memory in KiB.
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
/// `kill_after` of wall-clock time has passed; this never waits longer.
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
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        // As on a judge: a panic prints its message, not a slow, long backtrace.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::from(File::open(input)?))
        .stdout(Stdio::from(File::create(&out_path)?))
        .stderr(Stdio::from(File::create(&err_path)?))
        .spawn()?;
    let pid = child.id() as i32;
    let mut nap = Duration::from_micros(50);
    let mut killed = false;
    let (status, usage) = loop {
        if let Some(done) = sys::wait_nohang(pid)? {
            break done;
        }
        if !killed && start.elapsed() >= kill_after {
            // Reaped by the next wait_nohang.
            let _ = child.kill();
            killed = true;
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    };
    let elapsed = start.elapsed();
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
        max_rss_kib: usage.max_rss_kib,
        stdout: fs::read(&out_path)?,
        stderr: fs::read(&err_path)?,
    })
}

/// `wait4(2)`, which std does not expose: it reaps a child and reports its peak memory.
mod sys {
    use std::io;

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
    }

    const WNOHANG: i32 = 1;

    pub struct Usage {
        pub max_rss_kib: u64,
    }

    /// The raw wait status and usage of `pid` if it has ended, without blocking.
    pub fn wait_nohang(pid: i32) -> io::Result<Option<(i32, Usage)>> {
        let mut status = 0;
        let mut usage = Rusage {
            utime: [0; 2],
            stime: [0; 2],
            maxrss: 0,
            rest: [0; 13],
        };
        // SAFETY: both pointers are to live, properly sized locals.
        let r = unsafe { wait4(pid, &mut status, WNOHANG, &mut usage) };
        match r {
            0 => Ok(None),
            r if r == pid => Ok(Some((
                status,
                Usage {
                    max_rss_kib: usage.maxrss.max(0) as u64,
                },
            ))),
            _ => Err(io::Error::last_os_error()),
        }
    }
}
