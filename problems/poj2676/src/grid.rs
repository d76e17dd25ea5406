//! The plain 9x9 grid of givens, read and written as lines, and its clash test; cells, digits
//! and clashes are the shared [`sudoku`] crate's for 3x3 boxes (its diagram numbers cells,
//! boxes and units).

/// A cell of the grid, `0..81` (see the module diagram): `Cell::at`, `.row()`, `.column()`,
/// `.box_index()`, `.index()`, `.sees()`, `Cell::all()`.
pub type Cell = sudoku::Cell<3>;

/// Where two givens clash: the later given, its digit and the unit ([`sudoku::Unit`]) they
/// share. Displays as `two 5s in row 3`.
pub type Clash = sudoku::Clash<3, Digit>;

/// A digit `1..=9` placed in a cell: the shared [`sudoku::Digit`] (`Digit::new(value)`,
/// `.get()`, `Digit::from_index`, `.index()`; displays as the digit).
pub type Digit = sudoku::Digit<3>;

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
        sudoku::givens(&self.cells)
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
        sudoku::first_clash::<3>(&self.cells).map(|clash| clash.map(Digit::from_value))
    }

    /// Whether the grid is full and obeys every row, column and box. O(81).
    pub fn is_solved(&self) -> bool {
        sudoku::is_solved::<3>(&self.cells)
    }

    /// Whether this full grid keeps every given of `puzzle`. O(81).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        sudoku::extends(&self.cells, &puzzle.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Unit;

    const SAMPLE: &[u8] =
        b"103000509002109400000704000300502006060000050700803004000401000009205800804000107";
    const SAMPLE_SOLUTION: &[u8] =
        b"143628579572139468986754231391542786468917352725863914237481695619275843854396127";

    #[test]
    fn digits() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        let d = Digit::new(7).unwrap();
        assert_eq!((d.get(), d.index(), d.to_string()), (7, 6, "7".to_string()));
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
        t.set(Cell::at(0, 0), Digit::new(2));
        assert!(!t.is_solved());
        assert!(!t.extends(&p));
    }

    #[test]
    fn clashes_name_the_digit_and_unit() {
        // The geometry is the sudoku crate's (tested there); this checks the digits it names.
        let mut g = Grid::empty();
        g.set(Cell::at(0, 4), Digit::new(3));
        g.set(Cell::at(7, 4), Digit::new(3));
        let c = g.first_clash().unwrap();
        assert_eq!(
            (c.cell, c.digit, c.unit),
            (Cell::at(7, 4), Digit::new(3).unwrap(), Unit::Column)
        );
        assert_eq!(c.to_string(), "two 3s in column 5");
        assert_eq!(Grid::from_line(SAMPLE).unwrap().first_clash(), None);
    }
}
