//! sum_of_floor_of_linear (Library Checker): for each query, the sum of floor((a i + b) / m)
//! over 0 <= i < n.

use scan::{input, Writer};

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, q: usize }
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, n: u64, m: u64, a: u64, b: u64 }
        // At most n^2 < 10^18 (a < m): an i64.
        out.int(math::floor_sum_unsigned(n, m, a, b) as i64);
        out.byte(b'\n');
    }
}
