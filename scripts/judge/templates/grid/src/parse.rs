//! The input: cases until the end of the input, each 9 rows of 9 cells.
//!
//! A row is one line: digits `1`..`9`, with `0` or `.` for an empty cell, optionally separated
//! by spaces or tabs. Blank lines between cases, CRLF line ends and a missing final newline
//! are accepted. Everything else is a `fastio::InputError` naming the case, row and line: a
//! character that is not a cell, a row of the wrong length, givens that clash (`the givens
//! clash: two 5s in row 3`, on the row of the later given), and a case cut short by the end of
//! the input.

use crate::grid::{Cell, Digit, Grid, SIDE};
use fastio::{InputError, Reader};
use lines::Lines;

/// Reads cases one at a time.
pub struct Parser {
    reader: Reader,
    case: usize,
}

impl Parser {
    /// A parser over `reader`, before its first case.
    pub fn new(reader: Reader) -> Parser {
        Parser { reader, case: 0 }
    }

    /// The next case: `None` at the end of the input (only whitespace left), otherwise the
    /// grid or the first thing wrong with it. Stop reading after an error. O(case size).
    pub fn next_case(&mut self) -> Option<Result<Grid, InputError>> {
        self.reader.skip_whitespace();
        if self.reader.at_end() {
            return None;
        }
        self.case += 1;
        let case = self.case;
        Some(self.grid().map_err(|e| e.in_case(case)))
    }

    fn grid(&mut self) -> Result<Grid, InputError> {
        let mut grid = Grid::empty();
        // The input line of each row, to place a clash on the later given's row.
        let mut lines = Vec::with_capacity(SIDE);
        for row in 0..SIDE {
            self.reader.skip_whitespace();
            let line = self.reader.line();
            lines.push(line);
            let fail = |what: String| InputError::at_line(line, what).in_row(row + 1);
            let text = match self.reader.line_bytes() {
                Some(text) => text,
                None => {
                    return Err(fail(format!(
                        "the input ends after {} of the case's {} rows",
                        row, SIDE
                    )))
                }
            };
            let mut column = 0;
            for &b in text.iter().filter(|&&b| b != b' ' && b != b'\t') {
                let digit = match b {
                    b'0' | b'.' => None,
                    b'1'..=b'9' => Digit::new(b - b'0'),
                    _ => {
                        return Err(fail(format!(
                            "`{}` is not a digit 1..9, `0` or `.`",
                            fastio::shorten(&[b])
                        )))
                    }
                };
                if column < SIDE {
                    grid.set(Cell::at(row, column), digit);
                }
                column += 1;
            }
            if column != SIDE {
                let plural = if column == 1 { "" } else { "s" };
                return Err(fail(format!(
                    "the row has {} cell{}, expected {}",
                    column, plural, SIDE
                )));
            }
        }
        match grid.first_clash() {
            Some(clash) => {
                let row = clash.cell.row();
                let what = format!("the givens clash: {}", clash);
                Err(InputError::at_line(lines[row], what).in_row(row + 1))
            }
            None => Ok(grid),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str) -> Vec<Result<Grid, String>> {
        let mut parser = Parser::new(Reader::new(input.as_bytes().to_vec()));
        let mut cases = Vec::new();
        while let Some(case) = parser.next_case() {
            let failed = case.is_err();
            cases.push(case.map_err(|e| e.to_string()));
            if failed {
                break;
            }
        }
        cases
    }

    const EMPTY_ROWS: &str = "000000000\n000000000\n000000000\n000000000\n000000000\n\
                              000000000\n000000000\n000000000\n";

    #[test]
    fn layouts() {
        let spaced = format!(
            "\r\n1 . 0 0 0 0 0 0 9\r\n{}\n\n",
            EMPTY_ROWS.replace('\n', "\r\n")
        );
        let cases = parse(&format!("{}{}9........", spaced, EMPTY_ROWS));
        assert_eq!(cases.len(), 2);
        let first = cases[0].as_ref().unwrap();
        assert_eq!(first.get(Cell::at(0, 0)), Digit::new(1));
        assert_eq!(first.get(Cell::at(0, 8)), Digit::new(9));
        assert_eq!(first.givens(), 2);
        let second = cases[1].as_ref().unwrap();
        assert_eq!(second.get(Cell::at(8, 0)), Digit::new(9));
        assert!(parse("  \n\n").is_empty());
    }

    #[test]
    fn errors_say_where() {
        let case = |first: &str| parse(&format!("{}\n{}9........\n", first, EMPTY_ROWS));
        let last = |first: &str| case(first).pop().unwrap();
        assert_eq!(
            last("00000000"),
            Err("case 1, row 1 (line 1): the row has 8 cells, expected 9".to_string())
        );
        assert_eq!(
            last("0000x0000"),
            Err("case 1, row 1 (line 1): `x` is not a digit 1..9, `0` or `.`".to_string())
        );
        assert_eq!(
            last("500050000"),
            Err("case 1, row 1 (line 1): the givens clash: two 5s in row 1".to_string())
        );
        // Placed on the later given's row and input line.
        let below = format!("\n\n500000000\n000000000\n050000000\n{}", &EMPTY_ROWS[20..]);
        assert_eq!(
            parse(&below).pop().unwrap(),
            Err("case 1, row 3 (line 5): the givens clash: two 5s in box 1".to_string())
        );
        assert_eq!(
            parse(&format!("{}9........\n\n{}", EMPTY_ROWS, EMPTY_ROWS))
                .pop()
                .unwrap(),
            Err("case 2, row 9 (line 19): the input ends after 8 of the case's 9 rows".to_string())
        );
    }
}
