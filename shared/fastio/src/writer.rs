//! A buffered stdout writer: output collects in memory and goes out in large blocks.

use std::fmt;
use std::io::{self, Write};

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

    /// Appends formatted text, so that `write!(out, ...)` and `writeln!(out, ...)` work
    /// without importing a trait and without a `Result` to discard. Amortized O(length), plus
    /// the formatting machinery's cost (about that of `format!`; prefer [`Writer::int`] and
    /// [`Writer::bytes`] in loops over millions of values).
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) {
        // Writing to a Vec cannot fail; only a Display impl that errors stops it early.
        let _ = self.buf.write_fmt(args);
        if self.buf.len() >= Self::CAPACITY {
            self.flush();
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_into_the_buffer() {
        let mut out = Writer::new();
        out.int(-42);
        out.byte(b' ');
        let word = "x";
        write!(out, "{:.3} {}", 1.5f64, word);
        writeln!(out);
        assert_eq!(out.buf, b"-42 1.500 x\n");
        out.buf.clear();
        out.int(i64::MIN);
        assert_eq!(out.buf, b"-9223372036854775808");
        out.buf.clear();
    }
}
