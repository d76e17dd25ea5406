//! scc (Library Checker): the strongly connected components of a directed graph, in
//! topological order.
//!
//! The `scc` crate (iterative Tarjan); reads with `scan`, writes with its `Writer`.

use scan::{input, Writer};

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, m: usize }
    let mut g = scc::SccGraph::new(n);
    for _ in 0..m {
        input! { from rd, a: usize, b: usize }
        g.add_edge(a, b);
    }
    let groups = g.scc();
    let mut out = Writer::new();
    out.int(groups.len() as i64);
    out.byte(b'\n');
    for grp in &groups {
        out.int(grp.len() as i64);
        for &v in grp {
            out.byte(b' ');
            out.int(v as i64);
        }
        out.byte(b'\n');
    }
}
