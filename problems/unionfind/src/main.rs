//! unionfind (Library Checker): connectivity queries on a graph that gains edges.
//!
//! `dsu::Dsu`: `0 u v` merges, `1 u v` prints whether u and v share a set. O((N + Q) α(N)).

use dsu::Dsu;
use fastio::{Reader, Writer};
use scan::input;

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize }
    let mut d = Dsu::new(n);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, t: u8, u: usize, v: usize }
        if u >= n || v >= n {
            bad(&rd, "a vertex out of range");
        }
        if t == 0 {
            d.merge(u, v);
        } else {
            out.bytes(if d.same(u, v) { b"1\n" } else { b"0\n" });
        }
    }
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
