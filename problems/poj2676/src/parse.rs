//! The POJ 2676 input format, read liberally: a count T, then T grids of 9 rows of 9 cells.
//!
//! A row is one line holding 9 cells: `1`..`9`, or `0` / `.` for an empty cell. Spaces, tabs
//! and a CR may appear around and between cells, and blank lines between rows. Anything else
//! (another character, a short or long row, a missing grid, givens repeating a digit in a row,
//! column or box) is an [`InputError`] that says where.

use crate::band_grid::{BandGrid, BLOCK};
use crate::grid::Grid;
use fastio::{InputError, Reader};
use lines::Lines;
use std::convert::TryInto;

/// Reads the number of cases T (a non-negative decimal number). O(length of the token).
pub fn read_count(reader: &mut Reader) -> Result<usize, InputError> {
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

/// A grid as read, with the input line of each of its rows (for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub givens: BandGrid,
    /// Case number (1-based).
    case: usize,
    /// Input line (1-based) of each row.
    lines: [usize; 9],
}

impl Puzzle {
    /// The givens as a grid. O(81).
    pub fn grid(&self) -> Grid {
        self.givens.to_grid()
    }

    /// The error for the first given that repeats a digit of an earlier given in its row,
    /// column or box, or `None` when the givens are consistent: `the givens clash: two 5s in
    /// row 3`, placed at the row and line of the later given. O(81).
    ///
    /// Clashing givens have no solution, so a caller may solve first and ask only then.
    pub fn clash(&self) -> Option<InputError> {
        let clash = self.grid().first_clash()?;
        let row = clash.cell.row();
        let what = format!("the givens clash: {}", clash);
        let error = InputError::at_line(self.lines[row], what);
        Some(error.in_case(self.case).in_row(row + 1))
    }
}

/// Reads grid number `case` (1-based, for messages): 9 rows, skipping blank lines. Does not
/// look for clashing givens: see [`Puzzle::clash`]. O(size of the rows read).
///
/// The common layout, nine lines of exactly nine cells and a line feed, is read as one block
/// straight into bitboards; anything else goes row by row.
pub fn read_grid(reader: &mut Reader, case: usize) -> Result<Puzzle, InputError> {
    let first = reader.line();
    if let Some(block) = reader.fixed_lines(9, 9) {
        let block: &[u8; BLOCK] = block.try_into().expect("9 lines of 9 bytes");
        let lines = [0, 1, 2, 3, 4, 5, 6, 7, 8].map(|r| first + r);
        if let Some(givens) = BandGrid::from_block(block) {
            return Ok(Puzzle {
                givens,
                case,
                lines,
            });
        }
        // Some byte is not a cell: the first such row says why, as row by row would.
        for (row, bytes) in block.chunks_exact(10).enumerate() {
            if let Err(what) = parse_row(&bytes[..9], &mut [0; 9]) {
                let error = InputError::at_line(lines[row], what);
                return Err(error.in_case(case).in_row(row + 1));
            }
        }
    }
    read_grid_by_rows(reader, case)
}

/// [`read_grid`] for any layout: row by row.
fn read_grid_by_rows(reader: &mut Reader, case: usize) -> Result<Puzzle, InputError> {
    let mut cells = [0u8; 81];
    let mut lines = [0usize; 9];
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
    Ok(Puzzle {
        givens: BandGrid::from_grid(&Grid::from_values(cells)),
        case,
        lines,
    })
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
        let mut r = reader(SAMPLE);
        assert_eq!(read_count(&mut r), Ok(1));
        let g = read_grid(&mut r, 1).unwrap().grid();
        assert_eq!(
            g.to_line(),
            "103000509002109400000704000300502006060000050700803004000401000009205800804000107"
        );
    }

    #[test]
    fn liberal_layout() {
        let text = " 2 \r\n\r\n1.3...5.9\r\n  0 0 2 1 0 9 4 0 0 \r\n\n\n000704000\n300502006\n\
                    060000050\n700803004\n000401000\n009205800\n804000107\n\n\
                    .........\n.........\n.........\n.........\n.........\n.........\n\
                    .........\n.........\n.........";
        let mut r = reader(text);
        assert_eq!(read_count(&mut r), Ok(2));
        let g = read_grid(&mut r, 1).unwrap().grid();
        assert_eq!(&g.to_line()[..18], "103000509002109400");
        assert_eq!(read_grid(&mut r, 2).unwrap().grid(), Grid::empty());
    }

    #[test]
    fn bad_count() {
        let e = read_count(&mut reader("\n\nx\n")).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.to_string().starts_with("line 3: expected a number"));
        assert!(read_count(&mut reader("-1")).is_err());
        assert!(read_count(&mut reader("")).is_err());
    }

    #[test]
    fn malformed_rows() {
        let rows = "103000509\n002109400\n000704000\n300502006\n060000050\n";
        let e = read_grid(&mut reader(&format!("{}70080300\n", rows)), 4).unwrap_err();
        assert_eq!((e.case, e.row, e.line), (Some(4), Some(6), 6));
        assert!(e.what.contains("8 cells"), "{}", e);
        let e = read_grid(&mut reader(&format!("{}7008030041\n", rows)), 1).unwrap_err();
        assert!(e.what.contains("more than 9"), "{}", e);
        let e = read_grid(&mut reader(&format!("{}70080300x\n", rows)), 1).unwrap_err();
        assert_eq!(e.row, Some(6));
        assert!(e.what.contains("`x`"), "{}", e);
        let e = read_grid(&mut reader(rows), 2).unwrap_err();
        assert_eq!(e.row, Some(6));
        assert!(e.what.contains("end of the input"), "{}", e);
        assert_eq!(
            e.to_string(),
            "case 2, row 6 (line 6): expected a row, found the end of the input"
        );
    }

    #[test]
    fn sample_has_no_clash() {
        let mut r = reader(SAMPLE);
        read_count(&mut r).unwrap();
        assert_eq!(read_grid(&mut r, 1).unwrap().clash(), None);
    }

    #[test]
    fn clashing_givens() {
        let text = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                    700803004\n000401000\n009205800\n804000101\n";
        let p = read_grid(&mut reader(text), 3).unwrap();
        let e = p.clash().unwrap();
        assert_eq!((e.case, e.row, e.line), (Some(3), Some(9), 9));
        assert_eq!(
            e.to_string(),
            "case 3, row 9 (line 9): the givens clash: two 1s in row 9"
        );
    }
}
