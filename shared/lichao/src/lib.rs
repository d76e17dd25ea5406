//! Li Chao tree: add lines `a x + b` (or segments of them), ask the minimum at a point.
//!
//! Over a fixed set of query coordinates known in advance (all of `lo..hi` for a small
//! range: `(lo..hi).collect()`). For the maximum, add `-a x - b` and negate the answer.
//!
//! ```
//! use lichao::LiChao;
//! let mut t = LiChao::new(vec![-2, 0, 3, 5]);
//! assert_eq!(t.min(0), i64::MAX); // no line yet
//! t.add_line(1, 0); // y = x
//! t.add_line(-1, 2); // y = 2 - x
//! assert_eq!((t.min(-2), t.min(0), t.min(3)), (-2, 0, -1));
//! t.add_segment(0, 4, 0, -5); // y = -5 on 0 <= x < 4
//! assert_eq!((t.min(0), t.min(3), t.min(5)), (-5, -5, -3));
//! ```

/// The lower envelope of lines over sorted distinct coordinates `xs`.
#[derive(Clone)]
pub struct LiChao {
    // Sorted distinct coordinates, padded to `size` with the last one (padding repeats a
    // coordinate, which keeps every node's range sorted).
    xs: Vec<i64>,
    size: usize,
    n: usize,
    // Node k (leaf i is size + i) keeps the line that wins at its range's middle among
    // those inserted there; (0, i64::MAX) is "no line".
    line: Vec<(i64, i64)>,
}

impl LiChao {
    /// An empty envelope over the coordinates `xs` (sorted and deduplicated here). Each line
    /// added must have `a x + b` within `i64` at every coordinate. O(n log n).
    pub fn new(mut xs: Vec<i64>) -> Self {
        xs.sort_unstable();
        xs.dedup();
        let n = xs.len();
        let size = n.next_power_of_two();
        let last = xs.last().copied().unwrap_or(0);
        xs.resize(size, last);
        Self {
            xs,
            size,
            n,
            line: vec![(0, i64::MAX); 2 * size],
        }
    }

    /// Inserts line (a, b) into node `k` at height `h` and below it; the node covers
    /// coordinates `k * 2^h - size`, 2^h of them.
    fn insert(&mut self, mut k: usize, h: u32, mut f: (i64, i64)) {
        let mut l = (k << h) - self.size;
        let mut r = l + (1 << h);
        loop {
            let m = (l + r) / 2;
            let (xl, xm, xr) = (self.xs[l], self.xs[m], self.xs[r - 1]);
            let g = &mut self.line[k];
            if f.0 * xm + f.1 < g.0 * xm + g.1 {
                std::mem::swap(g, &mut f);
            }
            // Two lines cross once: the loser at the middle can win only on one side.
            if r - l == 1 {
                return;
            }
            if f.0 * xl + f.1 < g.0 * xl + g.1 {
                k *= 2;
                r = m;
            } else if f.0 * xr + f.1 < g.0 * xr + g.1 {
                k = 2 * k + 1;
                l = m;
            } else {
                return;
            }
        }
    }

    /// Adds the line `y = a x + b`. O(log n).
    pub fn add_line(&mut self, a: i64, b: i64) {
        if self.n > 0 {
            self.insert(1, self.size.trailing_zeros(), (a, b));
        }
    }

    /// Adds `y = a x + b` on the coordinates `x` with `l <= x < r` only. O(log² n).
    pub fn add_segment(&mut self, l: i64, r: i64, a: i64, b: i64) {
        let lo = self.xs[..self.n].partition_point(|&x| x < l);
        let hi = self.xs[..self.n].partition_point(|&x| x < r);
        let (mut lk, mut rk, mut h) = (lo + self.size, hi + self.size, 0);
        // Bottom-up range decomposition.
        while lk < rk {
            if lk & 1 == 1 {
                self.insert(lk, h, (a, b));
                lk += 1;
            }
            if rk & 1 == 1 {
                rk -= 1;
                self.insert(rk, h, (a, b));
            }
            lk >>= 1;
            rk >>= 1;
            h += 1;
        }
    }

    /// The minimum of the lines added over `x` at the `i`-th smallest coordinate
    /// (`i64::MAX` when none covers it). Panics unless `i < n`. O(log n).
    #[inline]
    pub fn min_at(&self, i: usize) -> i64 {
        assert!(i < self.n, "index {} out of 0..{}", i, self.n);
        let x = self.xs[i];
        let mut k = i + self.size;
        let mut best = i64::MAX;
        while k > 0 {
            let (a, b) = self.line[k];
            best = best.min(a * x + b);
            k >>= 1;
        }
        best
    }

    /// The minimum of the lines added over coordinate `x` (`i64::MAX` when none covers it).
    /// Panics unless `x` is one of the coordinates. O(log n).
    #[inline]
    pub fn min(&self, x: i64) -> i64 {
        let i = self.xs[..self.n].partition_point(|&y| y < x);
        assert!(i < self.n && self.xs[i] == x, "{} is not a coordinate", x);
        self.min_at(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    #[test]
    fn matches_naive_envelope() {
        let mut r = Rng::new(10);
        for _ in 0..300 {
            let m = r.between(1, 40);
            let xs: Vec<i64> = (0..m).map(|_| r.below(60) as i64 - 30).collect();
            let mut t = LiChao::new(xs.clone());
            // (l, r, a, b): the naive list of segments (lines span everything).
            let mut segs: Vec<(i64, i64, i64, i64)> = Vec::new();
            for _ in 0..60 {
                let (a, b) = (r.below(21) as i64 - 10, r.below(401) as i64 - 200);
                match r.below(3) {
                    0 => {
                        t.add_line(a, b);
                        segs.push((i64::MIN, i64::MAX, a, b));
                    }
                    1 => {
                        let l = r.below(70) as i64 - 35;
                        let e = l + r.below(40) as i64;
                        t.add_segment(l, e, a, b);
                        segs.push((l, e, a, b));
                    }
                    _ => {
                        let x = xs[r.below(xs.len())];
                        let want = segs
                            .iter()
                            .filter(|s| s.0 <= x && x < s.1)
                            .map(|s| s.2 * x + s.3)
                            .min()
                            .unwrap_or(i64::MAX);
                        assert_eq!(t.min(x), want);
                    }
                }
            }
        }
    }

    #[test]
    fn extreme_values_and_edges() {
        let x = 1_000_000_000;
        let mut t = LiChao::new(vec![x, -x, 0, x]);
        t.add_line(x, x);
        t.add_line(-x, x);
        assert_eq!((t.min(-x), t.min(0), t.min(x)), (-x * x + x, x, -x * x + x));
        assert_eq!(t.min_at(1), x);
        let mut e = LiChao::new(Vec::new());
        e.add_line(1, 1);
        e.add_segment(0, 5, 1, 1);
        let mut one = LiChao::new(vec![7]);
        one.add_segment(8, 9, 0, 0);
        assert_eq!(one.min(7), i64::MAX);
        one.add_segment(7, 8, 2, 1);
        assert_eq!(one.min(7), 15);
    }

    #[test]
    #[should_panic]
    fn unknown_coordinate_panics() {
        LiChao::new(vec![1, 3]).min(2);
    }
}
