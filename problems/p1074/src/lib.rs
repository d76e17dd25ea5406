//! Luogu P1074 (NOIP 2009 "Target Sudoku"): the highest target score over all completions.
//!
//! Modules, each depending only on those above it:
//! - `grid`: cells, digits, the grid of givens (clash test, score), and the tables and digit
//!   sets the searches read;
//! - `parse`: the input parser ([`Parser`]), a `fastio::InputError` for anything malformed;
//! - `objective`: the score as a base plus a linear objective over 17 cells, and the
//!   coefficients of those cells;
//! - `corners` and `corner_search`: the rules of the four corner boxes and the corner bound
//!   under them (its bound on the open cells in `corner_search::bound`);
//! - `templates`: a bound from each digit's whole template;
//! - `board`: the board every search propagates, and its completion search;
//! - `patterns` and `pattern_search`: the search for sparse grids, digit by digit
//!   over each digit's places in the corner boxes and the centre;
//! - `solver`: the branch and bound over the block cells, the race between the searches
//!   and [`solve`].
//!
//! The modules are private to the crate and import their siblings' items whole, through
//! `use super::module::*`: cargo-equip rewrites every `crate::` path of the bundle into a
//! longer one, and the bundle has a size cap that the lists of names would cross.

mod board;
mod corner_search;
mod corners;
mod grid;
mod objective;
mod parse;
mod pattern_search;
mod patterns;
mod solver;
mod templates;

#[cfg(not(cargo_equip))]
pub use grid::Clash;
pub use grid::Grid;
#[cfg(not(cargo_equip))]
pub use parse::parse_bytes;
pub use parse::Parser;
pub use solver::{solve, Solution, Stats};
#[cfg(not(cargo_equip))]
pub use solver::{solve_with, Method, PATTERN_BUDGET};

/// A cell of the grid, `0..81`: the shared [`sudoku::Cell`] for 3x3 boxes (`Cell::at`,
/// `.row()`, `.column()`, `.box_index()`, `.index()`, `Cell::from_index`, `Cell::all()`).
#[cfg(not(cargo_equip))]
pub type Cell = sudoku::Cell<3>;

/// A digit `1..=9` placed in a cell: the shared [`sudoku::Digit`] (`Digit::new(value)`,
/// `.get()`; displays as the digit).
#[cfg(not(cargo_equip))]
pub type Digit = sudoku::Digit<3>;
