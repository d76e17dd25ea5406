//! The choice of branch: the smallest choice of either kind, a cell's digits or a digit's
//! places in a unit.
//!
//! In the first attempt, among two-digit cells it looks at a few and takes the one with the
//! most two-digit peers sharing one of its digits: either alternative turns them into naked
//! singles.

use crate::board::Board;
use crate::grid::{Cell, DigitSet, PlaceSet, CELLS, UNITS};
use crate::lanes::{cyclic_word, fewest_digits, first_from, two_digit_cells, unit_masks};
use bits::{ones, Word};
use rng::Rng;

/// A branching point: the alternatives that are tried in turn.
#[derive(Clone, Copy)]
pub enum Branch {
    /// Try each digit of `DigitSet` in the cell.
    Cell(usize, DigitSet),
    /// Try digit `u32` in each place of `PlaceSet` in the unit.
    Place(usize, u32, PlaceSet),
}

/// The smallest branch: fewest digits in an open cell or fewest places for an unplaced digit
/// in a unit; ties go to the first found from a random starting point, or with `smart`, among
/// the first [`SMART_LOOK`] two-digit cells to the one with the most two-digit peers sharing
/// a digit with it ([`two_digit_links`]; ties to the first), whose both alternatives set off
/// the most naked singles. `None` when solved. Requires a propagated board (no
/// singles left). O(CELLS + UNITS * SIDE). (Inlined: the feature test is all it adds to
/// its caller.)
#[inline]
pub fn choose(b: &Board, rng: &mut Rng, smart: bool) -> Option<Branch> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has the feature the function is compiled for.
            return unsafe { choose_popcnt(b, rng, smart) };
        }
    }
    choose_portable(b, rng, smart)
}

/// [`choose`] compiled with the POPCNT instruction (without it a count takes a dozen
/// instructions, and counting is most of the work here).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn choose_popcnt(b: &Board, rng: &mut Rng, smart: bool) -> Option<Branch> {
    choose_portable(b, rng, smart)
}

#[inline(always)]
pub fn choose_portable(b: &Board, rng: &mut Rng, smart: bool) -> Option<Branch> {
    if b.open == 0 {
        return None;
    }
    // Two alternatives is the least there can be after propagation: stop there.
    let start = rng.below(CELLS);
    let two = two_digit_cells(&b.cand);
    if two != [0; 4] {
        // The two-digit cells from `start` on, cyclically: the same cells, in the same order,
        // as the scan below would look at, found without a branch per cell.
        let look = if smart { SMART_LOOK } else { 1 };
        // Per unit, the two-digit cells (for the links; the plain choice needs none).
        let per_unit = if smart { unit_masks(&two) } else { [0; UNITS] };
        let (mut best, mut best_score, mut seen) = (0, u32::MAX, 0);
        for k in 0..5 {
            let (w, bits) = cyclic_word(&two, start, k);
            for i in ones(bits) {
                let cell = w * 64 + i as usize;
                if !smart {
                    return Some(Branch::Cell(cell, DigitSet::from_bits(b.cand[cell])));
                }
                // At most 3 * 15 links, so the score stays positive and below `u32::MAX`.
                let score = 64 - two_digit_links(b, &per_unit, cell);
                if score < best_score {
                    best_score = score;
                    best = cell;
                }
                seen += 1;
                if seen == look {
                    return Some(Branch::Cell(best, DigitSet::from_bits(b.cand[best])));
                }
            }
        }
        return Some(Branch::Cell(best, DigitSet::from_bits(b.cand[best])));
    }
    // No open cell has two digits, nor one (propagation assigns singles): the open cell with
    // fewest digits, the first from `start` on, found without a branch per cell (a test per
    // cell of whether it is open mispredicted about half the time on sparse grids).
    let (mut best_count, fewest) = fewest_digits(&b.cand);
    let cell = first_from(&fewest, start)?;
    let mut best = Some(Branch::Cell(cell, DigitSet::from_bits(b.cand[cell])));
    let start = rng.below(UNITS);
    for k in 0..UNITS {
        let unit = (start + k) % UNITS;
        for d in ones(!b.placed[unit]) {
            let p = b.places[unit][d as usize];
            let n = p.count_ones();
            if n < best_count {
                best_count = n;
                best = Some(Branch::Place(unit, d, p));
                if n <= 2 {
                    return best;
                }
            }
        }
    }
    best
}

/// How many two-digit cells among `cell`'s peers share a digit with it, each counted once:
/// the cells that assigning either digit of `cell` turns into singles. `two` is
/// [`unit_masks`] of [`two_digit_cells`] of the board; `cell` must have two digits (its
/// lowest and highest).
/// O(1): per unit, the two-digit cells as a place set, and the places of the cell's digits
/// (the box without the cell's row and column, counted there already).
///
/// Each peer counts once: a peer in both the cell's row (or column) and box counted twice
/// overrates cells whose links crowd one box, and costs nodes (data/README.md, "The search's
/// constants").
#[inline(always)]
pub fn two_digit_links(b: &Board, two: &[PlaceSet; UNITS], cell: usize) -> u32 {
    let set = b.cand[cell];
    let (low, high) = (set.lowest_index() as usize, set.highest_index() as usize);
    let [(row, rpos), (col, cpos), (bx, bpos)] = Cell::from_index(cell).units();
    let lines = (0xf << (bpos & !3)) | (0x1111 << (bpos & 3));
    let mut links = 0;
    for &(unit, skip) in [(row, 1 << rpos), (col, 1 << cpos), (bx, lines)].iter() {
        let near = b.places[unit][low] | b.places[unit][high];
        links += (near & two[unit] & !skip).count_ones();
    }
    links
}

/// Two-digit cells [`choose`] compares when smart: a wider look finds better-linked cells and
/// saves nodes, each look costing a few dozen instructions (the trade-off measured in
/// data/README.md, "The search's constants").
pub const SMART_LOOK: u32 = 32;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagate::propagate;
    use crate::queue::Queue;
    use crate::testing::{grid, queued, SAMPLE};

    #[test]
    fn smart_choice_is_a_two_digit_cell_with_most_links() {
        let p = grid(&SAMPLE);
        let mut q = Queue::new();
        let mut b = queued(&p, &mut q);
        propagate(&mut b, &mut q, true).ok().unwrap();
        // Two-digit peers sharing a digit, cell by cell.
        let links = |cell: usize| -> u32 {
            let x = Cell::from_index(cell);
            (0..CELLS)
                .filter(|&y| {
                    let c = b.cand[y];
                    x.sees(Cell::from_index(y)) && c.count_ones() == 2 && c & b.cand[cell] != 0
                })
                .count() as u32
        };
        let two = unit_masks(&two_digit_cells(&b.cand));
        for cell in (0..CELLS).filter(|&c| b.cand[c].count_ones() == 2) {
            assert_eq!(
                two_digit_links(&b, &two, cell),
                links(cell),
                "cell {}",
                cell
            );
        }
        for seed in 0..50 {
            let plain = choose_portable(&b, &mut Rng::new(seed), false);
            let smart = choose_portable(&b, &mut Rng::new(seed), true);
            match (plain, smart) {
                (Some(Branch::Cell(c0, s0)), Some(Branch::Cell(c1, s1))) => {
                    assert_eq!((s0.len(), s1.len()), (2, 2));
                    assert_eq!(b.cand[c1], s1.bits());
                    // The plain choice is the first two-digit cell the smart one looked at.
                    assert!(links(c1) >= links(c0));
                }
                other => panic!("expected two cell branches, got {:?}", other.0.is_some()),
            }
        }
    }
}
