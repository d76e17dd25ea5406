//! Luogu P1074 (NOIP 2009 "Target Sudoku"): the highest target score over all completions.
//!
//! [`grid`] holds the geometry, digit sets and the input parser; [`solver`] the exact branch
//! and bound, with its upper bound on the corner blocks in [`corners`]. Entry point: [`solver::solve`].

pub mod corners;
pub mod grid;
pub mod solver;

pub use grid::{Grid, ParseError};
pub use solver::{solve, Solution};
