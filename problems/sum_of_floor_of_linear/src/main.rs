//! sum_of_floor_of_linear (Library Checker): for each query, the sum of floor((a i + b) / m)
//! over 0 <= i < n.

use std::io::{Read, Write};

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
            eprintln!("line {}: expected an integer in {}..={}", line, lo, hi);
            std::process::exit(2);
        }
        v
    }
}

/// "00", "01", ..., "99".
const PAIRS: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        t[2 * i] = b'0' + (i / 10) as u8;
        t[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    t
};

fn main() {
    let mut t = Tokens::stdin();
    let q = t.next(1, 100_000);
    let mut out = Vec::with_capacity(q as usize * 20);
    for _ in 0..q {
        let n = t.next(1, 1_000_000_000);
        let m = t.next(1, 1_000_000_000);
        let a = t.next(0, m - 1);
        let b = t.next(0, m - 1);
        // Two digits per division (a division by a constant is a multiplication, but a
        // dependent one).
        let mut v = math::floor_sum_unsigned(n, m, a, b);
        let mut digits = [b'\n'; 21];
        let mut i = 20;
        while v >= 100 {
            let d = (v % 100) as usize * 2;
            v /= 100;
            i -= 2;
            digits[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
        }
        if v >= 10 {
            i -= 2;
            digits[i..i + 2].copy_from_slice(&PAIRS[v as usize * 2..v as usize * 2 + 2]);
        } else {
            i -= 1;
            digits[i] = b'0' + v as u8;
        }
        out.extend_from_slice(&digits[i..]);
    }
    // A closed stdout is ignored: nobody is reading.
    let _ = std::io::stdout().lock().write_all(&out);
}
