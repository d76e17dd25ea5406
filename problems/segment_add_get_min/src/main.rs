//! segment_add_get_min (Library Checker): add segments y = a x + b on l <= x < r, ask the
//! lowest at x = p (`INFINITY` where none covers p).
//!
//! Offline: every query point is read first and becomes a coordinate of a `lichao::LiChao`
//! tree, then the operations run in order. |a x + b| <= 2 · 10^18 fits in i64, so
//! `i64::MAX` is "no segment". O(N log² Q + Q log Q).

use fastio::{Reader, Writer};
use lichao::LiChao;
use scan::input;

/// One operation, in input order.
enum Op {
    /// Add y = a x + b on l <= x < r: (l, r, a, b).
    Add(i64, i64, i64, i64),
    /// Ask at x = p.
    Ask(i64),
}

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize }
    let segment = |rd: &mut Reader| {
        input! { from rd, l: i64, r: i64, a: i64, b: i64 }
        Op::Add(l, r, a, b)
    };
    let first: Vec<Op> = (0..n).map(|_| segment(&mut rd)).collect();
    let ops: Vec<Op> = (0..q)
        .map(|_| {
            input! { from rd, t: u8 }
            match t {
                0 => segment(&mut rd),
                1 => {
                    input! { from rd, p: i64 }
                    Op::Ask(p)
                }
                _ => bad(&rd, "a query type other than 0 or 1"),
            }
        })
        .collect();
    let xs = ops
        .iter()
        .filter_map(|o| match *o {
            Op::Ask(p) => Some(p),
            Op::Add(..) => None,
        })
        .collect();
    let mut t = LiChao::new(xs);
    let mut out = Writer::new();
    for op in first.iter().chain(&ops) {
        match *op {
            Op::Add(l, r, a, b) => t.add_segment(l, r, a, b),
            Op::Ask(p) => match t.min(p) {
                i64::MAX => out.bytes(b"INFINITY\n"),
                y => {
                    out.int(y);
                    out.byte(b'\n');
                }
            },
        }
    }
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
