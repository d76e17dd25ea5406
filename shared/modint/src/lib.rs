//! Modular integers: [`StaticModInt<M>`] (compile-time modulus) and [`DynamicModInt`] (run-time).
//!
//! The dynamic type's products use Barrett reduction; both have the usual operators.
//! Division panics unless the divisor is invertible (O(log modulus)). `FromStr` takes a
//! decimal integer of any length, optionally signed, modulo the modulus; its error is the one
//! `i128` parsing gives for the same text. O(length).
//!
//! ```
//! use modint::{DynamicModInt, ModInt998244353 as Mint};
//! let a = Mint::new(3);
//! assert_eq!((a.pow(10) / a).val(), 19683);
//! assert_eq!(Mint::new(-1).val(), 998_244_352);
//! let s: Mint = (1..=4).map(Mint::new).product();
//! assert_eq!(s + 1u8, Mint::new(25));
//! DynamicModInt::set_modulus(7);
//! assert_eq!((DynamicModInt::new(5) * 3).val(), 1);
//! assert_eq!("-13".parse::<DynamicModInt>().unwrap().val(), 1);
//! ```
//!
//! Every operator takes the right-hand side as anything that converts into the type (`a + 1`,
//! `a * b`, `a -= 2u64`, a reference); an integer converts by its Euclidean remainder. `sum`
//! and `product` take the same items. All operations are O(1) except `pow` (O(log n)), `inv`
//! and division (O(log M)).

use std::fmt;
use std::iter::{Product, Sum};
use std::ops::*;
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// What both modular integer types share; lets code be generic over them.
pub trait ModIntBase: Copy + Eq + Default + fmt::Display + From<u32> {
    /// The current modulus. O(1).
    fn modulus() -> u32;
    /// The value `v` itself, without reduction. Requires `v < modulus()` (unchecked). O(1).
    fn raw(v: u32) -> Self;
    /// The representative in `0..modulus()`. O(1).
    fn val(self) -> u32;
    /// `a * b mod modulus()` for `a, b < modulus()`. O(1).
    fn mul_raw(a: u32, b: u32) -> u32;

    /// `self` to the power `n` (`0^0 = 1`). O(log n).
    fn pow(self, mut n: u64) -> Self {
        let (mut x, mut r) = (self.val(), 1 % Self::modulus());
        while n > 0 {
            if n & 1 == 1 {
                r = Self::mul_raw(r, x);
            }
            x = Self::mul_raw(x, x);
            n >>= 1;
        }
        Self::raw(r)
    }

    /// The inverse: `x` with `self * x = 1`. Panics unless `gcd(self, modulus()) = 1`.
    /// O(log modulus()).
    fn inv(self) -> Self {
        let (g, x) = internal_math::inv_gcd(self.val() as i64, Self::modulus() as i64);
        assert!(g == 1, "{} has no inverse", self.val());
        Self::raw(x as u32)
    }
}

/// An integer modulo the constant `M`. Requires `1 <= M < 2^31`; `inv` and division need
/// the divisor coprime to `M` (any nonzero divisor when `M` is prime).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StaticModInt<const M: u32>(u32);

/// Integers modulo 998244353 (= 119 * 2^23 + 1, prime; the NTT modulus).
pub type ModInt998244353 = StaticModInt<998_244_353>;
/// Integers modulo 1000000007 (prime).
pub type ModInt1000000007 = StaticModInt<1_000_000_007>;

impl<const M: u32> StaticModInt<M> {
    /// `v` modulo `M` (Euclidean remainder: `new(-1)` is `M - 1`). O(1).
    #[inline]
    pub fn new<T: RemEuclidU32>(v: T) -> Self {
        Self(v.rem_euclid_u32(M))
    }
    /// The modulus `M`. O(1).
    #[inline]
    pub fn modulus() -> u32 {
        M
    }
}

/// The modulus of every [`DynamicModInt`] and its Barrett constant `ceil(2^64 / m)`
/// (wrapping to 0 for m = 1, which the reduction tolerates since every value is then 0).
static DYN_MOD: AtomicU32 = AtomicU32::new(998_244_353);
static DYN_IM: AtomicU64 = AtomicU64::new(u64::MAX / 998_244_353 + 1);

/// An integer modulo a modulus chosen at run time by [`DynamicModInt::set_modulus`]
/// (998244353 until then), shared by all values of the type on every thread. Products use
/// Barrett reduction. Values made before a change of modulus are meaningless after it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DynamicModInt(u32);

impl DynamicModInt {
    /// Sets the modulus of every `DynamicModInt`. Panics unless `1 <= m < 2^31`. O(1).
    pub fn set_modulus(m: u32) {
        assert!(m > 0 && m >> 31 == 0, "modulus out of 1..2^31");
        DYN_MOD.store(m, Relaxed);
        DYN_IM.store((u64::MAX / m as u64).wrapping_add(1), Relaxed);
    }
    /// `v` modulo the current modulus (Euclidean remainder). O(1).
    #[inline]
    pub fn new<T: RemEuclidU32>(v: T) -> Self {
        Self(v.rem_euclid_u32(Self::modulus()))
    }
    /// The current modulus. O(1).
    #[inline]
    pub fn modulus() -> u32 {
        DYN_MOD.load(Relaxed)
    }
}

/// Euclidean remainder by a `u32` modulus, for every primitive integer type.
pub trait RemEuclidU32 {
    /// `self mod m` in `0..m`. Requires `m >= 1`. O(1).
    fn rem_euclid_u32(self, m: u32) -> u32;
}

// Each type goes through the narrowest type that holds both it and the modulus.
macro_rules! rem_euclid {
    ($($via:ty: $($t:ty)*;)*) => {$($(
        impl RemEuclidU32 for $t {
            #[inline]
            fn rem_euclid_u32(self, m: u32) -> u32 {
                (self as $via).rem_euclid(m as $via) as u32
            }
        }
    )*)*};
}
rem_euclid! {
    u32: u8 u16 u32;
    u64: u64 usize;
    i64: i8 i16 i32 i64 isize;
    u128: u128;
    i128: i128;
}

// An operator `$tr` and its assigning form `$ta`, for one type; the body computes the
// representative from `$x` and `$y`, both of the type.
macro_rules! op {
    ([$($g:tt)*] $t:ty, $tr:ident $f:ident $ta:ident $fa:ident |$x:ident, $y:ident| $e:expr) => {
        impl<$($g)* T: Into<$t>> $tr<T> for $t {
            type Output = Self;
            #[inline]
            fn $f(self, y: T) -> Self {
                let ($x, $y) = (self, y.into());
                Self($e)
            }
        }
        impl<$($g)* T: Into<$t>> $ta<T> for $t {
            #[inline]
            fn $fa(&mut self, y: T) {
                *self = $tr::$f(*self, y);
            }
        }
    };
}

// The impls both types share; `$mul` is `mul_raw`, the product of two representatives.
macro_rules! impl_modint {
    ($([$($g:tt)*] $t:ty, |$a:ident, $b:ident| $mul:expr;)*) => {$(
        // The methods of `ModIntBase`, callable without importing it. The docs here are short
        // since a bundle carries what a macro holds.
        impl<$($g)*> $t {
            /// `v` unreduced; needs `v < modulus()`. O(1).
            #[inline]
            pub fn raw(v: u32) -> Self {
                Self(v)
            }
            /// The value in `0..modulus()`. O(1).
            #[inline]
            pub fn val(self) -> u32 {
                self.0
            }
            /// `self^n`. O(log n).
            #[inline]
            pub fn pow(self, n: u64) -> Self {
                ModIntBase::pow(self, n)
            }
            /// The inverse; panics if none. O(log modulus()).
            #[inline]
            pub fn inv(self) -> Self {
                ModIntBase::inv(self)
            }
        }
        impl<$($g)*> ModIntBase for $t {
            #[inline]
            fn modulus() -> u32 {
                // The inherent function: inherent items take precedence over the trait's.
                Self::modulus()
            }
            #[inline]
            fn raw(v: u32) -> Self {
                Self(v)
            }
            #[inline]
            fn val(self) -> u32 {
                self.0
            }
            #[inline]
            fn mul_raw($a: u32, $b: u32) -> u32 {
                $mul
            }
        }
        impl<$($g)* V: RemEuclidU32> From<V> for $t {
            #[inline]
            fn from(v: V) -> Self {
                Self::new(v)
            }
        }
        // Lets `a + &b` and the sums and products of references work.
        impl<$($g)*> From<&$t> for $t {
            #[inline]
            fn from(v: &$t) -> Self {
                *v
            }
        }
        op!([$($g)*] $t, Add add AddAssign add_assign |x, y| {
            let (m, v) = (Self::modulus(), x.0 + y.0);
            if v >= m { v - m } else { v }
        });
        op!([$($g)*] $t, Sub sub SubAssign sub_assign |x, y| {
            let (v, under) = x.0.overflowing_sub(y.0);
            if under { v.wrapping_add(Self::modulus()) } else { v }
        });
        op!([$($g)*] $t, Mul mul MulAssign mul_assign |x, y| Self::mul_raw(x.0, y.0));
        op!([$($g)*] $t, Div div DivAssign div_assign |x, y| Self::mul_raw(x.0, y.inv().0));
        impl<$($g)*> Neg for $t {
            type Output = Self;
            #[inline]
            fn neg(self) -> Self {
                Self::default() - self
            }
        }
        impl<$($g)* T: Into<$t>> Sum<T> for $t {
            fn sum<I: Iterator<Item = T>>(i: I) -> Self {
                i.fold(Self::raw(0), |a, b| a + b)
            }
        }
        impl<$($g)* T: Into<$t>> Product<T> for $t {
            fn product<I: Iterator<Item = T>>(i: I) -> Self {
                i.fold(Self::new(1), |a, b| a * b)
            }
        }
        impl<$($g)*> fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
                self.0.fmt(f)
            }
        }
        impl<$($g)*> fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
                self.0.fmt(f)
            }
        }
        impl<$($g)*> FromStr for $t {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let d = s.strip_prefix(['-', '+']).unwrap_or(s);
                match d.bytes().try_fold(Self::raw(0), |a, b| {
                    (b as char).to_digit(10).map(|x| a * 10u32 + x)
                }) {
                    Some(v) if !d.is_empty() => Ok(if s.starts_with('-') { -v } else { v }),
                    // Exactly the texts i128 parsing rejects too.
                    _ => s.parse::<i128>().map(Self::new),
                }
            }
        }
    )*};
}
impl_modint! {
    [const M: u32,] StaticModInt<M>, |a, b| {
        // A constant divisor: the compiler turns `%` into multiplications.
        (a as u64 * b as u64 % M as u64) as u32
    };
    [] DynamicModInt, |a, b| {
        let m = DYN_MOD.load(Relaxed) as u64;
        let z = a as u64 * b as u64;
        // q is floor(z / m) or one more, since im = ceil(2^64 / m) overshoots by under 1/m.
        let q = ((z as u128 * DYN_IM.load(Relaxed) as u128) >> 64) as u64;
        let (r, under) = z.overflowing_sub(q.wrapping_mul(m));
        (if under { r.wrapping_add(m) } else { r }) as u32
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    type Mint = ModInt998244353;
    type Mint7 = ModInt1000000007;
    type Small = StaticModInt<12>;

    #[test]
    fn static_ops_match_u64_arithmetic() {
        let mut r = Rng::new(1);
        let m = 998_244_353u64;
        for _ in 0..100_000 {
            let (x, y) = (r.next_u64(), r.next_u64() % m);
            let (a, b) = (Mint::new(x), Mint::new(y));
            let xm = x % m;
            assert_eq!(a.val() as u64, xm);
            assert_eq!((a + b).val() as u64, (xm + y) % m);
            assert_eq!((a - b).val() as u64, (xm + m - y) % m);
            assert_eq!((a * b).val() as u64, xm * y % m);
            assert_eq!((-a).val() as u64, (m - xm) % m);
            if y != 0 {
                assert_eq!((a / b * b), a);
                assert_eq!((b.inv() * b).val(), 1);
            }
            let mut c = a;
            c += b;
            c -= 5u8;
            c *= -3i32;
            assert_eq!(c.val() as u64, ((xm + y + m - 5) % m) * (m - 3) % m);
        }
    }

    #[test]
    fn pow_matches_repeated_multiplication() {
        let mut r = Rng::new(2);
        for _ in 0..300 {
            let a = Mint7::new(r.next_u64());
            let n = r.below(200) as u64;
            let mut p = Mint7::new(1);
            for _ in 0..n {
                p *= a;
            }
            assert_eq!(a.pow(n), p);
        }
        assert_eq!(Mint::new(0).pow(0).val(), 1);
        assert_eq!(StaticModInt::<1>::new(5).pow(0).val(), 0);
        // Fermat: a^(p-1) = 1.
        assert_eq!(Mint::new(12345).pow(998_244_352).val(), 1);
    }

    #[test]
    fn conversions_take_euclidean_remainders() {
        assert_eq!(Mint::new(-1i64).val(), 998_244_352);
        assert_eq!(
            Mint::new(i64::MIN).val() as i128,
            (i64::MIN as i128).rem_euclid(998_244_353)
        );
        assert_eq!(Mint::new(u128::MAX).val() as u128, u128::MAX % 998_244_353);
        assert_eq!(
            Mint::new(i128::MIN).val() as i128,
            i128::MIN.rem_euclid(998_244_353)
        );
        assert_eq!(Mint::from(-7i8).val(), 998_244_346);
        assert_eq!(Small::from(usize::MAX).val() as usize, usize::MAX % 12);
        assert_eq!(Small::new(-13isize).val(), 11);
        assert_eq!(Small::from(300u16).val(), 0);
        assert_eq!(Mint::modulus(), 998_244_353);
    }

    #[test]
    fn non_prime_modulus_inverse() {
        for a in 0..12u32 {
            let x = Small::new(a);
            if [1, 5, 7, 11].contains(&a) {
                assert_eq!((x * x.inv()).val(), 1);
            } else {
                assert!(std::panic::catch_unwind(|| x.inv()).is_err());
            }
        }
    }

    #[test]
    fn sum_product_display_parse() {
        let v: Vec<Mint> = (1..=10).map(Mint::new).collect();
        assert_eq!(v.iter().sum::<Mint>().val(), 55);
        assert_eq!(v.iter().copied().sum::<Mint>().val(), 55);
        assert_eq!(v.iter().product::<Mint>().val(), 3_628_800);
        assert_eq!(v.into_iter().product::<Mint>().val(), 3_628_800);
        assert_eq!((1..=10u32).sum::<Mint>().val(), 55);
        let (x, y) = (Mint::new(7), Mint::new(5));
        assert_eq!(x - y, Mint::new(2));
        assert_eq!(Mint::from(&x), x);
        assert_eq!(
            format!("{} {:?}", Mint::new(-2), Small::new(5)),
            "998244351 5"
        );
        assert_eq!("123".parse::<Mint>().unwrap().val(), 123);
        assert_eq!("+998244354".parse::<Mint>().unwrap().val(), 1);
        assert_eq!("-1".parse::<Small>().unwrap().val(), 11);
        // Longer than any machine integer: 10^40 mod 12 = 4.
        let big = format!("1{}", "0".repeat(40));
        assert_eq!(big.parse::<Small>().unwrap().val(), 4);
        for bad in ["", "-", "+", "1a", " 1", "--1", "0x10"] {
            assert!(bad.parse::<Mint>().is_err(), "{:?}", bad);
        }
    }

    #[test]
    fn dynamic_matches_u64_arithmetic() {
        // One test touches the global modulus, so the moduli change here only.
        let mut r = Rng::new(3);
        for &m in &[
            1u32,
            2,
            3,
            1_000_000_007,
            998_244_353,
            (1 << 31) - 1,
            1 << 30,
            4096,
        ] {
            DynamicModInt::set_modulus(m);
            let m = m as u64;
            for _ in 0..20_000 {
                let (x, y) = (r.next_u64(), r.next_u64());
                let (a, b) = (DynamicModInt::new(x), DynamicModInt::new(y));
                let (xm, ym) = (x % m, y % m);
                assert_eq!(a.val() as u64, xm);
                assert_eq!((a + b).val() as u64, (xm + ym) % m);
                assert_eq!((a - b).val() as u64, (xm + m - ym) % m);
                assert_eq!((a * b).val() as u64, xm * ym % m, "m={}", m);
                let n = r.below(1000) as u64;
                let mut p = 1 % m;
                for _ in 0..n {
                    p = p * xm % m;
                }
                if r.below(20) == 0 {
                    assert_eq!(a.pow(n).val() as u64, p);
                }
                if internal_math::inv_gcd(ym as i64, m as i64).0 == 1 {
                    assert_eq!((a / b * b), a);
                }
            }
            // The largest product the reduction sees.
            let top = DynamicModInt::new(m - 1);
            assert_eq!((top * top).val() as u64, (m - 1) * (m - 1) % m);
        }
        DynamicModInt::set_modulus(998_244_353);
        assert_eq!("-1".parse::<DynamicModInt>().unwrap().val(), 998_244_352);
        assert!(std::panic::catch_unwind(|| DynamicModInt::set_modulus(0)).is_err());
    }
}
