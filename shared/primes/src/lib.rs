//! 64-bit primality (deterministic Miller-Rabin) and factorization (Pollard-Brent rho).
//!
//! Both run on Montgomery multiplication modulo the number.
//!
//! ```
//! use primes::{factorize, is_prime};
//! assert!(is_prime(998_244_353));
//! assert!(!is_prime(1));
//! assert_eq!(factorize(360), [2, 2, 2, 3, 3, 5]);
//! assert_eq!(factorize(999_999_999_999_999_989), [999_999_999_999_999_989]);
//! assert_eq!(factorize(1_000_000_007 * 998_244_353), [998_244_353, 1_000_000_007]);
//! ```

/// Arithmetic modulo an odd `n` in Montgomery form (R = 2^64), values in `0..n`.
struct Mont {
    n: u64,
    /// n^-1 mod 2^64.
    inv: u64,
    /// R^2 mod n.
    r2: u64,
}

impl Mont {
    fn new(n: u64) -> Mont {
        // Newton's iteration from n (right in 3 bits for odd n) doubles the bits each step.
        let mut inv = n;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inv)));
        }
        let r = n.wrapping_neg() % n;
        let r2 = (r as u128 * r as u128 % n as u128) as u64;
        Mont { n, inv, r2 }
    }
    /// t * R^-1 mod n for t < n * 2^64.
    #[inline]
    fn reduce(&self, t: u128) -> u64 {
        // m * n agrees with t in the low 64 bits, so t - m * n is (hi - mn_hi) * 2^64.
        let m = (t as u64).wrapping_mul(self.inv);
        let (hi, mn) = (
            (t >> 64) as u64,
            ((m as u128 * self.n as u128) >> 64) as u64,
        );
        let (v, under) = hi.overflowing_sub(mn);
        if under {
            v.wrapping_add(self.n)
        } else {
            v
        }
    }
    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(a as u128 * b as u128)
    }
    #[inline]
    fn to(&self, a: u64) -> u64 {
        self.mul(a % self.n, self.r2)
    }
}

/// Whether `n` is prime. Deterministic for every u64: Miller-Rabin with the bases 2, 325,
/// 9375, 28178, 450775, 9780504, 1795265022 (Jim Sinclair's set), 2, 7, 61 below 2^32.
/// O(log n) multiplications per base.
pub fn is_prime(n: u64) -> bool {
    if n < 64 {
        return (1u64 << n) & 0x2820_8a20_a08a_28ac != 0;
    }
    for p in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n % p == 0 {
            return false;
        }
    }
    let m = Mont::new(n);
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    let (one, minus_one) = (m.to(1), m.to(n - 1));
    let bases: &[u64] = if n < 1 << 32 {
        &[2, 7, 61]
    } else {
        &[2, 325, 9375, 28178, 450_775, 9_780_504, 1_795_265_022]
    };
    bases.iter().all(|&a| {
        let a = m.to(a);
        if a == 0 {
            // A base divisible by n says nothing.
            return true;
        }
        let (mut x, mut e, mut y) = (one, d, a);
        while e > 0 {
            if e & 1 == 1 {
                x = m.mul(x, y);
            }
            y = m.mul(y, y);
            e >>= 1;
        }
        if x == one || x == minus_one {
            return true;
        }
        for _ in 1..s {
            x = m.mul(x, x);
            if x == minus_one {
                return true;
            }
        }
        false
    })
}

/// Binary gcd.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let k = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    while b != 0 {
        b >>= b.trailing_zeros();
        if a > b {
            (a, b) = (b, a);
        }
        b -= a;
    }
    a << k
}

/// A nontrivial factor of the odd composite `n`: Pollard's rho with Brent's cycle search,
/// taking the gcd once per 128 steps of the product of differences. Expected O(n^(1/4))
/// multiplications.
fn rho(n: u64) -> u64 {
    let m = Mont::new(n);
    const BATCH: u64 = 128;
    for c in 1.. {
        let c = m.to(c);
        // x^2 + c, the sum reduced below n.
        let f = |x: u64| {
            let (v, over) = m.mul(x, x).overflowing_add(c);
            if over || v >= n {
                v.wrapping_sub(n)
            } else {
                v
            }
        };
        let (mut x, mut y, mut ys, mut q, mut g) = (0, m.to(2), 0, m.to(1), 1);
        let mut r = 1u64;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..BATCH.min(r - k) {
                    y = f(y);
                    q = m.mul(q, x.abs_diff(y));
                }
                g = gcd(q, n);
                k += BATCH;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot (or met a zero difference): step through it one by one.
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g != 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    unreachable!()
}

/// The prime factors of `n` with multiplicity, in increasing order (empty for 0 and 1).
/// Trial division by primes below 64, then Pollard-Brent rho on what is left. Expected
/// O(n^(1/4) log n) time.
pub fn factorize(mut n: u64) -> Vec<u64> {
    let mut f = Vec::new();
    if n == 0 {
        return f;
    }
    for p in [
        2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
    ] {
        while n % p == 0 {
            f.push(p);
            n /= p;
        }
    }
    // n has no factor below 64 now, so n < 64^2 is 1 or prime.
    let mut todo = vec![n];
    while let Some(n) = todo.pop() {
        if n == 1 {
            continue;
        }
        if n < 4096 || is_prime(n) {
            f.push(n);
        } else {
            let d = rho(n);
            todo.push(d);
            todo.push(n / d);
        }
    }
    f.sort_unstable();
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    fn trial_is_prime(n: u64) -> bool {
        n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
    }

    #[test]
    fn is_prime_matches_trial_division() {
        for n in 0..100_000 {
            assert_eq!(is_prime(n), trial_is_prime(n), "{}", n);
        }
        let mut r = Rng::new(1);
        for _ in 0..3000 {
            let n = r.next_u64() >> r.between(24, 40);
            assert_eq!(is_prime(n), trial_is_prime(n), "{}", n);
        }
    }

    #[test]
    fn is_prime_on_hard_cases() {
        // Strong pseudoprimes to several small bases, Carmichael numbers, and prime squares.
        for n in [
            3_215_031_751u64,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
            3_825_123_056_546_413_051,
            561,
            41_041,
            4_759_123_141,
            1_000_000_007 * 1_000_000_007,
            4_294_967_291 * 4_294_967_279,
            u64::MAX,
        ] {
            assert!(!is_prime(n), "{}", n);
        }
        for n in [
            998_244_353u64,
            1_000_000_007,
            4_294_967_291,
            4_294_967_311,
            1_000_000_000_000_000_003,
            18_446_744_073_709_551_557,
            2_305_843_009_213_693_951,
        ] {
            assert!(is_prime(n), "{}", n);
        }
    }

    #[test]
    fn factorize_multiplies_back_to_primes() {
        let mut r = Rng::new(2);
        let mut cases: Vec<u64> = (0..2000).map(|_| r.next_u64() >> r.below(64)).collect();
        cases.extend(1..2000);
        cases.extend([
            u64::MAX,
            1 << 63,
            999_999_999_999_999_989,
            4_294_967_291 * 4_294_967_279,
            1_000_000_007 * 998_244_353,
            3_825_123_056_546_413_051,
            97 * 97 * 97 * 89 * 89,
            (1 << 61) - 1,
            4_611_686_014_132_420_609, // (2^31 - 1)^2
        ]);
        for n in cases {
            let f = factorize(n);
            if n <= 1 {
                assert!(f.is_empty());
                continue;
            }
            assert!(f.windows(2).all(|w| w[0] <= w[1]), "{}: {:?}", n, f);
            assert!(f.iter().all(|&p| is_prime(p)), "{}: {:?}", n, f);
            assert_eq!(f.iter().product::<u64>(), n);
            if n < 1 << 20 {
                assert!(f.iter().all(|&p| trial_is_prime(p)));
            }
        }
    }

    #[test]
    fn semiprimes_of_two_large_primes() {
        let mut r = Rng::new(3);
        let big_prime = |r: &mut Rng| loop {
            let p = (r.next_u64() >> 34) | 1 << 29;
            if trial_is_prime(p) {
                return p;
            }
        };
        for _ in 0..30 {
            let (p, q) = (big_prime(&mut r), big_prime(&mut r));
            let mut want = vec![p.min(q), p.max(q)];
            assert_eq!(factorize(p * q), want);
            want.push(p);
            want.sort_unstable();
            if let Some(n) = (p * q).checked_mul(p) {
                assert_eq!(factorize(n), want);
            }
        }
        assert_eq!(gcd(0, 5), 5);
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(gcd(1 << 40, 6 << 20), 2 << 20);
    }
}
