//! The input as one byte slice and a cursor over it that counts lines, with raw reads (tokens,
//! lines, fixed-width rows) and the typed reads of [`Readable`] values.

use super::error::InputError;
use super::scan::Readable;
use std::io::{self, Read};

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

    /// The next token when it is a short decimal integer (an optional sign, then 1 to 19
    /// digits, then whitespace or the end): its sign, its magnitude (below 10^19) and its
    /// length, without consuming it (only the whitespace before it). The integer reads' fast
    /// path: one pass over the digits, no overflow check; anything else goes the general way.
    #[inline]
    pub(super) fn peek_short_decimal(&mut self) -> Option<(bool, u64, usize)> {
        self.skip_whitespace();
        let rest = &self.buf[self.pos..];
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

    /// Consumes `len` bytes of the current line (no line feed among them).
    #[inline]
    pub(super) fn skip_on_line(&mut self, len: usize) {
        self.pos += len;
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

    /// The next value of kind `T` (an integer, a float, a word, [`Bytes`](super::Bytes), ...:
    /// see [`Readable`]). An error names the line and the token's place on it, and the token is
    /// consumed. Cost: that of `T` (the [`scan`](super::scan) module's table).
    #[inline]
    pub fn read<T: Readable>(&mut self) -> Result<T::Output, InputError> {
        T::read(self)
    }

    /// The next `len` values of kind `T`. One allocation of `len` elements (at most
    /// [`Reader::capacity_for`]), then `len` reads.
    pub fn read_vec<T: Readable>(&mut self, len: usize) -> Result<Vec<T::Output>, InputError> {
        let mut values = Vec::with_capacity(self.capacity_for(len));
        for _ in 0..len {
            values.push(T::read(self)?);
        }
        Ok(values)
    }

    /// How many of `len` values to allocate room for at once: `len`, but no more than the
    /// tokens the rest of the input can hold, so that a malformed length (`10^18`) is an
    /// error at the end of the input rather than an allocation failure. O(1).
    #[inline]
    pub fn capacity_for(&self, len: usize) -> usize {
        len.min((self.buf.len() - self.pos) / 2 + 1)
    }

    /// The next value of kind `T`; on malformed input, the error as one line on stderr and
    /// exit status 2 ([`InputError::exit_now`]: a [`Writer`](super::Writer)'s buffer is not
    /// flushed). What `input!` calls.
    #[inline]
    pub fn read_or_exit<T: Readable>(&mut self) -> T::Output {
        match T::read(self) {
            Ok(value) => value,
            Err(error) => error.exit_now(),
        }
    }

    /// The next token parsed by `parse`: what a [`Readable`] implementation calls. `what`
    /// names the kind for the error (`an integer i64`); `parse` returns the value or a short
    /// reason (`out of range`, or `""` for none). The error says where: the line, and which
    /// token of that line (counted only when an error is reported, so a read costs nothing
    /// more than the token scan and `parse`).
    #[inline]
    pub fn parse_next<T>(
        &mut self,
        what: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, &'static str>,
    ) -> Result<T, InputError> {
        self.skip_whitespace();
        let start = self.pos;
        let token = match self.token() {
            Some(token) => token,
            None => return Err(self.ended(what)),
        };
        match parse(token) {
            Ok(value) => Ok(value),
            Err(why) => Err(self.rejected(what, start, why)),
        }
    }

    /// The error at the end of the input, on its last line (a final line feed ends that
    /// line; it does not start another).
    #[cold]
    fn ended(&self, what: &str) -> InputError {
        let last = if self.buf.last() == Some(&b'\n') {
            self.line - 1
        } else {
            self.line
        };
        InputError::at_line(
            last.max(1),
            format!("expected {}, found the end of the input", what),
        )
    }

    /// The error for the token `buf[start..self.pos]`, with its 1-based place on its line.
    #[cold]
    fn rejected(&self, what: &str, start: usize, why: &str) -> InputError {
        let token = &self.buf[start..self.pos];
        let line_start = self.buf[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let before = self.buf[line_start..start]
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .count();
        let why = if why.is_empty() {
            String::new()
        } else {
            format!(" ({})", why)
        };
        InputError::at_line(
            self.line,
            format!("expected {}, found `{}`{}", what, shorten(token), why),
        )
        .at_token(before + 1)
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

#[cfg(test)]
mod tests {
    use super::*;

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
