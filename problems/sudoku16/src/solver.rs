//! Search: constraint propagation plus MRV branching over cells and places, with restarts.
//!
//! The board keeps both views of the exact-cover problem, as dancing links would:
//! which letters each cell may hold, and where in each unit each letter may go.
//! Propagation applies naked singles (a cell with one letter left), hidden singles (a letter
//! with one place left in a unit), locked candidates (a letter confined to one line of a
//! box, or to one box of a line, leaves the rest of that box or line) and naked and hidden
//! pairs (two cells of a unit sharing two letters, two letters of a unit sharing two cells).
//! Branching takes the smallest choice of either kind: a cell's letters or a letter's places
//! in a unit. In the first attempt, among two-letter cells it looks at a few and takes the one
//! with the most two-letter peers sharing one of its letters (either alternative turns them
//! into naked singles): half the nodes, or fewer, of the score used before (the fewest places
//! of the cell's letters) on each minimal set.
//!
//! Sparse grids have many solutions but also early wrong turns whose refutation is huge (the
//! heavy tail of plain backtracking). So the search runs in attempts with node budgets that
//! follow the Luby sequence, each attempt ordering its choices with a seeded random generator.
//! Budgets grow without bound, so some attempt finishes: an attempt that exhausts its tree
//! proves the grid unsolvable, and the answer never depends on the budget.
//!
//! On easy puzzles (few nodes) the time goes to mispredicted branches as much as to
//! instructions, so the hottest data-dependent tests are branch-free: singles are queued by
//! `Queue::push_if`, the two-letter cells `choose` looks at come from an SSE2 mask, and the
//! root's place sets from a 16x16 bit transpose (the SIMD pieces have scalar twins, tested
//! equal).

use crate::grid::{unit_cell, Cell, DigitSet, Grid, PlaceSet, ALL_DIGITS, CELLS, SIDE, UNITS};
use bits::{ones, Word};
use rng::Rng;

/// `value` of a cell that holds no letter yet.
/// (It is `u8::MAX`, so that `OPEN + 1` wraps to the grid's empty value 0.)
const OPEN: u8 = 0xff;

/// The search state at one node.
///
/// ```text
///   cand[cell]          letters the cell may hold        bit d = letter d (A = 0)
///                       (an assigned cell keeps just its own letter)
///   places[unit][d]     where letter d may go in unit    bit i = unit's i-th cell
///                       (a placed letter keeps just its own place)
///   placed[unit]        letters already placed in unit   bit d = letter d
///   dirty[unit]         letters whose places in unit     bit d = letter d
///                       shrank since locked candidates last looked at them
///                       (or which were placed in the unit)
///   pairs_due           units changed since pairs last   bit u = unit u
///                       looked at them
///   two_places[unit]    letters with two places in unit  bit d = letter d
///                       when pairs last looked at it
///   two_letters[unit]   unit's cells with two letters    bit i = unit's i-th cell
///                       when pairs last looked at it
///   value[cell]         assigned letter, or OPEN
/// ```
#[derive(Clone, Copy)]
struct Board {
    cand: [DigitSet; CELLS],
    places: [[PlaceSet; SIDE]; UNITS],
    placed: [DigitSet; UNITS],
    dirty: [DigitSet; UNITS],
    pairs_due: u64,
    two_places: [DigitSet; UNITS],
    two_letters: [PlaceSet; UNITS],
    value: [u8; CELLS],
    open: u32,
}

impl Board {
    /// Every cell open, every letter possible everywhere.
    fn new() -> Board {
        Board {
            cand: [ALL_DIGITS; CELLS],
            places: [[0xffff; SIDE]; UNITS],
            placed: [0; UNITS],
            dirty: [ALL_DIGITS; UNITS],
            pairs_due: 0,
            two_places: [0; UNITS],
            two_letters: [0; UNITS],
            value: [OPEN; CELLS],
            open: CELLS as u32,
        }
    }

    /// The board with `puzzle`'s givens placed and gone from their peers, built in one pass
    /// (as assigning them one by one would leave it, but without their ~40 removals each),
    /// with the singles this leaves queued on `q`. `None` when two givens clash or a cell or a
    /// place set is left empty (then `q` may hold junk: clear it). O(CELLS * SIDE).
    fn with_givens(puzzle: &Grid, q: &mut Queue) -> Option<Board> {
        let values = puzzle.values();
        let mut b = Board::new();
        // Letter `d` is the grid value `d + 1`; empty (0) wraps to OPEN.
        let mut givens = 0;
        for (x, &v) in b.value.iter_mut().zip(values.iter()) {
            *x = v.wrapping_sub(1);
            givens += u32::from(v != 0);
        }
        b.open = CELLS as u32 - givens;
        // The givens by letter, whole rows at a time, without a branch per cell (whether a
        // cell is given is data the branch predictor cannot guess) nor a chain of updates
        // through memory per given:
        //
        //   given[r][d]      the columns of row r where letter d is given
        //   cols[d]          the columns holding d       bit c
        //   band_cols[k][d]  the columns holding d in band k's four rows: nibble s = box (k, s)
        let mut given = [[0 as PlaceSet; SIDE]; SIDE];
        let mut in_rows = 0;
        for (r, g) in given.iter_mut().enumerate() {
            let mut bits = [0 as DigitSet; SIDE];
            for (x, &v) in bits.iter_mut().zip(values[r * SIDE..(r + 1) * SIDE].iter()) {
                // Value `d + 1` -> bit d; 0 (empty) -> no bit.
                *x = ((1u32 << v) >> 1) as DigitSet;
            }
            b.placed[r] = bits.iter().fold(0, |a, &x| a | x);
            in_rows += b.placed[r].count_ones();
            *g = transpose16(&bits);
        }
        let mut cols = [0 as PlaceSet; SIDE];
        let mut band_cols = [[0 as PlaceSet; SIDE]; 4];
        for (r, g) in given.iter().enumerate() {
            for d in 0..SIDE {
                cols[d] |= g[d];
                band_cols[r / 4][d] |= g[d];
            }
        }
        // Per band and letter, its boxes: nibble flags (bit 4s for box s), spread to whole
        // nibbles (the columns the letter leaves in the band's rows) and gathered as bits.
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
        // No clash <=> the givens lie in as many distinct (row, letter), (column, letter) and
        // (box, letter) pairs as there are givens.
        let in_cols: u32 = cols.iter().map(|x| x.count_ones()).sum();
        let in_boxes: u32 = boxes.iter().map(|x| x.count_ones()).sum();
        if in_rows != givens || in_cols != givens || in_boxes != givens {
            return None;
        }
        // A row's place sets: where its units leave each letter, or the given cell itself.
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
        // Open cells with no letter left or one: found by one vector pass (few cells have
        // one, and a push per cell cost more than the loop over them).
        if cells_with_letters::<0>(&b.cand) != [0; 4] {
            return None;
        }
        let one = cells_with_letters::<1>(&b.cand);
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
                let mut cands = [0 as DigitSet; SIDE];
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

    fn grid(&self) -> Grid {
        // Letter `d` is the grid value `d + 1`, and OPEN (0xff) wraps to 0 (empty): one add
        // per byte, no branch (the compiler vectorizes it).
        let mut values = [0u8; CELLS];
        for (x, &v) in values.iter_mut().zip(self.value.iter()) {
            *x = v.wrapping_add(1);
        }
        Grid::from_values(values)
    }
}

/// The 16x16 bit matrix `rows` transposed: bit `j` of `out[i]` is bit `i` of `rows[j]`.
/// A unit's cells' letter sets in, the unit's place sets per letter out. O(1): 32 byte-mask
/// extractions with SSE2 (always there on x86_64), else [`transpose16_scalar`].
///
/// ```text
///   rows[j] (cell j's letters)    lo = low bytes of rows 0..15, hi = high bytes
///   out[7]  = movemask(lo)        (bit 7 of every byte: letter 7's places)
///   out[6]  = movemask(lo + lo)   (each byte doubled: bit 6 moves up to bit 7) ...
/// ```
#[inline]
fn transpose16(rows: &[u16; SIDE]) -> [u16; SIDE] {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; the loads read the 32 bytes of `rows`.
        unsafe {
            use std::arch::x86_64::*;
            let a = _mm_loadu_si128(rows.as_ptr() as *const __m128i);
            let b = _mm_loadu_si128(rows.as_ptr().add(8) as *const __m128i);
            let low = _mm_set1_epi16(0xff);
            let mut lo = _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
            let mut hi = _mm_packus_epi16(_mm_srli_epi16(a, 8), _mm_srli_epi16(b, 8));
            let mut out = [0u16; SIDE];
            for k in (0..8).rev() {
                out[k] = _mm_movemask_epi8(lo) as u16;
                out[k + 8] = _mm_movemask_epi8(hi) as u16;
                lo = _mm_add_epi8(lo, lo);
                hi = _mm_add_epi8(hi, hi);
            }
            out
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        transpose16_scalar(rows)
    }
}

/// [`transpose16`] one set bit at a time: the twin the SIMD one is tested against.
/// O(set bits).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn transpose16_scalar(rows: &[u16; SIDE]) -> [u16; SIDE] {
    let mut out = [0u16; SIDE];
    for (j, &r) in rows.iter().enumerate() {
        for i in ones(r) {
            out[i as usize] |= 1 << j;
        }
    }
    out
}

/// Which of 16 sets are empty and which hold exactly one element, as two masks
/// (bit `i` for `sets[i]`). O(1), without branches.
#[inline]
fn empty_and_single(sets: &[u16; SIDE]) -> (u16, u16) {
    let (mut empty, mut single) = (0u16, 0u16);
    for (i, &p) in sets.iter().enumerate() {
        empty |= u16::from(p == 0) << i;
        single |= u16::from(p != 0 && p & p.wrapping_sub(1) == 0) << i;
    }
    (empty, single)
}

/// Most pending assignments: each cell becomes single once and each (unit, letter) place
/// set becomes single once per propagation (the givens, queued at the root, are at most
/// `CELLS`).
const QUEUE_CAP: usize = CELLS + UNITS * SIDE;

/// Slots of the queue: a power of two above [`QUEUE_CAP`], so that an index masked with
/// `QUEUE_SLOTS - 1` is in range without a bounds check (the mask never changes it).
const QUEUE_SLOTS: usize = 2048;
const _: () = assert!(QUEUE_SLOTS.is_power_of_two() && QUEUE_SLOTS > QUEUE_CAP);

/// Pending assignments found by propagation: (cell index, letter), a fixed stack (no
/// allocation in the search). [`Queue::push_if`] writes the slot past the end even when it
/// does not keep it, so the slots are more than [`QUEUE_CAP`].
struct Queue {
    items: [(u8, u8); QUEUE_SLOTS],
    len: usize,
}

impl Queue {
    fn new() -> Queue {
        Queue {
            items: [(0, 0); QUEUE_SLOTS],
            len: 0,
        }
    }
    #[inline(always)]
    fn push(&mut self, cell: usize, digit: u32) {
        self.push_if(true, cell, digit);
    }
    /// Pushes (`cell`, `digit`) if `keep`, without a branch: whether a removal leaves a
    /// single is data the branch predictor cannot guess (about a fifth of the search's
    /// mispredictions, by cachegrind's model, went there).
    #[inline(always)]
    fn push_if(&mut self, keep: bool, cell: usize, digit: u32) {
        debug_assert!(self.len <= QUEUE_CAP);
        self.items[self.len & (QUEUE_SLOTS - 1)] = (cell as u8, digit as u8);
        self.len += usize::from(keep);
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<(u8, u8)> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len & (QUEUE_SLOTS - 1)])
    }
    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// Marks a contradiction: some cell or place set ran empty.
struct Contradiction;

type Step = Result<(), Contradiction>;

/// Removes letter `d` from open cell `cell`, updating the places of its units except its
/// unit of kind `SKIP` (0 row, 1 column, 2 box; 3 = none), whose places the caller sets.
/// (A constant, so each caller's copy has no test for it.) O(1).
#[inline(always)]
fn remove<const SKIP: usize>(b: &mut Board, q: &mut Queue, cell: usize, d: u32) -> Step {
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

/// Puts letter `d` in `cell` and removes it from the cell's peers. O(peers holding `d`).
#[inline(always)]
fn assign(b: &mut Board, q: &mut Queue, cell: usize, d: u32) -> Step {
    let bit: DigitSet = 1 << d;
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
    // The cell leaves the place sets of its other letters.
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
    // The letter leaves the cell's peers, visiting only peers that still allow it (box
    // peers in the cell's row or column are done by then). A peer's own unit shared with the
    // cell needs no update: its places for `d` become the cell alone.
    let [(row, rpos), (col, cpos), (bx, bpos)] = units;
    // The peers' sets change in all three units (pairs look there; locked candidates skip
    // the placed letter).
    b.dirty[row] |= bit;
    b.dirty[col] |= bit;
    b.dirty[bx] |= bit;
    // All three units' places and placed letters are set before any peer is visited: a
    // peer's removal then never sees the cell's letter as unplaced in the cell's box or
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

/// Locked candidates over the dirty (unit, letter) pairs: a letter whose places in a box lie
/// in one row or column leaves the rest of that line, and one whose places in a line lie in
/// one box leaves the rest of that box. Returns whether anything was removed.
/// O(dirty units + confined dirty pairs) plus removals.
///
/// Only pairs whose places shrank need a look: once a pattern's removals are done they stay
/// done, because place sets only shrink.
#[inline(always)]
fn locked_candidates(b: &mut Board, q: &mut Queue) -> Result<bool, Contradiction> {
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
        // Only the confined letters, found for all 16 at once: a test per letter
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

/// Which of a unit's 16 place sets lie within one nibble (positions `4k..4k + 3`: one box of
/// a line, one row of a box) and which within one position mod 4 (one column of a box), as
/// two masks (bit `d` for `places[d]`); an empty set counts as confined. O(1): a few SSE2
/// steps per 8 sets (always there on x86_64), else [`confined_scalar`]; no branch per set.
///
/// ```text
///   nibble flags  n = (p | p >> 1 | p >> 2 | p >> 3) & 0x1111   (bit 4k: nibble k used)
///   column flags  c = (p | p >> 4 | p >> 8 | p >> 12) & 0x000f   (bit k: column k used)
///   confined <=> at most one flag: f & (f - 1) == 0
/// ```
#[inline(always)]
fn confined(places: &[PlaceSet; SIDE]) -> (DigitSet, DigitSet) {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; the loads read the 32 bytes of `places`.
        unsafe {
            use std::arch::x86_64::*;
            let (one, zero) = (_mm_set1_epi16(1), _mm_setzero_si128());
            // At most one flag, per 16-bit lane: all ones when confined.
            let confined =
                |f: __m128i| _mm_cmpeq_epi16(_mm_and_si128(f, _mm_sub_epi16(f, one)), zero);
            let (mut nib, mut col) = ([zero; 2], [zero; 2]);
            for (j, (nib, col)) in nib.iter_mut().zip(col.iter_mut()).enumerate() {
                let p = _mm_loadu_si128(places.as_ptr().add(8 * j) as *const __m128i);
                let n = _mm_or_si128(
                    _mm_or_si128(p, _mm_srli_epi16(p, 1)),
                    _mm_or_si128(_mm_srli_epi16(p, 2), _mm_srli_epi16(p, 3)),
                );
                *nib = confined(_mm_and_si128(n, _mm_set1_epi16(0x1111)));
                let c = _mm_or_si128(
                    _mm_or_si128(p, _mm_srli_epi16(p, 4)),
                    _mm_or_si128(_mm_srli_epi16(p, 8), _mm_srli_epi16(p, 12)),
                );
                *col = confined(_mm_and_si128(c, _mm_set1_epi16(0xf)));
            }
            let nibble = _mm_movemask_epi8(_mm_packs_epi16(nib[0], nib[1])) as u16;
            let column = _mm_movemask_epi8(_mm_packs_epi16(col[0], col[1])) as u16;
            (nibble, column)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        confined_scalar(places)
    }
}

/// [`confined`] one set at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn confined_scalar(places: &[PlaceSet; SIDE]) -> (DigitSet, DigitSet) {
    let (mut nibble, mut column) = (0, 0);
    for (d, &p) in places.iter().enumerate() {
        let n = (0..4).filter(|k| p >> (4 * k) & 0xf != 0).count();
        let c = (0..4).filter(|k| p & (0x1111 << k) != 0).count();
        nibble |= u16::from(n <= 1) << d;
        column |= u16::from(c <= 1) << d;
    }
    (nibble, column)
}

/// Naked and hidden pairs in the units changed since the last call: two cells of a unit whose
/// letters lie within the same two letters leave those letters to them (the unit's other
/// cells lose both), and two letters whose places in a unit lie within the same two cells take
/// those cells (which lose their other letters). Returns whether anything was removed.
/// O(changed units * SIDE) plus removals. Run when singles and locked candidates are done:
/// on minimal puzzles it cuts the search's nodes by about 3 (both halves needed).
///
/// The sets compared are read once per unit, so removals made in between may have shrunk
/// them; the deduction stays sound, since it only needs both sets within the pair.
#[inline(always)]
fn pairs(b: &mut Board, q: &mut Queue) -> Result<bool, Contradiction> {
    let mut changed = false;
    let units = b.pairs_due;
    b.pairs_due = 0;
    let two_letters = unit_masks(&two_letter_cells(&b.cand));
    for unit in ones(units) {
        let unit = unit as usize;
        // Hidden pairs: letters d < e with the same two places. A set with two elements
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
        // Naked pairs: cells i < j with the same two letters (new ones only, as above). The
        // unit's letter sets are gathered only when it has a new two-letter cell by the
        // masks of the call's start; a cell that comes down to two letters later has dirtied
        // the unit, which the next call looks at.
        if two_letters[unit] & !b.two_letters[unit] == 0 {
            continue;
        }
        let mut sets = [0 as DigitSet; SIDE];
        for (pos, x) in sets.iter_mut().enumerate() {
            *x = b.cand[unit_cell(unit, pos as u32).index()];
        }
        let two = exactly_two(&sets);
        let new = two & !b.two_letters[unit];
        b.two_letters[unit] = two;
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

/// Which of 16 sets equal `x`, as a mask (bit `i` for `sets[i]`). O(1): two SSE2 compares
/// (always there on x86_64), else [`equal_to_scalar`].
#[inline(always)]
fn equal_to(sets: &[u16; SIDE], x: u16) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; the loads read the 32 bytes of `sets`.
        unsafe {
            use std::arch::x86_64::*;
            let x = _mm_set1_epi16(x as i16);
            let a = _mm_loadu_si128(sets.as_ptr() as *const __m128i);
            let b = _mm_loadu_si128(sets.as_ptr().add(8) as *const __m128i);
            let eq = _mm_packs_epi16(_mm_cmpeq_epi16(a, x), _mm_cmpeq_epi16(b, x));
            _mm_movemask_epi8(eq) as u16
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        equal_to_scalar(sets, x)
    }
}

/// [`equal_to`] one set at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn equal_to_scalar(sets: &[u16; SIDE], x: u16) -> u16 {
    let mut out = 0;
    for (i, &s) in sets.iter().enumerate() {
        out |= u16::from(s == x) << i;
    }
    out
}

/// Which of 16 sets hold exactly two elements, as a mask (bit `i` for `sets[i]`). O(1): a
/// few SSE2 steps (always there on x86_64), else [`exactly_two_scalar`]; no branch per set.
///
/// ```text
///   y = x & (x - 1)  (x without its lowest element)     two elements <=> y != 0 and
///   z = y & (y - 1)                                                 z == 0
/// ```
#[inline(always)]
fn exactly_two(sets: &[u16; SIDE]) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; the loads read the 32 bytes of `sets`.
        unsafe {
            use std::arch::x86_64::*;
            let (one, zero) = (_mm_set1_epi16(1), _mm_setzero_si128());
            let mut two = [zero; 2];
            for (j, t) in two.iter_mut().enumerate() {
                let x = _mm_loadu_si128(sets.as_ptr().add(8 * j) as *const __m128i);
                let y = _mm_and_si128(x, _mm_sub_epi16(x, one));
                let z = _mm_and_si128(y, _mm_sub_epi16(y, one));
                *t = _mm_andnot_si128(_mm_cmpeq_epi16(y, zero), _mm_cmpeq_epi16(z, zero));
            }
            _mm_movemask_epi8(_mm_packs_epi16(two[0], two[1])) as u16
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        exactly_two_scalar(sets)
    }
}

/// [`exactly_two`] one set at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn exactly_two_scalar(sets: &[u16; SIDE]) -> u16 {
    let mut out = 0;
    for (i, &x) in sets.iter().enumerate() {
        out |= u16::from(x.count_ones() == 2) << i;
    }
    out
}

/// Applies queued assignments and then (if `locked`) locked candidates and pairs until nothing
/// changes.
fn propagate(b: &mut Board, q: &mut Queue, locked: bool) -> Step {
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

/// [`propagate`] compiled with POPCNT and BMI1/2 (bit tests, lowest-bit and and-not
/// instructions: about 6% fewer instructions in all).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn propagate_bmi(b: &mut Board, q: &mut Queue, locked: bool) -> Step {
    propagate_portable(b, q, locked)
}

#[inline(always)]
fn propagate_portable(b: &mut Board, q: &mut Queue, locked: bool) -> Step {
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

/// A branching point: the alternatives that are tried in turn.
#[derive(Clone, Copy)]
enum Branch {
    /// Try each letter of `DigitSet` in the cell.
    Cell(usize, DigitSet),
    /// Try letter `u32` in each place of `PlaceSet` in the unit.
    Place(usize, u32, PlaceSet),
}

/// The smallest branch: fewest letters in an open cell or fewest places for an unplaced letter
/// in a unit; ties go to the first found from a random starting point, or with `smart`, among
/// the first [`SMART_LOOK`] two-letter cells to the one with the most two-letter peers sharing
/// a letter with it ([`two_letter_links`]; ties to the first), whose both alternatives set off
/// the most naked singles. `None` when solved. Requires a propagated board (no
/// singles left). O(CELLS + UNITS * SIDE).
fn choose(b: &Board, rng: &mut Rng, smart: bool) -> Option<Branch> {
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
fn choose_portable(b: &Board, rng: &mut Rng, smart: bool) -> Option<Branch> {
    if b.open == 0 {
        return None;
    }
    // Two alternatives is the least there can be after propagation: stop there.
    let start = rng.below(CELLS);
    let two = two_letter_cells(&b.cand);
    if two != [0; 4] {
        // The two-letter cells from `start` on, cyclically: the same cells, in the same order,
        // as the scan below would look at, found without a branch per cell.
        let look = if smart { SMART_LOOK } else { 1 };
        // Per unit, the two-letter cells (for the links; the plain choice needs none).
        let per_unit = if smart { unit_masks(&two) } else { [0; UNITS] };
        let (mut best, mut best_score, mut seen) = (0, u32::MAX, 0);
        let (first, from) = (start / 64, start % 64);
        for k in 0..5 {
            let w = (first + k) % 4;
            let mut bits = two[w];
            if k == 0 {
                bits &= !0u64 << from;
            } else if k == 4 {
                bits &= !(!0u64 << from);
            }
            for i in ones(bits) {
                let cell = w * 64 + i as usize;
                if !smart {
                    return Some(Branch::Cell(cell, b.cand[cell]));
                }
                // At most 3 * 15 links, so the score stays positive and below `u32::MAX`.
                let score = 64 - two_letter_links(b, &per_unit, cell);
                if score < best_score {
                    best_score = score;
                    best = cell;
                }
                seen += 1;
                if seen == look {
                    return Some(Branch::Cell(best, b.cand[best]));
                }
            }
        }
        return Some(Branch::Cell(best, b.cand[best]));
    }
    // No open cell has two letters, nor one (propagation assigns singles): the open cell with
    // fewest letters, the first from `start` on, found without a branch per cell (a test per
    // cell of whether it is open mispredicted about half the time on sparse grids).
    let (mut best_count, fewest) = fewest_letters(&b.cand);
    let cell = first_from(&fewest, start)?;
    let mut best = Some(Branch::Cell(cell, b.cand[cell]));
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

/// How many two-letter cells among `cell`'s peers share a letter with it, each counted once:
/// the cells that assigning either letter of `cell` turns into singles. `two` is
/// [`unit_masks`] of [`two_letter_cells`] of the board; `cell` must have two letters (its
/// lowest and highest).
/// O(1): per unit, the two-letter cells as a place set, and the places of the cell's letters
/// (the box without the cell's row and column, counted there already).
///
/// Counting a peer in the cell's row (or column) and box twice, as a first version did, gave
/// 17-28% more nodes on the minimal sets.
#[inline(always)]
fn two_letter_links(b: &Board, two: &[PlaceSet; UNITS], cell: usize) -> u32 {
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

/// The cells of each unit in the 256-bit cell mask `bits` (bit `i % 64` of word `i / 64` for
/// cell `i`) as place sets (bit `k` for the unit's `k`-th cell), all 48 at once. O(1), no
/// branch on data: rows are 16-bit slices, columns a 16x16 bit transpose of the rows, boxes
/// a 4x4 nibble transpose of each band's word (two delta swaps).
///
/// ```text
///   word w = rows 4w..4w+3, 16 bits each:  row k = nibbles (k,0) (k,1) (k,2) (k,3)
///   nibble (k, s) = row 4w+k's cells in box stack s
///   transposed: lane s = nibbles (0,s) (1,s) (2,s) (3,s) = box (w, s), its row k in nibble k
/// ```
#[inline(always)]
fn unit_masks(bits: &[u64; 4]) -> [PlaceSet; UNITS] {
    let mut out = [0 as PlaceSet; UNITS];
    let mut rows = [0 as PlaceSet; SIDE];
    for (r, x) in rows.iter_mut().enumerate() {
        *x = (bits[r / 4] >> (16 * (r % 4))) as PlaceSet;
    }
    out[..SIDE].copy_from_slice(&rows);
    out[SIDE..2 * SIDE].copy_from_slice(&transpose16(&rows));
    for (band, &w) in bits.iter().enumerate() {
        // Swap the off-diagonal 2x2 blocks of nibbles, then the off-diagonal nibbles of each.
        let t = (w ^ (w >> 24)) & 0x0000_0000_ff00_ff00;
        let w = w ^ t ^ (t << 24);
        let t = (w ^ (w >> 12)) & 0x0000_f0f0_0000_f0f0;
        let w = w ^ t ^ (t << 12);
        for s in 0..4 {
            out[2 * SIDE + 4 * band + s] = (w >> (16 * s)) as PlaceSet;
        }
    }
    out
}

/// The fewest letters a cell with at least two holds, and those cells as a 256-bit mask (bit
/// `i % 64` of word `i / 64` for cell `i`); `(17, empty)` when no cell has two. Assigned cells
/// (one letter) are left out, so requires a propagated board (no open cell with one letter
/// left) for "open cells". O(CELLS / 8) SSE2 steps (always there on x86_64), else
/// [`fewest_letters_scalar`]; no branch per cell.
///
/// ```text
///   key = letters, or 32 + 1 for a cell with one letter (bit counts by halving:
///   pairs, nibbles, bytes, u16; then min over lanes, then which lanes equal it)
/// ```
#[inline(always)]
fn fewest_letters(cand: &[DigitSet; CELLS]) -> (u32, [u64; 4]) {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; each load reads 8 of the 256 letter sets.
        unsafe {
            use std::arch::x86_64::*;
            let mut keys = [_mm_setzero_si128(); CELLS / 8];
            let one = _mm_set1_epi16(1);
            let mut low = _mm_set1_epi16(0x7fff);
            for (k, key) in keys.iter_mut().enumerate() {
                let x = _mm_loadu_si128(cand.as_ptr().add(8 * k) as *const __m128i);
                let x = _mm_sub_epi16(
                    x,
                    _mm_and_si128(_mm_srli_epi16(x, 1), _mm_set1_epi16(0x5555)),
                );
                let x = _mm_add_epi16(
                    _mm_and_si128(x, _mm_set1_epi16(0x3333)),
                    _mm_and_si128(_mm_srli_epi16(x, 2), _mm_set1_epi16(0x3333)),
                );
                let x = _mm_and_si128(
                    _mm_add_epi16(x, _mm_srli_epi16(x, 4)),
                    _mm_set1_epi16(0x0f0f),
                );
                let n = _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), _mm_set1_epi16(0x1f));
                let solved = _mm_and_si128(_mm_cmpeq_epi16(n, one), _mm_set1_epi16(32));
                *key = _mm_or_si128(n, solved);
                low = _mm_min_epi16(low, *key);
            }
            low = _mm_min_epi16(low, _mm_shuffle_epi32(low, 0x4e));
            low = _mm_min_epi16(low, _mm_shuffle_epi32(low, 0xb1));
            low = _mm_min_epi16(low, _mm_shufflelo_epi16(low, 0xb1));
            let fewest = (_mm_cvtsi128_si32(low) & 0xffff) as u32;
            if fewest > 16 {
                return (17, [0; 4]);
            }
            let low = _mm_set1_epi16(fewest as i16);
            let mut out = [0u64; 4];
            for (w, word) in out.iter_mut().enumerate() {
                let mut m = 0u64;
                for half in 0..4 {
                    let k = 8 * w + 2 * half;
                    let eq = _mm_packs_epi16(
                        _mm_cmpeq_epi16(keys[k], low),
                        _mm_cmpeq_epi16(keys[k + 1], low),
                    );
                    m |= (_mm_movemask_epi8(eq) as u64) << (16 * half);
                }
                *word = m;
            }
            (fewest, out)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        fewest_letters_scalar(cand)
    }
}

/// [`fewest_letters`] one cell at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn fewest_letters_scalar(cand: &[DigitSet; CELLS]) -> (u32, [u64; 4]) {
    let fewest = cand
        .iter()
        .map(|x| x.count_ones())
        .filter(|&n| n > 1)
        .min()
        .unwrap_or(17);
    let mut out = [0u64; 4];
    for (i, &x) in cand.iter().enumerate() {
        out[i / 64] |= u64::from(x.count_ones() == fewest) << (i % 64);
    }
    (fewest, out)
}

/// The first set bit of the 256-bit mask `bits` (bit `i % 64` of word `i / 64` for `i`) at or
/// after `start`, cyclically; `None` when `bits` is empty. O(1).
#[inline(always)]
fn first_from(bits: &[u64; 4], start: usize) -> Option<usize> {
    let (first, from) = (start / 64, start % 64);
    for k in 0..5 {
        let w = (first + k) % 4;
        let mut m = bits[w];
        if k == 0 {
            m &= !0u64 << from;
        } else if k == 4 {
            m &= !(!0u64 << from);
        }
        if m != 0 {
            return Some(64 * w + m.trailing_zeros() as usize);
        }
    }
    None
}

/// The cells whose letter set has exactly two letters (so open: an assigned cell keeps one),
/// as a 256-bit mask, bit `i % 64` of word `i / 64` for cell `i`. O(CELLS / 8) vector steps,
/// no branch per cell (a branch per cell mispredicted about half the time in the search's
/// hottest scan).
#[inline(always)]
fn two_letter_cells(cand: &[DigitSet; CELLS]) -> [u64; 4] {
    cells_with_letters::<2>(cand)
}

/// The cells with exactly `N` letters (`N` at most 2), as a 256-bit mask (bit `i % 64` of
/// word `i / 64` for cell `i`). O(CELLS / 8) vector steps with SSE2 (always there on
/// x86_64), else [`cells_with_letters_scalar`]; no branch per cell either way.
///
/// ```text
///   y = x & (x - 1)  (x without its lowest letter)     0 <=> x == 0
///   z = y & (y - 1)                                    1 <=> x != 0 and y == 0
///                                                      2 <=> y != 0 and z == 0
/// ```
#[inline(always)]
fn cells_with_letters<const N: usize>(cand: &[DigitSet; CELLS]) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; each load reads 8 of the 256 letter sets.
        unsafe {
            use std::arch::x86_64::*;
            let (one, zero) = (_mm_set1_epi16(1), _mm_setzero_si128());
            let mut out = [0u64; 4];
            for (k, word) in out.iter_mut().enumerate() {
                let mut m = 0u64;
                for half in 0..4 {
                    let at = cand.as_ptr().add(k * 64 + half * 16) as *const __m128i;
                    let mut lanes = [zero; 2];
                    for (j, t) in lanes.iter_mut().enumerate() {
                        let x = _mm_loadu_si128(at.add(j));
                        let y = _mm_and_si128(x, _mm_sub_epi16(x, one));
                        let (x0, y0) = (_mm_cmpeq_epi16(x, zero), _mm_cmpeq_epi16(y, zero));
                        *t = match N {
                            0 => x0,
                            1 => _mm_andnot_si128(x0, y0),
                            _ => {
                                let z = _mm_and_si128(y, _mm_sub_epi16(y, one));
                                _mm_andnot_si128(y0, _mm_cmpeq_epi16(z, zero))
                            }
                        };
                    }
                    let bits = _mm_movemask_epi8(_mm_packs_epi16(lanes[0], lanes[1])) as u64;
                    m |= bits << (16 * half);
                }
                *word = m;
            }
            out
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        cells_with_letters_scalar::<N>(cand)
    }
}

/// [`cells_with_letters`] one cell at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn cells_with_letters_scalar<const N: usize>(cand: &[DigitSet; CELLS]) -> [u64; 4] {
    let mut out = [0u64; 4];
    for (i, &x) in cand.iter().enumerate() {
        out[i / 64] |= u64::from(x.count_ones() as usize == N) << (i % 64);
    }
    out
}

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
/// Measured: random sparse grids need about 85 nodes (p99 500) unless an early wrong turn
/// traps them (about 1 in 1000, then millions of nodes); minimal puzzles need a few hundred
/// to ten thousand, and restarting them early wastes work. 4096 (a few ms) serves both.
pub const BASE_BUDGET: u64 = 4096;

/// Attempts that branch on the best-linked two-letter cell (see [`choose`]); later ones
/// take the first found, for the variety restarts need. Measured on 300 + 88 minimal puzzles,
/// 8 runs each: median nodes 321 -> 272 and 477 -> 357; 2 attempts or every attempt is no
/// better, and the tail of sparse grids stays bounded by the restarts.
const SMART_ATTEMPTS: u64 = 1;
/// The first (smart) attempt gets `1 / FIRST_ATTEMPT_SHARE` of its Luby budget: on some
/// minimal puzzles the smart choice walks into a wrong subtree of thousands of nodes that a
/// restart with plain choices avoids. Measured, 3 runs over each minimal set (mean nodes per
/// puzzle, 1 -> 4): minimal-easy 133 -> 109, minimal-independent 941 -> 888, minimal-topdown
/// 922 -> 886, minimal 850 -> 769; medians unchanged. (8 was worse on two sets.)
const FIRST_ATTEMPT_SHARE: u64 = 4;
/// Two-letter cells [`choose`] compares when smart. With links counted per unit (a first
/// version), nodes summed over 4 seeds on each minimal set (easy x5, independent, topdown,
/// minimal): 8 -> 81712, 138528, 138219, 198800; 16 -> 72097, 127198, 132097, 181692; 32 ->
/// 67994, 117206, 127010, 160766; each look costs a little: CPU on the easy set 16 -11%, 32 -7%
/// (against 8), equal on `minimal.txt`. With each peer counted once, over 2 seeds: 8 -> 33886,
/// 55624, 55446, 82487; 16 -> 28828, 52550, 55904, 66856; 32 -> 27671, 48607, 54655, 60792.
/// With the links read from per-unit masks (a look costs about 22 instructions), 32: nodes
/// over 6 seeds (easy, minimal, independent, topdown) 17868, 211599, 144757, 154782 -> 16831,
/// 202680, 137008, 157388; easy set x40 CPU -3.5% (all 256: -3%, 64: -3%).
const SMART_LOOK: u32 = 32;

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

    /// A completion of `puzzle` (its letters kept, every unit holding A..P once), or `None`
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
            Branch::Cell(_, set) | Branch::Place(_, _, set) => (set, set.count() as usize),
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
    use crate::grid::Digit;

    fn grid(rows: &[&str]) -> Grid {
        let mut g = Grid::empty();
        for (r, row) in rows.iter().enumerate() {
            for (c, b) in row.bytes().enumerate() {
                g.set(Cell::at(r, c), Digit::from_letter(b));
            }
        }
        g
    }

    const SAMPLE: [&str; 16] = [
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

    #[test]
    fn transpose_matches_its_scalar_twin() {
        let mut rng = Rng::new(7);
        let mut rows = [0u16; SIDE];
        for round in 0..500 {
            for r in rows.iter_mut() {
                // Dense, sparse and single-bit rows alike.
                *r = match round % 3 {
                    0 => rng.below(1 << 16) as u16,
                    1 => 1 << rng.below(16),
                    _ => (rng.below(1 << 16) & rng.below(1 << 16)) as u16,
                };
            }
            let t = transpose16(&rows);
            assert_eq!(t, transpose16_scalar(&rows));
            assert_eq!(transpose16(&t), rows);
            let (empty, single) = empty_and_single(&rows);
            for (i, &r) in rows.iter().enumerate() {
                assert_eq!(empty >> i & 1 == 1, r == 0);
                assert_eq!(single >> i & 1 == 1, r.count_ones() == 1);
            }
        }
    }

    #[test]
    fn fewest_letters_match_the_scalar_twin() {
        let mut rng = Rng::new(10);
        let mut cand = [0 as DigitSet; CELLS];
        for round in 0..300 {
            let most = 2 + round % 15;
            for c in cand.iter_mut() {
                // Many single-letter (assigned) cells, the others 2..=most letters.
                *c = if rng.below(3) == 0 {
                    1 << rng.below(16)
                } else {
                    let mut x = 0u16;
                    let size = rng.between(2, most);
                    while (x.count_ones() as usize) < size {
                        x |= 1 << rng.below(16);
                    }
                    x
                };
            }
            if round % 50 == 0 {
                // All assigned.
                for c in cand.iter_mut() {
                    *c = 1 << rng.below(16);
                }
            }
            let got = fewest_letters(&cand);
            assert_eq!(got, fewest_letters_scalar(&cand));
            let counts = cand.iter().map(|x| x.count_ones()).filter(|&n| n > 1);
            assert_eq!(got.0, counts.min().unwrap_or(17));
        }
    }

    #[test]
    fn confined_matches_the_scalar_twin() {
        let mut rng = Rng::new(13);
        let mut sets = [0u16; SIDE];
        for round in 0..500 {
            for x in sets.iter_mut() {
                // Empty, one box or row, one column, or anything.
                *x = match rng.below(4 + round % 3) {
                    0 => 0,
                    1 => (rng.below(16) as u16) << (4 * rng.below(4)),
                    2 => (rng.below(1 << 16) as u16) & (0x1111 << rng.below(4)),
                    _ => rng.below(1 << 16) as u16,
                };
            }
            let (nibble, column) = confined(&sets);
            assert_eq!((nibble, column), confined_scalar(&sets));
            for (d, &p) in sets.iter().enumerate() {
                let boxes = (0..4).filter(|k| p >> (4 * k) & 0xf != 0).count();
                assert_eq!(nibble >> d & 1 == 1, boxes <= 1);
            }
        }
    }

    #[test]
    fn exactly_two_matches_the_scalar_twin() {
        let mut rng = Rng::new(9);
        let mut sets = [0u16; SIDE];
        for round in 0..500 {
            for x in sets.iter_mut() {
                *x = match rng.below(4 + round % 3) {
                    0 => 0,
                    1 => 1 << rng.below(16),
                    2 => (1 << rng.below(16)) | (1 << rng.below(16)),
                    _ => rng.below(1 << 16) as u16,
                };
            }
            let two = exactly_two(&sets);
            assert_eq!(two, exactly_two_scalar(&sets));
            for &x in sets.iter().take(4) {
                assert_eq!(equal_to(&sets, x), equal_to_scalar(&sets, x));
                assert_eq!(equal_to(&sets, x ^ 1), equal_to_scalar(&sets, x ^ 1));
            }
            for (i, &x) in sets.iter().enumerate() {
                assert_eq!(two >> i & 1 == 1, x.count_ones() == 2);
            }
        }
    }

    #[test]
    fn pairs_remove_what_they_lock() {
        // Row 0: cells 0 and 1 may hold only A or B (naked pair); letters C and D may go only
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
    fn cells_with_letters_match_the_scalar_twin() {
        let mut rng = Rng::new(8);
        let mut cand = [0 as DigitSet; CELLS];
        for round in 0..300 {
            for c in cand.iter_mut() {
                *c = match rng.below(4 + round % 3) {
                    0 => 0,
                    1 => 1 << rng.below(16),
                    2 => (1 << rng.below(16)) | (1 << rng.below(16)),
                    _ => rng.below(1 << 16) as DigitSet,
                };
            }
            let masks = [
                cells_with_letters::<0>(&cand),
                cells_with_letters::<1>(&cand),
                cells_with_letters::<2>(&cand),
            ];
            assert_eq!(masks[0], cells_with_letters_scalar::<0>(&cand));
            assert_eq!(masks[1], cells_with_letters_scalar::<1>(&cand));
            assert_eq!(masks[2], cells_with_letters_scalar::<2>(&cand));
            assert_eq!(two_letter_cells(&cand), masks[2]);
            for (i, &c) in cand.iter().enumerate() {
                for (n, m) in masks.iter().enumerate() {
                    assert_eq!(m[i / 64] >> (i % 64) & 1 == 1, c.count_ones() as usize == n);
                }
            }
        }
    }

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
            g.set(Cell::at(0, 0), Digit::from_letter(b'K'));
            g.set(Cell::at(r, c), Digit::from_letter(b'K'));
            assert!(g.first_clash().is_some());
            assert!(solve(&g).is_none());
        }
        // No clash, but the empty corner cell sees all 16 letters.
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
        // A letter with no place in row 0: its first four cells are filled and every other
        // column already holds an A (in distinct rows and boxes, so nothing clashes).
        let mut g = Grid::empty();
        for (c, b) in b"BCDE".iter().enumerate() {
            g.set(Cell::at(0, c), Digit::from_letter(*b));
        }
        for band in 0..4 {
            for stack in 1..4 {
                let row = 4 * band + stack - 1 + usize::from(band == 0);
                g.set(Cell::at(row, 4 * stack + band), Digit::from_letter(b'A'));
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

    /// `solution` with `k` random cells kept.
    fn thinned(solution: &Grid, k: usize, rng: &mut Rng) -> Grid {
        let mut order: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut order);
        let mut g = Grid::empty();
        for &i in &order[..k] {
            g.set(Cell::from_index(i), solution.get(Cell::from_index(i)));
        }
        g
    }

    /// The board after queuing `puzzle`'s givens.
    fn queued(puzzle: &Grid, q: &mut Queue) -> Board {
        for i in 0..CELLS {
            if let Some(d) = puzzle.get(Cell::from_index(i)) {
                q.push(i, d.index() as u32);
            }
        }
        Board::new()
    }

    #[test]
    fn fast_and_portable_propagation_agree() {
        let solution = solve(&Grid::empty()).unwrap();
        let mut rng = Rng::new(11);
        let mut q = Queue::new();
        for round in 0..200 {
            let mut puzzle = thinned(&solution, rng.between(20, 200), &mut rng);
            if round % 3 == 0 {
                // A wrong letter somewhere: contradictions must agree too.
                let c = Cell::from_index(rng.below(CELLS));
                puzzle.set(c, Some(Digit::from_index(rng.below(16))));
            }
            let mut a = queued(&puzzle, &mut q);
            let ra = propagate_portable(&mut a, &mut q, round % 2 == 0).is_ok();
            q.clear();
            let mut b = queued(&puzzle, &mut q);
            let rb = propagate(&mut b, &mut q, round % 2 == 0).is_ok();
            q.clear();
            assert_eq!(ra, rb);
            if ra {
                assert!(a.cand == b.cand && a.places == b.places && a.value == b.value);
            }
        }
    }

    #[test]
    fn givens_in_one_pass_propagate_like_givens_one_by_one() {
        let solution = solve(&Grid::empty()).unwrap();
        let mut rng = Rng::new(12);
        let mut q = Queue::new();
        let mut seen = [0; 2];
        for round in 0..600 {
            let mut puzzle = thinned(&solution, rng.between(10, 240), &mut rng);
            if round % 2 == 0 {
                // A wrong letter somewhere (a clash, or a contradiction found later, or none).
                let c = Cell::from_index(rng.below(CELLS));
                puzzle.set(c, Some(Digit::from_index(rng.below(16))));
            }
            // Singles alone too: the board the givens leave, before locked candidates and
            // pairs add their removals.
            let locked = round % 3 != 0;
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
            assert_eq!(ra, rb, "round {}", round);
            seen[ra as usize] += 1;
        }
        assert!(
            seen[0] > 20 && seen[1] > 20,
            "both outcomes tried: {:?}",
            seen
        );
    }

    #[test]
    fn unit_masks_gather_each_units_cells() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let mut bits = [0u64; 4];
            for w in bits.iter_mut() {
                *w = rng.next_u64() & rng.next_u64();
            }
            let masks = unit_masks(&bits);
            for (unit, &mask) in masks.iter().enumerate() {
                let mut want = 0u16;
                for pos in 0..SIDE as u32 {
                    let i = unit_cell(unit, pos).index();
                    want |= (((bits[i / 64] >> (i % 64)) & 1) as u16) << pos;
                }
                assert_eq!(mask, want, "unit {}", unit);
            }
        }
    }

    #[test]
    fn smart_choice_is_a_two_letter_cell_with_most_links() {
        let p = grid(&SAMPLE);
        let mut q = Queue::new();
        let mut b = queued(&p, &mut q);
        propagate(&mut b, &mut q, true).ok().unwrap();
        // Two-letter peers sharing a letter, cell by cell.
        let links = |cell: usize| -> u32 {
            let x = Cell::from_index(cell);
            (0..CELLS)
                .filter(|&y| {
                    let c = b.cand[y];
                    x.sees(Cell::from_index(y)) && c.count_ones() == 2 && c & b.cand[cell] != 0
                })
                .count() as u32
        };
        let two = unit_masks(&two_letter_cells(&b.cand));
        for cell in (0..CELLS).filter(|&c| b.cand[c].count_ones() == 2) {
            assert_eq!(
                two_letter_links(&b, &two, cell),
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
                    assert_eq!((s0.count_ones(), s1.count_ones()), (2, 2));
                    assert_eq!(b.cand[c1], s1);
                    // The plain choice is the first two-letter cell the smart one looked at.
                    assert!(links(c1) >= links(c0));
                }
                other => panic!("expected two cell branches, got {:?}", other.0.is_some()),
            }
        }
    }
}
