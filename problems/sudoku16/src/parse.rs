//! Reading POJ 3076 input: cases of 16 rows of 16 characters `A`..`P` or `-`.
//!
//! Rows are whitespace-separated tokens (the statement's reading), so blank lines between
//! cases, CRLF line ends and a missing final newline are all accepted. Everything else is an
//! [`InputError`] naming the case, row and input line: a character outside `A..P` and `-`,
//! a row of the wrong length, a letter repeated in a row, column or box, and a last case cut
//! short by the end of the input.

use crate::grid::{Cell, Digit, DigitSet, Grid, SIDE, UNITS};
use fastio::Reader;
use std::fmt;

/// Where and why the input is malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based case number.
    pub case: usize,
    /// 1-based row inside the case.
    pub row: usize,
    /// 1-based input line (the line where the input ended, for a truncated case).
    pub line: usize,
    /// What is wrong, e.g. "letter C in column 4 repeats in its box".
    pub what: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "case {}, row {} (line {}): {}",
            self.case, self.row, self.line, self.what
        )
    }
}

/// Reads cases one at a time from a [`Reader`].
pub struct Parser {
    reader: Reader,
    cases: usize,
}

impl Parser {
    /// A parser over `reader`, before its first case.
    pub fn new(reader: Reader) -> Parser {
        Parser { reader, cases: 0 }
    }

    /// The next case: `None` at the end of the input (only whitespace left), otherwise the
    /// grid or the first thing wrong with it. After an error the parser's position is
    /// unspecified; stop reading. O(case size).
    pub fn next_case(&mut self) -> Option<Result<Grid, InputError>> {
        self.reader.skip_whitespace();
        if self.reader.at_end() {
            return None;
        }
        self.cases += 1;
        Some(self.read_grid())
    }

    fn read_grid(&mut self) -> Result<Grid, InputError> {
        let case = self.cases;
        let mut grid = Grid::empty();
        // Letters seen so far in each unit, to catch repeats on the row that makes them.
        let mut seen = [0 as DigitSet; UNITS];
        for row in 0..SIDE {
            self.reader.skip_whitespace();
            let line = self.reader.line();
            let fail = |what: String| InputError {
                case,
                row: row + 1,
                line,
                what,
            };
            let token = match self.reader.token() {
                Some(t) => t,
                None => {
                    return Err(fail(format!(
                        "the input ends after {} of the case's 16 rows",
                        row
                    )))
                }
            };
            if token.len() != SIDE {
                return Err(fail(format!(
                    "row `{}` has {} characters, expected 16",
                    fastio::shorten(token),
                    token.len()
                )));
            }
            for (col, &b) in token.iter().enumerate() {
                if b == b'-' {
                    continue;
                }
                let digit = Digit::from_letter(b).ok_or_else(|| {
                    fail(format!(
                        "`{}` in column {} is neither a letter A..P nor `-`",
                        fastio::shorten(&[b]),
                        col + 1
                    ))
                })?;
                let cell = Cell::at(row, col);
                for (k, &(unit, _)) in cell.units().iter().enumerate() {
                    if seen[unit] & digit.bit() != 0 {
                        return Err(fail(format!(
                            "letter {} in column {} repeats in its {}",
                            b as char,
                            col + 1,
                            ["row", "column", "box"][k]
                        )));
                    }
                    seen[unit] |= digit.bit();
                }
                grid.set(cell, Some(digit));
            }
        }
        Ok(grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_all(text: &str) -> (Vec<Grid>, Option<InputError>) {
        let mut p = Parser::new(Reader::new(text.as_bytes().to_vec()));
        let mut grids = Vec::new();
        while let Some(r) = p.next_case() {
            match r {
                Ok(g) => grids.push(g),
                Err(e) => return (grids, Some(e)),
            }
        }
        (grids, None)
    }

    fn empty_case() -> String {
        "----------------\n".repeat(16)
    }

    #[test]
    fn blank_lines_crlf_and_no_final_newline() {
        let mut text = String::from("\r\n\n");
        text += &empty_case().replace('\n', "\r\n");
        text += "\n\n";
        let mut second = empty_case();
        second.replace_range(0..1, "P");
        second.pop();
        text += &second;
        let (grids, err) = parse_all(&text);
        assert_eq!(err, None);
        assert_eq!(grids.len(), 2);
        assert_eq!(grids[0].filled(), 0);
        assert_eq!(grids[1].get(Cell::at(0, 0)), Digit::from_letter(b'P'));
        assert_eq!(parse_all("  \n\r\n").0.len(), 0);
    }

    #[test]
    fn bad_letter() {
        let mut text = empty_case() + &empty_case();
        // Case 2, row 3, column 5: line 16 + 3.
        let at = 17 * 18 + 4;
        text.replace_range(at..at + 1, "Q");
        let (grids, err) = parse_all(&text);
        assert_eq!(grids.len(), 1);
        let err = err.unwrap();
        assert_eq!((err.case, err.row, err.line), (2, 3, 19));
        assert!(err.what.contains("`Q` in column 5"), "{}", err.what);
        assert!(err.to_string().starts_with("case 2, row 3 (line 19): "));
    }

    #[test]
    fn short_long_and_split_rows() {
        let short = empty_case().replacen("----------------", "---------------", 1);
        let err = parse_all(&short).1.unwrap();
        assert_eq!((err.case, err.row), (1, 1));
        assert!(err.what.contains("15 characters"));
        let split = empty_case().replacen("----------------", "--- ------------", 2);
        let err = parse_all(&split).1.unwrap();
        assert_eq!((err.row, err.line), (1, 1));
        let long = empty_case() + "-";
        let err = parse_all(&(long + &empty_case())).1.unwrap();
        assert_eq!((err.case, err.row, err.line), (2, 1, 17));
        assert!(err.what.contains("has 17 characters"), "{}", err.what);
    }

    #[test]
    fn clashing_givens() {
        let rows = |r: &[(usize, &str)]| {
            let mut v = vec!["----------------".to_string(); 16];
            for &(i, s) in r {
                v[i] = s.to_string();
            }
            v.join("\n")
        };
        let cases = [
            (rows(&[(4, "A--------------A")]), 5, "row"),
            (
                rows(&[(0, "-B--------------"), (9, "-B--------------")]),
                10,
                "column",
            ),
            (
                rows(&[(1, "C---------------"), (2, "-C--------------")]),
                3,
                "box",
            ),
        ];
        for (text, row, unit) in cases.iter() {
            let err = parse_all(text).1.unwrap();
            assert_eq!(err.row, *row);
            assert!(err.what.ends_with(unit), "{}", err.what);
        }
    }

    #[test]
    fn truncated_case() {
        let text = empty_case() + "\n" + &"----------------\n".repeat(7);
        let (grids, err) = parse_all(&text);
        assert_eq!(grids.len(), 1);
        let err = err.unwrap();
        assert_eq!((err.case, err.row), (2, 8));
        assert!(err.what.contains("after 7 of"), "{}", err.what);
    }
}
