//! segment_add_get_min (Library Checker): add segments y = a x + b on l <= x < r, ask the
//! lowest at x = p (`INFINITY` where none covers p).
//!
//! Offline: every query point is read first and becomes a coordinate of a `lichao::LiChao`
//! tree, then the operations run in order. |a x + b| <= 2 · 10^18 fits in i64, so
//! `i64::MAX` is "no segment". O(N log² Q + Q log Q).

use fastio::{Reader, Writer};
use lichao::LiChao;

/// One operation, in input order.
enum Op {
    /// Add y = a x + b on l <= x < r: (l, r, a, b).
    Add(i64, i64, i64, i64),
    /// Ask at x = p.
    Ask(i64),
}

fn main() {
    let mut rd = fastio::stdin_or_exit();
    let n = int(&mut rd);
    let q = int(&mut rd);
    if n < 0 || q < 0 {
        bad(&rd, "a negative count");
    }
    let segment = |rd: &mut Reader| Op::Add(int(rd), int(rd), int(rd), int(rd));
    let first: Vec<Op> = (0..n).map(|_| segment(&mut rd)).collect();
    let ops: Vec<Op> = (0..q)
        .map(|_| match int(&mut rd) {
            0 => segment(&mut rd),
            1 => Op::Ask(int(&mut rd)),
            _ => bad(&rd, "a query type other than 0 or 1"),
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

/// The next token as an integer of magnitude at most `i64::MAX`. A plain digit loop:
/// `scan`'s general read is slower.
#[inline]
fn int(rd: &mut Reader) -> i64 {
    rd.skip_whitespace();
    let (b, p) = rd.bytes();
    let neg = b.get(p) == Some(&b'-');
    let start = p + usize::from(neg);
    let mut i = start;
    let mut x = 0u64;
    while let Some(d) = b.get(i).map(|c| c.wrapping_sub(b'0')).filter(|&d| d <= 9) {
        x = x * 10 + u64::from(d);
        i += 1;
    }
    let ends = b.get(i).map_or(true, u8::is_ascii_whitespace);
    if i == start || i - start > 19 || !ends || x > i64::MAX as u64 {
        bad(rd, "expected an integer of magnitude below 2^63");
    }
    rd.advance(i - p, 0);
    if neg {
        -(x as i64)
    } else {
        x as i64
    }
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
