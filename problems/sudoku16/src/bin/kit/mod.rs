//! Test-kit helpers shared by the generator and the reference: a seeded random source and
//! an exact-cover search ([`dlx`]) independent of the library's solver.

#![allow(dead_code)] // each binary uses a different part

pub mod dlx;

use sudoku16::grid::Grid;

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

/// A random solved grid: a randomized exact-cover search from the empty grid.
/// Deterministic in `rng`.
pub fn random_solution(rng: &mut Rng) -> Grid {
    let found = dlx::completions(&Grid::empty(), None, 1, rng.next());
    found[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_solutions_are_solved_and_differ() {
        let mut rng = Rng(7);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert!(a.is_solved() && b.is_solved());
        assert_ne!(a, b);
        assert_eq!(a, random_solution(&mut Rng(7)));
    }
}
