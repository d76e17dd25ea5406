//! POJ 2676: complete 9x9 sudoku grids, fast: grid types, the input parser, the solver.

pub mod band_grid;
pub mod grid;
pub mod input;
pub mod lanes;
pub mod solver;

pub use grid::{Cell, Digit, Grid};
pub use solver::{count_solutions, solve};
