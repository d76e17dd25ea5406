//! Where the search branches: a cell with the fewest candidates, or the permutations of one
//! digit in a band or a stack.

use crate::bands;
use crate::board::Board;
use crate::grid::plane_index;
use crate::lanes::covered_to_thrice;
use crate::rules::Next;
use crate::split::{self, SplitAt};
use bits::Word;

impl Board {
    /// A guess on a cell: one with two candidates, else one with the fewest.
    #[inline(always)]
    pub fn cell_guess(&self) -> Next {
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

    /// The unsolved cell with the fewest candidates (band, bit), the first in band order on
    /// ties. Requires one. O(81) [`Board::digits_at`] calls.
    fn fewest_candidates(&self) -> (usize, u32) {
        let cells = (0..3).flat_map(|b| {
            bits::ones(self.unsolved[b]).map(move |k| ((b, 1 << k), self.digits_at(b, 1 << k)))
        });
        let (cell, _) = bits::fewest_ones(cells, 0).expect("an unsolved cell");
        cell
    }

    /// Where to split ([`split::split_at`]) and the permutations there; `None` when every
    /// digit is down to one permutation in every band and stack. O(27) word operations.
    #[inline(always)]
    pub fn fewest_permutations(&self) -> Option<Next> {
        split::split_at(&self.planes).map(|at| self.split_next(at))
    }

    /// The branch for a split at `at`: the permutations there.
    #[inline(always)]
    pub fn split_next(&self, at: SplitAt) -> Next {
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
}
