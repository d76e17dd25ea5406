//! The [`Monoid`] trait of ac-library-rs, the ready monoids [`Max`], [`Min`], [`Additive`],
//! [`Multiplicative`] over the primitive integers, and [`bounds`] for range arguments.
//!
//! Shared by the `segtree` and `lazysegtree` crates (each re-exports what users name), so
//! that one monoid type serves both and a bundle with only one of them stays small.
//!
//! ```
//! use monoid::{bounds, Max, Monoid};
//! assert_eq!(Max::<i32>::binary_operation(&3, &-4), 3);
//! assert_eq!(Max::<i32>::identity(), i32::MIN);
//! assert_eq!(bounds(2..=4, 10), (2, 5));
//! ```

use std::marker::PhantomData;
use std::ops::{Add, Bound::*, Mul, RangeBounds};

/// A monoid: an associative `binary_operation` with an `identity`.
pub trait Monoid {
    /// The element type.
    type S: Clone;
    /// The identity `e`: `op(e, x) = op(x, e) = x`.
    fn identity() -> Self::S;
    /// The associative operation (need not be commutative).
    fn binary_operation(a: &Self::S, b: &Self::S) -> Self::S;
}

/// The primitive integers' constants the ready monoids need.
pub trait Integer: Copy + Ord + Add<Output = Self> + Mul<Output = Self> {
    /// The smallest value (the identity of `max`).
    const MIN: Self;
    /// The largest value (the identity of `min`).
    const MAX: Self;
    /// `0`.
    const ZERO: Self;
    /// `1`.
    const ONE: Self;
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl Integer for $t {
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
            const ZERO: Self = 0;
            const ONE: Self = 1;
        }
    )*};
}
integer!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

/// `max`, identity `S::MIN`.
pub struct Max<S>(PhantomData<fn() -> S>);
/// `min`, identity `S::MAX`.
pub struct Min<S>(PhantomData<fn() -> S>);
/// `+`, identity `0` (overflow panics in debug builds and wraps in release, as `+` does).
pub struct Additive<S>(PhantomData<fn() -> S>);
/// `*`, identity `1` (overflow as for `*`).
pub struct Multiplicative<S>(PhantomData<fn() -> S>);

// The ready monoids' impls; their docs stay on the structs above, out of the macro, so that
// a bundle does not carry them.
macro_rules! ready {
    ($($name:ident, $e:ident, |$a:ident, $b:ident| $op:expr;)*) => {$(
        impl<S: Integer> Monoid for $name<S> {
            type S = S;
            #[inline]
            fn identity() -> S {
                S::$e
            }
            #[inline]
            fn binary_operation($a: &S, $b: &S) -> S {
                $op
            }
        }
    )*};
}
ready! {
    Max, MIN, |a, b| *a.max(b);
    Min, MAX, |a, b| *a.min(b);
    Additive, ZERO, |a, b| *a + *b;
    Multiplicative, ONE, |a, b| *a * *b;
}

/// The half-open `l..r` of `range` (any `RangeBounds<usize>`) within `0..=n`; panics unless
/// `l <= r <= n`. O(1).
#[inline]
pub fn bounds<R: RangeBounds<usize>>(range: R, n: usize) -> (usize, usize) {
    let l = match range.start_bound() {
        Included(&l) => l,
        Excluded(&l) => l + 1,
        Unbounded => 0,
    };
    let r = match range.end_bound() {
        Included(&r) => r + 1,
        Excluded(&r) => r,
        Unbounded => n,
    };
    assert!(l <= r && r <= n);
    (l, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_monoids() {
        assert_eq!(
            (
                Max::<i64>::identity(),
                Max::<i64>::binary_operation(&-3, &2)
            ),
            (i64::MIN, 2)
        );
        assert_eq!(
            (Min::<u8>::identity(), Min::<u8>::binary_operation(&7, &4)),
            (255, 4)
        );
        assert_eq!(
            (
                Additive::<i32>::identity(),
                Additive::<i32>::binary_operation(&-3, &5)
            ),
            (0, 2)
        );
        assert_eq!(
            (
                Multiplicative::<u64>::identity(),
                Multiplicative::<u64>::binary_operation(&6, &7)
            ),
            (1, 42)
        );
        assert_eq!(Max::<u128>::identity(), 0);
        assert_eq!(Min::<isize>::identity(), isize::MAX);
    }

    #[test]
    fn range_bounds() {
        assert_eq!(bounds(.., 7), (0, 7));
        assert_eq!(bounds(3.., 7), (3, 7));
        assert_eq!(bounds(..=2, 7), (0, 3));
        assert_eq!(bounds(4..4, 7), (4, 4));
        assert_eq!(bounds(0..0, 0), (0, 0));
        use std::ops::Bound::*;
        assert_eq!(bounds((Excluded(1), Included(5)), 7), (2, 6));
    }

    #[test]
    #[should_panic]
    fn past_the_end_panics() {
        bounds(3..8, 7);
    }

    #[test]
    #[should_panic]
    fn reversed_panics() {
        let (l, r) = (5, 4);
        bounds(l..r, 7);
    }
}
