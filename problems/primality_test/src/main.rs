//! primality_test (Library Checker): whether each number is prime.

use scan::{input, Writer};

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, q: usize }
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, n: u64 }
        out.bytes(if primes::is_prime(n) {
            b"Yes\n"
        } else {
            b"No\n"
        });
    }
}
