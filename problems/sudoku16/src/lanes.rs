//! Lane-parallel operations on the board's sets, without a branch per set: 16 sets at a time
//! (one unit's) and 256 at a time (every cell's). SSE2 on x86_64 (always there), a scalar
//! twin elsewhere; each pair is tested equal.
//!
//! On easy puzzles (few nodes) the time goes to mispredicted branches as much as to
//! instructions, so the hottest data-dependent tests are branch-free: the cells `choose`
//! looks at come from these masks, and the root's place sets from a 16x16 bit transpose.

use crate::grid::{DigitSetBits, PlaceSet, CELLS, SIDE, UNITS};
use bits::ones;

/// The 16x16 bit matrix `rows` transposed: bit `j` of `out[i]` is bit `i` of `rows[j]`.
/// A unit's cells' digit sets in, the unit's place sets per digit out. O(1): 32 byte-mask
/// extractions with SSE2 (always there on x86_64), else [`transpose16_scalar`].
///
/// ```text
///   rows[j] (cell j's digits)    lo = low bytes of rows 0..15, hi = high bytes
///   out[7]  = movemask(lo)        (bit 7 of every byte: digit 7's places)
///   out[6]  = movemask(lo + lo)   (each byte doubled: bit 6 moves up to bit 7) ...
/// ```
#[inline]
pub fn transpose16(rows: &[u16; SIDE]) -> [u16; SIDE] {
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
pub fn transpose16_scalar(rows: &[u16; SIDE]) -> [u16; SIDE] {
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
pub fn empty_and_single(sets: &[u16; SIDE]) -> (u16, u16) {
    let (mut empty, mut single) = (0u16, 0u16);
    for (i, &p) in sets.iter().enumerate() {
        empty |= u16::from(p == 0) << i;
        single |= u16::from(p != 0 && p & p.wrapping_sub(1) == 0) << i;
    }
    (empty, single)
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
pub fn confined(places: &[PlaceSet; SIDE]) -> (DigitSetBits, DigitSetBits) {
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
pub fn confined_scalar(places: &[PlaceSet; SIDE]) -> (DigitSetBits, DigitSetBits) {
    let (mut nibble, mut column) = (0, 0);
    for (d, &p) in places.iter().enumerate() {
        let n = (0..4).filter(|k| p >> (4 * k) & 0xf != 0).count();
        let c = (0..4).filter(|k| p & (0x1111 << k) != 0).count();
        nibble |= u16::from(n <= 1) << d;
        column |= u16::from(c <= 1) << d;
    }
    (nibble, column)
}

/// Which of 16 sets equal `x`, as a mask (bit `i` for `sets[i]`). O(1): two SSE2 compares
/// (always there on x86_64), else [`equal_to_scalar`].
#[inline(always)]
pub fn equal_to(sets: &[u16; SIDE], x: u16) -> u16 {
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
pub fn equal_to_scalar(sets: &[u16; SIDE], x: u16) -> u16 {
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
pub fn exactly_two(sets: &[u16; SIDE]) -> u16 {
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
pub fn exactly_two_scalar(sets: &[u16; SIDE]) -> u16 {
    let mut out = 0;
    for (i, &x) in sets.iter().enumerate() {
        out |= u16::from(x.count_ones() == 2) << i;
    }
    out
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
pub fn unit_masks(bits: &[u64; 4]) -> [PlaceSet; UNITS] {
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

/// The fewest digits a cell with at least two holds, and those cells as a 256-bit mask (bit
/// `i % 64` of word `i / 64` for cell `i`); `(17, empty)` when no cell has two. Assigned cells
/// (one digit) are left out, so requires a propagated board (no open cell with one digit
/// left) for "open cells". O(CELLS / 8) SSE2 steps (always there on x86_64), else
/// [`fewest_digits_scalar`]; no branch per cell.
///
/// ```text
///   key = digits, or 32 + 1 for a cell with one digit (bit counts by halving:
///   pairs, nibbles, bytes, u16; then min over lanes, then which lanes equal it)
/// ```
#[inline(always)]
pub fn fewest_digits(cand: &[DigitSetBits; CELLS]) -> (u32, [u64; 4]) {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; each load reads 8 of the 256 digit sets.
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
        fewest_digits_scalar(cand)
    }
}

/// [`fewest_digits`] one cell at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub fn fewest_digits_scalar(cand: &[DigitSetBits; CELLS]) -> (u32, [u64; 4]) {
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
pub fn first_from(bits: &[u64; 4], start: usize) -> Option<usize> {
    for k in 0..5 {
        let (w, m) = cyclic_word(bits, start, k);
        if m != 0 {
            return Some(64 * w + m.trailing_zeros() as usize);
        }
    }
    None
}

/// Step `k` (0..5) of a cyclic scan of the 256-bit mask `bits` from bit `start`: the word's
/// index and its bits that step covers. Steps 0 and 4 take the start's word from `start` on
/// and before it, steps 1..4 the next three words whole, so the five steps see each bit once,
/// in order from `start`. O(1).
#[inline(always)]
pub fn cyclic_word(bits: &[u64; 4], start: usize, k: usize) -> (usize, u64) {
    let (first, from) = (start / 64, start % 64);
    let w = (first + k) % 4;
    let m = match k {
        0 => bits[w] & !0u64 << from,
        4 => bits[w] & !(!0u64 << from),
        _ => bits[w],
    };
    (w, m)
}

/// The cells whose digit set has exactly two digits (so open: an assigned cell keeps one),
/// as a 256-bit mask, bit `i % 64` of word `i / 64` for cell `i`. O(CELLS / 8) vector steps,
/// no branch per cell (a branch per cell mispredicted about half the time in the search's
/// hottest scan).
#[inline(always)]
pub fn two_digit_cells(cand: &[DigitSetBits; CELLS]) -> [u64; 4] {
    cells_with_digits::<2>(cand)
}

/// The cells with exactly `N` digits (`N` at most 2), as a 256-bit mask (bit `i % 64` of
/// word `i / 64` for cell `i`). O(CELLS / 8) vector steps with SSE2 (always there on
/// x86_64), else [`cells_with_digits_scalar`]; no branch per cell either way.
///
/// ```text
///   y = x & (x - 1)  (x without its lowest digit)     0 <=> x == 0
///   z = y & (y - 1)                                    1 <=> x != 0 and y == 0
///                                                      2 <=> y != 0 and z == 0
/// ```
#[inline(always)]
pub fn cells_with_digits<const N: usize>(cand: &[DigitSetBits; CELLS]) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86_64; each load reads 8 of the 256 digit sets.
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
        cells_with_digits_scalar::<N>(cand)
    }
}

/// [`cells_with_digits`] one cell at a time: the twin the SIMD one is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub fn cells_with_digits_scalar<const N: usize>(cand: &[DigitSetBits; CELLS]) -> [u64; 4] {
    let mut out = [0u64; 4];
    for (i, &x) in cand.iter().enumerate() {
        out[i / 64] |= u64::from(x.count_ones() as usize == N) << (i % 64);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::unit_cell;
    use rng::Rng;

    #[test]
    fn transpose_matches_its_scalar_twin() {
        let mut rng = Rng::new(7);
        let mut rows = [0u16; SIDE];
        for trial in 0..500 {
            for r in rows.iter_mut() {
                // Dense, sparse and single-bit rows alike.
                *r = match trial % 3 {
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
    fn fewest_digits_match_the_scalar_twin() {
        let mut rng = Rng::new(10);
        let mut cand = [0 as DigitSetBits; CELLS];
        for trial in 0..300 {
            let most = 2 + trial % 15;
            for c in cand.iter_mut() {
                // Many single-digit (assigned) cells, the others 2..=most digits.
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
            if trial % 50 == 0 {
                // All assigned.
                for c in cand.iter_mut() {
                    *c = 1 << rng.below(16);
                }
            }
            let got = fewest_digits(&cand);
            assert_eq!(got, fewest_digits_scalar(&cand));
            let counts = cand.iter().map(|x| x.count_ones()).filter(|&n| n > 1);
            assert_eq!(got.0, counts.min().unwrap_or(17));
        }
    }

    #[test]
    fn confined_matches_the_scalar_twin() {
        let mut rng = Rng::new(13);
        let mut sets = [0u16; SIDE];
        for trial in 0..500 {
            for x in sets.iter_mut() {
                // Empty, one box or row, one column, or anything.
                *x = match rng.below(4 + trial % 3) {
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
        for trial in 0..500 {
            for x in sets.iter_mut() {
                *x = match rng.below(4 + trial % 3) {
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
    fn cells_with_digits_match_the_scalar_twin() {
        let mut rng = Rng::new(8);
        let mut cand = [0 as DigitSetBits; CELLS];
        for trial in 0..300 {
            for c in cand.iter_mut() {
                *c = match rng.below(4 + trial % 3) {
                    0 => 0,
                    1 => 1 << rng.below(16),
                    2 => (1 << rng.below(16)) | (1 << rng.below(16)),
                    _ => rng.below(1 << 16) as DigitSetBits,
                };
            }
            let masks = [
                cells_with_digits::<0>(&cand),
                cells_with_digits::<1>(&cand),
                cells_with_digits::<2>(&cand),
            ];
            assert_eq!(masks[0], cells_with_digits_scalar::<0>(&cand));
            assert_eq!(masks[1], cells_with_digits_scalar::<1>(&cand));
            assert_eq!(masks[2], cells_with_digits_scalar::<2>(&cand));
            assert_eq!(two_digit_cells(&cand), masks[2]);
            for (i, &c) in cand.iter().enumerate() {
                for (n, m) in masks.iter().enumerate() {
                    assert_eq!(m[i / 64] >> (i % 64) & 1 == 1, c.count_ones() as usize == n);
                }
            }
        }
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
}
