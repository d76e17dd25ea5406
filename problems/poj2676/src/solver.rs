//! The search: propagation, the rules, then a branch on a cell or on the permutations of a
//! digit, depth first, in a baseline build and one for AVX2 processors chosen at run time.
//!
//! The search branches in one of two ways ([`Next`]):
//! - on a cell with two candidates (or the fewest): cheap, and the better branch while a
//!   puzzle needs few guesses;
//! - on the permutations of one digit in a band or a stack ([`crate::split::split_at`]),
//!   after the minirow and minicolumn rules found nothing: dearer per node, and a smaller
//!   tree on hard puzzles (tdoku's reasoning and branch).
//!
//! A puzzle with `FULL_FROM` (55) or more cells open at its first branch splits from the
//! start; any other splits once it has made `CELL_GUESSES` (8) cell guesses. The AVX2 build
//! runs the split steps as one pass (`Board::split_next_wide`).

use crate::board::Board;
use crate::grid::Grid;
use crate::rules::Next;
use crate::tables::PERMUTATION_CELLS;

/// Cells open at a puzzle's first branch from which it splits permutations from the start.
/// Propagation leaves the hardest hand-picked puzzles (about 20 givens) 55 to 64 open cells;
/// puzzles that need a few guesses, and most random minimal ones, fewer, and they do better
/// on cells. See the benchmark notes in `data/README.md`.
const FULL_FROM: u32 = 55;

/// Cell guesses after which a puzzle that started on cells splits permutations instead: one
/// still guessing after this many is a hard one.
const CELL_GUESSES: usize = 8;

/// Search bookkeeping: how many solutions to find, the first one found, and the guesses so
/// far (which choose the kind of branch, see [`CELL_GUESSES`]).
struct Search {
    limit: usize,
    found: usize,
    first: Option<Grid>,
    guesses: usize,
    /// Whether the search splits (with every rule) from its first branch on: decided at the
    /// first branch, by how many cells are left open there.
    full: bool,
    /// Whether the first branch is still to come.
    undecided: bool,
}

/// Which build of the search runs: the baseline one, or the one compiled for AVX2 and the bit
/// instructions that come with it (x86_64 processors that have them, detected at run time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Path {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Path {
    /// The fastest build this processor runs.
    pub fn detect() -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("lzcnt")
            {
                return Path::Avx2;
            }
        }
        Path::Baseline
    }
}

impl Search {
    /// Depth-first search below `board`. Returns `true` once `limit` solutions are found.
    fn run(&mut self, board: Board) -> bool {
        self.run_with(board, false, Search::run)
    }

    /// [`Search::run`] compiled with AVX2, BMI1, BMI2, POPCNT and LZCNT: one-instruction
    /// popcounts, trailing zeros, `x & (x - 1)` and `x & !y` in the plane loop, and the VEX
    /// forms of every vector helper inlined here. Same answers as [`Search::run`] (tested).
    /// Requires those features.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn run_avx2(&mut self, board: Board) -> bool {
        self.run_with(board, true, Search::reenter_avx2)
    }

    /// The recursion of [`Search::run_avx2`].
    #[cfg(target_arch = "x86_64")]
    fn reenter_avx2(&mut self, board: Board) -> bool {
        // SAFETY: only reached from `run_avx2`, which runs once the features are detected.
        unsafe { self.run_avx2(board) }
    }

    /// The search, with `recurse` for the children: inlined into each build; `wide` only in
    /// the AVX2 one.
    #[inline(always)]
    fn run_with(
        &mut self,
        mut board: Board,
        wide: bool,
        recurse: fn(&mut Search, Board) -> bool,
    ) -> bool {
        loop {
            let settled = if self.full {
                board.propagate::<true>()
            } else {
                board.propagate::<false>()
            };
            if !settled {
                return false;
            }
            let next = board.next(self.full || self.guesses >= CELL_GUESSES, wide);
            if self.undecided {
                if let Next::Guess(..) = next {
                    self.undecided = false;
                    if board.open_cells() >= FULL_FROM {
                        // Nothing changed: the next round goes straight to the split rules.
                        self.full = true;
                        continue;
                    }
                }
            }
            match next {
                Next::Progress => continue,
                Next::DeadEnd => return false,
                Next::Solved => {
                    if self.first.is_none() {
                        self.first = Some(board.solution());
                    }
                    self.found += 1;
                    return self.found >= self.limit;
                }
                Next::Split(i, mut permutations) => {
                    self.guesses += 1;
                    // The permutations partition the plane's solutions: each child keeps one.
                    while permutations & (permutations - 1) != 0 {
                        let mut child = board;
                        child.planes[i] &=
                            PERMUTATION_CELLS[permutations.trailing_zeros() as usize];
                        if recurse(self, child) {
                            return true;
                        }
                        permutations &= permutations - 1;
                    }
                    board.planes[i] &= PERMUTATION_CELLS[permutations.trailing_zeros() as usize];
                }
                Next::SplitStack(d, stack, mut permutations) => {
                    self.guesses += 1;
                    while permutations & (permutations - 1) != 0 {
                        let mut child = board;
                        child.keep_stack_permutation(d, stack, permutations.trailing_zeros());
                        if recurse(self, child) {
                            return true;
                        }
                        permutations &= permutations - 1;
                    }
                    board.keep_stack_permutation(d, stack, permutations.trailing_zeros());
                }
                Next::Guess(b, bit) => {
                    self.guesses += 1;
                    let mut digits = board.digits_at(b, bit);
                    if digits == 0 {
                        return false;
                    }
                    while digits & (digits - 1) != 0 {
                        let mut child = board;
                        child.assign(digits.trailing_zeros() as usize, b, bit);
                        if recurse(self, child) {
                            return true;
                        }
                        digits &= digits - 1;
                    }
                    // The last candidate reuses this frame's board.
                    board.assign(digits.trailing_zeros() as usize, b, bit);
                }
            }
        }
    }
}

/// A solution of the puzzle with these givens, or `None` when it has none (givens that clash
/// have none). The grid's band planes are the search's own layout: nothing is converted.
///
/// Typically a few microseconds per puzzle; the worst case is exponential but the search
/// explores at most the candidates propagation leaves.
pub fn solve(givens: &Grid) -> Option<Grid> {
    count_solutions(givens, 1).1
}

/// Counts the solutions of the puzzle with these givens, stopping at `limit` (at least 1),
/// and returns the count with the first solution found. `limit = 2` tells unique from
/// several. Same cost as [`solve`] per solution found.
pub fn count_solutions(givens: &Grid, limit: usize) -> (usize, Option<Grid>) {
    count_solutions_on(Path::detect(), givens, limit)
}

/// [`count_solutions`] with the search build `path`, which the processor must run.
fn count_solutions_on(path: Path, givens: &Grid, limit: usize) -> (usize, Option<Grid>) {
    let mut search = Search {
        limit: limit.max(1),
        found: 0,
        first: None,
        guesses: 0,
        full: false,
        undecided: true,
    };
    if let Some(board) = Board::new(givens) {
        match path {
            Path::Baseline => search.run(board),
            // SAFETY: `Path::detect` found the features.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { search.run_avx2(board) },
        };
    }
    (search.found, search.first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        Grid::from_line(s.as_bytes()).unwrap()
    }

    #[test]
    fn solves_the_sample() {
        let p = grid(
            "103000509002109400000704000300502006060000050700803004000401000009205800804000107",
        );
        let s = solve(&p).unwrap();
        assert_eq!(
            s.to_line(),
            "143628579572139468986754231391542786468917352725863914237481695619275843854396127"
        );
        assert_eq!(count_solutions(&p, 2).0, 1);
    }

    #[test]
    fn hard_and_minimal() {
        // 17 clues, and a hard one from hard9-a.
        for s in [
            ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
            "..5...1..7...2.3...1.....969...........1.3.5.....5.91..6.8....9..74...8.3....2...",
        ] {
            let p = grid(s);
            let (n, sol) = count_solutions(&p, 2);
            assert_eq!(n, 1);
            let sol = sol.unwrap();
            assert!(sol.is_solved() && sol.extends(&p));
        }
    }

    #[test]
    fn empty_grid_has_many() {
        let (n, sol) = count_solutions(&Grid::empty(), 10);
        assert_eq!(n, 10);
        assert!(sol.unwrap().is_solved());
    }

    #[test]
    fn no_solution() {
        // Row 0 needs a 9 in cell 8 but column 8 holds a 9 already: no direct clash.
        let p = grid(
            "12345678.........9...............................................................",
        );
        assert_eq!(p.first_clash(), None);
        assert_eq!(count_solutions(&p, 2), (0, None));
        // Clashing givens are simply unsolvable to the search.
        let q = grid(
            "11...............................................................................",
        );
        assert_eq!(solve(&q), None);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let empty = [b'.'; 81];
        // (cell, digit) pairs that clash: same row, same column in one band, same column
        // across bands, same box.
        for &(a, b) in &[(0, 5), (3, 21), (4, 76), (30, 50), (60, 70)] {
            let mut line = empty;
            line[a] = b'7';
            line[b] = b'7';
            let p = Grid::from_line(&line).unwrap();
            assert!(p.first_clash().is_some());
            assert_eq!(count_solutions(&p, 2), (0, None), "cells {} and {}", a, b);
        }
        // The same cells with different digits do not clash.
        let mut line = empty;
        line[0] = b'7';
        line[76] = b'8';
        assert_eq!(count_solutions(&Grid::from_line(&line).unwrap(), 2).0, 2);
    }

    #[test]
    fn every_search_build_gives_the_same_answers() {
        let path = Path::detect();
        if path == Path::Baseline {
            return; // nothing to compare on this processor
        }
        // The hard set, and puzzles with few givens (several solutions, splits, dead ends).
        let text = include_str!("../data/hard9-a.txt");
        let mut rows = text.lines().skip(1);
        let mut puzzles = Vec::new();
        while let Some(first) = rows.next() {
            let mut line = first.trim().to_string();
            for _ in 0..8 {
                line.push_str(rows.next().unwrap().trim());
            }
            puzzles.push(grid(&line));
        }
        let solution = solve(&puzzles[0]).unwrap().to_line();
        let mut rng = rng::Rng::new(0x510e_527f_ade6_82d1);
        for _ in 0..300 {
            let keep = 10 + rng.next_u64() % 20;
            let line: String = solution
                .chars()
                .map(|c| if rng.next_u64() % 81 < keep { c } else { '.' })
                .collect();
            puzzles.push(grid(&line));
        }
        for p in &puzzles {
            let g = *p;
            for limit in [1, 2, 5] {
                assert_eq!(
                    count_solutions_on(Path::Baseline, &g, limit),
                    count_solutions_on(path, &g, limit),
                    "{}",
                    p.to_line()
                );
            }
        }
    }

    #[test]
    fn full_grids() {
        let s = "143628579572139468986754231391542786468917352725863914237481695619275843854396127";
        assert_eq!(solve(&grid(s)), Some(grid(s)));
        let mut bad = s.as_bytes().to_vec();
        bad.swap(0, 1);
        assert_eq!(solve(&Grid::from_line(&bad).unwrap()), None);
    }
}
