//! The one input-error type every problem reports malformed input with.

use super::writer::Writer;
use std::fmt;

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
    /// An error on input line `line` (1-based), not yet placed in a case, row or token.
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

    /// The same error, placed on token `token` (1-based) of its line.
    pub fn at_token(mut self, token: usize) -> InputError {
        self.token = Some(token);
        self
    }

    /// Flushes what `out` holds (every case solved so far stays printed), prints this error as
    /// one line on stderr and exits with status 2. The one way a submission stops on bad input.
    pub fn exit(&self, out: &mut Writer) -> ! {
        out.flush();
        self.exit_now()
    }

    /// Prints this error as one line on stderr and exits with status 2, flushing nothing: for
    /// a program that reads its whole input before it prints (what `input!` does on an error).
    #[cold]
    pub fn exit_now(&self) -> ! {
        eprintln!("{}", self);
        std::process::exit(2)
    }
}

impl fmt::Display for InputError {
    /// `case N, row R (line L, token T): what`, leaving out the parts that are `None`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = match self.token {
            Some(t) => format!("line {}, token {}", self.line, t),
            None => format!("line {}", self.line),
        };
        match (self.case, self.row) {
            (Some(c), Some(r)) => write!(f, "case {}, row {} ({}): ", c, r, place)?,
            (Some(c), None) => write!(f, "case {} ({}): ", c, place)?,
            (None, Some(r)) => write!(f, "row {} ({}): ", r, place)?,
            (None, None) => write!(f, "{}: ", place)?,
        }
        f.write_str(&self.what)
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
        assert_eq!(
            e.clone().at_token(4).to_string(),
            "line 25, token 4: expected 9 digits, found 8"
        );
        assert_eq!(
            e.at_token(4).in_case(2).to_string(),
            "case 2 (line 25, token 4): expected 9 digits, found 8"
        );
    }
}
