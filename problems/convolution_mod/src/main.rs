//! convolution_mod (Library Checker): the product of two sequences modulo 998244353.
//!
//! About 10 MB come in and go out: the input is parsed in one pass over stdin's bytes, nine
//! digits by a guess that is checked (a parse that computes each length instead makes a chain
//! of dependent steps, slower than byte by byte), and the output is built over the input's
//! buffer with two digits per step.

use convolution::convolution_raw;
use fastio::{InputError, Writer};
use std::io::{Read, Write};

/// Unsigned decimal tokens from a byte buffer that ends in whitespace.
struct Tokens {
    buf: Vec<u8>,
    pos: usize,
}

impl Tokens {
    /// All of stdin, with a line feed appended as a sentinel.
    fn stdin() -> Tokens {
        let mut buf = Vec::with_capacity(1 << 24);
        if let Err(e) = std::io::stdin().lock().read_to_end(&mut buf) {
            eprintln!("cannot read the input: {}", e);
            std::process::exit(2);
        }
        buf.push(b'\n');
        Tokens { buf, pos: 0 }
    }

    /// The next token as a u32 below `bound`; malformed input ends the run (one line on
    /// stderr, exit 2).
    #[inline]
    fn next(&mut self, bound: u32) -> u32 {
        let buf = &self.buf[..];
        let mut i = self.pos;
        while i + 1 < buf.len() && buf[i] <= b' ' {
            i += 1;
        }
        // Most values below 998244353 have nine digits: when nine digits and then whitespace
        // come, read the first eight at once. The one branch predicts well and the next token
        // starts at a known place, so tokens overlap in the pipeline.
        if i + 10 <= buf.len() {
            let w = u64::from_le_bytes([
                buf[i],
                buf[i + 1],
                buf[i + 2],
                buf[i + 3],
                buf[i + 4],
                buf[i + 5],
                buf[i + 6],
                buf[i + 7],
            ]);
            let high = 0xf0f0_f0f0_f0f0_f0f0;
            let digits8 = w & high == 0x3030_3030_3030_3030
                && w.wrapping_add(0x0606_0606_0606_0606) & high == 0x3030_3030_3030_3030;
            let ninth = buf[i + 8].wrapping_sub(b'0');
            if digits8 && ninth <= 9 && buf[i + 9] <= b' ' {
                // Byte k holds digit k (the most significant first): join pairs, then fours.
                let mut x = w - 0x3030_3030_3030_3030;
                x = (x * 10 + (x >> 8)) & 0x00ff_00ff_00ff_00ff;
                x = (x * 100 + (x >> 16)) & 0x0000_ffff_0000_ffff;
                x = (x * 10_000 + (x >> 32)) & 0xffff_ffff;
                let v = x * 10 + ninth as u64;
                if v < bound as u64 {
                    self.pos = i + 9;
                    return v as u32;
                }
            }
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
        if i == start || i - start > 10 || v >= bound as u64 || buf[i] > b' ' {
            let line = 1 + buf[..start].iter().filter(|&&b| b == b'\n').count();
            let what = format!("expected an integer below {}", bound);
            InputError::at_line(line, what).exit(&mut Writer::new());
        }
        v as u32
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

/// Writes `x` in decimal and then `sep` at `out[pos..]`, returning the end. Copies a fixed
/// 11 bytes (a move, where a variable length would call memcpy): `out` needs that slack.
#[inline]
fn put(out: &mut [u8], pos: usize, mut x: u32, sep: u8) -> usize {
    let mut tmp = [0u8; 22];
    let mut i = 10;
    tmp[10] = sep;
    while x >= 100 {
        let d = (x % 100) as usize * 2;
        x /= 100;
        i -= 2;
        tmp[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
    }
    if x >= 10 {
        i -= 2;
        tmp[i..i + 2].copy_from_slice(&PAIRS[x as usize * 2..x as usize * 2 + 2]);
    } else {
        i -= 1;
        tmp[i] = b'0' + x as u8;
    }
    out[pos..pos + 11].copy_from_slice(&tmp[i..i + 11]);
    pos + 11 - i
}

fn main() {
    let mut t = Tokens::stdin();
    let n = t.next(524_289) as usize;
    let m = t.next(524_289) as usize;
    let a: Vec<u32> = (0..n).map(|_| t.next(998_244_353)).collect();
    let b: Vec<u32> = (0..m).map(|_| t.next(998_244_353)).collect();
    let c = convolution_raw::<998_244_353, u32>(&a, &b);
    // The output is written over the input's buffer: its pages are mapped already.
    let mut out = t.buf;
    out.clear();
    out.resize(c.len() * 10 + 11, 0);
    let mut pos = 0;
    for (i, &x) in c.iter().enumerate() {
        pos = put(
            &mut out,
            pos,
            x,
            if i + 1 == c.len() { b'\n' } else { b' ' },
        );
    }
    out.truncate(pos);
    // A closed stdout is ignored: nobody is reading.
    let _ = std::io::stdout().lock().write_all(&out);
}
