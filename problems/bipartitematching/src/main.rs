//! bipartitematching (Library Checker): a maximum matching of a bipartite graph.
//!
//! Maximum flow by Dinic (`maxflow` crate) on source -> left -> right -> sink, unit
//! capacities; reads with `scan`.

use scan::{input, Writer};

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, l: usize, rr: usize, m: usize }
    let (s, t) = (l + rr, l + rr + 1);
    let mut g = maxflow::MfGraph::<i32>::new(l + rr + 2);
    for a in 0..l {
        g.add_edge(s, a, 1);
    }
    for _ in 0..m {
        input! { from rd, a: usize, b: usize }
        g.add_edge(a, l + b, 1);
    }
    for b in 0..rr {
        g.add_edge(l + b, t, 1);
    }
    let mut out = Writer::new();
    out.int(i64::from(g.flow(s, t)));
    out.byte(b'\n');
    for e in &g.edges()[l..l + m] {
        if e.flow > 0 {
            out.int(e.from as i64);
            out.byte(b' ');
            out.int((e.to - l) as i64);
            out.byte(b'\n');
        }
    }
}
