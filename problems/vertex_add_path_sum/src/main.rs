//! vertex_add_path_sum (Library Checker): add to a vertex, sum the values on a path.
//!
//! Heavy-light decomposition (`hld` crate) over a Fenwick tree written here; reads with
//! `fastio`.

use fastio::{InputError, Reader, Writer};

/// The next token as an integer in `lo..hi`; anything else ends the run (exit status 2).
fn int(r: &mut Reader, lo: i64, hi: i64, out: &mut Writer) -> i64 {
    match r.token().and_then(fastio::parse_int) {
        Some(v) if lo <= v && v < hi => v,
        _ => InputError::at_line(r.line(), format!("expected an integer in {}..{}", lo, hi))
            .exit(out),
    }
}

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
    let mut r = fastio::stdin_or_exit();
    let mut out = Writer::new();
    let n = int(&mut r, 1, 1 << 30, &mut out) as usize;
    let q = int(&mut r, 0, 1 << 30, &mut out);
    let w: Vec<i64> = (0..n).map(|_| int(&mut r, 0, 1 << 40, &mut out)).collect();
    let edges: Vec<(usize, usize)> = (1..n)
        .map(|_| {
            let u = int(&mut r, 0, n as i64, &mut out) as usize;
            (u, int(&mut r, 0, n as i64, &mut out) as usize)
        })
        .collect();
    let h = hld::Hld::new(n, &edges, 0);
    let mut a = vec![0; n];
    for (v, &x) in w.iter().enumerate() {
        a[h.pos(v)] = x;
    }
    let mut fw = Fenwick::new(&a);
    for _ in 0..q {
        if int(&mut r, 0, 2, &mut out) == 0 {
            let p = int(&mut r, 0, n as i64, &mut out) as usize;
            let x = int(&mut r, 0, 1 << 40, &mut out);
            fw.add(h.pos(p), x);
        } else {
            let u = int(&mut r, 0, n as i64, &mut out) as usize;
            let v = int(&mut r, 0, n as i64, &mut out) as usize;
            let mut sum = 0;
            h.path(u, v, false, |l, r| sum += fw.prefix(r) - fw.prefix(l));
            out.int(sum);
            out.byte(b'\n');
        }
    }
}
