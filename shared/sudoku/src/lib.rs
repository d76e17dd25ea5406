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
//! how a value is written: digits `1..=9`, letters `A..=P`). A problem's grid implements
//! [`CellValues`] to get the grid operations (get, set, givens, the clash test, solved,
//! extends) written once here; its digit type implements [`Symbol`], and [`DigitSet`] holds
//! sets of them.

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

/// A problem's digit type, known by its index `0..N` (a grid's cell holds it as the value
/// `index + 1`): the shared [`Digit`], or a problem's own one that displays otherwise (as a
/// letter, say). [`DigitSet`] and [`CellValues`] take any such type.
pub trait Symbol<const B: usize>: Copy {
    /// The digit with index `i < N` (the caller's guarantee). O(1).
    fn from_index(i: usize) -> Self;
    /// The index, `0..N`. O(1).
    fn index(self) -> usize;
}

impl<const B: usize> Symbol<B> for Digit<B> {
    #[inline]
    fn from_index(i: usize) -> Self {
        Digit::from_index(i)
    }
    #[inline]
    fn index(self) -> usize {
        Digit::index(self)
    }
}

/// A set of the grid's `N` digits (`N = B * B <= 16`) in one word, bit `i` standing for the
/// digit with index `i` (the value `i + 1`); the bits above `N` stay clear.
///
/// ```text
///   bit     15 14 ...  2  1  0
///   value   16 15 ...  3  2  1      (B = 4: letters P O ... C B A; B = 3: bits 9.. clear)
/// ```
///
/// Every operation is O(1) except iteration, O(1) per digit. The word itself
/// ([`DigitSet::bits`], [`DigitSet::from_bits`]) is for searches that work on many sets at
/// once; the layout is `repr(transparent)`, so an array of sets is an array of `u16`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct DigitSet<const B: usize>(u16);

impl<const B: usize> DigitSet<B> {
    /// No digit.
    pub const EMPTY: Self = DigitSet(0);
    /// Every digit `1..=N`.
    pub const ALL: Self = DigitSet(((1u32 << (B * B)) - 1) as u16);

    /// The set whose word is `bits` (bit `i` for index `i`; bits at or above `N` must be
    /// clear, checked in debug builds). O(1).
    #[inline]
    pub fn from_bits(bits: u16) -> Self {
        debug_assert!(bits & !Self::ALL.0 == 0);
        DigitSet(bits)
    }

    /// The set's word: bit `i` set for each digit of index `i` in it. O(1).
    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit`. O(1).
    #[inline]
    pub fn single<D: Symbol<B>>(digit: D) -> Self {
        DigitSet(1 << digit.index())
    }

    /// Whether `digit` is in the set. O(1).
    #[inline]
    pub fn contains<D: Symbol<B>>(self, digit: D) -> bool {
        self.0 >> digit.index() & 1 != 0
    }

    /// The set with `digit` added. O(1).
    #[inline]
    pub fn with<D: Symbol<B>>(self, digit: D) -> Self {
        DigitSet(self.0 | 1 << digit.index())
    }

    /// The set with `digit` taken out. O(1).
    #[inline]
    pub fn without<D: Symbol<B>>(self, digit: D) -> Self {
        DigitSet(self.0 & !(1 << digit.index()))
    }

    /// The digits in either set. O(1).
    #[inline]
    pub fn union(self, other: Self) -> Self {
        DigitSet(self.0 | other.0)
    }

    /// The digits in both sets. O(1).
    #[inline]
    pub fn intersection(self, other: Self) -> Self {
        DigitSet(self.0 & other.0)
    }

    /// The digits of `self` that are not in `other`. O(1).
    #[inline]
    pub fn minus(self, other: Self) -> Self {
        DigitSet(self.0 & !other.0)
    }

    /// The digits `1..=N` not in the set. O(1).
    #[inline]
    pub fn complement(self) -> Self {
        DigitSet(!self.0 & Self::ALL.0)
    }

    /// The number of digits. O(1).
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty. O(1).
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds exactly one digit. O(1).
    #[inline]
    pub fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// The digits, smallest first, as the digit type `D`. O(1) per digit.
    #[inline]
    pub fn iter<D: Symbol<B>>(self) -> DigitIter<B, D> {
        DigitIter {
            rest: self.0,
            digit: std::marker::PhantomData,
        }
    }
}

/// The digits of a [`DigitSet`], smallest first ([`DigitSet::iter`]).
#[derive(Clone, Debug)]
pub struct DigitIter<const B: usize, D> {
    rest: u16,
    digit: std::marker::PhantomData<D>,
}

impl<const B: usize, D: Symbol<B>> Iterator for DigitIter<B, D> {
    type Item = D;
    #[inline]
    fn next(&mut self) -> Option<D> {
        if self.rest == 0 {
            return None;
        }
        let i = self.rest.trailing_zeros() as usize;
        self.rest &= self.rest - 1;
        Some(D::from_index(i))
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

/// A grid held as one value per cell in reading order (`0` empty, `v` the digit of index
/// `v - 1`): a problem implements the two accessors for its grid type and gets the grid
/// operations below, each the same for every problem.
///
/// ```text
///   impl sudoku::CellValues<4> for Grid {
///       type Digit = Digit;
///       fn values(&self) -> &[u8] { &self.cells }
///       fn values_mut(&mut self) -> &mut [u8] { &mut self.cells }
///   }
/// ```
pub trait CellValues<const B: usize> {
    /// The problem's digit type.
    type Digit: Symbol<B>;

    /// The `N * N` cell values, each `0..=N`. O(1).
    fn values(&self) -> &[u8];
    /// The same, to change; the caller keeps each value in `0..=N`. O(1).
    fn values_mut(&mut self) -> &mut [u8];

    /// The digit in `cell`, or `None` when it is empty. O(1).
    #[inline]
    fn get(&self, cell: Cell<B>) -> Option<Self::Digit> {
        match self.values()[cell.index()] {
            0 => None,
            v => Some(Self::Digit::from_index(v as usize - 1)),
        }
    }

    /// Puts `digit` in `cell`, or empties it with `None`. O(1).
    #[inline]
    fn set(&mut self, cell: Cell<B>, digit: Option<Self::Digit>) {
        self.values_mut()[cell.index()] = digit.map_or(0, |d| d.index() as u8 + 1);
    }

    /// How many cells are filled. O(N * N).
    fn givens(&self) -> usize {
        givens(self.values())
    }

    /// The first given in reading order whose digit an earlier given in its row, column or
    /// box already holds ([`Clash`]), or `None` when the givens are consistent. O(N * N).
    fn first_clash(&self) -> Option<Clash<B, Self::Digit>> {
        first_clash::<B>(self.values()).map(|c| c.map(|v| Self::Digit::from_index(v as usize - 1)))
    }

    /// Whether every cell is filled and no unit repeats a digit. O(N * N).
    fn is_solved(&self) -> bool {
        is_solved::<B>(self.values())
    }

    /// Whether `self` keeps every given of `puzzle` (it may fill more cells): the test a
    /// completion must pass. O(N * N).
    fn extends(&self, puzzle: &Self) -> bool {
        extends(self.values(), puzzle.values())
    }
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

    /// A problem's own digit type, as one that displays as a letter.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Letter(u8);

    impl Symbol<4> for Letter {
        fn from_index(i: usize) -> Self {
            Letter(i as u8)
        }
        fn index(self) -> usize {
            self.0 as usize
        }
    }

    impl fmt::Display for Letter {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", (b'A' + self.0) as char)
        }
    }

    #[derive(Clone, Copy, PartialEq, Eq)]
    struct Grid16([u8; 256]);

    impl CellValues<4> for Grid16 {
        type Digit = Letter;
        fn values(&self) -> &[u8] {
            &self.0
        }
        fn values_mut(&mut self) -> &mut [u8] {
            &mut self.0
        }
    }

    #[derive(Clone, Copy, PartialEq, Eq)]
    struct Grid9([u8; 81]);

    impl CellValues<3> for Grid9 {
        type Digit = Digit<3>;
        fn values(&self) -> &[u8] {
            &self.0
        }
        fn values_mut(&mut self) -> &mut [u8] {
            &mut self.0
        }
    }

    #[test]
    fn digit_sets() {
        let (two, nine) = (Digit::<3>::from_value(2), Digit::<3>::from_value(9));
        let set = DigitSet::<3>::EMPTY.with(nine).with(two);
        assert_eq!(set.bits(), 0b1_0000_0010);
        assert!(set.contains(two) && !set.contains(Digit::<3>::from_value(3)));
        assert_eq!(set.iter().collect::<Vec<Digit<3>>>(), [two, nine]);
        assert_eq!(DigitSet::<3>::EMPTY.iter::<Digit<3>>().next(), None);
        assert_eq!(
            (set.len(), set.is_empty(), set.is_single()),
            (2, false, false)
        );
        assert_eq!(DigitSet::<3>::ALL.bits(), 0x1ff);
        assert_eq!(DigitSet::<3>::ALL.minus(set).len(), 7);
        assert_eq!(set.complement(), DigitSet::ALL.minus(set));
        assert_eq!(set.complement().union(set), DigitSet::ALL);
        assert!(set.complement().intersection(set).is_empty());
        assert_eq!(set.without(nine), DigitSet::single(two));
        assert!(DigitSet::<3>::single(nine).is_single());
        assert_eq!(
            DigitSet::<3>::from_bits(0b110),
            DigitSet::single(two).with(Digit::from_value(3))
        );
        assert_eq!(DigitSet::<2>::ALL.bits(), 0xf);
        // Sixteen digits fill the word; a problem's own digit type works alike.
        assert_eq!(DigitSet::<4>::ALL.bits(), 0xffff);
        let p = Letter(15);
        let letters = DigitSet::<4>::single(p).with(Letter(0));
        assert_eq!(letters.bits(), 0x8001);
        assert_eq!(letters.iter().collect::<Vec<Letter>>(), [Letter(0), p]);
        assert_eq!(letters.complement().len(), 14);
        assert_eq!(DigitSet::<4>::ALL.iter::<Letter>().count(), 16);
    }

    #[test]
    fn cell_values_of_a_grid() {
        let mut g = Grid16([0; 256]);
        let (c, d) = (Letter(2), Letter(3));
        g.set(Cell::at(0, 0), Some(c));
        g.set(Cell::at(3, 3), Some(d));
        assert_eq!(g.values()[0], 3);
        assert_eq!(
            (g.get(Cell::at(0, 0)), g.get(Cell::at(0, 1))),
            (Some(c), None)
        );
        assert_eq!((g.givens(), g.first_clash()), (2, None));
        g.set(Cell::at(2, 1), Some(c));
        let clash = g.first_clash().unwrap();
        assert_eq!(
            (clash.cell, clash.digit, clash.unit),
            (Cell::at(2, 1), c, Unit::Box)
        );
        assert_eq!(clash.to_string(), "two Cs in box 1");
        g.set(Cell::at(2, 1), None);
        assert_eq!(g.givens(), 2);

        let mut full = Grid9([0; 81]);
        full.0.copy_from_slice(&pattern::<3>());
        assert!(full.is_solved() && !g.is_solved());
        let mut puzzle = Grid9([0; 81]);
        puzzle.set(Cell::at(4, 4), full.get(Cell::at(4, 4)));
        assert!(full.extends(&puzzle) && !puzzle.extends(&full) && !puzzle.is_solved());
        puzzle.set(Cell::at(4, 4), full.get(Cell::at(4, 5)));
        assert!(!full.extends(&puzzle));
        assert_eq!(
            puzzle.get(Cell::at(4, 4)).map(|d| d.get()),
            Some(full.0[41])
        );
        let seven = Digit::<3>::from_value(7);
        puzzle.set(Cell::at(0, 8), Some(seven));
        assert_eq!(puzzle.get(Cell::at(0, 8)), Some(seven));
        assert_eq!(puzzle.values()[8], 7);
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
