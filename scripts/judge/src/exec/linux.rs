//! Linux's system calls on top of the POSIX ones ([`crate::exec::sys`]), as safe functions
//! over the `libc` crate: `ptrace` (the program's exact high-water mark), `prctl` (the child
//! subreaper, death with the tool), `prlimit` (limits set on a spawned helper), `pidfd_open`
//! and `waitid` that sees ptrace stops.

// One of the two files of system calls: the crate denies unsafe code everywhere else.
#![allow(unsafe_code)]

use crate::exec::sys;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Makes the calling process a child subreaper: orphans of its descendants become its
/// children (and the sweep's to reap).
pub fn become_subreaper() {
    // SAFETY: prctl with integer arguments only.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong);
    }
}

/// Between fork and exec of `command`: the process dies with the tool (PR_SET_PDEATHSIG),
/// and unless `no_ptrace` is set (read in the child's copy of memory: the value at the fork)
/// asks to be traced (PTRACE_TRACEME), so that it stops after its `exec`.
pub fn trace_before_exec(command: &mut Command, no_ptrace: &'static AtomicBool) {
    // SAFETY: the closure runs between fork and exec and makes only async-signal-safe
    // system calls on integers; it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            let trace = !no_ptrace.load(Ordering::Relaxed);
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) != 0
                || (trace
                    && libc::ptrace(
                        libc::PTRACE_TRACEME,
                        0 as libc::pid_t,
                        std::ptr::null_mut::<libc::c_void>(),
                        std::ptr::null_mut::<libc::c_void>(),
                    ) != 0)
            {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// What `waitid` says of a child: `si_code` (CLD_*) and `si_status` (exit status, signal,
/// or for a ptrace stop the signal with the event in the next byte).
pub struct Waited {
    pub code: i32,
    pub status: i32,
}

/// Blocks until `pid` has exited (left a zombie, unreaped) or stopped under ptrace (left
/// stopped).
pub fn wait_exited_or_stopped(pid: i32) -> io::Result<Waited> {
    // SAFETY: siginfo_t is plain data; all zeroes is a valid value.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let options = libc::WEXITED | libc::WNOWAIT | libc::WSTOPPED;
    // SAFETY: `info` is a live siginfo_t.
    sys::retry(|| unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, options) })?;
    Ok(Waited {
        code: info.si_code,
        // SAFETY: waitid filled in a SIGCHLD's siginfo, whose status field is set.
        status: unsafe { info.si_status() },
    })
}

fn ptrace_result(r: libc::c_long) -> io::Result<()> {
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Asks a tracee stopped after its execve to stop again at its exit, and at a later execve
/// as an event (not as a SIGTRAP to deliver); the tracee dies with the tool.
pub fn trace_exits(pid: i32) -> io::Result<()> {
    let options = libc::PTRACE_O_TRACEEXIT | libc::PTRACE_O_TRACEEXEC | libc::PTRACE_O_EXITKILL;
    // SAFETY: ptrace on integers (the options are passed as the data word).
    ptrace_result(unsafe {
        libc::ptrace(
            libc::PTRACE_SETOPTIONS,
            pid,
            std::ptr::null_mut::<libc::c_void>(),
            options as usize as *mut libc::c_void,
        )
    })
}

/// Whether the tracee `pid`, in a SIGTRAP stop, is at its exit event.
pub fn at_exit_event(pid: i32) -> bool {
    // SAFETY: siginfo_t is plain data; all zeroes is a valid value.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is a live siginfo_t, which PTRACE_GETSIGINFO fills in.
    let r = unsafe {
        libc::ptrace(
            libc::PTRACE_GETSIGINFO,
            pid,
            std::ptr::null_mut::<libc::c_void>(),
            &mut info as *mut libc::siginfo_t,
        )
    };
    r == 0 && info.si_code == libc::SIGTRAP | (libc::PTRACE_EVENT_EXIT << 8)
}

/// Resumes a stopped tracee, delivering `signal` (0: none). A tracee that is gone already
/// (killed meanwhile) is no error: its exit is what the caller waits for next.
pub fn resume(pid: i32, signal: i32) -> io::Result<()> {
    // SAFETY: ptrace on integers (the signal is passed as the data word).
    let r = unsafe {
        libc::ptrace(
            libc::PTRACE_CONT,
            pid,
            std::ptr::null_mut::<libc::c_void>(),
            signal as usize as *mut libc::c_void,
        )
    };
    match ptrace_result(r) {
        Err(e) if e.raw_os_error() != Some(libc::ESRCH) => Err(e),
        _ => Ok(()),
    }
}

/// A file descriptor for `pid` that becomes readable when it exits (Linux 5.3).
pub fn pidfd_open(pid: i32) -> io::Result<OwnedFd> {
    // SAFETY: a system call on integers; the result is a new descriptor we own.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::c_long, 0 as libc::c_long) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` was just opened and nothing else owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

/// Whether `fd` (a pidfd) became readable by `deadline` (blocks until then at most).
pub fn readable_by(fd: &impl AsRawFd, deadline: Instant) -> io::Result<bool> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        // Rounded up, so that the wait never ends before the deadline.
        let ms = ((left.as_micros() + 999) / 1000).min(i32::MAX as u128) as i32;
        let mut poll_fd = libc::pollfd {
            fd: fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one live pollfd.
        let r = sys::retry(|| unsafe { libc::poll(&mut poll_fd, 1, ms) })?;
        if r > 0 {
            return Ok(true);
        }
        if Instant::now() >= deadline {
            return Ok(false);
        }
    }
}

/// Sets the output cap and the stack of the running process `pid` (soft and hard), as
/// [`sys::limit_before_exec`] does before an exec: a write past the cap fails from then on,
/// and the stack grows no further than the limit (where the program's memory was laid out at
/// its exec is not changed). A process gone already (a zombie) is no error.
pub fn limit_running(pid: i32, limits: sys::Limits) -> io::Result<()> {
    for (resource, bytes) in [
        (libc::RLIMIT_FSIZE, limits.output_cap),
        (libc::RLIMIT_STACK, limits.stack),
    ] {
        let mut old = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: a live local; a null new-limit pointer only reads.
        let mut r = unsafe { libc::prlimit(pid, resource, std::ptr::null(), &mut old) };
        if r == 0 {
            let bytes = bytes.min(old.rlim_max);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            // SAFETY: a live local; a null old-limit pointer is allowed.
            r = unsafe { libc::prlimit(pid, resource, &limit, std::ptr::null_mut()) };
        }
        let e = io::Error::last_os_error();
        if r != 0 && e.raw_os_error() != Some(libc::ESRCH) {
            return Err(e);
        }
    }
    Ok(())
}
