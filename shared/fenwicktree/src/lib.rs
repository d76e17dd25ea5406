//! Fenwick tree (binary indexed tree): add at a point, sum over a range, both in O(log n).
//!
//! The AtCoder Library's `fenwick_tree` API, generic over any type with `+=` (and `-` for
//! ranges not starting at 0): integers, floats, modular numbers.
//!
//! ```
//! use fenwicktree::FenwickTree;
//! let mut f = FenwickTree::new(5, 0i64);
//! f.add(1, 3);
//! f.add(4, -2);
//! assert_eq!(f.sum(0..5), 1);
//! assert_eq!(f.sum(1..4), 3);
//! assert_eq!(f.sum(2..), -2);
//! ```

use std::ops::{AddAssign, Bound::*, RangeBounds, Sub};

/// An array `a[0..n]` of `T`, all `e` (the additive identity) at first.
#[derive(Clone)]
pub struct FenwickTree<T> {
    // t[i - 1] holds the sum of a[i - lowbit(i) .. i] (1-based node i).
    t: Vec<T>,
    e: T,
}

impl<T: Clone + AddAssign> FenwickTree<T> {
    /// `n` elements, each `e`, which must be the identity of `+` (`0`). O(n).
    pub fn new(n: usize, e: T) -> Self {
        Self {
            t: vec![e.clone(); n],
            e,
        }
    }

    /// The tree over `a` in O(n) (faster than `n` calls of [`add`](Self::add)).
    pub fn from_vec(mut a: Vec<T>, e: T) -> Self {
        let n = a.len();
        for i in 1..=n {
            let j = i + (i & i.wrapping_neg());
            if j <= n {
                let x = a[i - 1].clone();
                a[j - 1] += x;
            }
        }
        Self { t: a, e }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.t.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.t.is_empty()
    }

    /// `a[p] += x`. Panics unless `p < n`. O(log n).
    #[inline]
    pub fn add<U: Into<T>>(&mut self, p: usize, x: U) {
        let n = self.t.len();
        assert!(p < n, "index {} out of 0..{}", p, n);
        let x = x.into();
        let mut i = p + 1;
        while i <= n {
            self.t[i - 1] += x.clone();
            i += i & i.wrapping_neg();
        }
    }

    /// `a[0] + ... + a[r - 1]` (`e` for `r = 0`). Panics unless `r <= n`. O(log n).
    #[inline]
    pub fn accum(&self, r: usize) -> T {
        // r > n panics at the first index below.
        let mut s = self.e.clone();
        let mut i = r;
        while i > 0 {
            s += self.t[i - 1].clone();
            i &= i - 1;
        }
        s
    }

    /// The sum of `a` over `range` (`e` when empty), as `accum(r) - accum(l)`. Panics unless
    /// `l <= r <= n`. O(log n).
    #[inline]
    pub fn sum<R: RangeBounds<usize>>(&self, range: R) -> T
    where
        T: Sub<Output = T>,
    {
        let r = match range.end_bound() {
            Included(&r) => r + 1,
            Excluded(&r) => r,
            Unbounded => self.t.len(),
        };
        let l = match range.start_bound() {
            Included(&l) => l,
            Excluded(&l) => l + 1,
            Unbounded => return self.accum(r),
        };
        assert!(l <= r);
        self.accum(r) - self.accum(l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    #[test]
    fn matches_naive_sums() {
        let mut r = Rng::new(2);
        for _ in 0..200 {
            let n = r.between(0, 40);
            let init: Vec<i64> = (0..n).map(|_| r.below(100) as i64 - 50).collect();
            let mut a = init.clone();
            let mut f = if r.below(2) == 0 {
                FenwickTree::from_vec(init, 0i64)
            } else {
                let mut f = FenwickTree::new(n, 0i64);
                for (i, &x) in a.iter().enumerate() {
                    f.add(i, x);
                }
                f
            };
            assert_eq!(f.len(), n);
            for _ in 0..100 {
                if n > 0 && r.below(2) == 0 {
                    let (p, x) = (r.below(n), r.below(1000) as i64 - 500);
                    a[p] += x;
                    f.add(p, x);
                } else {
                    let l = r.between(0, n);
                    let rr = r.between(l, n);
                    assert_eq!(f.sum(l..rr), a[l..rr].iter().sum::<i64>());
                    assert_eq!(f.accum(rr), a[..rr].iter().sum::<i64>());
                    if rr > l {
                        assert_eq!(f.sum(l..=rr - 1), a[l..rr].iter().sum::<i64>());
                    }
                    assert_eq!(f.sum(l..), a[l..].iter().sum::<i64>());
                }
            }
            assert_eq!(f.sum(..), a.iter().sum::<i64>());
        }
    }

    #[test]
    fn wrapping_type_and_into() {
        // u32 with `Into<u64>` adds: values are widened before the sum.
        let mut f = FenwickTree::new(3, 0u64);
        f.add(0, u32::MAX);
        f.add(2, u32::MAX);
        assert_eq!(f.sum(..), 2 * u32::MAX as u64);
        let g = FenwickTree::from_vec(vec![0.5f64, 0.25, 0.125], 0.0);
        assert_eq!(g.sum(1..), 0.375);
    }

    #[test]
    #[should_panic]
    fn add_out_of_range_panics() {
        FenwickTree::new(2, 0i32).add(2, 1);
    }

    #[test]
    #[should_panic]
    fn reversed_range_panics() {
        let (l, r) = (3, 1);
        FenwickTree::new(4, 0i32).sum(l..r);
    }
}
