//! Puzzles and boards the modules' tests share.

use crate::board::Board;
use crate::grid::{Cell, Digit, Grid, CELLS};
use crate::queue::Queue;
use rng::Rng;
use sudoku::CellValues;

pub fn grid(rows: &[&str]) -> Grid {
    let mut g = Grid::empty();
    for (r, row) in rows.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            g.set(Cell::at(r, c), Digit::from_ascii(b));
        }
    }
    g
}

pub const SAMPLE: [&str; 16] = [
    "--A----C-----O-I",
    "-J--A-B-P-CGF-H-",
    "--D--F-I-E----P-",
    "-G-EL-H----M-J--",
    "----E----C--G---",
    "-I--K-GA-B---E-J",
    "D-GP--J-F----A--",
    "-E---C-B--DP--O-",
    "E--F-M--D--L-K-A",
    "-C--------O-I-L-",
    "H-P-C--F-A--B---",
    "---G-OD---J----H",
    "K---J----H-A-P-L",
    "--B--P--E--K--A-",
    "-H--B--K--FI-C--",
    "--F---C--D--H-N-",
];

/// `solution` with `k` random cells kept.
pub fn thinned(solution: &Grid, k: usize, rng: &mut Rng) -> Grid {
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    let mut g = Grid::empty();
    for &i in &order[..k] {
        g.set(Cell::from_index(i), solution.get(Cell::from_index(i)));
    }
    g
}

/// The board after queuing `puzzle`'s givens.
pub fn queued(puzzle: &Grid, q: &mut Queue) -> Board {
    for i in 0..CELLS {
        if let Some(d) = puzzle.get(Cell::from_index(i)) {
            q.push(i, d.index() as u32);
        }
    }
    Board::new()
}
