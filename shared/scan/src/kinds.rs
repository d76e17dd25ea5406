//! The typed tokens of judge inputs: [`Readable`] kinds and what each costs to read.
//!
//! A token is a run of non-whitespace bytes. Every read skips the whitespace before its token
//! (O(bytes skipped)) and then costs:
//!
//! | kind | reads | cost beyond the token scan |
//! |---|---|---|
//! | `i8` ..= `i128`, `isize`, `u8` ..= `u128`, `usize` | decimal, optional `+` (`-` for signed; `-0` for unsigned), overflow refused | up to 19 digits: one pass that is the token scan too, one multiply-add per digit, a range check at the end; longer: a checked multiply-add per digit; no allocation (10^6 19-digit `i64`: about 14 instructions per input byte) |
//! | `f32`, `f64` | what `str::parse` takes (`1`, `-2.5`, `1e-9`, `inf`) | UTF-8 check and std's correctly rounded parse, O(length), no allocation |
//! | `String` | a word, valid UTF-8 | UTF-8 check and one allocation of the token's length |
//! | [`Bytes`] -> `Vec<u8>` | a word as bytes, any bytes | one allocation |
//! | `char` | a one-character token | UTF-8 check, no allocation |
//! | [`Chars`] -> `Vec<char>` | a word as characters | UTF-8 check and one allocation |
//! | [`Usize1`] -> `usize` | a 1-based index, made 0-based | that of `usize` |
//! | `(A, B, ...)` (up to 4) | one after the other | the sum of its parts |
//!
//! Vectors: [`Scan::read_vec`] and `input!`'s `[kind; n]`, one allocation of `n` elements
//! plus the reads.

use super::read::Scan;
use fastio::{InputError, Reader};

/// A kind of value that can be read from the input: a type, or a marker ([`Bytes`],
/// [`Chars`], [`Usize1`]) whose [`Output`](Readable::Output) is another type.
pub trait Readable {
    /// The value a read gives.
    type Output;

    /// Reads one value; the error names the line and the token (see [`Scan::parse_next`]).
    fn read(reader: &mut Reader) -> Result<Self::Output, InputError>;
}

/// A word as raw bytes: `Vec<u8>`, any bytes but whitespace.
#[derive(Clone, Copy, Debug)]
pub enum Bytes {}

/// A word as its characters: `Vec<char>`; the token must be UTF-8.
#[derive(Clone, Copy, Debug)]
pub enum Chars {}

/// A 1-based index read as the 0-based `usize` (`1` reads as `0`); `0` is refused.
#[derive(Clone, Copy, Debug)]
pub enum Usize1 {}

/// The sign of a decimal token and its digits (not checked yet).
#[inline]
fn split_sign(t: &[u8]) -> (bool, &[u8]) {
    match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    }
}

/// Why digits that did not fit were refused: out of range when they are all digits.
#[cold]
fn overflow(digits: &[u8]) -> &'static str {
    if digits.iter().all(u8::is_ascii_digit) {
        "out of range"
    } else {
        ""
    }
}

/// The value of a run of decimal digits, or why not: `""` when it is empty or holds a byte
/// that is no digit, `out of range` past `u128::MAX`. The first 19 digits (below 10^19, so
/// they fit in a `u64`) take no overflow check: one multiply-add per digit.
#[inline]
fn magnitude(digits: &[u8]) -> Result<u128, &'static str> {
    if digits.is_empty() {
        return Err("");
    }
    let (head, tail) = digits.split_at(digits.len().min(19));
    let mut small: u64 = 0;
    for &b in head {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return Err("");
        }
        small = small * 10 + u64::from(digit);
    }
    let mut value = u128::from(small);
    for &b in tail {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return Err("");
        }
        value = match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(digit.into()))
        {
            Some(v) => v,
            None => return Err(overflow(digits)),
        };
    }
    Ok(value)
}

/// Decimal integers of one width: [`magnitude`] and a range check.
trait Decimal: Sized {
    /// The value `-magnitude` (when `negative`) or `magnitude`, if it fits.
    fn from_magnitude(negative: bool, magnitude: u128) -> Option<Self>;

    /// The value of `t`, or why not: `out of range`, or `""` when it is no integer.
    #[inline]
    fn parse_decimal(t: &[u8]) -> Result<Self, &'static str> {
        let (negative, digits) = split_sign(t);
        Self::from_magnitude(negative, magnitude(digits)?).ok_or("out of range")
    }
}

macro_rules! unsigned {
    ($($t:ident)*) => {$(
        impl Decimal for $t {
            #[inline]
            fn from_magnitude(negative: bool, magnitude: u128) -> Option<$t> {
                if magnitude > $t::MAX as u128 || (negative && magnitude != 0) {
                    return None;
                }
                Some(magnitude as $t)
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ident)*) => {$(
        impl Decimal for $t {
            #[inline]
            fn from_magnitude(negative: bool, magnitude: u128) -> Option<$t> {
                // The most negative value's magnitude is one more than the largest value.
                if magnitude > $t::MAX as u128 + u128::from(negative) {
                    return None;
                }
                // `magnitude as $t` of that most negative magnitude is already the value, and
                // negating it wraps to itself.
                Some(if negative {
                    (magnitude as $t).wrapping_neg()
                } else {
                    magnitude as $t
                })
            }
        }
    )*};
}

unsigned!(u8 u16 u32 u64 u128 usize);
signed!(i8 i16 i32 i64 i128 isize);

/// The next token when it is a short decimal integer (an optional sign, then 1 to 19 digits,
/// then whitespace or the end): its sign, its magnitude (below 10^19) and its length, without
/// consuming it (only the whitespace before it). The integer reads' fast path: one pass over
/// the digits, no overflow check; anything else goes the general way.
#[inline]
fn peek_short_decimal(reader: &mut Reader) -> Option<(bool, u64, usize)> {
    reader.skip_whitespace();
    let (bytes, pos) = reader.bytes();
    let rest = &bytes[pos..];
    let (negative, start) = match rest.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let digits = &rest[start..];
    let mut value: u64 = 0;
    let mut len = 0;
    for &b in digits.iter().take(19) {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + u64::from(digit);
        len += 1;
    }
    let ends = digits.get(len).map_or(true, u8::is_ascii_whitespace);
    if len == 0 || !ends {
        return None;
    }
    Some((negative, value, start + len))
}

macro_rules! integer {
    ($($t:ident)*) => {$(
        impl Readable for $t {
            type Output = $t;

            #[inline]
            fn read(reader: &mut Reader) -> Result<$t, InputError> {
                if let Some((negative, magnitude, len)) = peek_short_decimal(reader) {
                    if let Some(value) = $t::from_magnitude(negative, magnitude.into()) {
                        reader.advance(len, 0);
                        return Ok(value);
                    }
                }
                reader.parse_next(concat!("an integer ", stringify!($t)), $t::parse_decimal)
            }
        }
    )*};
}

integer!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

macro_rules! float {
    ($($t:ident)*) => {$(
        impl Readable for $t {
            type Output = $t;

            #[inline]
            fn read(reader: &mut Reader) -> Result<$t, InputError> {
                reader.parse_next(concat!("a number ", stringify!($t)), |t| {
                    std::str::from_utf8(t)
                        .ok()
                        .and_then(|s| s.parse().ok())
                        .ok_or("")
                })
            }
        }
    )*};
}

float!(f32 f64);

impl Readable for String {
    type Output = String;

    #[inline]
    fn read(reader: &mut Reader) -> Result<String, InputError> {
        reader.parse_next("a word", |t| {
            std::str::from_utf8(t)
                .map(String::from)
                .map_err(|_| "not UTF-8")
        })
    }
}

impl Readable for Bytes {
    type Output = Vec<u8>;

    #[inline]
    fn read(reader: &mut Reader) -> Result<Vec<u8>, InputError> {
        reader.parse_next("a word", |t| Ok(t.to_vec()))
    }
}

impl Readable for char {
    type Output = char;

    #[inline]
    fn read(reader: &mut Reader) -> Result<char, InputError> {
        reader.parse_next("one character", |t| {
            let s = std::str::from_utf8(t).map_err(|_| "not UTF-8")?;
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(c),
                _ => Err(""),
            }
        })
    }
}

impl Readable for Chars {
    type Output = Vec<char>;

    #[inline]
    fn read(reader: &mut Reader) -> Result<Vec<char>, InputError> {
        reader.parse_next("a word", |t| {
            std::str::from_utf8(t)
                .map(|s| s.chars().collect())
                .map_err(|_| "not UTF-8")
        })
    }
}

impl Readable for Usize1 {
    type Output = usize;

    #[inline]
    fn read(reader: &mut Reader) -> Result<usize, InputError> {
        reader.parse_next("an index from 1", |t| {
            usize::parse_decimal(t).and_then(|v| v.checked_sub(1).ok_or("below 1"))
        })
    }
}

macro_rules! tuple {
    ($($t:ident)*) => {
        impl<$($t: Readable),*> Readable for ($($t,)*) {
            type Output = ($($t::Output,)*);

            #[inline]
            fn read(reader: &mut Reader) -> Result<Self::Output, InputError> {
                Ok(($($t::read(reader)?,)*))
            }
        }
    };
}

tuple!(A);
tuple!(A B);
tuple!(A B C);
tuple!(A B C D);

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(text: &str) -> Reader {
        Reader::new(text.as_bytes().to_vec())
    }

    fn first<T: Readable>(text: &str) -> Result<T::Output, String> {
        reader(text).read::<T>().map_err(|e| e.to_string())
    }

    #[test]
    fn integers_of_every_width_at_their_limits() {
        assert_eq!(first::<i8>("-128"), Ok(-128));
        assert_eq!(first::<i8>("+127"), Ok(127));
        assert_eq!(first::<u8>("255"), Ok(255));
        assert_eq!(first::<u16>("65535"), Ok(65535));
        assert_eq!(first::<i16>("-32768"), Ok(-32768));
        assert_eq!(first::<u32>("4294967295"), Ok(u32::MAX));
        assert_eq!(first::<i32>("-2147483648"), Ok(i32::MIN));
        assert_eq!(first::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(first::<i64>("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(
            first::<u128>("340282366920938463463374607431768211455"),
            Ok(u128::MAX)
        );
        assert_eq!(
            first::<i128>("-170141183460469231731687303715884105728"),
            Ok(i128::MIN)
        );
        assert_eq!(first::<usize>("007"), Ok(7));
        assert_eq!(first::<isize>("-0"), Ok(0));
        assert_eq!(first::<u32>("-0"), Ok(0));
    }

    #[test]
    fn integers_out_of_range_or_malformed() {
        assert_eq!(
            first::<u8>("256"),
            Err("line 1, token 1: expected an integer u8, found `256` (out of range)".into())
        );
        assert_eq!(
            first::<i8>("-129"),
            Err("line 1, token 1: expected an integer i8, found `-129` (out of range)".into())
        );
        assert_eq!(
            first::<u32>("-5"),
            Err("line 1, token 1: expected an integer u32, found `-5` (out of range)".into())
        );
        assert_eq!(
            first::<i64>("9999999999999999999x"),
            Err("line 1, token 1: expected an integer i64, found `9999999999999999999x`".into())
        );
        for bad in ["1.5", "-", "+", "x1", "1e3", "0x10"] {
            let e = first::<i32>(bad).unwrap_err();
            assert!(e.ends_with(&format!("found `{}`", bad)), "{}", e);
        }
    }

    #[test]
    fn floats() {
        assert_eq!(first::<f64>("-2.5"), Ok(-2.5));
        assert_eq!(first::<f64>("1e-9"), Ok(1e-9));
        assert_eq!(first::<f64>("3"), Ok(3.0));
        assert_eq!(first::<f32>("0.1"), Ok(0.1f32));
        assert_eq!(
            first::<f64>("1,5"),
            Err("line 1, token 1: expected a number f64, found `1,5`".into())
        );
    }

    #[test]
    fn words_bytes_and_characters() {
        let mut r = Reader::new(b"h\xc3\xa9llo \xff\xfe a \xc3\xa9 ab 12".to_vec());
        assert_eq!(r.read::<String>(), Ok("héllo".to_string()));
        assert_eq!(
            r.read::<String>().unwrap_err().to_string(),
            "line 1, token 2: expected a word, found `??` (not UTF-8)"
        );
        assert_eq!(r.read::<char>(), Ok('a'));
        assert_eq!(r.read::<char>(), Ok('é'));
        assert_eq!(
            r.read::<char>().unwrap_err().to_string(),
            "line 1, token 5: expected one character, found `ab`"
        );
        assert_eq!(r.read::<Bytes>(), Ok(b"12".to_vec()));
        let mut r = Reader::new(b"\xff\xfe h\xc3\xa9".to_vec());
        assert_eq!(r.read::<Bytes>(), Ok(vec![0xff, 0xfe]));
        assert_eq!(r.read::<Chars>(), Ok(vec!['h', 'é']));
    }

    #[test]
    fn one_based_indices() {
        assert_eq!(first::<Usize1>("1"), Ok(0));
        assert_eq!(first::<Usize1>("+10"), Ok(9));
        assert_eq!(
            first::<Usize1>("0"),
            Err("line 1, token 1: expected an index from 1, found `0` (below 1)".into())
        );
        assert!(first::<Usize1>("-1").is_err());
    }

    #[test]
    fn tuples_and_vectors() {
        let mut r = reader("3 x 2.5\n1 2 3\n");
        let (n, word, x) = r.read::<(usize, Bytes, f64)>().unwrap();
        assert_eq!((n, word, x), (3, b"x".to_vec(), 2.5));
        assert_eq!(r.read_vec::<i64>(n), Ok(vec![1, 2, 3]));
        assert!(r.read_vec::<i64>(0).unwrap().is_empty());
    }

    #[test]
    fn errors_name_the_line_and_the_token_of_that_line() {
        let mut r = reader("2\n10 20\n  7 x8 9\n");
        assert_eq!(r.read::<u32>(), Ok(2));
        assert_eq!(r.read_vec::<u32>(2), Ok(vec![10, 20]));
        assert_eq!(r.read::<u32>(), Ok(7));
        let e = r.read::<u32>().unwrap_err();
        assert_eq!((e.line, e.token), (3, Some(2)));
        assert_eq!(
            e.to_string(),
            "line 3, token 2: expected an integer u32, found `x8`"
        );
        // The bad token is consumed; the read after it goes on.
        assert_eq!(r.read::<u32>(), Ok(9));
        // The input's last line: the final line feed ends it.
        assert_eq!(
            r.read::<u32>().unwrap_err().to_string(),
            "line 3: expected an integer u32, found the end of the input"
        );
        for (input, line) in [("", 1), ("\n", 1), ("5", 1), ("5\n\n", 2), ("5\n \n 6", 3)] {
            let mut r = reader(input);
            while r.read::<u8>().is_ok() {}
            let e = r.read::<u8>().unwrap_err();
            assert_eq!((e.line, e.token), (line, None), "{:?}", input);
        }
        let long = format!("{}x", "1".repeat(30));
        assert!(first::<u64>(&long).unwrap_err().ends_with("111...`"));
    }
}
