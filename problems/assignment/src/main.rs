//! assignment (Library Checker): a minimum-cost perfect matching of rows to columns of an
//! N x N cost matrix.
//!
//! Minimum-cost flow (`mincostflow` crate) on source -> rows -> columns -> sink, costs shifted
//! by 10^9 to be non-negative; reads with `scan`.

use scan::{input, Writer};

/// Added to every cost: the problem's are at least -10^9.
const SHIFT: i64 = 1_000_000_000;

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize }
    let (s, t) = (2 * n, 2 * n + 1);
    let mut g = mincostflow::McfGraph::<i64>::new(2 * n + 2);
    for i in 0..n {
        for j in 0..n {
            input! { from rd, a: i64 }
            g.add_edge(i, n + j, 1, a + SHIFT);
        }
    }
    for i in 0..n {
        g.add_edge(s, i, 1, 0);
        g.add_edge(n + i, t, 1, 0);
    }
    let (_, cost) = g.flow(s, t);
    let mut out = Writer::new();
    out.int(cost - n as i64 * SHIFT);
    out.byte(b'\n');
    let mut p = vec![0; n];
    for e in &g.edges()[..n * n] {
        if e.flow > 0 {
            p[e.from] = e.to - n;
        }
    }
    for (i, &x) in p.iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(x as i64);
    }
    out.byte(b'\n');
}
