//! The search: band planes of candidates, permutation pruning, singles, then guesses on
//! cells or splits of band and stack permutations.
//!
//! A `Board` holds, per band and digit, the cells where the digit may still go: planes in
//! the layout of [`BandGrid`]. Processing a plane keeps only its minirows on some (row -> box)
//! permutation ([`tables::on_permutations`]), then a row left with one cell places the digit
//! there: the cell leaves every other digit's plane, and its column leaves the digit's planes
//! in the other two bands. A box left with one cell is caught too, as the permutation pruning
//! then leaves its row a single minirow. Givens are placed so when the board is built.
//! Changed planes are found by comparing all 27 against their last processed state at once
//! (SSE2 on x86_64), round by round. When no plane changes any more, a bit-sliced count over
//! the nine planes (SSE2) finds cells with no candidate (dead end) and cells with one; else
//! the stack rule ([`bands::stack_rule`], four digits per vector) prunes columns.
//!
//! Then the search branches, depth first, in one of two ways:
//! - on a cell with two candidates (or the fewest): cheap, and the better branch while a
//!   puzzle needs few guesses;
//! - on the permutations of one digit in a band or a stack ([`split::split_at`]), after the
//!   minirow rule ([`bands::minirow_rule`]) and its vertical twin
//!   ([`bands::minicolumn_rule`]) found nothing: dearer per node, and a smaller tree on hard
//!   puzzles (tdoku's reasoning and branch).
//!
//! A puzzle with `FULL_FROM` (55) or more cells open at its first branch splits from the
//! start; any other splits once it has made `CELL_GUESSES` (8) cell guesses. The search is
//! built twice: as is, and for processors with AVX2 and its bit instructions, chosen at run
//! time; the AVX2 build runs the split steps as one pass (`Board::split_next_wide`).

use crate::band_grid::{plane_index, BandGrid, BAND};
use crate::bands::{
    self, columns, given_columns, nonempty_rows, row_of, single_rows, spread_columns, take_cells,
};
use crate::lanes::{covered_once_twice, covered_to_thrice, differing, holding, Lanes, LANES};
#[cfg(target_arch = "x86_64")]
use crate::lanes::{U32x4, U32x8};
use crate::split::{self, SplitAt};
use crate::tables::{self, PERMUTATION_CELLS, SAME_DIGIT};
use bits::Word;

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
struct Board {
    /// The cells of band `b` open to digit index `d` at [`plane_index`]`(b, d)`, laid out as
    /// in [`BandGrid`]; the last word is a pad that stays zero (see [`LANES`]).
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
    /// Singles or a rule removed candidates: propagate again.
    Progress,
    /// Try each candidate of this cell: band and band bit.
    Guess(usize, u32),
    /// Try each of these permutations (a set as from [`bands::permutations_in`]) of the
    /// plane at this index.
    Split(usize, u32),
    /// Try each of these (band -> column) permutations of digit index `d` in stack `s`,
    /// `(d, s, set)`: bit `j` of the set for bands 0, 1, 2 to columns `j, j + 1, j + 2` of the
    /// stack, bit `3 + j` for columns `j, j + 2, j + 1` (mod 3), as [`bands::stack_terms`].
    SplitStack(usize, usize, u32),
}

/// Lane 7 only: of the vector of digits 1..9, the lane that the vector of digits 0..8 does
/// not hold (digit index 8).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn last_lane() -> U32x8 {
    U32x8::new([0, 0, 0, 0, 0, 0, 0, !0])
}

/// Cells open at a puzzle's first branch from which it splits permutations from the start.
/// Propagation leaves the hardest hand-picked puzzles (about 20 givens) 55 to 64 open cells;
/// puzzles that need a few guesses, and most random minimal ones, fewer, and they do better
/// on cells. See the benchmark notes in `data/README.md`.
const FULL_FROM: u32 = 55;

/// Cell guesses after which a puzzle that started on cells splits permutations instead: one
/// still guessing after this many is a hard one.
const CELL_GUESSES: usize = 8;

impl Board {
    /// The board of `givens`, not yet propagated; `None` when a cell is given two digits or
    /// a column a digit twice. Givens count as placed: they leave the other digits' planes,
    /// and their digit's planes keep nothing else in their rows and columns (their boxes
    /// follow from the first round's permutation pruning). O(27) word operations.
    fn new(givens: &BandGrid) -> Option<Board> {
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

    /// Processes changed planes until none is left. `false` on a contradiction. With
    /// `BRANCH_FREE`, a plane's placements are applied even when it places nothing (a no-op
    /// then): on hard puzzles about half the planes place a cell, and a branch on it is
    /// mispredicted that often; puzzles that guess few cells place more predictably.
    /// O(27) per round plus O(1) per changed plane.
    #[inline(always)]
    fn propagate<const BRANCH_FREE: bool>(&mut self) -> bool {
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

    /// After propagation: applies naked singles, else the stack rule, or says whether the
    /// board is solved, dead, or where to branch: on a cell ([`Board::cell_guess`]), or with
    /// `split`, once the minirow and minicolumn rules found nothing either, on permutations
    /// ([`Board::fewest_permutations`]). `wide`: AVX2 inline (only inlined into the AVX2
    /// build of the search), where the split steps run as [`Board::split_next_wide`].
    /// O(27) word operations.
    #[inline(always)]
    fn next(&mut self, split: bool, wide: bool) -> Next {
        if self.unsolved == [0; 3] {
            return Next::Solved;
        }
        let mut progress = false;
        // Solved bands too (each cell then covered once, no single left): a loop that always
        // runs three times is predicted, one that skips them is not.
        for b in 0..3 {
            let (one, two) = covered_once_twice(&self.planes, plane_index(b, 0));
            if one != BAND {
                return Next::DeadEnd;
            }
            let singles = !two & self.unsolved[b];
            if singles != 0 {
                // Without a branch per plane: whether a digit has singles here is a coin toss.
                let mut twice = 0;
                for p in &mut self.planes[9 * b..9 * b + 9] {
                    let (kept, extra) = take_cells(*p, *p & singles);
                    *p = kept;
                    twice |= extra;
                }
                if twice != 0 {
                    // Two singles of one digit in a row.
                    return Next::DeadEnd;
                }
                progress = true;
            }
        }
        if progress {
            return Next::Progress;
        }
        #[cfg(target_arch = "x86_64")]
        if split && wide {
            return self.split_next_wide();
        }
        match self.stacks(wide) {
            None => return Next::DeadEnd,
            Some(true) => return Next::Progress,
            Some(false) => {}
        }
        if split {
            match self.minirows() {
                None => return Next::DeadEnd,
                Some(true) => return Next::Progress,
                Some(false) => {}
            }
            match self.minicolumns() {
                None => return Next::DeadEnd,
                Some(true) => return Next::Progress,
                Some(false) => {}
            }
            if let Some(split) = self.fewest_permutations() {
                return split;
            }
        }
        self.cell_guess()
    }

    /// [`bands::minirow_rule`] on each band: `Some(whether it removed any)`, or `None` on a
    /// contradiction. The three bands side by side in 4-lane vectors on x86_64 (the AVX2
    /// build runs [`Board::split_next_wide`] instead). O(27) word operations per counter.
    #[inline(always)]
    fn minirows(&mut self) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        {
            // The three bands side by side; the pad lane is a full band, which the rule keeps.
            let p = &mut self.planes;
            let mut lanes = [U32x4::splat(0); 9];
            for (d, l) in lanes.iter_mut().enumerate() {
                *l = U32x4::new([p[d], p[9 + d], p[18 + d], BAND]);
            }
            if !bands::minirow_rule(&mut lanes)? {
                // The rule leaves the lanes as they were: nothing to write back.
                return Some(false);
            }
            for (d, l) in lanes.iter().enumerate() {
                let [a, b, c, _] = l.lanes();
                p[d] = a;
                p[9 + d] = b;
                p[18 + d] = c;
            }
            Some(true)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut removed = false;
            for b in 0..3 {
                let mut band = [0u32; 9];
                band.copy_from_slice(&self.planes[plane_index(b, 0)..plane_index(b, 9)]);
                removed |= bands::minirow_rule::<u32>(&mut band)?;
                self.planes[plane_index(b, 0)..plane_index(b, 9)].copy_from_slice(&band);
            }
            Some(removed)
        }
    }

    /// The planes as [`bands::minirow_rule_paired`] takes them: digit index `k` of bands 0,
    /// 1, 2 in the low half of vector `k`, digit index `k + 5` in the high half, the pad
    /// lanes (and the missing tenth digit's planes' pad) full bands, which the rule keeps.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn paired_planes(&self) -> [U32x8; 5] {
        let p = &self.planes;
        let lanes = |d: usize| {
            if d < 9 {
                [p[d], p[9 + d], p[18 + d], BAND]
            } else {
                [0, 0, 0, BAND]
            }
        };
        let mut paired = [U32x8::splat(0); 5];
        for (k, w) in paired.iter_mut().enumerate() {
            let ([a, b, c, pad], [e, f, g, h]) = (lanes(k), lanes(k + 5));
            *w = U32x8::new([a, b, c, pad, e, f, g, h]);
        }
        paired
    }

    /// Writes back planes in the layout of [`Board::paired_planes`].
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_paired(&mut self, paired: &[U32x8; 5]) {
        let p = &mut self.planes;
        for (k, w) in paired.iter().enumerate() {
            let [a, b, c, _, e, f, g, _] = w.lanes();
            p[k] = a;
            p[9 + k] = b;
            p[18 + k] = c;
            if k + 5 < 9 {
                p[k + 5] = e;
                p[14 + k] = f;
                p[23 + k] = g;
            }
        }
    }

    /// The split mode's steps after the singles, with AVX2, sharing their work: the stack
    /// rule and [`bands::minicolumn_rule`] on the same minicolumn sets, the minirow rule,
    /// then the split choice of [`split::split_at`] from the counts those passes leave (the
    /// rules' order does not change the board they stop at, so the choice is the same).
    /// Requires AVX2 (only inlined into the AVX2 build of the search).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn split_next_wide(&mut self) -> Next {
        let terms = match self.vertical_rules_wide() {
            Ok(terms) => terms,
            Err(next) => return next,
        };
        let mut paired = self.paired_planes();
        match bands::minirow_rule_paired(&mut paired) {
            None => Next::DeadEnd,
            Some(true) => {
                self.store_paired(&paired);
                Next::Progress
            }
            Some(false) => self.split_choice_wide(&paired, &terms),
        }
    }

    /// The stack rule, then the minicolumn rule, on digits 0..8 and 1..9 side by side:
    /// `Err(the next step)` when either removed candidates or found a dead end, else the
    /// stack rule's [`bands::stack_terms`] of both vectors. Requires AVX2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn vertical_rules_wide(&mut self) -> Result<[(U32x8, U32x8); 2], Next> {
        let zero = U32x8::splat(0);
        let mut loaded = [[zero; 3]; 2];
        let mut present = [zero; 2];
        let mut terms = [(zero, zero); 2];
        let mut gone = zero;
        for (d, slot) in loaded.iter_mut().enumerate() {
            *slot = [
                U32x8::load(&self.planes, plane_index(0, d)),
                U32x8::load(&self.planes, plane_index(1, d)),
                U32x8::load(&self.planes, plane_index(2, d)),
            ];
            let f = bands::minicolumns(*slot);
            let (first, second) = bands::stack_terms(f);
            let keep = bands::stack_keep(first, second).ok_or(Next::DeadEnd)?;
            gone = gone | (f ^ keep);
            present[d] = f;
            terms[d] = (first, second);
        }
        if !gone.all_eq(zero) {
            for (d, planes) in loaded.iter().enumerate() {
                let out = present[d] ^ (terms[d].0 | terms[d].1);
                bands::clear_minicolumns(&mut self.planes, d, planes, out);
            }
            return Err(Next::Progress);
        }
        let counted = [U32x8::splat(!0), last_lane()];
        match bands::minicolumn_rule_on(&mut self.planes, [0, 1], counted, &loaded, &present) {
            None => Err(Next::DeadEnd),
            Some(true) => Err(Next::Progress),
            Some(false) => Ok(terms),
        }
    }

    /// The split of [`split::split_at`] from the counts the rules left: the band planes in
    /// the paired layout ([`Board::paired_planes`]), the stack rule's terms of digits 0..8
    /// and 1..9. Requires AVX2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn split_choice_wide(&self, paired: &[U32x8; 5], terms: &[(U32x8, U32x8); 2]) -> Next {
        // Band counts: bands in lanes, digits across the vectors, the pad lanes left out.
        let pads = U32x8::new([!0, !0, !0, 0, !0, !0, !0, 0]);
        let mut band_counts = [[0u32; 8]; 5];
        let mut band_sums = U32x8::splat(0);
        for (k, w) in paired.iter().enumerate() {
            let n = split::at_least_two(bands::permutation_count(*w)) & pads;
            band_sums = band_sums.add(n);
            band_counts[k] = n.lanes();
        }
        let band_totals = band_sums.add(band_sums.swap_halves()).lanes();
        // Stack counts: digits in lanes, stacks in bytes, digit 8 from the second vector.
        let low = split::stack_count_bytes(bands::stack_counts(terms[0].0, terms[0].1));
        let high = split::stack_count_bytes(bands::stack_counts(terms[1].0, terms[1].1));
        let sums = low.add(high & last_lane());
        let sums = sums.add(sums.swap_halves());
        let sums = sums.add(sums.swap_pairs());
        let stack_sums = sums.add(sums.swap_neighbours()).lanes()[0];
        let totals = [
            band_totals[0],
            band_totals[1],
            band_totals[2],
            stack_sums & 0xff,
            stack_sums >> 8 & 0xff,
            stack_sums >> 16 & 0xff,
        ];
        let (low, high) = (low.lanes(), high.lanes());
        let count = |group: usize, d: usize| {
            if group < 3 {
                band_counts[d % 5][group + 4 * (d / 5)]
            } else {
                (if d < 8 { low[d] } else { high[7] }) >> (8 * (group - 3)) & 0xff
            }
        };
        match split::pick(&totals, count) {
            Some(at) => self.split_next(at),
            None => self.cell_guess(),
        }
    }

    /// The branch for a split at `at`: the permutations there.
    #[inline(always)]
    fn split_next(&self, at: SplitAt) -> Next {
        match at {
            SplitAt::Band(i) => Next::Split(i, bands::permutations_in(self.planes[i])),
            SplitAt::Stack { digit: d, stack: s } => {
                let digit = [self.planes[d], self.planes[9 + d], self.planes[18 + d]];
                let (first, second) = bands::stack_terms(bands::minicolumns(digit));
                let set = (first >> (3 * s) & 7) | (second >> (3 * s) & 7) << 3;
                Next::SplitStack(d, s, set)
            }
        }
    }

    /// A guess on a cell: one with two candidates, else one with the fewest.
    #[inline(always)]
    fn cell_guess(&self) -> Next {
        let (b, bit) = self
            .bivalue_cell()
            .unwrap_or_else(|| self.fewest_candidates());
        Next::Guess(b, bit)
    }

    /// A cell with two candidates (band, bit) in the band with the most cells left (its
    /// guesses propagate furthest), the highest such cell there; `None` if there is none.
    /// O(27) word operations.
    #[inline(always)]
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

    /// [`bands::minicolumn_rule`] on the board: `Some(whether it removed any)`, or `None` on a
    /// contradiction. Digits 0..4, 4..8 and 5..9 in 4-lane vectors on x86_64 (the AVX2 build
    /// runs [`Board::split_next_wide`] instead).
    #[inline(always)]
    fn minicolumns(&mut self) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        {
            let all = U32x4::splat(!0);
            let last = U32x4::new([0, 0, 0, !0]);
            bands::minicolumn_rule(&mut self.planes, [0, 4, 5], [all, all, last])
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            bands::minicolumn_rule(&mut self.planes, [0, 1, 2, 3, 4, 5, 6, 7, 8], [!0u32; 9])
        }
    }

    /// Where to split ([`split::split_at`]) and the permutations there; `None` when every
    /// digit is down to one permutation in every band and stack. O(27) word operations.
    #[inline(always)]
    fn fewest_permutations(&self) -> Option<Next> {
        split::split_at(&self.planes).map(|at| self.split_next(at))
    }

    /// Keeps digit index `d` in stack `s` to the columns of permutation `k` of the stack (as
    /// numbered in [`Next::SplitStack`]) in every band. O(1).
    #[inline(always)]
    fn keep_stack_permutation(&mut self, d: usize, s: usize, k: u32) {
        let (j, step) = if k < 3 { (k, 1) } else { (k - 3, 2) };
        for b in 0..3 {
            let column = 3 * s as u32 + (j + step * b as u32) % 3;
            let others = 7 << (3 * s) & !(1 << column);
            self.planes[plane_index(b, d)] &= !spread_columns(others);
        }
    }

    /// The vertical twin of the band rule: in each stack a digit takes one column per band
    /// and one band per column, a (band -> column) permutation. Removes from each digit's
    /// planes the columns on no such permutation. `Some(whether it removed any)`, or `None`
    /// when a stack has no permutation left. O(9 * 3) word operations, as three 4-lane
    /// vectors on x86_64 (digits 0..4, 4..8 and 5..9: the rule is idempotent, so digits done
    /// twice come out the same), or with `wide` (only inlined into the AVX2 build of the
    /// search) two 8-lane ones (digits 0..8 and 1..9).
    #[inline(always)]
    fn stacks(&mut self, wide: bool) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        {
            if wide {
                return self.stacks_with::<U32x8>(&[0, 1]);
            }
            self.stacks_with::<U32x4>(&[0, 4, 5])
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = wide; // no wide path here
            self.stacks_with::<u32>(&[0, 1, 2, 3, 4, 5, 6, 7, 8])
        }
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
            let (present, keep) = bands::stack_rule(planes)?;
            let gone = present ^ keep;
            removed = removed | gone;
            bands::clear_minicolumns(&mut self.planes, d, &planes, gone);
        }
        if removed.all_eq(V::splat(0)) {
            Some(false)
        } else {
            Some(true)
        }
    }

    /// The unsolved cell with the fewest candidates (band, bit), the first in band order on
    /// ties. Requires one. O(81) [`Board::digits_at`] calls.
    fn fewest_candidates(&self) -> (usize, u32) {
        let cells = (0..3).flat_map(|b| {
            bits::ones(self.unsolved[b]).map(move |k| ((b, 1 << k), self.digits_at(b, 1 << k)))
        });
        let (cell, _) = bits::fewest_ones(cells, 0).expect("an unsolved cell");
        cell
    }

    /// The candidate digits (bit `d` for digit index `d`) of the cell at `bit` in band `b`.
    #[inline]
    fn digits_at(&self, b: usize, bit: u32) -> u32 {
        holding(&self.planes, plane_index(b, 0), bit)
    }

    /// How many cells hold no digit yet.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// The solution held by a solved board.
    fn solution(&self) -> BandGrid {
        let mut planes = [0u32; 27];
        planes.copy_from_slice(&self.planes[..27]);
        BandGrid { planes }
    }
}

/// Search bookkeeping: how many solutions to find, the first one found, and the guesses so
/// far (which choose the kind of branch, see [`CELL_GUESSES`]).
struct Search {
    limit: usize,
    found: usize,
    first: Option<BandGrid>,
    guesses: usize,
    /// Whether the search splits (with every rule) from its first branch on: decided at the
    /// first branch, by how many cells are left open there.
    full: bool,
    /// Whether the first branch is still to come.
    undecided: bool,
}

/// Which build of the search runs: the baseline one, or the one compiled for AVX2 and the bit
/// instructions that come with it (x86_64 processors that have them, detected at run time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Path {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Path {
    /// The fastest build this processor runs.
    fn detect() -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("lzcnt")
            {
                return Path::Avx2;
            }
        }
        Path::Baseline
    }
}

impl Search {
    /// Depth-first search below `board`. Returns `true` once `limit` solutions are found.
    fn run(&mut self, board: Board) -> bool {
        self.run_with(board, false, Search::run)
    }

    /// [`Search::run`] compiled with AVX2, BMI1, BMI2, POPCNT and LZCNT: one-instruction
    /// popcounts, trailing zeros, `x & (x - 1)` and `x & !y` in the plane loop, and the VEX
    /// forms of every vector helper inlined here. Same answers as [`Search::run`] (tested).
    /// Requires those features.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn run_avx2(&mut self, board: Board) -> bool {
        self.run_with(board, true, Search::reenter_avx2)
    }

    /// The recursion of [`Search::run_avx2`].
    #[cfg(target_arch = "x86_64")]
    fn reenter_avx2(&mut self, board: Board) -> bool {
        // SAFETY: only reached from `run_avx2`, which runs once the features are detected.
        unsafe { self.run_avx2(board) }
    }

    /// The search, with `recurse` for the children: inlined into each build; `wide` only in
    /// the AVX2 one.
    #[inline(always)]
    fn run_with(
        &mut self,
        mut board: Board,
        wide: bool,
        recurse: fn(&mut Search, Board) -> bool,
    ) -> bool {
        loop {
            let settled = if self.full {
                board.propagate::<true>()
            } else {
                board.propagate::<false>()
            };
            if !settled {
                return false;
            }
            let next = board.next(self.full || self.guesses >= CELL_GUESSES, wide);
            if self.undecided {
                if let Next::Guess(..) = next {
                    self.undecided = false;
                    if board.open_cells() >= FULL_FROM {
                        // Nothing changed: the next round goes straight to the split rules.
                        self.full = true;
                        continue;
                    }
                }
            }
            match next {
                Next::Progress => continue,
                Next::DeadEnd => return false,
                Next::Solved => {
                    if self.first.is_none() {
                        self.first = Some(board.solution());
                    }
                    self.found += 1;
                    return self.found >= self.limit;
                }
                Next::Split(i, mut permutations) => {
                    self.guesses += 1;
                    // The permutations partition the plane's solutions: each child keeps one.
                    while permutations & (permutations - 1) != 0 {
                        let mut child = board;
                        child.planes[i] &=
                            PERMUTATION_CELLS[permutations.trailing_zeros() as usize];
                        if recurse(self, child) {
                            return true;
                        }
                        permutations &= permutations - 1;
                    }
                    board.planes[i] &= PERMUTATION_CELLS[permutations.trailing_zeros() as usize];
                }
                Next::SplitStack(d, stack, mut permutations) => {
                    self.guesses += 1;
                    while permutations & (permutations - 1) != 0 {
                        let mut child = board;
                        child.keep_stack_permutation(d, stack, permutations.trailing_zeros());
                        if recurse(self, child) {
                            return true;
                        }
                        permutations &= permutations - 1;
                    }
                    board.keep_stack_permutation(d, stack, permutations.trailing_zeros());
                }
                Next::Guess(b, bit) => {
                    self.guesses += 1;
                    let mut digits = board.digits_at(b, bit);
                    if digits == 0 {
                        return false;
                    }
                    while digits & (digits - 1) != 0 {
                        let mut child = board;
                        child.assign(digits.trailing_zeros() as usize, b, bit);
                        if recurse(self, child) {
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
    count_solutions_on(Path::detect(), givens, limit)
}

/// [`count_solutions`] with the search build `path`, which the processor must run.
fn count_solutions_on(path: Path, givens: &BandGrid, limit: usize) -> (usize, Option<BandGrid>) {
    let mut search = Search {
        limit: limit.max(1),
        found: 0,
        first: None,
        guesses: 0,
        full: false,
        undecided: true,
    };
    if let Some(board) = Board::new(givens) {
        match path {
            Path::Baseline => search.run(board),
            // SAFETY: `Path::detect` found the features.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { search.run_avx2(board) },
        };
    }
    (search.found, search.first)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

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

    /// A [`Next`] as plain values, to compare.
    fn key(next: &Next) -> (u8, usize, usize, u32) {
        match *next {
            Next::Solved => (0, 0, 0, 0),
            Next::DeadEnd => (1, 0, 0, 0),
            Next::Progress => (2, 0, 0, 0),
            Next::Guess(b, bit) => (3, b, 0, bit),
            Next::Split(i, set) => (4, i, 0, set),
            Next::SplitStack(d, s, set) => (5, d, s, set),
        }
    }

    /// Propagates and applies `step` until it branches (or ends); the branch and the board.
    fn settle(
        mut board: Board,
        step: impl Fn(&mut Board) -> Next,
    ) -> ((u8, usize, usize, u32), Board) {
        loop {
            if !board.propagate::<true>() {
                return ((1, 0, 0, 0), board);
            }
            match step(&mut board) {
                Next::Progress => continue,
                next => return (key(&next), board),
            }
        }
    }

    /// The split steps of [`Board::next`] compiled for AVX2, where they run as
    /// [`Board::split_next_wide`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn next_avx2(board: &mut Board) -> Next {
        board.next(true, true)
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_split_pass_branches_where_the_steps_do() {
        if Path::detect() == Path::Baseline {
            return; // nothing to compare on this processor
        }
        let solution = grid(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut rng = rng::Rng::new(0x6a09_e667_f3bc_c908);
        let mut kinds = [0usize; 6];
        for _ in 0..3_000 {
            let keep = 14 + rng.next_u64() % 20;
            let mut line: Vec<u8> = solution
                .to_line()
                .bytes()
                .map(|c| if rng.next_u64() % 81 < keep { c } else { b'.' })
                .collect();
            if rng.next_u64() % 3 == 0 {
                // A wrong given somewhere: most such boards have no solution.
                line[(rng.next_u64() % 81) as usize] = b'1' + (rng.next_u64() % 9) as u8;
            }
            let line = String::from_utf8(line).unwrap();
            let board = match Board::new(&BandGrid::from_grid(&grid(&line))) {
                Some(board) => board,
                None => continue,
            };
            let (steps, by_steps) = settle(board, |b| b.next(true, false));
            // SAFETY: `Path::detect` found the features.
            let (pass, by_pass) = settle(board, |b| unsafe { next_avx2(b) });
            assert_eq!(steps, pass, "{}", line);
            if steps.0 != 1 {
                assert_eq!(by_steps.planes, by_pass.planes, "{}", line);
            }
            kinds[steps.0 as usize] += 1;
        }
        // Both kinds of split, and dead ends, occur.
        assert!(
            kinds[1] > 0 && kinds[4] > 100 && kinds[5] > 100,
            "{:?}",
            kinds
        );
    }

    #[test]
    fn every_search_build_gives_the_same_answers() {
        let path = Path::detect();
        if path == Path::Baseline {
            return; // nothing to compare on this processor
        }
        // The hard set, and puzzles with few givens (several solutions, splits, dead ends).
        let text = include_str!("../data/hard9-a.txt");
        let mut rows = text.lines().skip(1);
        let mut puzzles = Vec::new();
        while let Some(first) = rows.next() {
            let mut line = first.trim().to_string();
            for _ in 0..8 {
                line.push_str(rows.next().unwrap().trim());
            }
            puzzles.push(grid(&line));
        }
        let solution = solve_grid(&puzzles[0]).unwrap().to_line();
        let mut rng = rng::Rng::new(0x510e_527f_ade6_82d1);
        for _ in 0..300 {
            let keep = 10 + rng.next_u64() % 20;
            let line: String = solution
                .chars()
                .map(|c| if rng.next_u64() % 81 < keep { c } else { '.' })
                .collect();
            puzzles.push(grid(&line));
        }
        for p in &puzzles {
            let g = BandGrid::from_grid(p);
            for limit in [1, 2, 5] {
                assert_eq!(
                    count_solutions_on(Path::Baseline, &g, limit),
                    count_solutions_on(path, &g, limit),
                    "{}",
                    p.to_line()
                );
            }
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
