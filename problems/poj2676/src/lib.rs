//! POJ 2676: complete 9x9 sudoku grids, fast.
//!
//! - `grid`: the puzzle as the judge gives it: `Cell`, `Digit`, `Grid`, the clash test.
//! - `parse`: the input parser (count, then grids), errors as `fastio::InputError`.
//! - `band_grid`: the grid as band planes, the bit layout every module below uses, read
//!   from and written to text in blocks.
//! - `tables`: compile-time tables: minirows on a permutation (by a multiply hash), planes
//!   of the same digit.
//! - `bands`: branch-free bit tricks on band planes: single rows, columns, the stack rule,
//!   the minirow rule, the permutations left.
//! - `lanes`: the same word operations on 28 planes at once (SSE2, AVX2 when detected,
//!   with portable twins).
//! - `split`: where the search splits: the band or stack, and the digit, with the fewest
//!   permutations left.
//! - `board`: the search's state at a node, band planes of candidates, and propagation.
//! - `rules`: naked singles, the stack, minirow and minicolumn rules, and what comes next.
//! - `branch`: where the search branches: a cell, or a digit's permutations.
//! - `wide`: the split mode's rules and choice as one AVX2 pass.
//! - `solver`: the search (a baseline build and one for AVX2 processors, chosen at run
//!   time), and [`solve`].

mod band_grid;
mod bands;
mod board;
mod branch;
mod grid;
mod lanes;
mod parse;
mod rules;
mod solver;
mod split;
mod tables;
#[cfg(target_arch = "x86_64")]
mod wide;

pub use band_grid::BandGrid;
pub use grid::{Cell, Digit, Grid};
pub use parse::{read_count, read_grid, Puzzle};
pub use solver::{count_solutions, solve};
