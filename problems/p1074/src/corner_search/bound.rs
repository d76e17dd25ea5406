//! The bound on a corner search's open cells: the largest digits per group, and per pair.

use super::*;

/// Groups that hold block cells (see [`GROUPS`]).
const BOUND_GROUPS: usize = 12;

/// `TOP_SUM[k][m]`: the sum of the `k` largest digits of the set `DigitSet(m << 1)` (all of them
/// if it has fewer), for `k <= 4`. Groups hold at most 4 block cells.
static TOP_SUM: [[u8; 512]; 5] = top_sums();

const fn top_sums() -> [[u8; 512]; 5] {
    let mut t = [[0u8; 512]; 5];
    let mut m = 0;
    while m < 512 {
        let mut k = 1;
        let mut rest = m;
        while k <= 4 {
            let mut sum = t[k - 1][m];
            if rest != 0 {
                let high = 31 - (rest as u32).leading_zeros();
                sum += high as u8 + 1;
                rest &= !(1 << high);
            }
            t[k][m] = sum;
            k += 1;
        }
        m += 1;
    }
    t
}

impl CornerSearch<'_> {
    /// An upper bound on the open block cells of pair `p` (`open` of them, `corners` of
    /// those with coefficient 2, free digits within `union`), given the digits `known` to be
    /// shared. The pair's twelve region cells hold each digit once plus its 3 shared digits
    /// again; the shared ones include `known` and fit the middle line, so at best they are
    /// `known` and the largest other digits the middle line allows and the open cells can
    /// take (a second copy of a digit they cannot take gains nothing). Taking away what the
    /// assigned region cells hold, the open block cells get the largest that is left (and
    /// within `union`), and the corners (in one row or column) count once more the largest
    /// distinct digits that have a copy left under some choice of the shared ones. O(9).
    fn pair_bound(
        &self,
        p: usize,
        known: DigitSet,
        union: DigitSet,
        open: u32,
        corners: u32,
    ) -> i32 {
        let mut shared = known;
        // Only digits the open cells can take gain from a second copy.
        for d in self.allowed[p].minus(known).intersect(union).high_first() {
            if shared.len() >= SHARED {
                break;
            }
            shared = shared.union(DigitSet::single(d));
        }
        let (mut taken, mut doubled, mut sum) = (0, 0, 0);
        for d in union.high_first() {
            let assigned =
                i32::from(self.region[p][0].contains(d)) + i32::from(self.region[p][1].contains(d));
            let mut copies = 1 + i32::from(shared.contains(d)) - assigned;
            // The two corners of a pair share a row (column): they take distinct digits, ones
            // with a copy left under some choice of the shared digits.
            let may_share =
                self.allowed[p].contains(d) && known.len() < SHARED || known.contains(d);
            if 1 + i32::from(may_share) - assigned > 0 && doubled < corners {
                sum += i32::from(d);
                doubled += 1;
            }
            // Apart from that, the open cells take the largest copies left.
            while copies > 0 && taken < open {
                sum += i32::from(d);
                taken += 1;
                copies -= 1;
            }
            if taken == open && doubled == corners {
                break;
            }
        }
        sum
    }

    /// The bound on the open cells, the cell to branch on and the number of open block cells;
    /// `None` if an open cell has no free digit left. The open block cells are grouped three
    /// ways (by box, by outer row, by outer column); in each group the smaller of "each cell
    /// takes its largest free digit" and "the group's free digits, largest first, go to the
    /// largest coefficients" bounds the group (its digits are distinct); each way sums its
    /// groups, and the smallest sum is taken (with all four whole boxes, also the band pairs
    /// and the stack pairs, each bounded as a whole: [`CornerSearch::pair_bound`]). The cell
    /// is the open one with the fewest free digits, block cells first.
    #[inline(always)]
    pub fn open_bound(
        &self,
        free: &[DigitSet; MAX_CELLS],
        region: &[[DigitSet; 2]; 4],
    ) -> Option<(i32, usize, u32)> {
        let mut each_largest = [0i32; BOUND_GROUPS];
        let mut union = [DigitSet::NONE; BOUND_GROUPS];
        // Open block cells per group with coefficient 2, and with coefficient 1.
        let mut doubles = [0u8; BOUND_GROUPS];
        let mut singles = [0u8; BOUND_GROUPS];
        // Per pair: its open block cells, how many of them are corners, their free digits.
        let mut pair_open = [0u32; 4];
        let mut pair_corners = [0u32; 4];
        let mut pair_union = [DigitSet::NONE; 4];
        let (mut pick, mut pick_key) = (0, u32::MAX);
        let mut open_blocks = 0;
        for (i, &f) in free.iter().enumerate().take(self.len) {
            if self.assigned[i] != 0 {
                continue;
            }
            let c = &self.cells[i];
            if f.is_empty() {
                return None;
            }
            open_blocks += u32::from(c.coef != 0);
            // Block cells first (a filler's choice multiplies the work under it but never
            // moves the bound), unless it is forced; among them the corners first (fixing a
            // doubled cell tightens the bound most), then the fewest free digits, then search
            // order.
            let key = match (c.coef, f.len()) {
                (0, 1) => 0,
                (0, n) => 64 + n,
                (k, n) => (2 - k as u32) * 16 + n,
            };
            if key < pick_key {
                pick_key = key;
                pick = i;
            }
            if c.coef == 0 {
                continue;
            }
            for &(p, _) in BOX_PAIRS[c.box_group as usize]
                .iter()
                .filter(|_| self.whole)
            {
                pair_open[p] += 1;
                pair_corners[p] += (c.coef == 2) as u32;
                pair_union[p] = pair_union[p].union(f);
            }
            let top = c.coef * i32::from(f.highest());
            for g in [c.box_group, c.row, c.col] {
                let g = g as usize;
                each_largest[g] += top;
                union[g] = union[g].union(f);
                if c.coef == 2 {
                    doubles[g] += 1;
                } else {
                    singles[g] += 1;
                }
            }
        }
        let mut way = [0i32; 3];
        for g in 0..BOUND_GROUPS {
            // The largest digits go to the doubled cells first: top(d + s) + top(d).
            let m = (union[g].0 >> 1) as usize;
            let (d, s) = (doubles[g] as usize, singles[g] as usize);
            let distinct = i32::from(TOP_SUM[(d + s).min(4)][m]) + i32::from(TOP_SUM[d][m]);
            way[g / 4] += each_largest[g].min(distinct);
        }
        let mut open_bound = way[0].min(way[1]).min(way[2]);
        if self.whole && self.active == [true; 4] {
            let mut pair = [0i32; 4];
            for (p, value) in pair.iter_mut().enumerate() {
                let known = region[p][0].intersect(region[p][1]);
                *value = self.pair_bound(p, known, pair_union[p], pair_open[p], pair_corners[p]);
            }
            open_bound = open_bound.min(pair[0] + pair[1]).min(pair[2] + pair[3]);
        }
        Some((open_bound, pick, open_blocks))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_sums_table() {
        assert_eq!(TOP_SUM[0][0b1_1111_1111], 0);
        assert_eq!(TOP_SUM[2][0b1_1111_1111], 9 + 8);
        assert_eq!(TOP_SUM[4][0b1_1111_1111], 9 + 8 + 7 + 6);
        let s = DigitSet::single(7).union(DigitSet::single(2));
        assert_eq!(TOP_SUM[3][(s.0 >> 1) as usize], 9);
        assert_eq!(TOP_SUM[1][(s.0 >> 1) as usize], 7);
    }
}
