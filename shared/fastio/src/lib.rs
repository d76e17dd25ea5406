//! Fast judge I/O: a reader over the whole input that tracks its line, a buffered writer, and
//! the one input-error type every problem reports malformed input with.
//!
//! The reader holds all of stdin in memory (one `read_to_end`), so reading is a cursor over a
//! byte slice, and it counts lines as it goes so that an error can say where the input went
//! wrong. The writer collects output in a buffer and writes it in large blocks. Typed reads
//! (`read::<i64>()`, `input!`) are the `scan` crate's, built on [`Reader::bytes`]: a crate of
//! their own, since a bundle carries whole crates.

use std::fmt;
use std::io::{self, Read, Write};

/// A cursor over the whole input, counting lines (1-based).
#[derive(Clone, Debug)]
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

    /// Whether every byte has been read.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.buf.len()
    }

    /// The next byte without consuming it.
    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    /// Skips ASCII whitespace (space, tab, CR, LF, form feed), counting line feeds.
    /// O(bytes skipped).
    #[inline]
    pub fn skip_whitespace(&mut self) {
        while let Some(&b) = self.buf.get(self.pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    /// Skips spaces, tabs and CR on the current line (not the line feed).
    #[inline]
    pub fn skip_blanks(&mut self) {
        while let Some(&b) = self.buf.get(self.pos) {
            if !matches!(b, b' ' | b'\t' | b'\r' | b'\x0c') {
                break;
            }
            self.pos += 1;
        }
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

    /// The rest of the current line without its `\n` or `\r\n`, consuming the line feed.
    /// `None` at the end of input. O(line length).
    pub fn line_bytes(&mut self) -> Option<&[u8]> {
        if self.at_end() {
            return None;
        }
        let start = self.pos;
        let rest = &self.buf[start..];
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.pos = start + len;
        if self.pos < self.buf.len() {
            self.pos += 1;
            self.line += 1;
        }
        let mut end = start + len;
        if end > start && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        Some(&self.buf[start..end])
    }

    /// The next line when it is exactly `len` bytes followed by `\n` (no CR), consuming it
    /// and its line feed; otherwise `None`, consuming nothing. O(1): a fast path for
    /// fixed-width rows, with [`Reader::line_bytes`] as the general fallback.
    #[inline]
    pub fn fixed_line(&mut self, len: usize) -> Option<&[u8]> {
        let start = self.pos;
        match self.buf.get(start + len) {
            Some(&b'\n') if len == 0 || self.buf[start + len - 1] != b'\r' => {
                self.pos = start + len + 1;
                self.line += 1;
                Some(&self.buf[start..start + len])
            }
            _ => None,
        }
    }

    /// The next `count` lines when each is exactly `width` bytes followed by `\n` (no CR),
    /// as one slice of `count * (width + 1)` bytes with their line feeds, consuming them;
    /// otherwise `None`, consuming nothing. O(count): a block-sized [`Reader::fixed_line`].
    #[inline]
    pub fn fixed_lines(&mut self, width: usize, count: usize) -> Option<&[u8]> {
        let start = self.pos;
        let len = count * (width + 1);
        let block = self.buf.get(start..start + len)?;
        let whole = block
            .chunks_exact(width + 1)
            .all(|line| line[width] == b'\n' && (width == 0 || line[width - 1] != b'\r'));
        if !whole {
            return None;
        }
        self.pos = start + len;
        self.line += count;
        Some(&self.buf[start..start + len])
    }

    /// All of the input, read or not, and the offset of the next unread byte: what a typed
    /// reader built on this one (the `scan` crate) parses from.
    pub fn bytes(&self) -> (&[u8], usize) {
        (&self.buf, self.pos)
    }

    /// Consumes the next `len` bytes, which the caller has seen (through [`Reader::bytes`])
    /// hold no line feed: the line count stays as it is. O(1).
    pub fn advance_in_line(&mut self, len: usize) {
        self.pos += len;
    }

    /// The next token as a signed decimal integer.
    ///
    /// Errors say what was found instead (end of input, or the token itself). O(token length).
    pub fn int(&mut self) -> Result<i64, String> {
        match self.token() {
            None => Err("expected a number, found the end of the input".to_string()),
            Some(t) => {
                parse_int(t).ok_or_else(|| format!("expected a number, found `{}`", shorten(t)))
            }
        }
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
        loop {
            i -= 1;
            tmp[i] = b'0' + (u % 10) as u8;
            u /= 10;
            if u == 0 {
                break;
            }
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
    fn tokens_and_lines() {
        let mut r = Reader::new(b"  12 ab\r\n\n-7\tx".to_vec());
        assert_eq!(r.line(), 1);
        assert_eq!(r.token(), Some(&b"12"[..]));
        assert_eq!(r.token(), Some(&b"ab"[..]));
        assert_eq!(r.int(), Ok(-7));
        assert_eq!(r.line(), 3);
        assert!(r.int().unwrap_err().contains("`x`"));
        assert!(r.int().unwrap_err().contains("end of the input"));
        assert_eq!(r.token(), None);
    }

    #[test]
    fn the_bytes_under_the_cursor() {
        let mut r = Reader::new(b"12 ab\n".to_vec());
        assert_eq!(r.bytes(), (&b"12 ab\n"[..], 0));
        r.advance_in_line(3);
        assert_eq!(r.bytes().1, 3);
        assert_eq!(r.token(), Some(&b"ab"[..]));
        assert_eq!(r.line(), 1);
    }

    #[test]
    fn whole_lines() {
        let mut r = Reader::new(b"abc\r\n\nlast".to_vec());
        assert_eq!(r.line_bytes(), Some(&b"abc"[..]));
        assert_eq!(r.line(), 2);
        assert_eq!(r.line_bytes(), Some(&b""[..]));
        assert_eq!(r.line_bytes(), Some(&b"last"[..]));
        assert_eq!(r.line_bytes(), None);
    }

    #[test]
    fn fixed_lines() {
        let mut r = Reader::new(b"abc\nab\r\nabcd\nxyz".to_vec());
        assert_eq!(r.fixed_line(3), Some(&b"abc"[..]));
        assert_eq!(r.line(), 2);
        // A CR line end, a longer line, and a line without its feed take the slow path.
        assert_eq!(r.fixed_line(2), None);
        assert_eq!(r.fixed_line(3), None);
        assert_eq!(r.line_bytes(), Some(&b"ab"[..]));
        assert_eq!(r.fixed_line(3), None);
        assert_eq!(r.fixed_line(4), Some(&b"abcd"[..]));
        assert_eq!(r.fixed_line(3), None);
        assert_eq!(r.line(), 4);
        assert_eq!(r.line_bytes(), Some(&b"xyz"[..]));
    }

    #[test]
    fn fixed_line_blocks() {
        let mut r = Reader::new(b"ab\ncd\nef\ng\nhi\r\nxy\n".to_vec());
        assert_eq!(r.fixed_lines(2, 3), Some(&b"ab\ncd\nef\n"[..]));
        assert_eq!(r.line(), 4);
        // A short line, a CR line end, or too few bytes left: nothing consumed.
        assert_eq!(r.fixed_lines(2, 1), None);
        assert_eq!(r.line_bytes(), Some(&b"g"[..]));
        assert_eq!(r.fixed_lines(2, 2), None);
        assert_eq!(r.line_bytes(), Some(&b"hi"[..]));
        assert_eq!(r.fixed_lines(2, 2), None);
        assert_eq!(r.fixed_lines(2, 1), Some(&b"xy\n"[..]));
        assert_eq!(r.line(), 7);
        assert!(r.at_end());
        assert_eq!(r.fixed_lines(0, 0), Some(&b""[..]));
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
