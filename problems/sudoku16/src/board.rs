//! The search state at one node, built from a puzzle's givens in one pass.
//!
//! The board keeps both views of the exact-cover problem, as dancing links would: which
//! digits each cell may hold, and where in each unit each digit may go.

use crate::grid::{unit_cell, DigitSet, DigitSetBits, Grid, PlaceSet, CELLS, SIDE, UNITS};
use crate::lanes::{cells_with_digits, empty_and_single, transpose16};
use crate::queue::Queue;
use bits::{ones, Word};

/// `value` of a cell that holds no digit yet.
/// (It is `u8::MAX`, so that `OPEN + 1` wraps to the grid's empty value 0.)
pub const OPEN: u8 = 0xff;

/// The search state at one node.
///
/// ```text
///   cand[cell]          digits the cell may hold        bit d = digit d (A = 0)
///                       (an assigned cell keeps just its own digit)
///   places[unit][d]     where digit d may go in unit    bit i = unit's i-th cell
///                       (a placed digit keeps just its own place)
///   placed[unit]        digits already placed in unit   bit d = digit d
///   dirty[unit]         digits whose places in unit     bit d = digit d
///                       shrank since locked candidates last looked at them
///                       (or which were placed in the unit)
///   pairs_due           units changed since pairs last   bit u = unit u
///                       looked at them
///   two_places[unit]    digits with two places in unit  bit d = digit d
///                       when pairs last looked at it
///   two_digits[unit]   unit's cells with two digits    bit i = unit's i-th cell
///                       when pairs last looked at it
///   value[cell]         assigned digit, or OPEN
/// ```
#[derive(Clone, Copy)]
pub struct Board {
    pub cand: [DigitSetBits; CELLS],
    pub places: [[PlaceSet; SIDE]; UNITS],
    pub placed: [DigitSetBits; UNITS],
    pub dirty: [DigitSetBits; UNITS],
    pub pairs_due: u64,
    pub two_places: [DigitSetBits; UNITS],
    pub two_digits: [PlaceSet; UNITS],
    pub value: [u8; CELLS],
    pub open: u32,
}

impl Board {
    /// Every cell open, every digit possible everywhere.
    pub fn new() -> Board {
        Board {
            cand: [DigitSet::ALL.bits(); CELLS],
            places: [[0xffff; SIDE]; UNITS],
            placed: [0; UNITS],
            dirty: [DigitSet::ALL.bits(); UNITS],
            pairs_due: 0,
            two_places: [0; UNITS],
            two_digits: [0; UNITS],
            value: [OPEN; CELLS],
            open: CELLS as u32,
        }
    }

    /// The board with `puzzle`'s givens placed and gone from their peers, built in one pass
    /// (as assigning them one by one would leave it, but without their ~40 removals each),
    /// with the singles this leaves queued on `q`. `None` when two givens clash or a cell or a
    /// place set is left empty (then `q` may hold junk: clear it). O(CELLS * SIDE).
    /// (Inlined into its one caller, it builds the board in place rather than copying it.)
    #[inline]
    pub fn with_givens(puzzle: &Grid, q: &mut Queue) -> Option<Board> {
        let values = puzzle.cell_values();
        let mut b = Board::new();
        // Digit `d` is the grid value `d + 1`; empty (0) wraps to OPEN.
        let mut givens = 0;
        for (x, &v) in b.value.iter_mut().zip(values.iter()) {
            *x = v.wrapping_sub(1);
            givens += u32::from(v != 0);
        }
        b.open = CELLS as u32 - givens;
        // The givens by digit, whole rows at a time, without a branch per cell (whether a
        // cell is given is data the branch predictor cannot guess) nor a chain of updates
        // through memory per given:
        //
        //   given[r][d]      the columns of row r where digit d is given
        //   cols[d], band_fill[k][d], boxes[d]: see `columns_and_boxes`
        let mut given = [[0 as PlaceSet; SIDE]; SIDE];
        let mut in_rows = 0;
        for (r, g) in given.iter_mut().enumerate() {
            let mut bits = [0 as DigitSetBits; SIDE];
            for (x, &v) in bits.iter_mut().zip(values[r * SIDE..(r + 1) * SIDE].iter()) {
                // Value `d + 1` -> bit d; 0 (empty) -> no bit.
                *x = ((1u32 << v) >> 1) as DigitSetBits;
            }
            b.placed[r] = bits.iter().fold(0, |a, &x| a | x);
            in_rows += b.placed[r].count_ones();
            *g = transpose16(&bits);
        }
        let (cols, band_fill, boxes) = columns_and_boxes(&given);
        // No clash <=> the givens lie in as many distinct (row, digit), (column, digit) and
        // (box, digit) pairs as there are givens.
        let in_cols: u32 = cols.iter().map(|x| x.count_ones()).sum();
        let in_boxes: u32 = boxes.iter().map(|x| x.count_ones()).sum();
        if in_rows != givens || in_cols != givens || in_boxes != givens {
            return None;
        }
        // A row's place sets: where its units leave each digit, or the given cell itself.
        let mut open_cells = [0u64; 4];
        for (r, g) in given.iter().enumerate() {
            let open = !g.iter().fold(0, |a, &x| a | x);
            open_cells[r / 4] |= u64::from(open) << (16 * (r % 4));
            for d in 0..SIDE {
                let blocked =
                    cols[d] | band_fill[r / 4][d] | 0u16.wrapping_sub(u16::from(g[d] != 0));
                b.places[r][d] = (open & !blocked) | g[d];
            }
            let cand = transpose16(&b.places[r]);
            b.cand[r * SIDE..(r + 1) * SIDE].copy_from_slice(&cand);
        }
        // Open cells with no digit left or one: found by one vector pass (few cells have
        // one, and a push per cell cost more than the loop over them).
        if cells_with_digits::<0>(&b.cand) != [0; 4] {
            return None;
        }
        let one = cells_with_digits::<1>(&b.cand);
        for (w, (&one, &open)) in one.iter().zip(open_cells.iter()).enumerate() {
            for i in ones(one & open) {
                let cell = 64 * w + i as usize;
                q.push(cell, b.cand[cell].trailing_zeros());
            }
        }
        let (col_placed, box_placed) = (transpose16(&cols), transpose16(&boxes));
        b.placed[SIDE..2 * SIDE].copy_from_slice(&col_placed);
        b.placed[2 * SIDE..].copy_from_slice(&box_placed);
        for unit in 0..UNITS {
            if unit >= SIDE {
                let mut cands = [0 as DigitSetBits; SIDE];
                for (pos, c) in cands.iter_mut().enumerate() {
                    *c = b.cand[unit_cell(unit, pos as u32).index()];
                }
                b.places[unit] = transpose16(&cands);
            }
            let places = &b.places[unit];
            let (empty, single) = empty_and_single(places);
            if empty != 0 {
                return None;
            }
            for d in ones(single & !b.placed[unit]) {
                let p = places[d as usize];
                q.push(unit_cell(unit, p.lowest_index()).index(), d);
            }
        }
        Some(b)
    }

    /// The grid of the assigned cells (open ones empty). O(CELLS).
    #[inline]
    pub fn grid(&self) -> Grid {
        // Digit `d` is the grid value `d + 1`, and OPEN (0xff) wraps to 0 (empty): one add
        // per byte, no branch (the compiler vectorizes it).
        let mut values = [0u8; CELLS];
        for (x, &v) in values.iter_mut().zip(self.value.iter()) {
            *x = v.wrapping_add(1);
        }
        Grid::from_values(values)
    }
}

/// Where each digit is given, from `given[r][d]` (the columns of row `r` where digit `d` is
/// given), as three per-digit sets: O(SIDE * SIDE), without a branch per given.
///
/// ```text
///   cols[d]          the columns holding d                  bit c
///   band_fill[k][d]  the columns d leaves in band k's rows  nibble s whole = box (k, s)
///   boxes[d]         the boxes holding d                    bit 4k + s = box (k, s)
/// ```
#[inline(always)]
fn columns_and_boxes(
    given: &[[PlaceSet; SIDE]; SIDE],
) -> ([PlaceSet; SIDE], [[PlaceSet; SIDE]; 4], [PlaceSet; SIDE]) {
    let mut cols = [0 as PlaceSet; SIDE];
    let mut band_cols = [[0 as PlaceSet; SIDE]; 4];
    for (r, g) in given.iter().enumerate() {
        for d in 0..SIDE {
            cols[d] |= g[d];
            band_cols[r / 4][d] |= g[d];
        }
    }
    // Per band and digit, its boxes: nibble flags (bit 4s for box s), spread to whole
    // nibbles (the columns the digit leaves in the band's rows) and gathered as bits.
    let mut band_fill = [[0 as PlaceSet; SIDE]; 4];
    let mut boxes = [0 as PlaceSet; SIDE];
    for (k, (fill, bc)) in band_fill.iter_mut().zip(band_cols.iter()).enumerate() {
        for d in 0..SIDE {
            let x = bc[d];
            let flags = (x | x >> 1 | x >> 2 | x >> 3) & 0x1111;
            fill[d] = flags * 0xf;
            boxes[d] |= ((flags | flags >> 3 | flags >> 6 | flags >> 9) & 0xf) << (4 * k);
        }
    }
    (cols, band_fill, boxes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};
    use crate::propagate::propagate;
    use crate::solver::solve;
    use crate::testing::{queued, thinned};
    use rng::Rng;
    use sudoku::CellValues;

    #[test]
    fn givens_in_one_pass_propagate_like_givens_one_by_one() {
        let solution = solve(&Grid::empty()).unwrap();
        let mut rng = Rng::new(12);
        let mut q = Queue::new();
        let mut seen = [0; 2];
        for trial in 0..600 {
            let mut puzzle = thinned(&solution, rng.between(10, 240), &mut rng);
            if trial % 2 == 0 {
                // A wrong digit somewhere (a clash, or a contradiction found later, or none).
                let c = Cell::from_index(rng.below(CELLS));
                puzzle.set(c, Some(Digit::from_index(rng.below(16))));
            }
            // Singles alone too: the board the givens leave, before locked candidates and
            // pairs add their removals.
            let locked = trial % 3 != 0;
            let mut a = queued(&puzzle, &mut q);
            let ra = propagate(&mut a, &mut q, locked).is_ok();
            q.clear();
            let rb = match Board::with_givens(&puzzle, &mut q) {
                Some(mut b) => {
                    let ok = propagate(&mut b, &mut q, locked).is_ok();
                    if ok {
                        assert!(a.cand == b.cand && a.places == b.places && a.value == b.value);
                        assert!(a.placed == b.placed && a.open == b.open);
                    }
                    ok
                }
                None => false,
            };
            q.clear();
            assert_eq!(ra, rb, "trial {}", trial);
            seen[ra as usize] += 1;
        }
        assert!(
            seen[0] > 20 && seen[1] > 20,
            "both outcomes tried: {:?}",
            seen
        );
    }
}
