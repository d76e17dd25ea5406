//! Cells, digits, candidate sets, the target weights and the input parser of P1074.

use std::fmt;

/// A cell of the 9x9 grid, numbered row-major: `cell = 9 * row + col`, `0..81`.
pub type Cell = usize;

/// A sudoku digit `1..=9`; in a [`Grid`], `0` marks an empty cell.
pub type Digit = u8;

/// Number of cells.
pub const CELLS: usize = 81;

/// A set of digits in one word, bit `d` standing for digit `d`:
///
/// ```text
///   bit: 15 .. 10   9   8   7   6   5   4   3   2   1   0
///        (unused)  d9  d8  d7  d6  d5  d4  d3  d2  d1  (unused)
/// ```
///
/// Used both for "digits still possible in a cell" and "digits already used in a unit".
/// Every operation is O(1) except iteration, O(size).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Digits(pub u16);

impl Digits {
    /// The empty set.
    pub const NONE: Digits = Digits(0);
    /// All nine digits.
    pub const ALL: Digits = Digits(0b11_1111_1110);

    /// The set `{d}`. Requires `1 <= d <= 9`.
    #[inline(always)]
    pub fn single(d: Digit) -> Digits {
        debug_assert!((1..=9).contains(&d));
        Digits(1 << d)
    }

    /// Whether `d` is in the set.
    #[inline(always)]
    pub fn contains(self, d: Digit) -> bool {
        self.0 >> d & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of digits in the set.
    #[inline(always)]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds exactly one digit.
    #[inline(always)]
    pub fn is_single(self) -> bool {
        bits::Word::is_single(self.0)
    }

    /// The largest digit, or 0 for the empty set.
    #[inline(always)]
    pub fn highest(self) -> Digit {
        if self.0 == 0 {
            0
        } else {
            bits::Word::highest_index(self.0) as Digit
        }
    }

    /// The set without `other`'s digits.
    #[inline(always)]
    pub fn minus(self, other: Digits) -> Digits {
        Digits(self.0 & !other.0)
    }

    /// The union of both sets.
    #[inline(always)]
    pub fn union(self, other: Digits) -> Digits {
        Digits(self.0 | other.0)
    }

    /// The digits common to both sets.
    #[inline(always)]
    pub fn intersect(self, other: Digits) -> Digits {
        Digits(self.0 & other.0)
    }

    /// The complement within `1..=9`.
    #[inline(always)]
    pub fn complement(self) -> Digits {
        Digits(!self.0 & Digits::ALL.0)
    }

    /// The digits, largest first.
    #[inline(always)]
    pub fn high_first(self) -> impl Iterator<Item = Digit> {
        bits::ones_rev(self.0).map(|d| d as Digit)
    }
}

/// Row of each cell, `0..9`.
pub const ROW: [u8; CELLS] = geometry(0);
/// Column of each cell, `0..9`.
pub const COL: [u8; CELLS] = geometry(1);
/// Box of each cell, `0..9`, numbered row-major (box 0 top left, box 8 bottom right).
pub const BOX: [u8; CELLS] = geometry(2);
/// Target weight of each cell: 10 minus the Chebyshev distance to the centre, so 6..=10.
pub const WEIGHT: [u8; CELLS] = geometry(3);

const fn geometry(which: u8) -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (r, k) = (c / 9, c % 9);
        t[c] = match which {
            0 => r as u8,
            1 => k as u8,
            2 => (r / 3 * 3 + k / 3) as u8,
            _ => {
                let dr = r.abs_diff(4);
                let dc = k.abs_diff(4);
                (10 - if dr > dc { dr } else { dc }) as u8
            }
        };
        c += 1;
    }
    t
}

/// The 27 units (rows 0..9, columns 9..18, boxes 18..27), each listing its nine cells.
pub const UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (9 * i + j) as u8;
            u[9 + i][j] = (9 * j + i) as u8;
            u[18 + i][j] = (9 * (i / 3 * 3 + j / 3) + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
}

/// A 9x9 grid of digits, `0` for an empty cell, row-major.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grid(pub [Digit; CELLS]);

impl Grid {
    /// The target score: the sum over all cells of weight times digit (empty cells count 0).
    /// O(81).
    pub fn score(&self) -> u32 {
        self.0
            .iter()
            .zip(WEIGHT.iter())
            .map(|(&d, &w)| u32::from(d) * u32::from(w))
            .sum()
    }

    /// Number of non-empty cells.
    pub fn givens(&self) -> usize {
        self.0.iter().filter(|&&d| d != 0).count()
    }

    /// Whether two non-empty cells of one row, column or box hold the same digit. O(81).
    pub fn has_clash(&self) -> bool {
        UNITS.iter().any(|unit| {
            let mut seen = Digits::NONE;
            unit.iter().any(|&c| {
                let d = self.0[c as usize];
                if d == 0 {
                    return false;
                }
                let dup = seen.contains(d);
                seen = seen.union(Digits::single(d));
                dup
            })
        })
    }

    /// Whether this grid is full, clash-free, and agrees with every given of `givens`. O(81).
    pub fn completes(&self, givens: &Grid) -> bool {
        self.0.iter().all(|&d| (1..=9).contains(&d))
            && !self.has_clash()
            && givens
                .0
                .iter()
                .zip(self.0.iter())
                .all(|(&g, &d)| g == 0 || g == d)
    }

    /// Parses 81 integers `0..=9` separated by any ASCII whitespace.
    ///
    /// Anything else (a non-number, a number out of range, fewer or more than 81 numbers)
    /// is an error saying where: the input line and the number's position on that line.
    /// O(input length).
    pub fn parse(input: &[u8]) -> Result<Grid, ParseError> {
        Grid::parse_reader(fastio::Reader::new(input.to_vec()))
    }

    /// [`Grid::parse`] over a reader positioned at the start of the input.
    pub fn parse_reader(mut reader: fastio::Reader) -> Result<Grid, ParseError> {
        let mut grid = [0; CELLS];
        let (mut line, mut position) = (0, 0);
        let mut count = 0;
        loop {
            reader.skip_whitespace();
            if reader.line() != line {
                line = reader.line();
                position = 0;
            }
            let token = match reader.token() {
                Some(t) => t,
                None => break,
            };
            position += 1;
            let at = |problem| ParseError {
                line,
                position: Some(position),
                problem,
            };
            if count == CELLS {
                return Err(at(Problem::TooMany(fastio::shorten(token))));
            }
            match fastio::parse_int(token) {
                Some(v) if (0..=9).contains(&v) => grid[count] = v as Digit,
                _ => return Err(at(Problem::NotADigit(fastio::shorten(token)))),
            }
            count += 1;
        }
        if count < CELLS {
            return Err(ParseError {
                line: reader.line(),
                position: None,
                problem: Problem::TooFew(count),
            });
        }
        Ok(Grid(grid))
    }
}

impl fmt::Display for Grid {
    /// Nine lines of nine digits separated by spaces, the judge's input format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..9 {
            for k in 0..9 {
                let sep = if k == 8 { "\n" } else { " " };
                write!(f, "{}{}", self.0[9 * r + k], sep)?;
            }
        }
        Ok(())
    }
}

/// What is wrong with an input, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// 1-based input line.
    pub line: usize,
    /// 1-based position of the offending number on its line; `None` at the end of the input.
    pub position: Option<usize>,
    /// What was found.
    pub problem: Problem,
}

/// The kinds of malformed input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Problem {
    /// A token that is not an integer in `0..=9` (shown shortened).
    NotADigit(String),
    /// The input ended after this many numbers (fewer than 81).
    TooFew(usize),
    /// An 82nd token (shown shortened).
    TooMany(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(p) = self.position {
            write!(f, ", number {}", p)?;
        }
        match &self.problem {
            Problem::NotADigit(t) => write!(f, ": expected a digit 0..9, found `{}`", t),
            Problem::TooFew(n) => write!(f, ": expected 81 numbers, the input ends after {}", n),
            Problem::TooMany(t) => write!(f, ": expected 81 numbers, found more: `{}`", t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
                          0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
                          0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";

    #[test]
    fn digit_sets() {
        let s = Digits::single(3)
            .union(Digits::single(9))
            .union(Digits::single(1));
        assert_eq!(s.0, 0b10_0000_1010);
        assert_eq!(s.len(), 3);
        assert_eq!(s.highest(), 9);
        assert_eq!(Digits::NONE.highest(), 0);
        assert!(s.contains(3) && !s.contains(2));
        assert_eq!(s.high_first().collect::<Vec<_>>(), [9, 3, 1]);
        assert_eq!(s.complement().len(), 6);
        assert!(s
            .minus(Digits::single(9))
            .minus(Digits::single(1))
            .is_single());
        assert_eq!(Digits::ALL.len(), 9);
    }

    #[test]
    fn geometry_tables() {
        assert_eq!((ROW[40], COL[40], BOX[40], WEIGHT[40]), (4, 4, 4, 10));
        assert_eq!((ROW[80], COL[80], BOX[80], WEIGHT[80]), (8, 8, 8, 6));
        assert_eq!(
            (BOX[5], BOX[27], BOX[58], WEIGHT[10], WEIGHT[30]),
            (1, 3, 7, 7, 9)
        );
        let weights: u32 = WEIGHT.iter().map(|&w| u32::from(w)).sum();
        assert_eq!(weights, 32 * 6 + 24 * 7 + 16 * 8 + 8 * 9 + 10);
        for (i, unit) in UNITS.iter().enumerate() {
            for &c in unit {
                let c = c as usize;
                let owner = [ROW[c], 9 + COL[c], 18 + BOX[c]];
                assert!(owner.contains(&(i as u8)));
            }
        }
    }

    #[test]
    fn parses_liberal_whitespace() {
        let g = Grid::parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(g.givens(), 30);
        assert_eq!(g.0[0], 7);
        assert_eq!(g.0[80], 2);
        let squashed = SAMPLE.replace('\n', "  \t").replace(' ', "\r\n");
        assert_eq!(Grid::parse(squashed.as_bytes()), Ok(g));
        assert_eq!(Grid::parse(g.to_string().as_bytes()), Ok(g));
        assert!(!g.has_clash());
    }

    #[test]
    fn parse_errors_say_where() {
        let bad = SAMPLE.replacen("5 9", "5 x9", 1);
        let e = Grid::parse(bad.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, number 7: expected a digit 0..9, found `x9`"
        );
        let bad = SAMPLE.replacen("8 0\n", "8 10\n", 1);
        let e = Grid::parse(bad.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, number 9: expected a digit 0..9, found `10`"
        );
        let bad = SAMPLE.replacen("7", "-1", 1);
        assert_eq!(Grid::parse(bad.as_bytes()).unwrap_err().position, Some(1));
        let short = &SAMPLE[..SAMPLE.len() - 2];
        let e = Grid::parse(short.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 9: expected 81 numbers, the input ends after 80"
        );
        let long = format!("{}\n0\n", SAMPLE);
        let e = Grid::parse(long.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 11, number 1: expected 81 numbers, found more: `0`"
        );
        let e = Grid::parse(b"").unwrap_err();
        assert_eq!(e.problem, Problem::TooFew(0));
    }

    #[test]
    fn clashes_and_completions() {
        let mut g = Grid::parse(SAMPLE.as_bytes()).unwrap();
        g.0[1] = 1; // row 0 already has... no 1; column 1 neither; box 0 has 1 at (1,0)
        assert!(g.has_clash());
        let empty = Grid([0; CELLS]);
        assert!(!empty.has_clash());
        assert!(!empty.completes(&empty));
        let full = Grid(std::array::from_fn(|c| {
            ((c / 9 * 3 + c / 27 + c % 9) % 9 + 1) as u8
        }));
        assert!(full.completes(&empty));
        assert!(!full.completes(&g));
        assert_eq!(full.givens(), 81);
    }
}
