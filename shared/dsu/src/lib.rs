//! Disjoint set union (union-find): merge sets and ask whether two elements share one.
//!
//! The AtCoder Library's `dsu` API, with union by size and path halving: every operation
//! runs in amortized O(α(n)).
//!
//! ```
//! use dsu::Dsu;
//! let mut d = Dsu::new(4);
//! d.merge(0, 1);
//! d.merge(2, 1);
//! assert!(d.same(0, 2));
//! assert!(!d.same(0, 3));
//! assert_eq!(d.size(2), 3);
//! assert_eq!(d.groups(), vec![vec![0, 1, 2], vec![3]]);
//! ```

/// A partition of `0..n` into disjoint sets, each named by its leader.
#[derive(Clone)]
pub struct Dsu {
    // A leader holds -(size of its set); any other element holds its parent.
    p: Vec<i32>,
}

impl Dsu {
    /// `n` singleton sets `{0}, ..., {n - 1}`. Panics if `n` exceeds `i32::MAX`. O(n).
    pub fn new(n: usize) -> Dsu {
        assert!(n <= i32::MAX as usize);
        Dsu { p: vec![-1; n] }
    }

    /// Merges the sets of `a` and `b` and returns the leader of the union (one of the two
    /// old leaders; the larger set's). Panics unless `a, b < n`. Amortized O(α(n)).
    pub fn merge(&mut self, a: usize, b: usize) -> usize {
        let (mut x, mut y) = (self.leader(a), self.leader(b));
        if x == y {
            return x;
        }
        if self.p[x] > self.p[y] {
            (x, y) = (y, x);
        }
        self.p[x] += self.p[y];
        self.p[y] = x as i32;
        x
    }

    /// Whether `a` and `b` are in the same set. Panics unless `a, b < n`.
    /// Amortized O(α(n)).
    #[inline]
    pub fn same(&mut self, a: usize, b: usize) -> bool {
        self.leader(a) == self.leader(b)
    }

    /// The leader of the set of `a`. Panics unless `a < n`. Amortized O(α(n)).
    #[inline]
    pub fn leader(&mut self, mut a: usize) -> usize {
        // Path halving: each visited element skips to its grandparent, one pass, no stack.
        while self.p[a] >= 0 {
            let q = self.p[a] as usize;
            if self.p[q] < 0 {
                return q;
            }
            self.p[a] = self.p[q];
            a = self.p[q] as usize;
        }
        a
    }

    /// The number of elements in the set of `a`. Panics unless `a < n`.
    /// Amortized O(α(n)).
    pub fn size(&mut self, a: usize) -> usize {
        let x = self.leader(a);
        (-self.p[x]) as usize
    }

    /// The sets, each sorted ascending, listed by their smallest element. O(n α(n)).
    pub fn groups(&mut self) -> Vec<Vec<usize>> {
        let n = self.p.len();
        let mut slot = vec![usize::MAX; n];
        let mut out = vec![];
        for i in 0..n {
            let x = self.leader(i);
            if slot[x] == usize::MAX {
                slot[x] = out.len();
                out.push(Vec::with_capacity((-self.p[x]) as usize));
            }
            out[slot[x]].push(i);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    #[test]
    fn empty_and_single() {
        let mut d = Dsu::new(0);
        assert!(d.groups().is_empty());
        let mut d = Dsu::new(1);
        assert_eq!(d.merge(0, 0), 0);
        assert_eq!(d.size(0), 1);
        assert_eq!(d.groups(), vec![vec![0]]);
    }

    #[test]
    fn long_chain() {
        let n = 200_000;
        let mut d = Dsu::new(n);
        for i in 1..n {
            d.merge(i - 1, i);
        }
        assert_eq!(d.size(0), n);
        assert!(d.same(0, n - 1));
    }

    #[test]
    fn matches_naive_labels() {
        let mut r = Rng::new(1);
        for _ in 0..300 {
            let n = r.between(1, 30);
            let mut d = Dsu::new(n);
            let mut label: Vec<usize> = (0..n).collect();
            for _ in 0..60 {
                let (a, b) = (r.below(n), r.below(n));
                if r.below(2) == 0 {
                    let l = d.merge(a, b);
                    assert!(l == d.leader(a) && d.leader(b) == l);
                    let (la, lb) = (label[a], label[b]);
                    for x in label.iter_mut() {
                        if *x == lb {
                            *x = la;
                        }
                    }
                } else {
                    assert_eq!(d.same(a, b), label[a] == label[b]);
                    let size = label.iter().filter(|&&x| x == label[a]).count();
                    assert_eq!(d.size(a), size);
                }
            }
            let mut want: Vec<Vec<usize>> = Vec::new();
            for i in 0..n {
                match want.iter_mut().find(|g| label[g[0]] == label[i]) {
                    Some(g) => g.push(i),
                    None => want.push(vec![i]),
                }
            }
            assert_eq!(d.groups(), want);
        }
    }
}
