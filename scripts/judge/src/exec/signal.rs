//! Names of signals, as a judge's message gives them: `SIGSEGV (segmentation fault)`. The
//! numbers are this system's (from `libc`): SIGTSTP is 20 on Linux, 18 on macOS.

/// `SIGSEGV (segmentation fault)` for SIGSEGV; `signal 77` for a number without a name.
pub fn describe(signal: i32) -> String {
    match name(signal) {
        Some((name, meaning)) => format!("{} ({})", name, meaning),
        None => format!("signal {}", signal),
    }
}

/// The signals every POSIX system has: number, name and meaning.
const COMMON: [(i32, &str, &str); 29] = [
    (libc::SIGHUP, "SIGHUP", "hangup"),
    (libc::SIGINT, "SIGINT", "interrupted"),
    (libc::SIGQUIT, "SIGQUIT", "quit"),
    (libc::SIGILL, "SIGILL", "illegal instruction"),
    (libc::SIGTRAP, "SIGTRAP", "trace trap"),
    (libc::SIGABRT, "SIGABRT", "aborted"),
    (libc::SIGBUS, "SIGBUS", "bus error"),
    (libc::SIGFPE, "SIGFPE", "arithmetic exception"),
    (libc::SIGKILL, "SIGKILL", "killed"),
    (libc::SIGUSR1, "SIGUSR1", "user signal 1"),
    (libc::SIGSEGV, "SIGSEGV", "segmentation fault"),
    (libc::SIGUSR2, "SIGUSR2", "user signal 2"),
    (libc::SIGPIPE, "SIGPIPE", "broken pipe"),
    (libc::SIGALRM, "SIGALRM", "alarm clock"),
    (libc::SIGTERM, "SIGTERM", "terminated"),
    (libc::SIGCHLD, "SIGCHLD", "child status changed"),
    (libc::SIGCONT, "SIGCONT", "continued"),
    (libc::SIGSTOP, "SIGSTOP", "stopped"),
    (libc::SIGTSTP, "SIGTSTP", "stopped at the terminal"),
    (libc::SIGTTIN, "SIGTTIN", "terminal input"),
    (libc::SIGTTOU, "SIGTTOU", "terminal output"),
    (libc::SIGURG, "SIGURG", "urgent socket condition"),
    (libc::SIGXCPU, "SIGXCPU", "CPU time limit exceeded"),
    (libc::SIGXFSZ, "SIGXFSZ", "file size limit exceeded"),
    (libc::SIGVTALRM, "SIGVTALRM", "virtual timer expired"),
    (libc::SIGPROF, "SIGPROF", "profiling timer expired"),
    (libc::SIGWINCH, "SIGWINCH", "window size changed"),
    (libc::SIGIO, "SIGIO", "I/O possible"),
    (libc::SIGSYS, "SIGSYS", "bad system call"),
];

/// The signals of this system only.
#[cfg(target_os = "linux")]
const OWN: [(i32, &str, &str); 2] = [
    (libc::SIGSTKFLT, "SIGSTKFLT", "stack fault"),
    (libc::SIGPWR, "SIGPWR", "power failure"),
];
#[cfg(not(target_os = "linux"))]
const OWN: [(i32, &str, &str); 2] = [
    (libc::SIGEMT, "SIGEMT", "emulator trap"),
    (libc::SIGINFO, "SIGINFO", "status request"),
];

/// The name and the meaning of a signal of this system.
pub fn name(signal: i32) -> Option<(&'static str, &'static str)> {
    COMMON
        .iter()
        .chain(OWN.iter())
        .find(|(number, _, _)| *number == signal)
        .map(|&(_, name, meaning)| (name, meaning))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_crashes_are_named() {
        assert_eq!(describe(libc::SIGSEGV), "SIGSEGV (segmentation fault)");
        assert_eq!(describe(libc::SIGABRT), "SIGABRT (aborted)");
        assert_eq!(describe(libc::SIGKILL), "SIGKILL (killed)");
        assert_eq!(describe(77), "signal 77");
    }

    #[test]
    fn numbers_are_this_systems() {
        let tstp = if cfg!(target_os = "linux") { 20 } else { 18 };
        assert_eq!(name(tstp), Some(("SIGTSTP", "stopped at the terminal")));
    }
}
