//! The 16x16 board: digits (written as the letters `A`..`P`), the grid with its clash test,
//! and its cells and units (the shared [`sudoku`] crate's, for 4x4 boxes).
//!
//! ```text
//!         column  0  1  2  3   4 ..  7   8 .. 11  12 .. 15
//!   row  0       +-----------+---------+---------+---------+
//!        .       |  box 0    |  box 1  |  box 2  |  box 3  |      cell = 16 * row + column
//!        3       +-----------+---------+---------+---------+      box  = 4 * (row / 4) + column / 4
//!   row  4       |  box 4    |  box 5  |  box 6  |  box 7  |
//!        .       ...
//!   row 15       |  box 12   | box 13  | box 14  | box 15  |
//!                +-----------+---------+---------+---------+
//! ```
//!
//! A unit is a row, a column or a box; 48 in all, numbered rows, columns, boxes as in the
//! shared [`sudoku`] crate (its diagram gives a cell's position inside each).

use std::fmt;

/// Cells on the board.
pub const CELLS: usize = 256;
/// Side of the board: cells in a unit, digits in the alphabet.
pub const SIDE: usize = 16;
/// Rows, columns and boxes.
pub const UNITS: usize = 48;

/// A set of digits, bit `d` standing for the digit of index `d` (`A` = bit 0 ... `P` = bit
/// 15): the shared [`sudoku::DigitSet`] for 4x4 boxes.
pub type DigitSet = sudoku::DigitSet<4>;

/// A [`DigitSet`] as its bits ([`sudoku::DigitSet::bits`], the same layout), the form the
/// search's board holds digit sets in: a unit's cells' digit sets transpose into its place
/// sets and back, so both are plain words there.
pub type DigitSetBits = u16;

/// A set of positions inside one unit, bit `i` standing for the unit's `i`-th cell
/// (see [`unit_cell`]).
pub type PlaceSet = u16;

/// One of the 16 digits, by its index `0..16`, written as the letter `A`..`P` (`A` = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit of index `i` (`0` = `A`). Requires `i < 16` (checked in debug builds). O(1).
    #[inline]
    pub fn from_index(i: usize) -> Digit {
        debug_assert!(i < SIDE);
        Digit(i as u8)
    }

    /// The index, `0..16` (`A` = 0). O(1).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The digit written as the byte `b` (`b'A'..=b'P'`), or `None`. O(1).
    #[inline]
    pub fn from_ascii(b: u8) -> Option<Digit> {
        if (b'A'..=b'P').contains(&b) {
            Some(Digit(b - b'A'))
        } else {
            None
        }
    }

    /// The letter that writes the digit, as an ASCII byte `b'A'..=b'P'`. O(1).
    #[inline]
    pub fn to_ascii(self) -> u8 {
        b'A' + self.0
    }
}

impl sudoku::Symbol<4> for Digit {
    #[inline]
    fn from_index(i: usize) -> Digit {
        Digit::from_index(i)
    }
    #[inline]
    fn index(self) -> usize {
        Digit::index(self)
    }
}

impl fmt::Display for Digit {
    /// The letter, `A`..`P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_ascii() as char)
    }
}

/// One cell, `16 * row + column`; all 256 values are cells: the shared [`sudoku::Cell`] for
/// 4x4 boxes (`Cell::at`, `.row()`, `.column()`, `.box_index()`, `.index()`,
/// `Cell::from_index`, `.units()`: the cell's three units with its position in each).
pub type Cell = sudoku::Cell<4>;

/// The cell at position `pos < 16` of unit `unit < 48` ([`sudoku::Cell::in_unit`]). O(1).
#[inline]
pub fn unit_cell(unit: usize, pos: u32) -> Cell {
    Cell::in_unit(unit, pos)
}

/// Two equal givens in one unit: the later one in reading order, its digit and the unit
/// ([`sudoku::Unit`]). Displays as one phrase, e.g. `two Cs in box 1`.
pub type Clash = sudoku::Clash<4, Digit>;

/// A board with some cells filled: the puzzle or its solution. Its cells are read and written
/// through [`sudoku::CellValues`] (`get`, `set`, `givens`, `first_clash`, `is_solved`,
/// `extends`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// 0 = empty, `d + 1` = the digit of index `d`: the values of the shared [`sudoku`] crate.
    cells: [u8; CELLS],
}

impl sudoku::CellValues<4> for Grid {
    type Digit = Digit;
    #[inline]
    fn values(&self) -> &[u8] {
        &self.cells
    }
    #[inline]
    fn values_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}

impl Grid {
    /// The empty board.
    pub fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// The board as 16 lines of 16 characters (`-` for empty), each ending in `\n`.
    /// O(256), row by row in fixed-size chunks (no index arithmetic or bounds checks per
    /// cell, so the compiler vectorizes it: output is a fixed cost of every puzzle).
    pub fn to_lines(&self) -> [u8; CELLS + SIDE] {
        let mut out = [b'\n'; CELLS + SIDE];
        for (line, row) in out
            .chunks_exact_mut(SIDE + 1)
            .zip(self.cells.chunks_exact(SIDE))
        {
            for (o, &v) in line[..SIDE].iter_mut().zip(row) {
                *o = if v == 0 { b'-' } else { b'A' - 1 + v };
            }
        }
        out
    }

    /// The cells' values as a fixed array (0 = empty, `d + 1` = the digit of index `d`), for
    /// the solver's whole-row passes. O(1).
    #[inline]
    pub(crate) fn cell_values(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The grid whose cells hold `values` (0 = empty, `d + 1` = the digit of index `d`; each
    /// at most 16), as the parser and the solver build them in bulk. O(256).
    #[inline]
    pub(crate) fn from_values(values: [u8; CELLS]) -> Grid {
        debug_assert!(values.iter().all(|&v| v as usize <= SIDE));
        Grid { cells: values }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.to_lines()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::{CellValues, Unit};

    #[test]
    fn digits_and_their_letters() {
        assert_eq!(Digit::from_ascii(b'A'), Some(Digit::from_index(0)));
        assert_eq!(Digit::from_index(15).to_ascii(), b'P');
        assert_eq!(Digit::from_index(7).index(), 7);
        assert_eq!(Digit::from_ascii(b'P').map(Digit::to_ascii), Some(b'P'));
        assert_eq!(Digit::from_ascii(b'Q'), None);
        assert_eq!(Digit::from_ascii(b'a'), None);
        assert_eq!(Digit::from_index(2).to_string(), "C");
        assert_eq!(DigitSet::single(Digit::from_index(3)).bits(), 0b1000);
    }

    #[test]
    fn clashes_and_lines() {
        let clash = |g: &Grid| g.first_clash().map(|c| (c.cell, c.unit));
        let mut g = Grid::empty();
        g.set(Cell::at(0, 0), Digit::from_ascii(b'C'));
        g.set(Cell::at(3, 3), Digit::from_ascii(b'D'));
        assert_eq!(g.first_clash(), None);
        g.set(Cell::at(2, 1), Digit::from_ascii(b'C'));
        assert_eq!(clash(&g), Some((Cell::at(2, 1), Unit::Box)));
        assert_eq!(g.first_clash().unwrap().to_string(), "two Cs in box 1");
        g.set(Cell::at(0, 9), Digit::from_ascii(b'D'));
        g.set(Cell::at(5, 9), Digit::from_ascii(b'D'));
        assert_eq!(clash(&g), Some((Cell::at(2, 1), Unit::Box)));
        g.set(Cell::at(2, 1), None);
        assert_eq!(clash(&g), Some((Cell::at(5, 9), Unit::Column)));
        assert_eq!(g.first_clash().unwrap().to_string(), "two Ds in column 10");
        g.set(Cell::at(0, 15), Digit::from_ascii(b'C'));
        g.set(Cell::at(5, 9), None);
        assert_eq!(g.first_clash().unwrap().to_string(), "two Cs in row 1");
        g.set(Cell::at(0, 15), None);
        let lines = g.to_lines();
        assert_eq!(&lines[..17], b"C--------D------\n");
        assert_eq!(g.givens(), 3);
        assert!(!g.is_solved());
    }

    #[test]
    fn solved_and_extends() {
        // A solved grid by pattern: digit (4 * (row % 4) + row / 4 + column) % 16.
        let mut full = Grid::empty();
        for r in 0..SIDE {
            for c in 0..SIDE {
                let d = (4 * (r % 4) + r / 4 + c) % 16;
                full.set(Cell::at(r, c), Some(Digit::from_index(d)));
            }
        }
        assert!(full.is_solved());
        assert_eq!(full.givens(), CELLS);
        let mut puzzle = Grid::empty();
        assert!(full.extends(&puzzle));
        puzzle.set(Cell::at(7, 7), full.get(Cell::at(7, 7)));
        assert!(full.extends(&puzzle));
        assert!(!puzzle.extends(&full));
        puzzle.set(Cell::at(7, 7), full.get(Cell::at(7, 8)));
        assert!(!full.extends(&puzzle));
        let mut broken = full;
        broken.set(Cell::at(0, 0), full.get(Cell::at(0, 1)));
        assert!(!broken.is_solved());
    }
}
