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
    /// tokens the rest of the input can hold (as far as it is buffered; at least 2^20 while
    /// more is to come), so that a malformed length (`10^18`) is an error at the end of the
    /// input rather than an allocation failure. O(1).
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
        let room = (bytes.len() - pos) / 2 + 1;
        len.min(if self.buffered_to_end() {
            room
        } else {
            room.max(1 << 20)
        })
    }

    #[inline]
    fn parse_next<T>(
        &mut self,
        what: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, &'static str>,
    ) -> Result<T, InputError> {
        self.skip_whitespace();
        let len = self.buffer_until(|b| b.is_ascii_whitespace());
        if len == 0 {
            return Err(ended(self, what));
        }
        let (bytes, start) = self.bytes();
        let value = parse(&bytes[start..start + len])
            .map_err(|why| rejected(self, what, start, start + len, why));
        self.advance(len, 0);
        value
    }
}

/// Prints `error` as one line on stderr and exits with status 2.
#[cold]
#[inline(never)]
pub(crate) fn exit(error: &InputError) -> ! {
    eprintln!("{}", error);
    std::process::exit(2)
}

/// The error at the end of the input, on its last line.
#[cold]
fn ended(reader: &Reader, what: &str) -> InputError {
    InputError::at_line(
        reader.end_line(),
        format!("expected {}, found the end of the input", what),
    )
}

/// The error for the token `bytes[start..end]` of the reader's buffer, on the reader's
/// line, with its 1-based place on that line.
#[cold]
fn rejected(reader: &Reader, what: &str, start: usize, end: usize, why: &str) -> InputError {
    let why = if why.is_empty() {
        String::new()
    } else {
        format!(" ({})", why)
    };
    let what = format!(
        "expected {}, found `{}`{}",
        what,
        shorten(&reader.bytes().0[start..end]),
        why
    );
    InputError {
        token: reader.token_number(start),
        ..InputError::at_line(reader.line(), what)
    }
}
