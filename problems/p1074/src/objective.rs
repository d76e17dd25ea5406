//! The score's geometry: `score = SCORE_BASE + objective`, the 17 cells the objective counts
//! and their coefficients.
//!
//! # Why only 17 cells matter
//!
//! Write the target weight of a cell ([`crate::grid::WEIGHT`]) as `6 + [in the inner 7x7] +
//! [in the inner 5x5] + [in the centre box] + [is the centre cell]`. Every row, column and box
//! of a completed grid sums to 45, so (with `a(r, c)` the digit at row `r`, column `c`, and
//! `corners` the sum of the 4 corners):
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
//! The objective is that last sum: each cell's digit times its *coefficient*, 2 on the four
//! corners, 1 on the other 12 corner block cells and the centre, 0 elsewhere, 21 in all
//! ([`TOTAL_COEF`]). [`COEF`] is the one diagram of them, laid out as the grid; the other
//! tables here are views of it, checked against it by the tests.
//!
//! Corner boxes are numbered TL 0, TR 1, BL 2, BR 3; a *slot* `s` of a corner box is its cell
//! on row `s / 3`, column `s % 3` within the box.

use super::grid::*;

/// `score = SCORE_BASE + objective` for every completed valid grid (see the module docs).
pub const SCORE_BASE: u32 = 2745;

/// The centre cell (coefficient 1).
pub const CENTRE: usize = 40;

/// Sum of all coefficients: 4 corners of 2, 12 block neighbours and the centre of 1.
pub const TOTAL_COEF: u8 = 21;

/// Top-left cell of each corner box (TL, TR, BL, BR) as (row, column).
pub const BOX_ORIGIN: [(usize, usize); 4] = [(0, 0), (0, 6), (6, 0), (6, 6)];

/// The nine cells of each corner box (TL, TR, BL, BR), in this order: the corner, its three
/// neighbours (the first four: the 2x2 corner block), the two cells on the box's outer rows (band extras), the
/// two on its outer columns (stack extras), the inner cell. Row-major indices.
pub const CORNER_BOXES: [[usize; 9]; 4] = [
    [0, 1, 9, 10, 2, 11, 18, 19, 20],
    [8, 7, 17, 16, 6, 15, 25, 26, 24],
    [72, 73, 63, 64, 65, 74, 54, 55, 56],
    [80, 79, 71, 70, 69, 78, 61, 62, 60],
];

/// Coefficient of each position of a corner box in [`CORNER_BOXES`]'s order.
pub const BOX_COEF: [i32; 9] = [2, 1, 1, 1, 0, 0, 0, 0, 0];

/// Coefficient of cell `i` of a corner block: the first four of [`BOX_COEF`].
pub const BLOCK_COEF: [i32; 4] = [2, 1, 1, 1];

/// Coefficient of every cell: the module diagram.
#[rustfmt::skip]
pub const COEF: [u8; CELLS] = [
    2, 1, 0, 0, 0, 0, 0, 1, 2,
    1, 1, 0, 0, 0, 0, 0, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 1, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 0, 0, 0, 0, 1, 1,
    2, 1, 0, 0, 0, 0, 0, 1, 2,
];

/// The cell of slot `s` of corner box `b`. O(1).
pub const fn slot_cell(b: usize, s: usize) -> usize {
    let (r, c) = BOX_ORIGIN[b];
    9 * (r + s / 3) + c + s % 3
}

/// The objective of a completed grid: `a(4,4) + sum over corner blocks of (2*corner + rest)`.
/// O(81).
pub fn objective(grid: &Grid) -> u32 {
    grid.0
        .iter()
        .zip(COEF.iter())
        .map(|(&d, &k)| u32::from(d) * u32::from(k))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{shuffled_full, BOX, WEIGHT};

    #[test]
    fn score_identity_on_full_grids() {
        for seed in 0..200 {
            let g = shuffled_full(seed);
            assert!(g.is_solved());
            assert_eq!(g.score(), SCORE_BASE + objective(&g), "seed {}", seed);
        }
    }

    #[test]
    fn the_tables_are_views_of_the_diagram() {
        let mut from_boxes = [0u8; CELLS];
        for cells in CORNER_BOXES.iter() {
            for (&c, &k) in cells.iter().zip(BOX_COEF.iter()) {
                from_boxes[c] = k as u8;
            }
        }
        from_boxes[CENTRE] = 1;
        assert_eq!(COEF, from_boxes);
        assert_eq!(
            BLOCK_COEF,
            [BOX_COEF[0], BOX_COEF[1], BOX_COEF[2], BOX_COEF[3]]
        );
        assert_eq!(COEF.iter().map(|&k| u32::from(k)).sum::<u32>(), 21);
        assert_eq!(u32::from(TOTAL_COEF), 21);
        assert_eq!(WEIGHT[CENTRE], 10);
        for (b, cells) in CORNER_BOXES.iter().enumerate() {
            assert!(cells
                .iter()
                .all(|&c| usize::from(BOX[c]) == [0, 2, 6, 8][b]));
            for s in 0..9 {
                assert_eq!(usize::from(BOX[slot_cell(b, s)]), [0, 2, 6, 8][b]);
            }
        }
    }
}
