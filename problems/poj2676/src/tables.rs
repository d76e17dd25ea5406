//! The solver's tables, built at compile time: which minirows of a band plane lie on a
//! (row -> box) permutation, found through a multiply hash of the non-empty minirows, and
//! which planes hold the same digit in the other bands.
//!
//! Planes, bands and minirows are those of [`Grid`](crate::grid::Grid). Within a
//! band a digit fills one minirow in each row and one in each box: a permutation of the 3x3
//! (row, box) minirow grid, six in all. Keeping only the minirows on some permutation still
//! possible does pointing, claiming and more in one step.

/// The table of [`permutation_keep`] by occupancy, for tests.
#[cfg(test)]
pub const PERMUTATION_KEEP: [u32; 512] = permutation_keep();
/// The table of [`permutation_keep`] indexed by [`minirow_index`] instead of occupancy.
const KEEP_BY_MINIROW_INDEX: [u32; 512] = keep_by_minirow_index();
/// The same for any 3x3 bit matrix (bit `3 * i + j`): the entries on some permutation
/// inside it, as a matrix; 0 when none. The reference for [`crate::bands::stack_rule`] in
/// tests.
#[cfg(test)]
pub const PERMUTATION_KEEP_3X3: [u16; 512] = permutation_keep_3x3();

/// The cells of a band plane that lie on some (row -> box) permutation of its non-empty
/// minirows: pointing, claiming and more in one step; 0 when no permutation is left. O(1):
/// one multiply and one lookup in a 2 KiB table.
#[inline(always)]
pub fn on_permutations(plane: u32) -> u32 {
    plane & KEEP_BY_MINIROW_INDEX[minirow_index(plane)]
}

/// For an occupancy of the 9 minirows (bit `3 * row + box`): the band cells of the minirows
/// that lie on some (row -> box) permutation inside the occupancy; 0 when none does.
const fn permutation_keep() -> [u32; 512] {
    // The six permutations as (box of row 0, box of row 1, box of row 2).
    const PERMS: [[usize; 3]; 6] = sudoku::PERMUTATIONS_OF_3;
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut p = 0;
        while p < 6 {
            let mut minirows = 0usize;
            let mut r = 0;
            while r < 3 {
                minirows |= 1 << (3 * r + PERMS[p][r]);
                r += 1;
            }
            if occ & minirows == minirows {
                let mut m = 0;
                while m < 9 {
                    if minirows >> m & 1 != 0 {
                        // minirow (r, k) = bits 9r + 3k ..= 9r + 3k + 2
                        t[occ] |= 7 << (9 * (m / 3) + 3 * (m % 3));
                    }
                    m += 1;
                }
            }
            p += 1;
        }
        occ += 1;
    }
    t
}

/// Builds [`KEEP_BY_MINIROW_INDEX`], failing the build if [`MINIROW_HASH`] is not
/// one-to-one on the 512 occupancies.
const fn keep_by_minirow_index() -> [u32; 512] {
    let keep = permutation_keep();
    let mut t = [0u32; 512];
    let mut filled = [false; 512];
    let mut occupancy = 0;
    while occupancy < 512 {
        // Minirow m = 3 * row + box starts at band bit 3m: its flag is bit 3m + 2.
        let index = index_of_minirow_flags(minirow_flags_of(occupancy));
        assert!(!filled[index], "MINIROW_HASH must be one-to-one");
        filled[index] = true;
        t[index] = keep[occupancy];
        occupancy += 1;
    }
    t
}

/// Builds [`PERMUTATION_KEEP_3X3`] from [`permutation_keep`].
#[cfg(test)]
const fn permutation_keep_3x3() -> [u16; 512] {
    let cells = permutation_keep();
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut m = 0;
        while m < 9 {
            // Entry m is kept when the first cell of its minirow is.
            if cells[occ] >> (9 * (m / 3) + 3 * (m % 3)) & 1 != 0 {
                t[occ] |= 1 << m;
            }
            m += 1;
        }
        occ += 1;
    }
    t
}

/// The cells of the three minirows of each (row -> box) permutation, in the order of
/// [`sudoku::PERMUTATIONS_OF_3`].
pub const PERMUTATION_CELLS: [u32; 6] = permutation_cells();

/// Builds [`PERMUTATION_CELLS`].
const fn permutation_cells() -> [u32; 6] {
    const PERMS: [[usize; 3]; 6] = sudoku::PERMUTATIONS_OF_3;
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 7 << (9 * r + 3 * PERMS[p][r]);
            r += 1;
        }
        p += 1;
    }
    t
}

/// The minirow flags (bit `3m + 2` for minirow `m = 3 * row + box`) of an occupancy (bit `m`).
const fn minirow_flags_of(occupancy: usize) -> u32 {
    let mut flags = 0u32;
    let mut m = 0;
    while m < 9 {
        if occupancy >> m & 1 != 0 {
            flags |= 1 << (3 * m + 2);
        }
        m += 1;
    }
    flags
}

/// For each plane index, the planes of the same digit in the other two bands.
pub const SAME_DIGIT: [[u8; 2]; 27] = same_digit();

/// Builds [`SAME_DIGIT`].
const fn same_digit() -> [[u8; 2]; 27] {
    let mut t = [[0u8; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        t[i] = [(9 * ((b + 1) % 3) + d) as u8, (9 * ((b + 2) % 3) + d) as u8];
        i += 1;
    }
    t
}

/// Multiplier that gathers the nine minirow flags of a band plane (bits `3m + 2`) into the
/// top 9 bits of a `u32`, one-to-one (found by search; checked when the table is built).
const MINIROW_HASH: u32 = 0x0180_1010;

/// A 9-bit index of the set of non-empty minirows of a band plane: one multiply, no table.
/// Different sets give different indices (a perfect hash, not a bit layout).
///
/// ```text
///   minirow m = 3 bits, 3m ..= 3m + 2:   (c2 c1 c0)
///   (c1 c0) + 0b11 carries into bit 3m + 2 iff c1 | c0; or c2: the minirow's flag
///   flags * MINIROW_HASH >> 23:          the index
/// ```
#[inline(always)]
fn minirow_index(plane: u32) -> usize {
    const LOW_TWO: u32 = 0o333_333_333;
    const TOP: u32 = 0o444_444_444;
    let flags = (((plane & LOW_TWO) + LOW_TWO) | plane) & TOP;
    index_of_minirow_flags(flags)
}

/// [`minirow_index`] from the flags (bits `3m + 2`).
#[inline(always)]
const fn index_of_minirow_flags(flags: u32) -> usize {
    (flags.wrapping_mul(MINIROW_HASH) >> 23) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::BAND;

    #[test]
    fn permutation_table() {
        // Full occupancy keeps everything; a single missing minirow still leaves perms.
        assert_eq!(PERMUTATION_KEEP[511], BAND);
        assert_eq!(PERMUTATION_KEEP[0], 0);
        // Only the diagonal: exactly that permutation.
        let diag = 1 | 1 << 4 | 1 << 8;
        assert_eq!(PERMUTATION_KEEP[diag], 7 | 7 << 12 | 7 << 24);
        // Row 0 only in box 0 (pointing): box 0 leaves rows 1 and 2.
        let occ = 0b111_111_001;
        let keep = PERMUTATION_KEEP[occ];
        assert_eq!(keep & (7 << 9), 0);
        assert_eq!(keep & (7 << 18), 0);
        assert_eq!(keep & 7, 7);
        // Two rows confined to the same single box: impossible.
        assert_eq!(PERMUTATION_KEEP[0b111_001_001], 0);
        // Row 0 in boxes 0 and 2 (cells 1, 8), row 2 in box 1 (cell 22): minirows 0, 2, 7.
        assert_eq!(
            minirow_index(1 << 1 | 1 << 8 | 1 << 22),
            index_of_minirow_flags(1 << 2 | 1 << 8 | 1 << 23)
        );
        for (occ, &keep) in PERMUTATION_KEEP.iter().enumerate() {
            let mut plane = 0;
            for m in 0..9 {
                if occ >> m & 1 != 0 {
                    // Any non-empty cell pattern of the minirow gives the same index.
                    let cells = ((occ + m) % 7 + 1) as u32;
                    plane |= cells << (9 * (m / 3) + 3 * (m % 3));
                }
            }
            assert_eq!(KEEP_BY_MINIROW_INDEX[minirow_index(plane)], keep);
        }
    }
}
