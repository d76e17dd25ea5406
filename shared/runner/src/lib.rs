//! Running a program on an input and capturing what it prints: for tests and test kits.
//!
//! The input is written from a separate thread, so a program that prints a lot before it has
//! read all its input cannot deadlock against a full pipe.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::thread;

/// Runs `program args..` with `input` on stdin and returns its status, stdout and stderr.
/// A program that exits before reading all of its input is not an error here.
/// Panics if the program cannot be started (a test should fail loudly then).
pub fn run(program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", program, e));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        // A broken pipe only means the program stopped reading.
        let _ = stdin.write_all(&input);
    });
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("cannot wait for {}: {}", program, e));
    let _ = writer.join();
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_output_and_status() {
        let out = run("sh", &["-c", "cat; echo err >&2; exit 3"], b"hello\n");
        assert_eq!(out.stdout, b"hello\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.status.code(), Some(3));
    }

    #[test]
    fn large_input_and_output_do_not_deadlock() {
        let input = vec![b'x'; 4 << 20];
        let out = run("cat", &[], &input);
        assert_eq!(out.stdout.len(), input.len());
    }

    #[test]
    fn program_that_ignores_its_input() {
        let out = run("true", &[], &vec![b'y'; 1 << 20]);
        assert!(out.status.success());
    }
}
