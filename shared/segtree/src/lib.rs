//! Segment tree over a monoid: set one element, fold any range, search for a range's end.
//!
//! The AtCoder Library's `segtree` with ac-library-rs's [`Monoid`] trait (the `monoid`
//! crate's, re-exported), iterative over a power-of-two array. Ready monoids: [`Max`],
//! [`Min`], [`Additive`], [`Multiplicative`] over the primitive integers.
//!
//! ```
//! use segtree::{Additive, Max, Segtree};
//! let mut s = Segtree::<Max<i32>>::from(vec![5, 3, 8, 1]);
//! assert_eq!(s.prod(1..3), 8);
//! s.set(2, 0);
//! assert_eq!(s.all_prod(), 5);
//! // a = [5, 3, 0, 1]: max(a[1..r]) < 4 holds for every r up to 4.
//! assert_eq!(s.max_right(1, |&x| x < 4), 4);
//! let t = Segtree::<Additive<u64>>::from(vec![1, 2, 3]);
//! assert_eq!(t.prod(..), 6);
//! ```

use monoid::bounds;
pub use monoid::{Additive, Integer, Max, Min, Monoid, Multiplicative};
use std::ops::RangeBounds;

/// `a[0..n]` over the monoid `M`.
#[derive(Clone)]
pub struct Segtree<M: Monoid> {
    n: usize,
    size: usize,
    // Node k (1 <= k < 2 size) holds the product of its leaves; leaf i is d[size + i].
    d: Vec<M::S>,
}

impl<M: Monoid> From<Vec<M::S>> for Segtree<M> {
    /// The tree over `v`. O(n).
    fn from(v: Vec<M::S>) -> Self {
        let n = v.len();
        let size = n.next_power_of_two();
        let mut d = vec![M::identity(); 2 * size];
        for (slot, x) in d[size..].iter_mut().zip(v) {
            *slot = x;
        }
        for k in (1..size).rev() {
            d[k] = M::binary_operation(&d[2 * k], &d[2 * k + 1]);
        }
        Self { n, size, d }
    }
}

impl<M: Monoid> Segtree<M> {
    /// `n` elements, each the identity. O(n).
    pub fn new(n: usize) -> Self {
        vec![M::identity(); n].into()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// `a[p] = x`. Panics unless `p < n`. O(log n).
    pub fn set(&mut self, p: usize, x: M::S) {
        assert!(p < self.n);
        let mut k = p + self.size;
        self.d[k] = x;
        while k > 1 {
            k >>= 1;
            self.d[k] = M::binary_operation(&self.d[2 * k], &self.d[2 * k + 1]);
        }
    }

    /// `a[p]`. Panics unless `p < n`. O(1).
    #[inline]
    pub fn get(&self, p: usize) -> M::S {
        assert!(p < self.n);
        self.d[p + self.size].clone()
    }

    /// `op(a[l], ..., a[r - 1])` over `range` (the identity when empty). Panics unless
    /// `l <= r <= n`. O(log n).
    pub fn prod<R: RangeBounds<usize>>(&self, range: R) -> M::S {
        let (l, r) = bounds(range, self.n);
        let (mut l, mut r) = (l + self.size, r + self.size);
        let (mut sml, mut smr) = (M::identity(), M::identity());
        while l < r {
            if l & 1 == 1 {
                sml = M::binary_operation(&sml, &self.d[l]);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                smr = M::binary_operation(&self.d[r], &smr);
            }
            l >>= 1;
            r >>= 1;
        }
        M::binary_operation(&sml, &smr)
    }

    /// `op(a[0], ..., a[n - 1])`. O(1).
    pub fn all_prod(&self) -> M::S {
        self.d[1].clone()
    }

    /// For `f` monotone along the range (true, ..., true, false, ...) with `f(e)` true: the
    /// largest `r` in `l..=n` with `f(prod(l..r))` true (binary search on the tree).
    /// Panics unless `l <= n` and `f(e)`. O(log n) calls of `op` and `f`.
    pub fn max_right<F: Fn(&M::S) -> bool>(&self, l: usize, f: F) -> usize {
        assert!(l <= self.n);
        assert!(f(&M::identity()));
        if l == self.n {
            return self.n;
        }
        let mut l = l + self.size;
        let mut sm = M::identity();
        loop {
            while l % 2 == 0 {
                l >>= 1;
            }
            let next = M::binary_operation(&sm, &self.d[l]);
            if !f(&next) {
                while l < self.size {
                    l *= 2;
                    let next = M::binary_operation(&sm, &self.d[l]);
                    if f(&next) {
                        sm = next;
                        l += 1;
                    }
                }
                return l - self.size;
            }
            sm = next;
            l += 1;
            if l & l.wrapping_neg() == l {
                return self.n;
            }
        }
    }

    /// For `f` monotone from the right end (false, ..., false, true, ..., true) with `f(e)`
    /// true: the smallest `l` in `0..=r` with `f(prod(l..r))` true. Panics unless `r <= n` and
    /// `f(e)`. O(log n) calls of `op` and `f`.
    pub fn min_left<F: Fn(&M::S) -> bool>(&self, r: usize, f: F) -> usize {
        assert!(r <= self.n);
        assert!(f(&M::identity()));
        if r == 0 {
            return 0;
        }
        let mut r = r + self.size;
        let mut sm = M::identity();
        loop {
            r -= 1;
            while r > 1 && r % 2 == 1 {
                r >>= 1;
            }
            let next = M::binary_operation(&self.d[r], &sm);
            if !f(&next) {
                while r < self.size {
                    r = 2 * r + 1;
                    let next = M::binary_operation(&self.d[r], &sm);
                    if f(&next) {
                        sm = next;
                        r -= 1;
                    }
                }
                return r + 1 - self.size;
            }
            sm = next;
            if r & r.wrapping_neg() == r {
                return 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    /// Strings under concatenation: associative, not commutative, so order mistakes show.
    struct Concat;
    impl Monoid for Concat {
        type S = String;
        fn identity() -> String {
            String::new()
        }
        fn binary_operation(a: &String, b: &String) -> String {
            format!("{}{}", a, b)
        }
    }

    #[test]
    fn concat_matches_naive() {
        let mut r = Rng::new(3);
        for n in 0..40 {
            let mut a: Vec<String> = (0..n)
                .map(|i| ((b'0' + i as u8) as char).to_string())
                .collect();
            let mut s = Segtree::<Concat>::from(a.clone());
            for _ in 0..60 {
                if n > 0 && r.below(3) == 0 {
                    let p = r.below(n);
                    let x = ((b'A' + r.below(26) as u8) as char).to_string();
                    a[p] = x.clone();
                    s.set(p, x);
                }
                let l = r.between(0, n);
                let rr = r.between(l, n);
                assert_eq!(s.prod(l..rr), a[l..rr].concat());
                assert_eq!(s.all_prod(), a.concat());
                if n > 0 {
                    let p = r.below(n);
                    assert_eq!(s.get(p), a[p]);
                }
                // Searches by the length of the product: f(x) = |x| <= k.
                let k = r.between(0, n);
                let want = (l..=n).rev().find(|&e| e - l <= k).unwrap();
                assert_eq!(s.max_right(l, |x| x.len() <= k), want);
                let want = (0..=rr).find(|&b| rr - b <= k).unwrap();
                assert_eq!(s.min_left(rr, |x| x.len() <= k), want);
            }
        }
    }

    #[test]
    fn searches_on_sums_match_naive() {
        let mut r = Rng::new(4);
        for _ in 0..300 {
            let n = r.between(0, 50);
            let a: Vec<u64> = (0..n).map(|_| r.below(10) as u64).collect();
            let s = Segtree::<Additive<u64>>::from(a.clone());
            for _ in 0..20 {
                let t = r.below(60) as u64;
                let l = r.between(0, n);
                let mut want = l;
                while want < n && a[l..=want].iter().sum::<u64>() <= t {
                    want += 1;
                }
                assert_eq!(s.max_right(l, |&x| x <= t), want);
                let rr = r.between(0, n);
                let mut want = rr;
                while want > 0 && a[want - 1..rr].iter().sum::<u64>() <= t {
                    want -= 1;
                }
                assert_eq!(s.min_left(rr, |&x| x <= t), want);
            }
        }
    }

    #[test]
    fn ready_monoids() {
        let v = vec![3i64, -7, 2, 9, -1];
        let mx = Segtree::<Max<i64>>::from(v.clone());
        let mn = Segtree::<Min<i64>>::from(v.clone());
        let ad = Segtree::<Additive<i64>>::from(v.clone());
        let ml = Segtree::<Multiplicative<i64>>::from(v);
        assert_eq!(
            (mx.prod(0..3), mx.prod(..), mx.prod(2..2)),
            (3, 9, i64::MIN)
        );
        assert_eq!(
            (mn.prod(2..=4), mn.prod(..1), mn.prod(5..)),
            (-1, 3, i64::MAX)
        );
        assert_eq!((ad.prod(1..4), ad.all_prod()), (4, 6));
        assert_eq!((ml.prod(0..2), ml.prod(3..3)), (-21, 1));
        let e = Segtree::<Max<u8>>::new(0);
        assert_eq!(
            (
                e.all_prod(),
                e.max_right(0, |_| true),
                e.min_left(0, |_| true)
            ),
            (0, 0, 0)
        );
        assert_eq!(Segtree::<Min<u32>>::new(3).prod(..), u32::MAX);
    }

    #[test]
    #[should_panic]
    fn set_out_of_range_panics() {
        Segtree::<Max<i32>>::new(3).set(3, 1);
    }

    #[test]
    #[should_panic]
    fn prod_past_the_end_panics() {
        Segtree::<Max<i32>>::new(3).prod(1..4);
    }
}
