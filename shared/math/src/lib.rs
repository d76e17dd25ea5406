//! Number theory as in ACL's math: modular power and inverse, CRT, and linear floor sums.
//!
//! ```
//! use math::{crt, floor_sum, inv_mod, pow_mod};
//! assert_eq!(pow_mod(2, 10, 1000), 24);
//! assert_eq!(inv_mod(3, 7), 5);
//! assert_eq!(crt(&[2, 3], &[3, 5]), (8, 15));
//! // floor(0/3) + floor(2/3) + floor(4/3) + floor(6/3) = 3
//! assert_eq!(floor_sum(4, 3, 2, 0), 3);
//! ```

/// `x^n mod m`. Requires `n >= 0` and `m >= 1`. O(log n).
pub fn pow_mod(x: i64, mut n: i64, m: u32) -> u32 {
    assert!(n >= 0 && m >= 1);
    let m = m as u64;
    let (mut r, mut y) = (1 % m, x.rem_euclid(m as i64) as u64);
    while n > 0 {
        if n & 1 == 1 {
            r = r * y % m;
        }
        y = y * y % m;
        n >>= 1;
    }
    r as u32
}

/// `y` in `0..m` with `x * y ≡ 1 (mod m)`. Panics unless `m >= 1` and `gcd(x, m) = 1`.
/// O(log m).
pub fn inv_mod(x: i64, m: i64) -> i64 {
    assert!(m >= 1);
    let (g, y) = internal_math::inv_gcd(x, m);
    assert!(g == 1, "no inverse");
    y
}

/// The solution of `x ≡ r[i] (mod m[i])` for all `i` as `(y, z)`: the solutions are exactly
/// the `x ≡ y (mod z)`, `0 <= y < z = lcm(m)`; `(0, 0)` when there is none, `(0, 1)` for empty
/// input. Requires equal lengths, every `m[i] >= 1` and `lcm(m)` within `i64`.
/// O(n log lcm(m)).
pub fn crt(r: &[i64], m: &[i64]) -> (i64, i64) {
    assert_eq!(r.len(), m.len());
    let (mut r0, mut m0) = (0i64, 1i64);
    for (&ri, &mi) in r.iter().zip(m) {
        assert!(mi >= 1);
        let (mut r1, mut m1) = (ri.rem_euclid(mi), mi);
        if m0 < m1 {
            (r0, m0, r1, m1) = (r1, m1, r0, m0);
        }
        // Now m0 >= m1; when m1 divides m0 the new congruence adds nothing or contradicts.
        if m0 % m1 == 0 {
            if r0 % m1 != r1 {
                return (0, 0);
            }
            continue;
        }
        // x = r0 + t * m0 with t * m0 ≡ r1 - r0 (mod m1): t = (r1 - r0) / g * inv(m0 / g).
        let (g, im) = internal_math::inv_gcd(m0, m1);
        if (r1 - r0) % g != 0 {
            return (0, 0);
        }
        let u = m1 / g;
        let t = ((r1 - r0) / g) as i128 * im as i128 % u as i128;
        let z = m0 as i128 * u as i128;
        r0 = (r0 as i128 + t * m0 as i128).rem_euclid(z) as i64;
        m0 = z as i64;
    }
    (r0, m0)
}

/// `(x / y, x % y)`, by a 32-bit division when both fit (several times cheaper on many CPUs).
#[inline]
fn divmod(x: u64, y: u64) -> (u64, u64) {
    if (x | y) >> 32 == 0 {
        let (x, y) = (x as u32, y as u32);
        ((x / y) as u64, (x % y) as u64)
    } else {
        (x / y, x % y)
    }
}

/// `sum_{i=0}^{n-1} floor((a * i + b) / m)` for unsigned arguments, wrapping modulo 2^64.
/// Exact when `n < 2^32`, `1 <= m < 2^32` and the sum fits in u64. O(log m).
pub fn floor_sum_unsigned(mut n: u64, mut m: u64, mut a: u64, mut b: u64) -> u64 {
    let mut ans = 0u64;
    loop {
        // Split off the integer parts of a / m and b / m, then count lattice points with the
        // axes swapped (a Euclid step on (m, a)). After the first step a >= m always, while
        // b >= m holds about half the time: dividing b unconditionally beats mispredicting.
        if a >= m {
            let (q, r) = divmod(a, m);
            ans = ans.wrapping_add((n * n.wrapping_sub(1) / 2).wrapping_mul(q));
            a = r;
        }
        let (q, r) = divmod(b, m);
        ans = ans.wrapping_add(n.wrapping_mul(q));
        b = r;
        let y = a.wrapping_mul(n).wrapping_add(b);
        if y < m {
            return ans;
        }
        let (q, r) = divmod(y, m);
        n = q;
        b = r;
        (m, a) = (a, m);
    }
}

/// `sum_{i=0}^{n-1} floor((a * i + b) / m)` (floors toward minus infinity). Requires
/// `0 <= n < 2^32`, `1 <= m < 2^32` and the answer within i64. O(log m).
pub fn floor_sum(n: i64, m: i64, a: i64, b: i64) -> i64 {
    assert!((0..1 << 32).contains(&n) && (1..1 << 32).contains(&m));
    // Move a and b into 0..m; the parts moved out contribute linearly.
    let (a2, b2) = (a.rem_euclid(m), b.rem_euclid(m));
    let pairs = (n as u64 * (n as u64).wrapping_sub(1) / 2) as i64;
    (floor_sum_unsigned(n as u64, m as u64, a2 as u64, b2 as u64) as i64)
        .wrapping_sub(pairs.wrapping_mul((a2 - a) / m))
        .wrapping_sub(n.wrapping_mul((b2 - b) / m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }

    #[test]
    fn pow_mod_matches_a_loop() {
        let mut r = Rng::new(1);
        for _ in 0..3000 {
            let x = r.next_u64() as i64 >> r.below(64);
            let n = r.below(300) as i64;
            let m = if r.below(2) == 0 {
                r.between(1, 20) as u32
            } else {
                r.next_u64() as u32 | 1
            };
            let mut p = 1 % m as i128;
            for _ in 0..n {
                p = p * (x as i128).rem_euclid(m as i128) % m as i128;
            }
            assert_eq!(pow_mod(x, n, m) as i128, p, "{} {} {}", x, n, m);
        }
        assert_eq!(pow_mod(0, 0, 1), 0);
        assert_eq!(pow_mod(0, 0, 5), 1);
        assert_eq!(pow_mod(-1, 3, u32::MAX), u32::MAX - 1);
        assert_eq!(pow_mod(3, 1_000_000_006, 1_000_000_007), 1);
    }

    #[test]
    fn inv_mod_inverts() {
        let mut r = Rng::new(2);
        for _ in 0..3000 {
            let m = r.between(1, 1 << 40) as i64;
            let x = r.next_u64() as i64;
            if gcd(x.rem_euclid(m), m) == 1 {
                let y = inv_mod(x, m);
                assert!(0 <= y && y < m);
                assert_eq!((x as i128 * y as i128).rem_euclid(m as i128), 1 % m as i128);
            } else {
                assert!(std::panic::catch_unwind(|| inv_mod(x, m)).is_err());
            }
        }
    }

    #[test]
    fn crt_matches_brute_force() {
        let mut r = Rng::new(3);
        for _ in 0..3000 {
            let k = r.below(4);
            let m: Vec<i64> = (0..k).map(|_| r.between(1, 12) as i64).collect();
            let rs: Vec<i64> = (0..k).map(|_| r.next_u64() as i64 % 30).collect();
            let lcm = m.iter().fold(1, |l, &x| l / gcd(l, x) * x);
            let sol = (0..lcm).find(|&x| rs.iter().zip(&m).all(|(&ri, &mi)| (x - ri) % mi == 0));
            let got = crt(&rs, &m);
            match sol {
                Some(x) => assert_eq!(got, (x, lcm), "{:?} {:?}", rs, m),
                None => assert_eq!(got, (0, 0), "{:?} {:?}", rs, m),
            }
        }
        // Large coprime moduli, lcm near 2^62.
        let (m1, m2) = (2_147_483_647i64, 2_147_483_629i64);
        let (y, z) = crt(&[5, -3], &[m1, m2]);
        assert_eq!(z, m1 * m2);
        assert_eq!((y % m1, (y + 3) % m2), (5, 0));
    }

    #[test]
    fn floor_sum_matches_a_loop() {
        let mut r = Rng::new(4);
        for _ in 0..5000 {
            let n = r.below(60) as i64;
            let m = r.between(1, 50) as i64;
            let a = r.below(201) as i64 - 100;
            let b = r.below(201) as i64 - 100;
            let want: i64 = (0..n).map(|i| (a * i + b).div_euclid(m)).sum();
            assert_eq!(floor_sum(n, m, a, b), want, "{} {} {} {}", n, m, a, b);
        }
        // Large arguments against reciprocity: for gcd(a, m) = 1,
        // sum_{i<m} floor(a * i / m) = (a - 1)(m - 1) / 2.
        for &(m, a) in &[
            (4_294_967_291u64, 3_000_000_019u64),
            (999_999_937, 1),
            (1 << 31, 12_345),
        ] {
            assert_eq!(floor_sum_unsigned(m, m, a, 0), (a - 1) * (m - 1) / 2);
            // Negated: each nonzero term rounds down one further.
            let s = floor_sum(m as i64, m as i64, -(a as i64), 0) as i128;
            if (a + 1) as i128 * (m - 1) as i128 / 2 <= i64::MAX as i128 {
                assert_eq!(s, -((a + 1) as i128 * (m - 1) as i128 / 2));
            }
        }
    }
}
