//! Reads for inputs laid out in lines, over `fastio`'s [`Reader`]: whole lines, fixed-width
//! rows, the next byte, the end of the input, and a count token.
//!
//! The grid problems read row by row; a token-only problem needs none of this, and a bundle
//! carries whole crates, so these reads are a crate of their own beside `fastio`. They are
//! the [`Lines`] trait's methods: `use lines::Lines;` and call them on a `Reader`.

use fastio::{parse_int, shorten, Reader};

/// Line-layout reads on a [`Reader`], built on [`Reader::bytes`], [`Reader::advance`] and the
/// reader's buffering ([`Reader::fill`], [`Reader::buffer_until`]).
pub trait Lines {
    /// Whether every byte has been read. O(1), or a read from the source when its buffered
    /// part is used up.
    fn at_end(&mut self) -> bool;

    /// The next byte without consuming it. O(1), as [`Lines::at_end`].
    fn peek(&mut self) -> Option<u8>;

    /// The rest of the current line without its `\n` or `\r\n`, consuming the line feed.
    /// `None` at the end of input. O(line length).
    fn line_bytes(&mut self) -> Option<&[u8]>;

    /// The next line when it is exactly `len` bytes followed by `\n` (no CR), consuming it
    /// and its line feed; otherwise `None`, consuming nothing. O(1): a fast path for
    /// fixed-width rows, with [`Lines::line_bytes`] as the general fallback.
    fn fixed_line(&mut self, len: usize) -> Option<&[u8]>;

    /// The next `count` lines when each is exactly `width` bytes followed by `\n` (no CR),
    /// as one slice of `count * (width + 1)` bytes with their line feeds, consuming them;
    /// otherwise `None`, consuming nothing. O(count): a block-sized [`Lines::fixed_line`].
    fn fixed_lines(&mut self, width: usize, count: usize) -> Option<&[u8]>;

    /// The next token as a signed decimal integer.
    ///
    /// Errors say what was found instead (end of input, or the token itself). O(token length).
    fn int(&mut self) -> Result<i64, String>;
}

impl Lines for Reader {
    #[inline]
    fn at_end(&mut self) -> bool {
        !self.fill(1)
    }

    #[inline]
    fn peek(&mut self) -> Option<u8> {
        self.fill(1);
        let (buf, pos) = self.bytes();
        buf.get(pos).copied()
    }

    fn line_bytes(&mut self) -> Option<&[u8]> {
        let len = self.buffer_until(|b| b == b'\n');
        let (buf, start) = self.bytes();
        let feed = usize::from(start + len < buf.len());
        if len + feed == 0 {
            return None;
        }
        let mut end = start + len;
        if end > start && buf[end - 1] == b'\r' {
            end -= 1;
        }
        self.advance(len + feed, feed);
        Some(&self.bytes().0[start..end])
    }

    #[inline]
    fn fixed_line(&mut self, len: usize) -> Option<&[u8]> {
        self.fill(len + 1);
        let (buf, start) = self.bytes();
        match buf.get(start + len) {
            Some(&b'\n') if len == 0 || buf[start + len - 1] != b'\r' => {
                self.advance(len + 1, 1);
                Some(&self.bytes().0[start..start + len])
            }
            _ => None,
        }
    }

    #[inline]
    fn fixed_lines(&mut self, width: usize, count: usize) -> Option<&[u8]> {
        let len = count * (width + 1);
        self.fill(len);
        let (buf, start) = self.bytes();
        let block = buf.get(start..start + len)?;
        let whole = block
            .chunks_exact(width + 1)
            .all(|line| line[width] == b'\n' && (width == 0 || line[width - 1] != b'\r'));
        if !whole {
            return None;
        }
        self.advance(len, count);
        Some(&self.bytes().0[start..start + len])
    }

    fn int(&mut self) -> Result<i64, String> {
        match self.token() {
            None => Err("expected a number, found the end of the input".to_string()),
            Some(t) => {
                parse_int(t).ok_or_else(|| format!("expected a number, found `{}`", shorten(t)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` whole, and trickled through the reader's buffer in reads of a few bytes.
    fn readers(text: &[u8]) -> Vec<Reader> {
        let mut all = vec![Reader::new(text.to_vec())];
        for step in [1, 2, 3, 5] {
            all.push(Reader::from_read(testkit::Trickle::new(text, step)));
        }
        all
    }

    #[test]
    fn ints_and_the_end() {
        for mut r in readers(b"  12\r\n\n-7\tx") {
            assert_eq!(r.peek(), Some(b' '));
            assert_eq!(r.int(), Ok(12));
            assert_eq!(r.int(), Ok(-7));
            assert_eq!(r.line(), 3);
            assert!(r.int().unwrap_err().contains("`x`"));
            assert!(r.at_end());
            assert_eq!(r.peek(), None);
            assert!(r.int().unwrap_err().contains("end of the input"));
        }
    }

    #[test]
    fn whole_lines() {
        for mut r in readers(b"abc\r\n\nlast") {
            assert_eq!(r.line_bytes(), Some(&b"abc"[..]));
            assert_eq!(r.line(), 2);
            assert_eq!(r.line_bytes(), Some(&b""[..]));
            assert_eq!(r.line_bytes(), Some(&b"last"[..]));
            assert_eq!(r.line(), 3);
            assert!(r.at_end());
            assert_eq!(r.line_bytes(), None);
        }
    }

    #[test]
    fn fixed_lines() {
        for mut r in readers(b"abc\nab\r\nabcd\nxyz") {
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
    }

    #[test]
    fn fixed_line_blocks() {
        for mut r in readers(b"ab\ncd\nef\ng\nhi\r\nxy\n") {
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
    }
}
