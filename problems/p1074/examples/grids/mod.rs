//! The grids on stdin for the survey tools: consecutive runs of 81 numbers (0 = empty), as
//! `p1074-gen` prints them one after another.

use std::convert::TryInto;
use std::io::Read;

/// Every complete grid of 81 numbers on stdin, in order (a trailing partial grid is dropped).
/// Panics on a token that is not a number: these are diagnostics tools, not the submission.
pub fn from_stdin() -> Vec<p1074::Grid> {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let numbers: Vec<u8> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    numbers
        .chunks_exact(81)
        .map(|c| p1074::Grid(c.try_into().unwrap()))
        .collect()
}
