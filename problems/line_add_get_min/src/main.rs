//! line_add_get_min (Library Checker): add lines y = a x + b, ask the lowest at x = p.
//!
//! Offline: every query point is read first and becomes a coordinate of a `lichao::LiChao`
//! tree, then the operations run in order. |a x + b| <= 2 · 10^18 fits in i64.
//! O((N + Q) log Q).

use fastio::{Reader, Writer};
use lichao::LiChao;

fn main() {
    let mut rd = fastio::stdin_or_exit();
    let n = int(&mut rd);
    let q = int(&mut rd);
    if n < 0 || q < 0 {
        bad(&rd, "a negative count");
    }
    let lines: Vec<(i64, i64)> = (0..n).map(|_| (int(&mut rd), int(&mut rd))).collect();
    // (a, b) adds a line; (p, i64::MIN) asks at p (no line has that b: |b| <= 10^18).
    let ops: Vec<(i64, i64)> = (0..q)
        .map(|_| match int(&mut rd) {
            0 => (int(&mut rd), int(&mut rd)),
            1 => (int(&mut rd), i64::MIN),
            _ => bad(&rd, "a query type other than 0 or 1"),
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
