//! POJ 3076 / SPOJ SUDOKU: complete a 16x16 sudoku (letters A..P, 4x4 boxes) without a heavy
//! tail.
//!
//! Modules:
//! - [`grid`]: cells, letters, the grid (givens, clash test), units and the tables linking
//!   them, the letter and place sets;
//! - [`parse`]: the input parser, both judges' forms (with or without SPOJ's count line) and
//!   the output layout each expects; errors are `fastio::InputError`s;
//! - [`solver`]: [`solve`], strong propagation, MRV branching over cells and places, Luby
//!   restarts.

pub mod grid;
pub mod parse;
pub mod solver;

pub use grid::{Cell, Clash, Digit, Grid};
pub use parse::{Form, Parser};
pub use solver::{solve, Solver};
