//! POJ 3076: complete a 16x16 sudoku (letters A..P, 4x4 boxes) without a heavy tail.
//!
//! [`grid`] holds the board and its tables, [`parse`] reads the judge input, and [`solver`]
//! searches with strong propagation, MRV branching over cells and places, and Luby restarts.

pub mod grid;
pub mod parse;
pub mod solver;

pub use grid::{Cell, Digit, Grid};
pub use parse::{InputError, Parser};
pub use solver::{solve, Solver};
