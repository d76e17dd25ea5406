//! range_affine_range_sum (Library Checker): apply x -> b x + c to a range, sum a range.
//!
//! `lazysegtree::LazySegtree` over (sum, length) pairs acted on by affine maps, all mod
//! 998244353. O(N + Q log N).

use fastio::{Reader, Writer};
use lazysegtree::{LazySegtree, MapMonoid, Monoid};
use scan::input;

const MOD: u64 = 998_244_353;

/// (sum mod 998244353, number of elements).
struct SumLen;

impl Monoid for SumLen {
    type S = (u32, u32);
    #[inline]
    fn identity() -> (u32, u32) {
        (0, 0)
    }
    #[inline]
    fn binary_operation(&(s, n): &(u32, u32), &(t, m): &(u32, u32)) -> (u32, u32) {
        let u = s + t;
        (if u >= MOD as u32 { u - MOD as u32 } else { u }, n + m)
    }
}

/// (b, c) for x -> b x + c.
struct Affine;

impl MapMonoid for Affine {
    type M = SumLen;
    type F = (u32, u32);
    #[inline]
    fn identity_map() -> (u32, u32) {
        (1, 0)
    }
    #[inline]
    fn mapping(&(b, c): &(u32, u32), &(s, n): &(u32, u32)) -> (u32, u32) {
        let v = (u64::from(b) * u64::from(s) + u64::from(c) * u64::from(n)) % MOD;
        (v as u32, n)
    }
    #[inline]
    fn composition(&(b, c): &(u32, u32), &(d, e): &(u32, u32)) -> (u32, u32) {
        let (b, c) = (u64::from(b), u64::from(c));
        (
            (b * u64::from(d) % MOD) as u32,
            ((b * u64::from(e) + c) % MOD) as u32,
        )
    }
}

fn main() {
    let mut rd = scan::stdin();
    input! { from rd, n: usize, q: usize }
    let a: Vec<(u32, u32)> = (0..n).map(|_| (residue(&mut rd), 1)).collect();
    let mut t = LazySegtree::<Affine>::from(a);
    let mut out = Writer::new();
    for _ in 0..q {
        input! { from rd, kind: u8, l: usize, r: usize }
        if l > r || r > n {
            bad(&rd, "a range out of bounds");
        }
        if kind == 0 {
            let (b, c) = (residue(&mut rd), residue(&mut rd));
            t.apply_range(l..r, (b, c));
        } else {
            out.int(i64::from(t.prod(l..r).0));
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
