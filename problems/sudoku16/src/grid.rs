//! The 16x16 board: letters, the grid with its clash test, and its cells and units (the
//! shared [`sudoku`] crate's, for 4x4 boxes).
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
/// Side of the board: cells in a unit, letters in the alphabet.
pub const SIDE: usize = 16;
/// Rows, columns and boxes.
pub const UNITS: usize = 48;

/// A set of letters, bit `d` standing for letter `d` (`A` = bit 0 ... `P` = bit 15).
///
/// ```text
///   bit  15 14 ...  2  1  0
///   =     P  O ...  C  B  A
/// ```
pub type DigitSet = u16;

/// A set of positions inside one unit, bit `i` standing for the unit's `i`-th cell
/// (see [`unit_cell`]).
pub type PlaceSet = u16;

/// Every letter.
pub const ALL_DIGITS: DigitSet = 0xffff;

/// One letter `A`..`P`, held as 0..16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The letter with value `value` (`0` = `A` ... `15` = `P`), or `None` unless `value < 16`.
    #[inline]
    pub fn new(value: u8) -> Option<Digit> {
        if value < 16 {
            Some(Digit(value))
        } else {
            None
        }
    }
    /// The letter with index `i` (`0` = `A`). Requires `i < 16` (checked in debug builds).
    #[inline]
    pub fn from_index(i: usize) -> Digit {
        debug_assert!(i < 16);
        Digit(i as u8)
    }
    /// The value 0..16 (`A` = 0), as [`Digit::new`] takes it.
    #[inline]
    pub fn get(self) -> u8 {
        self.0
    }
    /// The letter written as `b` (`b'A'..=b'P'`), or `None`.
    #[inline]
    pub fn from_letter(b: u8) -> Option<Digit> {
        if (b'A'..=b'P').contains(&b) {
            Some(Digit(b - b'A'))
        } else {
            None
        }
    }
    /// Index 0..16.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The set holding just this letter.
    #[inline]
    pub fn bit(self) -> DigitSet {
        1 << self.0
    }
    /// The letter's ASCII byte.
    #[inline]
    pub fn letter(self) -> u8 {
        b'A' + self.0
    }
}

impl fmt::Display for Digit {
    /// The letter, `A`..`P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter() as char)
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

/// A board with some cells filled: the puzzle or its solution.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// 0 = empty, `d + 1` = letter `d`: the values of the shared [`sudoku`] crate.
    cells: [u8; CELLS],
}

/// Two equal givens in one unit: the later one in reading order, its letter and the unit
/// ([`sudoku::Unit`]). Displays as one phrase, e.g. `two Cs in box 1`.
pub type Clash = sudoku::Clash<4, Digit>;

impl Grid {
    /// The empty board.
    pub fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// The letter in `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        match self.cells[cell.index()] {
            0 => None,
            v => Some(Digit(v - 1)),
        }
    }

    /// Puts `digit` (or nothing) in `cell`.
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, |d| d.0 + 1);
    }

    /// Number of filled cells. O(256).
    pub fn givens(&self) -> usize {
        sudoku::givens(&self.cells)
    }

    /// Whether every cell is filled and no unit repeats a letter. O(256).
    pub fn is_solved(&self) -> bool {
        sudoku::is_solved::<4>(&self.cells)
    }

    /// Whether `self` keeps every letter of `puzzle` (it may fill more). O(256).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        sudoku::extends(&self.cells, &puzzle.cells)
    }

    /// The first given (in reading order) whose letter already occurs earlier in its row,
    /// column or box, or `None` when the givens are consistent. O(256).
    pub fn first_clash(&self) -> Option<Clash> {
        // The grid holds letter `d` as the value `d + 1`, as the shared crate counts.
        sudoku::first_clash::<4>(&self.cells).map(|clash| clash.map(|v| Digit(v - 1)))
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

    /// The cells' values: 0 = empty, `d + 1` = letter `d`. O(1).
    #[inline]
    pub(crate) fn values(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The grid whose cells hold `values` (0 = empty, `d + 1` = letter `d`; each at most
    /// 16), as the parser and the solver build them in bulk. O(256).
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
    use sudoku::Unit;

    #[test]
    fn letters() {
        assert_eq!(Digit::from_letter(b'A'), Digit::new(0));
        assert_eq!(Digit::new(16), None);
        assert_eq!(Digit::new(15).map(Digit::letter), Some(b'P'));
        assert_eq!(Digit::from_index(7).get(), 7);
        assert_eq!(Digit::from_letter(b'P').map(Digit::letter), Some(b'P'));
        assert_eq!(Digit::from_letter(b'Q'), None);
        assert_eq!(Digit::from_letter(b'a'), None);
        assert_eq!(Digit::from_index(3).bit(), 0b1000);
    }

    #[test]
    fn clashes_and_lines() {
        let clash = |g: &Grid| g.first_clash().map(|c| (c.cell, c.unit));
        let mut g = Grid::empty();
        g.set(Cell::at(0, 0), Digit::from_letter(b'C'));
        g.set(Cell::at(3, 3), Digit::from_letter(b'D'));
        assert_eq!(g.first_clash(), None);
        g.set(Cell::at(2, 1), Digit::from_letter(b'C'));
        assert_eq!(clash(&g), Some((Cell::at(2, 1), Unit::Box)));
        assert_eq!(g.first_clash().unwrap().to_string(), "two Cs in box 1");
        g.set(Cell::at(0, 9), Digit::from_letter(b'D'));
        g.set(Cell::at(5, 9), Digit::from_letter(b'D'));
        assert_eq!(clash(&g), Some((Cell::at(2, 1), Unit::Box)));
        g.set(Cell::at(2, 1), None);
        assert_eq!(clash(&g), Some((Cell::at(5, 9), Unit::Column)));
        assert_eq!(g.first_clash().unwrap().to_string(), "two Ds in column 10");
        g.set(Cell::at(0, 15), Digit::from_letter(b'C'));
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
        // A solved grid by pattern: letter (4 * (row % 4) + row / 4 + column) % 16.
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
