//! The launcher of the portable path: a small process between the tool and a judged program,
//! so that `wait4` reports the program's own peak memory and CPU time.
//!
//! ```text
//!  tool --(spawn, own group)--> judge --judge-launch REPORT CAP STACK KILL_AFTER PROGRAM ARGS..
//!                                  `- fork; limits; exec PROGRAM   (same group)
//!                                     killed at KILL_AFTER; wait4 -> REPORT: status, CPU,
//!                                     ru_maxrss, wall, killed
//! ```
//!
//! A child's `ru_maxrss` starts from the memory of the process that forked it (and, where the
//! spawn shares the parent's memory, as Linux's `posix_spawn` does, from the parent's own
//! high-water mark). Forked from the launcher (the judge's binary just started, about
//! 2 MiB), the program's figure is its own whatever the tool holds. The launcher is the
//! judge's own binary, started with [`ARG`]: `main` hands it to [`serve_if_asked`] first.

use crate::exec::sys::{self, Limits, Usage};
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The first argument that makes the judge's binary a launcher.
pub const ARG: &str = "--judge-launch";

/// This process's binary serves as a launcher (its `main` calls [`serve_if_asked`]).
static SELF_SERVES: AtomicBool = AtomicBool::new(false);

/// A launcher named by [`set_launcher`].
static NAMED: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Runs the launcher and exits when this process was started as one; otherwise notes that
/// this binary can launch. The first thing `main` does.
pub fn serve_if_asked() {
    let mut args = std::env::args_os().skip(1);
    if args.next().as_deref() != Some(OsStr::new(ARG)) {
        SELF_SERVES.store(true, Ordering::SeqCst);
        return;
    }
    std::process::exit(serve(args.collect()));
}

/// Names the launcher binary (the judge's), for a program other than the judge that runs
/// programs through this library (a test).
pub fn set_launcher(path: &Path) {
    *NAMED.lock().unwrap_or_else(|e| e.into_inner()) = Some(path.to_path_buf());
}

/// The launcher binary: the one named, or this process's own if it serves; `None` otherwise
/// (the program is then spawned by the tool itself, and its memory figure may include the
/// tool's).
pub fn launcher() -> Option<PathBuf> {
    if let Some(named) = NAMED.lock().unwrap_or_else(|e| e.into_inner()).clone() {
        return Some(named);
    }
    if SELF_SERVES.load(Ordering::SeqCst) {
        return std::env::current_exe().ok();
    }
    None
}

/// How the launcher runs a program: its limits, when to kill it, where to report.
pub struct Launch<'a> {
    pub limits: Limits,
    /// Wall-clock time after which the launcher kills the program (then reaps it and
    /// reports, so that a killed run's CPU time and memory are known).
    pub kill_after: Duration,
    pub report: &'a Path,
}

/// The command that runs `program args` through `launcher` as `launch` says. Its stdio,
/// environment and folder are the program's.
pub fn command(launcher: &Path, program: &Path, args: &[String], launch: &Launch) -> Command {
    let mut command = Command::new(launcher);
    command
        .arg(ARG)
        .arg(launch.report)
        .arg(launch.limits.output_cap.to_string())
        .arg(launch.limits.stack.to_string())
        .arg(launch.kill_after.as_micros().to_string())
        .arg(program)
        .args(args);
    command
}

/// What the launcher reports of the program it ran.
#[derive(Debug)]
pub struct Report {
    /// The raw wait status.
    pub status: i32,
    pub usage: Usage,
    /// From just before the spawn to the reap, on the launcher's clock.
    pub wall: Duration,
    /// Killed by the launcher at its wall-clock cap.
    pub killed: bool,
}

/// Reads (and removes) the report at `path`. A program that could not be started is the
/// error it met; a launcher that ended without a report (killed with its group) is `None`.
pub fn read_report(path: &Path) -> io::Result<Option<Report>> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let _ = fs::remove_file(path);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.parse::<i64>().ok());
    if fields.first() == Some(&"error") {
        let code = number(1).unwrap_or(0) as i32;
        return Err(io::Error::from_raw_os_error(code));
    }
    match (number(0), number(1), number(2), number(3), number(4)) {
        (Some(status), Some(cpu), Some(kib), Some(wall), Some(killed)) => Ok(Some(Report {
            status: status as i32,
            usage: Usage {
                cpu: Duration::from_micros(cpu.max(0) as u64),
                max_rss_kib: kib.max(0) as u64,
            },
            wall: Duration::from_micros(wall.max(0) as u64),
            killed: killed != 0,
        })),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the launcher's report reads `{}`", text.trim()),
        )),
    }
}

/// The launcher: `REPORT CAP STACK KILL_AFTER_US PROGRAM ARGS..`. Spawns the program with
/// the limits (in this process's group), kills it at the cap, reaps it and writes the
/// report; 0 once written.
fn serve(args: Vec<OsString>) -> i32 {
    if args.len() < 5 {
        return 2;
    }
    let number = |a: &OsString| a.to_str().and_then(|s| s.parse::<u64>().ok());
    let (Some(output_cap), Some(stack), Some(kill_after)) =
        (number(&args[1]), number(&args[2]), number(&args[3]))
    else {
        return 2;
    };
    let mut command = Command::new(&args[4]);
    command.args(&args[5..]);
    sys::limit_before_exec(&mut command, Limits { output_cap, stack });
    let start = Instant::now();
    let text = match command.spawn() {
        Ok(child) => {
            let pid = child.id() as i32;
            let killed = wait_or_kill(pid, start + Duration::from_micros(kill_after));
            match sys::reap(pid) {
                Ok((status, usage)) => format!(
                    "{} {} {} {} {}\n",
                    status,
                    usage.cpu.as_micros(),
                    usage.max_rss_kib,
                    start.elapsed().as_micros(),
                    u8::from(killed)
                ),
                Err(e) => format!("error {}\n", e.raw_os_error().unwrap_or(0)),
            }
        }
        Err(e) => format!("error {}\n", e.raw_os_error().unwrap_or(0)),
    };
    match fs::write(&args[0], text) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// Blocks until the child `pid` has exited (left unreaped), killing it at `deadline`;
/// returns whether it was killed. The kill and the "exited" mark are taken under one lock,
/// and the child is reaped only after the mark: the kill never reaches a reused pid.
fn wait_or_kill(pid: i32, deadline: Instant) -> bool {
    // (exited, killed)
    let state = Arc::new((Mutex::new((false, false)), Condvar::new()));
    let shared = Arc::clone(&state);
    let timer = thread::spawn(move || {
        let (lock, wake) = &*shared;
        let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
        while !g.0 {
            let now = Instant::now();
            if now >= deadline {
                sys::kill(pid, libc::SIGKILL);
                g.1 = true;
                return;
            }
            g = wake
                .wait_timeout(g, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    });
    // An error (none is expected for our own child) leaves the reap to tell.
    let _ = sys::wait_exited(pid);
    let (lock, wake) = &*state;
    let killed = {
        let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
        g.0 = true;
        g.1
    };
    wake.notify_one();
    let _ = timer.join();
    killed
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    #[test]
    fn a_report_is_read_once_and_an_error_is_the_programs() {
        let dir = TempDir::new("judge-launch-report");
        let path = dir.path().join("r");
        fs::write(&path, "2816 1500 2048 3000 0\n").unwrap();
        let report = read_report(&path).unwrap().unwrap();
        assert_eq!(report.status, 2816);
        assert_eq!(report.usage.cpu, Duration::from_micros(1500));
        assert_eq!(report.usage.max_rss_kib, 2048);
        assert_eq!(report.wall, Duration::from_micros(3000));
        assert!(!report.killed);
        assert!(read_report(&path).unwrap().is_none());
        fs::write(&path, format!("error {}\n", libc::ENOENT)).unwrap();
        let e = read_report(&path).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
    }
}
