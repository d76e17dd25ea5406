//! What NAME-gen, NAME-ref and NAME-check share (`mod kit;` in each). Never the solver's
//! search: a reference that shares the code under test proves nothing.

#![allow(dead_code)] // each program uses a different part

/// The exit status of a kit program that is not written yet: `tests/kit.rs` skips what
/// exits with it, `make stress` stops and says so.
pub const NOT_WRITTEN: i32 = 3;

/// Ends a kit program that is not written yet: one line on stderr, exit status
/// [`NOT_WRITTEN`], so that nothing can pass by accident on its output.
pub fn not_written(program: &str, job: &str) -> ! {
    eprintln!(
        "{} is not written yet: {} (in the problem's src/bin)",
        program, job
    );
    std::process::exit(NOT_WRITTEN)
}

/// A strict reader of one input, for NAME-validate: every byte is accounted for (one space
/// between tokens, `\n` at each line's end, nothing after the last line), and a value out
/// of its bounds or a malformed token ends the program with [`reject`].
pub struct Strict {
    bytes: Vec<u8>,
    at: usize,
    line: usize,
}

impl Strict {
    /// The whole of stdin.
    pub fn stdin() -> Strict {
        use std::io::Read;
        let mut bytes = Vec::new();
        if std::io::stdin().read_to_end(&mut bytes).is_err() {
            reject(1, "stdin could not be read");
        }
        Strict {
            bytes,
            at: 0,
            line: 1,
        }
    }

    /// An integer `name` in `lo..=hi`: an optional `-`, then digits with no leading zero.
    pub fn int(&mut self, lo: i64, hi: i64, name: &str) -> i64 {
        let start = self.at;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let digits = self.at;
        while self.bytes.get(self.at).map_or(false, u8::is_ascii_digit) {
            self.at += 1;
        }
        let token = String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned();
        let leading_zero = self.at - digits > 1 && self.bytes[digits] == b'0';
        let value = match token.parse::<i64>() {
            Ok(v) if !leading_zero && token != "-0" => v,
            _ => reject(
                self.line,
                &format!("{} must be an integer, found `{}`", name, token),
            ),
        };
        if value < lo || value > hi {
            reject(
                self.line,
                &format!("{} = {} is outside {}..={}", name, value, lo, hi),
            );
        }
        value
    }

    /// `n` integers in `lo..=hi` separated by single spaces, then the end of the line.
    pub fn ints(&mut self, n: usize, lo: i64, hi: i64, name: &str) -> Vec<i64> {
        let mut values = Vec::with_capacity(n);
        for i in 0..n {
            if i > 0 {
                self.space();
            }
            values.push(self.int(lo, hi, &format!("{}[{}]", name, i + 1)));
        }
        self.eoln();
        values
    }

    /// One space.
    pub fn space(&mut self) {
        self.byte(b' ', "a space");
    }

    /// The end of a line.
    pub fn eoln(&mut self) {
        self.byte(b'\n', "the end of the line");
        self.line += 1;
    }

    /// The end of the input.
    pub fn eof(&mut self) {
        if self.at != self.bytes.len() {
            reject(self.line, "more input after its end");
        }
    }

    fn byte(&mut self, want: u8, what: &str) {
        match self.bytes.get(self.at) {
            Some(&b) if b == want => self.at += 1,
            Some(&b) => reject(
                self.line,
                &format!("expected {}, found {:?}", what, b as char),
            ),
            None => reject(self.line, &format!("expected {}, found the end", what)),
        }
    }
}

/// Ends NAME-validate on an invalid input: `line L: why` on stderr, exit status 1.
pub fn reject(line: usize, why: &str) -> ! {
    eprintln!("line {}: {}", line, why);
    std::process::exit(1)
}
