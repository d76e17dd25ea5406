//! Fast judge I/O: a reader over the input that tracks its line, a buffered writer, and the
//! one input-error type every problem reports malformed input with.
//!
//! The reader reads its source in blocks of 64 KiB into one buffer it reuses, so reading is a
//! cursor over a byte slice that touches the same memory over and over (reading all of a
//! large input at once costs a page fault per 4 KiB), and it never asks for more than the
//! next token needs, so it reads an interactor's replies as they come. It counts lines as it
//! goes so that an error can say where the input went wrong. The writer collects output in a
//! buffer and writes it in large blocks. Typed reads (`read::<i64>()`, `input!`) are the
//! `scan` crate's and line-layout reads (whole lines, fixed-width rows) the `lines` crate's,
//! both built on [`Reader::bytes`], [`Reader::advance`] and the buffering calls
//! ([`Reader::fill`], [`Reader::buffer_until`]): crates of their own, since a bundle carries
//! whole crates.

use std::fmt;
use std::io::{self, Read, Write};

/// A cursor over the input, counting lines (1-based).
///
/// ```text
/// buf:  [ bytes already read | the next unread byte ... ]
///        0                    pos                        buf.len()
/// ```
///
/// `buf` is a window of the input: when the cursor reaches its end, the read part is
/// dropped, the unread part moves to the front and the next block read is appended.
pub struct Reader {
    buf: Vec<u8>,
    pos: usize,
    line: usize,
    /// Where the rest of the input comes from; `None` once it has ended, or for a reader
    /// made from bytes.
    source: Option<Box<dyn Read + Send>>,
    /// What a read from the source lands in before it joins `buf`: written once with zeros,
    /// where reading into `buf`'s spare room would clear it again for every read.
    block: Vec<u8>,
    /// Whether the current line's start is in `buf` (none of the line has been dropped): an
    /// error's token number is counted from it.
    line_kept: bool,
    /// The input's last byte so far: whether it ends with a line feed.
    last: u8,
}

/// How many bytes a reader asks its source for at once, and its buffer's starting size.
const BLOCK: usize = 1 << 16;

impl Reader {
    /// A reader over stdin. Nothing is read until the first read.
    pub fn from_stdin() -> Reader {
        Reader::from_read(io::stdin())
    }

    /// A reader over `source`, read in blocks as the reads need it: a read error is one line
    /// on stderr and exit status 2.
    pub fn from_read(source: impl Read + Send + 'static) -> Reader {
        Reader {
            source: Some(Box::new(source)),
            block: vec![0; BLOCK],
            ..Reader::new(Vec::with_capacity(BLOCK))
        }
    }

    /// A reader over `buf`, all of the input, positioned at its first byte, on line 1.
    pub fn new(buf: Vec<u8>) -> Reader {
        Reader {
            last: buf.last().copied().unwrap_or(0),
            buf,
            pos: 0,
            line: 1,
            source: None,
            block: Vec::new(),
            line_kept: true,
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
        loop {
            match self.buf.get(pos) {
                Some(&b) if b.is_ascii_whitespace() => {
                    line += usize::from(b == b'\n');
                    pos += 1;
                }
                Some(_) => break,
                None if self.source.is_some() => {
                    self.pos = pos;
                    self.refill();
                    pos = self.pos;
                }
                None => break,
            }
        }
        self.pos = pos;
        self.line = line;
    }

    /// The next whitespace-separated token, or `None` at the end of input. O(token length).
    #[inline]
    pub fn token(&mut self) -> Option<&[u8]> {
        self.skip_whitespace();
        let len = self.buffer_until(|b| b.is_ascii_whitespace());
        let start = self.pos;
        self.pos += len;
        if len == 0 {
            None
        } else {
            Some(&self.buf[start..start + len])
        }
    }

    /// The buffered bytes, read or not, and the offset of the next unread byte: what the reads
    /// built on this one (the `scan` and `lines` crates) parse from. The slice ends where the
    /// input does only when [`Reader::buffered_to_end`] says so; [`Reader::fill`] and
    /// [`Reader::buffer_until`] buffer more. Offsets are good until the next call that
    /// buffers.
    #[inline]
    pub fn bytes(&self) -> (&[u8], usize) {
        (&self.buf, self.pos)
    }

    /// Whether [`Reader::bytes`] runs to the end of the input: all of it has been read from
    /// the source. O(1).
    #[inline]
    pub fn buffered_to_end(&self) -> bool {
        self.source.is_none()
    }

    /// Consumes the next `len` bytes, which the caller has seen (through [`Reader::bytes`])
    /// hold `line_feeds` line feeds: the line count moves on by that many. O(1).
    #[inline]
    pub fn advance(&mut self, len: usize, line_feeds: usize) {
        self.pos += len;
        self.line += line_feeds;
    }

    /// Buffers the next `len` bytes, or all that is left when the input ends sooner, reading
    /// no more than that needs (an interactor's reply is read as it comes); whether `len`
    /// bytes are there. Amortized O(len).
    #[inline]
    pub fn fill(&mut self, len: usize) -> bool {
        while self.buf.len() - self.pos < len {
            if !self.refill() {
                return false;
            }
        }
        true
    }

    /// The number of bytes from the cursor before the first one where `stop` holds (or
    /// before the end of input), all of them buffered: the length of a token or of a line.
    /// O(that length), amortized.
    #[inline]
    pub fn buffer_until(&mut self, stop: impl Fn(u8) -> bool) -> usize {
        let mut len = 0;
        loop {
            let rest = &self.buf[self.pos + len..];
            match rest.iter().position(|&b| stop(b)) {
                Some(at) => return len + at,
                None => {
                    len += rest.len();
                    if !self.refill() {
                        return len;
                    }
                }
            }
        }
    }

    /// The place (1-based) on its line of the token that starts at `buf[start]` ([`bytes`]'
    /// offset), for an error message: known while the line's start is in the buffer, not
    /// once the reader has dropped part of the line to read on (counting the tokens of every
    /// dropped block would cost a pass over the input). O(bytes from the line's start).
    ///
    /// [`bytes`]: Reader::bytes
    #[cold]
    pub fn token_number(&self, start: usize) -> Option<usize> {
        let head = &self.buf[..start];
        let line = match head.iter().rposition(|&b| b == b'\n') {
            Some(feed) => &head[feed + 1..],
            None if self.line_kept => head,
            None => return None,
        };
        Some(token_starts(line) + 1)
    }

    /// The line an error at the end of the input is on: the last line, where a final line
    /// feed ends that line rather than starting another. O(1).
    pub fn end_line(&self) -> usize {
        (self.line - usize::from(self.last == b'\n')).max(1)
    }

    /// Drops the read part of the buffer and reads once more from the source (more than
    /// was asked for only when the source has it ready); whether any byte came. The cursor
    /// moves with the bytes it points at.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> bool {
        let source = match &mut self.source {
            Some(source) => source,
            None => return false,
        };
        if self.pos > 0 {
            self.line_kept = self.buf[self.pos - 1] == b'\n';
        }
        self.buf.drain(..self.pos);
        self.pos = 0;
        let read = loop {
            match source.read(&mut self.block) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    eprintln!("cannot read the input: {}", e);
                    std::process::exit(2)
                }
                Ok(read) => break read,
            }
        };
        self.buf.extend_from_slice(&self.block[..read]);
        if read == 0 {
            self.source = None;
        } else {
            self.last = self.block[read - 1];
        }
        read > 0
    }
}

/// How many tokens `bytes` holds.
fn token_starts(bytes: &[u8]) -> usize {
    bytes
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .count()
}

/// Parses an optionally signed decimal integer that fits in `i64`. O(length).
pub fn parse_int(t: &[u8]) -> Option<i64> {
    std::str::from_utf8(t).ok()?.parse().ok()
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
    #[inline]
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
    /// Which whitespace-separated token of the line (1-based) is wrong, when one is and the
    /// reader still knows (see [`Reader::token_number`]).
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
            at += &format!(", token {}", t);
        }
        let place: Vec<String> = [("case", self.case), ("row", self.row)]
            .iter()
            .filter_map(|&(part, n)| Some(format!("{} {}", part, n?)))
            .collect();
        if place.is_empty() {
            write!(f, "{}: {}", at, self.what)
        } else {
            write!(f, "{} ({}): {}", place.join(", "), at, self.what)
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

    /// The same input whole, and trickled through the buffer a few bytes per read.
    fn readers(input: &[u8]) -> Vec<Reader> {
        let mut all = vec![Reader::new(input.to_vec())];
        for step in [1, 2, 3, 7, BLOCK] {
            all.push(Reader::from_read(testkit::Trickle::new(input, step)));
        }
        all
    }

    #[test]
    fn tokens_count_lines() {
        for mut r in readers(b"  12 ab\r\n\n-7\tx") {
            assert_eq!(r.line(), 1);
            assert_eq!(r.token(), Some(&b"12"[..]));
            assert_eq!(r.token(), Some(&b"ab"[..]));
            assert_eq!(r.token(), Some(&b"-7"[..]));
            assert_eq!(r.line(), 3);
            assert_eq!(r.token(), Some(&b"x"[..]));
            assert_eq!(r.token(), None);
            assert_eq!(r.token(), None);
            assert_eq!(r.end_line(), 3);
        }
    }

    #[test]
    fn tokens_longer_than_a_block_and_lines_across_blocks() {
        let long = vec![b'z'; 3 * BLOCK + 5];
        let mut input = b"a\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(b" b\n\nc\n");
        for mut r in readers(&input) {
            assert_eq!(r.token(), Some(&b"a"[..]));
            assert_eq!(r.token().map(<[u8]>::len), Some(long.len()));
            assert_eq!(r.token(), Some(&b"b"[..]));
            assert_eq!(r.line(), 2);
            assert_eq!(r.token(), Some(&b"c"[..]));
            assert_eq!(r.line(), 4);
            assert_eq!(r.token(), None);
            // A final line feed ends the last line.
            assert_eq!(r.end_line(), 4);
        }
    }

    #[test]
    fn token_numbers_count_the_tokens_dropped_with_read_blocks() {
        // One line of 40000 tokens (over 4 blocks), then a second line.
        let mut input = Vec::new();
        let mut offsets = Vec::new();
        for i in 0..40_000 {
            offsets.push(input.len());
            input.extend_from_slice(format!("{} ", i % 97).as_bytes());
        }
        input.extend_from_slice(b"\n x  y");
        for step in [1, 2, 3, 7, BLOCK, input.len()] {
            let mut r = if step == input.len() {
                Reader::new(input.clone())
            } else {
                Reader::from_read(testkit::Trickle::new(&input, step))
            };
            for (i, &offset) in offsets.iter().enumerate() {
                if i % 9_999 == 0 {
                    r.skip_whitespace();
                    // Counted while the line's start is buffered: in the first read.
                    let counted = offset < step;
                    let expected = Some(i + 1).filter(|_| counted);
                    assert_eq!(r.token_number(r.bytes().1), expected, "{}", step);
                }
                assert!(r.token().is_some());
            }
            assert_eq!(r.token(), Some(&b"x"[..]));
            r.skip_whitespace();
            let number = r.token_number(r.bytes().1);
            assert_eq!(r.line(), 2);
            assert!(
                number == Some(2) || (step < BLOCK && number.is_none()),
                "{}",
                step
            );
        }
    }

    #[test]
    fn fill_reads_no_more_than_it_needs() {
        let mut r = Reader::from_read(testkit::Replies::new(&["12\n", "345\n"]));
        assert_eq!(r.token(), Some(&b"12"[..]));
        assert!(r.fill(1));
        assert!(r.fill(5));
        assert_eq!(r.token(), Some(&b"345"[..]));
        assert_eq!(r.bytes().0.len() - r.bytes().1, 1);
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
