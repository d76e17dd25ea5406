//! Lane-parallel helpers on arrays of 28 words: SSE2 on x86_64 (always present there), a
//! portable loop elsewhere; both give the same answers (tested against each other).

/// Number of words the helpers take: 27 planes and one pad that stays zero, so that the array
/// is exactly seven 128-bit vectors.
pub const LANES: usize = 28;

/// The set of indices `i` (bit `i`) where `a[i] != b[i]`. O(28), seven vector compares.
#[inline(always)]
pub fn differing(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86_64 baseline; the loads stay inside the arrays.
        unsafe { differing_sse2(a, b) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        differing_scalar(a, b)
    }
}

/// Portable [`differing`].
#[inline(always)]
pub fn differing_scalar(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    let mut set = 0;
    for i in 0..LANES {
        set |= ((a[i] != b[i]) as u32) << i;
    }
    set
}

/// [`differing`] with SSE2: the 32-bit equality masks of 8 lanes are packed to bytes, so one
/// `pmovmskb` yields 16 flags.
///
/// ```text
///   cmpeq(a, b) x 7  ->  packs 32->16 in pairs  ->  packs 16->8  ->  movemask: lanes 0..16,
///                                                                   then 16..28
/// ```
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn differing_sse2(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    use std::arch::x86_64::*;
    let pa = a.as_ptr() as *const __m128i;
    let pb = b.as_ptr() as *const __m128i;
    let eq = |k: usize| _mm_cmpeq_epi32(_mm_loadu_si128(pa.add(k)), _mm_loadu_si128(pb.add(k)));
    let low = _mm_packs_epi16(_mm_packs_epi32(eq(0), eq(1)), _mm_packs_epi32(eq(2), eq(3)));
    let high = _mm_packs_epi16(
        _mm_packs_epi32(eq(4), eq(5)),
        _mm_packs_epi32(eq(6), _mm_setzero_si128()),
    );
    let same = _mm_movemask_epi8(low) as u32 | (_mm_movemask_epi8(high) as u32) << 16;
    !same & ((1 << LANES) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator, enough for test states.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn differing_agrees_with_the_scalar_loop() {
        let mut rng = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            let mut a = [0u32; LANES];
            for w in a.iter_mut() {
                *w = next(&mut rng) as u32 & ((1 << 27) - 1);
            }
            let mut b = a;
            // Change a random subset of words, sometimes none, sometimes all.
            let mask = next(&mut rng) as u32 & next(&mut rng) as u32;
            for (i, w) in b.iter_mut().enumerate() {
                if mask >> i & 1 != 0 {
                    *w ^= 1 << (next(&mut rng) % 32);
                }
            }
            let expected = mask & ((1 << LANES) - 1);
            assert_eq!(differing_scalar(&a, &b), expected);
            assert_eq!(differing(&a, &b), expected);
        }
        let a = [0u32; LANES];
        let mut b = a;
        b[27] = 1;
        b[0] = u32::MAX;
        assert_eq!(differing(&a, &b), 1 | 1 << 27);
    }
}
