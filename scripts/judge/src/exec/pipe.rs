//! A closed stdout or stderr (`judge list | head -1`) ends the tool quietly, status 0.
//!
//! A write to a pipe whose reader is gone fails with EPIPE, and `println!` panics on that.
//! [`guard`] turns that panic, anywhere in the tool, into a quiet end, as a reader leaving
//! early ends `ripgrep`; writes that handle their own errors pass them through [`stdout`] for
//! the same end. No panic message, no backtrace.
//!
//! The panic is known by the error, not by its text: the kernel's SIGPIPE (noted, not
//! ignored: [`sys::note_broken_pipes`]) says a write failed with EPIPE, and `poll` says
//! whether that pipe is the tool's stdout or stderr.

use crate::exec::sys;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a stream was found closed: what panics after it are its consequences.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// The payload of the unwind [`stdout`] starts.
struct Closed;

/// Runs `main` and returns its exit status; 0 when stdout or stderr was found closed (the
/// reader left; nothing more can be said). Any other panic is reported as usual and goes on.
pub fn guard(main: impl FnOnce() -> i32) -> i32 {
    sys::note_broken_pipes();
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if a_stream_closed() {
            CLOSED.store(true, Ordering::SeqCst);
        }
        if !CLOSED.load(Ordering::SeqCst) {
            report(info);
        }
    }));
    match panic::catch_unwind(AssertUnwindSafe(main)) {
        Ok(code) => code,
        Err(_) if CLOSED.load(Ordering::SeqCst) => 0,
        Err(payload) => panic::resume_unwind(payload),
    }
}

/// `result` of a write to stdout: a closed stdout ends the tool quietly (in [`guard`]);
/// anything else is passed on.
pub fn stdout<T>(result: io::Result<T>) -> io::Result<T> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::SeqCst);
            // Unwinds without the panic hook: nothing is printed.
            panic::resume_unwind(Box::new(Closed))
        }
        other => other,
    }
}

/// Whether a write failed on a pipe without a reader, and stdout or stderr is such a pipe
/// (or a stream closed otherwise: a socket shut down, a terminal hung up).
fn a_stream_closed() -> bool {
    sys::a_pipe_broke() && (sys::is_closed(1) || sys::is_closed(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;
    use std::os::fd::AsRawFd;
    use std::process::{Command, Stdio};

    #[test]
    fn a_pipe_without_a_reader_is_closed_and_a_file_is_not() {
        let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
        let end = reader.stdin.take().unwrap();
        reader.wait().unwrap();
        assert!(sys::is_closed(end.as_raw_fd()));
        let mut open = Command::new("sleep")
            .arg("10")
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        assert!(!sys::is_closed(open.stdin.as_ref().unwrap().as_raw_fd()));
        let _ = open.kill();
        let _ = open.wait();
        let file = File::open("/dev/null").unwrap();
        assert!(!sys::is_closed(file.as_raw_fd()));
    }
}
