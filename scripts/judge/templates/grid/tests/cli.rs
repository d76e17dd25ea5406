//! The submission binary on the problem's samples: each `samples/NAME/N.in` with its `N.out`
//! (and `N.code`, `N.err` where there are), compared as `compare` in Cargo.toml says. That is
//! all a judge asks, so any correct solution passes, however it reads its input. `make check`
//! judges the same samples through the bundle, compiled and timed like the judge.
//!
//! Tests of your own go below. For example, the template's malformed-input promise (a row of 8
//! cells is one line on stderr and exit status 2, after the cases before it are printed):
//!
//! ```text
//! #[test]
//! fn a_short_row_is_one_line_and_status_2() {
//!     let out = testkit::run(SOLVER, &[], b"12345678\n");
//!     assert_eq!(out.status.code(), Some(2));
//!     let stderr = String::from_utf8_lossy(&out.stderr);
//!     assert_eq!(stderr, "case 1, row 1 (line 1): the row has 8 cells, expected 9\n");
//! }
//! ```

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");

#[test]
fn samples() {
    let checker = option_env!("CARGO_BIN_EXE_NAME-check");
    testkit::check_samples(SOLVER, env!("CARGO_MANIFEST_DIR"), checker);
}
