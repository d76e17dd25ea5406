//! The corner bound: the largest value of the corner blocks under the rules of
//! [`crate::corners`], by a small pruned search over the cells of the corner boxes.

use super::corners::*;
use super::grid::*;
use super::objective::*;
use bits::ones;

// A folder with `mod.rs`: cargo-equip 0.20.1 finds a submodule's file only below a `mod.rs`.
mod bound;

/// Most cells in a search: four corner boxes.
const MAX_CELLS: usize = 36;

/// The largest `sum(coefficient * digit)` over the cells of the corner blocks in
/// `query.blocks`, subject to: every cell of their corner boxes takes a digit it can still
/// take, digits distinct per corner box and per row and column (within these boxes); for each
/// band or stack pair whose two boxes are both in the blocks, the two six-cell regions on its
/// outer lines share exactly 3 digits, each of which can go on the middle line; and every
/// placement duty is met (a digit missing from a row, column or box whose every possible place
/// there is one of these cells goes to one of them). [`Relaxation::BlockCells`] keeps only the
/// rules the block cells and the filled cells can check.
///
/// `None` if no assignment satisfies the rules (then the board has no completion) or none is
/// worth more than `query.beat`. [`Goal::AnyAbove`] stops at the first assignment worth more
/// and returns the search's own estimate at its root (at least the maximum).
///
/// `digit[c]` is the digit of cell `c` (0 = empty), `candidates(c)` the digits an empty cell
/// may take. Every completion satisfies the rules, so this bounds the blocks' part of the
/// objective from above. Cost: a search over the empty ones of the (up to) 36 cells, most
/// constrained cell first, high digits first, with forward checking and a grouped bound (see
/// `CornerSearch::run`); from one to a few thousand nodes, each O(36 + duties). Adds its node
/// count to `nodes`, and returns `None` once that reaches its ceiling (a void answer: see
/// [`NodeCount::exhausted`]).
pub fn corner_bound<F: Fn(usize) -> DigitSet>(
    digit: &[u8; CELLS],
    candidates: F,
    query: CornerQuery,
    nodes: &mut NodeCount,
) -> Option<i32> {
    corner_search(digit, candidates, query, nodes, None)
}

/// Enumerates, once each, every assignment of the 16 corner block cells that satisfies the
/// rules of [`corner_bound`] (all 36 cells of the four corner boxes, all four pairs) and is
/// worth more than the bar, and hands it to `settle`, which returns the new bar (at least the
/// old one). The first filling of the other 20 cells found for an assignment is its witness;
/// the other fillings are skipped.
///
/// This is the branch and bound of [`crate::solver`] turned inside out for very sparse
/// grids: one corner search over the root board instead of one per branch and bound node
/// (each of which redid most of its parent's search), with the whole board consulted only
/// on the few block assignments that pass the relaxation. Starts with bar `bar`; adds its
/// node count to `nodes`, and stops once that reaches its ceiling (then some assignments were
/// never handed over). Cost: one [`corner_bound`] search to the final bar, plus `settle`.
pub fn settle_block_assignments<F: Fn(usize) -> DigitSet>(
    digit: &[u8; CELLS],
    candidates: F,
    bar: i32,
    nodes: &mut NodeCount,
    settle: &mut dyn FnMut(&BlockAssignment) -> i32,
) {
    let query = CornerQuery {
        blocks: ALL_BLOCKS,
        relaxation: Relaxation::WholeBoxes,
        goal: Goal::Maximum,
        beat: bar,
    };
    corner_search(digit, candidates, query, nodes, Some(settle));
}

/// [`corner_bound`], with an optional `settle` (see [`settle_block_assignments`]).
fn corner_search<F: Fn(usize) -> DigitSet>(
    digit: &[u8; CELLS],
    candidates: F,
    query: CornerQuery,
    nodes: &mut NodeCount,
    settle: Option<&mut dyn FnMut(&BlockAssignment) -> i32>,
) -> Option<i32> {
    let possible = |c: usize| match digit[c] {
        0 => candidates(c),
        d => DigitSet::single(d),
    };
    let mut s = CornerSearch::new(query, nodes, settle);
    let (acc, left) = s.add_cells(query.blocks, digit, &possible)?;
    s.add_duties(digit, &candidates)?;
    // The ceiling check is compiled in only where there is a ceiling: dense grids never
    // have one, and the check in every node would cost them.
    if nodes.limit == u64::MAX {
        s.run::<false>(acc, left);
    } else {
        s.run::<true>(acc, left);
    }
    nodes.spent += s.nodes;
    if nodes.exhausted() || s.best <= query.beat || s.best < 0 {
        None
    } else if s.exact {
        Some(s.best)
    } else {
        s.estimate
    }
}

/// The group of a row (column) of a corner box: `outer + 0..4` for lines `0, 1, 7, 8`,
/// `inner + 0..2` for lines `2, 6`.
const fn line_group(line: u8, outer: u8, inner: u8) -> u8 {
    match line {
        0 | 1 => outer + line,
        7 | 8 => outer + line - 5,
        2 => inner,
        _ => inner + 1,
    }
}

/// Groups of distinct digits in a search: corner boxes `0..4`, outer rows `4..8`, outer
/// columns `8..12`, rows 2 and 6 `12..14`, columns 2 and 6 `14..16`. Only the first 12 hold
/// block cells, so only they enter the bound.
const GROUPS: usize = 16;

/// One cell of a [`corner_bound`] search.
#[derive(Clone, Copy, Default)]
struct SearchCell {
    candidates: DigitSet,
    coef: i32,
    cell: u8,
    /// Its groups (see [`GROUPS`]): box, row, column.
    box_group: u8,
    row: u8,
    col: u8,
    /// The pair regions it lies in: bit `2 * pair + side`, active pairs only.
    member: u8,
    /// Its slot: `9 * box + 3 * (row % 3) + column % 3` (see [`CornerSearch`]).
    slot: u8,
}

/// The search state of [`corner_bound`]. Cells are named by their search position `0..36`.
///
/// ```text
///   assigned[i]      digit of cell i, 0 while open
///   placed[d]        slots holding d (slot = 9 * box + 3 * (row % 3) + column % 3)
///   at_slot[k]       the cell at slot k
///   used[g]          digits taken in group g (see GROUPS)
///   region[p][side]  digits in the six-cell region of pair p's box `side`
///   shared[p]        |region[p][0] & region[p][1]|, at most SHARED
///   allowed[p]       digits the middle line of pair p can still hold
///   duties[k]        (places, d): slots of which one must take d
/// ```
struct CornerSearch<'a> {
    cells: [SearchCell; MAX_CELLS],
    len: usize,
    assigned: [u8; MAX_CELLS],
    /// Per digit, the cells assigned it (bit i = cell i).
    placed: [u64; 10],
    at_slot: [u8; MAX_CELLS],
    used: [DigitSet; GROUPS],
    /// The corner boxes in the search.
    boxes: BlockSet,
    /// All 9 cells of each box are searched (else only its 4 block cells).
    whole: bool,
    active: [bool; 4],
    region: [[DigitSet; 2]; 4],
    shared: [u32; 4],
    allowed: [DigitSet; 4],
    duties: [(u64, u8); MAX_DUTIES],
    n_duties: usize,
    /// Find the maximum (`true`), or stop at the first assignment above the bar.
    exact: bool,
    /// The best value found so far, or the bar to beat.
    best: i32,
    /// The bound at the root of the search (what a non-exact search returns).
    estimate: Option<i32>,
    nodes: u64,
    /// Nodes this search may take: at `limit` it stops (see [`NodeCount`]).
    limit: u64,
    /// Receives each block assignment above the bar (see [`settle_block_assignments`]).
    settle: Option<&'a mut dyn FnMut(&BlockAssignment) -> i32>,
    /// Set once the current block assignment is settled: unwind to its last block cell.
    abandon: bool,
}

/// At most 16 units (6 rows, 6 columns, 4 boxes) times 9 digits.
const MAX_DUTIES: usize = 144;

impl<'a> CornerSearch<'a> {
    /// A search for `query` with no cells yet, its node limit what `nodes` has left.
    #[inline(always)]
    fn new(
        query: CornerQuery,
        nodes: &NodeCount,
        settle: Option<&'a mut dyn FnMut(&BlockAssignment) -> i32>,
    ) -> Self {
        CornerSearch {
            cells: [SearchCell::default(); MAX_CELLS],
            len: 0,
            assigned: [0; MAX_CELLS],
            placed: [0; 10],
            at_slot: [0; MAX_CELLS],
            used: [DigitSet::NONE; GROUPS],
            boxes: query.blocks & ALL_BLOCKS,
            whole: query.relaxation == Relaxation::WholeBoxes,
            active: [false; 4],
            region: [[DigitSet::NONE; 2]; 4],
            shared: [0; 4],
            allowed: [DigitSet::NONE; 4],
            duties: [(0, 0); MAX_DUTIES],
            n_duties: 0,
            exact: query.goal == Goal::Maximum,
            best: query.beat.max(-1),
            estimate: None,
            nodes: 0,
            limit: nodes.limit.saturating_sub(nodes.spent),
            settle,
            abandon: false,
        }
    }

    /// Adds the cells of the corner boxes in `blocks` on the board `digit` (`possible`: a
    /// cell's digit, or its candidates) and assigns the filled ones: the value of those and
    /// the number of open cells; `None` if the filled cells already break a rule.
    ///
    /// The pairs whose two boxes are in the search are active, their middle lines noting what
    /// they can hold; without whole boxes, the filled extras count in their regions (whole
    /// boxes assign them as search cells). The cells go in box order, so the block cells come
    /// first (corners, then neighbours): the tie-break of the search's cell choice. Filled
    /// cells are assigned up front: they must obey the pair rules too.
    #[inline(always)]
    fn add_cells(
        &mut self,
        blocks: BlockSet,
        digit: &[u8; CELLS],
        possible: &impl Fn(usize) -> DigitSet,
    ) -> Option<(i32, u32)> {
        for (p, pair) in PAIRS.iter().enumerate() {
            self.active[p] = pair.boxes.iter().all(|&b| blocks >> b & 1 == 1);
            self.allowed[p] = pair
                .middle
                .iter()
                .fold(DigitSet::NONE, |a, &c| a.union(possible(c)));
        }
        if !self.whole {
            // Filled extras count in their regions (whole boxes assign them as search cells).
            for (p, pair) in PAIRS.iter().enumerate() {
                if !self.active[p] {
                    continue;
                }
                let extras = if p < 2 { 4..6 } else { 6..8 };
                for side in 0..2 {
                    for &c in &CORNER_BOXES[pair.boxes[side]][extras.clone()] {
                        if digit[c] != 0 {
                            self.region[p][side] =
                                self.region[p][side].union(DigitSet::single(digit[c]));
                        }
                    }
                }
                let common = self.region[p][0].intersect(self.region[p][1]);
                self.shared[p] = common.len();
                if self.shared[p] > SHARED || !common.minus(self.allowed[p]).is_empty() {
                    return None;
                }
            }
        }
        let positions = if self.whole { 9 } else { 4 };
        for position in 0..positions {
            for (b, cells) in CORNER_BOXES.iter().enumerate() {
                if blocks >> b & 1 == 0 {
                    continue;
                }
                let c = cells[position];
                let mut member = 0;
                for (k, &(p, side)) in BOX_PAIRS[b].iter().enumerate() {
                    if POSITION_PAIRS[position] >> k & 1 == 1 && self.active[p] {
                        member |= 1 << (2 * p + side);
                    }
                }
                self.cells[self.len] = SearchCell {
                    candidates: possible(c),
                    coef: BOX_COEF[position],
                    cell: c as u8,
                    box_group: b as u8,
                    row: line_group(ROW[c], 4, 12),
                    col: line_group(COL[c], 8, 14),
                    member,
                    slot: 9 * b as u8 + ROW[c] % 3 * 3 + COL[c] % 3,
                };
                self.at_slot[9 * b + ROW[c] as usize % 3 * 3 + COL[c] as usize % 3] =
                    self.len as u8;
                self.len += 1;
            }
        }
        let (mut acc, mut left) = (0, 0);
        for i in 0..self.len {
            let cell = self.cells[i];
            match digit[cell.cell as usize] {
                0 => left += 1,
                d => {
                    let forbidden = self.forbidden(&self.pair_forbidden(), cell.member);
                    if !self.free(&cell, forbidden).contains(d) {
                        return None;
                    }
                    self.assign(i, d);
                    acc += cell.coef * i32::from(d);
                }
            }
        }
        Some((acc, left))
    }
}

impl CornerSearch<'_> {
    /// The digits `cell` may take now, given the pair rules' `forbidden` digits.
    #[inline(always)]
    fn free(&self, cell: &SearchCell, forbidden: DigitSet) -> DigitSet {
        cell.candidates
            .minus(self.used[cell.box_group as usize])
            .minus(self.used[cell.row as usize])
            .minus(self.used[cell.col as usize])
            .minus(forbidden)
    }

    /// Per region (`2 * pair + side`), the digits the pair rules keep out of it: those of the
    /// other region of the pair that cannot be shared (the middle line cannot hold them, or 3
    /// are shared already).
    #[inline]
    fn pair_forbidden(&self) -> [DigitSet; 8] {
        let mut forbidden = [DigitSet::NONE; 8];
        for p in 0..4 {
            if self.active[p] {
                let shareable = if self.shared[p] < SHARED {
                    self.allowed[p]
                } else {
                    DigitSet::NONE
                };
                for side in 0..2 {
                    forbidden[2 * p + side] = self.region[p][1 - side].minus(shareable);
                }
            }
        }
        forbidden
    }

    /// The digits kept out of a cell lying in the regions `member` (see [`SearchCell`]).
    #[inline(always)]
    fn forbidden(&self, per_region: &[DigitSet; 8], member: u8) -> DigitSet {
        ones(u16::from(member)).fold(DigitSet::NONE, |f, r| f.union(per_region[r as usize]))
    }

    /// Gives digit `d` to the open cell `i`.
    #[inline]
    fn assign(&mut self, i: usize, d: u8) {
        self.assigned[i] = d;
        self.toggle(i, d, true);
    }

    /// Undoes [`CornerSearch::assign`].
    #[inline]
    fn unassign(&mut self, i: usize, d: u8) {
        self.assigned[i] = 0;
        self.toggle(i, d, false);
    }

    /// Adds (`on`) or removes digit `d` of cell `i` in all the used sets.
    #[inline]
    fn toggle(&mut self, i: usize, d: u8, on: bool) {
        let cell = self.cells[i];
        let bit = DigitSet::single(d);
        let flip = |s: &mut DigitSet| *s = if on { s.union(bit) } else { s.minus(bit) };
        self.placed[d as usize] ^= 1 << cell.slot;
        flip(&mut self.used[cell.box_group as usize]);
        flip(&mut self.used[cell.row as usize]);
        flip(&mut self.used[cell.col as usize]);
        for r in ones(u16::from(cell.member)) {
            let (p, side) = (r as usize / 2, r as usize % 2);
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

    /// Collects the placement duties of the units the open cells lie in: a digit missing
    /// from the unit whose every possible place is an open cell must go to one of them.
    /// Then, per unit with at most 4 open cells, when `k` duty digits have all their places
    /// among `k` open cells, those cells can take nothing else (a hidden subset): their
    /// candidates shrink to those digits. `None` if some missing digit has no place at all,
    /// or more than `k` digits must go to `k` cells. O(units * (9 + 36)).
    fn add_duties<F: Fn(usize) -> DigitSet>(
        &mut self,
        digit: &[u8; CELLS],
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
        for u in ones(units) {
            let unit = &UNITS[u as usize];
            let (mut missing, mut outside) = (DigitSet::ALL, DigitSet::NONE);
            let mut open = 0u64;
            for &c in unit {
                let c = c as usize;
                match (digit[c], position[c]) {
                    (0, u8::MAX) => outside = outside.union(candidates(c)),
                    (0, i) => open |= 1 << self.cells[i as usize].slot,
                    (d, _) => missing = missing.minus(DigitSet::single(d)),
                }
            }
            let first = self.n_duties;
            for d in missing.minus(outside).high_first() {
                let places = ones(open)
                    .filter(|&k| {
                        self.cells[self.at_slot[k as usize] as usize]
                            .candidates
                            .contains(d)
                    })
                    .fold(0u64, |m, k| m | 1 << k);
                if places == 0 {
                    return None;
                }
                self.duties[self.n_duties] = (places, d);
                self.n_duties += 1;
            }
            // Hidden subsets over the open cells of a unit with at most 4 of them.
            if open.count_ones() > 4 {
                continue;
            }
            let mut subset = open;
            while subset != 0 {
                let digits = self.duties[first..self.n_duties]
                    .iter()
                    .filter(|&&(places, _)| places & !subset == 0)
                    .fold(DigitSet::NONE, |m, &(_, d)| m.union(DigitSet::single(d)));
                let size = subset.count_ones();
                if digits.len() > size {
                    return None;
                }
                if digits.len() == size {
                    for k in ones(subset) {
                        let cell = &mut self.cells[self.at_slot[k as usize] as usize];
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
    /// Per node: each open cell's free digits and the region rules ([`CornerSearch::open`]);
    /// the duties ([`CornerSearch::duties_hold`]); then the bound
    /// ([`CornerSearch::open_bound`]). Branches on the open cell it picks, largest digit
    /// first.
    fn run<const CAPPED: bool>(&mut self, acc: i32, left: u32) -> bool {
        self.nodes += 1;
        if CAPPED && self.nodes >= self.limit {
            // Out of nodes: stop everything (the caller sees the count exhausted).
            return true;
        }
        let mut free = [DigitSet::NONE; MAX_CELLS];
        let mut region = self.region;
        if !self.open(&mut free, &mut region) {
            return false;
        }
        if left == 0 {
            return self.leaf(acc);
        }
        if !self.duties_hold(&mut free) {
            return false;
        }
        let (open_bound, pick, open_blocks) = match self.open_bound(&free, &region) {
            Some(b) => b,
            None => return false,
        };
        let bound = acc + open_bound;
        self.estimate.get_or_insert(bound);
        if bound <= self.best {
            return false;
        }
        let coef = self.cells[pick].coef;
        // Below the last open block cell, the block assignment is fixed.
        let last_block = coef != 0 && open_blocks == 1;
        for d in free[pick].high_first() {
            self.assign(pick, d);
            let stop = self.run::<CAPPED>(acc + coef * i32::from(d), left - 1);
            self.unassign(pick, d);
            if stop {
                return true;
            }
            if self.abandon {
                if !last_block {
                    return false;
                }
                self.abandon = false;
            }
        }
        false
    }

    /// Writes each open cell's free digits into `free`, and adds to `region` (the assigned
    /// regions) what the pair rules put there; `false` at a dead end (an open cell without a
    /// free digit, or a broken rule). With whole boxes a digit a box still needs, with no free
    /// place off a region, will be in that region; and each active pair's regions must still
    /// be able to cover all nine digits (a digit in neither needs an open region cell that can
    /// take it, and there must be enough such cells).
    #[inline(always)]
    fn open(&self, free: &mut [DigitSet; MAX_CELLS], region: &mut [[DigitSet; 2]; 4]) -> bool {
        let per_region = self.pair_forbidden();
        // Per pair: the free digits of its open region cells, and how many there are.
        let mut cover = [DigitSet::NONE; 4];
        let mut open_cells = [0u32; 4];
        // Per box: the free digits of its open cells, of those off its band region, and of
        // those off its stack region.
        let mut in_box = [DigitSet::NONE; 4];
        let mut off_region = [[DigitSet::NONE; 2]; 4];
        for (i, f) in free.iter_mut().enumerate().take(self.len) {
            if self.assigned[i] == 0 {
                let cell = &self.cells[i];
                *f = self.free(cell, self.forbidden(&per_region, cell.member));
                if f.is_empty() {
                    return false;
                }
                if !self.whole {
                    continue;
                }
                let b = cell.box_group as usize;
                in_box[b] = in_box[b].union(*f);
                for k in 0..2 {
                    if cell.member >> (2 * BOX_PAIRS[b][k].0 + BOX_PAIRS[b][k].1) & 1 == 0 {
                        off_region[b][k] = off_region[b][k].union(*f);
                    }
                }
                for r in ones(u16::from(cell.member)) {
                    let p = r as usize / 2;
                    cover[p] = cover[p].union(*f);
                    open_cells[p] += 1;
                }
            }
        }
        let boxes = if self.whole { self.boxes } else { 0 };
        for b in ones(u16::from(boxes)) {
            let b = b as usize;
            let missing = self.used[b].complement();
            if !missing.minus(in_box[b]).is_empty() {
                return false;
            }
            for (k, &(p, side)) in BOX_PAIRS[b].iter().enumerate() {
                region[p][side] = region[p][side].union(missing.minus(off_region[b][k]));
            }
        }
        for p in 0..4 {
            if self.active[p] && self.whole {
                let missing = region[p][0].union(region[p][1]).complement();
                if !missing.minus(cover[p]).is_empty() || missing.len() > open_cells[p] {
                    return false;
                }
                let shared = region[p][0].intersect(region[p][1]);
                if shared.len() > SHARED || !shared.minus(self.allowed[p]).is_empty() {
                    return false;
                }
            }
        }
        true
    }

    /// A full assignment worth `acc`: the new best, or (settling) handed to `settle`. Whether
    /// to stop the whole search.
    #[inline(always)]
    fn leaf(&mut self, acc: i32) -> bool {
        self.estimate.get_or_insert(acc);
        // A full assignment below the bar (the bound above it was loose) stops nothing.
        if acc <= self.best {
            return false;
        }
        if let Some(settle) = self.settle.as_mut() {
            let mut blocks = [(0, 0); 16];
            for (i, b) in blocks.iter_mut().enumerate() {
                *b = (self.cells[i].cell as usize, self.assigned[i]);
            }
            let bar = settle(&blocks);
            self.best = self.best.max(bar);
            self.abandon = true;
            return false;
        }
        self.best = acc;
        !self.exact
    }

    /// Whether the placement rules still hold on the open cells' `free` digits: with all four
    /// whole boxes, each digit once per corner box on rows and columns that fit together;
    /// each duty not met yet needs an open place that can still take its digit (one such
    /// place must take it: its free digits shrink to that one).
    #[inline(always)]
    fn duties_hold(&self, free: &mut [DigitSet; MAX_CELLS]) -> bool {
        // Slots of the open cells where each digit is free (whole boxes: many cells, many
        // duties, so per digit at once; else each duty looks at its few places).
        let mut free_at = [0u64; 10];
        if self.whole {
            // Branch-free transpose: cheaper than walking each cell's set bits.
            for (i, f) in free.iter().enumerate().take(self.len) {
                let (bits, slot) = (u64::from(f.0), self.cells[i].slot);
                for (d, at) in free_at.iter_mut().enumerate().skip(1) {
                    *at |= (bits >> d & 1) << slot;
                }
            }
        }
        if self.whole && self.active == [true; 4] {
            for (&free_slots, &placed) in free_at.iter().zip(self.placed.iter()).skip(1) {
                let m = free_slots | placed;
                let slots = [
                    m as u16 & 0o777,
                    (m >> 9) as u16 & 0o777,
                    (m >> 18) as u16 & 0o777,
                    (m >> 27) as u16 & 0o777,
                ];
                if !digit_fits(slots) {
                    return false;
                }
            }
        }
        for &(places, d) in &self.duties[..self.n_duties] {
            if places & self.placed[d as usize] != 0 {
                continue;
            }
            let open = if self.whole {
                places & free_at[d as usize]
            } else {
                ones(places)
                    .filter(|&k| free[self.at_slot[k as usize] as usize].contains(d))
                    .fold(0u64, |m, k| m | 1 << k)
            };
            if open == 0 {
                return false;
            }
            if open.is_power_of_two() {
                let j = self.at_slot[open.trailing_zeros() as usize] as usize;
                free[j] = free[j].intersect(DigitSet::single(d));
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corners::PAIRS;
    use crate::grid::Grid;
    use crate::objective::BLOCK_COEF;
    use rng::Rng;

    /// A valid full grid (a shifted pattern, digits relabelled at random), and the same grid
    /// with each cell erased with probability `erase_percent`%.
    fn random_board(rng: &mut Rng, erase_percent: usize) -> ([u8; CELLS], Grid) {
        let mut relabel: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut relabel);
        let full: [u8; CELLS] = std::array::from_fn(|c| relabel[(c / 9 * 3 + c / 27 + c % 9) % 9]);
        let mut g = Grid(full);
        for c in 0..CELLS {
            if rng.below(100) < erase_percent {
                g.0[c] = 0;
            }
        }
        (full, g)
    }

    fn candidates_of(g: &Grid) -> impl Fn(usize) -> DigitSet + '_ {
        move |c| {
            let mut used = DigitSet::NONE;
            for u in [ROW[c] as usize, 9 + COL[c] as usize, 18 + BOX[c] as usize] {
                for &p in &UNITS[u] {
                    if g.0[p as usize] != 0 {
                        used = used.union(DigitSet::single(g.0[p as usize]));
                    }
                }
            }
            used.complement()
        }
    }

    /// [`corner_bound`] of grid `g` on `blocks`, with no node ceiling.
    fn bound(g: &Grid, blocks: BlockSet, beat: i32, goal: Goal) -> Option<i32> {
        bound_in(g, blocks, Relaxation::WholeBoxes, beat, goal)
    }

    fn bound_in(
        g: &Grid,
        blocks: BlockSet,
        relaxation: Relaxation,
        beat: i32,
        goal: Goal,
    ) -> Option<i32> {
        let query = CornerQuery {
            blocks,
            relaxation,
            goal,
            beat,
        };
        corner_bound(&g.0, candidates_of(g), query, &mut NodeCount::unlimited())
    }

    #[test]
    fn tight_on_the_empty_grid() {
        let g = Grid([0; CELLS]);
        // One band pair: corners 9 and 8, neighbours 8 7 6 and 9 7 6 = 77, minus 1 because
        // the blocks would share 4 digits.
        assert_eq!(bound(&g, 0b0011, -1, Goal::Maximum), Some(76));
        assert_eq!(bound(&g, ALL_BLOCKS, -1, Goal::Maximum), Some(2 * 76));
        // A single block ignores the pair rules.
        assert_eq!(bound(&g, 0b0001, -1, Goal::Maximum), Some(18 + 8 + 7 + 6));
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
        assert_eq!(bound(&g, 0b0011, -1, Goal::Maximum), None);
        g.0[17] = 5;
        assert_eq!(
            bound(&g, 0b0011, -1, Goal::Maximum),
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
        assert!(bound(&g, 0b0011, -1, Goal::Maximum).is_some());
        g.0[23] = 1;
        assert!(g.first_clash().is_none());
        assert_eq!(bound(&g, 0b0011, -1, Goal::Maximum), None);
        // The board has no completion at all: row 2 has no place left for its 9. With whole
        // corner boxes in the search, the left stack sees that too, through row 2's duty.
        assert_eq!(bound(&g, 0b0101, -1, Goal::Maximum), None);
        // Without the 9 in column 4, the stack pair has assignments again.
        g.0[58] = 0;
        assert!(bound(&g, 0b0101, -1, Goal::Maximum).is_some());
    }

    /// The digits each of `cells` may take on `g`: its candidates, highest first, or its
    /// digit when it holds one.
    fn options_of(g: &Grid, cells: &[usize]) -> Vec<Vec<u8>> {
        let cand = candidates_of(g);
        cells
            .iter()
            .map(|&c| match g.0[c] {
                0 => cand(c).high_first().collect(),
                d => vec![d],
            })
            .collect()
    }

    /// Every assignment of the corner boxes' cells (only distinct digits per box, row and
    /// column are kept while enumerating), each checked against the pair rules and the
    /// duties one by one at the end: no bound, no pruning by value.
    fn brute_force(g: &Grid, blocks: BlockSet) -> Option<i32> {
        let boxes: Vec<usize> = (0..4).filter(|b| blocks >> b & 1 == 1).collect();
        let cells: Vec<usize> = boxes.iter().flat_map(|&b| CORNER_BOXES[b]).collect();
        let options = options_of(g, &cells);
        let mut best = None;
        let mut trial = *g;
        let mut keep_best = |_: &Grid, value: i32| best = best.max(Some(value));
        enumerate(g, &mut trial, &cells, &options, 0, blocks, &mut keep_best);
        best
    }

    fn enumerate(
        g: &Grid,
        trial: &mut Grid,
        cells: &[usize],
        options: &[Vec<u8>],
        i: usize,
        blocks: BlockSet,
        found: &mut dyn FnMut(&Grid, i32),
    ) {
        if i == cells.len() {
            if rules_hold(g, trial, cells, blocks) {
                let value: i32 = (0..4)
                    .filter(|b| blocks >> b & 1 == 1)
                    .flat_map(|b| CORNER_BOXES[b].iter().zip(BLOCK_COEF.iter()))
                    .map(|(&c, &k)| k * i32::from(trial.0[c]))
                    .sum();
                found(trial, value);
            }
            return;
        }
        let c = cells[i];
        for &d in &options[i] {
            let clash = cells[..i].iter().any(|&o| {
                trial.0[o] == d && (ROW[o] == ROW[c] || COL[o] == COL[c] || BOX[o] == BOX[c])
            });
            if !clash {
                let old = trial.0[c];
                trial.0[c] = d;
                enumerate(g, trial, cells, options, i + 1, blocks, found);
                trial.0[c] = old;
            }
        }
    }

    fn rules_hold(g: &Grid, trial: &Grid, cells: &[usize], blocks: BlockSet) -> bool {
        let in_search = |c: usize| cells.contains(&c);
        let cand = candidates_of(g);
        for pair in PAIRS
            .iter()
            .filter(|p| p.boxes.iter().all(|&b| blocks >> b & 1 == 1))
        {
            // The six cells of a box on the pair's outer lines: block and band extras for a
            // band pair, block and stack extras for a stack pair.
            let band = pair.boxes[1] - pair.boxes[0] == 1;
            let region = |side: usize| -> Vec<u8> {
                let b = CORNER_BOXES[pair.boxes[side]];
                let extras = if band { &b[4..6] } else { &b[6..8] };
                b[..4].iter().chain(extras).map(|&c| trial.0[c]).collect()
            };
            let (r0, r1) = (region(0), region(1));
            let shared: Vec<u8> = r0.iter().copied().filter(|d| r1.contains(d)).collect();
            let fits = |d: u8| {
                pair.middle.iter().any(|&c| {
                    if g.0[c] == 0 {
                        cand(c).contains(d)
                    } else {
                        g.0[c] == d
                    }
                })
            };
            if shared.len() != 3 || !shared.iter().all(|&d| fits(d)) {
                return false;
            }
        }
        // Duties: a digit missing from a unit, whose every place in `g` is a search cell.
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
            let (full, g) = random_board(&mut rng, 55);
            for blocks in [0b0001, 0b0011, 0b0101, 0b1100, 0b1010] {
                let want = brute_force(&g, blocks);
                assert_eq!(bound(&g, blocks, -1, Goal::Maximum), want, "{}", g);
                // The full grid obeys the rules, so the bound is at least its value.
                let real: i32 = (0..4)
                    .filter(|b| blocks >> b & 1 == 1)
                    .flat_map(|b| CORNER_BOXES[b].iter().zip(BLOCK_COEF.iter()))
                    .map(|(&c, &k)| k * i32::from(full[c]))
                    .sum();
                assert!(want.unwrap() >= real);
                // The 16-cell form is a looser relaxation of the same problem.
                let loose = bound_in(&g, blocks, Relaxation::BlockCells, -1, Goal::Maximum);
                assert!(loose >= want, "{}", g);
                // With a bar to beat, only better values come back.
                let bar = want.unwrap() - 1;
                assert_eq!(bound(&g, blocks, bar, Goal::Maximum), want);
                assert_eq!(bound(&g, blocks, bar + 1, Goal::Maximum), None);
                let quick = bound(&g, blocks, bar, Goal::AnyAbove);
                assert!(quick.unwrap() >= want.unwrap());
                assert_eq!(bound(&g, blocks, bar + 1, Goal::AnyAbove), None);
                checked += 1;
            }
            let all = bound(&g, ALL_BLOCKS, -1, Goal::Maximum).unwrap();
            let real: i32 = CORNER_BOXES
                .iter()
                .flat_map(|b| b.iter().zip(BLOCK_COEF.iter()))
                .map(|(&c, &k)| k * i32::from(full[c]))
                .sum();
            assert!(all >= real);
        }
        assert_eq!(checked, 200);
    }

    #[test]
    fn all_four_boxes_match_brute_force_on_dense_boards() {
        // With all four boxes the pair bound and the one-digit placement test join in: boards
        // with about 12 open corner-box cells keep the brute force small.
        let mut rng = Rng::new(777);
        for _ in 0..30 {
            let (_, g) = random_board(&mut rng, 33);
            let want = brute_force(&g, ALL_BLOCKS);
            assert_eq!(bound(&g, ALL_BLOCKS, -1, Goal::Maximum), want, "{}", g);
            let bar = want.unwrap() - 1;
            assert!(bound(&g, ALL_BLOCKS, bar, Goal::AnyAbove).is_some());
            assert_eq!(bound(&g, ALL_BLOCKS, bar + 1, Goal::AnyAbove), None);
        }
    }

    #[test]
    fn settling_hands_over_each_valid_block_assignment_once() {
        // Dense boards (about 12 open corner-box cells) keep the brute force small.
        let mut rng = Rng::new(4242);
        let mut handed_total = 0;
        for _ in 0..30 {
            let (_, g) = random_board(&mut rng, 40);
            // Every valid assignment of the four corner boxes, by its block digits.
            let cells: Vec<usize> = CORNER_BOXES.iter().flatten().copied().collect();
            let options = options_of(&g, &cells);
            let mut valid = std::collections::BTreeMap::new();
            let mut trial = g;
            let mut collect = |t: &Grid, value: i32| {
                let key: Vec<u8> = CORNER_BOXES
                    .iter()
                    .flat_map(|b| &b[..4])
                    .map(|&c| t.0[c])
                    .collect();
                valid.insert(key, value);
            };
            enumerate(
                &g,
                &mut trial,
                &cells,
                &options,
                0,
                ALL_BLOCKS,
                &mut collect,
            );
            let best = *valid.values().max().unwrap();
            // A bar that never moves: every valid assignment above it, once each.
            for bar in [-1, best - 3] {
                let mut handed = Vec::new();
                settle_block_assignments(
                    &g.0,
                    candidates_of(&g),
                    bar,
                    &mut NodeCount::unlimited(),
                    &mut |a| {
                        let mut key = vec![0u8; 16];
                        for &(c, d) in a.iter() {
                            let k = CORNER_BOXES
                                .iter()
                                .flat_map(|b| &b[..4])
                                .position(|&x| x == c);
                            key[k.unwrap()] = d;
                        }
                        handed.push(key);
                        bar
                    },
                );
                let mut unique = handed.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), handed.len(), "handed over twice\n{}", g);
                let want: Vec<Vec<u8>> = valid
                    .iter()
                    .filter(|&(_, &v)| v > bar)
                    .map(|(k, _)| k.clone())
                    .collect();
                assert_eq!(unique, want, "{}", g);
                handed_total += handed.len();
            }
            // A bar raised to each value handed over: ends at the best value.
            let mut top = -1;
            settle_block_assignments(
                &g.0,
                candidates_of(&g),
                -1,
                &mut NodeCount::unlimited(),
                &mut |a| {
                    let value: i32 = a
                        .iter()
                        .map(|&(c, d)| {
                            let corner = CORNER_BOXES.iter().any(|b| b[0] == c);
                            i32::from(d) * if corner { 2 } else { 1 }
                        })
                        .sum();
                    assert!(value > top);
                    top = value;
                    top
                },
            );
            assert_eq!(top, best, "{}", g);
        }
        assert!(handed_total > 60, "{}", handed_total);
    }
}
