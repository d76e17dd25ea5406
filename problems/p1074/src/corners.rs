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
/// `None` if no assignment satisfies the rules (then the board has no completion).
///
/// `digit[c]` is the digit of cell `c` (0 = empty), `candidates(c)` the digits an empty cell
/// may take. Every completion satisfies the rules, so this bounds the blocks' part of the
/// objective from above. Cost: a search over at most 16 cells, high digits first, pruned by
/// "each remaining cell takes its own largest free digit"; typically a few dozen nodes.
pub fn corner_bound<F: Fn(Cell) -> Digits>(
    digit: &[Digit; CELLS],
    candidates: F,
    blocks: BlockSet,
    beat: i32,
) -> Option<i32> {
    let possible = |c: Cell| match digit[c] {
        0 => candidates(c),
        d => Digits::single(d),
    };
    let mut s = CornerSearch {
        cells: [SearchCell::default(); 16],
        len: 0,
        block_used: [Digits::NONE; 4],
        row_used: [Digits::NONE; 9],
        col_used: [Digits::NONE; 9],
        active: [false; 4],
        region: [[Digits::NONE; 2]; 4],
        shared: [0; 4],
        allowed: [Digits::NONE; 4],
        assigned: [0; 16],
        duties: [(0, 0); MAX_DUTIES],
        duty_end: [0; 17],
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
                    block: b,
                    row: ROW[c] as usize,
                    col: COL[c] as usize,
                };
                s.len += 1;
            }
        }
    }
    s.add_duties(digit, &candidates)?;
    s.run(0, 0);
    if s.best <= beat || s.best < 0 {
        None
    } else {
        Some(s.best)
    }
}

/// One cell of a [`corner_bound`] search.
#[derive(Clone, Copy, Default)]
struct SearchCell {
    candidates: Digits,
    coef: i32,
    block: usize,
    row: usize,
    col: usize,
}

/// The search state of [`corner_bound`].
///
/// ```text
///   region[p][side]  digits on the outer two lines of pair p's block `side` (incl. extras)
///   shared[p]        |region[p][0] & region[p][1]|, at most MAX_SHARED
///   allowed[p]       digits the middle line of pair p can still hold
/// ```
struct CornerSearch {
    cells: [SearchCell; 16],
    len: usize,
    block_used: [Digits; 4],
    row_used: [Digits; 9],
    col_used: [Digits; 9],
    active: [bool; 4],
    region: [[Digits; 2]; 4],
    shared: [u32; 4],
    allowed: [Digits; 4],
    /// Digit given to each cell so far (by search position).
    assigned: [Digit; 16],
    /// Placement duties: (search positions, digit): one of those cells must take the digit.
    /// Sorted by the last position of the set; `duty_end[i]` = duties whose last position < i.
    duties: [(u16, Digit); MAX_DUTIES],
    duty_end: [u8; 17],
    best: i32,
}

/// At most 12 units (4 rows, 4 columns, 4 boxes) times 9 digits.
const MAX_DUTIES: usize = 108;

impl CornerSearch {
    #[inline]
    fn free(&self, cell: &SearchCell) -> Digits {
        cell.candidates
            .minus(self.block_used[cell.block])
            .minus(self.row_used[cell.row])
            .minus(self.col_used[cell.col])
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
        flip(&mut self.block_used[cell.block]);
        flip(&mut self.row_used[cell.row]);
        flip(&mut self.col_used[cell.col]);
        for &(p, side) in &BLOCK_PAIRS[cell.block] {
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
    /// `None` if some missing digit has no place at all.
    fn add_duties<F: Fn(Cell) -> Digits>(
        &mut self,
        digit: &[Digit; CELLS],
        candidates: &F,
    ) -> Option<()> {
        // Search position of each cell, or none.
        let mut position = [u8::MAX; CELLS];
        let mut units = [false; 27];
        for (i, cell) in self.cells[..self.len].iter().enumerate() {
            let c = 9 * cell.row + cell.col;
            position[c] = i as u8;
            units[cell.row] = true;
            units[9 + cell.col] = true;
            units[18 + BOX[c] as usize] = true;
        }
        let mut found: [(u8, u16, Digit); MAX_DUTIES] = [(0, 0, 0); MAX_DUTIES];
        let mut n = 0;
        for (_, unit) in UNITS.iter().enumerate().filter(|&(u, _)| units[u]) {
            let mut missing = Digits::ALL;
            for &c in unit {
                if digit[c as usize] != 0 {
                    missing = missing.minus(Digits::single(digit[c as usize]));
                }
            }
            for d in missing.high_first() {
                let (mut places, mut outside, mut last) = (0u16, false, 0);
                for &c in unit {
                    let c = c as usize;
                    if digit[c] == 0 && candidates(c).contains(d) {
                        match position[c] {
                            u8::MAX => outside = true,
                            i => {
                                places |= 1 << i;
                                last = last.max(i);
                            }
                        }
                    }
                }
                if !outside {
                    if places == 0 {
                        return None;
                    }
                    found[n] = (last, places, d);
                    n += 1;
                }
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

    /// An upper bound on what `cells[from..]` can add: per block, the smaller of "each cell
    /// takes its largest free digit" and "the block's free digits, largest first, go to the
    /// largest coefficients" (distinct digits). O(remaining cells).
    #[inline]
    fn optimistic(&self, from: usize) -> i32 {
        let mut each_largest = [0i32; 4];
        let mut union = [Digits::NONE; 4];
        // Coefficients of the remaining cells, per block, in search order (2 before 1s).
        let mut coefs = [[0i32; 4]; 4];
        let mut count = [0usize; 4];
        for c in &self.cells[from..self.len] {
            let free = self.free(c);
            each_largest[c.block] += c.coef * i32::from(free.highest());
            union[c.block] = union[c.block].union(free);
            coefs[c.block][count[c.block]] = c.coef;
            count[c.block] += 1;
        }
        let mut total = 0;
        for b in 0..4 {
            let mut distinct = 0;
            let mut digits = union[b].high_first();
            for &k in &coefs[b][..count[b]] {
                distinct += k * i32::from(digits.next().unwrap_or(0));
            }
            total += each_largest[b].min(distinct);
        }
        total
    }

    /// Extends an assignment of `cells[..i]` worth `acc`.
    fn run(&mut self, i: usize, acc: i32) {
        if i == self.len {
            self.best = self.best.max(acc);
            return;
        }
        let cell = self.cells[i];
        for d in self.free(&cell).high_first() {
            if !self.pairs_allow(cell.block, d) {
                continue;
            }
            self.assigned[i] = d;
            if !self.duties_met(i) {
                continue;
            }
            let acc = acc + cell.coef * i32::from(d);
            self.toggle(&cell, d, true);
            if acc + self.optimistic(i + 1) > self.best {
                self.run(i + 1, acc);
            }
            self.toggle(&cell, d, false);
        }
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
    fn tight_on_the_empty_grid() {
        let g = Grid([0; CELLS]);
        // One band pair: corners 9 and 8, neighbours 8 7 6 and 9 7 6 = 77, minus 1 because
        // the blocks would share 4 digits.
        assert_eq!(corner_bound(&g.0, candidates_of(&g), 0b0011, -1), Some(76));
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), ALL_BLOCKS, -1),
            Some(2 * 76)
        );
        // A single block ignores the pair rules.
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0001, -1),
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
        assert_eq!(corner_bound(&g.0, candidates_of(&g), 0b0011, -1), None);
        g.0[17] = 5;
        assert_eq!(
            corner_bound(&g.0, candidates_of(&g), 0b0011, -1),
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
        assert!(corner_bound(&g.0, candidates_of(&g), 0b0011, -1).is_some());
        g.0[23] = 1;
        assert!(!g.has_clash());
        assert_eq!(corner_bound(&g.0, candidates_of(&g), 0b0011, -1), None);
        // The stack pairs do not see this band's rule.
        assert!(corner_bound(&g.0, candidates_of(&g), 0b0101, -1).is_some());
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
                    corner_bound(&g.0, candidates_of(&g), blocks, -1),
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
                assert_eq!(corner_bound(&g.0, candidates_of(&g), blocks, bar), want);
                assert_eq!(corner_bound(&g.0, candidates_of(&g), blocks, bar + 1), None);
                checked += 1;
            }
            let all = corner_bound(&g.0, candidates_of(&g), ALL_BLOCKS, -1).unwrap();
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
