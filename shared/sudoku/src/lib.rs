//! Sudoku geometry for an N x N grid of B x B boxes: cells, digits, units, the clash test.
//!
//! `B` is the side of a box (2, 3 or 4), `N = B * B` the side of the grid and the number of
//! symbols. Cells are numbered in reading order, boxes likewise (drawn for `B = 3`):
//!
//! ```text
//!   cell = N * row + column                 box = B * (row / B) + column / B
//!    0  1  2 |  3  4  5 |  6  7  8           0 | 1 | 2
//!    9 10 11 | 12 ...                        --+---+--
//!   ...                                      3 | 4 | 5
//!   72 73 ...                 79 80          --+---+--
//!                                            6 | 7 | 8
//! ```
//!
//! The `3 * N` units are numbered rows first, then columns, then boxes; a cell's position
//! inside a unit runs along it:
//!
//! ```text
//!   unit      0 .. N    row r       position = column
//!   unit   N .. 2 * N   column c    position = row
//!   unit 2 * N .. 3 * N box x       position = B * (row % B) + column % B
//! ```
//!
//! The grid itself stays the problem's own; the functions here read its *values*: one byte
//! per cell in reading order, `0` for an empty cell, `1..=N` for a symbol (the problem decides
//! how a value is written: digits `1..=9`, letters `A..=P`).

use std::fmt;

/// The largest box side: a cell index must fit a byte.
pub const MAX_BOX: usize = 4;

/// The six permutations of `0..3` in lexicographic order: for 3 x 3 boxes, the ways a band's
/// three rows can meet its three boxes (or a stack's columns its boxes).
pub const PERMUTATIONS_OF_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
/// The largest grid side, `MAX_BOX * MAX_BOX`.
const MAX_SIDE: usize = MAX_BOX * MAX_BOX;
/// The most cells, `MAX_SIDE * MAX_SIDE`.
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A cell of the N x N grid with B x B boxes (`1 <= B <= 4`), numbered in reading order
/// (see the crate diagram). Every accessor is O(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell<const B: usize>(u8);

impl<const B: usize> Cell<B> {
    /// The side of the grid, `N = B * B`: cells in a unit, symbols in the alphabet.
    pub const SIDE: usize = B * B;
    /// The number of cells, `N * N`.
    pub const COUNT: usize = B * B * B * B;
    /// The number of units (rows, columns and boxes), `3 * N`.
    pub const UNITS: usize = 3 * B * B;

    /// `UNITS_OF[cell]`: (unit, position inside it) for the cell's row, column and box.
    const UNITS_OF: [[(u8, u8); 3]; MAX_CELLS] = units_of_cells(B);
    /// `CELLS_OF[unit][position]`: the index of the cell at that position of the unit.
    const CELLS_OF: [[u8; MAX_SIDE]; 3 * MAX_SIDE] = cells_of_units(B);

    /// The cell at `row`, `column` (both below `N`, checked in debug builds).
    #[inline]
    pub fn at(row: usize, column: usize) -> Self {
        debug_assert!(B <= MAX_BOX && row < Self::SIDE && column < Self::SIDE);
        Cell((row * Self::SIDE + column) as u8)
    }

    /// The cell with reading-order index `index` (below `N * N`, checked in debug builds).
    #[inline]
    pub fn from_index(index: usize) -> Self {
        debug_assert!(B <= MAX_BOX && index < Self::COUNT);
        Cell(index as u8)
    }

    /// Every cell in reading order. O(1) per cell.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..Self::COUNT).map(|i| Cell(i as u8))
    }

    /// The reading-order index, `0..N * N`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, `0..N`.
    #[inline]
    pub fn row(self) -> usize {
        self.index() / Self::SIDE
    }

    /// The column, `0..N`.
    #[inline]
    pub fn column(self) -> usize {
        self.index() % Self::SIDE
    }

    /// The box, `0..N`, boxes numbered in reading order.
    #[inline]
    pub fn box_index(self) -> usize {
        self.row() / B * B + self.column() / B
    }

    /// The number (`0..N`) of the cell's row, column or box, as `kind` says.
    #[inline]
    pub fn unit(self, kind: Unit) -> usize {
        match kind {
            Unit::Row => self.row(),
            Unit::Column => self.column(),
            Unit::Box => self.box_index(),
        }
    }

    /// The cell's row, column and box as unit numbers `0..3 * N` (see the crate diagram), each
    /// with the cell's position inside it, `0..N`. One table lookup.
    #[inline]
    pub fn units(self) -> [(usize, u32); 3] {
        let m = &Self::UNITS_OF[self.index()];
        [
            (m[0].0 as usize, m[0].1 as u32),
            (m[1].0 as usize, m[1].1 as u32),
            (m[2].0 as usize, m[2].1 as u32),
        ]
    }

    /// The cell at `position` (below `N`) of unit `unit` (below `3 * N`), the inverse of
    /// [`Cell::units`]. One table lookup.
    #[inline]
    pub fn in_unit(unit: usize, position: u32) -> Self {
        Cell(Self::CELLS_OF[unit][position as usize])
    }

    /// Whether two distinct cells share a row, column or box (so must differ in a solution).
    #[inline]
    pub fn sees(self, other: Self) -> bool {
        self != other
            && (self.row() == other.row()
                || self.column() == other.column()
                || self.box_index() == other.box_index())
    }
}

const fn units_of_cells(b: usize) -> [[(u8, u8); 3]; MAX_CELLS] {
    let n = b * b;
    let mut t = [[(0u8, 0u8); 3]; MAX_CELLS];
    let mut c = 0;
    while c < n * n && b <= MAX_BOX {
        let (row, column) = (c / n, c % n);
        t[c] = [
            (row as u8, column as u8),
            ((n + column) as u8, row as u8),
            (
                (2 * n + row / b * b + column / b) as u8,
                (row % b * b + column % b) as u8,
            ),
        ];
        c += 1;
    }
    t
}

const fn cells_of_units(b: usize) -> [[u8; MAX_SIDE]; 3 * MAX_SIDE] {
    let n = b * b;
    let mut t = [[0u8; MAX_SIDE]; 3 * MAX_SIDE];
    let mut i = 0;
    while i < n && b <= MAX_BOX {
        let mut p = 0;
        while p < n {
            t[i][p] = (i * n + p) as u8;
            t[n + i][p] = (p * n + i) as u8;
            t[2 * n + i][p] = ((i / b * b + p / b) * n + i % b * b + p % b) as u8;
            p += 1;
        }
        i += 1;
    }
    t
}

/// A symbol of the N x N grid (N = B * B) by its value `1..=N`, displayed as that number (a
/// problem that writes its symbols otherwise, as letters say, keeps its own digit type).
/// Every operation is O(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit<const B: usize>(u8);

impl<const B: usize> Digit<B> {
    /// The digit `value`, or `None` unless `1 <= value <= N`.
    #[inline]
    pub fn new(value: u8) -> Option<Self> {
        if value >= 1 && value as usize <= B * B {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit `value`, known to be in `1..=N` (checked in debug builds): a value read back
    /// from a grid.
    #[inline]
    pub fn from_value(value: u8) -> Self {
        debug_assert!(value >= 1 && value as usize <= B * B);
        Digit(value)
    }

    /// The digit with zero-based index `i < N` (`0` gives `1`), checked in debug builds.
    #[inline]
    pub fn from_index(i: usize) -> Self {
        debug_assert!(i < B * B);
        Digit(i as u8 + 1)
    }

    /// The value `1..=N`.
    #[inline]
    pub fn get(self) -> u8 {
        self.0
    }

    /// The zero-based index `0..N`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl<const B: usize> fmt::Display for Digit<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The kind of a unit: a row, a column or a box. Displays as `row`, `column`, `box`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl Unit {
    /// The three kinds in the order of the unit numbering: rows, columns, boxes.
    pub const ALL: [Unit; 3] = [Unit::Row, Unit::Column, Unit::Box];

    /// The kind's name in messages: `"row"`, `"column"` or `"box"`.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Two equal givens in one unit: the later of the two in reading order, its symbol `D` (the
/// problem's digit type, or the raw value `u8`) and the unit they share.
///
/// Displays as one phrase naming the symbol by its own `Display`, e.g. `two 5s in row 3` or
/// `two Cs in box 1` (rows, columns and boxes counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash<const B: usize, D> {
    /// The later of the two clashing givens, in reading order.
    pub cell: Cell<B>,
    /// The symbol given twice.
    pub digit: D,
    /// The kind of unit holding both.
    pub unit: Unit,
}

impl<const B: usize, D> Clash<B, D> {
    /// The number (`0..N`) of the unit holding both givens, among units of its kind. O(1).
    pub fn unit_number(&self) -> usize {
        self.cell.unit(self.unit)
    }

    /// The same clash with its symbol converted by `f` (from the raw value to the problem's
    /// digit type, say). O(1) plus `f`.
    pub fn map<E, F: FnOnce(D) -> E>(self, f: F) -> Clash<B, E> {
        Clash {
            cell: self.cell,
            digit: f(self.digit),
            unit: self.unit,
        }
    }
}

impl<const B: usize, D: fmt::Display> fmt::Display for Clash<B, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two {}s in {} {}",
            self.digit,
            self.unit,
            self.unit_number() + 1
        )
    }
}

/// The values already placed in each unit: the clash test, one given at a time.
///
/// ```text
///   seen[unit]  bit v - 1 set  <=>  value v is in the unit      (units as in the crate diagram)
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Seen<const B: usize> {
    seen: [u16; 3 * MAX_SIDE],
}

impl<const B: usize> Default for Seen<B> {
    fn default() -> Self {
        Seen::new()
    }
}

impl<const B: usize> Seen<B> {
    /// No value in any unit.
    pub fn new() -> Self {
        Seen {
            seen: [0; 3 * MAX_SIDE],
        }
    }

    /// Records `value` (`1..=N`, checked in debug builds) in the row, column and box of
    /// `cell`; `Err` with the first of them (row, column, box) that already held it, in which
    /// case nothing is recorded past that unit. O(1).
    #[inline]
    pub fn insert(&mut self, cell: Cell<B>, value: u8) -> Result<(), Unit> {
        debug_assert!(value >= 1 && value as usize <= Cell::<B>::SIDE);
        let bit = 1u16 << (value - 1);
        for (k, &(unit, _)) in cell.units().iter().enumerate() {
            if self.seen[unit] & bit != 0 {
                return Err(Unit::ALL[k]);
            }
            self.seen[unit] |= bit;
        }
        Ok(())
    }
}

/// The first given in reading order whose value an earlier given in its row, column or box
/// already holds, with that value (map it to the problem's digit with [`Clash::map`]), or
/// `None` when the givens are consistent. `values` holds `N * N` cells: `0` empty, else
/// `1..=N`. O(N * N).
pub fn first_clash<const B: usize>(values: &[u8]) -> Option<Clash<B, u8>> {
    debug_assert_eq!(values.len(), Cell::<B>::COUNT);
    let mut seen = Seen::<B>::new();
    for (cell, &value) in Cell::<B>::all().zip(values) {
        if value != 0 {
            if let Err(unit) = seen.insert(cell, value) {
                return Some(Clash {
                    cell,
                    digit: value,
                    unit,
                });
            }
        }
    }
    None
}

/// How many cells are filled (non-zero). O(length).
pub fn givens(values: &[u8]) -> usize {
    values.iter().filter(|&&v| v != 0).count()
}

/// Whether `values` keeps every given of `puzzle` (it may fill more cells): the test a
/// completion must pass. Both hold the same number of cells. O(length).
pub fn extends(values: &[u8], puzzle: &[u8]) -> bool {
    debug_assert_eq!(values.len(), puzzle.len());
    values
        .iter()
        .zip(puzzle)
        .all(|(&mine, &given)| given == 0 || mine == given)
}

/// Whether every one of the `N * N` cells is filled and no unit repeats a value. O(N * N).
pub fn is_solved<const B: usize>(values: &[u8]) -> bool {
    givens(values) == Cell::<B>::COUNT && first_clash::<B>(values).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solved grid for any `B`: value `(B * (row % B) + row / B + column) % N + 1`.
    fn pattern<const B: usize>() -> Vec<u8> {
        let n = B * B;
        Cell::<B>::all()
            .map(|c| ((B * (c.row() % B) + c.row() / B + c.column()) % n + 1) as u8)
            .collect()
    }

    #[test]
    fn coordinates() {
        let c = Cell::<3>::at(4, 7);
        assert_eq!(c.index(), 43);
        assert_eq!((c.row(), c.column(), c.box_index()), (4, 7, 5));
        assert_eq!(Cell::<3>::from_index(43), c);
        assert_eq!(
            (Cell::<3>::SIDE, Cell::<3>::COUNT, Cell::<3>::UNITS),
            (9, 81, 27)
        );
        let d = Cell::<4>::at(15, 15);
        assert_eq!((d.index(), d.box_index()), (255, 15));
        assert_eq!(Cell::<4>::all().count(), 256);
        assert_eq!(Cell::<2>::all().last(), Some(Cell::<2>::at(3, 3)));
        assert_eq!(
            (c.unit(Unit::Row), c.unit(Unit::Column), c.unit(Unit::Box)),
            (4, 7, 5)
        );
    }

    fn units_agree<const B: usize>() {
        let n = B * B;
        let mut members = vec![0; 3 * n];
        for cell in Cell::<B>::all() {
            let u = cell.units();
            assert_eq!(u[0], (cell.row(), cell.column() as u32));
            assert_eq!(u[1], (n + cell.column(), cell.row() as u32));
            let inside = B * (cell.row() % B) + cell.column() % B;
            assert_eq!(u[2], (2 * n + cell.box_index(), inside as u32));
            for &(unit, position) in &u {
                assert_eq!(Cell::<B>::in_unit(unit, position), cell);
                members[unit] += 1;
            }
        }
        assert!(members.iter().all(|&m| m == n));
    }

    #[test]
    fn units_and_positions_are_inverse() {
        units_agree::<2>();
        units_agree::<3>();
        units_agree::<4>();
        assert_eq!(Cell::<4>::in_unit(32 + 5, 6), Cell::<4>::at(5, 6));
    }

    #[test]
    fn peers() {
        let c = Cell::<3>::at(4, 7);
        assert!(c.sees(Cell::at(4, 0)) && c.sees(Cell::at(0, 7)) && c.sees(Cell::at(3, 6)));
        assert!(!c.sees(Cell::at(2, 6)) && !c.sees(c));
        assert_eq!(Cell::<3>::all().filter(|&o| c.sees(o)).count(), 20);
        let d = Cell::<4>::at(0, 0);
        assert_eq!(Cell::<4>::all().filter(|&o| d.sees(o)).count(), 39);
    }

    #[test]
    fn digits() {
        assert_eq!(Digit::<3>::new(0), None);
        assert_eq!(Digit::<3>::new(10), None);
        let d = Digit::<3>::new(7).unwrap();
        assert_eq!((d.get(), d.index(), d.to_string()), (7, 6, "7".to_string()));
        assert_eq!(Digit::<3>::from_index(6), d);
        assert_eq!(Digit::<3>::from_value(7), d);
        assert_eq!(
            Digit::<4>::new(16).map(|d| d.to_string()),
            Some("16".to_string())
        );
        assert_eq!(Digit::<4>::new(17), None);
    }

    #[test]
    fn units_display() {
        let names: Vec<String> = Unit::ALL.iter().map(|u| u.to_string()).collect();
        assert_eq!(names, ["row", "column", "box"]);
    }

    #[test]
    fn clashes_name_the_later_given() {
        let mut v = [0u8; 81];
        assert_eq!(first_clash::<3>(&v), None);
        v[Cell::<3>::at(2, 1).index()] = 5;
        v[Cell::<3>::at(2, 8).index()] = 5;
        let c = first_clash::<3>(&v).unwrap();
        assert_eq!((c.cell, c.digit, c.unit), (Cell::at(2, 8), 5, Unit::Row));
        assert_eq!(c.to_string(), "two 5s in row 3");
        assert_eq!(
            c.map(|d| char::from(b'A' + d - 1)).to_string(),
            "two Es in row 3"
        );

        let mut v = [0u8; 81];
        v[Cell::<3>::at(0, 4).index()] = 3;
        v[Cell::<3>::at(7, 4).index()] = 3;
        assert_eq!(
            first_clash::<3>(&v).unwrap().to_string(),
            "two 3s in column 5"
        );

        let mut v = [0u8; 256];
        v[Cell::<4>::at(0, 0).index()] = 16;
        v[Cell::<4>::at(3, 3).index()] = 16;
        let c = first_clash::<4>(&v).unwrap();
        assert_eq!(
            (c.cell, c.unit, c.unit_number()),
            (Cell::at(3, 3), Unit::Box, 0)
        );
        assert_eq!(c.to_string(), "two 16s in box 1");
    }

    #[test]
    fn seen_reports_the_first_unit() {
        let mut seen = Seen::<3>::new();
        assert_eq!(seen.insert(Cell::at(0, 0), 9), Ok(()));
        assert_eq!(seen.insert(Cell::at(1, 1), 9), Err(Unit::Box));
        assert_eq!(seen.insert(Cell::at(8, 0), 9), Err(Unit::Column));
        // The failed insert recorded its row before the column clashed.
        assert_eq!(seen.insert(Cell::at(8, 8), 9), Err(Unit::Row));
        assert_eq!(seen.insert(Cell::at(4, 4), 9), Ok(()));
        assert_eq!(seen.insert(Cell::at(4, 4), 1), Ok(()));
    }

    #[test]
    fn solved_givens_and_extends() {
        for full in [pattern::<2>(), pattern::<3>(), pattern::<4>()] {
            let n = full.len();
            let solved = match n {
                16 => is_solved::<2>(&full),
                81 => is_solved::<3>(&full),
                _ => is_solved::<4>(&full),
            };
            assert!(solved, "{:?}", full);
            assert_eq!(givens(&full), n);
            let mut puzzle = vec![0; n];
            assert!(extends(&full, &puzzle) && givens(&puzzle) == 0);
            puzzle[n - 1] = full[n - 1];
            assert!(extends(&full, &puzzle) && !extends(&puzzle, &full));
            puzzle[n - 1] = full[n - 2];
            assert!(!extends(&full, &puzzle));
        }
        let mut broken = pattern::<3>();
        broken[0] = broken[1];
        assert!(!is_solved::<3>(&broken));
        assert!(!is_solved::<3>(&[0; 81]));
    }
}
