//! The submission binary on the problem's samples: each `samples/two_sat/N.in` with its `N.out`
//! (and `N.code`, `N.err` where there are), compared as `compare` in Cargo.toml says. That is
//! all a judge asks, so any correct solution passes, however it reads its input. `make check`
//! judges the same samples through the bundle, compiled and timed like the judge.
//!
//! Tests of your own go below. For example, once the solution refuses a malformed input:
//!
//! ```text
//! #[test]
//! fn an_empty_input_is_refused_in_one_line() {
//!     let out = testkit::run(SOLVER, &[], b"");
//!     assert_eq!(out.status.code(), Some(2));
//!     assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
//! }
//! ```

const SOLVER: &str = env!("CARGO_BIN_EXE_two_sat");

#[test]
fn samples() {
    let checker = option_env!("CARGO_BIN_EXE_two_sat-check");
    testkit::check_samples(SOLVER, env!("CARGO_MANIFEST_DIR"), checker);
}

/// The checker on sample 1: the expected answer and other valid ones pass, each kind of
/// wrong answer fails with a one-line reason, a malformed input is the judge's fault.
#[test]
fn checker_tells_right_from_wrong() {
    testkit::check_verdicts(
        env!("CARGO_BIN_EXE_two_sat-check"),
        env!("CARGO_MANIFEST_DIR"),
        "1",
        &[],
        &[
            "s UNSATISFIABLE\n",
            "s SATISFIABLE\nv -1 -2 -3 4 5 0\n",
            "s SATISFIABLE\nv -1 2 -3 4 0\n",
            "s SATISFIABLE\nv -1 2 3 4 5 0\n",
            "s SATISFIABLE\nv -1 2 -3 4 5\n",
        ],
    );
}
