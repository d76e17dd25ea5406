//! scc (Library Checker): the strongly connected components of a directed graph, in
//! topological order.
//!
//! The `scc` crate (iterative Tarjan); reads with `fastio`, writes with its `Writer`.

use fastio::{InputError, Reader, Writer};

/// The next token as an integer in `0..below`; anything else ends the run (exit status 2).
fn int(r: &mut Reader, below: usize, out: &mut Writer) -> usize {
    match r.token().and_then(fastio::parse_int) {
        Some(v) if 0 <= v && (v as u64) < below as u64 => v as usize,
        _ => {
            InputError::at_line(r.line(), format!("expected an integer below {}", below)).exit(out)
        }
    }
}

fn main() {
    let mut r = fastio::stdin_or_exit();
    let mut out = Writer::new();
    let n = int(&mut r, 1 << 30, &mut out);
    let m = int(&mut r, 1 << 30, &mut out);
    let mut g = scc::SccGraph::new(n);
    for _ in 0..m {
        let a = int(&mut r, n, &mut out);
        let b = int(&mut r, n, &mut out);
        g.add_edge(a, b);
    }
    let groups = g.scc();
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
