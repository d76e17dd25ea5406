//! Bit tricks for small candidate sets held in one machine word.
//!
//! A candidate set is a word whose bit `i` stands for "value `i` is still possible":
//!
//! ```text
//!   bit:  8 7 6 5 4 3 2 1 0
//!         0 1 0 0 1 0 0 1 1   = {0, 1, 4, 7}
//! ```
//!
//! [`Word`] gives `u16`, `u32`, `u64` and `u128` the few operations a search needs
//! (one bit, clear the lowest, count, iterate), all O(1) except iteration, which is
//! O(number of set bits). [`ones`] iterates the set bits of any of them.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// An unsigned word used as a set of small integers.
pub trait Word:
    Copy
    + Eq
    + Not<Output = Self>
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
{
    /// Number of bits in the word.
    const BITS: u32;
    /// The empty set.
    const ZERO: Self;

    /// The set `{i}`. Requires `i < BITS`. O(1).
    fn bit(i: u32) -> Self;
    /// The set without its lowest element (`x & (x - 1)`). O(1).
    fn without_lowest(self) -> Self;
    /// Index of the lowest set bit; `BITS` for the empty set. O(1).
    fn lowest_index(self) -> u32;
    /// Index of the highest set bit. Requires a non-empty set. O(1).
    fn highest_index(self) -> u32;
    /// Number of elements (popcount). O(1).
    fn count(self) -> u32;
    /// Whether the set has exactly one element. O(1).
    fn is_single(self) -> bool;
}

macro_rules! impl_word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn lowest_index(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest_index(self) -> u32 {
                debug_assert!(self != 0);
                Self::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn is_single(self) -> bool {
                self != 0 && self & self.wrapping_sub(1) == 0
            }
        }
    )*};
}

impl_word!(u16, u32, u64, u128);

/// Iterator over the indices of the set bits of a word, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Ones<W>(W);

/// Iterates the indices of the set bits of `w`, lowest first. O(1) per item.
///
/// ```
/// let v: Vec<u32> = bits::ones(0b1001_0010u32).collect();
/// assert_eq!(v, [1, 4, 7]);
/// ```
#[inline(always)]
pub fn ones<W: Word>(w: W) -> Ones<W> {
    Ones(w)
}

impl<W: Word> Iterator for Ones<W> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == W::ZERO {
            None
        } else {
            let i = self.0.lowest_index();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<W: Word> ExactSizeIterator for Ones<W> {}

/// Iterator over the indices of the set bits of a word, highest first.
#[derive(Clone, Copy, Debug)]
pub struct OnesRev<W>(W);

/// Iterates the indices of the set bits of `w`, highest first. O(1) per item.
///
/// ```
/// let v: Vec<u32> = bits::ones_rev(0b1001_0010u16).collect();
/// assert_eq!(v, [7, 4, 1]);
/// ```
#[inline(always)]
pub fn ones_rev<W: Word>(w: W) -> OnesRev<W> {
    OnesRev(w)
}

impl<W: Word> Iterator for OnesRev<W> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == W::ZERO {
            None
        } else {
            let i = self.0.highest_index();
            self.0 = self.0 ^ W::bit(i);
            Some(i)
        }
    }
}

/// Returns the item whose key has the fewest set bits (first one on ties), stopping early
/// at a key with at most `good_enough` bits. `None` for an empty iterator. O(n).
///
/// This is the "most constrained first" choice of a backtracking search.
pub fn fewest_ones<W: Word, T, I>(items: I, good_enough: u32) -> Option<(T, W)>
where
    I: IntoIterator<Item = (T, W)>,
{
    let mut best: Option<(T, W)> = None;
    let mut best_count = u32::MAX;
    for (item, key) in items {
        let c = key.count();
        if c < best_count {
            best_count = c;
            best = Some((item, key));
            if c <= good_enough {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_and_count() {
        assert_eq!(u32::bit(5), 32);
        assert_eq!(0b1011_0000u32.without_lowest(), 0b1010_0000);
        assert_eq!(0b1011_0000u32.lowest_index(), 4);
        assert_eq!(0u64.lowest_index(), 64);
        assert_eq!(0b1011u16.count(), 3);
        assert!(0b1000u16.is_single());
        assert!(!0b1001u16.is_single());
        assert!(!0u16.is_single());
    }

    #[test]
    fn iterate_both_ways() {
        for w in [0u64, 1, 0x8000_0000_0000_0001, 0xdead_beef, !0] {
            let up: Vec<u32> = ones(w).collect();
            let expect: Vec<u32> = (0..64).filter(|&i| w >> i & 1 == 1).collect();
            assert_eq!(up, expect);
            assert_eq!(ones(w).len(), expect.len());
            let down: Vec<u32> = ones_rev(w).collect();
            let mut rev = expect.clone();
            rev.reverse();
            assert_eq!(down, rev);
        }
    }

    #[test]
    fn highest() {
        for i in 0..128 {
            assert_eq!((1u128 << i).highest_index(), i);
            assert_eq!(((1u128 << i) | 1).highest_index(), i);
        }
    }

    #[test]
    fn fewest_ones_picks_first_minimum() {
        let items = vec![(0, 0b111u16), (1, 0b11), (2, 0b101), (3, 0b1)];
        assert_eq!(fewest_ones(items.clone(), 0), Some((3, 0b1)));
        assert_eq!(fewest_ones(items, 2), Some((1, 0b11)));
        assert_eq!(fewest_ones(Vec::<(u8, u16)>::new(), 0), None);
    }
}
