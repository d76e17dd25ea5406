//! vertex_add_path_sum (Library Checker): add to a vertex, sum the values on a path.
//!
//! Heavy-light decomposition (`hld` crate) over a Fenwick tree written here; reads with
//! `scan`.

use scan::{input, Writer};

/// Prefix sums with point updates: `t[i]` holds the sum over `(i - lowbit(i), i]` (1-based).
struct Fenwick(Vec<i64>);

impl Fenwick {
    /// The tree over `a`, in O(n).
    fn new(a: &[i64]) -> Fenwick {
        let mut t = vec![0; a.len() + 1];
        t[1..].copy_from_slice(a);
        for i in 1..t.len() {
            let j = i + (i & i.wrapping_neg());
            if j < t.len() {
                t[j] += t[i];
            }
        }
        Fenwick(t)
    }

    fn add(&mut self, mut i: usize, x: i64) {
        i += 1;
        while i < self.0.len() {
            self.0[i] += x;
            i += i & i.wrapping_neg();
        }
    }

    /// The sum over positions `0..i`.
    fn prefix(&self, mut i: usize) -> i64 {
        let mut s = 0;
        while i > 0 {
            s += self.0[i];
            i &= i - 1;
        }
        s
    }
}

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize, w: [i64; n], edges: [(usize, usize); n - 1] }
    let h = hld::Hld::new(n, &edges, 0);
    let mut a = vec![0; n];
    for (v, &x) in w.iter().enumerate() {
        a[h.pos(v)] = x;
    }
    let mut fw = Fenwick::new(&a);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, t: u8 }
        if t == 0 {
            input! { from rd, p: usize, x: i64 }
            fw.add(h.pos(p), x);
        } else {
            input! { from rd, u: usize, v: usize }
            let mut sum = 0;
            h.path(u, v, false, |l, r| sum += fw.prefix(r) - fw.prefix(l));
            out.int(sum);
            out.byte(b'\n');
        }
    }
}
