//! enumerate_primes (Library Checker): pi(N), then p_B, p_{A+B}, p_{2A+B}, ... up to N.

use scan::{input, Writer};

fn main() {
    input! { n: u32, a: u64, b: u64 }
    let (mut count, mut next) = (0u64, b);
    let mut picked = Vec::new();
    sieve::for_each_prime(n, |p| {
        if count == next {
            picked.push(p);
            next += a;
        }
        count += 1;
    });
    let mut out = Writer::new();
    out.int(count as i64);
    out.byte(b' ');
    out.int(picked.len() as i64);
    out.byte(b'\n');
    for (i, &p) in picked.iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(p as i64);
    }
    out.byte(b'\n');
}
