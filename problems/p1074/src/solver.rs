//! Branch and bound for the highest target score, on the 17 cells the score depends on.
//!
//! # Why only 17 cells matter
//!
//! Write the weight of a cell as `6 + [in the inner 7x7] + [in the inner 5x5] + [in the centre
//! box] + [is the centre cell]`. Every row, column and box of a completed grid sums to 45, so
//! (with `a(r, c)` the digit at row `r`, column `c`, and `corners` the sum of the 4 corners):
//!
//! ```text
//!   all 81 cells    = 405
//!   inner 7x7       = 405 - (rows 0, 8) - (columns 0, 8 without their corners)
//!                   = 405 - 90 - (90 - corners)                     = 225 + corners
//!   inner 5x5       = inner 7x7 - (rows 1, 7 and columns 1, 7 inside the 7x7)
//!                   = 45 + corners + near      where near = the 12 other cells of the
//!                                               four 2x2 corner blocks (a(0,1), a(1,0), a(1,1), ...)
//!   centre box      = 45
//!   score           = 6*405 + (225 + corners) + (45 + corners + near) + 45 + a(4,4)
//!                   = 2745 + a(4,4) + sum over the 4 corner blocks of (2*corner + the other 3)
//! ```
//!
//! ```text
//!   coefficients of the objective (all other cells 0):
//!     2 1 . . . . . 1 2
//!     1 1 . . . . . 1 1
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . 1 . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     1 1 . . . . . 1 1
//!     2 1 . . . . . 1 2
//! ```
//!
//! So the search maximises a small linear objective over 17 cells, two ways:
//!
//! - grids with at most [`PATTERNS_UP_TO`] givens: the digit-pattern search of
//!   [`crate::patterns`] (each digit's places in the corner boxes and the centre, high digits
//!   first, bounded by each digit's whole template once the search runs long,
//!   [`crate::templates`]), with the board propagated beside it;
//!   each objective assignment that could beat the incumbent gets one completion search.
//!   Each search has had grids where the other takes seconds, so on these grids they race:
//!   by turns, each from the root with a growing budget ([`PATTERN_BUDGET`],
//!   [`BRANCH_BUDGET`]), the incumbent carried over, until one finishes;
//! - denser grids: a branch and bound on the 16 corner block cells and the centre (corners
//!   first, digits high first, singles propagated at every node), pruned by the centre's
//!   largest candidate plus [`corner_bound`](crate::corners::corner_bound) in its 16-cell
//!   form; once they are fixed it settles the centre with as few completion searches as it
//!   can (one when the board has no completion at all): only *one* completion of the rest is
//!   needed, not all of them. With at most [`WHOLE_BOXES_UP_TO`] givens the bound covers the
//!   whole corner boxes and, with [`SETTLE_AT_OPEN_BLOCKS`] block cells open, one corner
//!   search settles the subtree.
//!
//! The identity is checked against the plain weighted sum in the tests, and the two searches
//! against each other on sparse grids (`tests/sparse.rs`).

use crate::corners::{
    corner_bound_in, settle_block_assignments, BlockAssignment, NodeCount, ALL_BLOCKS, BLOCK_COEF,
    CORNER_BLOCKS,
};
// Raw indices inside the search: `Cell`, `Digit` here are grid.rs's `CellIndex`, `DigitValue`.
use crate::grid::{CellIndex as Cell, DigitValue as Digit};
use crate::grid::{Digits, Grid, BOX, CELLS, COL, PEERS, ROW, UNITS};

/// `score = SCORE_BASE + objective` for every completed valid grid (see the module docs).
pub const SCORE_BASE: u32 = 2745;

/// The centre cell (coefficient 1).
pub const CENTRE: Cell = 40;

/// The objective of a completed grid: `a(4,4) + sum over corner blocks of (2*corner + rest)`.
/// O(17).
pub fn objective(grid: &Grid) -> u32 {
    let g = &grid.0;
    let blocks: u32 = CORNER_BLOCKS
        .iter()
        .flat_map(|b| b.iter().zip(BLOCK_COEF.iter()))
        .map(|(&c, &k)| u32::from(g[c]) * k as u32)
        .sum();
    blocks + u32::from(g[CENTRE])
}

/// A partial grid: each cell's digit, each empty cell's candidates, and per unit the digits
/// already used there, all kept up to date as digits are placed.
///
/// ```text
///   digit[c]     the digit of cell c, 0 when empty
///   cand[c]      ALL - used[ROW[c]] - used[9 + COL[c]] - used[18 + BOX[c]] when empty,
///                NONE when filled (a placed digit leaves its 20 peers' candidates)
///   used[0..9]   rows       used[9..18]  columns       used[18..27]  boxes
///   filled       how many cells hold a digit
///   settled      a round found nothing to place since the last placement
/// ```
///
/// 300 bytes and `Copy`: a branch copies the board instead of undoing moves.
#[derive(Clone, Copy)]
struct Board {
    digit: [Digit; CELLS],
    cand: [Digits; CELLS],
    used: [Digits; 27],
    /// How many cells hold a digit.
    filled: u8,
    /// Whether a propagation round has found nothing to place since the last placement.
    settled: bool,
}

impl Board {
    /// The board of `givens`, or `None` if two givens clash. O(81).
    fn new(givens: &Grid) -> Option<Board> {
        let mut b = Board {
            digit: [0; CELLS],
            cand: [Digits::ALL; CELLS],
            used: [Digits::NONE; 27],
            filled: 0,
            settled: false,
        };
        for (c, &d) in givens.0.iter().enumerate() {
            if d != 0 {
                if !b.candidates(c).contains(d) {
                    return None;
                }
                b.place(c, d);
            }
        }
        Some(b)
    }

    /// Digits that cell `c` may still take; none for a filled cell. O(1).
    #[inline(always)]
    fn candidates(&self, c: Cell) -> Digits {
        self.cand[c]
    }

    /// Writes `d` into the empty cell `c`. Requires `d` to be a candidate of `c`. O(20).
    #[inline(always)]
    fn place(&mut self, c: Cell, d: Digit) {
        debug_assert!(self.digit[c] == 0 && self.candidates(c).contains(d));
        self.digit[c] = d;
        self.cand[c] = Digits::NONE;
        self.filled += 1;
        self.settled = false;
        let bit = Digits::single(d);
        for u in [ROW[c] as usize, 9 + COL[c] as usize, 18 + BOX[c] as usize] {
            self.used[u] = self.used[u].union(bit);
        }
        for &p in PEERS[c].iter() {
            let p = usize::from(p);
            self.cand[p] = self.cand[p].minus(bit);
        }
    }

    /// Fills naked singles (a cell with one candidate) and hidden singles (a digit with one
    /// place in a unit) until none is left. `false` on a contradiction: an empty cell without
    /// candidates, or a unit where a missing digit has no place.
    ///
    /// Each round takes the candidates as they are at its start, places the naked singles
    /// among them (each checked against the live candidates), then finds hidden singles from
    /// the same start. Stale sets only hold more digits than the live ones, and everything
    /// placed in a round follows from the round's start, so a hidden single whose cell can
    /// no longer take its digit is a contradiction, not a mistake. O(81 + 27 * 9) per round,
    /// at most 81 rounds.
    fn propagate(&mut self) -> bool {
        self.propagate_rounds(usize::MAX)
    }

    /// [`Board::propagate`], stopping after `rounds` rounds even if more singles are left
    /// (those are then still open, which is correct, only less pruned). `false` on a
    /// contradiction found in those rounds.
    fn propagate_rounds(&mut self, rounds: usize) -> bool {
        for _ in 0..rounds {
            if self.settled {
                // The last round saw this very board: nothing to place, no contradiction.
                return true;
            }
            let start = self.cand;
            // Filled cells have no candidates: a dead cell is one more cell without any.
            let without = start.iter().fold(0u8, |n, m| n + u8::from(m.is_empty()));
            if without > self.filled {
                return false;
            }
            let any_single = start.iter().fold(false, |a, m| a | m.is_single());
            // Naked singles.
            let mut progress = false;
            if any_single {
                for (c, &m) in start.iter().enumerate() {
                    if m.is_single() {
                        let d = m.highest();
                        if !self.candidates(c).contains(d) {
                            return false;
                        }
                        self.place(c, d);
                        progress = true;
                    }
                }
            }
            // Hidden singles: per unit, the digits seen once and at least twice.
            let (once, twice) = seen_once_twice(&start);
            let mut dead = 0;
            let mut singles = 0;
            for u in 0..27 {
                let missing = self.used[u].complement();
                dead |= missing.minus(once[u]).0;
                singles |= missing.minus(twice[u]).0;
            }
            if dead != 0 {
                return false;
            }
            if singles != 0 {
                for (u, unit) in UNITS.iter().enumerate() {
                    let missing = self.used[u].complement();
                    for d in missing.minus(twice[u]).high_first() {
                        let place = unit
                            .iter()
                            .map(|&c| c as usize)
                            .find(|&c| self.candidates(c).contains(d));
                        match place {
                            Some(c) => self.place(c, d),
                            // Placed meanwhile in this unit: fine; otherwise no place left.
                            None if self.used[u].contains(d) => {}
                            None => return false,
                        }
                        progress = true;
                    }
                }
            }
            if !progress {
                self.settled = true;
                return true;
            }
        }
        true
    }

    /// The empty cell with the fewest candidates (first on ties), or `None` when full. O(81).
    fn most_constrained(&self) -> Option<Cell> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for c in 0..CELLS {
            if self.digit[c] == 0 {
                let n = self.candidates(c).len();
                if n < fewest {
                    fewest = n;
                    best = Some(c);
                    if n <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The missing digit of some unit with the fewest places there, if fewer than `below`:
    /// (unit, digit). Requires a propagated board (every missing digit has 2 or more places).
    /// O(81 + 27 * 9 * 9).
    fn scarcest_digit(&self, below: u32) -> Option<(usize, Digit)> {
        let cand = &self.cand;
        let (mut best, mut fewest) = (None, below);
        for (u, unit) in UNITS.iter().enumerate() {
            for d in self.used[u].complement().high_first() {
                let n = unit
                    .iter()
                    .filter(|&&c| cand[c as usize].contains(d))
                    .count() as u32;
                if n < fewest {
                    fewest = n;
                    best = Some((u, d));
                    if n <= 2 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Some completion of this board, or `None` if there is none. Counts its nodes in
    /// `nodes`. Exponential in the worst case, like any sudoku search.
    ///
    /// Two searches: first branching on cells only (digits high first), which finds a
    /// completion of a sparse board in a few dozen nodes but can take thousands to prove a
    /// board dead; past [`Board::CELL_SEARCH_BUDGET`] nodes, a second one that also branches
    /// on the places of a unit's digit when they are fewer than the best cell's candidates,
    /// which proves dead boards in about a quarter of the nodes (but can wander long before
    /// finding a completion of a nearly empty board).
    fn complete(self, nodes: &mut u64) -> Option<Board> {
        let mut budget = Self::CELL_SEARCH_BUDGET;
        match self.search(false, nodes, &mut budget) {
            Ok(found) => found,
            Err(OutOfBudget) => {
                let mut unlimited = u64::MAX;
                // 2^64 nodes are never reached.
                self.search(true, nodes, &mut unlimited).unwrap_or(None)
            }
        }
    }

    /// A good first completion, for the incumbent: the objective cells filled greedily
    /// (corners, the centre, then the other block cells), each with its largest digit that
    /// survives propagation, then any completion of the rest; `None` if the dive dead-ends
    /// (or its completion search runs out of nodes). O(17 propagations + 400 nodes).
    fn greedy_completion(mut self, nodes: &mut u64) -> Option<Board> {
        if !self.propagate() {
            return None;
        }
        let corners = CORNER_BLOCKS.iter().map(|b| b[0]);
        let others = CORNER_BLOCKS.iter().flat_map(|b| b[1..].iter().copied());
        for c in corners.chain(std::iter::once(CENTRE)).chain(others) {
            if self.digit[c] != 0 {
                continue;
            }
            let mut next = None;
            for d in self.candidates(c).high_first() {
                let mut child = self;
                child.place(c, d);
                if child.propagate() {
                    next = Some(child);
                    break;
                }
            }
            self = next?;
        }
        // A dive that dead-ends can take long to prove so: give it a few hundred nodes.
        let mut budget = Self::GREEDY_BUDGET;
        self.search(false, nodes, &mut budget).ok().flatten()
    }

    /// Nodes of [`Board::greedy_completion`]'s completion search.
    const GREEDY_BUDGET: u64 = 400;

    /// Nodes of [`Board::complete`]'s first search.
    const CELL_SEARCH_BUDGET: u64 = 256;

    /// The search of [`Board::complete`]: `Ok(Some)` a completion, `Ok(None)` none, `Err`
    /// when it has visited `budget` nodes (each node takes one off).
    fn search(
        mut self,
        by_places: bool,
        nodes: &mut u64,
        budget: &mut u64,
    ) -> Result<Option<Board>, OutOfBudget> {
        if *budget == 0 {
            return Err(OutOfBudget);
        }
        *budget -= 1;
        *nodes += 1;
        if !self.propagate() {
            return Ok(None);
        }
        let c = match self.most_constrained() {
            None => return Ok(Some(self)),
            Some(c) => c,
        };
        let fewest = self.candidates(c).len();
        if by_places && fewest > 2 {
            if let Some((u, d)) = self.scarcest_digit(fewest) {
                for &p in UNITS[u].iter() {
                    let p = p as usize;
                    if self.digit[p] == 0 && self.candidates(p).contains(d) {
                        let mut child = self;
                        child.place(p, d);
                        if let Some(full) = child.search(by_places, nodes, budget)? {
                            return Ok(Some(full));
                        }
                    }
                }
                return Ok(None);
            }
        }
        for d in self.candidates(c).high_first() {
            let mut child = self;
            child.place(c, d);
            if let Some(full) = child.search(by_places, nodes, budget)? {
                return Ok(Some(full));
            }
        }
        Ok(None)
    }

    /// An upper bound on the objective of every completion: the centre's largest candidate
    /// plus [`corner_bound`](crate::corners::corner_bound) of the four corner blocks. `None`
    /// if the corner blocks cannot be filled at all or cannot beat `beat`; with `exact` false a
    /// looser bound when it can (see [`corner_bound`](crate::corners::corner_bound)). Adds
    /// the corner search's nodes to `nodes`; `None` too once that reaches its ceiling (a void
    /// answer). Requires a propagated board (no empty cell without candidates).
    fn objective_bound(
        &self,
        beat: i32,
        whole: bool,
        exact: bool,
        nodes: &mut NodeCount,
    ) -> Option<i32> {
        let centre = match self.digit[CENTRE] {
            0 => self.candidates(CENTRE).highest(),
            d => d,
        };
        let beat_corners = beat - i32::from(centre);
        let corners = corner_bound_in(
            &self.digit,
            |c| self.candidates(c),
            ALL_BLOCKS,
            whole,
            beat_corners,
            exact,
            nodes,
        )?;
        Some(i32::from(centre) + corners)
    }

    /// The empty corner block cell to branch on: corners first (they weigh double), then the
    /// cell with the fewest candidates. On sparse grids this order visits a third fewer nodes
    /// than "fewest candidates first". The centre is one of them with `with_centre` (measured
    /// best on dense grids), else left to [`Search::settle_centre`] (best on sparse ones).
    /// O(17).
    fn objective_cell(&self, with_centre: bool) -> Option<Cell> {
        let mut best = None;
        let mut key = (0, i32::MIN);
        let centre = if with_centre {
            Some((&CENTRE, &1))
        } else {
            None
        };
        let cells = CORNER_BLOCKS
            .iter()
            .flat_map(|b| b.iter().zip(BLOCK_COEF.iter()))
            .chain(centre);
        for (&c, &k) in cells {
            if self.digit[c] == 0 {
                let here = (k, -(self.candidates(c).len() as i32));
                if here > key {
                    key = here;
                    best = Some(c);
                }
            }
        }
        best
    }
}

impl crate::patterns::PatternBoard for Board {
    fn place_all(&mut self, cells: &[Cell], d: Digit) -> bool {
        for &c in cells {
            if self.digit[c] == 0 {
                if !self.candidates(c).contains(d) {
                    return false;
                }
                self.place(c, d);
            } else if self.digit[c] != d {
                return false;
            }
        }
        // One round: most contradictions show in the first; the rest cost more than they
        // prune (callgrind on the slowest sparse inputs: 5 to 20% fewer instructions), and
        // the leaf's completion search propagates fully anyway.
        self.propagate_rounds(1)
    }

    fn propagate_all(&mut self) -> bool {
        self.propagate()
    }

    fn takes(&self, c: Cell) -> u16 {
        match self.digit[c] {
            0 => self.candidates(c).0,
            d => Digits::single(d).0,
        }
    }
}

/// A budgeted search ran out of nodes (see [`Board::search`]).
struct OutOfBudget;

/// Per unit (rows, columns, boxes as in [`Board`]), the digits that `cand` holds in at least
/// one of its cells, and in at least two. Columns and each band's columns are folded nine
/// lanes at a time (the compiler vectorises them); rows and boxes then merge within. O(81).
#[inline(always)]
fn seen_once_twice(cand: &[Digits; CELLS]) -> ([Digits; 27], [Digits; 27]) {
    // (once, twice) of a union of two disjoint cell sets.
    let merge = |a: (u16, u16), b: (u16, u16)| (a.0 | b.0, a.1 | b.1 | (a.0 & b.0));
    let mut once = [Digits::NONE; 27];
    let mut twice = [Digits::NONE; 27];
    let (mut col_once, mut col_twice) = ([0u16; 9], [0u16; 9]);
    for band in 0..3 {
        // Per column, within this band.
        let (mut o, mut t) = ([0u16; 9], [0u16; 9]);
        for r in 3 * band..3 * band + 3 {
            let line = &cand[9 * r..9 * r + 9];
            let (mut ro, mut rt) = (0u16, 0u16);
            for k in 0..9 {
                let m = line[k].0;
                t[k] |= o[k] & m;
                o[k] |= m;
                rt |= ro & m;
                ro |= m;
            }
            once[r] = Digits(ro);
            twice[r] = Digits(rt);
        }
        for k in 0..9 {
            col_twice[k] |= col_once[k] & o[k] | t[k];
            col_once[k] |= o[k];
        }
        for b in 0..3 {
            let x = (o[3 * b], t[3 * b]);
            let y = merge(
                merge(x, (o[3 * b + 1], t[3 * b + 1])),
                (o[3 * b + 2], t[3 * b + 2]),
            );
            once[18 + 3 * band + b] = Digits(y.0);
            twice[18 + 3 * band + b] = Digits(y.1);
        }
    }
    for k in 0..9 {
        once[9 + k] = Digits(col_once[k]);
        twice[9 + k] = Digits(col_twice[k]);
    }
    (once, twice)
}

/// The best completion found and how much searching it took.
#[derive(Clone, Debug)]
pub struct Solution {
    /// A valid completion of the givens with the highest score.
    pub grid: Grid,
    /// Its score (weighted sum over all 81 cells).
    pub score: u32,
    /// How much searching it took.
    pub stats: Stats,
}

/// Search effort, for diagnostics and benchmarks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Branch and bound nodes over the objective cells.
    pub nodes: u64,
    /// Nodes of all completion searches.
    pub completion_nodes: u64,
    /// Nodes of all corner-block bound searches.
    pub corner_nodes: u64,
    /// Nodes of the digit-pattern search.
    pub pattern_nodes: u64,
}

/// Grids with at most this many givens get the whole-box corner bound (see
/// [`crate::corners::corner_bound_in`]); denser grids the 16-cell one, which decides as much
/// there for less work per node. Measured with `examples/survey.rs`, 60 generated grids per
/// range, total in-process ms whole-box / 16-cell: 4-5 givens 2.0 s / 4.6 s, 6-8 1.5 / 2.7,
/// 9-11 0.97 / 1.22, 12-16 0.46 / 0.30, 17-23 0.12 / 0.07; since whole-box searches settle
/// their subtrees ([`SETTLE_AT_OPEN_BLOCKS`]) and the completion search proves dead boards
/// faster, per number of givens (60 grids each, whole-box / 16-cell ms): 12 givens 260 /
/// 311, 13 264 / 320, 14 196 / 222, 15 125 / 132, 16 121 / 140, 17 84 / 91, 18 105 / 75.
pub const WHOLE_BOXES_UP_TO: usize = 16;

/// Grids with at most this many givens are solved by the digit-pattern search
/// ([`crate::patterns`]); denser ones by the branch and bound over the block cells, whose
/// 16-cell corner bound decides as much there for less work. Measured with the searches run
/// alone on 300 generated grids per count (seeds 201..500, in-process ms, total and slowest,
/// patterns / branch and bound): 17 givens 245 / 594 (7 / 92), 18: 244 / 452 (11 / 71), 19:
/// 272 / 331 (17 / 54), 20: 235 / 346 (11 / 39), 21: 233 / 254 (6 / 27), 22: 156 / 166 (6 /
/// 8), and on seeds 1..300, 23: 182 / 139 (7 / 6). Up to 21 givens the branch and bound has
/// tails the pattern search does not: callgrind, `p1074-gen --givens 19 --seed 414` 341M
/// instructions against 3.5M, `--givens 21 --seed 414` 193M against 3.4M; the slowest
/// pattern-search grid there (`--givens 20 --seed 358`) takes 57M. Denser grids have rarer
/// tails: `p1074-gen --givens 17..23 --seed 133828` (22 givens) takes the branch and bound
/// 191M instructions and the pattern search 1.3 ms, so they get one turn of the branch and
/// bound ([`BRANCH_BUDGET`]) and then the race.
pub const PATTERNS_UP_TO: usize = 21;

/// Nodes the digit-pattern search may take in its first turn of [`solve`]'s race (see
/// `Search::race`). On most sparse grids it ends in a few hundred nodes and the slowest
/// known need 2,000 to 4,000 (15 to 50 thousand instructions each: `p1074-gen --givens 12
/// --seed 11276` 3,918); but where every assignment at the bound fails on the board it can
/// take hundreds of thousands, while the branch and bound's whole-box bound ends in a
/// millisecond (`--givens 16 --seed 4128`: 2,095M instructions alone, 3M for the branch and
/// bound; `--givens 12..=15 --seed 5595` likewise). Since the template bound
/// ([`crate::templates`]) every grid known ends within the first turn, most in a few
/// hundred nodes: the race is a safety net now.
pub const PATTERN_BUDGET: u64 = 8_000;

/// The branch and bound's first budget in [`solve`]'s race, in units of `Search::work`
/// (about 3 thousand instructions each): enough for the grids above, which need 1,000 to
/// 1,500.
pub const BRANCH_BUDGET: u64 = 2_000;

/// The budgets of `Search::race`: the first turn of each search, and how much each turn
/// grows them.
#[derive(Clone, Copy, Debug)]
struct Race {
    patterns: u64,
    branch: u64,
    growth: u64,
}

/// How much each turn of [`solve`]'s race grows both budgets. Callgrind on the 107 hardest
/// input files known (`data/README.md`, sixth round), total and slowest, for first budgets
/// (pattern nodes, branch units) and growth: (4000, 2000, 4) 2,740M and 87M; (3000, 3000,
/// 4) 2,640M and 85M but a grid needing 2,500 to 3,000 pattern nodes costs twice as much;
/// (300, 1500, 16) 3,263M and 110M; (300, 1500, 8) 3,839M and 271M; the branch and bound
/// first (1,500 units, then 3,000 pattern nodes, growth 4) 3,021M and 95M; patterns alone
/// (20,000 nodes, then the branch and bound) 3,849M and 377M. (All measured before the
/// template bound, with 4,000 chosen then; see [`PATTERN_BUDGET`] for the first budget
/// since.)
pub const RACE_GROWTH: u64 = 4;

/// With whole-box corner bounds, a branch and bound node with at most this many open corner
/// block cells hands its whole subtree to one corner search (`Search::settle_all`) instead
/// of branching further: the corner search of every node below would redo most of this
/// one's. Above it, branching pays (propagating the board tightens the corner rules).
/// Measured with `examples/survey.rs` (corner nodes summed over 60 grids per range, 0-3 /
/// 4-5 / 6-8 / 9-11 givens): 16 (one search at the root) is worse than plain branching on
/// the 4-5 givens tail; 12 gives 64k / 1.77M / 1.18M / 0.72M against 105k / 1.98M / 1.34M /
/// 0.89M for plain branching.
pub const SETTLE_AT_OPEN_BLOCKS: usize = 12;

struct Search {
    /// Which corner bound (see [`WHOLE_BOXES_UP_TO`]).
    whole: bool,
    best_objective: i32,
    best: Board,
    stats: Stats,
    /// The [`Search::work`] past which the branch and bound unwinds (`u64::MAX`: never).
    limit: u64,
    /// Whether the branch and bound passed `limit`: what it found is then only an incumbent.
    out_of_budget: bool,
}

impl Search {
    /// Work done so far, in units of about a microsecond each: search nodes (the branch and
    /// bound's, and the pattern search's leaves), corner-search nodes and completion nodes.
    fn work(&self) -> u64 {
        self.stats.nodes + self.stats.corner_nodes + self.stats.completion_nodes
    }

    /// Whether the branch and bound has reached its limit (and so must unwind); remembers it.
    fn over_limit(&mut self) -> bool {
        self.out_of_budget |= self.work() >= self.limit;
        self.out_of_budget
    }

    /// A corner search's count, its ceiling what is left of the limit: a search cut short
    /// there leaves [`Search::work`] at the limit. No ceiling without a limit.
    fn corner_count(&self) -> NodeCount {
        match self.limit {
            u64::MAX => NodeCount::unlimited(),
            limit => NodeCount {
                spent: 0,
                limit: limit.saturating_sub(self.work()),
            },
        }
    }

    /// With all 16 corner block cells fixed on `board` (propagated), finds the best centre
    /// that has a completion. One completion search with the centre free first: none means
    /// no centre works (one proof instead of one per centre digit), and the one found is an
    /// incumbent; then only centre digits above it that could beat the incumbent are tried,
    /// high first, each with its own completion search.
    fn settle_centre(&mut self, board: &Board) {
        let corners: i32 = CORNER_BLOCKS
            .iter()
            .flat_map(|b| b.iter().zip(BLOCK_COEF.iter()))
            .map(|(&c, &k)| i32::from(board.digit[c]) * k)
            .sum();
        let full = match board.complete(&mut self.stats.completion_nodes) {
            Some(f) => f,
            None => return,
        };
        let got = corners + i32::from(full.digit[CENTRE]);
        if got > self.best_objective {
            self.best_objective = got;
            self.best = full;
        }
        if board.digit[CENTRE] != 0 {
            return;
        }
        for d in board.candidates(CENTRE).high_first() {
            if corners + i32::from(d) <= self.best_objective {
                break;
            }
            let mut child = *board;
            child.place(CENTRE, d);
            if let Some(f) = child.complete(&mut self.stats.completion_nodes) {
                self.best_objective = corners + i32::from(d);
                self.best = f;
                break;
            }
        }
    }

    /// Sparse grids: the digit-pattern relaxation ([`crate::patterns`]) on the propagated
    /// root, each objective assignment that could beat the incumbent checked by one
    /// completion search.
    /// `false` if it ran out of `budget` nodes (the incumbent is kept).
    fn settle_by_patterns(&mut self, mut root: Board, budget: u64) -> bool {
        if !root.propagate() {
            return true;
        }
        let board = root;
        let mut pattern_nodes = 0;
        crate::patterns::settle_objective_assignments(
            &board,
            self.best_objective,
            budget,
            &mut pattern_nodes,
            &mut |leaf: &Board, value: i32| {
                self.stats.nodes += 1;
                if value > self.best_objective {
                    if let Some(full) = leaf.complete(&mut self.stats.completion_nodes) {
                        self.best_objective = value;
                        self.best = full;
                    }
                }
                self.best_objective
            },
        );
        self.stats.pattern_nodes += pattern_nodes;
        pattern_nodes <= budget
    }

    /// Both searches by turns, from the root each time, with budgets growing [`RACE_GROWTH`]
    /// times a turn (from [`PATTERN_BUDGET`] pattern nodes and [`BRANCH_BUDGET`] units of
    /// [`Search::work`]), until one of them finishes; the incumbent carries over. Each is
    /// fast where the other can take seconds, and a turn costs about what the last one did,
    /// so the grid takes a small multiple of the faster search's time.
    fn race(&mut self, root: Board, race: Race) {
        let (mut patterns, mut branch) = (race.patterns, race.branch);
        loop {
            if self.settle_by_patterns(root, patterns) || self.branch_within(root, branch) {
                return;
            }
            patterns = patterns.saturating_mul(race.growth);
            branch = branch.saturating_mul(race.growth);
        }
    }

    /// The branch and bound from `root`, stopped after `budget` units of [`Search::work`]:
    /// whether it finished (else what it found is only an incumbent).
    fn branch_within(&mut self, root: Board, budget: u64) -> bool {
        self.limit = self.work().saturating_add(budget);
        self.out_of_budget = false;
        self.branch(root);
        self.limit = u64::MAX;
        !self.out_of_budget
    }

    /// The rest of the search below `root` (see [`SETTLE_AT_OPEN_BLOCKS`]): one corner
    /// search on the propagated `root` ([`settle_block_assignments`]), which hands over every
    /// block assignment that could beat the incumbent; each is placed on `root`, propagated,
    /// and settled like a leaf of [`Search::branch`]. Exact for the same reason: every
    /// completion's corner boxes obey the corner rules, and the bar (incumbent minus the
    /// centre's largest candidate) only drops assignments that cannot beat the incumbent with
    /// any centre.
    fn settle_all(&mut self, mut root: Board) {
        if !root.propagate() {
            return;
        }
        let centre_max = i32::from(match root.digit[CENTRE] {
            0 => root.candidates(CENTRE).highest(),
            d => d,
        });
        let mut corner_nodes = self.corner_count();
        let board = root;
        settle_block_assignments(
            &board.digit,
            |c| board.candidates(c),
            self.best_objective - centre_max,
            &mut corner_nodes,
            &mut |blocks: &BlockAssignment| {
                self.stats.nodes += 1;
                if self.over_limit() {
                    // No bar is ever beaten: the corner search unwinds.
                    return i32::MAX;
                }
                let mut leaf = root;
                let placed = blocks.iter().all(|&(c, d)| {
                    if leaf.digit[c] == 0 {
                        if !leaf.candidates(c).contains(d) {
                            return false;
                        }
                        leaf.place(c, d);
                    }
                    leaf.digit[c] == d
                });
                if placed && leaf.propagate() {
                    self.settle_centre(&leaf);
                }
                self.best_objective - centre_max
            },
        );
        self.stats.corner_nodes += corner_nodes.spent;
        // A corner search cut short by its ceiling leaves the work at the limit.
        self.over_limit();
    }

    fn branch(&mut self, mut board: Board) {
        self.stats.nodes += 1;
        if self.over_limit() || !board.propagate() {
            return;
        }
        let mut corner_nodes = self.corner_count();
        let bound =
            board.objective_bound(self.best_objective, self.whole, false, &mut corner_nodes);
        self.stats.corner_nodes += corner_nodes.spent;
        // A bound cut short by the limit is void: unwind.
        if self.over_limit() {
            return;
        }
        let bound = match bound {
            Some(b) => b,
            None => return,
        };
        if self.whole {
            let open = CORNER_BLOCKS
                .iter()
                .flatten()
                .filter(|&&c| board.digit[c] == 0)
                .count();
            if open <= SETTLE_AT_OPEN_BLOCKS {
                self.settle_all(board);
                return;
            }
        }
        match board.objective_cell(!self.whole) {
            // All 16 corner cells are fixed: settle the centre.
            None => self.settle_centre(&board),
            Some(c) => {
                for d in board.candidates(c).high_first() {
                    let mut child = board;
                    child.place(c, d);
                    self.branch(child);
                    if bound <= self.best_objective || self.out_of_budget {
                        return;
                    }
                }
            }
        }
    }
}

/// The highest-scoring valid completion of `givens`, or `None` when there is none (clashing
/// givens, or no completion at all). Exact: the branch and bound only prunes subtrees whose
/// admissible bound cannot beat the incumbent.
///
/// Cost: one sudoku search for a first completion, then a search over the 16 corner block cells
/// with one completion search per surviving assignment; exponential in the worst case, typically
/// well under a millisecond with 24 or more givens.
pub fn solve(givens: &Grid) -> Option<Solution> {
    solve_with(givens, Method::Auto)
}

/// Which search [`solve_with`] runs; both are exact, each is fast on its own range.
#[derive(Clone, Copy, Debug)]
pub enum Method {
    /// By the number of givens (see [`PATTERNS_UP_TO`]): what [`solve`] does.
    Auto,
    /// The digit-pattern search ([`crate::patterns`]).
    Patterns,
    /// The branch and bound over the 16 corner block cells and the centre.
    BranchAndBound,
}

/// [`solve`] with a chosen search: for diagnostics and for checking one against the other.
pub fn solve_with(givens: &Grid, method: Method) -> Option<Solution> {
    let race = Race {
        patterns: PATTERN_BUDGET,
        branch: BRANCH_BUDGET,
        growth: RACE_GROWTH,
    };
    solve_by(givens, method, race)
}

/// [`solve_with`], with the race's budgets given.
fn solve_by(givens: &Grid, method: Method, race: Race) -> Option<Solution> {
    let root = Board::new(givens)?;
    let mut stats = Stats::default();
    let mut first = root.complete(&mut stats.completion_nodes)?;
    if let Some(greedy) = root.greedy_completion(&mut stats.completion_nodes) {
        if objective(&Grid(greedy.digit)) > objective(&Grid(first.digit)) {
            first = greedy;
        }
    }
    let mut search = Search {
        whole: givens.givens() <= WHOLE_BOXES_UP_TO,
        best_objective: objective(&Grid(first.digit)) as i32,
        best: first,
        stats,
        limit: u64::MAX,
        out_of_budget: false,
    };
    match method {
        Method::Patterns => {
            search.settle_by_patterns(root, u64::MAX);
        }
        Method::Auto if givens.givens() <= PATTERNS_UP_TO => search.race(root, race),
        // Denser grids: one turn of the branch and bound first, then the race.
        Method::Auto => {
            if !search.branch_within(root, race.branch) {
                search.race(root, race);
            }
        }
        Method::BranchAndBound => search.branch(root),
    }
    let grid = Grid(search.best.digit);
    let score = grid.score();
    debug_assert_eq!(score, SCORE_BASE + objective(&grid));
    Some(Solution {
        grid,
        score,
        stats: search.stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;
    use std::convert::TryInto;

    fn parse(s: &str) -> Grid {
        crate::parse::parse_bytes(s.as_bytes()).unwrap()
    }

    /// A valid full grid, then shuffled by digit relabelling and row/column moves that keep it
    /// valid, driven by the shared SplitMix64.
    fn shuffled_full(seed: u64) -> Grid {
        let mut rng = Rng::new(seed);
        let mut g: Vec<u8> = (0..81)
            .map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9 + 1) as u8)
            .collect();
        let mut relabel: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut relabel);
        let mut next = |n: usize| rng.below(n);
        for d in g.iter_mut() {
            *d = relabel[*d as usize - 1];
        }
        for _ in 0..20 {
            let band = next(3) * 3;
            let (a, b) = (band + next(3), band + next(3));
            for k in 0..9 {
                g.swap(9 * a + k, 9 * b + k);
            }
            for k in 0..9 {
                g.swap(9 * k + a, 9 * k + b);
            }
        }
        Grid(g.try_into().unwrap())
    }

    /// Singles propagation the obvious way: one placement at a time, candidates recomputed
    /// from scratch. `None` on a contradiction.
    fn slow_propagate(mut g: Grid) -> Option<Grid> {
        let cand = |g: &Grid, c: Cell| {
            let mut used = Digits::NONE;
            for unit in UNITS.iter().filter(|u| u.contains(&(c as u8))) {
                for &p in unit {
                    if g.0[p as usize] != 0 {
                        used = used.union(Digits::single(g.0[p as usize]));
                    }
                }
            }
            used.complement()
        };
        'again: loop {
            for c in (0..CELLS).filter(|&c| g.0[c] == 0) {
                let m = cand(&g, c);
                if m.is_empty() {
                    return None;
                }
                if m.is_single() {
                    g.0[c] = m.highest();
                    continue 'again;
                }
            }
            for unit in UNITS.iter() {
                for d in 1..=9 {
                    if unit.iter().any(|&c| g.0[c as usize] == d) {
                        continue;
                    }
                    let places: Vec<Cell> = unit
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| g.0[c] == 0 && cand(&g, c).contains(d))
                        .collect();
                    match places.len() {
                        0 => return None,
                        1 => {
                            g.0[places[0]] = d;
                            continue 'again;
                        }
                        _ => {}
                    }
                }
            }
            return Some(g);
        }
    }

    #[test]
    fn propagation_matches_the_obvious_version() {
        let mut rng = Rng::new(99);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        let (mut solved, mut dead) = (0, 0);
        for seed in 0..300 {
            let full = shuffled_full(seed);
            let mut g = full;
            let keep = 15 + next(30);
            for c in 0..CELLS {
                if next(81) >= keep {
                    g.0[c] = 0;
                }
            }
            // Every third board gets a few wrong (but not clashing) givens: contradictions.
            if seed % 3 == 0 {
                for _ in 0..4 {
                    let c = next(81) as usize;
                    let d = next(9) as u8 + 1;
                    let old = g.0[c];
                    g.0[c] = d;
                    if g.first_clash().is_some() {
                        g.0[c] = old;
                    }
                }
            }
            let want = slow_propagate(g);
            let got = Board::new(&g).and_then(|mut b| {
                let alive = b.propagate();
                alive.then_some(Grid(b.digit))
            });
            assert_eq!(got, want, "{}", g);
            match want {
                Some(p) if p.givens() == CELLS => solved += 1,
                None => dead += 1,
                _ => {}
            }
        }
        assert!(solved > 10 && dead > 10, "{} solved, {} dead", solved, dead);
    }

    #[test]
    fn score_identity_on_full_grids() {
        for seed in 0..200 {
            let g = shuffled_full(seed);
            assert!(g.is_solved() && g.extends(&Grid([0; CELLS])));
            assert_eq!(g.score(), SCORE_BASE + objective(&g), "seed {}", seed);
        }
    }

    #[test]
    fn judge_samples() {
        let s1 = parse(
            "7 0 0 9 0 0 0 0 1 1 0 0 0 0 5 9 0 0 0 0 0 2 0 0 0 8 0 0 0 5 0 2 0 0 0 3 \
             0 0 0 0 0 0 6 4 8 4 1 3 0 0 0 0 0 0 0 0 7 0 0 2 0 9 0 2 0 1 0 6 0 8 0 4 \
             0 8 0 5 0 4 0 1 2",
        );
        let s2 = parse(
            "0 0 0 7 0 2 4 5 3 9 0 0 0 0 8 0 0 0 7 4 0 0 0 5 0 1 0 1 9 5 0 8 0 0 0 0 \
             0 7 0 0 0 0 0 2 5 0 3 0 5 7 9 1 0 8 0 0 0 6 0 1 0 0 0 0 6 0 9 0 0 0 0 1 \
             0 0 0 0 0 0 0 0 6",
        );
        for (g, want) in [(s1, 2829), (s2, 2852)] {
            let sol = solve(&g).unwrap();
            assert_eq!(sol.score, want);
            assert!(sol.grid.is_solved() && sol.grid.extends(&g));
            assert_eq!(sol.grid.score(), sol.score);
        }
    }

    #[test]
    fn full_grid_scores_itself() {
        let g = shuffled_full(7);
        let sol = solve(&g).unwrap();
        assert_eq!(sol.grid, g);
        assert_eq!(sol.score, g.score());
    }

    #[test]
    fn clashes_and_dead_ends_have_no_solution() {
        let mut g = Grid([0; CELLS]);
        g.0[0] = 5;
        g.0[80] = 5;
        assert!(solve(&g).is_some());
        g.0[8] = 5; // same row as cell 0
        assert!(solve(&g).is_none());
        // No clash, but cell 0 sees 1..=8 in its row and 9 in its column.
        let mut g = Grid([0; CELLS]);
        for k in 1..9 {
            g.0[k] = k as u8;
        }
        g.0[27] = 9;
        assert!(g.first_clash().is_none());
        assert!(solve(&g).is_none());
    }

    #[test]
    fn the_race_agrees_with_each_search_however_often_it_changes_hands() {
        // Budgets so small that most grids go through several turns of each search; every
        // result must be the branch and bound's alone.
        let races = [
            Race {
                patterns: 3,
                branch: 10,
                growth: 2,
            },
            Race {
                patterns: 1,
                branch: 40,
                growth: 3,
            },
            Race {
                patterns: 20,
                branch: 5,
                growth: 2,
            },
        ];
        let mut rng = Rng::new(17);
        let mut handed_over = 0;
        for seed in 0..24u64 {
            let mut g = shuffled_full(1000 + seed);
            let keep = 11 + rng.below(8);
            let mut cells: Vec<usize> = (0..CELLS).collect();
            rng.shuffle(&mut cells);
            for &c in &cells[keep..] {
                g.0[c] = 0;
            }
            let alone = solve_with(&g, Method::BranchAndBound).map(|s| s.score);
            for race in races {
                let raced = solve_by(&g, Method::Auto, race).unwrap();
                assert!(
                    raced.grid.is_solved() && raced.grid.extends(&g),
                    "{:?} {}",
                    race,
                    g
                );
                assert_eq!(raced.grid.score(), raced.score, "{:?} {}", race, g);
                assert_eq!(Some(raced.score), alone, "{:?} {}", race, g);
                handed_over += usize::from(raced.stats.pattern_nodes > race.patterns);
            }
        }
        assert!(handed_over > 20, "only {} races changed hands", handed_over);
    }

    #[test]
    fn sparse_grids_are_solved_exactly_by_structure() {
        // The empty grid reaches its root bound (see corners::tests::tight_on_the_empty_grid).
        let sol = solve(&Grid([0; CELLS])).unwrap();
        assert!(sol.grid.is_solved() && sol.grid.extends(&Grid([0; CELLS])));
        assert_eq!(sol.score, 2906);
        assert_eq!(sol.score, sol.grid.score());
    }
}
