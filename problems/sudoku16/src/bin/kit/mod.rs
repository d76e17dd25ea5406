//! Test-kit helpers shared by the generator and the reference: a plain backtracking search
//! (independent of the library's solver) and a seeded random generator.
//!
//! The search keeps only the letters used in each unit between nodes: at each node it
//! recomputes every open cell's letters and every letter's places in every unit, and branches
//! on the smallest of them (a cell's letters or a letter's places). A count of 0 is a dead end.
//! Slow (microseconds per node) but short enough to check by reading.

#![allow(dead_code)] // each binary uses a different part

use sudoku16::grid::{unit_cell, Cell, Digit, Grid, CELLS, UNITS};

/// SplitMix64.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Shuffles `v` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// What [`Search`] stops at.
pub struct Search<'a> {
    /// Stop after this many solutions.
    pub limit: usize,
    /// Give up after this many nodes (`u64::MAX` for never).
    pub budget: u64,
    /// Randomizes the order of alternatives when set.
    pub rng: Option<&'a mut Rng>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Solutions found so far (at most `limit`).
    pub found: Vec<Grid>,
    /// Only solutions without this letter in this cell count (index, letter).
    pub forbid: Option<(usize, u32)>,
}

/// The search ran out of nodes before deciding.
#[derive(Debug)]
pub struct OutOfBudget;

impl<'a> Search<'a> {
    /// A search that stops at `limit` solutions or `budget` nodes.
    pub fn new(limit: usize, budget: u64) -> Search<'a> {
        Search {
            limit,
            budget,
            rng: None,
            nodes: 0,
            found: Vec::new(),
            forbid: None,
        }
    }

    /// Searches the completions of `grid` (which must have no clash) until `limit` are found
    /// or all are seen. `Err` if the budget ran out first.
    pub fn run(&mut self, grid: &Grid) -> Result<(), OutOfBudget> {
        let mut g = *grid;
        let mut used = [0u16; UNITS];
        for i in 0..CELLS {
            let cell = Cell::from_index(i);
            if let Some(d) = g.get(cell) {
                for &(u, _) in cell.units().iter() {
                    used[u] |= d.bit();
                }
            }
        }
        self.go(&mut g, &mut used)
    }

    /// `used[unit]` = letters present in `unit` of `g`.
    fn go(&mut self, g: &mut Grid, used: &mut [u16; UNITS]) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        // Each open cell's letters, and each letter's places in each unit.
        let mut places = [[0u16; 16]; UNITS];
        // The smallest choice so far: a cell (with its letters) or a unit and letter.
        let mut best = u32::MAX;
        let mut best_cell = None;
        for i in 0..CELLS {
            let cell = Cell::from_index(i);
            if g.get(cell).is_some() {
                continue;
            }
            let u = cell.units();
            let mut cand = !(used[u[0].0] | used[u[1].0] | used[u[2].0]);
            if let Some((c, d)) = self.forbid {
                if c == i {
                    cand &= !(1 << d);
                }
            }
            if cand.count_ones() < best {
                best = cand.count_ones();
                best_cell = Some((i, cand));
            }
            for &(unit, pos) in u.iter() {
                for (d, p) in places[unit].iter_mut().enumerate() {
                    if cand >> d & 1 == 1 {
                        *p |= 1 << pos;
                    }
                }
            }
        }
        let (cell, cand) = match best_cell {
            None => {
                self.found.push(*g);
                return Ok(());
            }
            Some(c) => c,
        };
        // Alternatives as (cell, letter) pairs.
        let mut options = [(0usize, 0u32); 16];
        let mut n = 0;
        for d in 0..16 {
            if cand >> d & 1 == 1 {
                options[n] = (cell, d);
                n += 1;
            }
        }
        for (unit, p) in places.iter().enumerate() {
            for (d, &p) in p.iter().enumerate() {
                if used[unit] >> d & 1 == 0 && p.count_ones() < best {
                    best = p.count_ones();
                    n = 0;
                    for i in 0..16 {
                        if p >> i & 1 == 1 {
                            options[n] = (unit_cell(unit, i).index(), d as u32);
                            n += 1;
                        }
                    }
                }
            }
        }
        if let Some(rng) = self.rng.as_mut() {
            rng.shuffle(&mut options[..n]);
        }
        for &(i, d) in &options[..n] {
            let cell = Cell::from_index(i);
            let units = cell.units();
            g.set(cell, Some(Digit::new(d)));
            for &(u, _) in units.iter() {
                used[u] |= 1 << d;
            }
            let r = self.go(g, used);
            for &(u, _) in units.iter() {
                used[u] &= !(1 << d);
            }
            g.set(cell, None);
            r?;
            if self.found.len() >= self.limit {
                return Ok(());
            }
        }
        Ok(())
    }
}

/// A uniformly shuffled random solved grid: a random search from the empty grid, restarted
/// when it takes long. Deterministic in `rng`.
pub fn random_solution(rng: &mut Rng) -> Grid {
    loop {
        let mut s = Search::new(1, 20_000);
        s.rng = Some(rng);
        if s.run(&Grid::empty()).is_ok() {
            if let Some(g) = s.found.pop() {
                return g;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_solutions_are_solved() {
        let mut rng = Rng(7);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert!(a.is_solved() && b.is_solved());
        assert_ne!(a, b);
    }

    #[test]
    fn counts_solutions() {
        let mut rng = Rng(3);
        let full = random_solution(&mut rng);
        // Clearing one cell keeps the solution unique.
        let mut g = full;
        g.set(Cell::from_index(17), None);
        let mut s = Search::new(2, u64::MAX);
        s.run(&g).unwrap();
        assert_eq!(s.found, vec![full]);
        // The empty grid has many.
        let mut s = Search::new(2, u64::MAX);
        s.run(&Grid::empty()).unwrap();
        assert_eq!(s.found.len(), 2);
        assert_ne!(s.found[0], s.found[1]);
    }
}
