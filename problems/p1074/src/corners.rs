//! The exact-under-relaxation upper bound on the corner blocks' part of the objective.
//!
//! The four 2x2 corner blocks (see [`crate::search`] for why they matter):
//!
//! ```text
//!   block 0 (TL)  C n . . . . . n C  block 1 (TR)      C: corner, coefficient 2
//!                 n n e . . . e n n                    n: neighbour, coefficient 1
//!                 e e . m m m . e e                    e: "extra" cells of a band or stack
//!                 . . m . . . m . .                    m: middle-box line cells
//!                 . . m . . . m . .
//!                 . . m . . . m . .
//!                 e e . m m m . e e
//!                 n n e . . . e n n
//!   block 2 (BL)  C n . . . . . n C  block 3 (BR)
//! ```
//!
//! Two corner blocks along a band (or stack) live in the outer boxes of that band. A digit in
//! both of their outer two lines (rows 0-1, say: the `C`, `n` and `e` cells of boxes 0 and 2)
//! sits on both of those lines, so in the band's middle box it can only go on the third line
//! (the `m` cells of box 1): at most 3 such shared digits, and only digits that fit there.
//! Together with distinct digits per block, row and column, these rules bound the 16 block
//! cells; [`corner_bound`] finds the exact maximum under them by a small pruned search.

use crate::grid::{Cell, Digit, Digits, BOX, CELLS, COL, ROW, UNITS};

/// The four corner blocks (TL, TR, BL, BR): the corner first, then its three neighbours.
/// Cells are row-major indices.
pub const CORNER_BLOCKS: [[Cell; 4]; 4] = [
    [0, 1, 9, 10],
    [8, 7, 17, 16],
    [72, 73, 63, 64],
    [80, 79, 71, 70],
];

/// Coefficient in the objective of cell `i` of a corner block.
pub const BLOCK_COEF: [i32; 4] = [2, 1, 1, 1];

/// Two corner blocks along one band or stack, and the cells that decide what they may share.
struct Pair {
    /// The two blocks (indices into [`CORNER_BLOCKS`]).
    blocks: [usize; 2],
    /// Per block, the two other cells of its box on the pair's two outer lines.
    extras: [[Cell; 2]; 2],
    /// The middle box's cells on the band's (stack's) third line.
    middle: [Cell; 3],
}

/// Top band, bottom band, left stack, right stack.
const PAIRS: [Pair; 4] = [
    Pair {
        blocks: [0, 1],
        extras: [[2, 11], [6, 15]],
        middle: [21, 22, 23],
    },
    Pair {
        blocks: [2, 3],
        extras: [[65, 74], [69, 78]],
        middle: [57, 58, 59],
    },
    Pair {
        blocks: [0, 2],
        extras: [[18, 19], [54, 55]],
        middle: [29, 38, 47],
    },
    Pair {
        blocks: [1, 3],
        extras: [[25, 26], [61, 62]],
        middle: [33, 42, 51],
    },
];

/// Per block, its two pairs as (pair index, side in that pair).
const BLOCK_PAIRS: [[(usize, usize); 2]; 4] = [
    [(0, 0), (2, 0)],
    [(0, 1), (3, 0)],
    [(1, 0), (2, 1)],
    [(1, 1), (3, 1)],
];

/// Most digits two blocks of a pair can share: the middle box's third line has 3 cells.
const MAX_SHARED: u32 = 3;

/// The blocks in a subset, as bit `b` for block `b`.
pub type BlockSet = u8;

/// All four corner blocks.
pub const ALL_BLOCKS: BlockSet = 0b1111;

/// The largest `sum(coefficient * digit)` over the cells of the corner blocks in `blocks`,
/// subject to: each cell takes a digit it can still take, digits distinct per block, row and
/// column, and for each band or stack pair whose two blocks are both in `blocks`, the shared
/// digits (counting filled extra cells) number at most 3 and can each go on the middle line.
/// `None` if no assignment satisfies the rules (then the board has no completion) or none is
/// worth more than `beat`. With `exact` false it stops at the first assignment worth more than
/// `beat` and returns a looser bound (the search's own estimate at its root): enough for a
/// branch and bound that only asks "can this node beat the incumbent?".
///
/// `digit[c]` is the digit of cell `c` (0 = empty), `candidates(c)` the digits an empty cell
/// may take. Every completion satisfies the rules, so this bounds the blocks' part of the
/// objective from above. Cost: a search over at most 16 cells, high digits first, pruned by a
/// grouped bound (see `CornerSearch::optimistic`); from a few to a few thousand nodes, each
/// O(16).
pub fn corner_bound<F: Fn(Cell) -> Digits>(
    digit: &[Digit; CELLS],
    candidates: F,
    blocks: BlockSet,
    beat: i32,
    exact: bool,
) -> Option<i32> {
    let possible = |c: Cell| match digit[c] {
        0 => candidates(c),
        d => Digits::single(d),
    };
    let mut s = CornerSearch {
        cells: [SearchCell::default(); 16],
        len: 0,
        used: [Digits::NONE; GROUPS],
        active: [false; 4],
        region: [[Digits::NONE; 2]; 4],
        shared: [0; 4],
        allowed: [Digits::NONE; 4],
        assigned: [0; 16],
        duties: [(0, 0); MAX_DUTIES],
        duty_end: [0; 17],
        exact,
        best: beat.max(-1),
    };
    for (p, pair) in PAIRS.iter().enumerate() {
        s.active[p] = pair.blocks.iter().all(|&b| blocks >> b & 1 == 1);
        if !s.active[p] {
            continue;
        }
        for side in 0..2 {
            for &c in &pair.extras[side] {
                if digit[c] != 0 {
                    s.region[p][side] = s.region[p][side].union(Digits::single(digit[c]));
                }
            }
        }
        s.allowed[p] = pair
            .middle
            .iter()
            .fold(Digits::NONE, |a, &c| a.union(possible(c)));
        let common = s.region[p][0].intersect(s.region[p][1]);
        s.shared[p] = common.len();
        if s.shared[p] > MAX_SHARED || common.minus(s.allowed[p]) != Digits::NONE {
            return None;
        }
    }
    // Corners first (they weigh double), then the neighbours, each group in block order.
    for coef_index in [0, 1, 2, 3] {
        for (b, block) in CORNER_BLOCKS.iter().enumerate() {
            if blocks >> b & 1 == 1 {
                let c = block[coef_index];
                s.cells[s.len] = SearchCell {
                    candidates: possible(c),
                    coef: BLOCK_COEF[coef_index],
                    cell: c as u8,
                    block: b as u8,
                    row: 4 + outer_line(ROW[c]),
                    col: 8 + outer_line(COL[c]),
                };
                s.len += 1;
            }
        }
    }
    s.add_duties(digit, &candidates)?;
    let loose = s.optimistic(0);
    if loose <= s.best {
        return None;
    }
    s.run(0, 0);
    if s.best <= beat || s.best < 0 {
        None
    } else if exact {
        Some(s.best)
    } else {
        Some(loose)
    }
}

/// Index `0..4` of an outer row (column) `0, 1, 7, 8`.
const fn outer_line(line: u8) -> u8 {
    if line < 2 {
        line
    } else {
        line - 5
    }
}

/// Groups of distinct digits in a search: blocks `0..4`, outer rows `4..8`, outer columns
/// `8..12`.
const GROUPS: usize = 12;

/// One cell of a [`corner_bound`] search.
#[derive(Clone, Copy, Default)]
struct SearchCell {
    candidates: Digits,
    coef: i32,
    cell: u8,
    /// Its groups (see [`GROUPS`]): block, outer row, outer column.
    block: u8,
    row: u8,
    col: u8,
}

/// The search state of [`corner_bound`].
///
/// ```text
///   used[g]          digits taken in group g (block 0..4, row 4..8, column 8..12)
///   region[p][side]  digits on the outer two lines of pair p's block `side` (incl. extras)
///   shared[p]        |region[p][0] & region[p][1]|, at most MAX_SHARED
///   allowed[p]       digits the middle line of pair p can still hold
/// ```
struct CornerSearch {
    cells: [SearchCell; 16],
    len: usize,
    used: [Digits; GROUPS],
    active: [bool; 4],
    region: [[Digits; 2]; 4],
    shared: [u32; 4],
    allowed: [Digits; 4],
    /// Find the maximum (`true`), or stop at the first assignment above the bar.
    exact: bool,
    /// Digit given to each cell so far (by search position).
    assigned: [Digit; 16],
    /// Placement duties: (search positions, digit): one of those cells must take the digit.
    /// Sorted by the last position of the set; `duty_end[i]` = duties whose last position < i.
    duties: [(u16, Digit); MAX_DUTIES],
    duty_end: [u8; 17],
    best: i32,
}

/// `TOP_SUM[k][m]`: the sum of the `k` largest digits of the set `Digits(m << 1)` (all of them
/// if it has fewer), for `k <= 4`. Groups of a search hold at most 4 cells.
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

/// At most 12 units (4 rows, 4 columns, 4 boxes) times 9 digits.
const MAX_DUTIES: usize = 108;

impl CornerSearch {
    #[inline(always)]
    fn free(&self, cell: &SearchCell) -> Digits {
        cell.candidates
            .minus(self.used[cell.block as usize])
            .minus(self.used[cell.row as usize])
            .minus(self.used[cell.col as usize])
    }

    /// Whether `d` may join `block` under the pair rules (shared count and middle line).
    #[inline]
    fn pairs_allow(&self, block: usize, d: Digit) -> bool {
        BLOCK_PAIRS[block].iter().all(|&(p, side)| {
            !self.active[p]
                || !self.region[p][1 - side].contains(d)
                || (self.shared[p] < MAX_SHARED && self.allowed[p].contains(d))
        })
    }

    /// Adds (`on`) or removes digit `d` of `cell` in all the used sets.
    #[inline]
    fn toggle(&mut self, cell: &SearchCell, d: Digit, on: bool) {
        let bit = Digits::single(d);
        let flip = |s: &mut Digits| *s = if on { s.union(bit) } else { s.minus(bit) };
        flip(&mut self.used[cell.block as usize]);
        flip(&mut self.used[cell.row as usize]);
        flip(&mut self.used[cell.col as usize]);
        for &(p, side) in &BLOCK_PAIRS[cell.block as usize] {
            if self.active[p] {
                if self.region[p][1 - side].contains(d) {
                    if on {
                        self.shared[p] += 1;
                    } else {
                        self.shared[p] -= 1;
                    }
                }
                flip(&mut self.region[p][side]);
            }
        }
    }

    /// Collects the placement duties of the units the search cells lie in: a digit missing
    /// from the unit whose every possible place is a search cell must go to one of them.
    /// `None` if some missing digit has no place at all. O(units * 9).
    fn add_duties<F: Fn(Cell) -> Digits>(
        &mut self,
        digit: &[Digit; CELLS],
        candidates: &F,
    ) -> Option<()> {
        // Search position of each cell, or none.
        let mut position = [u8::MAX; CELLS];
        let mut units = 0u32;
        for (i, cell) in self.cells[..self.len].iter().enumerate() {
            let c = cell.cell as usize;
            position[c] = i as u8;
            units |= 1 << ROW[c] | 1 << (9 + COL[c]) | 1 << (18 + BOX[c]);
        }
        let mut found: [(u8, u16, Digit); MAX_DUTIES] = [(0, 0, 0); MAX_DUTIES];
        let mut n = 0;
        for u in bits::ones(units) {
            let unit = &UNITS[u as usize];
            // Per cell of the unit: its candidates if it is an empty search cell.
            let mut inside = [Digits::NONE; 9];
            let (mut missing, mut outside) = (Digits::ALL, Digits::NONE);
            for (k, &c) in unit.iter().enumerate() {
                let c = c as usize;
                match (digit[c], position[c]) {
                    (0, u8::MAX) => outside = outside.union(candidates(c)),
                    (0, _) => inside[k] = candidates(c),
                    (d, _) => missing = missing.minus(Digits::single(d)),
                }
            }
            for d in missing.minus(outside).high_first() {
                let (mut places, mut last) = (0u16, 0);
                for (k, &c) in unit.iter().enumerate() {
                    if inside[k].contains(d) {
                        let i = position[c as usize];
                        places |= 1 << i;
                        last = last.max(i);
                    }
                }
                if places == 0 {
                    return None;
                }
                found[n] = (last, places, d);
                n += 1;
            }
        }
        found[..n].sort_unstable_by_key(|&(last, _, _)| last);
        let mut k = 0;
        for i in 0..=self.len {
            while k < n && usize::from(found[k].0) < i {
                self.duties[k] = (found[k].1, found[k].2);
                k += 1;
            }
            self.duty_end[i] = k as u8;
        }
        Some(())
    }

    /// Whether the duties whose cells are all among `cells[..=i]` are met.
    #[inline]
    fn duties_met(&self, i: usize) -> bool {
        let range = usize::from(self.duty_end[i])..usize::from(self.duty_end[i + 1]);
        self.duties[range]
            .iter()
            .all(|&(places, d)| bits::ones(places).any(|j| self.assigned[j as usize] == d))
    }

    /// An upper bound on what `cells[from..]` can add. The remaining cells are grouped three
    /// ways (by block, by outer row, by outer column); in each group the smaller of "each
    /// cell takes its largest free digit" and "the group's free digits, largest first, go to
    /// the largest coefficients" bounds the group (its digits are distinct); each way sums
    /// its groups, and the smallest sum is taken. O(remaining cells + 12).
    #[inline]
    fn optimistic(&self, from: usize) -> i32 {
        let mut each_largest = [0i32; GROUPS];
        let mut union = [Digits::NONE; GROUPS];
        // Remaining cells per group with coefficient 2, and with coefficient 1.
        let mut doubles = [0u8; GROUPS];
        let mut singles = [0u8; GROUPS];
        for c in &self.cells[from..self.len] {
            let free = self.free(c);
            let top = c.coef * i32::from(free.highest());
            for g in [c.block, c.row, c.col] {
                let g = g as usize;
                each_largest[g] += top;
                union[g] = union[g].union(free);
                if c.coef == 2 {
                    doubles[g] += 1;
                } else {
                    singles[g] += 1;
                }
            }
        }
        let mut way = [0i32; 3];
        for g in 0..GROUPS {
            // The largest digits go to the doubled cells first: top(d + s) + top(d).
            let m = (union[g].0 >> 1) as usize;
            let (d, s) = (doubles[g] as usize, singles[g] as usize);
            let distinct = i32::from(TOP_SUM[(d + s).min(4)][m]) + i32::from(TOP_SUM[d][m]);
            way[g / 4] += each_largest[g].min(distinct);
        }
        way[0].min(way[1]).min(way[2])
    }

    /// Extends an assignment of `cells[..i]` worth `acc`. Returns `true` to stop the whole
    /// search: in "any above" mode, as soon as one assignment beats the bar.
    fn run(&mut self, i: usize, acc: i32) -> bool {
        if i == self.len {
            self.best = self.best.max(acc);
            return !self.exact;
        }
        let cell = self.cells[i];
        for d in self.free(&cell).high_first() {
            if !self.pairs_allow(cell.block as usize, d) {
                continue;
            }
            self.assigned[i] = d;
            if !self.duties_met(i) {
                continue;
            }
            let acc = acc + cell.coef * i32::from(d);
            self.toggle(&cell, d, true);
            let stop = acc + self.optimistic(i + 1) > self.best && self.run(i + 1, acc);
            self.toggle(&cell, d, false);
            if stop {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, BOX, UNITS};

    fn candidates_of(g: &Grid) -> impl Fn(Cell) -> Digits + '_ {
        move |c| {
            let mut used = Digits::NONE;
            for u in [ROW[c] as usize, 9 + COL[c] as usize, 18 + BOX[c] as usize] {
                for &p in &UNITS[u] {
                    if g.0[p as usize] != 0 {
                        used = used.union(Digits::single(g.0[p as usize]));
                    }
                }
            }
            used.complement()
        }
    }

    #[test]
    fn top_sums_table() {
        assert_eq!(TOP_SUM[0][0b1_1111_1111], 0);
        assert_eq!(TOP_SUM[2][0b1_1111_1111], 9 + 8);
        assert_eq!(TOP_SUM[4][0b1_1111_1111], 9 + 8 + 7 + 6);
        let s = Digits::single(7).union(Digits::single(2));
        assert_eq!(TOP_SUM[3][(s.0 >> 1) as usize], 9);
        assert_eq!(TOP_SUM[1][(s.0 >> 1) as usize], 7);
    }

    #[test]
    fn tight_on_the_empty_grid() {
        let g = Grid([0; CELLS]);
        // One band pair: corners 9 and 8, neighbours 8 7 6 and 9 7 6 = 77, minus 1 because
        // the blocks would share 4 digits.
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true),
            Some(76)
        );
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), ALL_BLOCKS, -1, true),
            Some(2 * 76)
        );
        // A single block ignores the pair rules.
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0001, -1, true),
            Some(18 + 8 + 7 + 6)
        );
    }

    #[test]
    fn four_shared_digits_are_impossible() {
        let mut g = Grid([0; CELLS]);
        // Rows 0 and 1 stay distinct, but blocks 0 and 1 would share 1, 2, 3 and 4.
        for (c, d) in [
            (0, 1),
            (1, 2),
            (9, 3),
            (10, 4),
            (7, 3),
            (8, 4),
            (16, 1),
            (17, 2),
        ] {
            g.0[c] = d;
        }
        assert!(!g.has_clash());
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true),
            None
        );
        g.0[17] = 5;
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true),
            Some(2 * 5 + 5 + 4 + 3 + 1 + 5)
        );
    }

    #[test]
    fn shared_digits_must_fit_the_middle_line() {
        let mut g = Grid([0; CELLS]);
        g.0[2] = 9; // row 0, box 0: an extra cell of block 0
        g.0[16] = 9; // row 1, box 2: a neighbour in block 1, so 9 is shared
        g.0[30] = 9; // column 3, box 4
        g.0[58] = 9; // column 4, box 7
        assert!(!g.has_clash());
        // Box 1's 9 can still go to row 2, column 5 (cell 23).
        assert!(corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true).is_some());
        g.0[23] = 1;
        assert!(!g.has_clash());
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true),
            None
        );
        // The stack pairs do not see this band's rule.
        assert!(corner_bound(&g.0, candidates_of(&g), 0b0101, -1, true).is_some());
    }

    /// Every assignment of the blocks' cells checked against the rules one by one: no pruning,
    /// no incremental state.
    fn brute_force(g: &Grid, blocks: BlockSet) -> Option<i32> {
        let cand = candidates_of(g);
        let cells: Vec<(Cell, i32)> = (0..4)
            .filter(|b| blocks >> b & 1 == 1)
            .flat_map(|b| {
                CORNER_BLOCKS[b]
                    .iter()
                    .copied()
                    .zip(BLOCK_COEF.iter().copied())
            })
            .collect();
        let options: Vec<Vec<u8>> = cells
            .iter()
            .map(|&(c, _)| match g.0[c] {
                0 => cand(c).high_first().collect(),
                d => vec![d],
            })
            .collect();
        let mut best = None;
        let mut pick = vec![0usize; cells.len()];
        'all: loop {
            let mut trial = *g;
            for (i, &(c, _)) in cells.iter().enumerate() {
                trial.0[c] = options[i][pick[i]];
            }
            if rules_hold(g, &trial, &cells, blocks) {
                let value: i32 = cells.iter().map(|&(c, k)| k * i32::from(trial.0[c])).sum();
                best = best.max(Some(value));
            }
            for i in 0..cells.len() {
                pick[i] += 1;
                if pick[i] < options[i].len() {
                    continue 'all;
                }
                pick[i] = 0;
            }
            return best;
        }
    }

    fn rules_hold(g: &Grid, trial: &Grid, cells: &[(Cell, i32)], blocks: BlockSet) -> bool {
        if trial.has_clash() {
            return false;
        }
        let in_search = |c: Cell| cells.iter().any(|&(x, _)| x == c);
        for pair in PAIRS
            .iter()
            .filter(|p| p.blocks.iter().all(|&b| blocks >> b & 1 == 1))
        {
            let region = |side: usize| -> Vec<u8> {
                CORNER_BLOCKS[pair.blocks[side]]
                    .iter()
                    .chain(pair.extras[side].iter())
                    .map(|&c| trial.0[c])
                    .filter(|&d| d != 0)
                    .collect()
            };
            let (r0, r1) = (region(0), region(1));
            let shared: Vec<u8> = r0.iter().copied().filter(|d| r1.contains(d)).collect();
            let cand = candidates_of(g);
            let fits = |d: u8| {
                pair.middle.iter().any(|&c| {
                    if g.0[c] == 0 {
                        cand(c).contains(d)
                    } else {
                        g.0[c] == d
                    }
                })
            };
            if shared.len() > 3 || !shared.iter().all(|&d| fits(d)) {
                return false;
            }
        }
        // Duties: a digit missing from a unit, whose every place in `g` is a search cell.
        let cand = candidates_of(g);
        for unit in UNITS.iter() {
            if !unit.iter().any(|&c| in_search(c as usize)) {
                continue;
            }
            for d in 1..=9u8 {
                if unit.iter().any(|&c| g.0[c as usize] == d) {
                    continue;
                }
                let places: Vec<usize> = unit
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| g.0[c] == 0 && cand(c).contains(d))
                    .collect();
                if places.iter().all(|&c| in_search(c)) && !places.iter().any(|&c| trial.0[c] == d)
                {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn matches_brute_force_on_random_boards() {
        // Valid full grids (a shifted pattern, digits relabelled), half of the cells erased.
        let mut state = 12345u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut checked = 0;
        for _ in 0..40 {
            let mut relabel: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                relabel.swap(i, next(i as u64 + 1) as usize);
            }
            let full: [u8; CELLS] =
                std::array::from_fn(|c| relabel[(c / 9 * 3 + c / 27 + c % 9) % 9]);
            let mut g = Grid(full);
            for c in 0..CELLS {
                if next(100) < 55 {
                    g.0[c] = 0;
                }
            }
            for blocks in [0b0001, 0b0011, 0b0101, 0b1100, 0b1010] {
                let want = brute_force(&g, blocks);
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, -1, true),
                    want,
                    "{}",
                    g
                );
                // The full grid obeys the rules, so the bound is at least its value.
                let real: i32 = (0..4)
                    .filter(|b| blocks >> b & 1 == 1)
                    .flat_map(|b| CORNER_BLOCKS[b].iter().zip(BLOCK_COEF.iter()))
                    .map(|(&c, &k)| k * i32::from(full[c]))
                    .sum();
                assert!(want.unwrap() >= real);
                // With a bar to beat, only better values come back.
                let bar = want.unwrap() - 1;
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, bar, true),
                    want
                );
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, bar + 1, true),
                    None
                );
                let quick = corner_bound(&g.0, candidates_of(&g), blocks, bar, false);
                assert!(quick.unwrap() >= want.unwrap());
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, bar + 1, false),
                    None
                );
                checked += 1;
            }
            let all = corner_bound(&g.0, candidates_of(&g), ALL_BLOCKS, -1, true).unwrap();
            let real: i32 = CORNER_BLOCKS
                .iter()
                .flat_map(|b| b.iter().zip(BLOCK_COEF.iter()))
                .map(|(&c, &k)| k * i32::from(full[c]))
                .sum();
            assert!(all >= real);
        }
        assert_eq!(checked, 200);
    }
}
