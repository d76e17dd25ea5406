//! point_add_range_sum (Library Checker): add to one element, sum a range.
//!
//! `fenwicktree::FenwickTree<u64>`: `0 p x` adds x to a[p], `1 l r` prints a[l] + ... +
//! a[r - 1] (at most 10^6 · 10^9, within u64). O((N + Q) log N).

use fastio::{Reader, Writer};
use fenwicktree::FenwickTree;

fn main() {
    let mut rd = fastio::stdin_or_exit();
    let n = uint(&mut rd) as usize;
    let q = uint(&mut rd);
    let a: Vec<u64> = (0..n).map(|_| uint(&mut rd)).collect();
    let mut f = FenwickTree::from_vec(a, 0u64);
    let mut out = Writer::new();
    for _ in 0..q {
        let t = uint(&mut rd);
        let (x, y) = (uint(&mut rd), uint(&mut rd));
        if t == 0 {
            if x >= n as u64 {
                bad(&rd, "an index out of range");
            }
            f.add(x as usize, y);
        } else {
            if x > y || y > n as u64 {
                bad(&rd, "a range out of bounds");
            }
            out.int(f.sum(x as usize..y as usize) as i64);
            out.byte(b'\n');
        }
    }
}

/// The next token as an unsigned integer of at most 19 digits. A plain digit loop: `scan`'s
/// general read costs a quarter of the time of a program like this one.
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
