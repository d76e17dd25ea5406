//! Test kit: a plain minimum-remaining-values backtracker on row/column/box digit masks,
//! independent of the library's search. Used by gen and ref.

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
        // The empty cell with the fewest candidates.
        let mut best = None;
        let mut best_count = 10;
        for i in 0..81 {
            if self.cells[i] == 0 {
                let n = self.candidates(i).count_ones();
                if n < best_count {
                    best = Some(i);
                    best_count = n;
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        let i = match best {
            None => {
                if first.is_none() {
                    *first = Some(self.cells);
                }
                return 1;
            }
            Some(i) => i,
        };
        let mut digits: Vec<u8> = (1..=9u8)
            .filter(|&v| self.candidates(i) & (1 << (v - 1)) != 0)
            .collect();
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
