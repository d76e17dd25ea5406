//! The library surface every problem shares, used by exactly its names: `Grid`, `Cell`,
//! `Digit`, `Clash`, a `Parser` with `next_case`, `solve(&Grid)` and `Grid::to_lines`, so
//! that the compiler keeps them.

use sudoku16::{solve, Cell, CellValues, Clash, Digit, Grid, Parser};

const SAMPLE: &str = "\
--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
";

#[test]
fn parse_solve_and_print() {
    let mut parser = Parser::new(fastio::Reader::new(SAMPLE.as_bytes().to_vec()));
    let puzzle: Grid = parser.next_case().expect("one case").expect("well formed");
    assert!(parser.next_case().is_none());
    let solution: Grid = solve(&puzzle).expect("the sample has a solution");
    assert!(solution.is_solved() && solution.extends(&puzzle));
    let lines = solution.to_lines();
    assert_eq!(&lines[..17], b"FPAHMJECNLBDKOGI\n");
    assert_eq!(lines.len(), 16 * 17);
}

#[test]
fn cells_digits_and_clashes() {
    let mut grid = Grid::empty();
    let c: Digit = Digit::from_ascii(b'C').expect("a digit");
    grid.set(Cell::at(0, 0), Some(c));
    grid.set(Cell::at(3, 3), Some(c));
    assert_eq!(grid.get(Cell::at(3, 3)), Some(c));
    let clash: Clash = grid.first_clash().expect("two Cs in box 1");
    assert_eq!(clash.cell, Cell::at(3, 3));
    assert_eq!(clash.digit, c);
    assert_eq!(clash.to_string(), "two Cs in box 1");
    assert!(solve(&grid).is_none());
}
