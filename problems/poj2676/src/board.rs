//! The search's state at a node: band planes of candidates, and the placements they force.
//!
//! Processing a plane keeps only its minirows on some (row -> box) permutation
//! ([`tables::on_permutations`]), then a row left with one cell places the digit there: the
//! cell leaves every other digit's plane, and its column leaves the digit's planes in the
//! other two bands. A box left with one cell is caught too, as the permutation pruning then
//! leaves its row a single minirow. Givens are placed so when the board is built. Changed
//! planes are found by comparing all 27 against their last processed state at once (SSE2 on
//! x86_64), round by round.

use crate::bands::{columns, given_columns, nonempty_rows, row_of, single_rows, spread_columns};
use crate::grid::{plane_index, Grid, BAND};
use crate::lanes::{differing, holding, LANES};
use crate::tables::{self, SAME_DIGIT};

/// `Board::seen` before any plane is processed: no plane equals it; the pad lane matches.
const SEEN_NONE: [u32; LANES] = {
    let mut s = [!0; LANES];
    s[LANES - 1] = 0;
    s
};

/// The candidates of a whole grid: 27 band planes plus the unplaced cells of each band.
///
/// Invariant after [`Board::propagate`]: a placed cell (one not in `unsolved`) is in the plane
/// of its digit only, and that digit has no other cell in its row, box or column.
#[derive(Clone, Copy)]
pub struct Board {
    /// The cells of band `b` open to digit index `d` at [`plane_index`]`(b, d)`, laid out as
    /// in [`Grid`]; the last word is a pad that stays zero (see [`LANES`]).
    pub planes: [u32; LANES],
    /// Each plane as it was when last processed; `!0` (never a plane) before the first time.
    seen: [u32; LANES],
    /// Cells of each band with no digit placed yet.
    pub unsolved: [u32; 3],
}

impl Board {
    /// The board of `givens`, not yet propagated; `None` when a cell is given two digits or
    /// a column a digit twice. Givens count as placed: they leave the other digits' planes,
    /// and their digit's planes keep nothing else in their rows and columns (their boxes
    /// follow from the first round's permutation pruning). O(27) word operations.
    pub fn new(givens: &Grid) -> Option<Board> {
        let mut planes = [0u32; LANES];
        planes[..27].copy_from_slice(&givens.planes);
        let given_columns = given_columns(&planes)?;
        let mut unsolved = [BAND; 3];
        for b in 0..3 {
            let mine = &mut planes[9 * b..9 * b + 9];
            let (mut given, mut twice) = (0, 0);
            for &m in mine.iter() {
                twice |= given & m;
                given |= m;
            }
            if twice != 0 {
                return None;
            }
            unsolved[b] = BAND & !given;
            for (d, p) in mine.iter_mut().enumerate() {
                let m = *p;
                let taken = given | nonempty_rows(m) | given_columns[d];
                *p = BAND & !(taken & !m);
            }
        }
        Some(Board {
            planes,
            seen: SEEN_NONE,
            unsolved,
        })
    }

    /// Places digit index `d` in band `b` at `bit` by emptying the rest of its row. O(1).
    #[inline(always)]
    pub fn assign(&mut self, d: usize, b: usize, bit: u32) {
        self.planes[plane_index(b, d)] &= !(row_of(bit) & !bit);
    }

    /// The planes that differ from `seen`, as a set of plane indices. O(1): seven vector
    /// compares.
    #[inline(always)]
    fn changed(&self) -> u32 {
        // The pad never differs; saying so lets the compiler drop index checks downstream.
        differing(&self.planes, &self.seen) & ((1 << 27) - 1)
    }

    /// Processes changed planes until none is left. `false` on a contradiction. With
    /// `BRANCH_FREE`, a plane's placements are applied even when it places nothing (a no-op
    /// then): on hard puzzles about half the planes place a cell, and a branch on it is
    /// mispredicted that often; puzzles that guess few cells place more predictably.
    /// O(27) per round plus O(1) per changed plane.
    #[inline(always)]
    pub fn propagate<const BRANCH_FREE: bool>(&mut self) -> bool {
        let mut todo = self.changed();
        loop {
            if todo == 0 {
                return true;
            }
            // Only placements change other planes: a round without one ends propagation.
            let mut any_placed = 0;
            while todo != 0 {
                let i = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let plane = self.planes[i];
                let plane = tables::on_permutations(plane);
                if plane == 0 {
                    return false;
                }
                let b = i / 9;
                let placed = single_rows(plane) & self.unsolved[b];
                any_placed |= placed;
                if BRANCH_FREE || placed != 0 {
                    self.unsolved[b] &= !placed;
                    // Placed cells leave every plane of the band (this one is rewritten below).
                    for p in &mut self.planes[9 * b..9 * b + 9] {
                        *p &= !placed;
                    }
                    let columns = spread_columns(columns(placed));
                    let [j, k] = SAME_DIGIT[i];
                    self.planes[j as usize] &= !columns;
                    self.planes[k as usize] &= !columns;
                }
                self.planes[i] = plane;
                self.seen[i] = plane;
            }
            todo = if any_placed != 0 { self.changed() } else { 0 };
        }
    }

    /// Keeps digit index `d` in stack `s` to the columns of permutation `k` of the stack (as
    /// numbered in [`Next::SplitStack`](crate::rules::Next::SplitStack)) in every band. O(1).
    #[inline(always)]
    pub fn keep_stack_permutation(&mut self, d: usize, s: usize, k: u32) {
        let (j, step) = if k < 3 { (k, 1) } else { (k - 3, 2) };
        for b in 0..3 {
            let column = 3 * s as u32 + (j + step * b as u32) % 3;
            let others = 7 << (3 * s) & !(1 << column);
            self.planes[plane_index(b, d)] &= !spread_columns(others);
        }
    }

    /// The candidate digits (bit `d` for digit index `d`) of the cell at `bit` in band `b`.
    #[inline]
    pub fn digits_at(&self, b: usize, bit: u32) -> u32 {
        holding(&self.planes, plane_index(b, 0), bit)
    }

    /// How many cells hold no digit yet.
    #[inline(always)]
    pub fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// The solution held by a solved board.
    pub fn solution(&self) -> Grid {
        let mut planes = [0u32; 27];
        planes.copy_from_slice(&self.planes[..27]);
        Grid { planes }
    }
}
