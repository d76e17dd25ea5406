//! unionfind (Library Checker): connectivity queries on a graph that gains edges.
//!
//! `dsu::Dsu`: `0 u v` merges, `1 u v` prints whether u and v share a set. O((N + Q) α(N)).

use dsu::Dsu;
use fastio::{Reader, Writer};

fn main() {
    let mut rd = fastio::stdin_or_exit();
    let n = uint(&mut rd) as usize;
    let q = uint(&mut rd);
    let mut d = Dsu::new(n);
    let mut out = Writer::new();
    for _ in 0..q {
        let t = uint(&mut rd);
        let (u, v) = (uint(&mut rd) as usize, uint(&mut rd) as usize);
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

/// The next token as an unsigned integer of at most 19 digits. A plain digit loop: `scan`'s
/// general read costs a quarter of this program's time.
#[inline]
fn uint(rd: &mut Reader) -> u64 {
    rd.skip_whitespace();
    let (b, p) = rd.bytes();
    let mut i = p;
    let mut x = 0u64;
    while let Some(d) = b.get(i).map(|c| c.wrapping_sub(b'0')).filter(|&d| d <= 9) {
        x = x * 10 + u64::from(d);
        i += 1;
    }
    if i == p || i - p > 19 || b.get(i).map_or(false, |c| !c.is_ascii_whitespace()) {
        bad(rd, "expected an unsigned integer");
    }
    rd.advance(i - p, 0);
    x
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
