//! NAME: TODO: one line saying what the problem asks.
//!
//! Reads the input with `scan::input!` (kinds: `usize`, `i64`, `u128`, `f64`, `String`,
//! `char`, `bytes`, `chars`, `usize1`, `(kind, kind)`, `[kind; n]`; a malformed input is one
//! line on stderr, `line L, token T: ...`, and exit status 2), solves, prints (for a large
//! output, `scan::Writer`: `out.int(v)`, `out.bytes(b"YES\n")`). Queries of varying shape:
//! `let mut rd = scan::stdin();`, then `input! { from rd, t: u8 }` and the query's own
//! `input! { from rd, l: usize, r: usize }` in each arm.
//!
//! The library is at hand: `use segtree::Segtree;`, `use modint::ModInt998244353 as Mint;`,
//! `use dsu::Dsu;` ... (README, "The library"); the bundle holds only what is used.

use scan::input;

fn main() {
    input! {
        n: usize,
        a: [i64; n],
    }
    println!("{}", solve(&a));
}

/// TODO: the problem's answer. The template's stand-in: the sum of the values.
fn solve(a: &[i64]) -> i64 {
    a.iter().sum()
}
