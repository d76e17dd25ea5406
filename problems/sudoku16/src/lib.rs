//! POJ 3076 / SPOJ SUDOKU: complete a 16x16 sudoku (digits written as the letters A..P, 4x4
//! boxes) without a heavy tail.
//!
//! Modules:
//! - [`grid`]: cells, digits, the grid (givens, clash test), units and the tables linking
//!   them, the digit and place sets;
//! - [`parse`]: the input parser, both judges' forms (with or without SPOJ's count line) and
//!   the output layout each expects; errors are `fastio::InputError`s;
//! - `queue`, `board`, `lanes`, `propagate`, `choice`: the search's pending assignments, its
//!   state at a node, the lane-parallel set operations, propagation, and the choice of branch;
//! - [`solver`]: [`solve`], the depth-first search with Luby restarts.

mod board;
mod choice;
pub mod grid;
mod lanes;
pub mod parse;
mod propagate;
mod queue;
pub mod solver;
#[cfg(test)]
mod testing;

pub use grid::{Cell, Clash, Digit, Grid};
pub use parse::{Form, Parser};
pub use solver::{solve, Solver};
