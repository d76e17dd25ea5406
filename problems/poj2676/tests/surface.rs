//! The library surface every problem shares: `Grid`, `Cell`, `Digit`, `Clash`, a `Parser`
//! with `next_case`, `solve(&Grid)` and `Grid::to_lines`, each used here by that name so the
//! compiler keeps them.

use poj2676::{solve, Cell, Clash, Digit, Grid, Parser};

const SAMPLE: &[u8] = b"103000509\n002109400\n000704000\n300502006\n060000050\n\
                        700803004\n000401000\n009205800\n804000107\n";
const SOLUTION: &[u8] = b"143628579\n572139468\n986754231\n391542786\n468917352\n\
                          725863914\n237481695\n619275843\n854396127\n";

#[test]
fn parse_solve_and_print() {
    let mut input = b"1\n".to_vec();
    input.extend_from_slice(SAMPLE);
    let mut parser = Parser::new(fastio::Reader::new(input));
    let puzzle: Grid = parser.next_case().expect("one case").expect("well formed");
    assert!(parser.next_case().is_none());
    assert_eq!(puzzle.to_lines()[..], SAMPLE[..]);
    assert_eq!(puzzle.get(Cell::at(0, 0)), Digit::new(1));
    assert_eq!(puzzle.get(Cell::at(0, 1)), None);
    assert_eq!(puzzle.givens(), 30);
    let solution: Grid = solve(&puzzle).expect("the sample has a solution");
    assert!(solution.is_solved() && solution.extends(&puzzle));
    assert_eq!(solution.to_lines()[..], SOLUTION[..]);
}

#[test]
fn cells_digits_and_clashes() {
    let mut grid = Grid::empty();
    let five: Digit = Digit::new(5).expect("a digit");
    grid.set(Cell::at(2, 0), Some(five));
    grid.set(Cell::at(2, 7), Some(five));
    assert_eq!(grid.get(Cell::at(2, 7)), Some(five));
    let clash: Clash = grid.first_clash().expect("two 5s in row 3");
    assert_eq!(clash.cell, Cell::at(2, 7));
    assert_eq!(clash.digit, five);
    assert_eq!(clash.to_string(), "two 5s in row 3");
    assert!(solve(&grid).is_none());
    grid.set(Cell::at(2, 7), None);
    assert_eq!(grid.first_clash(), None);
    let solution = solve(&grid).expect("one given leaves many solutions");
    assert!(solution.is_solved() && solution.extends(&grid));
    assert_eq!(solution.get(Cell::at(2, 0)), Some(five));
}
