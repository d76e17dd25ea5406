//! Number-theory helpers shared by the `math` and `modint` crates.
//!
//! ```
//! // 3 * 5 = 15 ≡ 1 (mod 7): the inverse of 3 modulo 7 is 5.
//! assert_eq!(internal_math::inv_gcd(3, 7), (1, 5));
//! ```

/// `(g, x)` with `g = gcd(a, b)` and `a * x ≡ g (mod b)`, `0 <= x < b / g`: the extended
/// Euclidean algorithm, for any `a` (reduced modulo `b` first). Requires `b >= 1`.
/// O(log b).
pub fn inv_gcd(a: i64, b: i64) -> (i64, i64) {
    let a = a.rem_euclid(b);
    if a == 0 {
        return (b, 0);
    }
    // Invariants: s ≡ m0 * a and t ≡ m1 * a (mod b), and |m0 * t| + |m1 * s| <= b, so no
    // intermediate leaves the range of i64.
    let (mut s, mut t, mut m0, mut m1) = (b, a, 0i64, 1i64);
    while t != 0 {
        let u = s / t;
        (s, t, m0, m1) = (t, s - t * u, m1, m0 - m1 * u);
    }
    if m0 < 0 {
        m0 += b / s;
    }
    (s, m0)
}

#[cfg(test)]
mod tests {
    use super::inv_gcd;

    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }

    #[test]
    fn matches_the_definition() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for i in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let b = if i % 2 == 0 {
                (seed >> 40) as i64 % 1000 + 1
            } else {
                (seed >> 2) as i64
            };
            let a = (seed.rotate_left(29) as i64) / if i % 3 == 0 { 1 } else { 1 << 20 };
            let (g, x) = inv_gcd(a, b);
            let ar = a.rem_euclid(b);
            assert_eq!(g, gcd(ar, b), "a={} b={}", a, b);
            assert!(0 <= x && x < b / g, "a={} b={} x={}", a, b, x);
            assert_eq!(
                (ar as i128 * x as i128).rem_euclid(b as i128),
                (g % b) as i128
            );
        }
        assert_eq!(inv_gcd(0, 1), (1, 0));
        assert_eq!(inv_gcd(5, 1), (1, 0));
        assert_eq!(inv_gcd(6, 4), (2, 1));
        assert_eq!(inv_gcd(-1, i64::MAX), (1, i64::MAX - 1));
    }
}
