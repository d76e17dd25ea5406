//! Lazy segment tree: apply a map to a range, fold a range, search for a range's end.
//!
//! The AtCoder Library's `lazy_segtree` with ac-library-rs's [`MapMonoid`] trait: a monoid
//! `S` (a [`Monoid`], the `monoid` crate's, which `segtree` uses too) acted on by maps `F`
//! that compose, iterative over a power-of-two array. The ready monoids ([`Max`], [`Min`],
//! [`Additive`], [`Multiplicative`]) are re-exported.
//!
//! ```
//! use lazysegtree::{LazySegtree, MapMonoid, Max};
//! // Range add, range max.
//! struct AddMax;
//! impl MapMonoid for AddMax {
//!     type M = Max<i64>;
//!     type F = i64;
//!     fn identity_map() -> i64 { 0 }
//!     fn mapping(f: &i64, x: &i64) -> i64 { if *x == i64::MIN { *x } else { f + x } }
//!     fn composition(f: &i64, g: &i64) -> i64 { f + g }
//! }
//! let mut t = LazySegtree::<AddMax>::from(vec![1, 5, 2, 0]);
//! t.apply_range(2.., 10);
//! assert_eq!(t.prod(..3), 12);
//! assert_eq!(t.get(1), 5);
//! assert_eq!(t.max_right(0, |&x| x < 12), 2);
//! ```

use monoid::bounds;
pub use monoid::{Additive, Max, Min, Monoid, Multiplicative};
use std::ops::RangeBounds;

/// The values of the map monoid `F`: the elements of its monoid [`MapMonoid::M`].
type S<F> = <<F as MapMonoid>::M as Monoid>::S;

/// A monoid [`M`](MapMonoid::M) with maps [`F`](MapMonoid::F) acting on it: `mapping(f, .)`
/// must distribute over the operation (`f(x op y) = f(x) op f(y)`) and
/// `mapping(composition(f, g), x) = mapping(f, mapping(g, x))`.
pub trait MapMonoid {
    /// The monoid of values.
    type M: Monoid;
    /// The maps.
    type F: Clone;
    /// The monoid's identity.
    #[inline]
    fn identity_element() -> S<Self> {
        Self::M::identity()
    }
    /// The monoid's operation.
    #[inline]
    fn binary_operation(a: &S<Self>, b: &S<Self>) -> S<Self> {
        Self::M::binary_operation(a, b)
    }
    /// The identity map.
    fn identity_map() -> Self::F;
    /// `f(x)`.
    fn mapping(f: &Self::F, x: &S<Self>) -> S<Self>;
    /// `f ∘ g`: `g` first, then `f`.
    fn composition(f: &Self::F, g: &Self::F) -> Self::F;
}

/// `a[0..n]` over the map monoid `F`.
#[derive(Clone)]
pub struct LazySegtree<F: MapMonoid> {
    n: usize,
    size: usize,
    log: u32,
    // Node k holds the product of its leaves with every map at k and above it applied.
    d: Vec<S<F>>,
    // lz[k] (internal nodes only) waits to be applied to k's children.
    lz: Vec<F::F>,
}

impl<F: MapMonoid> From<Vec<S<F>>> for LazySegtree<F> {
    /// The tree over `v`. O(n).
    fn from(v: Vec<S<F>>) -> Self {
        let n = v.len();
        let size = n.next_power_of_two();
        let mut d = vec![Self::e(); 2 * size];
        for (slot, x) in d[size..].iter_mut().zip(v) {
            *slot = x;
        }
        let mut t = Self {
            n,
            size,
            log: size.trailing_zeros(),
            d,
            lz: vec![F::identity_map(); size],
        };
        for k in (1..size).rev() {
            t.update(k);
        }
        t
    }
}

impl<F: MapMonoid> LazySegtree<F> {
    #[inline]
    fn e() -> S<F> {
        F::identity_element()
    }
    #[inline]
    fn op(a: &S<F>, b: &S<F>) -> S<F> {
        F::binary_operation(a, b)
    }
    /// `n` elements, each the identity. O(n).
    pub fn new(n: usize) -> Self {
        vec![Self::e(); n].into()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    #[inline]
    fn update(&mut self, k: usize) {
        self.d[k] = Self::op(&self.d[2 * k], &self.d[2 * k + 1]);
    }

    #[inline]
    fn all_apply(&mut self, k: usize, f: &F::F) {
        self.d[k] = F::mapping(f, &self.d[k]);
        if k < self.size {
            self.lz[k] = F::composition(f, &self.lz[k]);
        }
    }

    #[inline]
    fn push(&mut self, k: usize) {
        let f = std::mem::replace(&mut self.lz[k], F::identity_map());
        self.all_apply(2 * k, &f);
        self.all_apply(2 * k + 1, &f);
    }

    /// Pushes every map on the path from the root down to the leaf of index `p` (panics unless
    /// `p < n`); returns that leaf.
    #[inline]
    fn push_path(&mut self, p: usize) -> usize {
        assert!(p < self.n);
        let p = p + self.size;
        for i in (1..=self.log).rev() {
            self.push(p >> i);
        }
        p
    }

    /// Pushes the maps above the leaves `l` and `r - 1` (offset by `size`) that the range
    /// `l..r` cuts through.
    #[inline]
    fn push_ends(&mut self, l: usize, r: usize) {
        for i in (1..=self.log).rev() {
            if l >> i << i != l {
                self.push(l >> i);
            }
            if r >> i << i != r {
                self.push((r - 1) >> i);
            }
        }
    }

    /// `a[p] = x`. Panics unless `p < n`. O(log n).
    pub fn set(&mut self, p: usize, x: S<F>) {
        let p = self.push_path(p);
        self.d[p] = x;
        for i in 1..=self.log {
            self.update(p >> i);
        }
    }

    /// `a[p]`. Panics unless `p < n`. O(log n).
    pub fn get(&mut self, p: usize) -> S<F> {
        let p = self.push_path(p);
        self.d[p].clone()
    }

    /// `op(a[l], ..., a[r - 1])` over `range` (the identity when empty). Panics unless
    /// `l <= r <= n`. O(log n).
    pub fn prod<R: RangeBounds<usize>>(&mut self, range: R) -> S<F> {
        let (l, r) = bounds(range, self.n);
        if l == r {
            return Self::e();
        }
        let (mut l, mut r) = (l + self.size, r + self.size);
        self.push_ends(l, r);
        let (mut sml, mut smr) = (Self::e(), Self::e());
        while l < r {
            if l & 1 == 1 {
                sml = Self::op(&sml, &self.d[l]);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                smr = Self::op(&self.d[r], &smr);
            }
            l >>= 1;
            r >>= 1;
        }
        Self::op(&sml, &smr)
    }

    /// `op(a[0], ..., a[n - 1])`. O(1).
    pub fn all_prod(&self) -> S<F> {
        self.d[1].clone()
    }

    /// `a[p] = f(a[p])`. Panics unless `p < n`. O(log n).
    pub fn apply(&mut self, p: usize, f: F::F) {
        let p = self.push_path(p);
        self.d[p] = F::mapping(&f, &self.d[p]);
        for i in 1..=self.log {
            self.update(p >> i);
        }
    }

    /// `a[i] = f(a[i])` for every `i` in `range`. Panics unless `l <= r <= n`. O(log n).
    pub fn apply_range<R: RangeBounds<usize>>(&mut self, range: R, f: F::F) {
        let (l, r) = bounds(range, self.n);
        if l == r {
            return;
        }
        let (l, r) = (l + self.size, r + self.size);
        self.push_ends(l, r);
        let (mut a, mut b) = (l, r);
        while a < b {
            if a & 1 == 1 {
                self.all_apply(a, &f);
                a += 1;
            }
            if b & 1 == 1 {
                b -= 1;
                self.all_apply(b, &f);
            }
            a >>= 1;
            b >>= 1;
        }
        for i in 1..=self.log {
            if l >> i << i != l {
                self.update(l >> i);
            }
            if r >> i << i != r {
                self.update((r - 1) >> i);
            }
        }
    }

    /// For `g` monotone along the range (true, ..., true, false, ...) with `g(e)` true: the
    /// largest `r` in `l..=n` with `g(prod(l..r))` true. Panics unless `l <= n` and `g(e)`.
    /// O(log n) calls of `op` and `g`.
    pub fn max_right<G: Fn(&S<F>) -> bool>(&mut self, l: usize, g: G) -> usize {
        assert!(l <= self.n);
        assert!(g(&Self::e()));
        if l == self.n {
            return self.n;
        }
        let mut l = self.push_path(l);
        let mut sm = Self::e();
        loop {
            while l % 2 == 0 {
                l >>= 1;
            }
            let next = Self::op(&sm, &self.d[l]);
            if !g(&next) {
                while l < self.size {
                    self.push(l);
                    l *= 2;
                    let next = Self::op(&sm, &self.d[l]);
                    if g(&next) {
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

    /// For `g` monotone from the right end (false, ..., false, true, ..., true) with `g(e)`
    /// true: the smallest `l` in `0..=r` with `g(prod(l..r))` true. Panics unless `r <= n` and
    /// `g(e)`. O(log n) calls of `op` and `g`.
    pub fn min_left<G: Fn(&S<F>) -> bool>(&mut self, r: usize, g: G) -> usize {
        assert!(r <= self.n);
        assert!(g(&Self::e()));
        if r == 0 {
            return 0;
        }
        let mut r = self.push_path(r - 1) + 1;
        let mut sm = Self::e();
        loop {
            r -= 1;
            while r > 1 && r % 2 == 1 {
                r >>= 1;
            }
            let next = Self::op(&self.d[r], &sm);
            if !g(&next) {
                while r < self.size {
                    self.push(r);
                    r = 2 * r + 1;
                    let next = Self::op(&self.d[r], &sm);
                    if g(&next) {
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

    /// (sum, length) under x -> a x + b, mod a small prime so that values wrap often.
    struct Affine;
    struct SumLen;
    const P: u64 = 1_000_003;
    impl Monoid for SumLen {
        type S = (u64, u64);
        fn identity() -> (u64, u64) {
            (0, 0)
        }
        fn binary_operation(a: &(u64, u64), b: &(u64, u64)) -> (u64, u64) {
            ((a.0 + b.0) % P, a.1 + b.1)
        }
    }
    impl MapMonoid for Affine {
        type M = SumLen;
        type F = (u64, u64);
        fn identity_map() -> (u64, u64) {
            (1, 0)
        }
        fn mapping(f: &(u64, u64), x: &(u64, u64)) -> (u64, u64) {
            ((f.0 * x.0 + f.1 * x.1) % P, x.1)
        }
        fn composition(f: &(u64, u64), g: &(u64, u64)) -> (u64, u64) {
            (f.0 * g.0 % P, (f.0 * g.1 + f.1) % P)
        }
    }

    /// Strings under concatenation, each map appending its own suffix to each element:
    /// order-sensitive in both the product and the composition.
    struct Append;
    struct Concat;
    impl Monoid for Concat {
        type S = Vec<String>;
        fn identity() -> Vec<String> {
            Vec::new()
        }
        fn binary_operation(a: &Vec<String>, b: &Vec<String>) -> Vec<String> {
            a.iter().chain(b).cloned().collect()
        }
    }
    impl MapMonoid for Append {
        type M = Concat;
        type F = String;
        fn identity_map() -> String {
            String::new()
        }
        fn mapping(f: &String, x: &Vec<String>) -> Vec<String> {
            x.iter().map(|s| format!("{}{}", s, f)).collect()
        }
        fn composition(f: &String, g: &String) -> String {
            format!("{}{}", g, f)
        }
    }

    #[test]
    fn affine_sum_matches_naive() {
        let mut r = Rng::new(5);
        for _ in 0..200 {
            let n = r.between(0, 40);
            let mut a: Vec<u64> = (0..n).map(|_| r.below(P as usize) as u64).collect();
            let mut t = if r.below(2) == 0 {
                LazySegtree::<Affine>::from(a.iter().map(|&x| (x, 1)).collect::<Vec<_>>())
            } else {
                let mut t = LazySegtree::<Affine>::new(n);
                for (i, &x) in a.iter().enumerate() {
                    t.set(i, (x, 1));
                }
                t
            };
            for _ in 0..100 {
                let l = r.between(0, n);
                let rr = r.between(l, n);
                let f = (r.below(P as usize) as u64, r.below(P as usize) as u64);
                match r.below(5) {
                    0 => {
                        t.apply_range(l..rr, f);
                        for x in &mut a[l..rr] {
                            *x = (f.0 * *x + f.1) % P;
                        }
                    }
                    1 if n > 0 => {
                        let p = r.below(n);
                        t.apply(p, f);
                        a[p] = (f.0 * a[p] + f.1) % P;
                    }
                    2 if n > 0 => {
                        let p = r.below(n);
                        t.set(p, (f.0, 1));
                        a[p] = f.0;
                    }
                    3 => {
                        // Prefix sums are not monotone mod P: search on length instead.
                        let k = r.between(0, n) as u64;
                        let want = (l + k as usize).min(n);
                        assert_eq!(t.max_right(l, |x| x.1 <= k), want);
                        let want = rr.saturating_sub(k as usize);
                        assert_eq!(t.min_left(rr, |x| x.1 <= k), want);
                    }
                    _ => {
                        let s = a[l..rr].iter().sum::<u64>() % P;
                        assert_eq!(t.prod(l..rr), (s, (rr - l) as u64));
                    }
                }
                if n > 0 {
                    let p = r.below(n);
                    assert_eq!(t.get(p), (a[p], 1));
                }
                assert_eq!(t.all_prod().0, a.iter().sum::<u64>() % P);
            }
        }
    }

    #[test]
    fn order_sensitive_maps_match_naive() {
        let mut r = Rng::new(6);
        for _ in 0..100 {
            let n = r.between(1, 20);
            let mut a: Vec<String> = (0..n).map(|i| i.to_string()).collect();
            let mut t =
                LazySegtree::<Append>::from(a.iter().map(|s| vec![s.clone()]).collect::<Vec<_>>());
            for step in 0..40 {
                let l = r.between(0, n);
                let rr = r.between(l, n);
                if r.below(2) == 0 {
                    let f = ((b'a' + (step % 26) as u8) as char).to_string();
                    t.apply_range(l..rr, f.clone());
                    for s in &mut a[l..rr] {
                        s.push_str(&f);
                    }
                } else {
                    assert_eq!(t.prod(l..rr), a[l..rr].to_vec());
                }
            }
            assert_eq!(t.prod(..), a);
        }
    }

    #[test]
    fn searches_on_monotone_sums() {
        // Adding non-negative values keeps the sums (far below P) monotone in the range.
        let mut r = Rng::new(7);
        for _ in 0..200 {
            let n = r.between(0, 30);
            let mut a: Vec<u64> = (0..n).map(|_| r.below(5) as u64).collect();
            let mut t = LazySegtree::<Affine>::from(a.iter().map(|&x| (x, 1)).collect::<Vec<_>>());
            for _ in 0..30 {
                let l = r.between(0, n);
                let rr = r.between(l, n);
                let add = r.below(4) as u64;
                t.apply_range(l..rr, (1, add));
                for x in &mut a[l..rr] {
                    *x += add;
                }
                let lim = r.below(80) as u64;
                let s = r.between(0, n);
                let mut want = s;
                while want < n && a[s..=want].iter().sum::<u64>() <= lim {
                    want += 1;
                }
                assert_eq!(t.max_right(s, |x| x.0 <= lim), want);
                let e = r.between(0, n);
                let mut want = e;
                while want > 0 && a[want - 1..e].iter().sum::<u64>() <= lim {
                    want -= 1;
                }
                assert_eq!(t.min_left(e, |x| x.0 <= lim), want);
            }
        }
    }

    #[test]
    #[should_panic]
    fn apply_past_the_end_panics() {
        LazySegtree::<Affine>::new(2).apply_range(1..3, (1, 1));
    }
}
