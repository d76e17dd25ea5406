//! Reading the input: cases of 16 rows of 16 characters `A`..`P` or `-`, in either judge's
//! form.
//!
//! - POJ 3076 (and UVa 1309): grids until the end of the input.
//! - SPOJ SUDOKU: a first line with the number of grids K, then K grids.
//!
//! The forms are told apart by the first line: a grid row never holds a digit, so a first
//! line that starts with one is the count. Rows are
//! whitespace-separated tokens (the statements' reading), so blank lines between cases, CRLF
//! line ends and a missing final newline are all accepted. Everything else is a
//! [`fastio::InputError`] naming the case, row and input line: a character outside `A..P` and
//! `-`, a row of the wrong length, a digit repeated in a row, column or box (`the givens
//! clash: two Cs in box 1`, on the row of the later given), a last case cut short by the end
//! of the input, a count that is not a number, more or fewer grids than the count announced.

use crate::grid::{Cell, Clash, Digit, Grid, CELLS, SIDE};
use bits::ones;
use fastio::{InputError, Reader};
use lines::Lines;

/// Which judge's input form the input has, and so which output layout it expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// POJ 3076: grids until the end of the input; every answer grid is followed by an empty
    /// line.
    UntilEnd,
    /// SPOJ SUDOKU: a first line announces this many grids; answer grids are separated by
    /// single empty lines.
    Counted(usize),
}

impl Form {
    /// What to print before an answer grid when `printed` answer grids came before it.
    pub fn before_grid(self, printed: usize) -> &'static [u8] {
        match self {
            Form::Counted(_) if printed > 0 => b"\n",
            _ => b"",
        }
    }

    /// What to print after each answer grid.
    pub fn after_grid(self) -> &'static [u8] {
        match self {
            Form::UntilEnd => b"\n",
            Form::Counted(_) => b"",
        }
    }
}

/// Reads cases one at a time from a [`Reader`].
pub struct Parser {
    reader: Reader,
    /// Cases started so far (the current case's number once [`Parser::next_case`] returned).
    cases: usize,
    /// `None` until the first call of [`Parser::next_case`] has looked at the first line.
    form: Option<Form>,
}

impl Parser {
    /// A parser over `reader`, before its first case.
    pub fn new(reader: Reader) -> Parser {
        Parser {
            reader,
            cases: 0,
            form: None,
        }
    }

    /// The input's form, known once [`Parser::next_case`] has been called; before that, and
    /// for an input that is only whitespace, [`Form::UntilEnd`].
    pub fn form(&self) -> Form {
        self.form.unwrap_or(Form::UntilEnd)
    }

    /// The number (1-based) of the case [`Parser::next_case`] returned last.
    pub fn case(&self) -> usize {
        self.cases
    }

    /// The next case: `None` at the end of the input (only whitespace left, or the announced
    /// number of grids read), otherwise the grid or the first thing wrong with it. After an
    /// error the parser's position is unspecified; stop reading. O(case size).
    pub fn next_case(&mut self) -> Option<Result<Grid, InputError>> {
        self.reader.skip_whitespace();
        let form = match self.form {
            Some(form) => form,
            None => match self.read_form() {
                Ok(form) => {
                    self.form = Some(form);
                    self.reader.skip_whitespace();
                    form
                }
                Err(e) => return Some(Err(e)),
            },
        };
        let line = self.reader.line();
        match form {
            Form::UntilEnd if self.reader.at_end() => None,
            Form::Counted(count) if self.cases == count => {
                if self.reader.at_end() {
                    return None;
                }
                let extra = self.reader.token().unwrap_or_default();
                Some(Err(InputError::at_line(
                    line,
                    format!(
                        "the first line announced {} grid{}, found more: `{}`",
                        count,
                        if count == 1 { "" } else { "s" },
                        fastio::shorten(extra)
                    ),
                )))
            }
            Form::Counted(count) if self.reader.at_end() => {
                self.cases += 1;
                let what = format!(
                    "the input ends after {} of the {} grids the first line announced",
                    self.cases - 1,
                    count
                );
                Some(Err(InputError::at_line(line, what).in_case(self.cases)))
            }
            _ => {
                self.cases += 1;
                Some(self.read_grid())
            }
        }
    }

    /// Looks at the first line: the number of grids (SPOJ), or already the first grid (POJ).
    /// A grid row never starts with a digit; the count always does (a sign is not accepted,
    /// `-` being an empty cell).
    fn read_form(&mut self) -> Result<Form, InputError> {
        if !matches!(self.reader.peek(), Some(b'0'..=b'9')) {
            return Ok(Form::UntilEnd);
        }
        let line = self.reader.line();
        let token = self.reader.token().unwrap_or_default();
        match fastio::parse_int(token) {
            Some(count) => Ok(Form::Counted(count as usize)),
            None => Err(InputError::at_line(
                line,
                format!(
                    "expected the number of grids, found `{}`",
                    fastio::shorten(token)
                ),
            )),
        }
    }

    fn read_grid(&mut self) -> Result<Grid, InputError> {
        let case = self.cases;
        // The grid's values (0 = empty, `d + 1` = the digit of index `d`), filled row by row.
        let mut cells = [0u8; CELLS];
        // Digits seen so far in each unit, to catch repeats on the row that makes them.
        let mut seen = sudoku::Seen::<4>::new();
        for row in 0..SIDE {
            self.reader.skip_whitespace();
            let line = self.reader.line();
            let fail = |what: String| {
                InputError::at_line(line, what)
                    .in_case(case)
                    .in_row(row + 1)
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
            // The row's values and givens in one branch-free pass (vectorized; which bytes
            // are letters is data the branch predictor cannot guess), then the givens' clash
            // test. A row with a byte that is neither a letter nor `-` goes through the loop
            // below, which reports whichever of its faults comes first.
            let mut letters = 0u16;
            let mut bad = false;
            let values = &mut cells[row * SIDE..(row + 1) * SIDE];
            for (column, (x, &b)) in values.iter_mut().zip(token).enumerate() {
                // `A` -> 1 .. `P` -> 16: the grid's value of the digit the letter writes.
                let v = b.wrapping_sub(b'A' - 1);
                let letter = v.wrapping_sub(1) < SIDE as u8;
                bad |= !letter & (b != b'-');
                *x = if letter { v } else { 0 };
                letters |= u16::from(letter) << column;
            }
            if !bad {
                for column in ones(letters) {
                    let cell = Cell::at(row, column as usize);
                    if let Err(unit) = seen.insert(cell, values[column as usize]) {
                        let digit = Digit::from_index(values[column as usize] as usize - 1);
                        let clash = Clash { cell, digit, unit };
                        return Err(fail(format!("the givens clash: {}", clash)));
                    }
                }
                continue;
            }
            for (column, &b) in token.iter().enumerate() {
                if b == b'-' {
                    continue;
                }
                let digit = Digit::from_ascii(b).ok_or_else(|| {
                    fail(format!(
                        "`{}` in column {} is neither a letter A..P nor `-`",
                        fastio::shorten(&[b]),
                        column + 1
                    ))
                })?;
                let cell = Cell::at(row, column);
                if let Err(unit) = seen.insert(cell, digit.index() as u8 + 1) {
                    let clash = Clash { cell, digit, unit };
                    return Err(fail(format!("the givens clash: {}", clash)));
                }
            }
        }
        Ok(Grid::from_values(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::CellValues;

    /// Every grid before the first error, the error, and the form.
    fn parse_all(text: &str) -> (Vec<Grid>, Option<InputError>, Form) {
        let mut p = Parser::new(Reader::new(text.as_bytes().to_vec()));
        let mut grids = Vec::new();
        while let Some(r) = p.next_case() {
            match r {
                Ok(g) => grids.push(g),
                Err(e) => return (grids, Some(e), p.form()),
            }
            assert_eq!(p.case(), grids.len());
        }
        (grids, None, p.form())
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
        let (grids, err, form) = parse_all(&text);
        assert_eq!((err, form), (None, Form::UntilEnd));
        assert_eq!(grids.len(), 2);
        assert_eq!(grids[0].givens(), 0);
        assert_eq!(grids[1].get(Cell::at(0, 0)), Digit::from_ascii(b'P'));
        assert_eq!(parse_all("  \n\r\n").0.len(), 0);
        assert_eq!(parse_all("").2, Form::UntilEnd);
    }

    #[test]
    fn bad_letter() {
        let mut text = empty_case() + &empty_case();
        // Case 2, row 3, column 5: line 16 + 3.
        let at = 17 * 18 + 4;
        text.replace_range(at..at + 1, "Q");
        let (grids, err, _) = parse_all(&text);
        assert_eq!(grids.len(), 1);
        let err = err.unwrap();
        assert_eq!((err.case, err.row, err.line), (Some(2), Some(3), 19));
        assert_eq!(
            err.to_string(),
            "case 2, row 3 (line 19): `Q` in column 5 is neither a letter A..P nor `-`"
        );
    }

    #[test]
    fn short_long_and_split_rows() {
        let short = empty_case().replacen("----------------", "---------------", 1);
        let err = parse_all(&short).1.unwrap();
        assert_eq!((err.case, err.row), (Some(1), Some(1)));
        assert!(err.what.contains("15 characters"));
        let split = empty_case().replacen("----------------", "--- ------------", 2);
        let err = parse_all(&split).1.unwrap();
        assert_eq!((err.row, err.line), (Some(1), 1));
        let long = empty_case() + "-";
        let err = parse_all(&(long + &empty_case())).1.unwrap();
        assert_eq!((err.case, err.row, err.line), (Some(2), Some(1), 17));
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
            (
                rows(&[(4, "A--------------A")]),
                "case 1, row 5 (line 5): the givens clash: two As in row 5",
            ),
            (
                rows(&[(0, "-B--------------"), (9, "-B--------------")]),
                "case 1, row 10 (line 10): the givens clash: two Bs in column 2",
            ),
            (
                rows(&[(1, "C---------------"), (2, "-C--------------")]),
                "case 1, row 3 (line 3): the givens clash: two Cs in box 1",
            ),
            // A clash and a bad byte in one row: the earlier column's fault is reported.
            (
                rows(&[(6, "-DD--------Q----")]),
                "case 1, row 7 (line 7): the givens clash: two Ds in row 7",
            ),
            (
                rows(&[(6, "-D-*D-----------")]),
                "case 1, row 7 (line 7): `*` in column 4 is neither a letter A..P nor `-`",
            ),
            (
                rows(&[(0, "P---------------"), (1, "----P-------@---")]),
                "case 1, row 2 (line 2): `@` in column 13 is neither a letter A..P nor `-`",
            ),
        ];
        for (text, want) in cases.iter() {
            let err = parse_all(text).1.unwrap();
            assert_eq!(err.to_string(), *want);
        }
    }

    #[test]
    fn truncated_case() {
        let text = empty_case() + "\n" + &"----------------\n".repeat(7);
        let (grids, err, _) = parse_all(&text);
        assert_eq!(grids.len(), 1);
        let err = err.unwrap();
        assert_eq!((err.case, err.row), (Some(2), Some(8)));
        assert!(err.what.contains("after 7 of"), "{}", err.what);
    }

    #[test]
    fn spoj_count_line() {
        let mut second = empty_case();
        second.replace_range(0..1, "B");
        // SPOJ's layout: the count, then grids separated by single empty lines.
        let text = format!("2\n{}\n{}", empty_case(), second);
        let (grids, err, form) = parse_all(&text);
        assert_eq!((err, form), (None, Form::Counted(2)));
        assert_eq!(grids.len(), 2);
        assert_eq!(grids[1].get(Cell::at(0, 0)), Digit::from_ascii(b'B'));
        // The same grids without the count line: POJ's form, same grids.
        let (same, err, form) = parse_all(&format!("{}\n{}", empty_case(), second));
        assert_eq!((err, form), (None, Form::UntilEnd));
        assert_eq!(same, grids);
        // Liberal layout around the count; zero grids.
        let (grids, err, _) = parse_all(&format!(" \r\n 1 \r\n\r\n{}\n\n", second));
        assert_eq!((grids.len(), err), (1, None));
        assert_eq!(parse_all("0\n"), (vec![], None, Form::Counted(0)));
    }

    #[test]
    fn malformed_count() {
        let err = |text: &str| parse_all(text).1.map(|e| e.to_string());
        let one = empty_case();
        // Fewer grids than announced: the missing case is named, the others were read.
        let (grids, e, _) = parse_all(&format!("3\n{}\n{}", one, one));
        assert_eq!(grids.len(), 2);
        assert_eq!(
            e.unwrap().to_string(),
            "case 3 (line 35): the input ends after 2 of the 3 grids the first line announced"
        );
        // More grids than announced.
        assert_eq!(
            err(&format!("1\n{}\n{}", one, one)).unwrap(),
            "line 19: the first line announced 1 grid, found more: `----------------`"
        );
        assert_eq!(
            err(&format!("0\n{}", one)).unwrap(),
            "line 2: the first line announced 0 grids, found more: `----------------`"
        );
        // A count that is not a number.
        for (count, shown) in [
            ("2x", "2x"),
            ("1.5", "1.5"),
            ("99999999999999999999", "99999999999999999999"),
            ("123456789012345678901234", "12345678901234567890..."),
        ] {
            assert_eq!(
                err(&format!("{}\n{}", count, one)).unwrap(),
                format!("line 1: expected the number of grids, found `{}`", shown)
            );
        }
        // A first line that is neither a count nor a row is a bad first row.
        assert_eq!(
            err(&format!("x\n{}", one)).unwrap(),
            "case 1, row 1 (line 1): row `x` has 1 characters, expected 16"
        );
        assert_eq!(
            err(&format!("-2\n{}", one)).unwrap(),
            "case 1, row 1 (line 1): row `-2` has 2 characters, expected 16"
        );
        // A count followed by a broken grid: the grid's error, as without the count.
        let short = one.replacen("----------------", "---", 1);
        assert_eq!(
            err(&format!("1\n{}", short)).unwrap(),
            "case 1, row 1 (line 2): row `---` has 3 characters, expected 16"
        );
    }

    #[test]
    fn output_layout_per_form() {
        let layout = |form: Form, grids: usize| -> Vec<u8> {
            let mut out = Vec::new();
            for printed in 0..grids {
                out.extend_from_slice(form.before_grid(printed));
                out.extend_from_slice(b"G\n");
                out.extend_from_slice(form.after_grid());
            }
            out
        };
        assert_eq!(layout(Form::UntilEnd, 2), b"G\n\nG\n\n");
        assert_eq!(layout(Form::Counted(2), 2), b"G\n\nG\n");
        assert_eq!(layout(Form::Counted(1), 1), b"G\n");
    }
}
