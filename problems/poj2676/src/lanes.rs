//! Lane-parallel helpers on arrays of 28 words: SSE2 on x86_64 (always present there), a
//! portable loop elsewhere; both give the same answers (tested against each other). Also the
//! 8-lane AVX2 type, for routines that run once AVX2 is detected: crate-private, as its safe
//! methods run AVX2 instructions that only the crate's detection makes sound.

use std::ops::{BitAnd, BitOr, BitXor};

/// Number of words the helpers take: 27 planes and one pad that stays zero, so that the array
/// is exactly seven 128-bit vectors.
pub const LANES: usize = 28;

/// Words processed side by side: `u32` (one lane) or [`U32x4`] (four), so that one generic
/// routine serves both the vector path and the portable one.
pub trait Lanes:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self>
{
    /// Lanes per value (the generic routines' docs count their words with it).
    #[allow(dead_code)]
    const WIDTH: usize;
    /// Every lane `x`.
    fn splat(x: u32) -> Self;
    /// Words `at .. at + WIDTH` of `words`. Panics past the end.
    fn load(words: &[u32; LANES], at: usize) -> Self;
    /// Stores into words `at .. at + WIDTH`. Panics past the end.
    fn store(self, words: &mut [u32; LANES], at: usize);
    /// Each lane shifted left by `n` (`n < 32`).
    fn shl(self, n: u32) -> Self;
    /// Each lane shifted right by `n` (`n < 32`).
    fn shr(self, n: u32) -> Self;
    /// `self & !other`, lanewise.
    fn and_not(self, other: Self) -> Self;
    /// `self + other`, lanewise, wrapping.
    fn add(self, other: Self) -> Self;
    /// Whether every lane equals the same lane of `other`.
    fn all_eq(self, other: Self) -> bool;
    /// Saturating counts (lane bits set where at least 1, 2, 3, 4 items were seen) of all
    /// lanes added together, in every lane: a bit-sliced sum across the lanes, as
    /// [`add_counts`] of each lane with every other.
    fn fold_counts(counts: [Self; 4]) -> [Self; 4];
}

/// `f` on each of four values. (Not `array::map`, which is not always inlined, and a call out
/// of a `#[target_feature]` function loses its vector code.)
#[inline(always)]
pub fn each<V: Copy>(values: [V; 4], f: impl Fn(V) -> V) -> [V; 4] {
    [f(values[0]), f(values[1]), f(values[2]), f(values[3])]
}

/// Two saturating counts (bits set where at least 1, 2, 3, 4 items were seen) added: the total
/// is at least k iff one has at least i and the other at least k - i. Branch-free.
#[inline(always)]
pub fn add_counts<V: Lanes>(a: [V; 4], b: [V; 4]) -> [V; 4] {
    let [a1, a2, a3, a4] = a;
    let [b1, b2, b3, b4] = b;
    [
        a1 | b1,
        a2 | b2 | a1 & b1,
        a3 | b3 | a2 & b1 | a1 & b2,
        a4 | b4 | a3 & b1 | a2 & b2 | a1 & b3,
    ]
}

impl Lanes for u32 {
    const WIDTH: usize = 1;
    #[inline(always)]
    fn splat(x: u32) -> u32 {
        x
    }
    #[inline(always)]
    fn load(words: &[u32; LANES], at: usize) -> u32 {
        words[at]
    }
    #[inline(always)]
    fn store(self, words: &mut [u32; LANES], at: usize) {
        words[at] = self;
    }
    #[inline(always)]
    fn shl(self, n: u32) -> u32 {
        self << n
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u32 {
        self >> n
    }
    #[inline(always)]
    fn and_not(self, other: u32) -> u32 {
        self & !other
    }
    #[inline(always)]
    fn add(self, other: u32) -> u32 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn all_eq(self, other: u32) -> bool {
        self == other
    }
    #[inline(always)]
    fn fold_counts(counts: [u32; 4]) -> [u32; 4] {
        counts
    }
}

/// Four `u32` lanes in an SSE2 register.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct U32x4(std::arch::x86_64::__m128i);

/// Eight `u32` lanes in an AVX2 register. Its operations are meant to be inlined into
/// `#[target_feature(enable = "avx2")]` functions only, called once AVX2 is detected; its
/// methods are safe to call only there, so the type never leaves the crate.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct U32x8(std::arch::x86_64::__m256i);

#[cfg(target_arch = "x86_64")]
mod x86_avx2 {
    // SAFETY (every `unsafe` here): only reached from functions that run after
    // `is_x86_feature_detected!("avx2")`; loads and stores are bounds-checked first.
    use super::{add_counts, each, Lanes, U32x8, LANES};
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitOr, BitXor};

    impl BitAnd for U32x8 {
        type Output = U32x8;
        #[inline(always)]
        fn bitand(self, o: U32x8) -> U32x8 {
            U32x8(unsafe { _mm256_and_si256(self.0, o.0) })
        }
    }
    impl BitOr for U32x8 {
        type Output = U32x8;
        #[inline(always)]
        fn bitor(self, o: U32x8) -> U32x8 {
            U32x8(unsafe { _mm256_or_si256(self.0, o.0) })
        }
    }
    impl BitXor for U32x8 {
        type Output = U32x8;
        #[inline(always)]
        fn bitxor(self, o: U32x8) -> U32x8 {
            U32x8(unsafe { _mm256_xor_si256(self.0, o.0) })
        }
    }
    impl U32x8 {
        /// The lanes in order, lane 0 first.
        #[inline(always)]
        pub fn new(lanes: [u32; 8]) -> U32x8 {
            let [a, b, c, d, e, f, g, h] = lanes.map(|x| x as i32);
            U32x8(unsafe { _mm256_setr_epi32(a, b, c, d, e, f, g, h) })
        }
        /// The eight lanes.
        #[inline(always)]
        pub fn lanes(self) -> [u32; 8] {
            let mut out = [0u32; 8];
            unsafe { _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, self.0) };
            out
        }
        /// Lanes 4..8 then lanes 0..4: the two 128-bit halves swapped.
        #[inline(always)]
        pub fn swap_halves(self) -> U32x8 {
            U32x8(unsafe { _mm256_permute2x128_si256::<1>(self.0, self.0) })
        }
        /// Lanes 2, 3, 0, 1 of each half.
        #[inline(always)]
        pub fn swap_pairs(self) -> U32x8 {
            U32x8(unsafe { _mm256_shuffle_epi32::<0x4e>(self.0) })
        }
        /// Lanes 1, 0, 3, 2 of each half.
        #[inline(always)]
        pub fn swap_neighbours(self) -> U32x8 {
            U32x8(unsafe { _mm256_shuffle_epi32::<0xb1>(self.0) })
        }
    }

    impl Lanes for U32x8 {
        const WIDTH: usize = 8;
        #[inline(always)]
        fn splat(x: u32) -> U32x8 {
            U32x8(unsafe { _mm256_set1_epi32(x as i32) })
        }
        #[inline(always)]
        fn load(words: &[u32; LANES], at: usize) -> U32x8 {
            let w = &words[at..at + 8];
            U32x8(unsafe { _mm256_loadu_si256(w.as_ptr() as *const __m256i) })
        }
        #[inline(always)]
        fn store(self, words: &mut [u32; LANES], at: usize) {
            let w = &mut words[at..at + 8];
            unsafe { _mm256_storeu_si256(w.as_mut_ptr() as *mut __m256i, self.0) }
        }
        #[inline(always)]
        fn shl(self, n: u32) -> U32x8 {
            U32x8(unsafe { _mm256_sll_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
        }
        #[inline(always)]
        fn shr(self, n: u32) -> U32x8 {
            U32x8(unsafe { _mm256_srl_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
        }
        #[inline(always)]
        fn and_not(self, other: U32x8) -> U32x8 {
            U32x8(unsafe { _mm256_andnot_si256(other.0, self.0) })
        }
        #[inline(always)]
        fn add(self, other: U32x8) -> U32x8 {
            U32x8(unsafe { _mm256_add_epi32(self.0, other.0) })
        }
        #[inline(always)]
        fn all_eq(self, other: U32x8) -> bool {
            unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi32(self.0, other.0)) == -1 }
        }
        #[inline(always)]
        fn fold_counts(counts: [U32x8; 4]) -> [U32x8; 4] {
            let halves = add_counts(counts, each(counts, U32x8::swap_halves));
            let pairs = add_counts(halves, each(halves, U32x8::swap_pairs));
            add_counts(pairs, each(pairs, U32x8::swap_neighbours))
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    // SAFETY (every `unsafe` here): SSE2 is part of the x86_64 baseline, and loads and stores
    // are bounds-checked first.
    use super::{add_counts, each, Lanes, U32x4, LANES};
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitOr, BitXor};

    impl BitAnd for U32x4 {
        type Output = U32x4;
        #[inline(always)]
        fn bitand(self, o: U32x4) -> U32x4 {
            U32x4(unsafe { _mm_and_si128(self.0, o.0) })
        }
    }
    impl BitOr for U32x4 {
        type Output = U32x4;
        #[inline(always)]
        fn bitor(self, o: U32x4) -> U32x4 {
            U32x4(unsafe { _mm_or_si128(self.0, o.0) })
        }
    }
    impl BitXor for U32x4 {
        type Output = U32x4;
        #[inline(always)]
        fn bitxor(self, o: U32x4) -> U32x4 {
            U32x4(unsafe { _mm_xor_si128(self.0, o.0) })
        }
    }
    impl U32x4 {
        /// The lanes `[a, b, c, d]`.
        #[inline(always)]
        pub fn new(lanes: [u32; 4]) -> U32x4 {
            let [a, b, c, d] = lanes.map(|x| x as i32);
            U32x4(unsafe { _mm_set_epi32(d, c, b, a) })
        }
        /// The four lanes.
        #[inline(always)]
        pub fn lanes(self) -> [u32; 4] {
            let mut out = [0u32; 4];
            unsafe { _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, self.0) };
            out
        }
        /// Lanes 2, 3, 0, 1.
        #[inline(always)]
        fn swap_pairs(self) -> U32x4 {
            U32x4(unsafe { _mm_shuffle_epi32::<0x4e>(self.0) })
        }
        /// Lanes 1, 0, 3, 2.
        #[inline(always)]
        fn swap_neighbours(self) -> U32x4 {
            U32x4(unsafe { _mm_shuffle_epi32::<0xb1>(self.0) })
        }
    }

    impl Lanes for U32x4 {
        const WIDTH: usize = 4;
        #[inline(always)]
        fn splat(x: u32) -> U32x4 {
            U32x4(unsafe { _mm_set1_epi32(x as i32) })
        }
        #[inline(always)]
        fn load(words: &[u32; LANES], at: usize) -> U32x4 {
            let w = &words[at..at + 4];
            U32x4(unsafe { _mm_loadu_si128(w.as_ptr() as *const __m128i) })
        }
        #[inline(always)]
        fn store(self, words: &mut [u32; LANES], at: usize) {
            let w = &mut words[at..at + 4];
            unsafe { _mm_storeu_si128(w.as_mut_ptr() as *mut __m128i, self.0) }
        }
        #[inline(always)]
        fn shl(self, n: u32) -> U32x4 {
            U32x4(unsafe { _mm_sll_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
        }
        #[inline(always)]
        fn shr(self, n: u32) -> U32x4 {
            U32x4(unsafe { _mm_srl_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
        }
        #[inline(always)]
        fn and_not(self, other: U32x4) -> U32x4 {
            U32x4(unsafe { _mm_andnot_si128(other.0, self.0) })
        }
        #[inline(always)]
        fn add(self, other: U32x4) -> U32x4 {
            U32x4(unsafe { _mm_add_epi32(self.0, other.0) })
        }
        #[inline(always)]
        fn all_eq(self, other: U32x4) -> bool {
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(self.0, other.0)) == 0xffff }
        }
        #[inline(always)]
        fn fold_counts(counts: [U32x4; 4]) -> [U32x4; 4] {
            let pairs = add_counts(counts, each(counts, U32x4::swap_pairs));
            add_counts(pairs, each(pairs, U32x4::swap_neighbours))
        }
    }
}

/// The set of indices `i` (bit `i`) where `a[i] != b[i]`. O(28), seven vector compares.
#[inline(always)]
pub fn differing(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        differing_sse2(a, b)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        differing_portable(a, b)
    }
}

/// Portable [`differing`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 tests it only
#[inline(always)]
pub fn differing_portable(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
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
fn differing_sse2(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline; the seven loads of each array stay inside
    // its 28 words.
    unsafe {
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
}

/// The bits set in at least one, and in at least two, of the nine words `at .. at + 9`
/// (one band's planes: a cell's candidate count is 0, 1 or more). Panics past the end. O(1).
#[inline(always)]
pub fn covered_once_twice(words: &[u32; LANES], at: usize) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        let nine = &words[at..at + 9];
        let (one, two) = covered_once_twice_sse2(nine);
        (one | nine[8], two | one & nine[8])
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        covered_once_twice_portable(words, at)
    }
}

/// Portable [`covered_once_twice`]: a bit-sliced counter saturating at two.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 tests it only
#[inline(always)]
pub fn covered_once_twice_portable(words: &[u32; LANES], at: usize) -> (u32, u32) {
    let (mut one, mut two) = (0, 0);
    for &w in &words[at..at + 9] {
        two |= one & w;
        one |= w;
    }
    (one, two)
}

/// [`covered_once_twice`] of the first eight of `nine` words with SSE2: the two halves first,
/// then the lanes folded in halves twice. `(one, two)` merge as `(a1 | b1, a2 | b2 | a1 & b1)`.
///
/// ```text
///   lanes  [w0|w4  w1|w5  w2|w6  w3|w7]  -> fold lanes 2,3 onto 0,1 -> fold lane 1 onto 0
/// ```
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn covered_once_twice_sse2(nine: &[u32]) -> (u32, u32) {
    use std::arch::x86_64::*;
    let eight = &nine[..8];
    // SAFETY: SSE2 is part of the x86_64 baseline; the two loads read `eight`.
    unsafe {
        let a = _mm_loadu_si128(eight.as_ptr() as *const __m128i);
        let b = _mm_loadu_si128(eight.as_ptr().add(4) as *const __m128i);
        let (mut one, mut two) = (_mm_or_si128(a, b), _mm_and_si128(a, b));
        // 0b01_00_11_10: lanes (2, 3, 0, 1); then 0b10_11_00_01: lanes (1, 0, 3, 2).
        let o = _mm_shuffle_epi32(one, 0b01_00_11_10);
        let t = _mm_shuffle_epi32(two, 0b01_00_11_10);
        two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, o));
        one = _mm_or_si128(one, o);
        let o = _mm_shuffle_epi32(one, 0b10_11_00_01);
        let t = _mm_shuffle_epi32(two, 0b10_11_00_01);
        two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, o));
        one = _mm_or_si128(one, o);
        (_mm_cvtsi128_si32(one) as u32, _mm_cvtsi128_si32(two) as u32)
    }
}

/// The bits set in at least one, two, and three of the nine words `at .. at + 9` (a cell's
/// candidate count, saturating at three). Panics past the end. O(1).
#[inline(always)]
pub fn covered_to_thrice(words: &[u32; LANES], at: usize) -> (u32, u32, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        let nine = &words[at..at + 9];
        let (one, two, three) = covered_to_thrice_sse2(nine);
        let w = nine[8];
        (one | w, two | one & w, three | two & w)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        covered_to_thrice_portable(words, at)
    }
}

/// Portable [`covered_to_thrice`]: a bit-sliced counter saturating at three.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 tests it only
#[inline(always)]
pub fn covered_to_thrice_portable(words: &[u32; LANES], at: usize) -> (u32, u32, u32) {
    let (mut one, mut two, mut three) = (0, 0, 0);
    for &w in &words[at..at + 9] {
        three |= two & w;
        two |= one & w;
        one |= w;
    }
    (one, two, three)
}

/// [`covered_to_thrice`] of the first eight of `nine` words with SSE2, folded as in
/// [`covered_once_twice_sse2`]; counts merge as `three = a3 | b3 | a2 & b1 | a1 & b2`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn covered_to_thrice_sse2(nine: &[u32]) -> (u32, u32, u32) {
    use std::arch::x86_64::*;
    let eight = &nine[..8];
    // SAFETY: SSE2 is part of the x86_64 baseline; the two loads read `eight`.
    unsafe {
        let a = _mm_loadu_si128(eight.as_ptr() as *const __m128i);
        let b = _mm_loadu_si128(eight.as_ptr().add(4) as *const __m128i);
        let (mut one, mut two, mut three) =
            (_mm_or_si128(a, b), _mm_and_si128(a, b), _mm_setzero_si128());
        macro_rules! fold {
            ($lanes:expr) => {
                let o = _mm_shuffle_epi32(one, $lanes);
                let t = _mm_shuffle_epi32(two, $lanes);
                let h = _mm_shuffle_epi32(three, $lanes);
                three = _mm_or_si128(
                    _mm_or_si128(three, h),
                    _mm_or_si128(_mm_and_si128(two, o), _mm_and_si128(one, t)),
                );
                two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, o));
                one = _mm_or_si128(one, o);
            };
        }
        fold!(0b01_00_11_10);
        fold!(0b10_11_00_01);
        (
            _mm_cvtsi128_si32(one) as u32,
            _mm_cvtsi128_si32(two) as u32,
            _mm_cvtsi128_si32(three) as u32,
        )
    }
}

/// Which of the nine words `at .. at + 9` hold all of `bits` (bit `i` for word `at + i`).
/// Panics past the end. O(1).
#[inline(always)]
pub fn holding(words: &[u32; LANES], at: usize, bits: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let nine = &words[at..at + 9];
        let first_eight = holding_sse2(nine, bits);
        first_eight | ((nine[8] & bits == bits) as u32) << 8
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        holding_portable(words, at, bits)
    }
}

/// Portable [`holding`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 tests it only
#[inline(always)]
pub fn holding_portable(words: &[u32; LANES], at: usize, bits: u32) -> u32 {
    let mut set = 0;
    for (i, &w) in words[at..at + 9].iter().enumerate() {
        set |= ((w & bits == bits) as u32) << i;
    }
    set
}

/// [`holding`] of the first eight of `nine` words with SSE2: one compare per four words, and
/// the lanes' sign bits as the answer (`movmskps`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn holding_sse2(nine: &[u32], bits: u32) -> u32 {
    use std::arch::x86_64::*;
    let eight = &nine[..8];
    // SAFETY: SSE2 is part of the x86_64 baseline; the two loads read `eight`.
    unsafe {
        let b = _mm_set1_epi32(bits as i32);
        let hold = |v: __m128i| {
            let eq = _mm_cmpeq_epi32(_mm_and_si128(v, b), b);
            _mm_movemask_ps(_mm_castsi128_ps(eq)) as u32
        };
        let p = eight.as_ptr();
        hold(_mm_loadu_si128(p as *const __m128i))
            | hold(_mm_loadu_si128(p.add(4) as *const __m128i)) << 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    /// Applies a generic lane function with `U32x4` and lane by lane with `u32`.
    #[cfg(target_arch = "x86_64")]
    fn both<F4, F1>(words: &[u32; LANES], f4: F4, f1: F1) -> ([u32; LANES], [u32; LANES])
    where
        F4: Fn(U32x4) -> U32x4,
        F1: Fn(u32) -> u32,
    {
        let (mut wide, mut narrow) = (*words, *words);
        for at in (0..LANES).step_by(4) {
            f4(U32x4::load(words, at)).store(&mut wide, at);
        }
        for (n, &w) in narrow.iter_mut().zip(words) {
            *n = f1(w);
        }
        (wide, narrow)
    }

    /// Saturating counts (at least 1, 2, 3, 4 of the items) per bit, item by item.
    fn counts_of(items: &[u32]) -> [u32; 4] {
        let mut counts = [0; 4];
        for bit in 0..32 {
            let n = items.iter().filter(|&&x| x >> bit & 1 != 0).count();
            for (k, c) in counts.iter_mut().enumerate() {
                *c |= ((n > k) as u32) << bit;
            }
        }
        counts
    }

    #[test]
    fn counts_add_and_fold_across_lanes() {
        let mut rng = Rng::new(0x428a_2f98_d728_ae22);
        for _ in 0..2_000 {
            // Sparse words, so that every count from none to more than four occurs per bit.
            let items: Vec<u32> = (0..8)
                .map(|_| (rng.next_u64() & rng.next_u64() & rng.next_u64()) as u32)
                .collect();
            let (left, right) = items.split_at(3);
            assert_eq!(
                add_counts(counts_of(left), counts_of(right)),
                counts_of(&items)
            );
            #[cfg(target_arch = "x86_64")]
            {
                let one = |x: u32| [x, 0, 0, 0];
                let total = counts_of(&items);
                let low = U32x4::new([items[0], items[1], items[2], items[3]]);
                let high = U32x4::new([items[4], items[5], items[6], items[7]]);
                let zero = U32x4::splat(0);
                let both = add_counts([low, zero, zero, zero], [high, zero, zero, zero]);
                let folded = U32x4::fold_counts(both);
                for (k, c) in folded.iter().enumerate() {
                    assert_eq!(c.lanes(), [total[k]; 4], "{:x?}", items);
                }
                assert_eq!(u32::fold_counts(one(items[0])), one(items[0]));
                if is_x86_feature_detected!("avx2") {
                    // SAFETY: AVX2 is present.
                    let folded = unsafe { fold_eight(&items) };
                    assert_eq!(folded, total, "{:x?}", items);
                }
            }
        }
    }

    /// [`Lanes::fold_counts`] of eight words in one [`U32x8`], compiled for AVX2; every lane
    /// must agree, and lane 0 is returned.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn fold_eight(items: &[u32]) -> [u32; 4] {
        let mut words = [0u32; 8];
        words.copy_from_slice(&items[..8]);
        let zero = U32x8::splat(0);
        let folded = U32x8::fold_counts([U32x8::new(words), zero, zero, zero]);
        let mut out = [0; 4];
        for (o, f) in out.iter_mut().zip(folded.iter()) {
            let lanes = f.lanes();
            assert!(lanes.iter().all(|&x| x == lanes[0]));
            *o = lanes[0];
        }
        out
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_lanes_agree_with_u32() {
        let mut rng = Rng::new(0x0123_4567_89ab_cdef);
        for round in 0..500 {
            let mut words = [0u32; LANES];
            for w in words.iter_mut() {
                *w = rng.next_u64() as u32;
            }
            let n = round % 32;
            let k = rng.next_u64() as u32;
            let (a, b) = both(&words, |v| v.shl(n), |v| v.shl(n));
            assert_eq!(a, b);
            let (a, b) = both(&words, |v| v.shr(n), |v| v.shr(n));
            assert_eq!(a, b);
            let (a, b) = both(
                &words,
                |v| (v & U32x4::splat(k)) | v.shr(3) ^ v.and_not(U32x4::splat(!k)),
                |v| (v & k) | v >> 3 ^ (v & k),
            );
            assert_eq!(a, b);
            for at in (0..LANES).step_by(4) {
                let v = U32x4::load(&words, at);
                assert!(v.all_eq(v));
                let expected = words[at..at + 4].iter().all(|&w| w == k);
                assert_eq!(v.all_eq(U32x4::splat(k)), expected);
            }
            assert!(U32x4::splat(k).all_eq(U32x4::splat(k)));
            assert!(!U32x4::splat(k).all_eq(U32x4::splat(k ^ 1 << n)));
        }
    }

    #[test]
    fn differing_agrees_with_the_portable_loop() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let mut a = [0u32; LANES];
            for w in a.iter_mut() {
                *w = rng.next_u64() as u32 & ((1 << 27) - 1);
            }
            let mut b = a;
            // Change a random subset of words, sometimes none, sometimes all.
            let mask = rng.next_u64() as u32 & rng.next_u64() as u32;
            for (i, w) in b.iter_mut().enumerate() {
                if mask >> i & 1 != 0 {
                    *w ^= 1 << (rng.next_u64() % 32);
                }
            }
            let expected = mask & ((1 << LANES) - 1);
            assert_eq!(differing_portable(&a, &b), expected);
            assert_eq!(differing(&a, &b), expected);
        }
        let a = [0u32; LANES];
        let mut b = a;
        b[27] = 1;
        b[0] = u32::MAX;
        assert_eq!(differing(&a, &b), 1 | 1 << 27);
    }

    #[test]
    fn covered_once_twice_agrees_with_the_portable_loop() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for round in 0..3000 {
            let mut words = [0u32; LANES];
            for w in words.iter_mut() {
                // Sparse words, so that exactly-one bits are common.
                *w = (rng.next_u64() & rng.next_u64() & rng.next_u64()) as u32;
            }
            let at = [0, 9, 18, round % 19][round % 4];
            let (one, two) = covered_once_twice_portable(&words, at);
            assert_eq!(covered_once_twice(&words, at), (one, two));
            for bit in 0..32 {
                let n = words[at..at + 9]
                    .iter()
                    .filter(|&&w| w >> bit & 1 != 0)
                    .count();
                assert_eq!(
                    (one >> bit & 1, two >> bit & 1),
                    ((n >= 1) as u32, (n >= 2) as u32)
                );
            }
        }
    }

    #[test]
    fn holding_agrees_with_the_portable_loop() {
        let mut rng = Rng::new(0x6a09_e667_f3bc_c908);
        for round in 0..3000 {
            let mut words = [0u32; LANES];
            for w in words.iter_mut() {
                *w = (rng.next_u64() | rng.next_u64()) as u32;
            }
            let at = [0, 9, 18, round % 19][round % 4];
            let bits = match round % 3 {
                0 => 1 << (round % 32),
                1 => rng.next_u64() as u32 & rng.next_u64() as u32,
                _ => 0,
            };
            let expected = holding_portable(&words, at, bits);
            assert_eq!(holding(&words, at, bits), expected);
            for i in 0..9 {
                assert_eq!(expected >> i & 1 != 0, words[at + i] & bits == bits);
            }
            assert_eq!(expected >> 9, 0);
        }
    }

    #[test]
    fn covered_to_thrice_agrees_with_the_portable_loop() {
        let mut rng = Rng::new(0xbb67_ae85_84ca_a73b);
        for round in 0..3000 {
            let mut words = [0u32; LANES];
            for w in words.iter_mut() {
                *w = (rng.next_u64() & rng.next_u64()) as u32;
            }
            let at = [0, 9, 18, round % 19][round % 4];
            let counts = covered_to_thrice_portable(&words, at);
            assert_eq!(covered_to_thrice(&words, at), counts);
            let (one, two, three) = counts;
            assert_eq!((one, two), covered_once_twice_portable(&words, at));
            for bit in 0..32 {
                let n = words[at..at + 9]
                    .iter()
                    .filter(|&&w| w >> bit & 1 != 0)
                    .count();
                assert_eq!(three >> bit & 1 != 0, n >= 3);
            }
        }
    }
}
