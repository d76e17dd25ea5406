//! Luogu P1074 (NOIP 2009 "Target Sudoku"): the highest target score over all completions.
//!
//! [`grid`] holds the geometry, digit sets and the input parser; [`search`] the exact branch
//! and bound, with its upper bound on the corner blocks in [`corners`]. Entry point: [`search::solve`].

pub mod corners;
pub mod grid;
pub mod search;

pub use grid::{Grid, ParseError};
pub use search::{solve, Solution};
