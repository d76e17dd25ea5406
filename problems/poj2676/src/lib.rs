//! POJ 2676: complete 9x9 sudoku grids, fast: grid types, the input parser, the solver.

pub mod band_grid;
pub mod grid;
pub mod lanes;
pub mod parse;
pub mod solver;

pub use band_grid::BandGrid;
pub use grid::{Cell, Digit, Grid};
pub use parse::{read_count, read_grid, Puzzle};
pub use solver::{count_solutions, solve};
