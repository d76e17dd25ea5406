//! The 16x16 board: cells, letters, the grid with its clash test, units and the tables that
//! link them.
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
//! A unit is a row, a column or a box; 48 in all, numbered
//!
//! ```text
//!   unit  0 .. 15   rows        position of a cell inside = its column
//!   unit 16 .. 31   columns     position of a cell inside = its row
//!   unit 32 .. 47   boxes       position of a cell inside = 4 * (row % 4) + column % 4
//! ```

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

/// One cell, `16 * row + column`; all 256 values are cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell at `row`, `column` (both `< 16`).
    #[inline]
    pub fn at(row: usize, column: usize) -> Cell {
        debug_assert!(row < SIDE && column < SIDE);
        Cell((row * SIDE + column) as u8)
    }
    /// The cell with index `i < 256`.
    #[inline]
    pub fn from_index(i: usize) -> Cell {
        debug_assert!(i < CELLS);
        Cell(i as u8)
    }
    /// Index 0..256.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// Row 0..16.
    #[inline]
    pub fn row(self) -> usize {
        self.index() / SIDE
    }
    /// Column 0..16.
    #[inline]
    pub fn column(self) -> usize {
        self.index() % SIDE
    }
    /// Box 0..16.
    #[inline]
    pub fn box_index(self) -> usize {
        self.row() / 4 * 4 + self.column() / 4
    }
    /// The cell's three units (row, column, box) with its position inside each. O(1).
    #[inline]
    pub fn units(self) -> [(usize, u32); 3] {
        let m = &CELL_UNITS[self.index()];
        [
            (m[0].0 as usize, m[0].1 as u32),
            (m[1].0 as usize, m[1].1 as u32),
            (m[2].0 as usize, m[2].1 as u32),
        ]
    }
}

/// The cell at position `pos < 16` of unit `unit < 48`. O(1).
#[inline]
pub fn unit_cell(unit: usize, pos: u32) -> Cell {
    Cell(UNIT_CELLS[unit][pos as usize])
}

/// `UNIT_CELLS[unit][pos]` = index of the cell at `pos` in `unit`.
const UNIT_CELLS: [[u8; SIDE]; UNITS] = unit_cells();
/// `CELL_UNITS[cell]` = (unit, position in unit) for the cell's row, column and box.
const CELL_UNITS: [[(u8, u8); 3]; CELLS] = cell_units();

const fn unit_cells() -> [[u8; SIDE]; UNITS] {
    let mut t = [[0u8; SIDE]; UNITS];
    let mut i = 0;
    while i < SIDE {
        let mut p = 0;
        while p < SIDE {
            t[i][p] = (i * SIDE + p) as u8; // row i
            t[SIDE + i][p] = (p * SIDE + i) as u8; // column i
            let row = i / 4 * 4 + p / 4;
            let column = i % 4 * 4 + p % 4;
            t[2 * SIDE + i][p] = (row * SIDE + column) as u8; // box i
            p += 1;
        }
        i += 1;
    }
    t
}

const fn cell_units() -> [[(u8, u8); 3]; CELLS] {
    let mut t = [[(0u8, 0u8); 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (row, column) = (c / SIDE, c % SIDE);
        t[c][0] = (row as u8, column as u8);
        t[c][1] = ((SIDE + column) as u8, row as u8);
        t[c][2] = (
            (2 * SIDE + row / 4 * 4 + column / 4) as u8,
            (row % 4 * 4 + column % 4) as u8,
        );
        c += 1;
    }
    t
}

/// A board with some cells filled: the puzzle or its solution.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// 0 = empty, `d + 1` = letter `d`.
    cells: [u8; CELLS],
}

/// Two equal givens in one unit: the later one in reading order, its letter and the unit.
/// Displays as one phrase, e.g. `two Cs in box 1` (rows, columns and boxes counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The later of the two clashing givens, in reading order.
    pub cell: Cell,
    /// The letter given twice.
    pub digit: Digit,
    /// `"row"`, `"column"` or `"box"`.
    pub unit: &'static str,
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = match self.unit {
            "row" => self.cell.row(),
            "column" => self.cell.column(),
            _ => self.cell.box_index(),
        };
        write!(
            f,
            "two {}s in {} {}",
            self.digit.letter() as char,
            self.unit,
            number + 1
        )
    }
}

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
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled and no unit repeats a letter. O(256).
    pub fn is_solved(&self) -> bool {
        self.givens() == CELLS && self.first_clash().is_none()
    }

    /// Whether `self` keeps every letter of `puzzle` (it may fill more). O(256).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        (0..CELLS).all(|i| puzzle.cells[i] == 0 || puzzle.cells[i] == self.cells[i])
    }

    /// The first given (in reading order) whose letter already occurs earlier in its row,
    /// column or box, or `None` when the givens are consistent. O(256).
    pub fn first_clash(&self) -> Option<Clash> {
        let mut seen = [0 as DigitSet; UNITS];
        for i in 0..CELLS {
            let cell = Cell(i as u8);
            if let Some(digit) = self.get(cell) {
                for (k, &(unit, _)) in cell.units().iter().enumerate() {
                    if seen[unit] & digit.bit() != 0 {
                        let unit = ["row", "column", "box"][k];
                        return Some(Clash { cell, digit, unit });
                    }
                    seen[unit] |= digit.bit();
                }
            }
        }
        None
    }

    /// The board as 16 lines of 16 characters (`-` for empty), each ending in `\n`.
    pub fn to_lines(&self) -> [u8; CELLS + SIDE] {
        let mut out = [b'\n'; CELLS + SIDE];
        for (i, &v) in self.cells.iter().enumerate() {
            out[i / SIDE * (SIDE + 1) + i % SIDE] = if v == 0 { b'-' } else { b'A' + v - 1 };
        }
        out
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

    #[test]
    fn tables_agree() {
        for c in 0..CELLS {
            let cell = Cell::from_index(c);
            let u = cell.units();
            assert_eq!(u[0].0, cell.row());
            assert_eq!(u[1].0, SIDE + cell.column());
            assert_eq!(u[2].0, 2 * SIDE + cell.box_index());
            for &(unit, pos) in &u {
                assert_eq!(unit_cell(unit, pos), cell);
            }
        }
        // Every unit lists 16 distinct cells.
        for unit in 0..UNITS {
            let mut seen = [false; CELLS];
            for p in 0..16 {
                let c = unit_cell(unit, p).index();
                assert!(!seen[c]);
                seen[c] = true;
            }
        }
        assert_eq!(unit_cell(32 + 5, 6), Cell::at(5, 6));
    }

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
        assert_eq!(clash(&g), Some((Cell::at(2, 1), "box")));
        assert_eq!(g.first_clash().unwrap().to_string(), "two Cs in box 1");
        g.set(Cell::at(0, 9), Digit::from_letter(b'D'));
        g.set(Cell::at(5, 9), Digit::from_letter(b'D'));
        assert_eq!(clash(&g), Some((Cell::at(2, 1), "box")));
        g.set(Cell::at(2, 1), None);
        assert_eq!(clash(&g), Some((Cell::at(5, 9), "column")));
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
