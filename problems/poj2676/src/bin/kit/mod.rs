//! What gen, ref and check share: a plain minimum-remaining-values backtracker on
//! row/column/box digit masks, independent of the library's search, on raw grids (81 values,
//! `0` for an empty cell, row by row).

#![allow(dead_code)] // each binary uses a different part

use rng::Rng;

/// Digits used in each row, column and box (bit `v - 1` for digit `v`), plus the cells.
#[derive(Clone)]
pub struct Backtracker {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

impl Backtracker {
    /// The backtracker for these givens (`0` empty, `1..=9` digits), or `None` if two givens
    /// clash.
    pub fn new(cells: &[u8; 81]) -> Option<Backtracker> {
        let mut b = Backtracker {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                if b.candidates(i) & (1 << (v - 1)) == 0 {
                    return None;
                }
                b.put(i, v);
            }
        }
        Some(b)
    }

    fn candidates(&self, i: usize) -> u16 {
        !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[box_of(i)]) & 0x1ff
    }

    fn put(&mut self, i: usize, v: u8) {
        let bit = 1 << (v - 1);
        self.cells[i] = v;
        self.rows[i / 9] |= bit;
        self.cols[i % 9] |= bit;
        self.boxes[box_of(i)] |= bit;
    }

    fn take(&mut self, i: usize) {
        let bit = !(1u16 << (self.cells[i] - 1));
        self.cells[i] = 0;
        self.rows[i / 9] &= bit;
        self.cols[i % 9] &= bit;
        self.boxes[box_of(i)] &= bit;
    }

    /// Counts completions up to `limit`, keeping the first in `first`. With an `rng`, digits
    /// are tried in random order (for random solved grids).
    pub fn count(
        &mut self,
        limit: usize,
        first: &mut Option<[u8; 81]>,
        rng: &mut Option<&mut Rng>,
    ) -> usize {
        // The empty cell with the fewest candidates (the first with at most one will do).
        let empty = (0..81)
            .filter(|&i| self.cells[i] == 0)
            .map(|i| (i, self.candidates(i)));
        let (i, candidates) = match bits::fewest_ones(empty, 1) {
            None => {
                if first.is_none() {
                    *first = Some(self.cells);
                }
                return 1;
            }
            Some(best) => best,
        };
        let mut digits: Vec<u8> = bits::ones(candidates).map(|d| d as u8 + 1).collect();
        if let Some(r) = rng.as_mut() {
            r.shuffle(&mut digits);
        }
        let mut found = 0;
        for v in digits {
            self.put(i, v);
            found += self.count(limit - found, first, rng);
            self.take(i);
            if found >= limit {
                break;
            }
        }
        found
    }
}

/// Number of solutions of `cells`, stopping at `limit`, and the first one found.
pub fn solutions(cells: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    match Backtracker::new(cells) {
        None => (0, None),
        Some(mut b) => {
            let mut first = None;
            let n = b.count(limit, &mut first, &mut None);
            (n, first)
        }
    }
}

/// A random solved grid, by backtracking from the empty grid with shuffled digit orders.
pub fn random_solution(rng: &mut Rng) -> [u8; 81] {
    let mut b = Backtracker::new(&[0; 81]).expect("the empty grid has no clash");
    let mut first = None;
    b.count(1, &mut first, &mut Some(rng));
    first.expect("the empty grid has solutions")
}

/// Whether `cells` (full) obeys every row, column and box.
pub fn is_valid_solution(cells: &[u8; 81]) -> bool {
    cells.iter().all(|&v| (1..=9).contains(&v)) && Backtracker::new(cells).is_some()
}

/// Whether `solution` is a valid full grid that keeps every given of `puzzle`.
pub fn completes(solution: &[u8; 81], puzzle: &[u8; 81]) -> bool {
    is_valid_solution(solution) && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> [u8; 81] {
        let mut g = [0; 81];
        for (v, b) in g.iter_mut().zip(line.bytes()) {
            *v = if b == b'.' { 0 } else { b - b'0' };
        }
        g
    }

    #[test]
    fn counts_and_completes() {
        let puzzle = grid(
            "103000509002109400000704000300502006060000050700803004000401000009205800804000107",
        );
        let (n, first) = solutions(&puzzle, 2);
        assert_eq!(n, 1);
        let s = first.unwrap();
        assert!(completes(&s, &puzzle));
        assert!(!completes(&puzzle, &puzzle));
        assert_eq!(solutions(&[0; 81], 5).0, 5);
        // Two 7s in row 0: no solution, not even tried.
        let mut clash = [0; 81];
        clash[0] = 7;
        clash[5] = 7;
        assert_eq!(solutions(&clash, 2), (0, None));
    }

    #[test]
    fn random_solutions_are_valid_and_seeded() {
        let a = random_solution(&mut Rng::new(3));
        assert!(is_valid_solution(&a));
        assert_eq!(a, random_solution(&mut Rng::new(3)));
        assert_ne!(a, random_solution(&mut Rng::new(4)));
    }
}
