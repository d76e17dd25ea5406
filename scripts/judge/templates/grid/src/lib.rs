//! NAME: TODO: one line saying what the problem asks.
//!
//! The template solves a classic 9x9 sudoku; reshape each module into the problem's own.
//!
//! - [`grid`]: the puzzle as the judge gives it (`Cell`, `Digit`, `DigitSet`, `Grid`, `Clash`)
//! - [`parse`]: the input format; every error is a `fastio::InputError`
//! - [`solver`]: `solve`, a plain depth-first search, fewest candidates first

pub mod grid;
pub mod parse;
pub mod solver;

pub use grid::{Cell, Clash, Digit, DigitSet, Grid};
pub use parse::Parser;
pub use solver::solve;
