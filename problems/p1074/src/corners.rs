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

// Raw indices inside the bound: `Cell`, `Digit` here are grid.rs's `CellIndex`, `DigitValue`.
use crate::grid::{CellIndex as Cell, DigitValue as Digit};
use crate::grid::{Digits, BOX, CELLS, COL, ROW, UNITS};

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
/// column, for each band or stack pair whose two blocks are both in `blocks`, the shared
/// digits (counting filled extra cells) number at most 3 and can each go on the middle line,
/// and every placement duty is met (a digit missing from a row, column or box whose every
/// possible place there is one of these cells goes to one of them).
/// `None` if no assignment satisfies the rules (then the board has no completion) or none is
/// worth more than `beat`. With `exact` false it stops at the first assignment worth more than
/// `beat` and returns a looser bound (the search's own estimate at its root): enough for a
/// branch and bound that only asks "can this node beat the incumbent?".
///
/// `digit[c]` is the digit of cell `c` (0 = empty), `candidates(c)` the digits an empty cell
/// may take. Every completion satisfies the rules, so this bounds the blocks' part of the
/// objective from above. Cost: a search over the empty ones of the 16 cells, most constrained
/// cell first, high digits first, with forward checking and a grouped bound (see
/// `CornerSearch::run`); from one to a few thousand nodes, each O(16 + duties). Adds its node
/// count to `nodes`.
pub fn corner_bound<F: Fn(Cell) -> Digits>(
    digit: &[Digit; CELLS],
    candidates: F,
    blocks: BlockSet,
    beat: i32,
    exact: bool,
    nodes: &mut u64,
) -> Option<i32> {
    let possible = |c: Cell| match digit[c] {
        0 => candidates(c),
        d => Digits::single(d),
    };
    let mut s = CornerSearch {
        cells: [SearchCell::default(); 16],
        len: 0,
        assigned: [0; 16],
        used: [Digits::NONE; GROUPS],
        active: [false; 4],
        region: [[Digits::NONE; 2]; 4],
        shared: [0; 4],
        allowed: [Digits::NONE; 4],
        duties: [(0, 0); MAX_DUTIES],
        n_duties: 0,
        exact,
        best: beat.max(-1),
        estimate: None,
        nodes: 0,
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
    // Corners first (they weigh double), then the neighbours, each group in block order: the
    // tie-break of the search's cell choice.
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
    // Filled cells are assigned up front; they must obey the pair rules too.
    let (mut acc, mut left) = (0, 0);
    for i in 0..s.len {
        let cell = s.cells[i];
        match digit[cell.cell as usize] {
            0 => left += 1,
            d => {
                let forbidden = s.pair_forbidden(cell.block as usize);
                if !s.free(&cell, forbidden).contains(d) {
                    return None;
                }
                s.assign(i, d);
                acc += cell.coef * i32::from(d);
            }
        }
    }
    s.add_duties(digit, &candidates)?;
    s.run(acc, left);
    *nodes += s.nodes;
    if s.best <= beat || s.best < 0 {
        None
    } else if exact {
        Some(s.best)
    } else {
        s.estimate
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

/// The search state of [`corner_bound`]. Cells are named by their search position `0..16`.
///
/// ```text
///   assigned[i]      digit of cell i, 0 while open
///   used[g]          digits taken in group g (block 0..4, row 4..8, column 8..12)
///   region[p][side]  digits on the outer two lines of pair p's block `side` (incl. extras)
///   shared[p]        |region[p][0] & region[p][1]|, at most MAX_SHARED
///   allowed[p]       digits the middle line of pair p can still hold
///   duties[k]        (places, d): bit i of places = cell i; one of them must take d
/// ```
struct CornerSearch {
    cells: [SearchCell; 16],
    len: usize,
    assigned: [Digit; 16],
    used: [Digits; GROUPS],
    active: [bool; 4],
    region: [[Digits; 2]; 4],
    shared: [u32; 4],
    allowed: [Digits; 4],
    duties: [(u16, Digit); MAX_DUTIES],
    n_duties: usize,
    /// Find the maximum (`true`), or stop at the first assignment above the bar.
    exact: bool,
    /// The best value found so far, or the bar to beat.
    best: i32,
    /// The bound at the root of the search (what a non-exact search returns).
    estimate: Option<i32>,
    nodes: u64,
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
    /// The digits `cell` may take now, given the pair rules' `forbidden` digits of its block.
    #[inline(always)]
    fn free(&self, cell: &SearchCell, forbidden: Digits) -> Digits {
        cell.candidates
            .minus(self.used[cell.block as usize])
            .minus(self.used[cell.row as usize])
            .minus(self.used[cell.col as usize])
            .minus(forbidden)
    }

    /// The digits the pair rules keep out of `block`: those of the other block of a pair
    /// that cannot be shared (the middle line cannot hold them, or 3 are shared already).
    #[inline]
    fn pair_forbidden(&self, block: usize) -> Digits {
        let mut forbidden = Digits::NONE;
        for &(p, side) in &BLOCK_PAIRS[block] {
            if self.active[p] {
                let shareable = if self.shared[p] < MAX_SHARED {
                    self.allowed[p]
                } else {
                    Digits::NONE
                };
                forbidden = forbidden.union(self.region[p][1 - side].minus(shareable));
            }
        }
        forbidden
    }

    /// Gives digit `d` to the open cell `i`.
    #[inline]
    fn assign(&mut self, i: usize, d: Digit) {
        self.assigned[i] = d;
        self.toggle(i, d, true);
    }

    /// Undoes [`CornerSearch::assign`].
    #[inline]
    fn unassign(&mut self, i: usize, d: Digit) {
        self.assigned[i] = 0;
        self.toggle(i, d, false);
    }

    /// Adds (`on`) or removes digit `d` of cell `i` in all the used sets.
    #[inline]
    fn toggle(&mut self, i: usize, d: Digit, on: bool) {
        let cell = self.cells[i];
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

    /// Collects the placement duties of the units the open cells lie in: a digit missing
    /// from the unit whose every possible place is an open cell must go to one of them.
    /// Then, per unit, when `k` duty digits have all their places among `k` open cells, those
    /// cells can take nothing else (a hidden subset): their candidates shrink to those digits.
    /// `None` if some missing digit has no place at all, or more than `k` digits must go to
    /// `k` cells. O(units * (9 + 16)).
    fn add_duties<F: Fn(Cell) -> Digits>(
        &mut self,
        digit: &[Digit; CELLS],
        candidates: &F,
    ) -> Option<()> {
        // Search position of each open cell, or none.
        let mut position = [u8::MAX; CELLS];
        let mut units = 0u32;
        for (i, cell) in self.cells[..self.len].iter().enumerate() {
            let c = cell.cell as usize;
            if digit[c] == 0 {
                position[c] = i as u8;
                units |= 1 << ROW[c] | 1 << (9 + COL[c]) | 1 << (18 + BOX[c]);
            }
        }
        for u in bits::ones(units) {
            let unit = &UNITS[u as usize];
            let (mut missing, mut outside) = (Digits::ALL, Digits::NONE);
            let mut open = 0u16;
            for &c in unit {
                let c = c as usize;
                match (digit[c], position[c]) {
                    (0, u8::MAX) => outside = outside.union(candidates(c)),
                    (0, i) => open |= 1 << i,
                    (d, _) => missing = missing.minus(Digits::single(d)),
                }
            }
            let first = self.n_duties;
            for d in missing.minus(outside).high_first() {
                let places = bits::ones(open)
                    .filter(|&i| self.cells[i as usize].candidates.contains(d))
                    .fold(0u16, |m, i| m | 1 << i);
                if places == 0 {
                    return None;
                }
                self.duties[self.n_duties] = (places, d);
                self.n_duties += 1;
            }
            // Hidden subsets over the (at most 4) open cells of the unit.
            let mut subset = open;
            while subset != 0 {
                let digits = self.duties[first..self.n_duties]
                    .iter()
                    .filter(|&&(places, _)| places & !subset == 0)
                    .fold(Digits::NONE, |m, &(_, d)| m.union(Digits::single(d)));
                let size = subset.count_ones();
                if digits.len() > size {
                    return None;
                }
                if digits.len() == size {
                    for i in bits::ones(subset) {
                        let cell = &mut self.cells[i as usize];
                        cell.candidates = cell.candidates.intersect(digits);
                    }
                }
                subset = (subset - 1) & open;
            }
        }
        Some(())
    }

    /// Extends the current assignment, worth `acc`, with `left` open cells. Returns `true` to
    /// stop the whole search: in "any above" mode, as soon as one assignment beats the bar.
    ///
    /// Per node: each open cell's free digits (none: dead end); each duty not met yet needs an
    /// open place that can still take its digit (none: dead end; one: that place must take
    /// it); then the bound: the open cells are grouped three ways (by block, by outer row, by
    /// outer column); in each group the smaller of "each cell takes its largest free digit"
    /// and "the group's free digits, largest first, go to the largest coefficients" bounds the
    /// group (its digits are distinct); each way sums its groups, and the smallest sum is
    /// taken. Branches on the open cell with the fewest free digits, largest digit first.
    fn run(&mut self, acc: i32, left: u32) -> bool {
        self.nodes += 1;
        if left == 0 {
            self.estimate.get_or_insert(acc);
            self.best = self.best.max(acc);
            return !self.exact;
        }
        let forbidden = [
            self.pair_forbidden(0),
            self.pair_forbidden(1),
            self.pair_forbidden(2),
            self.pair_forbidden(3),
        ];
        let mut free = [Digits::NONE; 16];
        for (i, f) in free.iter_mut().enumerate().take(self.len) {
            if self.assigned[i] == 0 {
                let cell = &self.cells[i];
                *f = self.free(cell, forbidden[cell.block as usize]);
                if f.is_empty() {
                    return false;
                }
            }
        }
        for &(places, d) in &self.duties[..self.n_duties] {
            let mut open = 0u16;
            let mut met = false;
            for j in bits::ones(places) {
                let j = j as usize;
                if self.assigned[j] == d {
                    met = true;
                    break;
                }
                if self.assigned[j] == 0 && free[j].contains(d) {
                    open |= 1 << j;
                }
            }
            if met {
                continue;
            }
            if open == 0 {
                return false;
            }
            if open.is_power_of_two() {
                let j = open.trailing_zeros() as usize;
                free[j] = free[j].intersect(Digits::single(d));
            }
        }
        let mut each_largest = [0i32; GROUPS];
        let mut union = [Digits::NONE; GROUPS];
        // Open cells per group with coefficient 2, and with coefficient 1.
        let mut doubles = [0u8; GROUPS];
        let mut singles = [0u8; GROUPS];
        let (mut pick, mut pick_key) = (0, u32::MAX);
        for (i, &f) in free.iter().enumerate().take(self.len) {
            if self.assigned[i] != 0 {
                continue;
            }
            let c = &self.cells[i];
            if f.is_empty() {
                return false;
            }
            // Fewest free digits, then the larger coefficient, then search order.
            let key = 4 * f.len() - c.coef as u32;
            if key < pick_key {
                pick_key = key;
                pick = i;
            }
            let top = c.coef * i32::from(f.highest());
            for g in [c.block, c.row, c.col] {
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
        for g in 0..GROUPS {
            // The largest digits go to the doubled cells first: top(d + s) + top(d).
            let m = (union[g].0 >> 1) as usize;
            let (d, s) = (doubles[g] as usize, singles[g] as usize);
            let distinct = i32::from(TOP_SUM[(d + s).min(4)][m]) + i32::from(TOP_SUM[d][m]);
            way[g / 4] += each_largest[g].min(distinct);
        }
        let bound = acc + way[0].min(way[1]).min(way[2]);
        self.estimate.get_or_insert(bound);
        if bound <= self.best {
            return false;
        }
        let coef = self.cells[pick].coef;
        for d in free[pick].high_first() {
            self.assign(pick, d);
            let stop = self.run(acc + coef * i32::from(d), left - 1);
            self.unassign(pick, d);
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
    use rng::Rng;

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
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true, &mut 0),
            Some(76)
        );
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), ALL_BLOCKS, -1, true, &mut 0),
            Some(2 * 76)
        );
        // A single block ignores the pair rules.
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0001, -1, true, &mut 0),
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
        assert!(g.first_clash().is_none());
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true, &mut 0),
            None
        );
        g.0[17] = 5;
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true, &mut 0),
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
        assert!(g.first_clash().is_none());
        // Box 1's 9 can still go to row 2, column 5 (cell 23).
        assert!(corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true, &mut 0).is_some());
        g.0[23] = 1;
        assert!(g.first_clash().is_none());
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1, true, &mut 0),
            None
        );
        // The stack pairs do not see this band's rule.
        assert!(corner_bound(&g.0, candidates_of(&g), 0b0101, -1, true, &mut 0).is_some());
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
        if trial.first_clash().is_some() {
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
        let mut rng = Rng::new(12345);
        let mut checked = 0;
        for _ in 0..40 {
            let mut relabel: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut relabel);
            let full: [u8; CELLS] =
                std::array::from_fn(|c| relabel[(c / 9 * 3 + c / 27 + c % 9) % 9]);
            let mut g = Grid(full);
            for c in 0..CELLS {
                if rng.below(100) < 55 {
                    g.0[c] = 0;
                }
            }
            for blocks in [0b0001, 0b0011, 0b0101, 0b1100, 0b1010] {
                let want = brute_force(&g, blocks);
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, -1, true, &mut 0),
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
                    corner_bound(&g.0, candidates_of(&g), blocks, bar, true, &mut 0),
                    want
                );
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, bar + 1, true, &mut 0),
                    None
                );
                let quick = corner_bound(&g.0, candidates_of(&g), blocks, bar, false, &mut 0);
                assert!(quick.unwrap() >= want.unwrap());
                assert_eq!(
                    corner_bound(&g.0, candidates_of(&g), blocks, bar + 1, false, &mut 0),
                    None
                );
                checked += 1;
            }
            let all = corner_bound(&g.0, candidates_of(&g), ALL_BLOCKS, -1, true, &mut 0).unwrap();
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
