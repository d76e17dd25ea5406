//! `solve`: a plain depth-first search that fills the cell with the fewest candidates first.
//! The template's solver, correct and small: replace it with the problem's own design.

use crate::grid::{Cell, DigitSet, Grid};

/// A completion of `puzzle` (every cell filled, no clash, the givens kept), or `None` when it
/// has none. The givens must not clash (`puzzle.first_clash()` is `None`). Exponential in the
/// worst case; milliseconds on judge-sized 9x9 puzzles.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    let mut grid = *puzzle;
    if search(&mut grid) {
        Some(grid)
    } else {
        None
    }
}

/// The digits `cell` may take: those its row, column and box do not hold. O(SIDE).
fn candidates(grid: &Grid, cell: Cell) -> DigitSet {
    let mut used = DigitSet::EMPTY;
    for other in Cell::all().filter(|&other| other.sees(cell)) {
        if let Some(digit) = grid.get(other) {
            used = used.with(digit);
        }
    }
    DigitSet::ALL.without(used)
}

/// Fills `grid` and returns true, or leaves it as it was and returns false.
fn search(grid: &mut Grid) -> bool {
    // The empty cell with the fewest candidates: a forced or dead cell first.
    let mut best: Option<(Cell, DigitSet)> = None;
    for cell in Cell::all().filter(|&c| grid.get(c).is_none()) {
        let options = candidates(grid, cell);
        let better = match best {
            None => true,
            Some((_, fewest)) => options.len() < fewest.len(),
        };
        if better {
            best = Some((cell, options));
            if options.len() <= 1 {
                break;
            }
        }
    }
    let (cell, options) = match best {
        None => return true,
        Some(best) => best,
    };
    for digit in options.iter() {
        grid.set(cell, Some(digit));
        if search(grid) {
            return true;
        }
    }
    grid.set(cell, None);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Parser;
    use fastio::Reader;

    fn grid(rows: &str) -> Grid {
        let mut parser = Parser::new(Reader::new(rows.as_bytes().to_vec()));
        parser.next_case().unwrap().unwrap()
    }

    #[test]
    fn solves_and_keeps_the_givens() {
        let puzzle = grid(
            "103000509\n002109400\n000704000\n300502006\n060000050\n\
             700803004\n000401000\n009205800\n804000107\n",
        );
        let solution = solve(&puzzle).unwrap();
        assert!(solution.is_solved() && solution.extends(&puzzle));
        let empty = solve(&Grid::empty()).unwrap();
        assert!(empty.is_solved());
    }

    #[test]
    fn no_solution_is_none() {
        // Row 1 needs a 9 in column 9, which column 9 already holds.
        let puzzle = grid(
            "123456780\n000000009\n000000000\n000000000\n000000000\n\
             000000000\n000000000\n000000000\n000000000\n",
        );
        assert_eq!(solve(&puzzle), None);
    }
}
