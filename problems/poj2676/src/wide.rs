//! The split mode's rules and split choice as one AVX2 pass, sharing their minicolumn sets
//! and permutation counts.
//!
//! Only inlined into the AVX2 build of the search, which runs once AVX2 is detected.

use crate::bands;
use crate::board::Board;
use crate::grid::{plane_index, BAND};
use crate::lanes::{Lanes, U32x8};
use crate::rules::Next;
use crate::split;

/// Lane 7 only: of the vector of digits 1..9, the lane that the vector of digits 0..8 does
/// not hold (digit index 8).
#[inline(always)]
fn last_lane() -> U32x8 {
    U32x8::new([0, 0, 0, 0, 0, 0, 0, !0])
}

impl Board {
    /// The split mode's steps after the singles, with AVX2, sharing their work: the stack
    /// rule and [`bands::minicolumn_rule`] on the same minicolumn sets, the minirow rule,
    /// then the split choice of [`split::split_at`] from the counts those passes leave (the
    /// rules' order does not change the board they stop at, so the choice is the same).
    /// Requires AVX2 (only inlined into the AVX2 build of the search).
    #[inline(always)]
    pub fn split_next_wide(&mut self) -> Next {
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

    /// The planes as [`bands::minirow_rule_paired`] takes them: digit index `k` of bands 0,
    /// 1, 2 in the low half of vector `k`, digit index `k + 5` in the high half, the pad
    /// lanes (and the missing tenth digit's planes' pad) full bands, which the rule keeps.
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::solver::Path;

    fn grid(s: &str) -> Grid {
        Grid::from_line(s.as_bytes()).unwrap()
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
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn next_avx2(board: &mut Board) -> Next {
        board.next(true, true)
    }

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
            let board = match Board::new(&grid(&line)) {
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
}
