//! The search: per-digit band bitboards, band-local permutation pruning, singles, bivalue guesses.
//!
//! The grid is three horizontal bands of 27 cells. For each digit and band one `u32` holds the
//! cells of that band where the digit may still go ("plane"):
//!
//! ```text
//!   plane word (bits 27..31 stay zero)      row r, box k of a band = a "minirow"
//!   bit = 9 * row_in_band + column          of 3 cells: bits 9r + 3k ..= 9r + 3k + 2
//!           col 0 1 2   3 4 5   6 7 8
//!   row 0:      0 1 2 | 3 4 5 | 6 7 8       planes are indexed 9 * band + digit:
//!   row 1:      9 . . | . . . | . . 17        [b0d0 b0d1 .. b0d8 b1d0 .. b2d8]
//!   row 2:     18 . . | . . . | . . 26
//! ```
//!
//! Within a band a digit fills one minirow in each row and one in each box: a permutation of
//! the 3x3 (row, box) minirow grid. Processing a plane keeps only the minirows that lie on some
//! permutation still possible (a 512-entry table indexed by a multiply hash of the non-empty
//! minirows: pointing/claiming and more in one step), then a row left with one cell places the
//! digit there: the cell leaves every other digit's plane, and its column leaves the digit's
//! planes in the other two bands. A box left with one cell is caught too, as the permutation
//! pruning then leaves its row a single minirow. Givens are placed so when the board is built.
//! Changed planes are found by comparing all 27 against their last processed state at once
//! (SSE2 on x86_64), round by round. When no plane changes any more, a bit-sliced count over
//! the nine planes (SSE2) finds cells with no candidate (dead end) and cells with one; else
//! the stack rule (the band rule turned vertical: per digit and stack a (band -> column)
//! permutation, four digits per vector) prunes columns; else a cell with two candidates (or
//! the fewest) is guessed on, depth first.

use crate::band_grid::BandGrid;
#[cfg(target_arch = "x86_64")]
use crate::lanes::U32x4;
use crate::lanes::{covered_once_twice, covered_to_thrice, differing, holding, Lanes, LANES};
use bits::Word;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The 9 cells of row `r` of a band.
const ROW: u32 = 0x1ff;

/// For an occupancy of the 9 minirows (bit `3 * row + box`): the band cells of the minirows
/// that lie on some (row -> box) permutation inside the occupancy; 0 when none does.
#[cfg(test)]
const PERMUTATION_KEEP: [u32; 512] = permutation_keep();
/// [`PERMUTATION_KEEP`] indexed by [`minirow_index`] instead.
const KEEP_BY_MINIROW_INDEX: [u32; 512] = keep_by_minirow_index();
/// The same for any 3x3 bit matrix (bit `3 * i + j`): the entries on some permutation
/// inside it, as a matrix; 0 when none. The reference for [`stack_rule`] in tests.
#[cfg(test)]
const PERMUTATION_KEEP_3X3: [u16; 512] = permutation_keep_3x3();

const fn permutation_keep() -> [u32; 512] {
    // The six permutations as (box of row 0, box of row 1, box of row 2).
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut p = 0;
        while p < 6 {
            let mut minirows = 0usize;
            let mut r = 0;
            while r < 3 {
                minirows |= 1 << (3 * r + PERMS[p][r]);
                r += 1;
            }
            if occ & minirows == minirows {
                let mut m = 0;
                while m < 9 {
                    if minirows >> m & 1 != 0 {
                        // minirow (r, k) = bits 9r + 3k ..= 9r + 3k + 2
                        t[occ] |= 7 << (9 * (m / 3) + 3 * (m % 3));
                    }
                    m += 1;
                }
            }
            p += 1;
        }
        occ += 1;
    }
    t
}

const fn keep_by_minirow_index() -> [u32; 512] {
    let keep = permutation_keep();
    let mut t = [0u32; 512];
    let mut filled = [false; 512];
    let mut occupancy = 0;
    while occupancy < 512 {
        // Minirow m = 3 * row + box starts at band bit 3m: its flag is bit 3m + 2.
        let mut flags = 0u32;
        let mut m = 0;
        while m < 9 {
            if occupancy >> m & 1 != 0 {
                flags |= 1 << (3 * m + 2);
            }
            m += 1;
        }
        let index = index_of_minirow_flags(flags);
        assert!(!filled[index], "MINIROW_HASH must be one-to-one");
        filled[index] = true;
        t[index] = keep[occupancy];
        occupancy += 1;
    }
    t
}

#[cfg(test)]
const fn permutation_keep_3x3() -> [u16; 512] {
    let cells = permutation_keep();
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut m = 0;
        while m < 9 {
            // Entry m is kept when the first cell of its minirow is.
            if cells[occ] >> (9 * (m / 3) + 3 * (m % 3)) & 1 != 0 {
                t[occ] |= 1 << m;
            }
            m += 1;
        }
        occ += 1;
    }
    t
}

/// The stack rule on the planes of one digit (per lane) in bands 0, 1, 2: the digit's columns
/// per band (`present`) and those on some (band -> column) permutation of their stack
/// (`keep`), or `None` when a box has no column left. Branch-free.
///
/// ```text
///   columns, bit 9 * band + column:         keep (b, j) iff A(b, j) and, with j+1, j+2 taken
///   band 0:  c0 .. c8  (bits 0..9)          mod 3 inside the stack,
///   band 1:  c0 .. c8  (bits 9..18)           A(b+1, j+1) A(b+2, j+2)  or  A(b+1, j+2) A(b+2, j+1)
///   band 2:  c0 .. c8  (bits 18..27)        rotations: bands by 9-bit fields, j by 3-bit groups
/// ```
#[inline(always)]
fn stack_rule<V: Lanes>(planes: [V; 3]) -> Option<(V, V)> {
    let columns = |p: V| (p | p.shr(9) | p.shr(18)) & V::splat(ROW);
    let present = columns(planes[0]) | columns(planes[1]).shl(9) | columns(planes[2]).shl(18);
    // Entry j of each group takes entry j + 1 (resp. j + 2) mod 3.
    let next1 = present.shr(1) & V::splat(0o333_333_333) | present.shl(2) & V::splat(0o444_444_444);
    let next2 = present.shr(2) & V::splat(0o111_111_111) | present.shl(1) & V::splat(0o666_666_666);
    // Band b takes band b + 1 (resp. b + 2) mod 3.
    let band1 = |x: V| (x.shr(9) | x.shl(18)) & V::splat(BAND);
    let band2 = |x: V| (x.shr(18) | x.shl(9)) & V::splat(BAND);
    let keep = present & (band1(next1) & band2(next2) | band1(next2) & band2(next1));
    let boxes = (keep | keep.shr(1) | keep.shr(2)) & V::splat(0o111_111_111);
    if boxes.all_eq(V::splat(0o111_111_111)) {
        Some((present, keep))
    } else {
        None
    }
}

/// The columns (bits 0..9) of a band plane that hold a cell.
#[inline(always)]
fn columns(plane: u32) -> u32 {
    (plane | plane >> 9 | plane >> 18) & ROW
}

/// Per digit index (word `d`), the columns of its givens in any band as cells of every band
/// row, from the givens by plane index (`9 * band + digit`); `None` when two givens of a digit
/// share a column. O(27) word operations, as three 4-lane vectors on x86_64 (digits 0..4,
/// 4..8 and 5..9, as in [`Board::stacks`]).
fn given_columns(givens: &[u32; LANES]) -> Option<[u32; LANES]> {
    let mut spread = [0u32; LANES];
    #[cfg(target_arch = "x86_64")]
    for &d in &[0, 4, 5] {
        given_columns_of::<U32x4>(givens, d, &mut spread)?;
    }
    #[cfg(not(target_arch = "x86_64"))]
    for d in 0..9 {
        given_columns_of::<u32>(givens, d, &mut spread)?;
    }
    Some(spread)
}

/// [`given_columns`] for the digits `d .. d + V::WIDTH`, stored at `spread[d..]`.
#[inline(always)]
fn given_columns_of<V: Lanes>(
    givens: &[u32; LANES],
    d: usize,
    spread: &mut [u32; LANES],
) -> Option<()> {
    let columns = |b: usize| {
        let p = V::load(givens, plane_index(b, d));
        (p | p.shr(9) | p.shr(18)) & V::splat(ROW)
    };
    let (c0, c1, c2) = (columns(0), columns(1), columns(2));
    let twice = c0 & c1 | (c0 | c1) & c2;
    if !twice.all_eq(V::splat(0)) {
        return None;
    }
    let any = c0 | c1 | c2;
    (any | any.shl(9) | any.shl(18)).store(spread, d);
    Some(())
}

/// For each plane index, the planes of the same digit in the other two bands.
const SAME_DIGIT: [[u8; 2]; 27] = same_digit();

const fn same_digit() -> [[u8; 2]; 27] {
    let mut t = [[0u8; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        t[i] = [(9 * ((b + 1) % 3) + d) as u8, (9 * ((b + 2) % 3) + d) as u8];
        i += 1;
    }
    t
}

/// Multiplier that gathers the nine minirow flags of a band plane (bits `3m + 2`) into the
/// top 9 bits of a `u32`, one-to-one (found by search; checked when the table is built).
const MINIROW_HASH: u32 = 0x0180_1010;

/// A 9-bit index of the set of non-empty minirows of a band plane: one multiply, no table.
/// Different sets give different indices (a perfect hash, not a bit layout).
///
/// ```text
///   minirow m = 3 bits, 3m ..= 3m + 2:   (c2 c1 c0)
///   (c1 c0) + 0b11 carries into bit 3m + 2 iff c1 | c0; or c2: the minirow's flag
///   flags * MINIROW_HASH >> 23:          the index
/// ```
#[inline(always)]
fn minirow_index(plane: u32) -> usize {
    const LOW_TWO: u32 = 0o333_333_333;
    const TOP: u32 = 0o444_444_444;
    let flags = (((plane & LOW_TWO) + LOW_TWO) | plane) & TOP;
    index_of_minirow_flags(flags)
}

/// [`minirow_index`] from the flags (bits `3m + 2`).
#[inline(always)]
const fn index_of_minirow_flags(flags: u32) -> usize {
    (flags.wrapping_mul(MINIROW_HASH) >> 23) as usize
}

/// Keeps, in each row of a band plane, the row's cell when it is the only one. Every row of
/// `plane` must hold a cell (true after permutation pruning). Branch-free, no table.
///
/// ```text
///   rest = plane & (plane - ONES)   each row without its lowest cell (no borrow: rows != 0)
///   the single rows are those whose `rest` is empty
/// ```
#[inline(always)]
fn single_rows(plane: u32) -> u32 {
    const ONES: u32 = 1 | 1 << 9 | 1 << 18;
    let rest = plane & plane.wrapping_sub(ONES);
    plane & !nonempty_rows(rest)
}

/// The band rows (9 cells each) that hold a cell of `cells`, whole. Branch-free.
///
/// ```text
///   bit 8 of each row: set when the row's low 8 bits + 0xff carry into it, or it was set
///   (never further); then moved to bit 0 and spread over the row's 9 cells.
/// ```
#[inline(always)]
fn nonempty_rows(cells: u32) -> u32 {
    const ONES: u32 = 1 | 1 << 9 | 1 << 18;
    const LOW8: u32 = 0xff * ONES;
    const BIT8: u32 = 0x100 * ONES;
    let any = (((cells & LOW8) + LOW8) | cells) & BIT8;
    (any >> 8) * ROW
}

/// The band row (9 cells) that holds the band cell `bit`.
#[inline(always)]
fn row_of(bit: u32) -> u32 {
    ROW << (9 * (bit.trailing_zeros() / 9))
}

/// A column set of a band (bits 0..9) copied to all three rows.
#[inline(always)]
fn spread_columns(columns: u32) -> u32 {
    columns * 0x40201
}

/// Index of the plane of digit index `d` (`0..9`) in band `b`: band-major, so that one
/// band's nine planes are contiguous.
#[inline(always)]
fn plane_index(b: usize, d: usize) -> usize {
    9 * b + d
}

/// `Board::seen` before any plane is processed: no plane equals it; the pad lane matches.
const SEEN_NONE: [u32; LANES] = {
    let mut s = [!0; LANES];
    s[LANES - 1] = 0;
    s
};

/// The candidates of a whole grid: 27 planes plus the unplaced cells of each band.
///
/// ```text
///   planes: [b0d0 b0d1 .. b0d8 | b1d0 .. b1d8 | b2d0 .. b2d8]   (index 9 * band + digit)
/// ```
///
/// Invariant after [`Board::propagate`]: a placed cell (one not in `unsolved`) is in the plane
/// of its digit only, and that digit has no other cell in its row, box or column.
#[derive(Clone, Copy)]
struct Board {
    /// Plane of digit `d` in band `b` at [`plane_index`] (layout in the module docs); the
    /// last word is a pad that stays zero.
    planes: [u32; LANES],
    /// Each plane as it was when last processed; `!0` (never a plane) before the first time.
    seen: [u32; LANES],
    /// Cells of each band with no digit placed yet.
    unsolved: [u32; 3],
}

/// What the search should do after propagation.
enum Next {
    /// Every cell holds a digit.
    Solved,
    /// No solution below this board.
    DeadEnd,
    /// Singles or the stack rule removed candidates: propagate again.
    Progress,
    /// Try each candidate of this cell: band and band bit.
    Guess(usize, u32),
}

impl Board {
    /// The board of `givens`, not yet propagated; `None` when a cell is given two digits or
    /// a column a digit twice. Givens count as placed: they leave the other digits' planes,
    /// and their digit's planes keep nothing else in their rows and columns (their boxes
    /// follow from the first round's permutation pruning). O(27) word operations.
    fn new(givens: &BandGrid) -> Option<Board> {
        let mut planes = [0u32; LANES];
        planes[..27].copy_from_slice(&givens.cells);
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
    fn assign(&mut self, d: usize, b: usize, bit: u32) {
        self.planes[plane_index(b, d)] &= !(row_of(bit) & !bit);
    }

    /// The planes that differ from `seen`, as a set of plane indices. O(1): seven vector
    /// compares.
    #[inline(always)]
    fn changed(&self) -> u32 {
        // The pad never differs; saying so lets the compiler drop index checks downstream.
        differing(&self.planes, &self.seen) & ((1 << 27) - 1)
    }

    /// Processes changed planes until none is left. `false` on a contradiction.
    /// O(27) per round plus O(1) per changed plane.
    #[inline]
    fn propagate(&mut self) -> bool {
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
                let plane = plane & KEEP_BY_MINIROW_INDEX[minirow_index(plane)];
                if plane == 0 {
                    return false;
                }
                let b = i / 9;
                let placed = single_rows(plane) & self.unsolved[b];
                any_placed |= placed;
                if placed != 0 {
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

    /// After propagation: applies naked singles, else the stack rule, or says whether the
    /// board is solved, dead, or where to guess. O(27) word operations.
    fn next(&mut self) -> Next {
        if self.unsolved == [0; 3] {
            return Next::Solved;
        }
        let mut progress = false;
        for b in 0..3 {
            if self.unsolved[b] == 0 {
                continue;
            }
            let (one, two) = covered_once_twice(&self.planes, plane_index(b, 0));
            if one != BAND {
                return Next::DeadEnd;
            }
            let singles = !two & self.unsolved[b];
            if singles != 0 {
                for p in &mut self.planes[9 * b..9 * b + 9] {
                    let mine = *p & singles;
                    if mine != 0 {
                        // One cell per row: two singles of a digit in a row then leave the
                        // second with no candidate, caught on the next pass.
                        let mut keep_out = 0;
                        for r in 0..3 {
                            let in_row = mine & (ROW << (9 * r));
                            if in_row != 0 {
                                keep_out |= (ROW << (9 * r)) & !(in_row & in_row.wrapping_neg());
                            }
                        }
                        *p &= !keep_out;
                    }
                }
                progress = true;
            }
        }
        if progress {
            return Next::Progress;
        }
        match self.stacks() {
            None => return Next::DeadEnd,
            Some(true) => return Next::Progress,
            Some(false) => {}
        }
        let (b, bit) = self
            .bivalue_cell()
            .unwrap_or_else(|| self.fewest_candidates());
        Next::Guess(b, bit)
    }

    /// A cell with two candidates (band, bit) in the band with the most cells left (its
    /// guesses propagate furthest), the highest such cell there; `None` if there is none.
    /// O(27) word operations.
    fn bivalue_cell(&self) -> Option<(usize, u32)> {
        let (mut guess, mut most_left) = (None, 0);
        for b in 0..3 {
            let (_, two, three) = covered_to_thrice(&self.planes, plane_index(b, 0));
            let pairs = two & !three & self.unsolved[b];
            if pairs != 0 {
                // Ties go to the first band.
                let left = self.unsolved[b].count_ones();
                if left > most_left {
                    most_left = left;
                    guess = Some((b, 1 << pairs.highest_index()));
                }
            }
        }
        guess
    }

    /// The vertical twin of the band rule: in each stack a digit takes one column per band
    /// and one band per column, a (band -> column) permutation. Removes from each digit's
    /// planes the columns on no such permutation. `Some(whether it removed any)`, or `None`
    /// when a stack has no permutation left. O(9 * 3) word operations, as three 4-lane
    /// vectors on x86_64 (digits 0..4, 4..8 and 5..9: the rule is idempotent, so digits done
    /// twice come out the same).
    fn stacks(&mut self) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        return self.stacks_with::<U32x4>(&[0, 4, 5]);
        #[cfg(not(target_arch = "x86_64"))]
        return self.stacks_with::<u32>(&[0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    /// [`Board::stacks`] for the digits `first .. first + V::WIDTH` of each `first`.
    #[inline(always)]
    fn stacks_with<V: Lanes>(&mut self, firsts: &[usize]) -> Option<bool> {
        let mut removed = V::splat(0);
        for &d in firsts {
            let planes = [
                V::load(&self.planes, plane_index(0, d)),
                V::load(&self.planes, plane_index(1, d)),
                V::load(&self.planes, plane_index(2, d)),
            ];
            let (present, keep) = stack_rule(planes)?;
            let gone = present ^ keep;
            removed = removed | gone;
            for (b, &plane) in planes.iter().enumerate() {
                let columns = gone.shr(9 * b as u32) & V::splat(ROW);
                let cells = columns | columns.shl(9) | columns.shl(18);
                plane
                    .and_not(cells)
                    .store(&mut self.planes, plane_index(b, d));
            }
        }
        if removed.all_eq(V::splat(0)) {
            Some(false)
        } else {
            Some(true)
        }
    }

    /// The unsolved cell with the fewest candidates (band, bit). Requires one. O(81 * 9).
    fn fewest_candidates(&self) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            for k in bits::ones(self.unsolved[b]) {
                let bit = 1 << k;
                let n = self.digits_at(b, bit).count_ones();
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// The candidate digits (bit `d` for digit index `d`) of the cell at `bit` in band `b`.
    #[inline]
    fn digits_at(&self, b: usize, bit: u32) -> u32 {
        holding(&self.planes, plane_index(b, 0), bit)
    }

    /// The solution held by a solved board.
    fn solution(&self) -> BandGrid {
        let mut cells = [0u32; 27];
        cells.copy_from_slice(&self.planes[..27]);
        BandGrid { cells }
    }
}

/// Search bookkeeping: how many solutions to find, and the first one found.
struct Search {
    limit: usize,
    found: usize,
    first: Option<BandGrid>,
}

impl Search {
    /// Depth-first search below `board`. Returns `true` once `limit` solutions are found.
    fn run(&mut self, mut board: Board) -> bool {
        loop {
            if !board.propagate() {
                return false;
            }
            match board.next() {
                Next::Progress => continue,
                Next::DeadEnd => return false,
                Next::Solved => {
                    if self.first.is_none() {
                        self.first = Some(board.solution());
                    }
                    self.found += 1;
                    return self.found >= self.limit;
                }
                Next::Guess(b, bit) => {
                    let mut digits = board.digits_at(b, bit);
                    if digits == 0 {
                        return false;
                    }
                    while digits & (digits - 1) != 0 {
                        let mut child = board;
                        child.assign(digits.trailing_zeros() as usize, b, bit);
                        if self.run(child) {
                            return true;
                        }
                        digits &= digits - 1;
                    }
                    // The last candidate reuses this frame's board.
                    board.assign(digits.trailing_zeros() as usize, b, bit);
                }
            }
        }
    }
}

/// A solution of the puzzle with these givens, or `None` when it has none (givens that clash,
/// or a cell given two digits, have none). The fast path: band planes in, band planes out.
///
/// Typically a few microseconds per puzzle; the worst case is exponential but the search
/// explores at most the candidates propagation leaves.
pub fn solve(givens: &BandGrid) -> Option<BandGrid> {
    count_solutions(givens, 1).1
}

/// Counts the solutions of the puzzle with these givens, stopping at `limit` (at least 1),
/// and returns the count with the first solution found. `limit = 2` tells unique from
/// several. Same cost as [`solve`] per solution found.
pub fn count_solutions(givens: &BandGrid, limit: usize) -> (usize, Option<BandGrid>) {
    let mut search = Search {
        limit: limit.max(1),
        found: 0,
        first: None,
    };
    if let Some(board) = Board::new(givens) {
        search.run(board);
    }
    (search.found, search.first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use rng::Rng;

    fn grid(s: &str) -> Grid {
        Grid::from_line(s.as_bytes()).unwrap()
    }

    /// [`count_solutions`] on plain grids.
    fn count(puzzle: &Grid, limit: usize) -> (usize, Option<Grid>) {
        let (n, first) = count_solutions(&BandGrid::from_grid(puzzle), limit);
        (n, first.map(|s| s.to_grid()))
    }

    /// [`solve`] on plain grids.
    fn solve_grid(puzzle: &Grid) -> Option<Grid> {
        solve(&BandGrid::from_grid(puzzle)).map(|s| s.to_grid())
    }

    #[test]
    fn permutation_table() {
        // Full occupancy keeps everything; a single missing minirow still leaves perms.
        assert_eq!(PERMUTATION_KEEP[511], BAND);
        assert_eq!(PERMUTATION_KEEP[0], 0);
        // Only the diagonal: exactly that permutation.
        let diag = 1 | 1 << 4 | 1 << 8;
        assert_eq!(PERMUTATION_KEEP[diag], 7 | 7 << 12 | 7 << 24);
        // Row 0 only in box 0 (pointing): box 0 leaves rows 1 and 2.
        let occ = 0b111_111_001;
        let keep = PERMUTATION_KEEP[occ];
        assert_eq!(keep & (7 << 9), 0);
        assert_eq!(keep & (7 << 18), 0);
        assert_eq!(keep & 7, 7);
        // Two rows confined to the same single box: impossible.
        assert_eq!(PERMUTATION_KEEP[0b111_001_001], 0);
        // Row 0 in boxes 0 and 2 (cells 1, 8), row 2 in box 1 (cell 22): minirows 0, 2, 7.
        assert_eq!(
            minirow_index(1 << 1 | 1 << 8 | 1 << 22),
            index_of_minirow_flags(1 << 2 | 1 << 8 | 1 << 23)
        );
        for (occ, &keep) in PERMUTATION_KEEP.iter().enumerate() {
            let mut plane = 0;
            for m in 0..9 {
                if occ >> m & 1 != 0 {
                    // Any non-empty cell pattern of the minirow gives the same index.
                    let cells = ((occ + m) % 7 + 1) as u32;
                    plane |= cells << (9 * (m / 3) + 3 * (m % 3));
                }
            }
            assert_eq!(KEEP_BY_MINIROW_INDEX[minirow_index(plane)], keep);
        }
    }

    /// The stack rule by table, per stack: (present, keep), keep = 0 on a dead stack.
    fn stack_rule_by_table(planes: [u32; 3]) -> (u32, u32) {
        let present = columns(planes[0]) | columns(planes[1]) << 9 | columns(planes[2]) << 18;
        let mut keep_all = 0;
        let mut dead = false;
        for s in 0..3 {
            let at = 3 * s;
            let matrix = (present >> at & 7)
                | (present >> (9 + at) & 7) << 3
                | (present >> (18 + at) & 7) << 6;
            let keep = PERMUTATION_KEEP_3X3[matrix as usize] as u32;
            dead |= keep == 0;
            keep_all |= (keep & 7) << at | (keep >> 3 & 7) << (9 + at) | (keep >> 6) << (18 + at);
        }
        (present, if dead { 0 } else { keep_all })
    }

    #[test]
    fn stack_rule_matches_the_table() {
        let mut rng = Rng::new(0x5851_f42d_4c95_7f2d);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            // Sparse planes, so that dead stacks and removals both occur.
            let mut words = [0u32; LANES];
            for w in words[..27].iter_mut() {
                *w = (next() & next() & next()) as u32 & BAND;
            }
            for d in 0..4 {
                let planes = [words[d], words[9 + d], words[18 + d]];
                let (present, keep) = stack_rule_by_table(planes);
                let got = stack_rule::<u32>(planes);
                if keep == 0 {
                    assert_eq!(got, None, "{:?}", planes);
                } else {
                    assert_eq!(got, Some((present, keep)), "{:?}", planes);
                }
            }
            #[cfg(target_arch = "x86_64")]
            {
                use crate::lanes::U32x4;
                let wide = [0, 9, 18].map(|at| U32x4::load(&words, at));
                let lanes =
                    (0..4).map(|d| stack_rule::<u32>([words[d], words[9 + d], words[18 + d]]));
                match stack_rule(wide) {
                    None => assert!(lanes.clone().any(|r| r.is_none())),
                    Some((present, keep)) => {
                        let (mut p, mut k) = ([0u32; LANES], [0u32; LANES]);
                        present.store(&mut p, 0);
                        keep.store(&mut k, 0);
                        for (d, lane) in lanes.enumerate() {
                            assert_eq!(lane, Some((p[d], k[d])));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn helpers() {
        assert_eq!(single_rows(1 << 4 | 0b11 << 9 | 1 << 26), 1 << 4 | 1 << 26);
        assert_eq!(single_rows(BAND), 0);
        // Every combination of row contents against a per-row count.
        for plane in [1u32, 0x100, 0x101, 0x1ff, 0x80, 0x180, 0x10] {
            for other in [1u32, 0x100, 0x3, 0x1ff] {
                let p = plane | other << 9 | plane << 18;
                let mut expected = 0;
                for r in 0..3 {
                    let row = p >> (9 * r) & ROW;
                    if row.count_ones() == 1 {
                        expected |= row << (9 * r);
                    }
                }
                assert_eq!(single_rows(p), expected, "{:#x}", p);
            }
        }
        assert_eq!(row_of(1 << 13), ROW << 9);
        assert_eq!(spread_columns(0b101), 0b101 | 0b101 << 9 | 0b101 << 18);
    }

    #[test]
    fn solves_the_sample() {
        let p = grid(
            "103000509002109400000704000300502006060000050700803004000401000009205800804000107",
        );
        let s = solve_grid(&p).unwrap();
        assert_eq!(
            s.to_line(),
            "143628579572139468986754231391542786468917352725863914237481695619275843854396127"
        );
        assert_eq!(count(&p, 2).0, 1);
    }

    #[test]
    fn hard_and_minimal() {
        // 17 clues, and a hard one from hard9-a.
        for s in [
            ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
            "..5...1..7...2.3...1.....969...........1.3.5.....5.91..6.8....9..74...8.3....2...",
        ] {
            let p = grid(s);
            let (n, sol) = count(&p, 2);
            assert_eq!(n, 1);
            let sol = sol.unwrap();
            assert!(sol.is_solved() && sol.extends(&p));
        }
    }

    #[test]
    fn empty_grid_has_many() {
        let (n, sol) = count(&Grid::empty(), 10);
        assert_eq!(n, 10);
        assert!(sol.unwrap().is_solved());
    }

    #[test]
    fn no_solution() {
        // Row 0 needs a 9 in cell 8 but column 8 holds a 9 already: no direct clash.
        let p = grid(
            "12345678.........9...............................................................",
        );
        assert_eq!(p.first_clash(), None);
        assert_eq!(count(&p, 2), (0, None));
        // Clashing givens are simply unsolvable to the search.
        let q = grid(
            "11...............................................................................",
        );
        assert_eq!(solve_grid(&q), None);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let empty = [b'.'; 81];
        // (cell, digit) pairs that clash: same row, same column in one band, same column
        // across bands, same box.
        for &(a, b) in &[(0, 5), (3, 21), (4, 76), (30, 50), (60, 70)] {
            let mut line = empty;
            line[a] = b'7';
            line[b] = b'7';
            let p = Grid::from_line(&line).unwrap();
            assert!(p.first_clash().is_some());
            assert_eq!(count(&p, 2), (0, None), "cells {} and {}", a, b);
        }
        // The same cells with different digits do not clash.
        let mut line = empty;
        line[0] = b'7';
        line[76] = b'8';
        assert_eq!(count(&Grid::from_line(&line).unwrap(), 2).0, 2);
    }

    #[test]
    fn given_columns_vector_and_scalar_agree() {
        let mut rng = Rng::new(0x3c6e_f372_fe94_f82b);
        for _ in 0..2000 {
            let mut givens = [0u32; LANES];
            for w in givens[..27].iter_mut() {
                let r = rng.next_u64();
                // One or two givens per plane at most, often none.
                *w = (1 << (r % 27) | 1 << ((r >> 8) % 27)) as u32 & (r >> 40) as u32;
            }
            let mut spread = [0u32; LANES];
            let scalar = (0..9)
                .try_for_each(|d| given_columns_of::<u32>(&givens, d, &mut spread))
                .map(|_| spread);
            assert_eq!(given_columns(&givens), scalar);
            let clash = (0..9).any(|d| {
                let c = [0, 1, 2].map(|b| columns(givens[plane_index(b, d)]));
                c[0] & c[1] | (c[0] | c[1]) & c[2] != 0
            });
            assert_eq!(scalar.is_none(), clash);
        }
    }

    #[test]
    fn full_grids() {
        let s = "143628579572139468986754231391542786468917352725863914237481695619275843854396127";
        assert_eq!(solve_grid(&grid(s)), Some(grid(s)));
        let mut bad = s.as_bytes().to_vec();
        bad.swap(0, 1);
        assert_eq!(solve_grid(&Grid::from_line(&bad).unwrap()), None);
    }
}
