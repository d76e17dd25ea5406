//! lca (Library Checker): lowest common ancestors in a tree rooted at 0, given by parents.
//!
//! The `lca` crate (DFS order and a sparse table: O(1) a query); reads with `scan`.

use scan::{input, Writer};

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize }
    let mut par = vec![0; n];
    for p in par.iter_mut().skip(1) {
        input! { from rd, x: usize }
        *p = x;
    }
    let t = lca::Lca::from_parents(&par, 0);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, u: usize, v: usize }
        out.int(t.lca(u, v) as i64);
        out.byte(b'\n');
    }
}
