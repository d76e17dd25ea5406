//! Sparse table: a static array's range min, max, gcd, and, or in O(1) after O(n log n).
//!
//! Any associative, idempotent (`op(x, x) = x`) operation works: a query folds two
//! overlapping power-of-two blocks.
//!
//! ```
//! use sparsetable::SparseTable;
//! let t = SparseTable::new(vec![4, 1, 7, 3, 9], std::cmp::min);
//! assert_eq!(t.prod(0..5), 1);
//! assert_eq!(t.prod(2..=3), 3);
//! let g = SparseTable::new(vec![12u32, 18, 30], |a: u32, b: u32| {
//!     let (mut a, mut b) = (a, b);
//!     while b != 0 { let r = a % b; a = b; b = r; }
//!     a
//! });
//! assert_eq!(g.prod(..), 6);
//! ```

use std::ops::{Bound::*, RangeBounds};

/// A static array `a[0..n]` of `T` with an idempotent operation `op`.
#[derive(Clone)]
pub struct SparseTable<T, F> {
    // t[k][i] = op(a[i], ..., a[i + 2^k - 1]); level k has n - 2^k + 1 entries.
    t: Vec<Vec<T>>,
    op: F,
}

impl<T: Copy, F: Fn(T, T) -> T> SparseTable<T, F> {
    /// The table over `a`; `op` must be associative and idempotent (`min`, `max`, gcd, `&`,
    /// `|`). O(n log n) time and memory.
    pub fn new(a: Vec<T>, op: F) -> Self {
        let n = a.len();
        let mut t = vec![a];
        let mut w = 1;
        while 2 * w <= n {
            let prev = &t[t.len() - 1];
            let next: Vec<T> = prev
                .iter()
                .zip(&prev[w..])
                .map(|(&x, &y)| op(x, y))
                .collect();
            t.push(next);
            w *= 2;
        }
        Self { t, op }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.t[0].len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.t[0].is_empty()
    }

    /// `op(a[l], ..., a[r - 1])` over `range`. Panics unless `l < r <= n` (an empty range has
    /// no value: an idempotent operation need not have an identity). O(1).
    #[inline]
    pub fn prod<R: RangeBounds<usize>>(&self, range: R) -> T {
        let l = match range.start_bound() {
            Included(&l) => l,
            Excluded(&l) => l + 1,
            Unbounded => 0,
        };
        let r = match range.end_bound() {
            Included(&r) => r + 1,
            Excluded(&r) => r,
            Unbounded => self.len(),
        };
        assert!(l < r && r <= self.len());
        let k = (usize::BITS - 1 - (r - l).leading_zeros()) as usize;
        let row = &self.t[k];
        (self.op)(row[l], row[r - (1 << k)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    #[test]
    fn matches_naive_folds() {
        let mut r = Rng::new(8);
        for n in 0..70 {
            let a: Vec<u64> = (0..n).map(|_| r.next_u64() % 1000).collect();
            let mn = SparseTable::new(a.clone(), std::cmp::min);
            let mx = SparseTable::new(a.clone(), |x: u64, y: u64| x.max(y));
            let or = SparseTable::new(a.clone(), |x: u64, y: u64| x | y);
            assert_eq!(mn.len(), n);
            for l in 0..n {
                for e in l + 1..=n {
                    let s = &a[l..e];
                    assert_eq!(mn.prod(l..e), *s.iter().min().unwrap());
                    assert_eq!(mx.prod(l..=e - 1), *s.iter().max().unwrap());
                    assert_eq!(or.prod(l..e), s.iter().fold(0, |x, y| x | y));
                }
            }
            if n > 0 {
                assert_eq!(mn.prod(..), *a.iter().min().unwrap());
            }
        }
    }

    #[test]
    fn large_random() {
        let mut r = Rng::new(9);
        let a: Vec<i32> = (0..5000).map(|_| r.next_u64() as i32).collect();
        let t = SparseTable::new(a.clone(), std::cmp::max);
        for _ in 0..2000 {
            let l = r.below(a.len());
            let e = r.between(l + 1, a.len());
            assert_eq!(t.prod(l..e), *a[l..e].iter().max().unwrap());
        }
    }

    #[test]
    #[should_panic]
    fn empty_range_panics() {
        let i = 2;
        SparseTable::new(vec![1, 2, 3], std::cmp::min).prod(i..i);
    }
}
