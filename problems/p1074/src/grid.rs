//! The 9x9 grid of P1074: digits, the grid of givens (clash test, score), and the tables the
//! search reads: rows, columns, boxes, target weights, units and digit sets.
//!
//! Cells, boxes and units are numbered as in the shared [`sudoku`] crate (3x3 boxes; its
//! diagram). A cell's target weight is 10 minus its Chebyshev distance to the centre, and the
//! score of a grid is the sum of weight times digit:
//!
//! ```text
//!   weights
//!   6 6 6 6 6 6 6 6 6
//!   6 7 7 7 7 7 7 7 6
//!   6 7 8 8 8 8 8 7 6
//!   6 7 8 9 9 9 8 7 6
//!   6 7 8 9 X 9 8 7 6  (X = 10)
//!   ...
//! ```
//!
//! Inside the crate a cell is its raw row-major index, a `usize` `0..81`
//! (`crate::Cell::index`), and a digit its raw value, a `u8` `1..=9` (`crate::Digit::get`; `0`
//! is an empty cell): what the search's hot loops index the tables with. The names `Cell` and
//! `Digit` are the public shared newtypes', converted at the boundary; the raw forms have no
//! alias of their own, as every use of a name costs the size-capped bundle its length.

#[cfg(not(cargo_equip))]
use std::fmt;

/// Number of cells.
pub const CELLS: usize = 81;

/// A set of digits in one word, bit `d` standing for digit `d` (each operation is a word
/// operation or two, which the compiler inlines):
///
/// ```text
///   bit: 15 .. 10   9   8   7   6   5   4   3   2   1   0
///        (unused)  d9  d8  d7  d6  d5  d4  d3  d2  d1  (unused)
/// ```
///
/// The set the shared `sudoku::DigitSet<3>` holds, one bit higher (that one has digit `d` at
/// bit `d - 1`): here a raw digit shifts straight to its bit, and the submission keeps its
/// own type so its bundle leaves the shared crate out.
///
/// Used both for "digits still possible in a cell" and "digits already used in a unit".
/// Every operation is O(1) except iteration, O(size).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct DigitSet(pub u16);

impl DigitSet {
    /// The empty set.
    pub const NONE: Self = Self(0);
    /// All nine digits.
    pub const ALL: Self = Self(0b11_1111_1110);

    /// The set `{d}`. Requires `1 <= d <= 9`.
    pub fn single(d: u8) -> Self {
        Self(1 << d)
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: u8) -> bool {
        self.0 >> d & 1 != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of digits in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds exactly one digit.
    pub fn is_single(self) -> bool {
        bits::Word::is_single(self.0)
    }

    /// The largest digit, or 0 for the empty set.
    pub fn highest(self) -> u8 {
        if self.0 == 0 {
            0
        } else {
            bits::Word::highest_index(self.0) as u8
        }
    }

    /// The set without `other`'s digits.
    pub fn minus(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }

    /// The union of both sets.
    pub fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// The digits common to both sets.
    pub fn intersect(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// The complement within `1..=9`.
    pub fn complement(self) -> Self {
        Self(!self.0 & Self::ALL.0)
    }

    /// The digits, largest first.
    pub fn high_first(self) -> impl Iterator<Item = u8> {
        bits::ones_rev(self.0).map(|d| d as u8)
    }
}

/// Row of each cell, `0..9`.
pub const ROW: [u8; CELLS] = geometry(0);
/// Column of each cell, `0..9`.
pub const COL: [u8; CELLS] = geometry(1);
/// Box of each cell, `0..9`, numbered row-major (box 0 top left, box 8 bottom right).
pub const BOX: [u8; CELLS] = geometry(2);
/// Target weight of each cell: 10 minus the Chebyshev distance to the centre, so 6..=10. The
/// submission scores through [`crate::objective`] and leaves it out.
#[cfg(not(cargo_equip))]
pub const WEIGHT: [u8; CELLS] = weights();

const fn geometry(which: u8) -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (r, k) = (c / 9, c % 9);
        t[c] = match which {
            0 => r as u8,
            1 => k as u8,
            _ => (r / 3 * 3 + k / 3) as u8,
        };
        c += 1;
    }
    t
}

#[cfg(not(cargo_equip))]
const fn weights() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let dr = (c / 9).abs_diff(4);
        let dc = (c % 9).abs_diff(4);
        t[c] = (10 - if dr > dc { dr } else { dc }) as u8;
        c += 1;
    }
    t
}

/// The 20 peers of each cell (the other cells of its row, column and box), in reading order.
pub const PEERS: [[u8; 20]; CELLS] = peers();

const fn peers() -> [[u8; 20]; CELLS] {
    let mut t = [[0u8; 20]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (r, k) = (c / 9, c % 9);
        let (mut n, mut p) = (0, 0);
        while p < CELLS {
            let (pr, pk) = (p / 9, p % 9);
            let same_box = r / 3 == pr / 3 && k / 3 == pk / 3;
            if p != c && (r == pr || k == pk || same_box) {
                t[c][n] = p as u8;
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    t
}

/// The 27 units (rows 0..9, columns 9..18, boxes 18..27), each listing its nine cells.
pub const UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (9 * i + j) as u8;
            u[9 + i][j] = (9 * j + i) as u8;
            u[18 + i][j] = (9 * (i / 3 * 3 + j / 3) + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
}

/// A 9x9 grid where each cell is empty or holds a digit: the givens, or a completion.
///
/// The array holds `0` for an empty cell, else the digit `1..=9`, indexed by
/// `crate::Cell::index`; it is public so the search can copy it in and out of its board
/// without conversion.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grid(pub [u8; CELLS]);

/// Two equal givens in one unit: the later one in reading order, its digit and the unit
/// ([`sudoku::Unit`]). Displays as one phrase, e.g. `two 5s in row 3`.
#[cfg(not(cargo_equip))]
pub type Clash = sudoku::Clash<3, crate::Digit>;

impl Grid {
    /// Number of filled cells. O(81).
    pub fn givens(&self) -> usize {
        // Counted here, not by `sudoku::givens`: the submission then needs nothing of the
        // sudoku crate, and its bundle leaves the crate out.
        self.0.iter().filter(|&&d| d != 0).count()
    }
}

// The grid's operations for tools and tests: the submission itself reads a grid, solves it
// and prints a number, so the bundle leaves these out.
#[cfg(not(cargo_equip))]
impl Grid {
    /// The grid with no givens.
    pub const fn empty() -> Grid {
        Grid([0; CELLS])
    }

    /// The target score: the sum over all cells of weight times digit (empty cells count 0).
    /// O(81).
    pub fn score(&self) -> u32 {
        self.0
            .iter()
            .zip(WEIGHT.iter())
            .map(|(&d, &w)| u32::from(d) * u32::from(w))
            .sum()
    }

    /// The digit in `cell`, if any. O(1).
    #[inline]
    pub fn get(&self, cell: crate::Cell) -> Option<crate::Digit> {
        crate::Digit::new(self.0[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`. O(1).
    #[inline]
    pub fn set(&mut self, cell: crate::Cell, digit: Option<crate::Digit>) {
        self.0[cell.index()] = digit.map_or(0, crate::Digit::get);
    }

    /// The first given (in reading order) that repeats the digit of an earlier given in its
    /// row, column or box, or `None` when the givens are consistent. O(81).
    pub fn first_clash(&self) -> Option<Clash> {
        sudoku::first_clash::<3>(&self.0).map(|clash| clash.map(crate::Digit::from_value))
    }

    /// Whether the grid is full and obeys every row, column and box. O(81).
    pub fn is_solved(&self) -> bool {
        sudoku::is_solved::<3>(&self.0)
    }

    /// Whether this grid keeps every given of `puzzle` (it may fill more). O(81).
    pub fn extends(&self, puzzle: &Grid) -> bool {
        sudoku::extends(&self.0, &puzzle.0)
    }

    /// Nine lines of nine digits separated by spaces, the judge's input format. O(81).
    pub fn to_lines(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * CELLS);
        for (c, &d) in self.0.iter().enumerate() {
            out.push(b'0' + d);
            out.push(if c % 9 == 8 { b'\n' } else { b' ' });
        }
        out
    }
}

// Diagnostics only (test messages, tools): the submission prints a score, not a grid.
#[cfg(not(cargo_equip))]
impl fmt::Display for Grid {
    /// [`Grid::to_lines`] as text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.to_lines()))
    }
}

/// [`tests::shuffled_full`], for the tests of every module.
#[cfg(test)]
pub(crate) use tests::shuffled_full;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cell, Digit};

    /// A valid full grid, shuffled by digit relabelling and row/column swaps within bands and
    /// stacks that keep it valid, driven by the shared SplitMix64 (tests of every module).
    pub(crate) fn shuffled_full(seed: u64) -> Grid {
        let mut rng = rng::Rng::new(seed);
        let mut g: Vec<u8> = (0..81)
            .map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9 + 1) as u8)
            .collect();
        let mut relabel: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut relabel);
        for d in g.iter_mut() {
            *d = relabel[*d as usize - 1];
        }
        for _ in 0..20 {
            let band = rng.below(3) * 3;
            let (a, b) = (band + rng.below(3), band + rng.below(3));
            for k in 0..9 {
                g.swap(9 * a + k, 9 * b + k);
            }
            for k in 0..9 {
                g.swap(9 * k + a, 9 * k + b);
            }
        }
        let mut grid = Grid::empty();
        grid.0.copy_from_slice(&g);
        grid
    }

    use sudoku::Unit;

    /// A valid full grid: a shifted pattern.
    fn pattern() -> Grid {
        let mut g = Grid::empty();
        for (c, d) in g.0.iter_mut().enumerate() {
            *d = ((c / 9 * 3 + c / 27 + c % 9) % 9 + 1) as u8;
        }
        g
    }

    #[test]
    fn digit_sets() {
        let s = DigitSet::single(3)
            .union(DigitSet::single(9))
            .union(DigitSet::single(1));
        assert_eq!(s.0, 0b10_0000_1010);
        assert_eq!(s.len(), 3);
        assert_eq!(s.highest(), 9);
        assert_eq!(DigitSet::NONE.highest(), 0);
        assert!(s.contains(3) && !s.contains(2));
        assert_eq!(s.high_first().collect::<Vec<_>>(), [9, 3, 1]);
        assert_eq!(s.complement().len(), 6);
        assert!(s
            .minus(DigitSet::single(9))
            .minus(DigitSet::single(1))
            .is_single());
        assert_eq!(DigitSet::ALL.len(), 9);
    }

    #[test]
    fn geometry_tables() {
        assert_eq!((ROW[40], COL[40], BOX[40], WEIGHT[40]), (4, 4, 4, 10));
        assert_eq!((ROW[80], COL[80], BOX[80], WEIGHT[80]), (8, 8, 8, 6));
        assert_eq!(
            (BOX[5], BOX[27], BOX[58], WEIGHT[10], WEIGHT[30]),
            (1, 3, 7, 7, 9)
        );
        let weights: u32 = WEIGHT.iter().map(|&w| u32::from(w)).sum();
        assert_eq!(weights, 32 * 6 + 24 * 7 + 16 * 8 + 8 * 9 + 10);
        for (i, unit) in UNITS.iter().enumerate() {
            for &c in unit {
                let c = c as usize;
                let owner = [ROW[c], 9 + COL[c], 18 + BOX[c]];
                assert!(owner.contains(&(i as u8)));
            }
        }
        for (c, peers) in PEERS.iter().enumerate() {
            let shares = |p: usize| ROW[p] == ROW[c] || COL[p] == COL[c] || BOX[p] == BOX[c];
            let all: Vec<usize> = (0..CELLS).filter(|&p| p != c && shares(p)).collect();
            let listed: Vec<usize> = peers.iter().map(|&p| p as usize).collect();
            assert_eq!(listed, all, "cell {}", c);
        }
    }

    #[test]
    fn cells_agree_with_the_tables() {
        let c = Cell::at(4, 7);
        assert_eq!(c.index(), 43);
        assert_eq!((c.row(), c.column(), c.box_index()), (4, 7, 5));
        for cell in Cell::all() {
            let i = cell.index();
            assert_eq!(Cell::from_index(i), cell);
            assert_eq!(cell.row(), ROW[i] as usize);
            assert_eq!(cell.column(), COL[i] as usize);
            assert_eq!(cell.box_index(), BOX[i] as usize);
        }
        assert_eq!(Cell::all().count(), CELLS);
    }

    #[test]
    fn digits() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::new(7).map(Digit::get), Some(7));
        let mut g = Grid::empty();
        g.set(Cell::at(1, 2), Digit::new(7));
        assert_eq!(g.0[11], 7);
        assert_eq!(g.get(Cell::at(1, 2)), Digit::new(7));
        assert_eq!(g.get(Cell::at(0, 0)), None);
        g.set(Cell::at(1, 2), None);
        assert_eq!(g, Grid::empty());
    }

    #[test]
    fn clashes_name_the_digit_and_unit() {
        // The geometry is the sudoku crate's (tested there); this checks the digits it names.
        let mut g = Grid::empty();
        g.set(Cell::at(3, 3), Digit::new(9));
        g.set(Cell::at(5, 5), Digit::new(9));
        let c = g.first_clash().unwrap();
        assert_eq!(
            (c.cell, c.digit.get(), c.unit),
            (Cell::at(5, 5), 9, Unit::Box)
        );
        assert_eq!(c.to_string(), "two 9s in box 5");
        assert_eq!(pattern().first_clash(), None);
    }

    #[test]
    fn solved_extends_and_scores() {
        let full = pattern();
        assert!(full.is_solved());
        assert_eq!(full.givens(), 81);
        assert!(full.extends(&Grid::empty()));
        assert!(!Grid::empty().is_solved());
        let mut puzzle = Grid::empty();
        puzzle.set(Cell::at(0, 0), full.get(Cell::at(0, 0)));
        assert!(full.extends(&puzzle));
        puzzle.set(Cell::at(0, 0), Digit::new(full.0[0] % 9 + 1));
        assert!(!full.extends(&puzzle));
        let mut broken = full;
        broken.0[0] = broken.0[1];
        assert!(!broken.is_solved());
        let plain: u32 = (0..CELLS)
            .map(|c| u32::from(full.0[c]) * u32::from(WEIGHT[c]))
            .sum();
        assert_eq!(full.score(), plain);
        assert_eq!(Grid::empty().score(), 0);
    }
}
