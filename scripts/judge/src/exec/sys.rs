//! The POSIX system calls of the runner that std does not expose, as safe functions over the
//! `libc` crate (its constants and struct layouts are each target's own): `wait4`, `waitid`,
//! `kill`, `setrlimit` before an `exec`, `sigaction`, `poll`. The same on Linux and macOS;
//! Linux's extras are in [`crate::exec::linux`].

// One of the two files of system calls: the crate denies unsafe code everywhere else.
#![allow(unsafe_code)]

use std::convert::TryFrom;
use std::io;
use std::os::fd::RawFd;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What `wait4` reports about a reaped child.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// User plus system time.
    pub cpu: Duration,
    /// `ru_maxrss` in KiB (Linux reports KiB, macOS bytes).
    pub max_rss_kib: u64,
}

/// Calls `call` again while it fails with EINTR.
pub fn retry<F: FnMut() -> libc::c_int>(mut call: F) -> io::Result<libc::c_int> {
    loop {
        let r = call();
        if r >= 0 {
            return Ok(r);
        }
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINTR) {
            return Err(e);
        }
    }
}

/// Reaps `pid` (blocking): its raw wait status and usage.
pub fn reap(pid: i32) -> io::Result<(i32, Usage)> {
    let mut status = 0;
    // SAFETY: rusage is plain data; all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are to live, properly typed locals.
    retry(|| unsafe { libc::wait4(pid, &mut status, 0, &mut usage) })?;
    // Negative fields (never seen) count as 0; tv_usec is an i32 on macOS, an i64 on Linux.
    let micros = |t: libc::timeval| {
        u64::try_from(t.tv_sec).unwrap_or(0) * 1_000_000 + u64::try_from(t.tv_usec).unwrap_or(0)
    };
    let max_rss = u64::try_from(usage.ru_maxrss).unwrap_or(0);
    // macOS counts ru_maxrss in bytes, Linux in KiB.
    let max_rss_kib = if cfg!(target_vendor = "apple") {
        max_rss / 1024
    } else {
        max_rss
    };
    Ok((
        status,
        Usage {
            cpu: Duration::from_micros(micros(usage.ru_utime) + micros(usage.ru_stime)),
            max_rss_kib,
        },
    ))
}

/// Reaps `pid` if it is a zombie child; never blocks. (Linux's sweep reaps orphans.)
#[cfg(target_os = "linux")]
pub fn reap_now(pid: i32) {
    let mut status = 0;
    // SAFETY: a live local; a null rusage pointer is allowed.
    unsafe {
        libc::wait4(pid, &mut status, libc::WNOHANG, std::ptr::null_mut());
    }
}

/// Blocks until the child `pid` has exited, leaving it a zombie (unreaped): its pid and its
/// process group id cannot be reused until it is reaped.
pub fn wait_exited(pid: i32) -> io::Result<()> {
    // SAFETY: siginfo_t is plain data; all zeroes is a valid value.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let options = libc::WEXITED | libc::WNOWAIT;
    // SAFETY: `info` is a live siginfo_t.
    retry(|| unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, options) })?;
    Ok(())
}

/// `kill(2)`: whether the signal could be sent (to a process, or to a group as `-pgid`).
pub fn kill(pid: i32, signal: i32) -> bool {
    // SAFETY: a plain system call on integers; async-signal-safe.
    unsafe { libc::kill(pid, signal) == 0 }
}

/// Whether the process (or, as `-pgid`, the process group) exists: zombies count.
pub fn exists(pid: i32) -> bool {
    kill(pid, 0) || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// What a spawned program may use, set on it before its `exec`.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// RLIMIT_FSIZE: bytes each file it writes may reach (a write past it fails with
    /// SIGXFSZ).
    pub output_cap: u64,
    /// RLIMIT_STACK: the main thread's stack, bytes (taken at `exec`). Never above the hard
    /// limit the tool has (on macOS 64 MiB): it is lowered to it.
    pub stack: u64,
}

/// Sets `limits` on `command`'s process between its fork and its exec, soft and hard alike
/// (the program cannot raise them, and the shell's `ulimit` does not show through).
pub fn limit_before_exec(command: &mut Command, limits: Limits) {
    // SAFETY: the closure runs between fork and exec and makes only async-signal-safe
    // system calls (getrlimit, setrlimit) on values copied in; it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            set_limit(libc::RLIMIT_FSIZE, limits.output_cap)?;
            set_limit(libc::RLIMIT_STACK, limits.stack)
        });
    }
}

/// The hard limit of this process's stack (RLIMIT_STACK) in bytes: what a program it spawns
/// can get at most. `None` where unlimited or unknown.
pub fn hard_stack_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a live local.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } != 0 {
        return None;
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on the targets built here, not all
    (limit.rlim_max != libc::RLIM_INFINITY).then_some(limit.rlim_max as u64)
}

/// The type of a resource's number: glibc has its own.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Resource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
type Resource = libc::c_int;

/// Sets the resource limit of the calling process to `value` (soft and hard), or to its hard
/// limit where that is lower. Async-signal-safe.
fn set_limit(resource: Resource, value: u64) -> io::Result<()> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a live local.
    if unsafe { libc::getrlimit(resource, &mut limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let value = (value as libc::rlim_t).min(limit.rlim_max);
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: `limit` is a live local.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Installs `handler` for each of `signals` with `sigaction` (system calls interrupted by it
/// are restarted).
pub fn on_signals(signals: &[i32], handler: extern "C" fn(i32)) {
    for &signal in signals {
        // SAFETY: sigaction is plain data; all zeroes is a valid value, then filled in.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        action.sa_sigaction = handler as libc::sighandler_t;
        action.sa_flags = libc::SA_RESTART;
        // SAFETY: `action` is live; the handler is an `extern "C" fn(i32)` whose body its
        // caller keeps async-signal-safe; a null old action is allowed.
        unsafe {
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// Ends the process by `signal`'s default action: for a handler that has done its part.
/// Async-signal-safe.
pub fn die_of(signal: i32) {
    // SAFETY: sigaction is plain data; all zeroes is a valid value (SIG_DFL, no flags).
    let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
    action.sa_sigaction = libc::SIG_DFL;
    // SAFETY: sigaction and raise are async-signal-safe; `action` is live.
    unsafe {
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(signal, &action, std::ptr::null_mut());
        libc::raise(signal);
    }
}

/// Set by the SIGPIPE handler: a write to a pipe failed with EPIPE.
static BROKEN_PIPE: AtomicBool = AtomicBool::new(false);

extern "C" fn on_broken_pipe(_: i32) {
    BROKEN_PIPE.store(true, Ordering::SeqCst);
}

/// Notes every write to a pipe without a reader (the kernel's SIGPIPE, which Rust ignores
/// by default) instead of ignoring it; the write itself still fails with EPIPE. Programs the
/// tool spawns start with SIGPIPE at its default (a handler does not survive `exec`).
pub fn note_broken_pipes() {
    on_signals(&[libc::SIGPIPE], on_broken_pipe);
}

/// Whether a write to a pipe without a reader failed since [`note_broken_pipes`].
pub fn a_pipe_broke() -> bool {
    BROKEN_PIPE.load(Ordering::SeqCst)
}

/// Whether `fd` is a stream whose other end is gone: a pipe without a reader, a socket shut
/// down, a terminal hung up (poll's POLLERR or POLLHUP). A file never is.
pub fn is_closed(fd: RawFd) -> bool {
    let mut poll_fd = libc::pollfd {
        fd,
        events: libc::POLLOUT,
        revents: 0,
    };
    // SAFETY: one live pollfd; a zero timeout never blocks.
    let r = unsafe { libc::poll(&mut poll_fd, 1, 0) };
    r > 0 && poll_fd.revents & (libc::POLLERR | libc::POLLHUP) != 0
}
