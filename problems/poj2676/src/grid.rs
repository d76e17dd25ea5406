//! The grid as 27 band planes, the bit layout every module uses; cells, digits and clashes
//! are the shared [`sudoku`] crate's for 3x3 boxes (its diagram numbers cells, boxes and units).

/// A cell of the grid, `0..81` (see the module diagram): `Cell::at`, `.row()`, `.column()`,
/// `.box_index()`, `.index()`, `.sees()`, `Cell::all()`.
pub type Cell = sudoku::Cell<3>;

/// Where two givens clash: the later given, its digit and the unit ([`sudoku::Unit`]) they
/// share. Displays as `two 5s in row 3`.
pub type Clash = sudoku::Clash<3, Digit>;

/// A digit `1..=9` placed in a cell: the shared [`sudoku::Digit`] (`Digit::new(value)`,
/// `.get()`, `Digit::from_index`, `.index()`; displays as the digit).
pub type Digit = sudoku::Digit<3>;

/// A 9x9 grid where each cell is empty or holds a digit, as 27 band planes: a puzzle's
/// givens, or a solution when full.
///
/// The grid is three horizontal bands of 27 cells. A band plane is one `u32`: the cells of one
/// band that hold one digit (here), or where it may still go (the solver's candidates, in the
/// same layout). Planes are indexed band-major, `plane_index(band, digit) = 9 * band +
/// digit index`, so that one band's nine planes are contiguous:
///
/// ```text
///   planes: [b0d0 b0d1 .. b0d8 | b1d0 .. b1d8 | b2d0 .. b2d8]
///
///   plane word, bit = 9 * row_in_band + column (bits 27..32 stay zero)
///           col 0 1 2   3 4 5   6 7 8
///   row 0:      0 1 2 | 3 4 5 | 6 7 8       ROW  = row 0, bits 0..9
///   row 1:      9 . . | . . . | . . 17      BAND = all 27 cells
///   row 2:     18 . . | . . . | . . 26
///
///   row r, box k of a band = a "minirow" of 3 cells: bits 9r + 3k ..= 9r + 3k + 2
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Grid {
    /// The plane of band `b` and digit index `d` at [`plane_index`]`(b, d)`; a cell is in at
    /// most one plane.
    pub(crate) planes: [u32; 27],
}

/// All 27 cells of a band plane.
pub const BAND: u32 = (1 << 27) - 1;
/// The 9 cells of row 0 of a band plane (row `r` is `ROW << 9 * r`).
pub const ROW: u32 = 0x1ff;

/// Index of the plane of digit index `d` (`0..9`) in band `b` (`0..3`). O(1).
#[inline(always)]
pub fn plane_index(b: usize, d: usize) -> usize {
    9 * b + d
}

/// Band and band bit of `cell`.
#[inline]
fn band_bit(cell: Cell) -> (usize, u32) {
    (cell.row() / 3, 1 << (9 * (cell.row() % 3) + cell.column()))
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl Grid {
    /// The grid with no givens.
    pub const fn empty() -> Grid {
        Grid { planes: [0; 27] }
    }

    /// The grid with these raw cells, in reading order: `0` for empty, else `1..=9` (checked
    /// in debug builds). O(81).
    pub fn from_values(values: [u8; 81]) -> Grid {
        debug_assert!(values.iter().all(|&v| v <= 9));
        let mut g = Grid::empty();
        for (b, band) in values.chunks_exact(27).enumerate() {
            for (k, &v) in band.iter().enumerate() {
                if v != 0 {
                    g.planes[plane_index(b, v as usize - 1)] |= 1 << k;
                }
            }
        }
        g
    }

    /// The raw cells, in reading order: `0` for empty, else `1..=9`. O(81).
    pub fn to_values(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (i, &plane) in self.planes.iter().enumerate() {
            for k in bits::ones(plane) {
                values[27 * (i / 9) + k as usize] = (i % 9 + 1) as u8;
            }
        }
        values
    }

    /// The digit in `cell`, if any. O(9).
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        let (b, bit) = band_bit(cell);
        let band = &self.planes[plane_index(b, 0)..plane_index(b, 9)];
        let d = band.iter().position(|&p| p & bit != 0)?;
        Some(Digit::from_index(d))
    }

    /// Puts `digit` in `cell`, or empties it with `None`. O(9).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let (b, bit) = band_bit(cell);
        for p in &mut self.planes[plane_index(b, 0)..plane_index(b, 9)] {
            *p &= !bit;
        }
        if let Some(d) = digit {
            self.planes[plane_index(b, d.index())] |= bit;
        }
    }

    /// Number of filled cells. O(27).
    pub fn givens(&self) -> usize {
        self.planes.iter().map(|p| p.count_ones() as usize).sum()
    }

    /// Parses an 81-character line: `1`..`9` digits, `0` or `.` empty. `None` otherwise.
    pub fn from_line(line: &[u8]) -> Option<Grid> {
        if line.len() != 81 {
            return None;
        }
        let mut values = [0u8; 81];
        for (v, &b) in values.iter_mut().zip(line) {
            *v = match b {
                b'.' | b'0' => 0,
                b'1'..=b'9' => b - b'0',
                _ => return None,
            };
        }
        Some(Grid::from_values(values))
    }

    /// The grid as 81 characters, `0` for empty cells.
    pub fn to_line(&self) -> String {
        self.to_values()
            .iter()
            .map(|&v| (b'0' + v) as char)
            .collect()
    }

    /// The first given (in reading order) that repeats a digit of an earlier given in its row,
    /// column or box, or `None` when the givens are consistent. O(81).
    pub fn first_clash(&self) -> Option<Clash> {
        sudoku::first_clash::<3>(&self.to_values()).map(|clash| clash.map(Digit::from_value))
    }

    /// Whether the grid is full and obeys every row, column and box. O(81).
    pub fn is_solved(&self) -> bool {
        sudoku::is_solved::<3>(&self.to_values())
    }

    /// Whether this full grid keeps every given of `puzzle`. O(81).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        sudoku::extends(&self.to_values(), &puzzle.to_values())
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
        // Cell 0 holds 1: band 0, digit index 0, bit 0; cell 80 holds 7: band 2, bit 26.
        assert_eq!(g.planes[0] & 1, 1);
        assert_eq!(g.planes[18 + 6] >> 26, 1);
        assert_eq!(Grid::from_values(g.to_values()), g);
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
        assert_eq!(t.get(Cell::at(0, 0)), Digit::new(2));
        assert!(!t.is_solved());
        assert!(!t.extends(&p));
        t.set(Cell::at(8, 8), None);
        assert_eq!((t.get(Cell::at(8, 8)), t.givens()), (None, 80));
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
