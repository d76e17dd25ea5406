//! staticrmq (Library Checker): minima of ranges of a fixed array.
//!
//! `sparsetable::SparseTable` with `min`: O(N log N) to build, O(1) per query.

use fastio::{Reader, Writer};
use scan::input;
use sparsetable::SparseTable;

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize, a: [u32; n] }
    let t = SparseTable::new(a, std::cmp::min);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, l: usize, r: usize }
        if l >= r || r > n {
            bad(&rd, "an empty range or one out of bounds");
        }
        out.int(i64::from(t.prod(l..r)));
        out.byte(b'\n');
    }
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
