//! The submission binary on inputs beyond the samples (`make check` judges those): malformed
//! input, and the problem's own edge cases once they are added here.

use std::process::Output;

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");

fn solve(input: &str) -> Output {
    testkit::run(SOLVER, &[], input.as_bytes())
}

#[test]
fn an_empty_input_is_one_line_on_stderr_and_status_2() {
    // Holds for every problem whose input is not empty; delete it for one whose may be.
    let out = solve("");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", stderr);
    assert_eq!(stderr.lines().count(), 1, "{}", stderr);
    assert!(stderr.starts_with("line 1"), "{}", stderr);
    assert!(out.stdout.is_empty());
}
