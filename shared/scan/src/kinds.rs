//! The typed tokens of judge inputs: [`Readable`] kinds and what each costs to read.
//!
//! A token is a run of non-whitespace bytes. Every read skips the whitespace before its token
//! (O(bytes skipped)) and then costs:
//!
//! | kind | reads | cost beyond the token scan |
//! |---|---|---|
//! | `i8` ..= `i128`, `isize`, `u8` ..= `u128`, `usize` | decimal, optional `+` (`-` for signed; `-0` for unsigned), leading zeros, overflow refused | 1 to 19 digits after an optional `-`: an inlined loop, one multiply-add per digit in a `u64`, then one check of the length, of the byte after and of the width's limit (as fast as a hand-written loop: 10^6 reads of unionfind's queries); anything else (`+`, `-0` for unsigned, a signed type's minimum, 20 digits and more, errors): an out-of-line general path, std's `str::parse` through `i128` (and `u128`); no allocation |
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

use super::read::{exit, Scan};
use fastio::{InputError, Reader};

/// A kind of value that can be read from the input: a type, or a marker ([`Bytes`],
/// [`Chars`], [`Usize1`]) whose [`Output`](Readable::Output) is another type.
pub trait Readable {
    /// The value a read gives.
    type Output;

    /// Reads one value; the error names the line and the token (see [`Scan::parse_next`]).
    fn read(reader: &mut Reader) -> Result<Self::Output, InputError>;

    /// Reads one value; on malformed input, the error as one line on stderr and exit status
    /// 2. What `input!` calls: always inlined, so that an integer read in a query loop is
    /// the digit loop and little more, with the error paths out of line.
    #[inline(always)]
    fn read_or_exit(reader: &mut Reader) -> Self::Output {
        match Self::read(reader) {
            Ok(value) => value,
            Err(error) => exit(&error),
        }
    }
}

/// A word as raw bytes: `Vec<u8>`, any bytes but whitespace.
pub enum Bytes {}

/// A word as its characters: `Vec<char>`; the token must be UTF-8.
pub enum Chars {}

/// A 1-based index read as the 0-based `usize` (`1` reads as `0`); `0` is refused.
pub enum Usize1 {}

/// The integer `t` of any width, or why not: `out of range`, or `""` when it is no integer
/// (an optional sign, then decimal digits). O(length of `t`).
fn parse_decimal<T>(t: &[u8]) -> Result<T, &'static str>
where
    T: std::convert::TryFrom<u128> + std::convert::TryFrom<i128>,
{
    use std::num::IntErrorKind::*;
    let s = std::str::from_utf8(t).map_err(|_| "")?;
    // Through `i128` (`-0` for an unsigned type gives 0, `-5` is out of range), and through
    // `u128` above `i128::MAX`.
    let value = match s.parse::<i128>() {
        Ok(v) => T::try_from(v).ok(),
        Err(e) if *e.kind() == PosOverflow => {
            s.parse::<u128>().ok().and_then(|v| T::try_from(v).ok())
        }
        Err(e) if *e.kind() == NegOverflow => None,
        Err(_) => return Err(""),
    };
    value.ok_or("out of range")
}

/// The decimal digits from `bytes[start]` on, when they are 1 to 19 of them (below 10^19,
/// so no digit overflows a `u64`) followed by whitespace: their value, their length with that
/// one whitespace byte (consumed with them: the next read finds its token at once), and
/// whether the byte is a line feed. The
/// integer reads' hot path: with 16 bytes in the buffer, up to 15 digits take a few word
/// operations per 8 bytes ([`leading_digits`]); else one multiply-add per digit, then one
/// check of the length and of the byte after the digits. A token at the end of the buffer
/// goes the general way, which buffers more or finds the end of the input.
#[inline(always)]
fn digits_at(bytes: &[u8], start: usize) -> Option<(u64, usize, bool)> {
    let (mut len, mut value) = if let Some(words) = bytes.get(start..start + 16) {
        let (len, value) = leading_digits(&words[..8]);
        if len < 8 {
            let ends = len > 0 && words[len].is_ascii_whitespace();
            return if ends {
                Some((value, len + 1, words[len] == b'\n'))
            } else {
                None
            };
        }
        let (more, low) = leading_digits(&words[8..]);
        let value = value * POW10[more] + low;
        if more < 8 {
            let ends = words[8 + more].is_ascii_whitespace();
            return if ends {
                Some((value, 9 + more, words[8 + more] == b'\n'))
            } else {
                None
            };
        }
        (16, value)
    } else {
        (0, 0)
    };
    // Over the rest of the input, so that the index is the length too: one induction
    // variable in the loop (with `end` and a length apart, the loop kept two).
    let rest = bytes.get(start..).unwrap_or(&[]);
    while let Some(digit) = rest
        .get(len)
        .map(|b| b.wrapping_sub(b'0'))
        .filter(|&d| d <= 9)
    {
        // Wraps only past 19 digits, which the length check below sends the general way.
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        len += 1;
    }
    match rest.get(len) {
        Some(&b) if b.is_ascii_whitespace() && (1..=19).contains(&len) => {
            Some((value, len + 1, b == b'\n'))
        }
        _ => None,
    }
}

const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// How many of the 8 bytes of `word` are digits before the first byte that is not (0 to 8),
/// and the value of those digits, without a loop.
///
/// ```text
/// bytes  '1' '2' '3' ' ' ...      (the first in the word's lowest byte)
/// d      01  02  03  f0  ...      byte - '0': a digit is 0..=9, a borrow only climbs
/// stop   00  00  00  80  ...      high bit where d > 9 (d, or d + 0x76, reaches 0x80)
/// len    3                        trailing zero bits / 8
/// ```
#[inline(always)]
fn leading_digits(word: &[u8]) -> (usize, u64) {
    let mut le = [0u8; 8];
    le.copy_from_slice(word);
    let d = u64::from_le_bytes(le).wrapping_sub(0x3030_3030_3030_3030);
    let stop = (d | d.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
    let len = (stop.trailing_zeros() / 8) as usize;
    // The digits moved to the top bytes, zeros (leading zero digits) below them (no digit
    // at all: a shift by 64, none left); then pairs, fours and the eight combined: each
    // byte times 10 plus the next, and so on.
    let d = d.checked_shl(64 - 8 * len as u32).unwrap_or(0);
    let d = d.wrapping_mul(10).wrapping_add(d >> 8);
    let mask = 0x0000_00ff_0000_00ff;
    let value = (d & mask)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((d >> 16) & mask).wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    (len, value)
}

/// The token at `bytes[start..]` when it is 1 to 19 decimal digits, after a `-` when
/// `signed` allows one: whether it is negative, its magnitude, its length with the
/// whitespace byte after it, and whether that byte is a line feed.
#[inline(always)]
fn short_token(bytes: &[u8], start: usize, signed: bool) -> Option<(bool, u64, usize, bool)> {
    let negative = signed && bytes.get(start) == Some(&b'-');
    let (magnitude, len, feed) = digits_at(bytes, start + usize::from(negative))?;
    Some((negative, magnitude, len + usize::from(negative), feed))
}

/// The next token as a `T` the general way (a `+`, a `-` before an unsigned type, a signed
/// type's most negative value, 20 digits and more, a token the buffer cuts, and every
/// error): out of line, so that the hot path stays small.
#[cold]
#[inline(never)]
fn general<T>(
    reader: &mut Reader,
    what: &'static str,
    parse: fn(&[u8]) -> Result<T, &'static str>,
) -> Result<T, InputError> {
    reader.parse_next(what, parse)
}

/// The `read` of an integer kind: a short token ([`short_token`], a `-` when `$signed`)
/// made the value by `$value(negative, magnitude)` (`None`: out of its range), any other
/// token the general way, `$what` and `$parse`.
macro_rules! integer_reads {
    ($t:ty, $out:ty, $signed:expr, $value:expr, $what:expr, $parse:expr) => {
        impl Readable for $t {
            type Output = $out;

            #[inline(always)]
            fn read(reader: &mut Reader) -> Result<$out, InputError> {
                reader.skip_whitespace();
                let (bytes, start) = reader.bytes();
                let short = short_token(bytes, start, $signed);
                match short.and_then(|(negative, magnitude, len, feed)| {
                    Some(($value(negative, magnitude)?, len, feed))
                }) {
                    Some((value, len, feed)) => {
                        reader.advance(len, usize::from(feed));
                        Ok(value)
                    }
                    None => general(reader, $what, $parse),
                }
            }
        }
    };
}

/// The integer kinds, signed (`true`: an optional `-`) or not.
macro_rules! integers {
    ($signed:expr; $($t:ident)*) => {$(
        integer_reads!(
            $t,
            $t,
            $signed,
            |negative, magnitude| {
                // At most the largest value (always, for `i128`): the negation is exact. The
                // most negative value, whose magnitude is one more, goes the general way: one
                // comparison here, whatever the sign.
                let value = <$t as ::std::convert::TryFrom<u64>>::try_from(magnitude).ok()?;
                Some(if negative { value.wrapping_neg() } else { value })
            },
            concat!("an integer ", stringify!($t)),
            parse_decimal::<$t>
        );
    )*};
}

integers!(false; u8 u16 u32 u64 u128 usize);
integers!(true; i8 i16 i32 i64 isize i128);

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

integer_reads!(
    Usize1,
    usize,
    false,
    |_, value| <usize as std::convert::TryFrom<u64>>::try_from(value)
        .ok()?
        .checked_sub(1),
    "an index from 1",
    |t| parse_decimal::<usize>(t)?.checked_sub(1).ok_or("below 1")
);

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

    /// `text` whole, and trickled through the reader's buffer in reads of a few bytes.
    fn readers(text: &str) -> Vec<Reader> {
        let mut all = vec![reader(text)];
        for step in [1, 2, 3, 5, 8] {
            let source = testkit::Trickle::new(text.as_bytes(), step);
            all.push(Reader::from_read(source));
        }
        all
    }

    /// The first value of `text`, the same whether the input is whole or trickled.
    fn first<T: Readable>(text: &str) -> Result<T::Output, String>
    where
        T::Output: PartialEq + std::fmt::Debug,
    {
        let mut all = readers(text)
            .into_iter()
            .map(|mut r| r.read::<T>().map_err(|e| e.to_string()));
        let value = all.next().expect("one reader at least");
        for other in all {
            assert_eq!(other, value, "{:?}", text);
        }
        value
    }

    #[test]
    fn words_of_digits_agree_with_the_digit_loop() {
        // Every byte value after 0 to 16 random digits, and random bytes after that.
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for len in 0..=16 {
            for stop in 0..=255u8 {
                for _ in 0..4 {
                    let mut bytes: Vec<u8> = (0..len).map(|_| b'0' + (next() % 10) as u8).collect();
                    bytes.push(stop);
                    bytes.extend((0..24).map(|_| next() as u8));
                    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
                    let word = (digits.min(8), std::str::from_utf8(&bytes[..digits.min(8)]));
                    let word = (word.0, word.1.unwrap().parse().unwrap_or(0));
                    assert_eq!(leading_digits(&bytes[..8]), word, "{:?}", bytes);
                    let naive = if digits > 0 && digits < 20 && bytes[digits].is_ascii_whitespace()
                    {
                        let token = std::str::from_utf8(&bytes[..digits]).unwrap();
                        Some((token.parse().unwrap(), digits + 1, bytes[digits] == b'\n'))
                    } else {
                        None
                    };
                    for cut in [digits + 1, 8, 15, 16, 17, bytes.len()] {
                        let cut = cut.min(bytes.len());
                        let expect = naive.filter(|_| digits < cut);
                        assert_eq!(digits_at(&bytes[..cut], 0), expect, "{:?}", &bytes[..cut]);
                    }
                }
            }
        }
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

    /// `first::<T>` and `read_or_exit` of one token, which must agree on a valid one.
    fn both<T: Readable>(text: &str) -> Result<T::Output, String>
    where
        T::Output: PartialEq + std::fmt::Debug,
    {
        let value = first::<T>(text)?;
        assert_eq!(reader(text).read_or_exit::<T>(), value, "{:?}", text);
        Ok(value)
    }

    /// The refusal of `text` as an integer of type `name`: `out` is whether it is for being
    /// out of range.
    fn refused(name: &str, text: &str, out: bool) -> Result<(), String> {
        let why = if out { " (out of range)" } else { "" };
        Err(format!(
            "line 1, token 1: expected an integer {}, found `{}`{}",
            name,
            fastio::shorten(text.as_bytes()),
            why
        ))
    }

    /// The decimal digits `digits` plus one.
    fn plus_one(digits: &str) -> String {
        let mut out: Vec<u8> = digits.bytes().collect();
        let mut i = out.len();
        loop {
            if i == 0 {
                out.insert(0, b'1');
                break;
            }
            i -= 1;
            if out[i] == b'9' {
                out[i] = b'0';
            } else {
                out[i] += 1;
                break;
            }
        }
        String::from_utf8(out).unwrap()
    }

    macro_rules! boundaries {
        ($($t:ident)*) => {$(
            let name = stringify!($t);
            let max = $t::MAX.to_string();
            assert_eq!(both::<$t>(&max), Ok($t::MAX), "{}", name);
            assert_eq!(both::<$t>(&format!("+{}", max)), Ok($t::MAX), "{}", name);
            let past = plus_one(&max);
            assert_eq!(both::<$t>(&past).map(|_| ()), refused(name, &past, true));
            let min = $t::MIN.to_string();
            assert_eq!(both::<$t>(&min), Ok($t::MIN), "{}", name);
            if $t::MIN != 0 {
                let below = format!("-{}", plus_one(&min[1..]));
                assert_eq!(both::<$t>(&below).map(|_| ()), refused(name, &below, true));
            } else {
                assert_eq!(both::<$t>("-1").map(|_| ()), refused(name, "-1", true));
            }
            for zero in ["0", "-0", "+0", "000", "-000"] {
                assert_eq!(both::<$t>(zero), Ok(0), "{} {}", name, zero);
            }
            // Leading zeros past 19 and past 39 digits: the general way, the same value.
            for zeros in [1, 18, 19, 20, 40] {
                let padded = format!("{}{}", "0".repeat(zeros), max);
                assert_eq!(both::<$t>(&padded), Ok($t::MAX), "{} {}", name, padded);
            }
            for (bad, out) in [("", false), ("1x", false), ("x", false), ("--1", false),
                ("1-", false), ("+-1", false), ("12345678901234567890123456789012345678901", true)]
            {
                if !bad.is_empty() {
                    assert_eq!(both::<$t>(bad).map(|_| ()), refused(name, bad, out), "{}", bad);
                }
            }
            assert_eq!(
                first::<$t>(" \n").unwrap_err(),
                format!("line 1: expected an integer {}, found the end of the input", name)
            );
        )*};
    }

    #[test]
    fn every_width_at_and_past_its_boundaries() {
        boundaries!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
    }

    #[test]
    fn nineteen_and_twenty_digits() {
        // The hot path takes 19 digits; 20 go the general way, exact at u64's limit.
        assert_eq!(
            both::<u64>("9999999999999999999"),
            Ok(9_999_999_999_999_999_999)
        );
        assert_eq!(
            both::<u64>("10000000000000000000"),
            Ok(10_000_000_000_000_000_000)
        );
        assert_eq!(both::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            both::<u64>("18446744073709551616").map(|_| ()),
            refused("u64", "18446744073709551616", true)
        );
        assert_eq!(
            both::<u64>("99999999999999999999").map(|_| ()),
            refused("u64", "99999999999999999999", true)
        );
        assert_eq!(both::<i64>("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(
            both::<i64>("9223372036854775808").map(|_| ()),
            refused("i64", "9223372036854775808", true)
        );
        assert_eq!(
            both::<i128>("-9999999999999999999"),
            Ok(-9_999_999_999_999_999_999)
        );
        assert_eq!(
            both::<i128>("-99999999999999999999"),
            Ok(-99_999_999_999_999_999_999)
        );
        assert_eq!(
            both::<u128>("9999999999999999999"),
            Ok(9_999_999_999_999_999_999)
        );
    }

    #[test]
    fn integers_end_at_any_whitespace() {
        let mut r = reader("7\r\n-8\t9\x0c10 11");
        assert_eq!(r.read_or_exit::<u8>(), 7);
        assert_eq!(r.read_or_exit::<i8>(), -8);
        assert_eq!(r.read::<u16>(), Ok(9));
        assert_eq!(r.read::<Usize1>(), Ok(9));
        assert_eq!(r.line(), 2);
        assert_eq!(r.read_or_exit::<i64>(), 11);
        assert_eq!(r.read::<i64>().map_err(|e| e.line), Err(2));
        let e = reader("1 2\n3 300").read_vec::<u8>(4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, token 2: expected an integer u8, found `300` (out of range)"
        );
    }

    /// A xorshift generator: the tests' random numbers, the same on every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    macro_rules! round_trips {
        ($rng:expr, $($t:ident)*) => {$(
            for _ in 0..2000 {
                // Every magnitude: the value's bits cut to a random width.
                let wide = (u128::from($rng.next()) << 64) | u128::from($rng.next());
                let value = (wide >> ($rng.next() % 128)) as $t;
                let text = value.to_string();
                assert_eq!(both::<$t>(&text), Ok(value), "{}", text);
            }
            for _ in 0..2000 {
                // Tokens of signs and digits: accepted exactly when `str::parse` takes them
                // (and `-0...0` by an unsigned type), with its value.
                let len = 1 + $rng.next() % 45;
                let text: String = (0..len)
                    .map(|i| match $rng.next() % 16 {
                        0 if i < 2 => '-',
                        1 if i < 2 => '+',
                        2 => 'x',
                        _ => char::from(b'0' + ($rng.next() % 10) as u8),
                    })
                    .collect();
                let negative_zero = text.len() > 1
                    && text.starts_with('-')
                    && text[1..].bytes().all(|b| b == b'0');
                let expected = match text.parse::<$t>() {
                    Ok(value) => Some(value),
                    Err(_) if negative_zero => Some(0),
                    Err(_) => None,
                };
                assert_eq!(first::<$t>(&text).ok(), expected, "{}", text);
                if let Some(value) = expected {
                    assert_eq!(reader(&text).read_or_exit::<$t>(), value);
                }
            }
        )*};
    }

    #[test]
    fn random_round_trips_agree_with_str_parse() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        round_trips!(rng, u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
        for _ in 0..2000 {
            let index = rng.next() >> (rng.next() % 64);
            let text = index.to_string();
            let expected = <usize as std::convert::TryFrom<u64>>::try_from(index)
                .ok()
                .and_then(|i| i.checked_sub(1));
            assert_eq!(first::<Usize1>(&text).ok(), expected, "{}", text);
        }
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
        for (i, mut r) in readers("2\n10 20\n  7 x8 9\n").into_iter().enumerate() {
            assert_eq!(r.read::<u32>(), Ok(2));
            assert_eq!(r.read_vec::<u32>(2), Ok(vec![10, 20]));
            assert_eq!(r.read::<u32>(), Ok(7));
            let e = r.read::<u32>().unwrap_err();
            // A reader that dropped the line's start (read a few bytes at a time) names the
            // line alone.
            if i == 0 {
                assert_eq!(
                    e.to_string(),
                    "line 3, token 2: expected an integer u32, found `x8`"
                );
            }
            assert_eq!(e.line, 3);
            assert!(e.token == Some(2) || e.token.is_none());
            // The bad token is consumed; the read after it goes on.
            assert_eq!(r.read::<u32>(), Ok(9));
            // The input's last line: the final line feed ends it.
            assert_eq!(
                r.read::<u32>().unwrap_err().to_string(),
                "line 3: expected an integer u32, found the end of the input"
            );
        }
        for (input, line) in [("", 1), ("\n", 1), ("5", 1), ("5\n\n", 2), ("5\n \n 6", 3)] {
            for mut r in readers(input) {
                while r.read::<u8>().is_ok() {}
                let e = r.read::<u8>().unwrap_err();
                assert_eq!((e.line, e.token), (line, None), "{:?}", input);
            }
        }
        let long = format!("{}x", "1".repeat(30));
        assert!(first::<u64>(&long).unwrap_err().ends_with("111...`"));
    }
}
