//! The library surface every problem shares: `Grid`, `Cell`, `Digit`, `Clash`, a `Parser`
//! with `next_case`, `solve(&Grid)` and `Grid::to_lines`, each used here by that name so the
//! compiler keeps them.

use p1074::{solve, Cell, Clash, Digit, Grid, Parser};

#[test]
fn the_shared_names_read_solve_and_write_a_grid() {
    let text = b"7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
                 0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
                 0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";
    let mut parser = Parser::new(fastio::Reader::new(text.to_vec()));
    let grid: Grid = parser.next_case().unwrap().unwrap();
    assert!(parser.next_case().is_none());
    assert_eq!(grid.to_lines(), text.to_vec());
    assert_eq!(grid.get(Cell::at(0, 0)), Digit::new(7));
    assert_eq!(solve(&grid).map(|s| s.score), Some(2829));
    let mut clashing = grid;
    clashing.set(Cell::at(0, 1), Digit::new(7));
    let clash: Clash = clashing.first_clash().unwrap();
    assert_eq!(clash.to_string(), "two 7s in row 1");
    assert!(solve(&clashing).is_none());
}
