//! Names of Linux signals, as a judge's message gives them: `SIGSEGV (segmentation fault)`.

/// `SIGSEGV (segmentation fault)` for 11; `signal 77` for a number without a name.
pub fn describe(signal: i32) -> String {
    match name(signal) {
        Some((name, meaning)) => format!("{} ({})", name, meaning),
        None => format!("signal {}", signal),
    }
}

/// The name and the meaning of a signal of Linux (x86_64 and aarch64 number them alike).
pub fn name(signal: i32) -> Option<(&'static str, &'static str)> {
    Some(match signal {
        1 => ("SIGHUP", "hangup"),
        2 => ("SIGINT", "interrupted"),
        3 => ("SIGQUIT", "quit"),
        4 => ("SIGILL", "illegal instruction"),
        5 => ("SIGTRAP", "trace trap"),
        6 => ("SIGABRT", "aborted"),
        7 => ("SIGBUS", "bus error"),
        8 => ("SIGFPE", "arithmetic exception"),
        9 => ("SIGKILL", "killed"),
        10 => ("SIGUSR1", "user signal 1"),
        11 => ("SIGSEGV", "segmentation fault"),
        12 => ("SIGUSR2", "user signal 2"),
        13 => ("SIGPIPE", "broken pipe"),
        14 => ("SIGALRM", "alarm clock"),
        15 => ("SIGTERM", "terminated"),
        16 => ("SIGSTKFLT", "stack fault"),
        17 => ("SIGCHLD", "child status changed"),
        18 => ("SIGCONT", "continued"),
        19 => ("SIGSTOP", "stopped"),
        20 => ("SIGTSTP", "stopped at the terminal"),
        21 => ("SIGTTIN", "terminal input"),
        22 => ("SIGTTOU", "terminal output"),
        23 => ("SIGURG", "urgent socket condition"),
        24 => ("SIGXCPU", "CPU time limit exceeded"),
        25 => ("SIGXFSZ", "file size limit exceeded"),
        26 => ("SIGVTALRM", "virtual timer expired"),
        27 => ("SIGPROF", "profiling timer expired"),
        28 => ("SIGWINCH", "window size changed"),
        29 => ("SIGIO", "I/O possible"),
        30 => ("SIGPWR", "power failure"),
        31 => ("SIGSYS", "bad system call"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_crashes_are_named() {
        assert_eq!(describe(11), "SIGSEGV (segmentation fault)");
        assert_eq!(describe(6), "SIGABRT (aborted)");
        assert_eq!(describe(9), "SIGKILL (killed)");
        assert_eq!(describe(64), "signal 64");
    }
}
