//! many_aplusb (Library Checker): T pairs of numbers up to 10^18, each pair's sum.
//!
//! Verifies the typed scanner and the buffered writer: `scan::input!` reads each pair,
//! `scan::Writer` prints the sums. O(input).

use scan::{input, Writer};

fn main() {
    input! { t: usize }
    let mut out = Writer::new();
    for _ in 0..t {
        input! { a: i64, b: i64 }
        out.int(a + b);
        out.bytes(b"\n");
    }
}
