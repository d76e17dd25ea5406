//! Luogu P1074 (NOIP 2009 "Target Sudoku"): the highest target score over all completions.
//!
//! Modules:
//! - [`grid`]: cells, digits, the grid of givens (clash test, score), and the tables and
//!   digit sets the search reads;
//! - [`parse`](mod@parse): the input parser, 81 numbers, a `fastio::InputError` for anything else;
//! - [`solver`]: [`solve`], the exact branch and bound over the 16 corner block cells the
//!   score depends on (and the centre);
//! - [`corners`]: that search's upper bound on the four corner boxes;
//! - [`patterns`]: the search for sparse grids, digit by digit over each digit's places in
//!   the corner boxes and the centre;
//! - [`templates`]: a bound from each digit's whole template, which proves most incumbents
//!   of sparse grids optimal at once.

pub mod corners;
pub mod grid;
pub mod parse;
pub mod patterns;
pub mod solver;
pub mod templates;

pub use grid::{Cell, Clash, Digit, Grid};
pub use parse::parse;
pub use solver::{solve, solve_with, Method, Solution};
