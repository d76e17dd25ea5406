//! The exact search for the highest objective: a branch and bound over the 16 corner block
//! cells and the centre, the digit-pattern search of sparse grids, and the race between them.
//!
//! The score of a completed grid is [`crate::objective::SCORE_BASE`] plus a small
//! linear objective over 17 cells ([`crate::objective`]), maximised two ways:
//!
//! - grids with at most [`PATTERNS_UP_TO`] givens: the digit-pattern search of
//!   [`crate::pattern_search`] (each digit's places in the corner boxes and the centre, high
//!   digits first, bounded by each digit's whole template once the search runs long,
//!   [`crate::templates`]), with the board propagated beside it; each objective assignment
//!   that could beat the incumbent gets one completion search. Each search has had grids
//!   where the other takes seconds, so on these grids they race: by turns, each from the root
//!   with a growing budget ([`PATTERN_BUDGET`], [`BRANCH_BUDGET`]), the incumbent carried
//!   over, until one finishes;
//! - denser grids: a branch and bound on the 16 corner block cells and the centre (corners
//!   first, digits high first, singles propagated at every node), pruned by the centre's
//!   largest candidate plus the corner bound ([`crate::corner_search::corner_bound`]); once they
//!   are fixed it settles the centre with as few completion searches as it can (one when the
//!   board has no completion at all): only *one* completion of the rest is needed, not all of
//!   them. With at most [`WHOLE_BOXES_UP_TO`] givens the bound covers the whole corner boxes
//!   and, with [`SETTLE_AT_OPEN_BLOCKS`] block cells open, one corner search settles the
//!   subtree. These grids get one turn of the branch and bound first, then the race.
//!
//! The two searches are checked against each other on sparse grids (`tests/sparse.rs`).

use super::board::*;
use super::corner_search::*;
use super::corners::*;
use super::grid::*;
use super::objective::*;
use super::pattern_search::*;

impl Board {
    /// An upper bound on the objective of every completion: the centre's largest candidate
    /// plus the corner bound ([`corner_bound`], [`Goal::AnyAbove`]) of the four corner
    /// blocks. `None` if the corner blocks cannot be filled at all or cannot beat `beat`. Adds
    /// the corner search's nodes to `nodes`; `None` too once that reaches its ceiling (a void
    /// answer). Requires a propagated board (no empty cell without candidates).
    fn objective_bound(
        &self,
        beat: i32,
        relaxation: Relaxation,
        nodes: &mut NodeCount,
    ) -> Option<i32> {
        let centre = DigitSet(self.takes(CENTRE)).highest();
        let query = CornerQuery {
            blocks: ALL_BLOCKS,
            relaxation,
            goal: Goal::AnyAbove,
            beat: beat - i32::from(centre),
        };
        let corners = corner_bound(&self.digit, |c| self.candidates(c), query, nodes)?;
        Some(i32::from(centre) + corners)
    }

    /// The empty corner block cell to branch on: corners first (they weigh double), then the
    /// cell with the fewest candidates (on sparse grids this visits fewer nodes than "fewest
    /// candidates first"). The centre is one of them under the block-cell relaxation (the
    /// dense grids, where that is faster), else left to [`Search::settle_centre`] (faster on
    /// sparse ones). O(17).
    fn objective_cell(&self, relaxation: Relaxation) -> Option<usize> {
        let centre = if relaxation == Relaxation::BlockCells {
            Some((&CENTRE, &1))
        } else {
            None
        };
        // Zipped with the block's four coefficients: each box's block cells.
        let cells = CORNER_BOXES
            .iter()
            .flat_map(|b| b.iter().zip(BLOCK_COEF.iter()))
            .chain(centre);
        // The first of the largest coefficient and then the fewest candidates.
        cells
            .filter(|&(&c, _)| self.digit[c] == 0)
            .min_by_key(|&(&c, &k)| (-k, self.candidates(c).len()))
            .map(|(&c, _)| c)
    }
}

/// The best completion found and how much searching it took.
pub struct Solution {
    /// A valid completion of the givens with the highest score.
    pub grid: Grid,
    /// Its score (weighted sum over all 81 cells).
    pub score: u32,
    /// How much searching it took.
    pub stats: Stats,
}

/// Search effort, for diagnostics and benchmarks.
#[derive(Debug, Default)]
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

/// Grids with at most this many givens get the whole-box corner bound
/// ([`Relaxation::WholeBoxes`]); denser grids the block-cell one, which decides as much there
/// for less work per node (figures in `data/README.md`, "Tuning").
const WHOLE_BOXES_UP_TO: usize = 16;

/// Grids with at most this many givens are solved by the digit-pattern search
/// ([`crate::pattern_search`]) racing the branch and bound; denser ones by the branch and
/// bound over the block cells first, whose block-cell corner bound decides as much there for
/// less work. Up to here the branch and bound has tails the pattern search does not; denser
/// grids have rarer ones, so they get one turn of the branch and bound ([`BRANCH_BUDGET`]) and
/// then the race (figures in `data/README.md`, "Tuning").
const PATTERNS_UP_TO: usize = 21;

/// Nodes the digit-pattern search may take in its first turn of [`solve`]'s race (see
/// `Search::race`). Most sparse grids end in a few hundred nodes, the slowest known in a few
/// thousand; where every assignment at the bound fails on the board it can take hundreds of
/// thousands, while the branch and bound's whole-box bound ends in a millisecond. With the
/// template bound (`templates`) every grid known ends within this first turn: the
/// race is a safety net.
pub const PATTERN_BUDGET: u64 = 8_000;

/// The branch and bound's first budget in [`solve`]'s race, in units of `Search::work`
/// (about 3 thousand instructions each): enough for the dense grids whose tails the pattern
/// search does not share, which need 1,000 to 1,500.
const BRANCH_BUDGET: u64 = 2_000;

/// The budgets of `Search::race`: the first turn of each search, and how much each turn
/// grows them.
struct Race {
    patterns: u64,
    branch: u64,
    growth: u64,
}

/// How much each turn of [`solve`]'s race grows both budgets. A grid that outlasts the first
/// turns costs the turns before its last one at most `1 / (RACE_GROWTH - 1)` of that last
/// turn (a geometric series), and the last turn overshoots what the faster search needed by
/// at most `RACE_GROWTH` times: 4 keeps both small. No grid known now needs a second turn
/// ([`PATTERN_BUDGET`]), so no known input depends on it.
const RACE_GROWTH: u64 = 4;

/// With whole-box corner bounds, a branch and bound node with at most this many open corner
/// block cells hands its whole subtree to one corner search (`Search::settle_all`) instead
/// of branching further: the corner search of every node below would redo most of this
/// one's. Above it, branching pays (propagating the board tightens the corner rules); 16 (one
/// search at the root) is worse than plain branching on the grids with 4 or 5 givens
/// (figures in `data/README.md`, "Tuning").
const SETTLE_AT_OPEN_BLOCKS: usize = 12;

struct Search {
    /// Which corner bound (see [`WHOLE_BOXES_UP_TO`]).
    relaxation: Relaxation,
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
        let corners: i32 = CORNER_BOXES
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
        let mut pattern_nodes = 0;
        settle_objective_assignments(
            &root,
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
    fn race(&mut self, root: Board, race: &Race) {
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
        let centre_max = i32::from(DigitSet(root.takes(CENTRE)).highest());
        let mut corner_nodes = self.corner_count();
        settle_block_assignments(
            &root.digit,
            |c| root.candidates(c),
            self.best_objective - centre_max,
            &mut corner_nodes,
            &mut |blocks: &BlockAssignment| {
                self.stats.nodes += 1;
                if self.over_limit() {
                    // No bar is ever beaten: the corner search unwinds.
                    return i32::MAX;
                }
                let mut leaf = root;
                if blocks.iter().all(|&(c, d)| leaf.put(c, d)) && leaf.propagate() {
                    self.settle_centre(&leaf);
                }
                self.best_objective - centre_max
            },
        );
        self.stats.corner_nodes += corner_nodes.spent;
        // A corner search cut short by its ceiling leaves the work at the limit.
        self.over_limit();
    }

    /// The branch and bound below `board`: bounded by [`Board::objective_bound`], settled
    /// whole by [`Search::settle_all`] once few block cells are open, else branching on
    /// [`Board::objective_cell`] high digits first, down to [`Search::settle_centre`].
    fn branch(&mut self, mut board: Board) {
        self.stats.nodes += 1;
        if self.over_limit() || !board.propagate() {
            return;
        }
        let mut corner_nodes = self.corner_count();
        let bound = board.objective_bound(self.best_objective, self.relaxation, &mut corner_nodes);
        self.stats.corner_nodes += corner_nodes.spent;
        // A bound cut short by the limit is void: unwind.
        if self.over_limit() {
            return;
        }
        let bound = match bound {
            Some(b) => b,
            None => return,
        };
        if self.relaxation == Relaxation::WholeBoxes {
            let open = CORNER_BOXES
                .iter()
                .flat_map(|b| &b[..4])
                .filter(|&&c| board.digit[c] == 0)
                .count();
            if open <= SETTLE_AT_OPEN_BLOCKS {
                self.settle_all(board);
                return;
            }
        }
        match board.objective_cell(self.relaxation) {
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
/// givens, or no completion at all). Exact: every search only prunes what an admissible bound
/// shows cannot beat the incumbent.
///
/// Cost: one sudoku search and one greedy dive for the first incumbent; then, up to
/// `PATTERNS_UP_TO` (21) givens, the digit-pattern search and the branch and bound by turns, and
/// above it one turn of the branch and bound first (see the module docs), each surviving
/// objective assignment checked by one completion search. Exponential in the worst case;
/// every grid known takes a few milliseconds at most.
pub fn solve(givens: &Grid) -> Option<Solution> {
    let race = Race {
        patterns: PATTERN_BUDGET,
        branch: BRANCH_BUDGET,
        growth: RACE_GROWTH,
    };
    solve_racing(givens, &race)
}

/// [`solve`], with the race's budgets given.
fn solve_racing(givens: &Grid, race: &Race) -> Option<Solution> {
    let (root, mut search) = Search::start(givens)?;
    if givens.givens() <= PATTERNS_UP_TO || !search.branch_within(root, race.branch) {
        search.race(root, race);
    }
    Some(search.finish())
}

impl Search {
    /// The root board of `givens` and a search whose incumbent is the better of a first
    /// completion and a greedy one; `None` if the givens have no completion.
    fn start(givens: &Grid) -> Option<(Board, Search)> {
        let root = Board::new(givens)?;
        let mut stats = Stats::default();
        let mut first = root.complete(&mut stats.completion_nodes)?;
        if let Some(greedy) = root.greedy_completion(&mut stats.completion_nodes) {
            if objective(&Grid(greedy.digit)) > objective(&Grid(first.digit)) {
                first = greedy;
            }
        }
        let relaxation = if givens.givens() <= WHOLE_BOXES_UP_TO {
            Relaxation::WholeBoxes
        } else {
            Relaxation::BlockCells
        };
        let search = Search {
            relaxation,
            best_objective: objective(&Grid(first.digit)) as i32,
            best: first,
            stats,
            limit: u64::MAX,
            out_of_budget: false,
        };
        Some((root, search))
    }

    /// The incumbent as the answer.
    fn finish(self) -> Solution {
        let grid = Grid(self.best.digit);
        // The identity of `crate::objective`, tested there against `Grid::score`.
        let score = SCORE_BASE + objective(&grid);
        Solution {
            grid,
            score,
            stats: self.stats,
        }
    }
}

/// Which search [`solve_with`] runs; each is exact, and fast on its own range.
#[cfg(not(cargo_equip))]
#[derive(Clone, Copy, Debug)]
pub enum Method {
    /// By the number of givens: what [`solve`] does.
    Auto,
    /// The digit-pattern search over each digit's places in the corner boxes, alone.
    Patterns,
    /// The branch and bound over the 16 corner block cells and the centre alone.
    BranchAndBound,
}

/// [`solve`] with a chosen search: for diagnostics and for checking one against the other.
#[cfg(not(cargo_equip))]
pub fn solve_with(givens: &Grid, method: Method) -> Option<Solution> {
    let (root, mut search) = match method {
        Method::Auto => return solve(givens),
        _ => Search::start(givens)?,
    };
    match method {
        Method::Patterns => {
            search.settle_by_patterns(root, u64::MAX);
        }
        _ => search.branch(root),
    }
    Some(search.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{shuffled_full, CELLS, PEERS};
    use crate::objective::BOX_ORIGIN;
    use crate::templates::{template_bound, SCALE};
    use rng::Rng;

    fn parse(s: &str) -> Grid {
        crate::parse::parse_bytes(s.as_bytes()).unwrap()
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
            for race in &races {
                let raced = solve_racing(&g, race).unwrap();
                assert!(
                    raced.grid.is_solved() && raced.grid.extends(&g),
                    "race ({}, {}, {}) {}",
                    race.patterns,
                    race.branch,
                    race.growth,
                    g
                );
                assert_eq!(
                    raced.grid.score(),
                    raced.score,
                    "race ({}, {}, {}) {}",
                    race.patterns,
                    race.branch,
                    race.growth,
                    g
                );
                assert_eq!(
                    Some(raced.score),
                    alone,
                    "race ({}, {}, {}) {}",
                    race.patterns,
                    race.branch,
                    race.growth,
                    g
                );
                handed_over += usize::from(raced.stats.pattern_nodes > race.patterns);
            }
        }
        assert!(handed_over > 20, "only {} races changed hands", handed_over);
    }

    #[test]
    fn sparse_grids_are_solved_exactly_by_structure() {
        // The empty grid reaches its root bound (see corner_search::tests::tight_on_the_empty_grid).
        let sol = solve(&Grid([0; CELLS])).unwrap();
        assert!(sol.grid.is_solved() && sol.grid.extends(&Grid([0; CELLS])));
        assert_eq!(sol.score, 2906);
        assert_eq!(sol.score, sol.grid.score());
    }

    /// What a board of `givens` allows, from the givens alone.
    fn takes_of(g: &Grid) -> [u16; CELLS] {
        let mut takes = [0x3fe; CELLS];
        for (c, &d) in g.0.iter().enumerate() {
            if d != 0 {
                takes[c] = 1 << d;
                for &p in PEERS[c].iter() {
                    takes[usize::from(p)] &= !(1 << d);
                }
            }
        }
        takes
    }

    /// On random grids with 24 to 40 givens the ceiling is never below the best objective
    /// (the branch and bound's, which knows nothing of templates), and the gap of the best
    /// completion's own corner cells fits in the room the bound leaves above it; a full grid's
    /// ceiling is its objective.
    #[test]
    fn the_ceiling_bounds_the_best_completion() {
        let mut rng = Rng::new(3);
        for case in 0..40 {
            // A valid full grid (digits relabelled), then most cells emptied.
            let mut relabel: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut relabel);
            let mut full = Grid::empty();
            for (c, d) in full.0.iter_mut().enumerate() {
                *d = relabel[(c / 9 * 3 + c / 27 + c % 9) % 9];
            }
            let full_objective = objective(&full) as i32;
            let t = template_bound(&takes_of(&full), -1, 200).unwrap();
            assert_eq!(t.ceiling(), full_objective);
            let mut g = full;
            let keep = rng.between(24, 40);
            let mut cells: Vec<usize> = (0..CELLS).collect();
            rng.shuffle(&mut cells);
            for &c in &cells[keep..] {
                g.0[c] = 0;
            }
            let best = solve_with(&g, Method::BranchAndBound).unwrap();
            let best_objective = best.score as i32 - SCORE_BASE as i32;
            let t = template_bound(&takes_of(&g), -1, 100).unwrap();
            assert!(t.ceiling() >= best_objective, "case {}", case);
            let on = |b: usize| (0..CELLS).find(|&c| best.grid.0[c] == 9 && in_corner_box(c, b));
            let corners = [on(0), on(1), on(2), on(3)].map(Option::unwrap);
            let gap = t.gap(9, corners, best.grid.0[40] == 9);
            assert!(t.bound - gap >= best_objective * SCALE, "case {}", case);
        }
    }

    fn in_corner_box(c: usize, b: usize) -> bool {
        let (r, k) = BOX_ORIGIN[b];
        (r..r + 3).contains(&(c / 9)) && (k..k + 3).contains(&(c % 9))
    }
}
