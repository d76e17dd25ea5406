//! [`Scan`]: the typed reads on a `fastio::Reader`, with errors that name the line and token.

use super::kinds::Readable;
use fastio::{shorten, InputError, Reader};

/// Typed reads on a [`Reader`]: `use scan::Scan;` then `reader.read::<i64>()`.
pub trait Scan {
    /// The next value of kind `T` (an integer, a float, a word, [`Bytes`](super::Bytes), ...:
    /// see [`Readable`]). An error names the line and the token's place on it, and the token is
    /// consumed. Cost: that of `T` (the [`kinds`](super::kinds) module's table).
    fn read<T: Readable>(&mut self) -> Result<T::Output, InputError>;

    /// The next `len` values of kind `T`: one allocation (of at most
    /// [`Scan::capacity_for`] elements), then `len` reads.
    fn read_vec<T: Readable>(&mut self, len: usize) -> Result<Vec<T::Output>, InputError>;

    /// The next value of kind `T`; on malformed input, the error as one line on stderr and
    /// exit status 2, flushing nothing (read everything first, then print). What `input!`
    /// calls.
    fn read_or_exit<T: Readable>(&mut self) -> T::Output;

    /// How many of `len` values to allocate room for at once: `len`, but no more than the
    /// tokens the rest of the input can hold, so that a malformed length (`10^18`) is an
    /// error at the end of the input rather than an allocation failure. O(1).
    fn capacity_for(&self, len: usize) -> usize;

    /// The next token parsed by `parse`: what a [`Readable`] implementation calls. `what`
    /// names the kind for the error (`an integer i64`); `parse` returns the value or a short
    /// reason (`out of range`, or `""` for none). The error says where: the line, and which
    /// token of that line (counted only when an error is reported, so a read costs the token
    /// scan and `parse`, nothing more).
    fn parse_next<T>(
        &mut self,
        what: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, &'static str>,
    ) -> Result<T, InputError>;
}

impl Scan for Reader {
    #[inline]
    fn read<T: Readable>(&mut self) -> Result<T::Output, InputError> {
        T::read(self)
    }

    fn read_vec<T: Readable>(&mut self, len: usize) -> Result<Vec<T::Output>, InputError> {
        let mut values = Vec::with_capacity(self.capacity_for(len));
        for _ in 0..len {
            values.push(T::read(self)?);
        }
        Ok(values)
    }

    #[inline]
    fn read_or_exit<T: Readable>(&mut self) -> T::Output {
        T::read_or_exit(self)
    }

    #[inline]
    fn capacity_for(&self, len: usize) -> usize {
        let (bytes, pos) = self.bytes();
        len.min((bytes.len() - pos) / 2 + 1)
    }

    #[inline]
    fn parse_next<T>(
        &mut self,
        what: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, &'static str>,
    ) -> Result<T, InputError> {
        self.skip_whitespace();
        let (bytes, start) = self.bytes();
        let (value, len) = parse_token(bytes, start, self.line(), what, parse);
        self.advance(len, 0);
        value
    }
}

/// The token at `bytes[start..]` (after the whitespace before it) parsed by `parse`, and its
/// length, which the caller consumes whether the parse succeeded or not. `line` is the line
/// of `start`, for the error. Works on the reader's parts, not the reader, so that a caller's
/// reader need not live in memory for it.
#[inline]
pub(crate) fn parse_token<T>(
    bytes: &[u8],
    start: usize,
    line: usize,
    what: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, &'static str>,
) -> (Result<T, InputError>, usize) {
    let len = bytes[start..]
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(bytes.len() - start);
    if len == 0 {
        return (Err(ended(bytes, line, what)), 0);
    }
    let value = match parse(&bytes[start..start + len]) {
        Ok(value) => Ok(value),
        Err(why) => Err(rejected(bytes, line, what, start, start + len, why)),
    };
    (value, len)
}

/// Prints `error` as one line on stderr and exits with status 2.
#[cold]
#[inline(never)]
pub(crate) fn exit(error: &InputError) -> ! {
    eprintln!("{}", error);
    std::process::exit(2)
}

/// The error at the end of the input, on its last line (a final line feed ends that line; it
/// does not start another); `line` is the line the reader is on there.
#[cold]
fn ended(bytes: &[u8], line: usize, what: &str) -> InputError {
    let line = line - usize::from(bytes.last() == Some(&b'\n'));
    InputError::at_line(
        line.max(1),
        format!("expected {}, found the end of the input", what),
    )
}

/// The error for the token `bytes[start..end]` on line `line`, with its 1-based place on
/// that line.
#[cold]
fn rejected(
    bytes: &[u8],
    line: usize,
    what: &str,
    start: usize,
    end: usize,
    why: &str,
) -> InputError {
    let line_start = bytes[..start]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let before = bytes[line_start..start]
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .count();
    let why = if why.is_empty() {
        String::new()
    } else {
        format!(" ({})", why)
    };
    let what = format!(
        "expected {}, found `{}`{}",
        what,
        shorten(&bytes[start..end]),
        why
    );
    InputError {
        token: Some(before + 1),
        ..InputError::at_line(line, what)
    }
}
