//! line_add_get_min (Library Checker): add lines y = a x + b, ask the lowest at x = p.
//!
//! Offline: every query point is read first and becomes a coordinate of a `lichao::LiChao`
//! tree, then the operations run in order. |a x + b| <= 2 · 10^18 fits in i64.
//! O((N + Q) log Q).

use fastio::{Reader, Writer};
use lichao::LiChao;
use scan::input;

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize, lines: [(i64, i64); n] }
    // (a, b) adds a line; (p, i64::MIN) asks at p (no line has that b: |b| <= 10^18).
    let ops: Vec<(i64, i64)> = (0..q)
        .map(|_| {
            input! { from rd, t: u8 }
            match t {
                0 => {
                    input! { from rd, a: i64, b: i64 }
                    if b == i64::MIN {
                        bad(&rd, "a line's b below -2^63 + 1");
                    }
                    (a, b)
                }
                1 => {
                    input! { from rd, p: i64 }
                    (p, i64::MIN)
                }
                _ => bad(&rd, "a query type other than 0 or 1"),
            }
        })
        .collect();
    let xs = ops
        .iter()
        .filter(|o| o.1 == i64::MIN)
        .map(|o| o.0)
        .collect();
    let mut t = LiChao::new(xs);
    for &(a, b) in &lines {
        t.add_line(a, b);
    }
    let mut out = Writer::new();
    for &(a, b) in &ops {
        if b == i64::MIN {
            out.int(t.min(a));
            out.byte(b'\n');
        } else {
            t.add_line(a, b);
        }
    }
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
