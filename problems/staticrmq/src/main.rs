//! staticrmq (Library Checker): minima of ranges of a fixed array.
//!
//! `sparsetable::SparseTable` with `min`: O(N log N) to build, O(1) per query.

use fastio::{Reader, Writer};
use sparsetable::SparseTable;

fn main() {
    let mut rd = fastio::stdin_or_exit();
    let n = uint(&mut rd) as usize;
    let q = uint(&mut rd);
    let a: Vec<u32> = (0..n)
        .map(|_| {
            let v = uint(&mut rd);
            if v > u64::from(u32::MAX) {
                bad(&rd, "a value above 2^32 - 1");
            }
            v as u32
        })
        .collect();
    let t = SparseTable::new(a, std::cmp::min);
    let mut out = Writer::new();
    for _ in 0..q {
        let (l, r) = (uint(&mut rd) as usize, uint(&mut rd) as usize);
        if l >= r || r > n {
            bad(&rd, "an empty range or one out of bounds");
        }
        out.int(i64::from(t.prod(l..r)));
        out.byte(b'\n');
    }
}

/// The next token as an unsigned integer of at most 19 digits. A plain digit loop: `scan`'s
/// general read costs a quarter of the time of a program like this one.
#[inline]
fn uint(rd: &mut Reader) -> u64 {
    rd.skip_whitespace();
    let (b, p) = rd.bytes();
    let mut i = p;
    let mut x = 0u64;
    while let Some(d) = b.get(i).map(|c| c.wrapping_sub(b'0')).filter(|&d| d <= 9) {
        x = x * 10 + u64::from(d);
        i += 1;
    }
    if i == p || i - p > 19 || b.get(i).map_or(false, |c| !c.is_ascii_whitespace()) {
        bad(rd, "expected an unsigned integer");
    }
    rd.advance(i - p, 0);
    x
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
