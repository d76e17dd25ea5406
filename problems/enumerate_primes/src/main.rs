//! enumerate_primes (Library Checker): pi(N), then p_B, p_{A+B}, p_{2A+B}, ... up to N.

use fastio::{InputError, Writer};
use std::io::Read;

/// Unsigned decimal tokens from a byte buffer that ends in whitespace.
struct Tokens {
    buf: Vec<u8>,
    pos: usize,
}

impl Tokens {
    /// All of stdin, with a line feed appended as a sentinel.
    fn stdin() -> Tokens {
        let mut buf = Vec::new();
        if let Err(e) = std::io::stdin().lock().read_to_end(&mut buf) {
            eprintln!("cannot read the input: {}", e);
            std::process::exit(2);
        }
        buf.push(b'\n');
        Tokens { buf, pos: 0 }
    }

    /// The next token as an integer in `lo..=hi`; malformed input ends the run (one line on
    /// stderr, exit 2).
    fn next(&mut self, lo: u64, hi: u64) -> u64 {
        let buf = &self.buf[..];
        let mut i = self.pos;
        while i + 1 < buf.len() && buf[i] <= b' ' {
            i += 1;
        }
        let start = i;
        let mut v = 0u64;
        loop {
            // The sentinel stops this loop before the end.
            let d = buf[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            v = v.wrapping_mul(10).wrapping_add(d as u64);
            i += 1;
        }
        self.pos = i;
        if i == start || i - start > 19 || v < lo || v > hi || buf[i] > b' ' {
            let line = 1 + buf[..start].iter().filter(|&&b| b == b'\n').count();
            let what = format!("expected an integer in {}..={}", lo, hi);
            InputError::at_line(line, what).exit(&mut Writer::new());
        }
        v
    }
}

fn main() {
    let mut t = Tokens::stdin();
    let n = t.next(1, 500_000_000);
    let a = t.next(1, n);
    let b = t.next(0, a - 1);
    let (mut count, mut next) = (0u64, b);
    let mut picked = Vec::new();
    sieve::for_each_prime(n as u32, |p| {
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
