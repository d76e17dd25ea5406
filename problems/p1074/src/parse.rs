//! The input parser: one grid of 81 numbers `0..=9` (0 = empty), any ASCII whitespace between.

use super::grid::*;
use fastio::{InputError, Reader};

/// Reads the input's one case: a grid of 81 integers `0..=9` separated by any ASCII
/// whitespace (the judge writes 9 lines of 9; line breaks are not required where they are).
///
/// Anything else is an [`InputError`] saying where: a token that is not a digit `0..9` is
/// placed by its grid row and column (`row 3 (line 3): expected a digit 0..9 in column 6,
/// found `x``); fewer or more than 81 numbers by the line where the input ends or the 82nd
/// number stands.
///
/// Givens that clash are not an input error here: such a grid has no completion, and the
/// problem's own answer for that is `-1` (see `main.rs`); `Grid::first_clash` names the clash
/// (`two 5s in row 3`) where a caller wants it.
pub struct Parser {
    /// The input, until its one case has been read.
    reader: Option<Reader>,
}

impl Parser {
    /// A parser over `reader`, before its case.
    pub fn new(reader: Reader) -> Parser {
        Parser {
            reader: Some(reader),
        }
    }

    /// The input's grid, or the first thing wrong with the input, on the first call; `None`
    /// after it (the input holds one case, and a second grid is an error of the first).
    /// O(input length).
    pub fn next_case(&mut self) -> Option<Result<Grid, InputError>> {
        self.reader.take().map(|mut input| read_grid(&mut input))
    }
}

/// The whole input as one grid (see [`Parser`]).
fn read_grid(input: &mut Reader) -> Result<Grid, InputError> {
    let mut grid = Grid([0; CELLS]);
    for count in 0..CELLS {
        input.skip_whitespace();
        let line = input.line();
        let token = match input.token() {
            Some(t) => t,
            None => {
                return Err(InputError::at_line(
                    line,
                    format!("expected 81 numbers, the input ends after {}", count),
                ))
            }
        };
        match fastio::parse_int(token) {
            Some(v) if (0..=9).contains(&v) => grid.0[count] = v as u8,
            _ => {
                let what = format!(
                    "expected a digit 0..9 in column {}, found `{}`",
                    count % 9 + 1,
                    fastio::shorten(token)
                );
                return Err(InputError::at_line(line, what).in_row(count / 9 + 1));
            }
        }
    }
    input.skip_whitespace();
    let line = input.line();
    match input.token() {
        None => Ok(grid),
        Some(extra) => Err(InputError::at_line(
            line,
            format!(
                "expected 81 numbers, found more: `{}`",
                fastio::shorten(extra)
            ),
        )),
    }
}

/// The one grid of an input held in memory (tests and tools), as [`Parser::next_case`] reads
/// it. O(input length).
#[cfg(not(cargo_equip))]
pub fn parse_bytes(input: &[u8]) -> Result<Grid, InputError> {
    read_grid(&mut Reader::new(input.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
                          0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
                          0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";

    fn error(input: &str) -> String {
        parse_bytes(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn parses_liberal_whitespace() {
        let g = parse_bytes(SAMPLE.as_bytes()).unwrap();
        assert_eq!(g.givens(), 30);
        assert_eq!((g.0[0], g.0[8], g.0[80]), (7, 1, 2));
        assert_eq!(g.first_clash(), None);
        let squashed = SAMPLE.replace('\n', "  \t").replace(' ', "\r\n");
        assert_eq!(parse_bytes(squashed.as_bytes()), Ok(g));
        assert_eq!(parse_bytes(SAMPLE.trim_end().as_bytes()), Ok(g));
        assert_eq!(parse_bytes(&g.to_lines()), Ok(g));
    }

    #[test]
    fn the_parser_has_one_case() {
        let mut parser = Parser::new(Reader::new(SAMPLE.as_bytes().to_vec()));
        assert_eq!(parser.next_case(), Some(parse_bytes(SAMPLE.as_bytes())));
        assert_eq!(parser.next_case(), None);
        let mut empty = Parser::new(Reader::new(Vec::new()));
        assert!(matches!(empty.next_case(), Some(Err(_))));
        assert_eq!(empty.next_case(), None);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            error(&SAMPLE.replacen("5 9", "5 x9", 1)),
            "row 2 (line 2): expected a digit 0..9 in column 7, found `x9`"
        );
        assert_eq!(
            error(&SAMPLE.replacen("8 0\n", "8 10\n", 1)),
            "row 3 (line 3): expected a digit 0..9 in column 9, found `10`"
        );
        assert_eq!(
            error(&SAMPLE.replacen("7", "-1", 1)),
            "row 1 (line 1): expected a digit 0..9 in column 1, found `-1`"
        );
        // The row is the grid's, the line the input's.
        let one_line = SAMPLE.replace('\n', " ").replacen("4 1 3", "4 1 3.0", 1);
        assert_eq!(
            error(&one_line),
            "row 6 (line 1): expected a digit 0..9 in column 3, found `3.0`"
        );
        assert_eq!(
            error(&SAMPLE[..SAMPLE.len() - 2]),
            "line 9: expected 81 numbers, the input ends after 80"
        );
        assert_eq!(
            error(&format!("{}\n0\n", SAMPLE)),
            "line 11: expected 81 numbers, found more: `0`"
        );
        assert_eq!(
            error(""),
            "line 1: expected 81 numbers, the input ends after 0"
        );
        assert_eq!(
            error(&format!(
                "{}{}",
                "0 ".repeat(80),
                "1234567890123456789012345"
            )),
            "row 9 (line 1): expected a digit 0..9 in column 9, found `12345678901234567890...`"
        );
    }
}
