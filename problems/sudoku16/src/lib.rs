//! POJ 3076 / SPOJ SUDOKU: complete a 16x16 sudoku (digits written as the letters A..P, 4x4
//! boxes) without a heavy tail.
//!
//! The surface every problem shares: [`Grid`] (its cells through [`CellValues`], written out
//! by [`Grid::to_lines`]), [`Cell`], [`Digit`], [`Clash`], [`Parser::next_case`] and
//! [`solve`]. Modules:
//! - `grid`: cells, digits, the grid, units, the digit and place sets;
//! - `parse`: the input parser, both judges' forms (with or without SPOJ's count line) and
//!   the output layout each expects ([`Form`]); errors are `fastio::InputError`s;
//! - `queue`, `board`, `lanes`, `propagate`, `choice`: the search's pending assignments, its
//!   state at a node, the lane-parallel set operations, propagation, the choice of branch;
//! - `solver`: [`solve`] and the reusable [`Solver`]: depth-first search with Luby restarts.

mod board;
mod choice;
mod grid;
mod lanes;
mod parse;
mod propagate;
mod queue;
mod solver;
#[cfg(test)]
mod testing;

pub use grid::{Cell, Clash, Digit, DigitSet, Grid};
pub use parse::{Form, Parser};
pub use solver::{solve, Solver};
pub use sudoku::CellValues;
