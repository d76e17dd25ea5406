//! Fast judge I/O: a reader over the whole input that tracks its line, a buffered writer, and
//! the one input-error type every problem reports malformed input with.
//!
//! The reader holds all of stdin in memory (one `read_to_end`), so reading is a cursor over a
//! byte slice, and it counts lines as it goes so that an error can say where the input went
//! wrong. The writer collects output in a buffer and writes it in large blocks. Typed reads
//! (`read::<i64>()`, `input!`) are the `scan` crate's and line-layout reads (whole lines,
//! fixed-width rows) the `lines` crate's, both built on [`Reader::bytes`] and
//! [`Reader::advance`]: crates of their own, since a bundle carries whole crates.

use std::fmt;
use std::io::{self, Read, Write};

/// A cursor over the whole input, counting lines (1-based).
pub struct Reader {
    buf: Vec<u8>,
    pos: usize,
    line: usize,
}

impl Reader {
    /// Reads all of stdin. O(input size).
    pub fn from_stdin() -> io::Result<Reader> {
        let mut buf = Vec::with_capacity(1 << 16);
        io::stdin().lock().read_to_end(&mut buf)?;
        Ok(Reader::new(buf))
    }

    /// A reader over `buf`, positioned at its first byte, on line 1.
    pub fn new(buf: Vec<u8>) -> Reader {
        Reader {
            buf,
            pos: 0,
            line: 1,
        }
    }

    /// The line (1-based) of the next unread byte.
    #[inline]
    pub fn line(&self) -> usize {
        self.line
    }

    /// Skips ASCII whitespace (space, tab, CR, LF, form feed), counting line feeds.
    /// O(bytes skipped).
    #[inline]
    pub fn skip_whitespace(&mut self) {
        // Local copies, stored once at the end: a reader behind a reference (a thread-local
        // one) would otherwise be written back on every byte.
        let (mut pos, mut line) = (self.pos, self.line);
        while let Some(&b) = self.buf.get(pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                line += 1;
            }
            pos += 1;
        }
        self.pos = pos;
        self.line = line;
    }

    /// The next whitespace-separated token, or `None` at the end of input. O(token length).
    #[inline]
    pub fn token(&mut self) -> Option<&[u8]> {
        self.skip_whitespace();
        let start = self.pos;
        while let Some(&b) = self.buf.get(self.pos) {
            if b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
        if start == self.pos {
            None
        } else {
            Some(&self.buf[start..self.pos])
        }
    }

    /// All of the input, read or not, and the offset of the next unread byte: what the reads
    /// built on this one (the `scan` and `lines` crates) parse from.
    #[inline]
    pub fn bytes(&self) -> (&[u8], usize) {
        (&self.buf, self.pos)
    }

    /// Consumes the next `len` bytes, which the caller has seen (through [`Reader::bytes`])
    /// hold `line_feeds` line feeds: the line count moves on by that many. O(1).
    #[inline]
    pub fn advance(&mut self, len: usize, line_feeds: usize) {
        self.pos += len;
        self.line += line_feeds;
    }
}

/// Parses an optionally signed decimal integer that fits in `i64`. O(length).
pub fn parse_int(t: &[u8]) -> Option<i64> {
    let (neg, digits) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    Some(if neg { -v } else { v })
}

/// A printable, at most 20-character rendering of an input token for error messages.
pub fn shorten(t: &[u8]) -> String {
    let s: String = t
        .iter()
        .take(20)
        .map(|&b| if b.is_ascii_graphic() { b as char } else { '?' })
        .collect();
    if t.len() > 20 {
        s + "..."
    } else {
        s
    }
}

/// A buffered stdout writer. Call [`Writer::flush`] before `std::process::exit`,
/// which skips destructors; dropping the writer flushes too.
pub struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    const CAPACITY: usize = 1 << 16;

    /// An empty writer to stdout.
    pub fn new() -> Writer {
        Writer {
            buf: Vec::with_capacity(Self::CAPACITY),
        }
    }

    /// Appends raw bytes. Amortized O(length).
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
        if self.buf.len() >= Self::CAPACITY {
            self.flush();
        }
    }

    /// Appends one byte. Amortized O(1).
    #[inline]
    pub fn byte(&mut self, b: u8) {
        self.buf.push(b);
        if self.buf.len() >= Self::CAPACITY {
            self.flush();
        }
    }

    /// Appends a decimal integer. O(digits).
    pub fn int(&mut self, v: i64) {
        let mut tmp = [0u8; 20];
        let mut i = tmp.len();
        let mut u = v.unsigned_abs();
        // Two digits per division: half the 64-bit divisions of a digit at a time.
        while u >= 100 {
            let d = (u % 100) as u8;
            u /= 100;
            i -= 2;
            tmp[i] = b'0' + d / 10;
            tmp[i + 1] = b'0' + d % 10;
        }
        if u >= 10 {
            i -= 2;
            tmp[i] = b'0' + u as u8 / 10;
            tmp[i + 1] = b'0' + u as u8 % 10;
        } else {
            i -= 1;
            tmp[i] = b'0' + u as u8;
        }
        if v < 0 {
            self.byte(b'-');
        }
        self.bytes(&tmp[i..]);
    }

    /// Writes out everything buffered. A closed stdout is ignored: nobody is reading.
    pub fn flush(&mut self) {
        let mut out = io::stdout();
        let _ = out.write_all(&self.buf);
        let _ = out.flush();
        self.buf.clear();
    }
}

impl Default for Writer {
    fn default() -> Self {
        Writer::new()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.flush();
    }
}

/// Where and how a judge input is malformed. Every problem reports bad input with this type,
/// so every message has one shape:
///
/// ```text
/// case 3, row 7 (line 25): expected 9 digits, found 8
/// case 3 (line 19): the givens clash: two 5s in row 2
/// row 4 (line 4): `x` is not a digit 0..9            (single-grid problems)
/// line 1: expected the number of cases, found `abc`
/// line 2, token 3: expected an integer u32, found `-5` (out of range)
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The case (1-based); `None` before the first case or for a single-case problem.
    pub case: Option<usize>,
    /// The row of the grid (1-based) when the error is inside one row.
    pub row: Option<usize>,
    /// The input line (1-based); for a truncated input, the line where the input ended.
    pub line: usize,
    /// Which whitespace-separated token of the line (1-based) is wrong, when one is.
    pub token: Option<usize>,
    /// What is wrong, in a few words.
    pub what: String,
}

impl InputError {
    /// An error on input line `line` (1-based), not yet placed in a case or row.
    pub fn at_line(line: usize, what: impl Into<String>) -> InputError {
        InputError {
            case: None,
            row: None,
            line,
            token: None,
            what: what.into(),
        }
    }

    /// The same error, placed in case `case` (1-based).
    pub fn in_case(mut self, case: usize) -> InputError {
        self.case = Some(case);
        self
    }

    /// The same error, placed in row `row` (1-based) of the grid.
    pub fn in_row(mut self, row: usize) -> InputError {
        self.row = Some(row);
        self
    }

    /// Flushes what `out` holds (every case solved so far stays printed), prints this error as
    /// one line on stderr and exits with status 2. The one way a submission stops on bad input.
    pub fn exit(&self, out: &mut Writer) -> ! {
        out.flush();
        eprintln!("{}", self);
        std::process::exit(2)
    }
}

impl fmt::Display for InputError {
    /// `case N, row R (line L, token T): what`, leaving out the parts that are `None`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut at = format!("line {}", self.line);
        if let Some(t) = self.token {
            at = format!("{}, token {}", at, t);
        }
        match (self.case, self.row) {
            (Some(c), Some(r)) => write!(f, "case {}, row {} ({}): ", c, r, at)?,
            (Some(c), None) => write!(f, "case {} ({}): ", c, at)?,
            (None, Some(r)) => write!(f, "row {} ({}): ", r, at)?,
            (None, None) => write!(f, "{}: ", at)?,
        }
        f.write_str(&self.what)
    }
}

/// All of stdin as a [`Reader`]; when stdin cannot be read, one line on stderr and exit 2.
pub fn stdin_or_exit() -> Reader {
    match Reader::from_stdin() {
        Ok(reader) => reader,
        Err(e) => {
            eprintln!("cannot read the input: {}", e);
            std::process::exit(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_writes_what_format_writes() {
        let mut values = vec![
            0,
            1,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            i64::MAX,
            i64::MIN,
            -1,
            -10,
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push((x >> (x % 64)) as i64);
            values.push(-((x >> (x % 63)) as i64));
        }
        for p in 0..19 {
            values.push(10i64.pow(p));
            values.push(10i64.pow(p) - 1);
        }
        for v in values {
            let mut w = Writer::new();
            w.int(v);
            assert_eq!(w.buf, v.to_string().into_bytes(), "{}", v);
            w.buf.clear();
        }
    }

    #[test]
    fn input_error_has_one_shape() {
        let e = InputError::at_line(25, "expected 9 digits, found 8");
        assert_eq!(e.to_string(), "line 25: expected 9 digits, found 8");
        assert_eq!(
            e.clone().in_row(7).to_string(),
            "row 7 (line 25): expected 9 digits, found 8"
        );
        assert_eq!(
            e.clone().in_case(3).to_string(),
            "case 3 (line 25): expected 9 digits, found 8"
        );
        assert_eq!(
            e.clone().in_case(3).in_row(7).to_string(),
            "case 3, row 7 (line 25): expected 9 digits, found 8"
        );
        let on_token = InputError {
            token: Some(4),
            ..e.clone()
        };
        assert_eq!(
            on_token.to_string(),
            "line 25, token 4: expected 9 digits, found 8"
        );
        assert_eq!(
            on_token.in_case(2).to_string(),
            "case 2 (line 25, token 4): expected 9 digits, found 8"
        );
    }

    #[test]
    fn tokens_count_lines() {
        let mut r = Reader::new(b"  12 ab\r\n\n-7\tx".to_vec());
        assert_eq!(r.line(), 1);
        assert_eq!(r.token(), Some(&b"12"[..]));
        assert_eq!(r.token(), Some(&b"ab"[..]));
        assert_eq!(r.token(), Some(&b"-7"[..]));
        assert_eq!(r.line(), 3);
        assert_eq!(r.token(), Some(&b"x"[..]));
        assert_eq!(r.token(), None);
    }

    #[test]
    fn the_bytes_under_the_cursor() {
        let mut r = Reader::new(b"12 ab\ncd".to_vec());
        assert_eq!(r.bytes(), (&b"12 ab\ncd"[..], 0));
        r.advance(3, 0);
        assert_eq!(r.bytes().1, 3);
        assert_eq!(r.token(), Some(&b"ab"[..]));
        assert_eq!(r.line(), 1);
        r.advance(1, 1);
        assert_eq!((r.bytes().1, r.line()), (6, 2));
        assert_eq!(r.token(), Some(&b"cd"[..]));
    }

    #[test]
    fn parse_ints() {
        assert_eq!(parse_int(b"0"), Some(0));
        assert_eq!(parse_int(b"+42"), Some(42));
        assert_eq!(
            parse_int(b"-9223372036854775807"),
            Some(-9223372036854775807)
        );
        assert_eq!(parse_int(b"9223372036854775808"), None);
        assert_eq!(parse_int(b"-"), None);
        assert_eq!(parse_int(b"1x"), None);
    }

    #[test]
    fn shorten_tokens() {
        assert_eq!(shorten(b"a\x01b"), "a?b");
        assert_eq!(shorten(&[b'z'; 25]), format!("{}...", "z".repeat(20)));
    }
}
