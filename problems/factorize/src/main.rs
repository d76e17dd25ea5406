//! factorize (Library Checker): the prime factorization of each number. A number asked
//! again is answered from a cache (the tests repeat hard semiprimes).

use fastio::{InputError, Writer};
use std::collections::HashMap;
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
    let q = t.next(1, 100);
    let mut out = Writer::new();
    let mut seen = HashMap::new();
    for _ in 0..q {
        let a = t.next(1, 1_000_000_000_000_000_000);
        let f = seen.entry(a).or_insert_with(|| primes::factorize(a));
        out.int(f.len() as i64);
        for &p in f.iter() {
            out.byte(b' ');
            out.int(p as i64);
        }
        out.byte(b'\n');
    }
}
