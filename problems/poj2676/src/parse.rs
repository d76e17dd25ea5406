//! The POJ 2676 input format, read liberally: a count T, then T grids of 9 rows of 9 cells.
//!
//! A row is one line holding 9 cells: `1`..`9`, or `0` / `.` for an empty cell. Spaces, tabs
//! and a CR may appear around and between cells, and blank lines between rows. Anything else
//! (another character, a short or long row, a missing grid, givens repeating a digit in a row,
//! column or box) is an [`InputError`] that says where.

use crate::grid::Grid;
use crate::text::BLOCK;
use fastio::{InputError, Reader};
use lines::Lines;
use std::convert::TryInto;

/// Reads the cases of one input, in order: [`Parser::next_case`].
pub struct Parser {
    reader: Reader,
    /// Cases still to read; `None` before the count is read.
    left: Option<usize>,
    /// Number (1-based) of the last case read; 0 before the first.
    case: usize,
    /// Input line (1-based) of each row of the last case read, for messages.
    lines: [usize; 9],
}

impl Parser {
    /// A parser of the input in `reader`.
    pub fn new(reader: Reader) -> Parser {
        Parser {
            reader,
            left: None,
            case: 0,
            lines: [0; 9],
        }
    }

    /// The next case's grid; `None` once all T are read, or after an error (the count's, or a
    /// malformed grid's). Does not look for clashing givens: see [`Parser::clash`]. O(size of
    /// the rows read).
    pub fn next_case(&mut self) -> Option<Result<Grid, InputError>> {
        let left = match self.left {
            Some(left) => left,
            None => match read_count(&mut self.reader) {
                Ok(t) => t,
                Err(e) => {
                    self.left = Some(0);
                    return Some(Err(e));
                }
            },
        };
        if left == 0 {
            self.left = Some(0);
            return None;
        }
        self.case += 1;
        let grid = read_grid(&mut self.reader, self.case, &mut self.lines);
        // Nothing after a malformed grid can be placed.
        self.left = Some(if grid.is_ok() { left - 1 } else { 0 });
        Some(grid)
    }

    /// Number (1-based) of the last case read.
    pub fn case(&self) -> usize {
        self.case
    }

    /// The error for the first given of `grid`, the last case read, that repeats a digit of
    /// an earlier given in its row, column or box, or `None` when the givens are consistent:
    /// `the givens clash: two 5s in row 3`, placed at the row and line of the later given.
    /// O(81).
    ///
    /// Clashing givens have no solution, so a caller may solve first and ask only then.
    pub fn clash(&self, grid: &Grid) -> Option<InputError> {
        let clash = grid.first_clash()?;
        let row = clash.cell.row();
        let what = format!("the givens clash: {}", clash);
        let error = InputError::at_line(self.lines[row], what);
        Some(error.in_case(self.case).in_row(row + 1))
    }
}

/// Reads the number of cases T (a non-negative decimal number). O(length of the token).
fn read_count(reader: &mut Reader) -> Result<usize, InputError> {
    reader.skip_whitespace();
    let line = reader.line();
    let t = reader
        .int()
        .map_err(|e| InputError::at_line(line, e + " for the number of cases"))?;
    if t < 0 {
        let what = format!("the number of cases is negative ({})", t);
        return Err(InputError::at_line(line, what));
    }
    Ok(t as usize)
}

/// Value of a cell character: `Some(0)` for empty, `Some(1..=9)` for a digit, `None` for
/// whitespace between cells, `Err` for anything else.
#[inline(always)]
fn cell_value(b: u8) -> Result<Option<u8>, u8> {
    match b {
        b'0'..=b'9' => Ok(Some(b - b'0')),
        b'.' => Ok(Some(0)),
        b' ' | b'\t' | b'\r' | b'\x0c' => Ok(None),
        _ => Err(b),
    }
}

/// Reads the 9 cells of one row into `out`, with the message for a malformed row.
#[inline]
fn parse_row(bytes: &[u8], out: &mut [u8]) -> Result<(), String> {
    if bytes.len() == 9 {
        // The common case: exactly nine cells and nothing else.
        let mut bad = 0;
        for (o, &b) in out.iter_mut().zip(bytes) {
            let v = if b == b'.' { 0 } else { b.wrapping_sub(b'0') };
            bad |= (v > 9) as u8;
            *o = v;
        }
        if bad == 0 {
            return Ok(());
        }
    }
    let mut n = 0;
    for &b in bytes {
        match cell_value(b) {
            Ok(None) => {}
            Ok(Some(v)) => {
                if n == 9 {
                    return Err("the row has more than 9 cells".to_string());
                }
                out[n] = v;
                n += 1;
            }
            Err(c) => {
                let shown = if c.is_ascii_graphic() {
                    format!("`{}`", c as char)
                } else {
                    format!("byte 0x{:02x}", c)
                };
                return Err(format!(
                    "unexpected character {} (cells are 1-9, with 0 or . for empty)",
                    shown
                ));
            }
        }
    }
    if n < 9 {
        return Err(format!("the row has {} cells, expected 9", n));
    }
    Ok(())
}

/// Reads grid number `case` (1-based, for messages): 9 rows, skipping blank lines, and the
/// input line of each into `lines`. O(size of the rows read).
///
/// The common layout, nine lines of exactly nine cells and a line feed, is read as one block
/// straight into bitboards; anything else goes row by row.
fn read_grid(reader: &mut Reader, case: usize, lines: &mut [usize; 9]) -> Result<Grid, InputError> {
    let first = reader.line();
    if let Some(block) = reader.fixed_lines(9, 9) {
        let block: &[u8; BLOCK] = block.try_into().expect("9 lines of 9 bytes");
        *lines = [0, 1, 2, 3, 4, 5, 6, 7, 8].map(|r| first + r);
        if let Some(givens) = Grid::from_block(block) {
            return Ok(givens);
        }
        // Some byte is not a cell: the first such row says why, as row by row would.
        for (row, bytes) in block.chunks_exact(10).enumerate() {
            if let Err(what) = parse_row(&bytes[..9], &mut [0; 9]) {
                let error = InputError::at_line(lines[row], what);
                return Err(error.in_case(case).in_row(row + 1));
            }
        }
    }
    read_grid_by_rows(reader, case, lines)
}

/// [`read_grid`] for any layout: row by row.
fn read_grid_by_rows(
    reader: &mut Reader,
    case: usize,
    lines: &mut [usize; 9],
) -> Result<Grid, InputError> {
    let mut cells = [0u8; 81];
    let mut row = 0;
    while row < 9 {
        let line = reader.line();
        let out = &mut cells[9 * row..9 * row + 9];
        let error = |what: String| {
            InputError::at_line(line, what)
                .in_case(case)
                .in_row(row + 1)
        };
        if let Some(bytes) = reader.fixed_line(9) {
            // Nine bytes and a line feed: nine cells, or an error that says why not.
            parse_row(bytes, out).map_err(error)?;
            lines[row] = line;
            row += 1;
            continue;
        }
        let bytes = match reader.line_bytes() {
            Some(b) => b,
            None => return Err(error("expected a row, found the end of the input".into())),
        };
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        parse_row(bytes, out).map_err(error)?;
        lines[row] = line;
        row += 1;
    }
    Ok(Grid::from_values(cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(s: &str) -> Reader {
        Reader::new(s.as_bytes().to_vec())
    }

    const SAMPLE: &str = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n\
                          700803004\n000401000\n009205800\n804000107\n";

    #[test]
    fn reads_the_sample() {
        let mut parser = Parser::new(reader(SAMPLE));
        let g = parser.next_case().unwrap().unwrap();
        assert_eq!(
            g.to_line(),
            "103000509002109400000704000300502006060000050700803004000401000009205800804000107"
        );
        assert_eq!((parser.case(), parser.clash(&g)), (1, None));
        assert!(parser.next_case().is_none());
        assert!(parser.next_case().is_none());
    }

    #[test]
    fn liberal_layout() {
        let text = " 2 \r\n\r\n1.3...5.9\r\n  0 0 2 1 0 9 4 0 0 \r\n\n\n000704000\n300502006\n\
                    060000050\n700803004\n000401000\n009205800\n804000107\n\n\
                    .........\n.........\n.........\n.........\n.........\n.........\n\
                    .........\n.........\n.........";
        let mut parser = Parser::new(reader(text));
        let g = parser.next_case().unwrap().unwrap();
        assert_eq!(&g.to_line()[..18], "103000509002109400");
        assert_eq!(parser.next_case(), Some(Ok(Grid::empty())));
        assert_eq!(parser.next_case(), None);
    }

    #[test]
    fn bad_count() {
        let e = read_count(&mut reader("\n\nx\n")).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.to_string().starts_with("line 3: expected a number"));
        assert!(read_count(&mut reader("-1")).is_err());
        assert!(read_count(&mut reader("")).is_err());
        // The parser reports it once, then stops.
        let mut parser = Parser::new(reader("x"));
        assert!(matches!(parser.next_case(), Some(Err(_))));
        assert_eq!(parser.next_case(), None);
        assert_eq!(Parser::new(reader("0\n")).next_case(), None);
    }

    #[test]
    fn malformed_rows() {
        let rows = "103000509\n002109400\n000704000\n300502006\n060000050\n";
        let mut lines = [0; 9];
        let mut read = |text: String, case| read_grid(&mut reader(&text), case, &mut lines);
        let e = read(format!("{}70080300\n", rows), 4).unwrap_err();
        assert_eq!((e.case, e.row, e.line), (Some(4), Some(6), 6));
        assert!(e.what.contains("8 cells"), "{}", e);
        let e = read(format!("{}7008030041\n", rows), 1).unwrap_err();
        assert!(e.what.contains("more than 9"), "{}", e);
        let e = read(format!("{}70080300x\n", rows), 1).unwrap_err();
        assert_eq!(e.row, Some(6));
        assert!(e.what.contains("`x`"), "{}", e);
        let e = read(rows.to_string(), 2).unwrap_err();
        assert_eq!(e.row, Some(6));
        assert!(e.what.contains("end of the input"), "{}", e);
        assert_eq!(
            e.to_string(),
            "case 2, row 6 (line 6): expected a row, found the end of the input"
        );
        // The parser stops at a malformed grid.
        let mut parser = Parser::new(reader(&format!("2\n{}", rows)));
        let what = "expected a row, found the end of the input";
        let expected = InputError::at_line(7, what).in_case(1).in_row(6);
        assert_eq!(parser.next_case(), Some(Err(expected)));
        assert_eq!(parser.next_case(), None);
    }

    #[test]
    fn clashing_givens() {
        let clashing = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                        700803004\n000401000\n009205800\n804000101\n";
        let text = format!("3\n{0}{0}{1}", &SAMPLE[2..], clashing);
        let mut parser = Parser::new(reader(&text));
        for _ in 0..2 {
            let g = parser.next_case().unwrap().unwrap();
            assert_eq!(parser.clash(&g), None);
        }
        let g = parser.next_case().unwrap().unwrap();
        let e = parser.clash(&g).unwrap();
        assert_eq!((e.case, e.row, e.line), (Some(3), Some(9), 28));
        assert_eq!(
            e.to_string(),
            "case 3, row 9 (line 28): the givens clash: two 1s in row 9"
        );
    }
}
