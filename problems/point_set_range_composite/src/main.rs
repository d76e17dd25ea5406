//! point_set_range_composite (Library Checker): replace one linear map, apply a range of them.
//!
//! `segtree::Segtree` over maps x -> a x + b mod 998244353 under composition, in the order
//! the maps apply (left first). O(N + Q log N).

use fastio::{Reader, Writer};
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
    let mut rd = fastio::stdin_or_exit();
    let n = uint(&mut rd) as usize;
    let q = uint(&mut rd);
    let maps: Vec<(u32, u32)> = (0..n)
        .map(|_| (residue(&mut rd), residue(&mut rd)))
        .collect();
    let mut s = Segtree::<Compose>::from(maps);
    let mut out = Writer::new();
    for _ in 0..q {
        let t = uint(&mut rd);
        let (x, y, z) = (uint(&mut rd) as usize, uint(&mut rd), residue(&mut rd));
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
    let v = uint(rd);
    if v >= MOD {
        bad(rd, "a value not below 998244353");
    }
    v as u32
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
