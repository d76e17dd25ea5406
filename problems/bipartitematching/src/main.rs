//! bipartitematching (Library Checker): a maximum matching of a bipartite graph.
//!
//! Maximum flow by Dinic (`maxflow` crate) on source -> left -> right -> sink, unit
//! capacities; reads with `fastio`.

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
    let l = int(&mut r, 1 << 30, &mut out);
    let rr = int(&mut r, 1 << 30, &mut out);
    let m = int(&mut r, 1 << 30, &mut out);
    let (s, t) = (l + rr, l + rr + 1);
    let mut g = maxflow::MfGraph::<i32>::new(l + rr + 2);
    for a in 0..l {
        g.add_edge(s, a, 1);
    }
    for _ in 0..m {
        let a = int(&mut r, l, &mut out);
        let b = int(&mut r, rr, &mut out);
        g.add_edge(a, l + b, 1);
    }
    for b in 0..rr {
        g.add_edge(l + b, t, 1);
    }
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
