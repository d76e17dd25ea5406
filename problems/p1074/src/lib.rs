//! Luogu P1074 (NOIP 2009 "Target Sudoku"): the highest target score over all completions.
//!
//! [`grid`] holds the geometry, digit sets and the input parser; [`search`] the exact branch
//! and bound. Entry point: [`search::solve`].

pub mod grid;
pub mod search;

pub use grid::{Grid, ParseError};
pub use search::{solve, Solution};
