//! A closed stdout or stderr (`judge list | head -1`) ends the tool quietly, status 0.
//!
//! Rust ignores SIGPIPE, so a write to a pipe whose reader is gone fails with EPIPE, and
//! `println!` panics on that. [`guard`] turns that panic, anywhere in the tool, into a quiet
//! end, as a reader leaving early ends `ripgrep`; writes that handle their own errors pass
//! them through [`stdout`] for the same end. No panic message, no backtrace.

use std::any::Any;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a stream was found closed: what panics after it are its consequences.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// EPIPE on Linux, every architecture.
const EPIPE: i32 = 32;

/// The payload of the unwind [`stdout`] starts.
struct Closed;

/// Runs `main` and returns its exit status; 0 when stdout or stderr was found closed (the
/// reader left; nothing more can be said). Any other panic is reported as usual and goes on.
pub fn guard(main: impl FnOnce() -> i32) -> i32 {
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if is_closed_stream(info.payload()) {
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

/// Whether a panic's payload is std's `print!` failing on a closed stdout or stderr.
fn is_closed_stream(payload: &(dyn Any + Send)) -> bool {
    let message = match payload.downcast_ref::<String>() {
        Some(s) => s.as_str(),
        None => match payload.downcast_ref::<&str>() {
            Some(s) => s,
            None => return false,
        },
    };
    let epipe = io::Error::from_raw_os_error(EPIPE);
    ["stdout", "stderr"]
        .iter()
        .any(|stream| message == format!("failed printing to {}: {}", stream, epipe))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_print_to_a_closed_stream_is_recognized() {
        let closed = format!(
            "failed printing to stdout: {}",
            io::Error::from_raw_os_error(EPIPE)
        );
        assert_eq!(
            closed,
            "failed printing to stdout: Broken pipe (os error 32)"
        );
        assert!(is_closed_stream(&closed));
        assert!(is_closed_stream(
            &"failed printing to stderr: Broken pipe (os error 32)"
        ));
        assert!(!is_closed_stream(
            &"failed printing to stdout: No space left on device (os error 28)".to_string()
        ));
        assert!(!is_closed_stream(&"boom"));
        assert!(!is_closed_stream(&3));
    }
}
