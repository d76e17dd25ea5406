//! Keeping a submission's processes in hand on Linux: its own process group, an output cap,
//! its own memory high-water mark, and no process of it left once its run is over.
//!
//! ```text
//!  tool (child subreaper)
//!   `- program       own process group; RLIMIT_FSIZE = the output cap; traced (PTRACE_TRACEME)
//!       |- child     same group: killed with the group
//!       `- escapee   left the group (setsid): reparented to the tool when its parent dies,
//!                    found by JUDGE_RUN=<tool pid>.<run> in its environment, killed
//! ```
//!
//! Memory: the kernel's `ru_maxrss` of a child starts from the parent's memory (a forked
//! copy's resident set, or the parent's own high-water mark when the spawn shares its memory,
//! as `posix_spawn` does), so it grows with what the tool holds. The program's own image
//! starts with a fresh address space at `execve`; its high-water mark (`VmHWM`) is read from
//! `/proc/<pid>/status` at the ptrace exit stop, while that address space still exists (a
//! zombie has none). Where ptrace is refused, `ru_maxrss` is the fallback.
//!
//! The tool's own helpers (a generator, a reference) are spawned light ([`spawn_light`]):
//! their own process group, the output cap and the marker, but not traced and spawned
//! without a copy of the tool's memory; their group is swept only when not empty.

// The tool's one place of system calls: the crate denies unsafe code everywhere else.
#![allow(unsafe_code)]

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, Once};
use std::thread;
use std::time::{Duration, Instant};

/// The environment variable that marks every process of one run (inherited by its
/// descendants), so that one that left the process group is still known.
pub const MARKER: &str = "JUDGE_RUN";

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

fn live() -> MutexGuard<'static, Vec<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The process groups of the runs going on, for the interrupt handler (a signal handler may
/// not take a lock). More runs at once than slots: the others rely on PR_SET_PDEATHSIG.
static GROUPS: [AtomicI32; 16] = [NO_GROUP; 16];
#[allow(clippy::declare_interior_mutable_const)] // only to build GROUPS
const NO_GROUP: AtomicI32 = AtomicI32::new(0);

/// On SIGINT, SIGTERM or SIGHUP the tool kills every run's process group (they are not the
/// terminal's foreground group, so Ctrl-C never reaches them), then dies of the signal.
fn kill_runs_on_interrupt() {
    extern "C" fn on_signal(signal: i32) {
        for g in &GROUPS {
            let pgid = g.load(Ordering::SeqCst);
            if pgid > 0 {
                sys::kill(-pgid, sys::SIGKILL);
            }
        }
        // SAFETY: signal and raise are async-signal-safe; the default action ends the tool.
        unsafe {
            sys::signal(signal, sys::SIG_DFL);
            sys::raise(signal);
        }
    }
    for signal in [sys::SIGINT, sys::SIGTERM, sys::SIGHUP] {
        // SAFETY: the handler only makes async-signal-safe calls and reads atomics.
        unsafe {
            sys::signal(signal, on_signal as extern "C" fn(i32) as usize);
        }
    }
}

/// Notes (`running`) or forgets a run's process group for [`kill_runs_on_interrupt`].
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

/// A spawned program under supervision.
pub struct Child {
    pub pid: i32,
    /// Stopped at its exit by ptrace, so its own high-water mark can be read.
    traced: bool,
}

/// Spawns `command` for one of the tool's own helpers (a generator, a reference), whose
/// time and memory are not measured: its own process group, marked with `run`, files it
/// writes capped at `cap_bytes`. Not traced, and nothing runs between fork and exec, so std
/// spawns it without copying the tool's memory (`posix_spawn`); the cap is set on it just
/// after (a write past it fails from then on). Unlike [`spawn`], it outlives a tool killed
/// by SIGKILL (SIGINT, SIGTERM and SIGHUP still kill its group). Reap it with
/// [`Child::reap_light`].
pub fn spawn_light(command: &mut Command, cap_bytes: u64, run: &RunId) -> io::Result<Child> {
    become_subreaper();
    command.process_group(0).env(MARKER, run.as_str());
    let child = {
        // Registered under the lock, before any sweep can see it exit.
        let mut live = live();
        let pid = command.spawn()?.id() as i32;
        live.push(pid);
        note_group(pid, true);
        Child { pid, traced: false }
    };
    if let Err(e) = sys::cap_files(child.pid, cap_bytes) {
        let _ = child.reap_light(run);
        return Err(e);
    }
    Ok(child)
}

/// Makes the tool a child subreaper and sets up the interrupt handler, once.
fn become_subreaper() {
    static SUBREAPER: Once = Once::new();
    SUBREAPER.call_once(|| {
        // SAFETY: prctl with integer arguments only.
        unsafe {
            sys::prctl(sys::PR_SET_CHILD_SUBREAPER, 1u64, 0u64, 0u64, 0u64);
        }
        kill_runs_on_interrupt();
    });
}

/// Spawns `command` as a supervised program: its own process group, files it writes capped
/// at `cap_bytes` (a write past it fails and raises SIGXFSZ), killed if the tool dies, marked
/// with `run`, traced where ptrace is allowed. The first spawn makes the tool a child
/// subreaper.
pub fn spawn(command: &mut Command, cap_bytes: u64, run: &RunId) -> io::Result<Child> {
    become_subreaper();
    command.process_group(0).env(MARKER, run.as_str());
    let limit = [cap_bytes, cap_bytes];
    // SAFETY: the closure runs between fork and exec and makes only async-signal-safe
    // system calls on values copied in; it allocates nothing. It reads NO_PTRACE from the
    // child's copy of memory: the value at the fork.
    unsafe {
        command.pre_exec(move || {
            let trace = !NO_PTRACE.load(Ordering::Relaxed);
            if sys::setrlimit(sys::RLIMIT_FSIZE, &limit) != 0
                || sys::prctl(sys::PR_SET_PDEATHSIG, sys::SIGKILL as u64, 0u64, 0u64, 0u64) != 0
                || (trace && sys::ptrace(sys::PTRACE_TRACEME, 0i32, 0usize, 0usize) != 0)
            {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
    loop {
        let trace = !NO_PTRACE.load(Ordering::Relaxed);
        // Registered under the lock, before any sweep can see it exit.
        let mut live = live();
        match command.spawn() {
            Ok(child) => {
                let pid = child.id() as i32;
                live.push(pid);
                note_group(pid, true);
                return Ok(Child { pid, traced: trace });
            }
            Err(e) if trace && e.raw_os_error() == Some(sys::EPERM) => {
                NO_PTRACE.store(true, Ordering::Relaxed)
            }
            Err(e) => return Err(e),
        }
    }
}

/// How the program's own process ended, seen before it is reaped.
pub struct Exited {
    /// When it finished: its exit stop, or its exit where it is not traced.
    pub at: Instant,
    /// Its own high-water mark in KiB, where it could be read.
    pub peak_kib: Option<u64>,
}

impl Child {
    /// Blocks until the program has exited, leaving it a zombie (so its pid and its process
    /// group id cannot be reused yet). Signals it receives are passed on; stop signals are
    /// dropped (a judged program is never suspended).
    pub fn wait_exited(&self) -> io::Result<Exited> {
        let mut peak_kib = None;
        let mut at = None;
        let mut started = false;
        loop {
            let info = sys::waitid_nowait(self.pid, self.traced)?;
            if info.code != sys::CLD_TRAPPED {
                return Ok(Exited {
                    at: at.unwrap_or_else(Instant::now),
                    peak_kib,
                });
            }
            // A ptrace stop's status is the signal, with the event in the next byte.
            let (signal, event) = (info.status & 0xff, (info.status >> 8) & 0xff);
            let mut deliver = signal;
            if !started && signal == sys::SIGTRAP {
                // The stop after execve: from here on, stop again at the exit.
                started = true;
                sys::trace_exits(self.pid)?;
                deliver = 0;
            } else if signal == sys::SIGTRAP && event == sys::PTRACE_EVENT_EXEC {
                // A later execve (`sh -c 'exec prog'`): the new image's mark starts there.
                deliver = 0;
            } else if signal == sys::SIGTRAP
                && (event == sys::PTRACE_EVENT_EXIT || sys::at_exit_event(self.pid))
            {
                at = Some(Instant::now());
                peak_kib = own_peak_kib(self.pid);
                deliver = 0;
            } else if matches!(
                signal,
                sys::SIGSTOP | sys::SIGTSTP | sys::SIGTTIN | sys::SIGTTOU
            ) {
                deliver = 0;
            }
            sys::resume(self.pid, deliver)?;
        }
    }

    /// Kills the program's process group now (an error, such as an empty group, is ignored).
    pub fn kill_group(&self) {
        sys::kill(-self.pid, sys::SIGKILL);
    }

    /// Reaps the exited program: its raw wait status and usage. Then kills what is left of
    /// its processes, in its group or out of it ([`sweep`]).
    pub fn reap(self, run: &RunId) -> io::Result<(i32, sys::Usage)> {
        self.kill_group();
        let reaped = sys::reap(self.pid);
        live().retain(|&p| p != self.pid);
        sweep(self.pid, run);
        note_group(self.pid, false);
        reaped
    }
}

impl Child {
    /// Reaps a program spawned by [`spawn_light`]: its raw wait status. Its process group is
    /// killed; what is left of it (children orphaned by the kill) is swept only when the
    /// group is not empty, so a helper that starts no process costs no look through `/proc`.
    /// Processes that left the group (setsid) are not looked for.
    pub fn reap_light(self, run: &RunId) -> io::Result<i32> {
        self.kill_group();
        let reaped = sys::reap(self.pid);
        live().retain(|&p| p != self.pid);
        // Zombies count as members: an empty group has nothing left to reap.
        if sys::kill(-self.pid, 0) == 0 {
            sweep(self.pid, run);
        }
        note_group(self.pid, false);
        reaped.map(|(status, _)| status)
    }

    /// Blocks until the program has exited or `deadline` has passed, whichever is first;
    /// returns whether it has exited (it is left a zombie, unreaped). `None` where the
    /// kernel has no pidfd (before Linux 5.3): the caller waits another way.
    pub fn exited_by(&self, deadline: Instant) -> Option<io::Result<bool>> {
        let fd = sys::pidfd_open(self.pid).ok()?;
        Some(sys::readable_by(&fd, deadline))
    }
}

/// The high-water mark of resident memory of `pid`'s current image (`VmHWM`), in KiB.
pub fn own_peak_kib(pid: i32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{}/status", pid)).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()
}

/// One line of `/proc/<pid>/stat`: what a sweep needs.
struct Stat {
    pid: i32,
    state: char,
    ppid: i32,
    pgrp: i32,
}

fn stat_of(pid: i32) -> Option<Stat> {
    // One read into a buffer on the stack: the fields wanted come first (a sweep reads the
    // line of every process on the machine).
    let mut buf = [0u8; 1024];
    let mut file = File::open(format!("/proc/{}/stat", pid)).ok()?;
    let n = file.read(&mut buf).ok()?;
    let text = std::str::from_utf8(&buf[..n]).ok()?;
    // `pid (comm) state ppid pgrp ...`: comm may hold spaces and parentheses.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    let pgrp = fields.next()?.parse().ok()?;
    Some(Stat {
        pid,
        state,
        ppid,
        pgrp,
    })
}

fn marked(pid: i32, run: &RunId) -> bool {
    let wanted = format!("{}={}", MARKER, run.as_str());
    fs::read(format!("/proc/{}/environ", pid))
        .map(|env| env.split(|&b| b == 0).any(|v| v == wanted.as_bytes()))
        .unwrap_or(false)
}

/// Kills and reaps every process left of a run: the members of its process group `pgid`,
/// and the tool's own children (orphans handed to it as subreaper) that carry the run's
/// marker or belong to that group. Repeats until the group is empty and no such child is
/// left, so that grandchildren orphaned by a kill are caught too; gives up after two seconds
/// (a process in uninterruptible sleep). A process that left the group and exited on its
/// own before the sweep saw it cannot be told from another child of the tool: it stays a
/// zombie (it runs nothing) until the tool ends.
fn sweep(pgid: i32, run: &RunId) {
    let me = std::process::id() as i32;
    let give_up = Instant::now() + Duration::from_secs(2);
    let mut killed: HashSet<i32> = HashSet::new();
    loop {
        sys::kill(-pgid, sys::SIGKILL);
        let mut found = false;
        for pid in proc_pids() {
            // Only the tool's children are looked at twice: the rest are not read under the
            // lock, which other runs' spawns wait for.
            if stat_of(pid).map_or(true, |s| s.ppid != me) {
                continue;
            }
            // Read again under the lock: a child spawned since is in `live` by now.
            let live = live();
            let Some(s) = stat_of(pid) else { continue };
            if s.ppid != me || live.contains(&s.pid) {
                continue;
            }
            let ours = s.pgrp == pgid || killed.contains(&s.pid);
            if s.state == 'Z' {
                // A zombie's environment is gone: only one known to be the run's is reaped
                // (another may be a child the tool waits for elsewhere).
                if ours {
                    sys::reap_now(s.pid);
                    found = true;
                }
            } else if ours || marked(s.pid, run) {
                sys::kill(s.pid, sys::SIGKILL);
                killed.insert(s.pid);
                found = true;
            }
        }
        let group_left = sys::kill(-pgid, 0) == 0;
        if (!found && !group_left) || Instant::now() > give_up {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

fn proc_pids() -> Vec<i32> {
    fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .filter_map(|e| e.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The system calls of Linux that std does not expose: `waitid`, `wait4`, `kill`, `ptrace`,
/// `prctl`, `setrlimit`.
pub mod sys {
    use std::io;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::time::{Duration, Instant};

    /// `struct rusage` of Linux (x86_64 and aarch64 alike: two timevals, then 14 longs).
    #[repr(C)]
    struct Rusage {
        utime: [i64; 2],
        stime: [i64; 2],
        maxrss: i64,
        rest: [i64; 13],
    }

    #[repr(C)]
    struct PollFd {
        fd: i32,
        events: i16,
        revents: i16,
    }

    extern "C" {
        fn syscall(number: i64, ...) -> i64;
        fn poll(fds: *mut PollFd, count: u64, timeout_ms: i32) -> i32;
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
        fn waitid(idtype: i32, id: u32, info: *mut [i32; 32], options: i32) -> i32;
        #[link_name = "kill"]
        fn kill_raw(pid: i32, signal: i32) -> i32;
        pub(super) fn ptrace(request: i32, ...) -> i64;
        pub(super) fn prctl(option: i32, ...) -> i32;
        pub(super) fn setrlimit(resource: i32, limit: *const [u64; 2]) -> i32;
        fn prlimit(pid: i32, resource: i32, new: *const [u64; 2], old: *mut [u64; 2]) -> i32;
        pub(super) fn signal(signal: i32, handler: usize) -> usize;
        pub(super) fn raise(signal: i32) -> i32;
    }

    pub const SIGHUP: i32 = 1;
    pub const SIGINT: i32 = 2;
    pub const SIGTERM: i32 = 15;
    pub const SIG_DFL: usize = 0;

    pub const SIGKILL: i32 = 9;
    pub const SIGTRAP: i32 = 5;
    pub const SIGSTOP: i32 = 19;
    pub const SIGTSTP: i32 = 20;
    pub const SIGTTIN: i32 = 21;
    pub const SIGTTOU: i32 = 22;
    pub const EPERM: i32 = 1;
    const EINTR: i32 = 4;
    const ESRCH: i32 = 3;
    pub const RLIMIT_FSIZE: i32 = 1;
    pub const PR_SET_PDEATHSIG: i32 = 1;
    pub const PR_SET_CHILD_SUBREAPER: i32 = 36;
    pub const PTRACE_TRACEME: i32 = 0;
    const PTRACE_CONT: i32 = 7;
    const PTRACE_SETOPTIONS: i32 = 0x4200;
    const PTRACE_GETSIGINFO: i32 = 0x4202;
    const PTRACE_O_TRACEEXEC: usize = 0x10;
    const PTRACE_O_TRACEEXIT: usize = 0x40;
    const PTRACE_O_EXITKILL: usize = 0x10_0000;
    pub const PTRACE_EVENT_EXEC: i32 = 4;
    pub const PTRACE_EVENT_EXIT: i32 = 6;
    const P_PID: i32 = 1;
    const WNOHANG: i32 = 1;
    const WSTOPPED: i32 = 2;
    const WEXITED: i32 = 4;
    const WNOWAIT: i32 = 0x0100_0000;
    pub const CLD_TRAPPED: i32 = 4;

    /// What `wait4` reports about a reaped child.
    pub struct Usage {
        /// User plus system time.
        pub cpu: Duration,
        pub max_rss_kib: u64,
    }

    /// What `waitid` says of a child: `si_code` (CLD_*) and `si_status` (exit status or
    /// signal).
    pub struct Waited {
        pub code: i32,
        pub status: i32,
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

    /// Blocks until `pid` has exited (left a zombie, unreaped) or, when `stops`, stopped
    /// under ptrace (left stopped).
    pub fn waitid_nowait(pid: i32, stops: bool) -> io::Result<Waited> {
        // siginfo_t: signo, errno, code, padding, then pid, uid, status (64-bit layout).
        let mut info = [0i32; 32];
        let options = WEXITED | WNOWAIT | if stops { WSTOPPED } else { 0 };
        // SAFETY: `info` is a live, 128-byte buffer: the size of siginfo_t.
        retry(|| unsafe { waitid(P_PID, pid as u32, &mut info, options) })?;
        Ok(Waited {
            code: info[2],
            status: info[6],
        })
    }

    /// Asks a tracee stopped after its execve to stop again at its exit, and at a later
    /// execve as an event (not as a SIGTRAP to deliver); the tracee dies with the tool.
    pub fn trace_exits(pid: i32) -> io::Result<()> {
        // SAFETY: ptrace on integers.
        let r = unsafe {
            ptrace(
                PTRACE_SETOPTIONS,
                pid,
                0usize,
                PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL,
            )
        };
        if r != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    /// Whether the tracee `pid`, in a SIGTRAP stop, is at its exit event.
    pub fn at_exit_event(pid: i32) -> bool {
        let mut info = [0i32; 32];
        // SAFETY: `info` is a live, 128-byte buffer: the size of siginfo_t.
        let r = unsafe { ptrace(PTRACE_GETSIGINFO, pid, 0usize, info.as_mut_ptr()) };
        r == 0 && info[2] == SIGTRAP | (PTRACE_EVENT_EXIT << 8)
    }

    /// Resumes a stopped tracee, delivering `signal` (0: none). A tracee that is gone
    /// already (killed meanwhile) is no error: its exit is what the caller waits for next.
    pub fn resume(pid: i32, signal: i32) -> io::Result<()> {
        // SAFETY: ptrace on integers.
        let r = unsafe { ptrace(PTRACE_CONT, pid, 0usize, signal as usize) };
        let e = io::Error::last_os_error();
        if r != 0 && e.raw_os_error() != Some(ESRCH) {
            return Err(e);
        }
        Ok(())
    }

    /// `pidfd_open(2)`'s number: the same on every architecture (the common table).
    const SYS_PIDFD_OPEN: i64 = 434;
    const POLLIN: i16 = 1;

    /// A file descriptor for `pid` that becomes readable when it exits (Linux 5.3).
    pub fn pidfd_open(pid: i32) -> io::Result<OwnedFd> {
        // SAFETY: a system call on integers; the result is a new descriptor we own.
        let fd = unsafe { syscall(SYS_PIDFD_OPEN, pid as i64, 0i64) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `fd` was just opened and nothing else owns it.
        Ok(unsafe { OwnedFd::from_raw_fd(fd as i32) })
    }

    /// Whether `fd` became readable by `deadline` (blocks until then at most).
    pub fn readable_by(fd: &OwnedFd, deadline: Instant) -> io::Result<bool> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            // Rounded up, so that the wait never ends before the deadline.
            let ms = ((left.as_micros() + 999) / 1000).min(i32::MAX as u128) as i32;
            let mut poll_fd = PollFd {
                fd: fd.as_raw_fd(),
                events: POLLIN,
                revents: 0,
            };
            // SAFETY: one live PollFd.
            let r = retry(|| unsafe { poll(&mut poll_fd, 1, ms) })?;
            if r > 0 {
                return Ok(true);
            }
            if Instant::now() >= deadline {
                return Ok(false);
            }
        }
    }

    /// Caps the files `pid` writes at `bytes` (RLIMIT_FSIZE). A process gone already (a
    /// zombie) is no error.
    pub fn cap_files(pid: i32, bytes: u64) -> io::Result<()> {
        let limit = [bytes, bytes];
        // SAFETY: `limit` is a live local; a null old-limit pointer is allowed.
        let r = unsafe { prlimit(pid, RLIMIT_FSIZE, &limit, std::ptr::null_mut()) };
        let e = io::Error::last_os_error();
        if r != 0 && e.raw_os_error() != Some(ESRCH) {
            return Err(e);
        }
        Ok(())
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

    /// Reaps `pid` if it is a zombie child; never blocks.
    pub fn reap_now(pid: i32) {
        let mut status = 0;
        // SAFETY: a live local; a null rusage pointer is allowed.
        unsafe {
            wait4(pid, &mut status, WNOHANG, std::ptr::null_mut());
        }
    }

    /// `kill(2)`: 0 when the signal could be sent (to a process, or to a group as `-pgid`).
    pub fn kill(pid: i32, signal: i32) -> i32 {
        // SAFETY: a plain system call on integers.
        unsafe { kill_raw(pid, signal) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_peak_of_this_process_is_read() {
        let kib = own_peak_kib(std::process::id() as i32).unwrap();
        assert!(kib > 100, "{} KiB", kib);
    }

    #[test]
    fn a_stat_line_with_spaces_in_the_name_is_read() {
        let me = stat_of(std::process::id() as i32).unwrap();
        assert_eq!(me.ppid, std::os::unix::process::parent_id() as i32);
        assert!("RS".contains(me.state), "{}", me.state);
        assert!(me.pgrp > 0);
    }
}
