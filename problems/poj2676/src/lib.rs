//! POJ 2676: complete 9x9 sudoku grids, fast.
//!
//! The surface every problem shares: [`Grid`], [`Cell`], [`Digit`], [`Clash`],
//! [`Parser::next_case`], [`solve`] and [`Grid::to_lines`]; also [`count_solutions`].
//! Modules, private to the crate:
//! - `grid`: the grid as band planes, the bit layout every module below uses; its cells,
//!   digits and the clash test.
//! - `text`: the grid read from and written to text in blocks of 9 rows.
//! - `parse`: the input parser (count, then grids), errors as `fastio::InputError`.
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
//!   time), [`solve`] and [`count_solutions`].

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
mod text;
#[cfg(target_arch = "x86_64")]
mod wide;

pub use grid::{Cell, Clash, Digit, Grid};
pub use parse::Parser;
pub use solver::{count_solutions, solve};
