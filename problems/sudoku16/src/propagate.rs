//! Propagation: an assignment's consequences, applied until nothing changes or a set runs
//! empty.
//!
//! Naked singles (a cell with one digit left), hidden singles (a digit with one place left
//! in a unit), locked candidates (a digit confined to one line of a box, or to one box of a
//! line, leaves the rest of that box or line) and naked and hidden pairs (two cells of a unit
//! sharing two digits, two digits of a unit sharing two cells).

use crate::board::{Board, OPEN};
use crate::grid::SIDE;
use crate::grid::{unit_cell, Cell, DigitSetBits};
use crate::lanes::{confined, equal_to, exactly_two, two_digit_cells, unit_masks};
use crate::queue::Queue;
use bits::{ones, Word};

/// Marks a contradiction: some cell or place set ran empty.
pub struct Contradiction;

pub type Step = Result<(), Contradiction>;

/// Removes digit `d` from open cell `cell`, updating the places of its units except its
/// unit of kind `SKIP` (0 row, 1 column, 2 box; 3 = none), whose places the caller sets.
/// (A constant, so each caller's copy has no test for it.) O(1).
#[inline(always)]
pub fn remove<const SKIP: usize>(b: &mut Board, q: &mut Queue, cell: usize, d: u32) -> Step {
    let bit = 1 << d;
    if b.cand[cell] & bit == 0 {
        return Ok(());
    }
    let left = b.cand[cell] & !bit;
    b.cand[cell] = left;
    if left == 0 {
        return Err(Contradiction);
    }
    q.push_if(
        left & left.wrapping_sub(1) == 0,
        cell,
        left.trailing_zeros(),
    );
    for (k, &(unit, pos)) in Cell::from_index(cell).units().iter().enumerate() {
        if k == SKIP {
            continue;
        }
        b.dirty[unit] |= bit;
        let p = b.places[unit][d as usize] & !(1 << pos);
        b.places[unit][d as usize] = p;
        if p == 0 {
            return Err(Contradiction);
        }
        let single = (p & p.wrapping_sub(1) == 0) & (b.placed[unit] & bit == 0);
        q.push_if(single, unit_cell(unit, p.trailing_zeros()).index(), d);
    }
    Ok(())
}

/// Puts digit `d` in `cell` and removes it from the cell's peers. O(peers holding `d`).
#[inline(always)]
pub fn assign(b: &mut Board, q: &mut Queue, cell: usize, d: u32) -> Step {
    let bit: DigitSetBits = 1 << d;
    if b.value[cell] != OPEN {
        return if b.value[cell] as u32 == d {
            Ok(())
        } else {
            Err(Contradiction)
        };
    }
    if b.cand[cell] & bit == 0 {
        return Err(Contradiction);
    }
    b.value[cell] = d as u8;
    b.open -= 1;
    let others = b.cand[cell] & !bit;
    b.cand[cell] = bit;
    let units = Cell::from_index(cell).units();
    // The cell leaves the place sets of its other digits.
    for e in ones(others) {
        for &(unit, pos) in units.iter() {
            b.dirty[unit] |= 1 << e;
            let p = b.places[unit][e as usize] & !(1 << pos);
            b.places[unit][e as usize] = p;
            if p == 0 {
                return Err(Contradiction);
            }
            let single = (p & p.wrapping_sub(1) == 0) & (b.placed[unit] & (1 << e) == 0);
            q.push_if(single, unit_cell(unit, p.lowest_index()).index(), e);
        }
    }
    // The digit leaves the cell's peers, visiting only peers that still allow it (box
    // peers in the cell's row or column are done by then). A peer's own unit shared with the
    // cell needs no update: its places for `d` become the cell alone.
    let [(row, rpos), (col, cpos), (bx, bpos)] = units;
    // The peers' sets change in all three units (pairs look there; locked candidates skip
    // the placed digit).
    b.dirty[row] |= bit;
    b.dirty[col] |= bit;
    b.dirty[bx] |= bit;
    // All three units' places and placed digits are set before any peer is visited: a
    // peer's removal then never sees the cell's digit as unplaced in the cell's box or
    // column, and so never queues the cell itself again as a hidden single there.
    let row_peers = b.places[row][d as usize] & !(1 << rpos);
    let col_peers = b.places[col][d as usize] & !(1 << cpos);
    let box_peers =
        b.places[bx][d as usize] & !(1 << bpos) & !((0xf << (bpos & !3)) | (0x1111 << (bpos & 3)));
    b.placed[row] |= bit;
    b.placed[col] |= bit;
    b.placed[bx] |= bit;
    b.places[row][d as usize] = 1 << rpos;
    b.places[col][d as usize] = 1 << cpos;
    b.places[bx][d as usize] = 1 << bpos;
    for i in ones(row_peers) {
        remove::<0>(b, q, unit_cell(row, i).index(), d)?;
    }
    for i in ones(col_peers) {
        remove::<1>(b, q, unit_cell(col, i).index(), d)?;
    }
    for i in ones(box_peers) {
        remove::<2>(b, q, unit_cell(bx, i).index(), d)?;
    }
    Ok(())
}

/// Locked candidates over the dirty (unit, digit) pairs: a digit whose places in a box lie
/// in one row or column leaves the rest of that line, and one whose places in a line lie in
/// one box leaves the rest of that box. Returns whether anything was removed.
/// O(dirty units + confined dirty pairs) plus removals.
///
/// Only pairs whose places shrank need a look: once a pattern's removals are done they stay
/// done, because place sets only shrink.
#[inline(always)]
pub fn locked_candidates(b: &mut Board, q: &mut Queue) -> Result<bool, Contradiction> {
    let mut changed = false;
    // Removals below may dirty units again; they are looked at in the next call.
    // The dirty units, found by one (vectorized) pass rather than kept up to date by
    // every removal.
    let mut units = 0u64;
    for (unit, &d) in b.dirty.iter().enumerate() {
        units |= u64::from(d != 0) << unit;
    }
    b.pairs_due |= units;
    for unit in ones(units) {
        let unit = unit as usize;
        let digits = b.dirty[unit] & !b.placed[unit];
        b.dirty[unit] = 0;
        // Only the confined digits, found for all 16 at once: a test per digit
        // mispredicted (the removals below leave this unit's place sets as they are).
        let (nibble, column) = confined(&b.places[unit]);
        if unit < 2 * SIDE {
            for d in ones(digits & nibble) {
                let p = b.places[unit][d as usize];
                // A row or column; positions run along it, each nibble lying in one box.
                let j = (p.lowest_index() / 4) as usize;
                let (bx, mask) = if unit < SIDE {
                    (unit / 4 * 4 + j, 0xf << (4 * (unit % 4)))
                } else {
                    let col = unit - SIDE;
                    (j * 4 + col / 4, 0x1111 << (col % 4))
                };
                let out = b.places[2 * SIDE + bx][d as usize] & !mask;
                for i in ones(out) {
                    remove::<3>(b, q, unit_cell(2 * SIDE + bx, i).index(), d)?;
                    changed = true;
                }
            }
        } else {
            // A box; positions are 4 * (row in box) + (col in box), rows being nibbles.
            let bx = unit - 2 * SIDE;
            let (band, stack) = (bx / 4, bx % 4);
            for d in ones(digits & nibble) {
                let p = b.places[unit][d as usize];
                let row = band * 4 + (p.lowest_index() / 4) as usize;
                let out = b.places[row][d as usize] & !(0xf << (4 * stack));
                for col in ones(out) {
                    remove::<3>(b, q, row * SIDE + col as usize, d)?;
                    changed = true;
                }
            }
            for d in ones(digits & column) {
                let p = b.places[unit][d as usize];
                let col = stack * 4 + (p.lowest_index() % 4) as usize;
                let out = b.places[SIDE + col][d as usize] & !(0xf << (4 * band));
                for row in ones(out) {
                    remove::<3>(b, q, row as usize * SIDE + col, d)?;
                    changed = true;
                }
            }
        }
    }
    Ok(changed)
}

/// Naked and hidden pairs in the units changed since the last call: two cells of a unit whose
/// digits lie within the same two digits leave those digits to them (the unit's other
/// cells lose both), and two digits whose places in a unit lie within the same two cells take
/// those cells (which lose their other digits). Returns whether anything was removed.
/// O(changed units * SIDE) plus removals. Run when singles and locked candidates are done:
/// on minimal puzzles it cuts the search's nodes several times over (both halves needed).
///
/// The sets compared are read once per unit, so removals made in between may have shrunk
/// them; the deduction stays sound, since it only needs both sets within the pair.
#[inline(always)]
pub fn pairs(b: &mut Board, q: &mut Queue) -> Result<bool, Contradiction> {
    let mut changed = false;
    let units = b.pairs_due;
    b.pairs_due = 0;
    let two_digits = unit_masks(&two_digit_cells(&b.cand));
    for unit in ones(units) {
        let unit = unit as usize;
        // Hidden pairs: digits d < e with the same two places. A set with two elements
        // either stays as it is or shrinks, so a pair not there at the last look needs a set
        // that has come down to two since: the loops run over those only (few, often none),
        // and the partners come from one vector compare (loops over every two-element set
        // mispredicted).
        let places = b.places[unit];
        let two = exactly_two(&places);
        let new = two & !b.two_places[unit];
        b.two_places[unit] = two;
        for d in ones(new) {
            let p = places[d as usize];
            // Each pair once: a partner that is new too only from above `d`.
            let partners = equal_to(&places, p) & two & !(new & (0xffff >> (15 - d)));
            for e in ones(partners) {
                let keep = (1 << d) | (1 << e);
                for pos in ones(p) {
                    let cell = unit_cell(unit, pos).index();
                    for f in ones(b.cand[cell] & !keep) {
                        remove::<3>(b, q, cell, f)?;
                        changed = true;
                    }
                }
            }
        }
        // Naked pairs: cells i < j with the same two digits (new ones only, as above). The
        // unit's digit sets are gathered only when it has a new two-digit cell by the
        // masks of the call's start; a cell that comes down to two digits later has dirtied
        // the unit, which the next call looks at.
        if two_digits[unit] & !b.two_digits[unit] == 0 {
            continue;
        }
        let mut sets = [0 as DigitSetBits; SIDE];
        for (pos, x) in sets.iter_mut().enumerate() {
            *x = b.cand[unit_cell(unit, pos as u32).index()];
        }
        let two = exactly_two(&sets);
        let new = two & !b.two_digits[unit];
        b.two_digits[unit] = two;
        for i in ones(new) {
            let s = sets[i as usize];
            let partners = equal_to(&sets, s) & two & !(new & (0xffff >> (15 - i)));
            for j in ones(partners) {
                let mut out = 0;
                for d in ones(s) {
                    out |= b.places[unit][d as usize];
                }
                for pos in ones(out & !((1 << i) | (1 << j))) {
                    let cell = unit_cell(unit, pos).index();
                    for d in ones(b.cand[cell] & s) {
                        remove::<3>(b, q, cell, d)?;
                        changed = true;
                    }
                }
            }
        }
    }
    Ok(changed)
}

/// Applies queued assignments and then (if `locked`) locked candidates and pairs until nothing
/// changes.
pub fn propagate(b: &mut Board, q: &mut Queue, locked: bool) -> Step {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
        {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { propagate_bmi(b, q, locked) };
        }
    }
    propagate_portable(b, q, locked)
}

/// [`propagate`] compiled with POPCNT and BMI1/2: bit tests, lowest-bit and and-not
/// instructions shorten every loop over set bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn propagate_bmi(b: &mut Board, q: &mut Queue, locked: bool) -> Step {
    propagate_portable(b, q, locked)
}

#[inline(always)]
pub fn propagate_portable(b: &mut Board, q: &mut Queue, locked: bool) -> Step {
    loop {
        while let Some((cell, d)) = q.pop() {
            if let Err(c) = assign(b, q, cell as usize, d as u32) {
                q.clear();
                return Err(c);
            }
        }
        if b.open == 0 || !locked {
            return Ok(());
        }
        let found = match locked_candidates(b, q) {
            Ok(false) => pairs(b, q),
            other => other,
        };
        match found {
            Ok(true) => continue,
            Ok(false) => return Ok(()),
            Err(c) => {
                q.clear();
                return Err(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digit, Grid, CELLS};
    use crate::solver::solve;
    use crate::testing::{queued, thinned};
    use rng::Rng;
    use sudoku::CellValues;

    #[test]
    fn pairs_remove_what_they_lock() {
        // Row 0: cells 0 and 1 may hold only A or B (naked pair); digits C and D may go only
        // in cells 2 and 3 (hidden pair), which also allow E..P.
        let mut b = Board::new();
        let mut q = Queue::new();
        let row = 0;
        for pos in 0..2 {
            for d in 2..16 {
                remove::<3>(&mut b, &mut q, pos, d).ok().unwrap();
            }
        }
        for pos in 4..16 {
            for d in 2..4 {
                remove::<3>(&mut b, &mut q, pos, d).ok().unwrap();
            }
        }
        assert_eq!(q.len, 0);
        b.pairs_due = 1 << row;
        assert!(pairs(&mut b, &mut q).ok().unwrap());
        assert_eq!(b.cand[0], 0b11);
        assert_eq!(b.cand[1], 0b11);
        assert_eq!(b.cand[2], 0b1100);
        assert_eq!(b.cand[3], 0b1100);
        for pos in 4..16 {
            assert_eq!(b.cand[pos], 0xfff0, "cell {}", pos);
        }
        assert_eq!(b.places[row][0], 0b11);
        assert_eq!(b.places[row][2], 0b1100);
        // Nothing more to find in that row.
        assert_eq!(b.pairs_due, 0);
        b.pairs_due = 1 << row;
        assert!(!pairs(&mut b, &mut q).ok().unwrap());
    }

    #[test]
    fn fast_and_portable_propagation_agree() {
        let solution = solve(&Grid::empty()).unwrap();
        let mut rng = Rng::new(11);
        let mut q = Queue::new();
        for trial in 0..200 {
            let mut puzzle = thinned(&solution, rng.between(20, 200), &mut rng);
            if trial % 3 == 0 {
                // A wrong digit somewhere: contradictions must agree too.
                let c = Cell::from_index(rng.below(CELLS));
                puzzle.set(c, Some(Digit::from_index(rng.below(16))));
            }
            let mut a = queued(&puzzle, &mut q);
            let ra = propagate_portable(&mut a, &mut q, trial % 2 == 0).is_ok();
            q.clear();
            let mut b = queued(&puzzle, &mut q);
            let rb = propagate(&mut b, &mut q, trial % 2 == 0).is_ok();
            q.clear();
            assert_eq!(ra, rb);
            if ra {
                assert!(a.cand == b.cand && a.places == b.places && a.value == b.value);
            }
        }
    }
}
