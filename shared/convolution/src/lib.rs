//! Convolution by NTT: over an NTT-friendly prime, over any modulus (three primes), exact i64.
//!
//! ```
//! use convolution::{convolution, convolution_any_mod, convolution_i64, convolution_raw};
//! use modint::ModInt998244353 as Mint;
//! let a: Vec<Mint> = [1, 2, 3].iter().map(|&x| Mint::new(x)).collect();
//! let b: Vec<Mint> = [4, 5].iter().map(|&x| Mint::new(x)).collect();
//! let c: Vec<u32> = convolution(&a, &b).iter().map(|x| x.val()).collect();
//! assert_eq!(c, [4, 13, 22, 15]);
//! assert_eq!(convolution_raw::<998_244_353, u64>(&[1, 2, 3], &[4, 5]), [4, 13, 22, 15]);
//! assert_eq!(convolution_any_mod(&[1, 2, 3], &[4, 5], 10), [4, 3, 2, 5]);
//! assert_eq!(convolution_i64(&[-1, 2], &[3, -4_000_000_000]), [-3, 4_000_000_006, -8_000_000_000]);
//! ```
//!
//! The transform is a radix-4 NTT over Montgomery-form twiddles with lazy reduction (values
//! kept below 4M between passes), forward in decimation in frequency and backward in decimation
//! in time, so no bit-reversal permutation is ever made. Short inputs use the schoolbook
//! product.

use modint::StaticModInt;

/// The transform, its Montgomery arithmetic (R = 2^32) and twiddle tables for the prime `M`.
struct Ntt<const M: u32>;

impl<const M: u32> Ntt<M> {
    /// -M^-1 mod 2^32, by Newton's iteration (each step doubles the correct low bits).
    const NEG_INV: u32 = {
        let mut x = M;
        let mut i = 0;
        while i < 4 {
            x = x.wrapping_mul(2u32.wrapping_sub(M.wrapping_mul(x)));
            i += 1;
        }
        x.wrapping_neg()
    };
    /// R^2 mod M: `mul(x, R2)` is x in Montgomery form.
    const R2: u32 = ((1u128 << 64) % M as u128) as u32;
    /// log2 of the longest transform: the power of 2 in M - 1.
    const RANK: u32 = (M - 1).trailing_zeros();

    /// a * b * R^-1 mod M in 0..2M, for a * b < 2^32 * M (any a < 4M when b < M).
    #[inline(always)]
    fn mul(a: u32, b: u32) -> u32 {
        let x = a as u64 * b as u64;
        let t = (x as u32).wrapping_mul(Self::NEG_INV) as u64;
        ((x + t * M as u64) >> 32) as u32
    }
    /// x - 2M when x >= 2M: from 0..4M to 0..2M.
    #[inline(always)]
    fn red2(x: u32) -> u32 {
        x.min(x.wrapping_sub(2 * M))
    }
    /// x - M when x >= M: from 0..2M to 0..M.
    #[inline(always)]
    fn red1(x: u32) -> u32 {
        x.min(x.wrapping_sub(M))
    }
    /// The Montgomery form of `x` in 0..M.
    fn mont(x: u32) -> u32 {
        Self::red1(Self::mul(x, Self::R2))
    }
    /// `x^e mod M` in plain form.
    fn pow(x: u32, e: u32) -> u32 {
        pow(x as u64, e as u64, M as u64) as u32
    }

    /// The twiddles of a transform of length `n` (a power of 2, 4 <= n <= 2^RANK), in
    /// Montgomery form below M: `t[s] = z^rev(s)` for s < n/2, rev reversing the log2(n) - 1
    /// bits of s and z a primitive n-th root of unity, so that t[2s]^2 = t[s] and
    /// t[2s+1] = t[2s] * t[1], t[1] being a fourth root of unity. Block s of every pass multiplies by t[s] (its two
    /// sub-blocks by t[2s], t[2s+1]); `inv` gives the inverses. O(n).
    fn table(n: usize, inv: bool) -> Vec<u32> {
        let g = primitive_root(M);
        let mut t = vec![0u32; n / 2];
        t[0] = Self::mont(1);
        let mut k = 0;
        while 1 << k < n / 2 {
            // t[2^k] has order 2^(k+2); t[2^k + i] = t[2^k] * t[i] for i < 2^k.
            let mut c = Self::pow(g, (M - 1) >> (k + 2));
            if inv {
                c = Self::pow(c, M - 2);
            }
            let c = Self::mont(c);
            let (lo, hi) = t.split_at_mut(1 << k);
            for (h, &l) in hi[..1 << k].iter_mut().zip(lo.iter()) {
                *h = Self::red1(Self::mul(l, c));
            }
            k += 1;
        }
        t
    }

    /// Forward transform of `a` (length n, a power of 2 >= 4, values below 2M, zero from
    /// index `len` on) in place, results below 4M in a fixed permuted order. O(n log n).
    fn forward(a: &mut [u32], t: &[u32], len: usize) {
        let n = a.len();
        let m2 = 2 * M;
        let mut q = n;
        if n.trailing_zeros() % 2 == 1 {
            // One radix-2 pass with multiplier t[0] = 1; over a zero upper half, a copy.
            if len <= n / 2 {
                let (x, y) = a.split_at_mut(n / 2);
                y.copy_from_slice(x);
            } else {
                Self::radix2(a);
            }
            q /= 2;
        } else if len <= n / 2 {
            // The first radix-4 pass (twiddles 1) over a zero upper half: one product a group.
            q /= 4;
            Self::quarters(a, q, |[a0, a1, _, _]| {
                let d = Self::mul(a1, t[1]);
                [a0 + a1, a0 + m2 - a1, a0 + d, a0 + m2 - d]
            });
        }
        while q >= 4 {
            q /= 4;
            Self::pass(a, t, q, Self::fly);
        }
    }

    /// One radix-4 pass over blocks of length 4q: `f` (a butterfly) on each group of block s
    /// with the twiddles of s.
    #[inline(always)]
    fn pass(a: &mut [u32], t: &[u32], q: usize, f: impl Fn([u32; 4], [u32; 4]) -> [u32; 4]) {
        if q == 1 {
            // One group per block, so no inner loop.
            for (s, c) in a.chunks_exact_mut(4).enumerate() {
                let r = f([c[0], c[1], c[2], c[3]], Self::tw(t, s));
                c.copy_from_slice(&r);
            }
        } else {
            for (s, blk) in a.chunks_exact_mut(4 * q).enumerate() {
                let w = Self::tw(t, s);
                Self::quarters(blk, q, |x| f(x, w));
            }
        }
    }

    /// Replaces each group `[b[i], b[q + i], b[2q + i], b[3q + i]]` (i < q) of `b` (length
    /// 4q) by `f` of it.
    #[inline(always)]
    fn quarters(b: &mut [u32], q: usize, f: impl Fn([u32; 4]) -> [u32; 4]) {
        let (x0, r) = b.split_at_mut(q);
        let (x1, r) = r.split_at_mut(q);
        let (x2, x3) = r.split_at_mut(q);
        for (((p0, p1), p2), p3) in x0.iter_mut().zip(x1).zip(x2).zip(x3) {
            let [b0, b1, b2, b3] = f([*p0, *p1, *p2, *p3]);
            *p0 = b0;
            *p1 = b1;
            *p2 = b2;
            *p3 = b3;
        }
    }

    /// One radix-2 pass with multiplier 1 over `a` (values below 2M, outputs below 4M).
    #[inline(always)]
    fn radix2(a: &mut [u32]) {
        let m2 = 2 * M;
        let (x, y) = a.split_at_mut(a.len() / 2);
        for (x, y) in x.iter_mut().zip(y.iter_mut()) {
            let (u, v) = (*x, *y);
            *x = u + v;
            *y = u + m2 - v;
        }
    }

    /// The twiddles of radix-4 block s: t[2s], t[s] = t[2s]^2, t[2s]^3, and t[1] (a fourth
    /// root of unity), all below M.
    #[inline(always)]
    fn tw(t: &[u32], s: usize) -> [u32; 4] {
        let (w1, w2) = (t[2 * s], t[s]);
        let w3 = Self::mul(w1, w2);
        [w1, w2, Self::red1(w3), t[1]]
    }

    /// One forward radix-4 butterfly: inputs below 4M, outputs below 4M (each
    /// multiplication lands below 2M, each sum is brought below 2M before the next).
    #[inline(always)]
    fn fly(x: [u32; 4], w: [u32; 4]) -> [u32; 4] {
        let m2 = 2 * M;
        let a0 = Self::red2(x[0]);
        let (a1, a2, a3) = (
            Self::mul(x[1], w[0]),
            Self::mul(x[2], w[1]),
            Self::mul(x[3], w[2]),
        );
        let (s02, d02) = (Self::red2(a0 + a2), Self::red2(a0 + m2 - a2));
        let (s13, d13) = (Self::red2(a1 + a3), Self::mul(a1 + m2 - a3, w[3]));
        [s02 + s13, s02 + m2 - s13, d02 + d13, d02 + m2 - d13]
    }

    /// One inverse butterfly, twiddles last: inputs below 2M, outputs below 2M.
    #[inline(always)]
    fn unfly(b: [u32; 4], w: [u32; 4]) -> [u32; 4] {
        let m2 = 2 * M;
        let (s01, d01) = (Self::red2(b[0] + b[1]), Self::red2(b[0] + m2 - b[1]));
        let (s23, d23) = (Self::red2(b[2] + b[3]), Self::mul(b[2] + m2 - b[3], w[3]));
        [
            Self::red2(s01 + s23),
            Self::mul(d01 + d23, w[0]),
            Self::mul(s01 + m2 - s23, w[1]),
            Self::mul(d01 + m2 - d23, w[2]),
        ]
    }

    /// Inverse of [`Ntt::forward`] without the 1/n factor, given the inverse twiddles:
    /// values below 2M in, below 4M out. O(n log n).
    fn backward(a: &mut [u32], t: &[u32]) {
        let n = a.len();
        let mut q = 1;
        while 4 * q <= n {
            Self::pass(a, t, q, Self::unfly);
            q *= 4;
        }
        if q < n {
            Self::radix2(a);
        }
    }

    /// The (acyclic) product of `a` and `b` modulo M (values in 0..M), given their values
    /// below 2M through `get`; both nonempty. O((n + m) log(n + m)).
    fn multiply<T: Copy>(a: &[T], b: &[T], get: impl Fn(T) -> u32) -> Vec<u32> {
        let len = a.len() + b.len() - 1;
        let n = len.next_power_of_two().max(4);
        // Lazy reduction keeps values below 4M in a u32.
        assert!(M < 1 << 30);
        assert!(n.trailing_zeros() <= Self::RANK, "too long for the modulus");
        let load = |x: &[T]| {
            let mut v = Vec::with_capacity(n);
            v.extend(x.iter().map(|&x| get(x)));
            v.resize(n, 0);
            v
        };
        let t = Self::table(n, false);
        let (mut fa, mut fb) = (load(a), load(b));
        Self::forward(&mut fa, &t, a.len());
        Self::forward(&mut fb, &t, b.len());
        drop(t);
        // The pointwise products carry R^-1; the factor R^2 / n turns them into ab / n.
        let k = (Self::pow(n as u32, M - 2) as u64 * Self::R2 as u64 % M as u64) as u32;
        for (x, &y) in fa.iter_mut().zip(fb.iter()) {
            *x = Self::mul(Self::mul(Self::red2(*x), Self::red2(y)), k);
        }
        drop(fb);
        Self::backward(&mut fa, &Self::table(n, true));
        fa.truncate(len);
        for x in fa.iter_mut() {
            *x = Self::red1(Self::red2(*x));
        }
        fa
    }
}

/// `x^e mod m` for `x < m < 2^32`. O(log e).
const fn pow(mut x: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = r * x % m;
        }
        x = x * x % m;
        e >>= 1;
    }
    r
}

/// The smallest primitive root of the prime `m` (which must be prime).
const fn primitive_root(m: u32) -> u32 {
    if m == 2 {
        return 1;
    }
    // The prime factors of m - 1, by trial division.
    let mut ps = [0u64; 32];
    let (mut k, mut x, mut p) = (0, (m - 1) as u64, 2u64);
    while p * p <= x {
        if x % p == 0 {
            ps[k] = p;
            k += 1;
            while x % p == 0 {
                x /= p;
            }
        }
        p += 1;
    }
    if x > 1 {
        ps[k] = x;
        k += 1;
    }
    let mut g = 2;
    loop {
        let mut i = 0;
        while i < k && pow(g, (m as u64 - 1) / ps[i], m as u64) != 1 {
            i += 1;
        }
        if i == k {
            return g as u32;
        }
        g += 1;
    }
}

/// The schoolbook product modulo `m` (`1 <= m <= 2^32`) of values reduced by `r`: sums of
/// products grow unreduced for as many rows as fit in a u64, then are reduced together.
fn naive<T: Copy>(a: &[T], b: &[T], r: impl Fn(T) -> u32, m: u64) -> Vec<u32> {
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let b: Vec<u64> = b.iter().map(|&y| r(y) as u64).collect();
    let rows = (u64::MAX - m)
        .checked_div((m - 1) * (m - 1))
        .map_or(usize::MAX, |r| r.max(1) as usize);
    let mut c = vec![0u64; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        let x = r(x) as u64;
        for (c, &y) in c[i..].iter_mut().zip(&b) {
            *c += x * y;
        }
        if (i + 1) % rows == 0 {
            c.iter_mut().for_each(|v| *v %= m);
        }
    }
    c.into_iter().map(|v| (v % m) as u32).collect()
}

/// Up to this shorter length the schoolbook product is faster than three transforms (measured
/// with the other length from 100 to 10^4: the break-even is near 100).
const NAIVE: usize = 80;

/// The product of `a` and `b` modulo the prime `M`: `c[k] = sum_{i+j=k} a[i] b[j]`, of length
/// `a.len() + b.len() - 1` (empty when either is empty). Requires M prime, `M < 2^30`, and
/// `2^c | M - 1` for some `2^c >= a.len() + b.len() - 1` (998244353 allows 2^23); panics on a
/// longer result or a larger M (a composite M gives wrong values). Inputs shorter than 81 are
/// multiplied directly, any M. O((n + m) log(n + m)).
pub fn convolution<const M: u32>(
    a: &[StaticModInt<M>],
    b: &[StaticModInt<M>],
) -> Vec<StaticModInt<M>> {
    conv::<M, _>(a, b, |x| x.val())
        .into_iter()
        .map(StaticModInt::raw)
        .collect()
}

/// [`convolution`] on plain integers (`u32` or `u64`), taken modulo the prime `M` on entry;
/// results in `0..M`. Same requirements. O((n + m) log(n + m)).
pub fn convolution_raw<const M: u32, T: Copy + Into<u64> + From<u32>>(a: &[T], b: &[T]) -> Vec<T> {
    conv::<M, T>(a, b, |x| (x.into() % M as u64) as u32)
        .into_iter()
        .map(T::from)
        .collect()
}

/// The product modulo M of the values `r` reduces below M, schoolbook or by transforms.
fn conv<const M: u32, T: Copy>(a: &[T], b: &[T], r: impl Fn(T) -> u32) -> Vec<u32> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    if a.len().min(b.len()) <= NAIVE {
        return naive(a, b, r, M as u64);
    }
    Ntt::<M>::multiply(a, b, r)
}

const P1: u32 = 754_974_721; // 45 * 2^24 + 1
const P2: u32 = 167_772_161; // 5 * 2^25 + 1
const P3: u32 = 469_762_049; // 7 * 2^26 + 1

/// The product modulo P1, P2 and P3 as Garner's digits: the exact value modulo P1 P2 P3 is
/// `t1 + t2 * P1 + t3 * P1 * P2` with t1 < P1, t2 < P2, t3 < P3. `r(x, p)` is `x mod p`.
fn three_primes<T: Copy>(
    a: &[T],
    b: &[T],
    r: impl Fn(T, u32) -> u32 + Copy,
) -> impl Iterator<Item = (u64, u64, u64)> {
    let c1 = Ntt::<P1>::multiply(a, b, move |x| r(x, P1));
    let c2 = Ntt::<P2>::multiply(a, b, move |x| r(x, P2));
    let c3 = Ntt::<P3>::multiply(a, b, move |x| r(x, P3));
    // P1^-1 mod P2 and (P1 P2)^-1 mod P3.
    let (i12, i123) = (95_869_806, 187_290_749);
    let (p1, p2, p3) = (P1 as u64, P2 as u64, P3 as u64);
    c1.into_iter().zip(c2).zip(c3).map(move |((r1, r2), r3)| {
        let (r1, r2, r3) = (r1 as u64, r2 as u64, r3 as u64);
        let t2 = (r2 + p2 - r1 % p2) * i12 % p2;
        let u = (r1 + t2 * p1) % p3;
        (r1, t2, (r3 + p3 - u) * i123 % p3)
    })
}

/// The product of `a` and `b` modulo any `m`, results in `0..m`: three NTT-prime products
/// joined by the Chinese remainder theorem. Requires `1 <= m <= 2^31` (or, for larger m,
/// `min(n, m_len) * (m - 1)^2 < 5.9 * 10^25`) and `a.len() + b.len() - 1 <= 2^24`.
/// O((n + m) log(n + m)), about three times [`convolution`].
pub fn convolution_any_mod(a: &[u32], b: &[u32], m: u32) -> Vec<u32> {
    assert!(m >= 1);
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let m = m as u64;
    if a.len().min(b.len()) <= NAIVE {
        return naive(a, b, |x| (x as u64 % m) as u32, m);
    }
    let p12 = P1 as u64 * P2 as u64 % m;
    three_primes(a, b, |x, p| (x as u64 % m) as u32 % p)
        .map(|(t1, t2, t3)| ((t1 + t2 * P1 as u64 % m + t3 * p12) % m) as u32)
        .collect()
}

/// The exact product of `a` and `b`. Requires every result to fit in i64 (intermediate sums
/// may overflow) and `a.len() + b.len() - 1 <= 2^24`. O((n + m) log(n + m)), about three
/// times [`convolution`].
pub fn convolution_i64(a: &[i64], b: &[i64]) -> Vec<i64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    if a.len().min(b.len()) <= NAIVE {
        let mut c = vec![0i64; a.len() + b.len() - 1];
        for (i, &x) in a.iter().enumerate() {
            for (c, &y) in c[i..].iter_mut().zip(b) {
                *c = c.wrapping_add(x.wrapping_mul(y));
            }
        }
        return c;
    }
    // With P = P1 P2 P3 (about 2^85.6) and x the Garner value in 0..P, the result is x or
    // x - P. A result in i64 makes x < 2^63 (so t3 <= 73) or x >= P - 2^63 (t3 >= P3 - 74):
    // t3 tells them apart, and modulo 2^64 the rest is wrapping arithmetic.
    let p = (P1 as u64).wrapping_mul(P2 as u64).wrapping_mul(P3 as u64);
    let p12 = P1 as u64 * P2 as u64;
    three_primes(a, b, |x, p| x.rem_euclid(p as i64) as u32)
        .map(|(t1, t2, t3)| {
            let x = (t1 + t2 * P1 as u64).wrapping_add(t3.wrapping_mul(p12));
            (if t3 >= P3 as u64 / 2 {
                x.wrapping_sub(p)
            } else {
                x
            }) as i64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use modint::ModInt998244353 as Mint;
    use rng::Rng;

    fn schoolbook(a: &[u64], b: &[u64], m: u128) -> Vec<u64> {
        let mut c = vec![0u128; (a.len() + b.len()).saturating_sub(1)];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                c[i + j] = (c[i + j] + x as u128 * y as u128) % m;
            }
        }
        c.into_iter().map(|x| x as u64).collect()
    }

    /// Lengths around the schoolbook cut-off, the powers of 2 and both parities of log n.
    fn lengths(r: &mut Rng) -> (usize, usize) {
        match r.below(4) {
            0 => (r.between(1, 120), r.between(1, 120)),
            1 => {
                let n = 1 << r.between(5, 10);
                (n / 2 + r.below(2), n / 2 + 1 - r.below(2))
            }
            2 => (r.between(NAIVE + 1, 300), r.between(1, 600)),
            _ => (r.between(1, 1500), r.between(NAIVE + 1, 1500)),
        }
    }

    fn check_prime<const M: u32>(r: &mut Rng, cases: usize) {
        for _ in 0..cases {
            let (n, m) = lengths(r);
            let top = if r.below(3) == 0 {
                M as u64 - 1
            } else {
                M as u64
            };
            let a: Vec<u64> = (0..n)
                .map(|_| {
                    if top < M as u64 {
                        top
                    } else {
                        r.next_u64() % top
                    }
                })
                .collect();
            let b: Vec<u64> = (0..m).map(|_| r.next_u64() % M as u64).collect();
            let want = schoolbook(&a, &b, M as u128);
            assert_eq!(
                convolution_raw::<M, u64>(&a, &b),
                want,
                "M={} n={} m={}",
                M,
                n,
                m
            );
        }
    }

    #[test]
    fn ntt_primes_match_schoolbook() {
        let mut r = Rng::new(1);
        check_prime::<998_244_353>(&mut r, 150);
        check_prime::<P1>(&mut r, 40);
        check_prime::<P2>(&mut r, 40);
        check_prime::<P3>(&mut r, 40);
        check_prime::<7_340_033>(&mut r, 40);
        // 97 = 3 * 2^5 + 1: transforms up to 32.
        for n in 1..=16 {
            let a: Vec<u32> = (0..n as u32).map(|x| x * 7 % 97).collect();
            let b: Vec<u32> = (0..17 - n as u32).map(|x| x * 5 % 97 + 90).collect();
            let want = schoolbook(
                &a.iter().map(|&x| x as u64).collect::<Vec<_>>(),
                &b.iter().map(|&x| x as u64).collect::<Vec<_>>(),
                97,
            );
            let got: Vec<u64> = Ntt::<97>::multiply(&a, &b, |x| x % 97)
                .into_iter()
                .map(|x| x as u64)
                .collect();
            assert_eq!(got, want);
        }
    }

    #[test]
    fn modint_and_raw_agree_and_edges() {
        let mut r = Rng::new(2);
        let a: Vec<u32> = (0..1000).map(|_| r.next_u64() as u32).collect();
        let b: Vec<u32> = (0..777).map(|_| r.next_u64() as u32).collect();
        let am: Vec<Mint> = a.iter().map(|&x| Mint::new(x)).collect();
        let bm: Vec<Mint> = b.iter().map(|&x| Mint::new(x)).collect();
        let c: Vec<u32> = convolution(&am, &bm).iter().map(|x| x.val()).collect();
        assert_eq!(c, convolution_raw::<998_244_353, u32>(&a, &b));
        assert!(convolution::<998_244_353>(&[], &bm).is_empty());
        assert!(convolution_raw::<998_244_353, u32>(&a, &[]).is_empty());
        assert!(convolution_any_mod(&[], &[], 5).is_empty());
        assert!(convolution_i64(&[1], &[]).is_empty());
        assert_eq!(convolution_raw::<998_244_353, u32>(&[5], &[7]), [35]);
        assert_eq!(primitive_root(998_244_353), 3);
        assert_eq!(primitive_root(P1), 11);
        assert_eq!(primitive_root(2), 1);
        assert_eq!(primitive_root(7), 3);
        // 17 = 2^4 + 1 allows transforms up to 16: a result of 199 cannot be made.
        let long = vec![1u32; 100];
        assert!(std::panic::catch_unwind(|| convolution_raw::<17, u32>(&long, &long)).is_err());
        // 2013265921 = 15 * 2^27 + 1 is prime but too large for the lazy reduction.
        let r = std::panic::catch_unwind(|| convolution_raw::<2_013_265_921, u32>(&long, &long));
        assert!(r.is_err());
    }

    #[test]
    fn any_mod_matches_schoolbook() {
        let mut r = Rng::new(3);
        for case in 0..120 {
            let (n, m) = lengths(&mut r);
            let md = match case % 4 {
                0 => 1_000_000_007,
                1 => r.between(1, 100) as u32,
                2 => 1 << 31,
                _ => r.next_u64() as u32 >> r.below(31) | 1,
            };
            let a: Vec<u32> = (0..n).map(|_| r.next_u64() as u32).collect();
            let b: Vec<u32> = (0..m)
                .map(|_| {
                    if case % 5 == 0 {
                        md - 1
                    } else {
                        r.next_u64() as u32
                    }
                })
                .collect();
            let want = schoolbook(
                &a.iter().map(|&x| x as u64 % md as u64).collect::<Vec<_>>(),
                &b.iter().map(|&x| x as u64 % md as u64).collect::<Vec<_>>(),
                md as u128,
            );
            let got: Vec<u64> = convolution_any_mod(&a, &b, md)
                .into_iter()
                .map(|x| x as u64)
                .collect();
            assert_eq!(got, want, "m={} n={} len={}", md, n, m);
        }
    }

    #[test]
    fn i64_matches_schoolbook() {
        let mut r = Rng::new(4);
        for case in 0..120 {
            let (n, m) = lengths(&mut r);
            // Magnitudes so that every sum fits: |a| * |b| * min(n, m) < 2^63.
            let bits = 62 - (n.min(m) as f64).log2().ceil() as u32;
            let (ba, bb) = if case % 2 == 0 {
                (bits / 2, bits - bits / 2)
            } else {
                (bits - 3, 3)
            };
            let draw = |r: &mut Rng, b: u32| {
                (r.next_u64() >> (64 - b)) as i64 * if r.below(2) == 0 { 1 } else { -1 }
            };
            let a: Vec<i64> = (0..n).map(|_| draw(&mut r, ba)).collect();
            let b: Vec<i64> = (0..m).map(|_| draw(&mut r, bb)).collect();
            let mut want = vec![0i128; n + m - 1];
            for (i, &x) in a.iter().enumerate() {
                for (j, &y) in b.iter().enumerate() {
                    want[i + j] += x as i128 * y as i128;
                }
            }
            let want: Vec<i64> = want.into_iter().map(|x| x as i64).collect();
            assert_eq!(convolution_i64(&a, &b), want, "n={} m={}", n, m);
        }
        // Extremes: results at both ends of i64.
        let a = vec![i64::MAX / 100; 100];
        let got = convolution_i64(&a, &[1; 60]);
        assert_eq!(got[59], i64::MAX / 100 * 60);
        let got = convolution_i64(&a, &[-1; 60]);
        assert_eq!(got[99], -(i64::MAX / 100) * 60);
    }
}
