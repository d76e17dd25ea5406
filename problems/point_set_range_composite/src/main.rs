//! point_set_range_composite (Library Checker): replace one linear map, apply a range of them.
//!
//! `segtree::Segtree` over maps x -> a x + b mod 998244353 under composition, in the order
//! the maps apply (left first). O(N + Q log N).

use fastio::{Reader, Writer};
use scan::input;
use segtree::{Monoid, Segtree};

const MOD: u64 = 998_244_353;

/// (a, b) for x -> a x + b; the product (a, b) · (c, d) applies (a, b) first.
struct Compose;

impl Monoid for Compose {
    type S = (u32, u32);
    #[inline]
    fn identity() -> (u32, u32) {
        (1, 0)
    }
    #[inline]
    fn binary_operation(&(a, b): &(u32, u32), &(c, d): &(u32, u32)) -> (u32, u32) {
        let (c, d) = (u64::from(c), u64::from(d));
        (
            (c * u64::from(a) % MOD) as u32,
            ((c * u64::from(b) + d) % MOD) as u32,
        )
    }
}

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize }
    let maps: Vec<(u32, u32)> = (0..n)
        .map(|_| (residue(&mut rd), residue(&mut rd)))
        .collect();
    let mut s = Segtree::<Compose>::from(maps);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, t: u8, x: usize, y: u64 }
        let z = residue(&mut rd);
        if t == 0 {
            if x >= n || y >= MOD {
                bad(&rd, "an index or a coefficient out of range");
            }
            s.set(x, (y as u32, z));
        } else {
            if x > y as usize || y as usize > n {
                bad(&rd, "a range out of bounds");
            }
            let (a, b) = s.prod(x..y as usize);
            out.int(((u64::from(a) * u64::from(z) + u64::from(b)) % MOD) as i64);
            out.byte(b'\n');
        }
    }
}

/// The next token as a residue below 998244353.
#[inline]
fn residue(rd: &mut Reader) -> u32 {
    input! { from rd, v: u64 }
    if v >= MOD {
        bad(rd, "a value not below 998244353");
    }
    v as u32
}

/// Malformed input: one line on stderr, exit status 2.
#[cold]
fn bad(rd: &Reader, what: &str) -> ! {
    eprintln!("line {}: {}", rd.line(), what);
    std::process::exit(2)
}
