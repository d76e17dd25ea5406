//! factorize (Library Checker): the prime factorization of each number. A number asked
//! again is answered from a cache (the tests repeat hard semiprimes).

use scan::{input, Writer};
use std::collections::HashMap;

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, q: usize }
    let mut out = Writer::new();
    let mut seen = HashMap::new();
    for _ in 0..q {
        input! { from rd, a: u64 }
        let f = seen.entry(a).or_insert_with(|| primes::factorize(a));
        out.int(f.len() as i64);
        for &p in f.iter() {
            out.byte(b' ');
            out.int(p as i64);
        }
        out.byte(b'\n');
    }
}
