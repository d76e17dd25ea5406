//! point_add_range_sum (Library Checker): add to one element, sum a range.
//!
//! `fenwicktree::FenwickTree<u64>`: `0 p x` adds x to a[p], `1 l r` prints a[l] + ... +
//! a[r - 1] (at most 10^6 · 10^9, within u64). O((N + Q) log N).

use fastio::{Reader, Writer};
use fenwicktree::FenwickTree;
use scan::input;

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize, a: [u64; n] }
    let mut f = FenwickTree::from_vec(a, 0u64);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, t: u8, x: u64, y: u64 }
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

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
