//! The search: depth-first over the branches `choose` picks, every node propagated, in
//! attempts with node budgets that follow the Luby sequence.
//!
//! Sparse grids have many solutions but also early wrong turns whose refutation is huge (the
//! heavy tail of plain backtracking). So the search runs in attempts with node budgets that
//! follow the Luby sequence, each attempt ordering its choices with a seeded random generator.
//! Budgets grow without bound, so some attempt finishes: an attempt that exhausts its tree
//! proves the grid unsolvable, and the answer never depends on the budget.

use crate::board::Board;
use crate::choice::{choose, Branch};
use crate::grid::{unit_cell, Grid, SIDE};
use crate::propagate::propagate;
use crate::queue::Queue;
use bits::{ones, Word};
use rng::Rng;

/// How an attempt ended.
enum Outcome {
    Solved,
    Exhausted,
    OutOfBudget,
}

/// The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... O(log i).
fn luby(mut i: u64) -> u64 {
    loop {
        // Find k with 2^(k-1) <= i < 2^k ... the standard recursive definition.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Nodes (branch alternatives tried) per Luby unit: attempt `i` gets `luby(i)` times this
/// (the first only a `FIRST_ATTEMPT_SHARE`th of it).
///
/// Random sparse grids need a few hundred nodes at most unless an early wrong turn traps them
/// (then millions); minimal puzzles need up to about ten thousand, and restarting them early
/// wastes work. A few milliseconds' worth serves both (data/README.md, "The search's
/// constants").
pub const BASE_BUDGET: u64 = 4096;

/// Attempts that branch on the best-linked two-digit cell (see [`choose`]); later ones take
/// the first found, for the variety restarts need; the tail of sparse grids stays bounded by
/// the restarts.
const SMART_ATTEMPTS: u64 = 1;
/// The first (smart) attempt gets `1 / FIRST_ATTEMPT_SHARE` of its Luby budget: on some
/// minimal puzzles the smart choice walks into a wrong subtree of thousands of nodes that a
/// restart with plain choices avoids.
const FIRST_ATTEMPT_SHARE: u64 = 4;
/// A reusable solver; reusing it across cases keeps its buffers and continues its random
/// sequence (so a whole run is reproducible from the fixed seed).
pub struct Solver {
    stack: Vec<Board>,
    queue: Queue,
    rng: Rng,
    nodes: u64,
    budget: u64,
    /// Branch alternatives tried in the last `solve` call, over all attempts.
    pub total_nodes: u64,
    /// Attempts made in the last `solve` call (1 = no restart).
    pub attempts: u64,
    /// Whether propagation applies locked candidates and pairs (on by default).
    pub locked: bool,
    base_budget: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the fixed seed and default settings.
    pub fn new() -> Solver {
        Solver::with_seed(0x5eed_1616)
    }

    /// A solver whose random choices come from `seed`.
    pub fn with_seed(seed: u64) -> Solver {
        Solver {
            stack: vec![Board::new(); 8],
            queue: Queue::new(),
            rng: Rng::new(seed),
            nodes: 0,
            budget: 0,
            total_nodes: 0,
            attempts: 0,
            locked: true,
            base_budget: BASE_BUDGET,
        }
    }

    /// Sets the first attempt's node budget; `u64::MAX` disables restarts.
    pub fn set_base_budget(&mut self, nodes: u64) {
        self.base_budget = nodes.max(1);
    }

    /// A completion of `puzzle` (its givens kept, every unit holding each digit once), or `None`
    /// when there is none. Always terminates; clashing givens give `None`. Typical grids take
    /// microseconds; see the module docs for the worst case.
    pub fn solve(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.total_nodes = 0;
        self.attempts = 0;
        let mut root = match Board::with_givens(puzzle, &mut self.queue) {
            Some(b) => b,
            None => {
                self.queue.clear();
                return None;
            }
        };
        if propagate(&mut root, &mut self.queue, self.locked).is_err() {
            return None;
        }
        self.stack[0] = root;
        let mut attempt = 1u64;
        loop {
            self.attempts = attempt;
            self.nodes = 0;
            self.budget = luby(attempt).saturating_mul(self.base_budget);
            if attempt == 1 {
                self.budget = (self.budget / FIRST_ATTEMPT_SHARE).max(1);
            }
            let outcome = self.search(0);
            self.total_nodes += self.nodes;
            match outcome {
                Outcome::Solved => return Some(self.stack[0].grid()),
                Outcome::Exhausted => return None,
                Outcome::OutOfBudget => attempt += 1,
            }
        }
    }

    /// Depth-first search below `self.stack[depth]`; on success the solution is copied
    /// into `self.stack[0]`.
    fn search(&mut self, depth: usize) -> Outcome {
        let branch = match choose(
            &self.stack[depth],
            &mut self.rng,
            self.attempts <= SMART_ATTEMPTS,
        ) {
            None => {
                self.stack[0] = self.stack[depth];
                return Outcome::Solved;
            }
            Some(b) => b,
        };
        if self.stack.len() <= depth + 1 {
            self.stack.push(Board::new());
        }
        let (options, n) = match branch {
            Branch::Cell(_, set) => (set.bits(), set.len() as usize),
            Branch::Place(_, _, set) => (set, set.count() as usize),
        };
        // Try the alternatives in a random rotation of their natural order.
        let skip = self.rng.below(n);
        let mut order = [0u32; SIDE];
        for (k, i) in ones(options).enumerate() {
            order[(k + n - skip) % n] = i;
        }
        for (k, &i) in order[..n].iter().enumerate() {
            self.nodes += 1;
            if self.nodes > self.budget {
                return Outcome::OutOfBudget;
            }
            let (cell, d) = match branch {
                Branch::Cell(cell, _) => (cell, i),
                Branch::Place(unit, d, _) => (unit_cell(unit, i).index(), d),
            };
            self.queue.push(cell, d);
            // The last alternative below the root works on this node's own board, which is
            // not needed any more: no copy. (The root stays: the next attempt starts there.)
            if k + 1 == n && depth > 0 {
                if propagate(&mut self.stack[depth], &mut self.queue, self.locked).is_err() {
                    return Outcome::Exhausted;
                }
                return self.search(depth);
            }
            self.stack[depth + 1] = self.stack[depth];
            if propagate(&mut self.stack[depth + 1], &mut self.queue, self.locked).is_ok() {
                match self.search(depth + 1) {
                    Outcome::Exhausted => {}
                    other => return other,
                }
            }
        }
        Outcome::Exhausted
    }
}

/// A completion of `puzzle`, or `None`; see [`Solver::solve`].
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    Solver::new().solve(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};
    use crate::testing::{grid, SAMPLE};
    use sudoku::CellValues;

    #[test]
    fn luby_sequence() {
        let v: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(v, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn solves_the_sample() {
        let p = grid(&SAMPLE);
        let s = solve(&p).unwrap();
        assert!(s.is_solved());
        assert!(s.extends(&p));
        assert_eq!(&s.to_lines()[..17], b"FPAHMJECNLBDKOGI\n");
    }

    #[test]
    fn empty_grid_and_no_restarts() {
        let mut solver = Solver::new();
        let s = solver.solve(&Grid::empty()).unwrap();
        assert!(s.is_solved());
        solver.set_base_budget(u64::MAX);
        solver.locked = false;
        let p = grid(&SAMPLE);
        assert!(solver.solve(&p).unwrap().extends(&p));
        assert_eq!(solver.attempts, 1);
    }

    #[test]
    fn unsolvable_grids() {
        // A clash among givens.
        let mut rows = SAMPLE;
        rows[0] = "A-A----C-----O-I";
        assert!(solve(&grid(&rows)).is_none());
        // ... in a column, and in a box (rows and columns distinct).
        for &(r, c) in [(15, 0), (3, 3)].iter() {
            let mut g = Grid::empty();
            g.set(Cell::at(0, 0), Digit::from_ascii(b'K'));
            g.set(Cell::at(r, c), Digit::from_ascii(b'K'));
            assert!(g.first_clash().is_some());
            assert!(solve(&g).is_none());
        }
        // No clash, but the empty corner cell sees all 16 digits.
        let mut rows = ["----------------"; 16];
        rows[0] = "-ABCDEFGH-------";
        rows[1] = "-IJK------------";
        rows[2] = "-L--------------";
        rows[4] = "M---------------";
        rows[5] = "N---------------";
        rows[6] = "O---------------";
        rows[7] = "P---------------";
        let g = grid(&rows);
        assert!(g.first_clash().is_none());
        assert!(solve(&g).is_none());
        // A digit with no place in row 0: its first four cells are filled and every other
        // column already holds an A (in distinct rows and boxes, so nothing clashes).
        let mut g = Grid::empty();
        for (c, b) in b"BCDE".iter().enumerate() {
            g.set(Cell::at(0, c), Digit::from_ascii(*b));
        }
        for band in 0..4 {
            for stack in 1..4 {
                let row = 4 * band + stack - 1 + usize::from(band == 0);
                g.set(Cell::at(row, 4 * stack + band), Digit::from_ascii(b'A'));
            }
        }
        assert!(g.first_clash().is_none());
        assert!(solve(&g).is_none());
    }

    #[test]
    fn solved_grid_is_returned_as_is() {
        let s = solve(&grid(&SAMPLE)).unwrap();
        assert_eq!(solve(&s), Some(s));
    }
}
