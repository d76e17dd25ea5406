//! Plain 9x9 grid types: cells, digits, a grid of givens, and the clash test for givens.
//!
//! Cells are numbered row by row, and boxes likewise:
//!
//! ```text
//!   cell = 9 * row + column          box = 3 * (row / 3) + column / 3
//!    0  1  2 |  3  4  5 |  6  7  8      0 | 1 | 2
//!    9 10 11 | 12 ...                   --+---+--
//!   ...                                 3 | 4 | 5
//!   72 73 ...                 79 80     6 | 7 | 8
//! ```

/// A cell of the grid, `0..81` (see the module diagram).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u8);

impl Cell {
    /// All 81 cells in reading order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81u8).map(Cell)
    }
    /// The cell at `row`, `column` (both `0..9`). O(1).
    #[inline]
    pub fn at(row: usize, column: usize) -> Cell {
        debug_assert!(row < 9 && column < 9);
        Cell((9 * row + column) as u8)
    }
    /// Index `0..81`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// Row `0..9`.
    #[inline]
    pub fn row(self) -> usize {
        self.index() / 9
    }
    /// Column `0..9`.
    #[inline]
    pub fn column(self) -> usize {
        self.index() % 9
    }
    /// Box `0..9`.
    #[inline]
    pub fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.column() / 3
    }
    /// Whether two distinct cells share a row, column or box (they must differ in a solution).
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row() == other.row()
                || self.column() == other.column()
                || self.box_index() == other.box_index())
    }
}

/// A digit `1..=9` placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value`, or `None` unless `1 <= value <= 9`.
    #[inline]
    pub fn new(value: u8) -> Option<Digit> {
        if (1..=9).contains(&value) {
            Some(Digit(value))
        } else {
            None
        }
    }
    /// The digit with zero-based index `i` (`0..9` gives `1..=9`).
    #[inline]
    pub fn from_index(i: usize) -> Digit {
        debug_assert!(i < 9);
        Digit(i as u8 + 1)
    }
    /// The value `1..=9`.
    #[inline]
    pub fn get(self) -> u8 {
        self.0
    }
    /// The zero-based index `0..9`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
    /// The ASCII character `'1'..='9'`.
    #[inline]
    pub fn ascii(self) -> u8 {
        b'0' + self.0
    }
}

/// A 9x9 grid where each cell is empty or holds a digit: a puzzle, or a solution when full.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    /// `0` for an empty cell, else the digit `1..=9`, indexed by [`Cell::index`].
    cells: [u8; 81],
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s: String = self.cells.iter().map(|&v| (b'0' + v) as char).collect();
        write!(f, "Grid({})", s)
    }
}

/// Where two givens clash: the unit kind and the digit, found at `cell` (the later given).
/// Displays as one phrase, `digit 5 in column 9 repeats a given of its row` (the row is left
/// to the message around it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The later of the two clashing givens, in reading order.
    pub cell: Cell,
    /// The digit given twice.
    pub digit: Digit,
    /// `"row"`, `"column"` or `"box"`.
    pub unit: &'static str,
}

impl std::fmt::Display for Clash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "digit {} in column {} repeats a given of its {}",
            self.digit.get(),
            self.cell.column() + 1,
            self.unit
        )
    }
}

impl Grid {
    /// The grid with no givens.
    pub const fn empty() -> Grid {
        Grid { cells: [0; 81] }
    }

    /// The grid with these raw cells: `0` for empty, else `1..=9` (checked in debug builds).
    #[inline]
    pub fn from_values(cells: [u8; 81]) -> Grid {
        debug_assert!(cells.iter().all(|&v| v <= 9));
        Grid { cells }
    }

    /// The digit in `cell`, if any. O(1).
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`. O(1).
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The raw cells: `0` for empty, else `1..=9`.
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.cells
    }

    /// Number of filled cells. O(81).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Parses an 81-character line: `1`..`9` digits, `0` or `.` empty. `None` otherwise.
    pub fn from_line(line: &[u8]) -> Option<Grid> {
        if line.len() != 81 {
            return None;
        }
        let mut g = Grid::empty();
        for (v, &b) in g.cells.iter_mut().zip(line) {
            *v = match b {
                b'.' | b'0' => 0,
                b'1'..=b'9' => b - b'0',
                _ => return None,
            };
        }
        Some(g)
    }

    /// The grid as 81 characters, `0` for empty cells.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| (b'0' + v) as char).collect()
    }

    /// The first given (in reading order) that repeats a digit of an earlier given in its row,
    /// column or box, or `None` when the givens are consistent. O(81).
    pub fn first_clash(&self) -> Option<Clash> {
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for cell in Cell::all() {
            let digit = match self.get(cell) {
                Some(d) => d,
                None => continue,
            };
            let bit = 1u16 << digit.index();
            let units: [(&'static str, &mut u16); 3] = [
                ("row", &mut rows[cell.row()]),
                ("column", &mut cols[cell.column()]),
                ("box", &mut boxes[cell.box_index()]),
            ];
            for (unit, seen) in units {
                if *seen & bit != 0 {
                    return Some(Clash { cell, digit, unit });
                }
                *seen |= bit;
            }
        }
        None
    }

    /// Whether the grid is full and obeys every row, column and box. O(81).
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0) && self.first_clash().is_none()
    }

    /// Whether this full grid keeps every given of `puzzle`. O(81).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        puzzle
            .cells
            .iter()
            .zip(&self.cells)
            .all(|(&p, &s)| p == 0 || p == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] =
        b"103000509002109400000704000300502006060000050700803004000401000009205800804000107";
    const SAMPLE_SOLUTION: &[u8] =
        b"143628579572139468986754231391542786468917352725863914237481695619275843854396127";

    #[test]
    fn cell_coordinates() {
        let c = Cell::at(4, 7);
        assert_eq!(c.index(), 43);
        assert_eq!((c.row(), c.column(), c.box_index()), (4, 7, 5));
        assert!(c.sees(Cell::at(4, 0)));
        assert!(c.sees(Cell::at(0, 7)));
        assert!(c.sees(Cell::at(3, 6)));
        assert!(!c.sees(Cell::at(2, 6)));
        assert!(!c.sees(c));
        assert_eq!(Cell::all().filter(|&o| c.sees(o)).count(), 20);
    }

    #[test]
    fn digits() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        let d = Digit::new(7).unwrap();
        assert_eq!((d.get(), d.index(), d.ascii()), (7, 6, b'7'));
        assert_eq!(Digit::from_index(6), d);
    }

    #[test]
    fn lines_round_trip() {
        let g = Grid::from_line(SAMPLE).unwrap();
        assert_eq!(g.to_line().as_bytes(), SAMPLE);
        assert_eq!(g.givens(), 30);
        let dots: Vec<u8> = SAMPLE
            .iter()
            .map(|&b| if b == b'0' { b'.' } else { b })
            .collect();
        assert_eq!(Grid::from_line(&dots), Some(g));
        assert_eq!(Grid::from_line(&SAMPLE[1..]), None);
        let mut bad = SAMPLE.to_vec();
        bad[5] = b'x';
        assert_eq!(Grid::from_line(&bad), None);
    }

    #[test]
    fn solved_and_extends() {
        let p = Grid::from_line(SAMPLE).unwrap();
        let s = Grid::from_line(SAMPLE_SOLUTION).unwrap();
        assert!(s.is_solved());
        assert!(!p.is_solved());
        assert!(s.extends(&p));
        let mut t = s;
        t.set(Cell(0), Digit::new(2));
        assert!(!t.is_solved());
        assert!(!t.extends(&p));
    }

    #[test]
    fn clashes_name_the_later_given() {
        let mut g = Grid::empty();
        g.set(Cell::at(2, 1), Digit::new(5));
        g.set(Cell::at(2, 8), Digit::new(5));
        let c = g.first_clash().unwrap();
        assert_eq!((c.cell, c.digit.get(), c.unit), (Cell::at(2, 8), 5, "row"));
        assert_eq!(
            c.to_string(),
            "digit 5 in column 9 repeats a given of its row"
        );

        let mut g = Grid::empty();
        g.set(Cell::at(0, 4), Digit::new(3));
        g.set(Cell::at(7, 4), Digit::new(3));
        assert_eq!(g.first_clash().unwrap().unit, "column");

        let mut g = Grid::empty();
        g.set(Cell::at(3, 3), Digit::new(9));
        g.set(Cell::at(5, 5), Digit::new(9));
        assert_eq!(g.first_clash().unwrap().unit, "box");

        assert_eq!(Grid::from_line(SAMPLE).unwrap().first_clash(), None);
    }
}
