//! The grid's text form, 9 rows of 9 cells: read straight from a block of text rows (SSE2 on
//! x86_64, a portable loop elsewhere), and written straight to text.

use crate::grid::{plane_index, Grid};

/// Bytes of a text block: 9 rows of 9 cells, each row followed by a line feed.
pub const BLOCK: usize = 90;

/// For a band cell `k` (`0..27`), its byte offset in the band's 30 bytes of text.
#[inline(always)]
fn text_offset(k: u32) -> usize {
    (k + k / 9) as usize
}

/// Of a band's 30 text bytes (bit = byte offset), the 27 cell bytes packed as band cells.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pack_band(bytes: u32) -> u32 {
    (bytes & 0x1ff) | (bytes >> 1 & 0x3fe00) | (bytes >> 2 & 0x7fc_0000)
}

/// The text of the empty grid.
const EMPTY_TEXT: [u8; BLOCK] = {
    let mut t = [b'0'; BLOCK];
    let mut r = 0;
    while r < 9 {
        t[10 * r + 9] = b'\n';
        r += 1;
    }
    t
};

/// [`EMPTY_TEXT`] at a fixed address, for vector loads: `'0'` at the cells, `'\n'` after
/// each row (digit values ORed into it never touch the line feeds).
#[cfg(target_arch = "x86_64")]
static EMPTY: [u8; BLOCK] = EMPTY_TEXT;

/// The 27 cell offsets among a band's 30 text bytes (the others are line feeds).
#[cfg(target_arch = "x86_64")]
const CELL_BYTES: u32 = ((1 << 30) - 1) & !(1 << 9 | 1 << 19 | 1 << 29);

impl Grid {
    /// The grid as 9 rows of 9 digits (`0` for an empty cell), each followed by a line feed.
    /// Each cell must hold at most one digit (else its byte is unspecified). O(81), a few
    /// dozen vector operations per band on x86_64.
    #[inline]
    pub fn to_lines(&self) -> [u8; BLOCK] {
        let mut text = [0; BLOCK];
        self.write_text(&mut text);
        text
    }

    /// [`Grid::to_lines`] into `out`.
    #[inline(always)]
    fn write_text(&self, out: &mut [u8; BLOCK]) {
        #[cfg(target_arch = "x86_64")]
        {
            self.write_text_sse2(out)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.write_text_portable(out)
        }
    }

    /// Portable [`Grid::write_text`]: one byte store per filled cell.
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 uses it in tests only
    fn write_text_portable(&self, out: &mut [u8; BLOCK]) {
        *out = EMPTY_TEXT;
        for (i, &plane) in self.planes.iter().enumerate() {
            let text = &mut out[30 * (i / 9)..30 * (i / 9) + 30];
            let digit = b'1' + (i % 9) as u8;
            let mut rest = plane;
            while rest != 0 {
                text[text_offset(rest.trailing_zeros())] = digit;
                rest &= rest - 1;
            }
        }
    }

    /// [`Grid::write_text`] with SSE2. Per band, the digit values are bit-sliced (`value`
    /// bit `j` of each cell, as 27-bit masks), spread to text offsets, and each slice's bits
    /// become bytes (broadcast, select one bit per byte, compare), ORed into `'0'` / `'\n'`.
    ///
    /// ```text
    ///   slice j = cells whose value has bit j:  j=0: 1 3 5 7 9  j=1: 2 3 6 7  j=2: 4 5 6 7
    ///   j=3: 8 9;  text offset of cell k = k + k / 9 (a zero bit under each line feed)
    ///   band text 0..30 = store A at 0 (bytes 0..16), then B at 14 (bytes 14..30)
    /// ```
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn write_text_sse2(&self, out: &mut [u8; BLOCK]) {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86_64 baseline; the loads read `EMPTY` at 0 and 14
        // (16 bytes each, of 90), the stores write `out` at 30 * b and 30 * b + 14 (b < 3).
        unsafe {
            let select = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
            // Bytes 0..16 of a text mask, one flag byte (0 or 0xff) per bit.
            let spread = |mask: u32| {
                let v = _mm_cvtsi32_si128(mask as i32);
                let v = _mm_unpacklo_epi8(v, v);
                let v = _mm_unpacklo_epi16(v, v);
                let v = _mm_unpacklo_epi32(v, v);
                _mm_cmpeq_epi8(_mm_and_si128(v, select), select)
            };
            let base = |at: usize| _mm_loadu_si128(EMPTY.as_ptr().add(at) as *const __m128i);
            for b in 0..3 {
                let p = &self.planes[9 * b..9 * b + 9];
                let slices = [
                    p[0] | p[2] | p[4] | p[6] | p[8],
                    p[1] | p[2] | p[5] | p[6],
                    p[3] | p[4] | p[5] | p[6],
                    p[7] | p[8],
                ];
                let (mut low, mut high) = (base(0), base(14));
                for (j, &slice) in slices.iter().enumerate() {
                    let text = (slice & 0x1ff) | (slice & 0x3fe00) << 1 | (slice & 0x7fc_0000) << 2;
                    let bit = _mm_set1_epi8(1 << j);
                    low = _mm_or_si128(low, _mm_and_si128(spread(text), bit));
                    high = _mm_or_si128(high, _mm_and_si128(spread(text >> 14), bit));
                }
                let at = out.as_mut_ptr().add(30 * b);
                _mm_storeu_si128(at as *mut __m128i, low);
                _mm_storeu_si128(at.add(14) as *mut __m128i, high);
            }
        }
    }

    /// Reads 9 rows of 9 cells (`1`..`9`, `0` or `.` for empty) from a block whose row `r`
    /// is at bytes `10 * r .. 10 * r + 9`; the bytes between rows are not looked at. `None`
    /// when a cell byte is anything else. O(1) vector work plus O(givens).
    pub(crate) fn from_block(block: &[u8; BLOCK]) -> Option<Grid> {
        let filled = filled_cells(block)?;
        let mut g = Grid::empty();
        for (b, &band) in filled.iter().enumerate() {
            let text = &block[30 * b..30 * b + 30];
            let mut rest = band;
            while rest != 0 {
                let k = rest.trailing_zeros();
                rest &= rest - 1;
                let d = text[text_offset(k)] - b'1';
                g.planes[plane_index(b, d as usize)] |= 1 << k;
            }
        }
        Some(g)
    }
}

/// For each band, its cells that hold a digit `1..=9`; `None` when some cell byte is not a
/// digit or `.`.
#[inline(always)]
fn filled_cells(block: &[u8; BLOCK]) -> Option<[u32; 3]> {
    #[cfg(target_arch = "x86_64")]
    {
        filled_cells_sse2(block)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        filled_cells_portable(block)
    }
}

/// Portable [`filled_cells`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 uses it in tests only
fn filled_cells_portable(block: &[u8; BLOCK]) -> Option<[u32; 3]> {
    let mut filled = [0u32; 3];
    for (r, row) in block.chunks_exact(10).enumerate() {
        for (c, &byte) in row[..9].iter().enumerate() {
            match byte {
                b'1'..=b'9' => filled[r / 3] |= 1 << (9 * (r % 3) + c),
                b'0' | b'.' => {}
                _ => return None,
            }
        }
    }
    Some(filled)
}

/// [`filled_cells`] with SSE2: a band's 30 bytes are two overlapping 16-byte loads (offsets 0
/// and 14), classified bytewise; `pmovmskb` turns each class into a bit per byte.
///
/// ```text
///   band text: r0c0 .. r0c8 \n r1c0 .. r1c8 \n r2c0 .. r2c8 \n     (bytes 0..30)
///   load A = bytes 0..16, load B = bytes 14..30:  mask = A | B << 14
/// ```
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn filled_cells_sse2(block: &[u8; BLOCK]) -> Option<[u32; 3]> {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline; the loads read 16 bytes at 30 * b and
    // 30 * b + 14 (b < 3), inside the 90-byte block.
    unsafe {
        // Signed byte compares suffice: bytes >= 0x80 are negative, outside every class.
        let below_zero = _mm_set1_epi8(b'0' as i8 - 1);
        let zero = _mm_set1_epi8(b'0' as i8);
        let above_nine = _mm_set1_epi8(b'9' as i8 + 1);
        let dot = _mm_set1_epi8(b'.' as i8);
        let classify = |at: usize| {
            let v = _mm_loadu_si128(block.as_ptr().add(at) as *const __m128i);
            let below_ten = _mm_cmpgt_epi8(above_nine, v);
            let cell = _mm_or_si128(
                _mm_and_si128(_mm_cmpgt_epi8(v, below_zero), below_ten),
                _mm_cmpeq_epi8(v, dot),
            );
            let digit = _mm_and_si128(_mm_cmpgt_epi8(v, zero), below_ten);
            (
                _mm_movemask_epi8(cell) as u32,
                _mm_movemask_epi8(digit) as u32,
            )
        };
        let mut filled = [0u32; 3];
        let mut bad = 0;
        for (b, f) in filled.iter_mut().enumerate() {
            let (cell_a, digit_a) = classify(30 * b);
            let (cell_b, digit_b) = classify(30 * b + 14);
            bad |= !(cell_a | cell_b << 14) & CELL_BYTES;
            *f = pack_band((digit_a | digit_b << 14) & CELL_BYTES);
        }
        if bad != 0 {
            None
        } else {
            Some(filled)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    const SAMPLE: &[u8] =
        b"103000509002109400000704000300502006060000050700803004000401000009205800804000107";

    fn block_of(line: &[u8]) -> [u8; BLOCK] {
        let mut block = [b'\n'; BLOCK];
        for r in 0..9 {
            block[10 * r..10 * r + 9].copy_from_slice(&line[9 * r..9 * r + 9]);
        }
        block
    }

    #[test]
    fn text_round_trip() {
        let grid = Grid::from_line(SAMPLE).unwrap();
        assert_eq!(grid.to_lines(), block_of(SAMPLE));
        let text = Grid::empty().to_lines();
        assert_eq!(&text[..20], b"000000000\n000000000\n");
    }

    #[test]
    fn vector_and_portable_text_agree() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        for _ in 0..3000 {
            // Random cells, one digit or none each: consistent or not, it does not matter here.
            let mut values = [0u8; 81];
            let density = next() % 11;
            for v in values.iter_mut() {
                if next() % 10 < density {
                    *v = (next() % 9 + 1) as u8;
                }
            }
            let grid = Grid::from_values(values);
            let fast = grid.to_lines();
            let mut plain = [0u8; BLOCK];
            grid.write_text_portable(&mut plain);
            assert_eq!(fast[..], plain[..]);
            let expected: Vec<u8> = (0..BLOCK)
                .map(|i| {
                    if i % 10 == 9 {
                        b'\n'
                    } else {
                        b'0' + values[i - i / 10]
                    }
                })
                .collect();
            assert_eq!(fast[..], expected[..]);
        }
    }

    #[test]
    fn blocks_read_like_grids() {
        let grid = Grid::from_line(SAMPLE).unwrap();
        let mut block = block_of(SAMPLE);
        assert_eq!(Grid::from_block(&block), Some(grid));
        // `.` is empty like `0`; the bytes between rows are ignored.
        block[1] = b'.';
        block[9] = b'x';
        assert_eq!(Grid::from_block(&block), Some(grid));
        block[89] = b'x';
        assert_eq!(Grid::from_block(&block), Some(grid));
        for bad in [b'x', b' ', b'/', b':', b'\n', 0x80, 0xff] {
            for at in [0, 8, 13, 15, 16, 28, 44, 75, 88] {
                let mut b = block;
                b[at] = bad;
                assert_eq!(Grid::from_block(&b), None, "{} at {}", bad, at);
            }
        }
    }

    #[test]
    fn vector_and_portable_agree() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = || rng.next_u64();
        // Mostly valid blocks with random digits, some with one random byte anywhere.
        let alphabet = b"0123456789.";
        for round in 0..3000 {
            let mut block = [b'\n'; BLOCK];
            for r in 0..9 {
                for c in 0..9 {
                    block[10 * r + c] = alphabet[(next() % 11) as usize];
                }
            }
            if round % 3 == 0 {
                block[(next() % BLOCK as u64) as usize] = next() as u8;
            }
            let portable = filled_cells_portable(&block);
            assert_eq!(filled_cells(&block), portable);
            if let Some(g) = Grid::from_block(&block) {
                let line: Vec<u8> = (0..81).map(|i| block[i + i / 9]).collect();
                assert_eq!(Some(g), Grid::from_line(&line));
            }
        }
    }
}
