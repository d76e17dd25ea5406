//! A checker's side of the judge tool's checker protocol (`<name>-check INPUT OUTPUT EXPECTED`).
//!
//! The three files are read as whitespace-separated tokens. A fault in the contestant's
//! output ends the checker with its reason on one stdout line and exit status 1 (a rejection);
//! a fault in the input or the expected answer, or a file that cannot be read, ends it with
//! `bad input or answer file: ...` (or `cannot read ...`) and exit status 2, which the judge
//! tool reports as the checker's failure, never as a wrong answer.

use std::process::exit;

/// Whose file a [`Tokens`] reads, which decides who is at fault when it is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The contestant's output: its faults reject the answer (exit status 1).
    Output,
    /// The problem's input: its faults are the judge's (exit status 2).
    Input,
    /// The expected answer: its faults are the judge's (exit status 2).
    Answer,
}

impl Role {
    /// The file's name in messages (`the output ends early`).
    fn noun(self) -> &'static str {
        match self {
            Role::Output => "output",
            Role::Input => "input",
            Role::Answer => "answer",
        }
    }
}

/// The whitespace-separated tokens of one file, read one at a time. Any failure ends the
/// process as its [`Role`] says (see the module's docs).
pub struct Tokens {
    toks: Vec<String>,
    next: usize,
    role: Role,
}

impl Tokens {
    /// The tokens of the file at `path` (bytes that are not UTF-8 read as U+FFFD, so they make
    /// a token that matches nothing). A file that cannot be read ends the process with
    /// `cannot read <path>: <why>` on stdout and exit status 2, whatever its role: the judge
    /// tool wrote all three files. O(file size).
    pub fn open(path: &str, role: Role) -> Tokens {
        let text = std::fs::read(path).unwrap_or_else(|e| {
            println!("cannot read {}: {}", path, e);
            exit(2)
        });
        Tokens::of(&text, role)
    }

    /// The tokens of `text`, as [`Tokens::open`] reads a file's. O(text length).
    pub fn of(text: &[u8], role: Role) -> Tokens {
        let toks = String::from_utf8_lossy(text)
            .split_ascii_whitespace()
            .map(String::from)
            .collect();
        Tokens {
            toks,
            next: 0,
            role,
        }
    }

    /// The next token; at the end of the file, ends the process (`the output ends early`).
    /// O(1).
    pub fn word(&mut self) -> &str {
        match self.advance() {
            Ok(i) => &self.toks[i],
            Err(what) => self.fail(&what),
        }
    }

    /// The next token as an integer in `lo..=hi` (decimal, an optional sign, as `i64` parses
    /// it); anything else ends the process (`token 3: expected an integer in 0..=9, found
    /// `x``). O(token length).
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.try_int(lo, hi).unwrap_or_else(|what| self.fail(&what))
    }

    /// Ends the process unless every token has been read (`extra tokens from token 5`). O(1).
    pub fn end(&self) {
        if let Err(what) = self.try_end() {
            self.fail(&what)
        }
    }

    /// Ends the process on a fault of this file: `what` on stdout with exit status 1 for the
    /// output, `bad input or answer file: <what>` with exit status 2 for the others.
    pub fn fail(&self, what: &str) -> ! {
        let (code, line) = verdict(self.role, what);
        println!("{}", line);
        exit(code)
    }

    /// The next token's index, moving past it, or the fault at the end of the file.
    fn advance(&mut self) -> Result<usize, String> {
        if self.next == self.toks.len() {
            return Err(format!("the {} ends early", self.role.noun()));
        }
        self.next += 1;
        Ok(self.next - 1)
    }

    /// [`Tokens::int`] returning the fault instead of ending the process.
    fn try_int(&mut self, lo: i64, hi: i64) -> Result<i64, String> {
        let i = self.advance()?;
        let w = &self.toks[i];
        match w.parse::<i64>() {
            Ok(v) if lo <= v && v <= hi => Ok(v),
            _ => Err(format!(
                "token {}: expected an integer in {}..={}, found `{}`",
                self.next, lo, hi, w
            )),
        }
    }

    /// [`Tokens::end`] returning the fault instead of ending the process.
    fn try_end(&self) -> Result<(), String> {
        if self.next == self.toks.len() {
            Ok(())
        } else {
            Err(format!("extra tokens from token {}", self.next + 1))
        }
    }
}

/// The exit status and the stdout line for a fault `what` of a file of role `role`.
fn verdict(role: Role, what: &str) -> (i32, String) {
    match role {
        Role::Output => (1, what.to_string()),
        Role::Input | Role::Answer => (2, format!("bad input or answer file: {}", what)),
    }
}

/// This process's three arguments, `[input, output, expected]`; any other count ends it with
/// `usage: <program> INPUT OUTPUT EXPECTED` on stdout and exit status 2.
pub fn args() -> [String; 3] {
    let mut a = std::env::args();
    let program = a.next().unwrap_or_else(|| "checker".to_string());
    match (a.next(), a.next(), a.next(), a.next()) {
        (Some(input), Some(output), Some(expected), None) => [input, output, expected],
        _ => {
            println!("usage: {} INPUT OUTPUT EXPECTED", program);
            exit(2)
        }
    }
}

/// Rejects the contestant's answer: `why` on stdout (one line), exit status 1.
pub fn reject(why: &str) -> ! {
    let (code, line) = verdict(Role::Output, why);
    println!("{}", line);
    exit(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TempDir;

    #[test]
    fn a_file_reads_as_tokens_one_at_a_time() {
        let dir = TempDir::new("testkit-tokens");
        let path = dir.path().join("output");
        std::fs::write(&path, "3 -7\r\n\n  word\t+12\n").unwrap();
        let mut out = Tokens::open(path.to_str().unwrap(), Role::Output);
        assert_eq!(out.int(0, 3), 3);
        assert_eq!(out.int(i64::MIN, i64::MAX), -7);
        assert_eq!(out.word(), "word");
        assert!(out.try_end().is_err());
        assert_eq!(out.int(12, 12), 12);
        out.end();
        assert_eq!(out.advance(), Err("the output ends early".to_string()));
    }

    #[test]
    fn faults_name_the_token_and_the_file() {
        let mut input = Tokens::of(b"5 x 9223372036854775808 7", Role::Input);
        assert_eq!(
            input.try_int(0, 4),
            Err("token 1: expected an integer in 0..=4, found `5`".to_string())
        );
        assert_eq!(
            input.try_int(0, 9),
            Err("token 2: expected an integer in 0..=9, found `x`".to_string())
        );
        assert!(input.try_int(i64::MIN, i64::MAX).is_err());
        assert_eq!(
            input.try_end(),
            Err("extra tokens from token 4".to_string())
        );
        let mut answer = Tokens::of(b" \n", Role::Answer);
        assert_eq!(answer.try_end(), Ok(()));
        assert_eq!(answer.advance(), Err("the answer ends early".to_string()));
        // Bytes that are not UTF-8 make a token that is no integer.
        let mut odd = Tokens::of(b"1\xff", Role::Output);
        assert!(odd.try_int(i64::MIN, i64::MAX).is_err());
    }

    #[test]
    fn the_output_is_rejected_the_others_fail_the_check() {
        assert_eq!(verdict(Role::Output, "why"), (1, "why".to_string()));
        for role in [Role::Input, Role::Answer] {
            assert_eq!(
                verdict(role, "why"),
                (2, "bad input or answer file: why".to_string())
            );
        }
    }
}
