//! The puzzle as the judge gives it: a 9x9 grid of digits 1..=9 with empty cells, ruled by
//! rows, columns and 3x3 boxes.

/// The side of a box; the grid is `SIDE` x `SIDE`.
pub const BOX: usize = 3;
/// The side of the grid, and the number of digits.
pub const SIDE: usize = BOX * BOX;
/// The number of cells.
pub const CELLS: usize = SIDE * SIDE;

/// A cell, numbered in reading order (`Cell::at`, `.row()`, `.column()`, `.box_index()`,
/// `.index()`, `.sees()`, `Cell::all()`): the shared `sudoku` crate's, whose diagram numbers
/// cells, boxes and units.
pub type Cell = sudoku::Cell<BOX>;

/// Two equal givens in one unit (`sudoku::Unit`): the later of the two in reading order, and
/// its digit. Displays as one phrase: `two 5s in row 2` (units numbered from 1).
pub type Clash = sudoku::Clash<BOX, Digit>;

/// A digit, 1..=`SIDE` (`Digit::new(value)`, `.get()`, `.index()`, `Digit::from_index`),
/// displayed as its number: the shared `sudoku` crate's. A problem that writes its symbols
/// otherwise (letters, say) defines its own digit type with a `Display` of its own.
pub type Digit = sudoku::Digit<BOX>;

/// A set of digits, one bit each:
///
/// ```text
/// bit    8 7 6 5 4 3 2 1 0
/// digit  9 8 7 6 5 4 3 2 1
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// Every digit 1..=`SIDE`.
    pub const ALL: DigitSet = DigitSet((1 << SIDE) - 1);

    /// Whether `digit` is in the set. O(1).
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & Self::bit(digit) != 0
    }

    /// The set with `digit` added. O(1).
    pub fn with(self, digit: Digit) -> DigitSet {
        DigitSet(self.0 | Self::bit(digit))
    }

    /// The digits of `self` that are not in `other`. O(1).
    pub fn without(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The number of digits. O(1).
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty. O(1).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits, smallest first. O(1) per digit.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        bits::ones(self.0).map(|bit| Digit::from_index(bit as usize))
    }

    fn bit(digit: Digit) -> u16 {
        1 << digit.index()
    }
}

/// A grid of digits and empty cells: one byte per cell, 0 for empty, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Grid {
    /// The grid with every cell empty.
    pub fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// The digit in `cell`, if any. O(1).
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`. O(1).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// How many cells are filled. O(CELLS).
    pub fn givens(&self) -> usize {
        sudoku::givens(&self.cells)
    }

    /// The first clash in reading order: a digit that its row, column or box already holds.
    /// O(CELLS).
    pub fn first_clash(&self) -> Option<Clash> {
        sudoku::first_clash::<BOX>(&self.cells).map(|clash| clash.map(Digit::from_value))
    }

    /// Whether `self` keeps every given of `puzzle` (a completion must). O(CELLS).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        sudoku::extends(&self.cells, &puzzle.cells)
    }

    /// Whether every cell is filled and nothing clashes: a solved grid. O(CELLS).
    pub fn is_solved(&self) -> bool {
        sudoku::is_solved::<BOX>(&self.cells)
    }

    /// The grid as the judge prints it: `SIDE` lines of `SIDE` digits, `0` for empty.
    pub fn to_lines(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(CELLS + SIDE);
        for row in self.cells.chunks(SIDE) {
            out.extend(row.iter().map(|&v| b'0' + v));
            out.push(b'\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_sets() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        let (two, nine) = (Digit::new(2).unwrap(), Digit::new(9).unwrap());
        let set = DigitSet::EMPTY.with(nine).with(two);
        assert!(set.contains(two) && !set.contains(Digit::new(3).unwrap()));
        assert_eq!(set.iter().collect::<Vec<_>>(), [two, nine]);
        assert_eq!(DigitSet::ALL.without(set).len(), 7);
        assert!(set.without(set).is_empty());
    }

    #[test]
    fn clashes_givens_and_extension() {
        let mut g = Grid::empty();
        let five = Digit::new(5);
        g.set(Cell::at(1, 0), five);
        assert_eq!(g.givens(), 1);
        assert_eq!(g.first_clash(), None);
        g.set(Cell::at(2, 2), five);
        let clash = g.first_clash().unwrap();
        assert_eq!(clash.cell, Cell::at(2, 2));
        assert_eq!(clash.to_string(), "two 5s in box 1");
        g.set(Cell::at(2, 2), None);
        g.set(Cell::at(1, 8), five);
        assert_eq!(g.first_clash().unwrap().to_string(), "two 5s in row 2");
        let mut more = g;
        more.set(Cell::at(0, 0), Digit::new(1));
        assert!(more.extends(&g) && !g.extends(&more));
        assert_eq!(&g.to_lines()[SIDE + 1..2 * SIDE + 2], b"500000005\n");
    }
}
