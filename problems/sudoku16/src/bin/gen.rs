//! sudoku16-gen: prints a random POJ 3076 input, or with `--form spoj` a SPOJ SUDOKU one.
//!
//! ```text
//! sudoku16-gen [--seed N] [--count C] [--kind random|minimal|unsolvable|mixed] [--givens A..B]
//!              [--check-budget N] [--form poj|spoj]
//! ```
//!
//! - `random`: a random solved grid with `k` random cells kept, `k` uniform in `A..B`
//!   (inclusive; default 40..140). Always solvable, usually with many solutions.
//! - `minimal`: a random solved grid thinned to a minimal puzzle: cells are cleared in random
//!   order while the solution stays unique, so the result has one solution and every clue is
//!   needed. Each removal is checked by an exact-cover search for a completion with another
//!   digit in that cell: 0.7 s per puzzle on average, but up to about 20 s.
//!   `--check-budget N` bounds each check to N search nodes, keeping the clue when a check
//!   runs out (the puzzle is still unique, perhaps not minimal; said on stderr).
//! - `unsolvable`: a random grid with `k` kept cells (default 100..180), one of them changed
//!   to a digit that clashes with no given, checked to have no solution (grids that a
//!   bounded search cannot decide are skipped; works down to about 40 givens).
//! - `mixed`: each case `random` or `unsolvable` with equal odds.
//!
//! Cases are separated by blank lines; `--form spoj` puts their number on a first line (the
//! grids are the same as without it). Same arguments, same output.

mod kit;

use kit::dlx::{completions_within, ExactCover, OutOfBudget};
use kit::{random_solution, Rng};
use sudoku16::{Cell, CellValues, Digit, Grid};
use testkit::Args;

/// Cells on the board.
const CELLS: usize = Cell::COUNT;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Random,
    Minimal,
    Unsolvable,
    Mixed,
}

/// The usage line, after `usage: `.
const USAGE: &str = "sudoku16-gen [--seed N] [--count C] \
     [--kind random|minimal|unsolvable|mixed] [--givens A..B] [--check-budget N] \
     [--form poj|spoj]";

/// `solution` with `k` random cells kept.
fn keep_random(solution: &Grid, k: usize, rng: &mut Rng) -> Grid {
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    let mut g = Grid::empty();
    for &i in &order[..k] {
        let c = Cell::from_index(i);
        g.set(c, solution.get(c));
    }
    g
}

/// A minimal puzzle with solution `solution`: clues are cleared in random order unless the
/// grid without that clue has a completion with another digit in that cell. A check that
/// needs more than `cap` search nodes keeps its clue: the puzzle stays unique but may then
/// not be minimal, which is said on stderr.
fn minimal(solution: &Grid, cap: u64, rng: &mut Rng) -> Grid {
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    let mut g = *solution;
    let mut undecided = 0;
    for &i in &order {
        let c = Cell::from_index(i);
        let keep = g.get(c);
        g.set(c, None);
        let exclude = keep.map(|d| (c, d));
        match completions_within(&g, exclude, 1, rng.next_u64(), cap) {
            Ok(other) if other.is_empty() => {}
            Ok(_) => g.set(c, keep),
            Err(OutOfBudget) => {
                undecided += 1;
                g.set(c, keep);
            }
        }
    }
    if undecided > 0 {
        eprintln!(
            "sudoku16-gen: {} clue checks ran out of budget and kept their clue; \
             the puzzle may not be minimal",
            undecided
        );
    }
    g
}

/// A grid with `k` givens, no clash, and no solution.
/// Gives up (exit 2) after many tries: very sparse grids are rarely unsolvable.
fn unsolvable(lo: usize, hi: usize, rng: &mut Rng, args: &Args) -> Grid {
    for _ in 0..1000 {
        let k = lo + rng.below(hi - lo + 1);
        let solution = random_solution(rng);
        let grid = keep_random(&solution, k.max(1), rng);
        let givens: Vec<usize> = (0..CELLS)
            .filter(|&i| grid.get(Cell::from_index(i)).is_some())
            .collect();
        for _ in 0..20 {
            let mut g = grid;
            let c = Cell::from_index(givens[rng.below(givens.len())]);
            let d = Digit::from_index(rng.below(16));
            g.set(c, Some(d));
            if g == grid || g.first_clash().is_some() {
                continue;
            }
            // A bounded search: a grid that takes long to decide is skipped.
            let found = ExactCover::new(&g, None).search(1, 200_000, None);
            if found.map_or(false, |f| f.is_empty()) {
                return g;
            }
        }
    }
    args.fail("found no unsolvable grid with these --givens; use more givens")
}

fn main() {
    let args = Args::from_env(
        "sudoku16-gen",
        USAGE,
        &[
            "--seed",
            "--count",
            "--kind",
            "--givens",
            "--check-budget",
            "--form",
        ],
        &[],
    );
    let seed: u64 = args.get("--seed").unwrap_or(1);
    let count: usize = args.get("--count").unwrap_or(1);
    let kind = match args.text("--kind") {
        None | Some("random") => Kind::Random,
        Some("minimal") => Kind::Minimal,
        Some("unsolvable") => Kind::Unsolvable,
        Some("mixed") => Kind::Mixed,
        Some(other) => args.fail(&format!("bad --kind `{}`", other)),
    };
    let givens = args.range("--givens", CELLS);
    let check_budget = match args.get::<u64>("--check-budget") {
        None => u64::MAX,
        Some(0) => args.fail("bad --check-budget `0`: it must be positive"),
        Some(n) => n,
    };
    let count_line = match args.text("--form") {
        None | Some("poj") => false,
        Some("spoj") => true,
        Some(other) => args.fail(&format!("bad --form `{}`", other)),
    };
    let mut rng = Rng::new(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x1616);
    let mut out = String::new();
    if count_line {
        out.push_str(&format!("{}\n", count));
    }
    for case in 0..count {
        let this = match kind {
            Kind::Mixed if rng.below(2) == 0 => Kind::Unsolvable,
            Kind::Mixed => Kind::Random,
            k => k,
        };
        let grid = match this {
            Kind::Minimal => minimal(&random_solution(&mut rng), check_budget, &mut rng),
            Kind::Unsolvable => {
                let (lo, hi) = givens.unwrap_or((100, 180));
                unsolvable(lo, hi, &mut rng, &args)
            }
            _ => {
                let (lo, hi) = givens.unwrap_or((40, 140));
                let k = lo + rng.below(hi - lo + 1);
                keep_random(&random_solution(&mut rng), k, &mut rng)
            }
        };
        if case > 0 {
            out.push('\n');
        }
        out.push_str(&String::from_utf8_lossy(&grid.to_lines()));
    }
    print!("{}", out);
}
