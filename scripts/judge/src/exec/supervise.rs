//! Keeping a submission's processes in hand: its own process group, an output cap, the
//! judge's stack, its own peak memory, and no process of it left once its run is over.
//!
//! Two paths. The portable one, on every POSIX system (macOS; Linux with `JUDGE_PORTABLE=1`):
//!
//! ```text
//!  tool
//!   `- launcher      own process group; reports the program's wait4 (exec::launch)
//!       `- program   same group; RLIMIT_FSIZE = the output cap, RLIMIT_STACK = the stack
//!           `- child same group: killed with the group once the run is over
//! ```
//!
//! Linux's, the default there, adds ptrace, the child subreaper and the `/proc` sweep:
//!
//! ```text
//!  tool (child subreaper)
//!   `- program       own process group; the limits; traced (PTRACE_TRACEME)
//!       |- child     same group: killed with the group
//!       `- escapee   left the group (setsid): reparented to the tool when its parent dies,
//!                    found by JUDGE_RUN=<tool pid>.<run> in its environment, or without
//!                    it (cleared) by being out of every group of the tool's, killed
//! ```
//!
//! Memory: the kernel's `ru_maxrss` of a child starts from the parent's memory (a forked
//! copy's resident set, or the parent's own high-water mark when the spawn shares its memory,
//! as `posix_spawn` does), so it grows with what the tool holds. On Linux the program's own
//! image starts with a fresh address space at `execve`; its high-water mark (`VmHWM`) is read
//! from `/proc/<pid>/status` at the ptrace exit stop, while that address space still exists
//! (a zombie has none). Where ptrace is refused, `ru_maxrss` is the fallback. On the portable
//! path the launcher, a small process, forks the program: its `ru_maxrss` is its own.
//!
//! The tool's own helpers (a generator, a reference) are spawned light ([`spawn_light`]):
//! their own process group, the limits and the marker, but not traced nor launched, and on
//! Linux spawned without a copy of the tool's memory; their group is swept only when not
//! empty.

use crate::exec::{launch, sys};
#[cfg(target_os = "linux")]
use crate::exec::{linux, procfs};
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, Once, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

pub use crate::exec::sys::{Limits, Usage};

/// The environment variable that marks every process of one run (inherited by its
/// descendants), so that one that left the process group is still known (on Linux).
pub const MARKER: &str = "JUDGE_RUN";

/// The environment variable that, set to `1`, makes Linux take the portable path.
pub const PORTABLE: &str = "JUDGE_PORTABLE";

/// Whether runs take the portable path: everywhere but Linux, and on Linux with
/// `JUDGE_PORTABLE=1`.
pub fn portable() -> bool {
    static PORTABLE_PATH: OnceLock<bool> = OnceLock::new();
    *PORTABLE_PATH.get_or_init(|| {
        !cfg!(target_os = "linux") || std::env::var(PORTABLE).is_ok_and(|v| v == "1")
    })
}

/// One run's identity: its marker value, unique within the tool's life.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunId(String);

impl RunId {
    /// A fresh identity: `<tool pid>.<n>`.
    pub fn next() -> RunId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        RunId(format!(
            "{}.{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// ptrace was refused once (a container's policy): later runs go without it.
static NO_PTRACE: AtomicBool = AtomicBool::new(false);

/// The direct children of the tool that runs still wait for: a sweep never reaps them.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

pub(crate) fn live() -> MutexGuard<'static, Vec<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The process groups of the runs going on, for the interrupt handler (a signal handler may
/// not take a lock). More runs at once than slots: the others rely on PR_SET_PDEATHSIG.
static GROUPS: [AtomicI32; 16] = [NO_GROUP; 16];
#[allow(clippy::declare_interior_mutable_const)] // only to build GROUPS
const NO_GROUP: AtomicI32 = AtomicI32::new(0);

/// On SIGINT, SIGTERM or SIGHUP the tool kills every run's process group (they are not the
/// terminal's foreground group, so Ctrl-C never reaches them), then dies of the signal.
extern "C" fn on_interrupt(signal: i32) {
    for g in &GROUPS {
        let pgid = g.load(Ordering::SeqCst);
        if pgid > 0 {
            sys::kill(-pgid, libc::SIGKILL);
        }
    }
    sys::die_of(signal);
}

/// Notes (`running`) or forgets a run's process group for [`on_interrupt`].
fn note_group(pgid: i32, running: bool) {
    let (from, to) = if running { (0, pgid) } else { (pgid, 0) };
    for g in &GROUPS {
        if g.compare_exchange(from, to, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

/// Sets up the interrupt handler and, on Linux's own path, makes the tool a child
/// subreaper; once.
fn set_up() {
    static SET_UP: Once = Once::new();
    SET_UP.call_once(|| {
        #[cfg(target_os = "linux")]
        if !portable() {
            linux::become_subreaper();
        }
        sys::on_signals(&[libc::SIGINT, libc::SIGTERM, libc::SIGHUP], on_interrupt);
    });
}

/// How a judged program is started and measured.
#[derive(Clone, Debug)]
pub enum How {
    /// Linux: spawned by the tool, traced where ptrace is allowed.
    Traced,
    /// Through the launcher, which writes its report to this file.
    Launched(PathBuf),
    /// Spawned by the tool with the limits (no launcher known): its `ru_maxrss` may include
    /// the tool's memory.
    Direct,
}

/// The command for a judged run of `program args` on this system, and how to spawn it: the
/// caller sets its stdio and environment and hands both to [`spawn`]. The launcher, when
/// there is one, kills the program after `kill_after` and writes its report to `report`.
pub fn judged_command(
    program: &Path,
    args: &[String],
    limits: Limits,
    kill_after: Duration,
    report: &Path,
) -> (Command, How) {
    if !portable() {
        let mut command = Command::new(program);
        command.args(args);
        return (command, How::Traced);
    }
    match launch::launcher() {
        Some(launcher) => {
            let launch = launch::Launch {
                limits,
                kill_after,
                report,
            };
            (
                launch::command(&launcher, program, args, &launch),
                How::Launched(report.to_path_buf()),
            )
        }
        None => {
            let mut command = Command::new(program);
            command.args(args);
            (command, How::Direct)
        }
    }
}

/// How a program the caller starts itself (with its own stdio, as an interactive run's two
/// sides) is spawned on this system: traced on Linux, directly with its limits elsewhere.
pub fn own_spawn() -> How {
    if portable() {
        How::Direct
    } else {
        How::Traced
    }
}

/// Kills the process group of `pid`, a program [`spawn`]ed and not yet reaped (its group
/// cannot have been reused).
pub fn kill_group_of(pid: i32) {
    sys::kill(-pid, libc::SIGKILL);
}

/// A spawned program under supervision.
pub struct Child {
    pub pid: i32,
    how: How,
    /// Stopped at its exit by ptrace, so its own high-water mark can be read.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    traced: bool,
}

/// Spawns `command` as a supervised program ([`judged_command`]): its own process group,
/// marked with `run`, registered for the sweep and the interrupt handler. Spawned [`How::Traced`]
/// (Linux), it also gets `limits` (files it writes capped: a write past the cap fails and
/// raises SIGXFSZ; the stack), dies with the tool, and is traced where ptrace is allowed.
pub fn spawn(command: &mut Command, how: How, limits: Limits, run: &RunId) -> io::Result<Child> {
    set_up();
    command.process_group(0).env(MARKER, run.as_str());
    match how {
        How::Traced => {
            sys::limit_before_exec(command, limits);
            #[cfg(target_os = "linux")]
            linux::trace_before_exec(command, &NO_PTRACE);
        }
        How::Direct => sys::limit_before_exec(command, limits),
        // The launcher sets them on the program it starts.
        How::Launched(_) => {}
    }
    loop {
        let trace = matches!(how, How::Traced) && !NO_PTRACE.load(Ordering::Relaxed);
        // Registered under the lock, before any sweep can see it exit.
        let mut live = live();
        match command.spawn() {
            Ok(child) => {
                let pid = child.id() as i32;
                live.push(pid);
                note_group(pid, true);
                return Ok(Child {
                    pid,
                    how,
                    traced: trace,
                });
            }
            Err(e) if trace && e.raw_os_error() == Some(libc::EPERM) => {
                NO_PTRACE.store(true, Ordering::Relaxed)
            }
            Err(e) => return Err(e),
        }
    }
}

/// Spawns `command` for one of the tool's own helpers (a generator, a reference), whose
/// time and memory are not measured: its own process group, marked with `run`, `limits`
/// set. Not traced. On Linux nothing runs between fork and exec, so std spawns it without
/// copying the tool's memory (`posix_spawn`); the limits are set on it just after (a write
/// past the cap fails from then on). Unlike a judged run it outlives a tool killed by
/// SIGKILL (SIGINT, SIGTERM and SIGHUP still kill its group). Reap it with
/// [`Child::reap_light`].
pub fn spawn_light(command: &mut Command, limits: Limits, run: &RunId) -> io::Result<Child> {
    set_up();
    command.process_group(0).env(MARKER, run.as_str());
    let linux_path = cfg!(target_os = "linux") && !portable();
    if !linux_path {
        sys::limit_before_exec(command, limits);
    }
    let child = {
        // Registered under the lock, before any sweep can see it exit.
        let mut live = live();
        let pid = command.spawn()?.id() as i32;
        live.push(pid);
        note_group(pid, true);
        Child {
            pid,
            how: How::Direct,
            traced: false,
        }
    };
    #[cfg(target_os = "linux")]
    if linux_path {
        if let Err(e) = linux::limit_running(child.pid, limits) {
            let _ = child.reap_light(run);
            return Err(e);
        }
    }
    Ok(child)
}

/// How the program's own process ended, seen before it is reaped.
pub struct Exited {
    /// When it finished: its exit stop, or its exit where it is not traced.
    pub at: Instant,
    /// Its own high-water mark in KiB, where it could be read (Linux, traced).
    pub peak_kib: Option<u64>,
}

/// How a judged program ended, once reaped.
pub struct Reaped {
    /// Its wait status (the launcher's own where it left no report: killed with its group).
    pub status: ExitStatus,
    pub usage: Usage,
    /// From its spawn to its reap by the launcher, where it was launched.
    pub wall: Option<Duration>,
    /// Whether `usage.max_rss_kib` is the program's own (launched), not one that may
    /// include the tool's memory.
    pub own_rss: bool,
    /// Killed by the launcher at the wall-clock cap.
    pub killed: bool,
}

impl Child {
    /// Blocks until the program has exited, leaving it a zombie (so its pid and its process
    /// group id cannot be reused yet). Traced, signals it receives are passed on and stop
    /// signals are dropped (a judged program is never suspended).
    pub fn wait_exited(&self) -> io::Result<Exited> {
        #[cfg(target_os = "linux")]
        if self.traced {
            return trace_to_exit(self.pid);
        }
        sys::wait_exited(self.pid)?;
        Ok(Exited {
            at: Instant::now(),
            peak_kib: None,
        })
    }

    /// Kills the program's process group now (an error, such as an empty group, is ignored).
    pub fn kill_group(&self) {
        sys::kill(-self.pid, libc::SIGKILL);
    }

    /// Reaps the exited program. Then kills what is left of its processes ([`sweep`]).
    pub fn reap(self, run: &RunId) -> io::Result<Reaped> {
        self.kill_group();
        let reaped = sys::reap(self.pid);
        live().retain(|&p| p != self.pid);
        sweep(self.pid, run);
        note_group(self.pid, false);
        let (status, usage) = reaped?;
        let mut reaped = Reaped {
            status: ExitStatus::from_raw(status),
            usage,
            wall: None,
            own_rss: false,
            killed: false,
        };
        if let How::Launched(report) = &self.how {
            if let Some(report) = launch::read_report(report)? {
                reaped = Reaped {
                    status: ExitStatus::from_raw(report.status),
                    usage: report.usage,
                    wall: Some(report.wall),
                    own_rss: true,
                    killed: report.killed,
                };
            }
        }
        Ok(reaped)
    }

    /// Reaps a program spawned by [`spawn_light`]: its wait status. Its process group is
    /// killed; what is left of it (children orphaned by the kill) is swept only when the
    /// group is not empty, so a helper that starts no process costs no look through `/proc`.
    /// Processes that left the group (setsid) are not looked for.
    pub fn reap_light(self, run: &RunId) -> io::Result<ExitStatus> {
        self.kill_group();
        let reaped = sys::reap(self.pid);
        live().retain(|&p| p != self.pid);
        // Zombies count as members: an empty group has nothing left to reap.
        if sys::exists(-self.pid) {
            sweep(self.pid, run);
        }
        note_group(self.pid, false);
        reaped.map(|(status, _)| ExitStatus::from_raw(status))
    }

    /// Blocks until the program has exited or `deadline` has passed, whichever is first;
    /// returns whether it has exited (it is left a zombie, unreaped). `None` where there is
    /// no pidfd (before Linux 5.3, or on the portable path): the caller waits another way.
    pub fn exited_by(&self, deadline: Instant) -> Option<io::Result<bool>> {
        #[cfg(target_os = "linux")]
        if !portable() {
            let fd = linux::pidfd_open(self.pid).ok()?;
            return Some(linux::readable_by(&fd, deadline));
        }
        let _ = deadline;
        None
    }
}

/// Follows the traced program `pid` to its exit stop, where its own high-water mark is read;
/// leaves it a zombie.
#[cfg(target_os = "linux")]
fn trace_to_exit(pid: i32) -> io::Result<Exited> {
    let mut peak_kib = None;
    let mut at = None;
    let mut started = false;
    loop {
        let info = linux::wait_exited_or_stopped(pid)?;
        if info.code != libc::CLD_TRAPPED {
            return Ok(Exited {
                at: at.unwrap_or_else(Instant::now),
                peak_kib,
            });
        }
        // A ptrace stop's status is the signal, with the event in the next byte.
        let (signal, event) = (info.status & 0xff, (info.status >> 8) & 0xff);
        let mut deliver = signal;
        if !started && signal == libc::SIGTRAP {
            // The stop after execve: from here on, stop again at the exit.
            started = true;
            linux::trace_exits(pid)?;
            deliver = 0;
        } else if signal == libc::SIGTRAP && event == libc::PTRACE_EVENT_EXEC {
            // A later execve (`sh -c 'exec prog'`): the new image's mark starts there.
            deliver = 0;
        } else if signal == libc::SIGTRAP
            && (event == libc::PTRACE_EVENT_EXIT || linux::at_exit_event(pid))
        {
            at = Some(Instant::now());
            peak_kib = procfs::own_peak_kib(pid);
            deliver = 0;
        } else if [libc::SIGSTOP, libc::SIGTSTP, libc::SIGTTIN, libc::SIGTTOU].contains(&signal) {
            deliver = 0;
        }
        linux::resume(pid, deliver)?;
    }
}

/// The program's own peak memory in KiB now, where the system tells it (Linux's `/proc`).
pub fn own_peak_kib(pid: i32) -> Option<u64> {
    #[cfg(target_os = "linux")]
    if !portable() {
        return procfs::own_peak_kib(pid);
    }
    let _ = pid;
    None
}

/// Kills every process left of a run whose process group is `pgid`. On Linux's path, the
/// `/proc` sweep (also the run's escapees, through the marker). On the portable path,
/// the group alone: killed until it is empty, or for a few milliseconds where its killed
/// members stay zombies (a container's init that does not reap orphans). A process that left
/// the group (setsid) is not found there.
fn sweep(pgid: i32, run: &RunId) {
    #[cfg(target_os = "linux")]
    if !portable() {
        return procfs::sweep(pgid, run);
    }
    let _ = run;
    for _ in 0..10 {
        if !sys::exists(-pgid) {
            return;
        }
        sys::kill(-pgid, libc::SIGKILL);
        thread::sleep(Duration::from_millis(1));
    }
}
