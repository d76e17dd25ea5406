//! The rules after propagation: naked singles, then the stack, minirow and minicolumn rules;
//! their verdict, a [`Next`], says whether to propagate again, stop, or branch.
//!
//! A bit-sliced count over a band's nine planes (SSE2) finds cells with no candidate (a dead
//! end) and cells with one (naked singles); the stack rule ([`bands::stack_rule`], four
//! digits per vector) prunes columns; in split mode the minirow rule
//! ([`bands::minirow_rule`]) and its vertical twin ([`bands::minicolumn_rule`]) follow.

use crate::bands::{self, take_cells};
use crate::board::Board;
use crate::grid::plane_index;
#[cfg(target_arch = "x86_64")]
use crate::grid::BAND;
use crate::lanes::{covered_once_twice, Lanes};
#[cfg(target_arch = "x86_64")]
use crate::lanes::{U32x4, U32x8};

/// What the search should do after propagation.
pub enum Next {
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

impl Board {
    /// After propagation: applies naked singles, else the stack rule, or says whether the
    /// board is solved, dead, or where to branch: on a cell ([`Board::cell_guess`]), or with
    /// `split`, once the minirow and minicolumn rules found nothing either, on permutations
    /// ([`Board::fewest_permutations`]). `wide`: AVX2 inline (only inlined into the AVX2
    /// build of the search), where the split steps run as [`Board::split_next_wide`].
    /// O(27) word operations.
    #[inline(always)]
    pub fn next(&mut self, split: bool, wide: bool) -> Next {
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
}
