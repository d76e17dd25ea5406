//! Test-kit helpers shared by the generator and the reference: a seeded random source and
//! an exact-cover search ([`dlx`]) independent of the library's solver.

#![allow(dead_code)] // each binary uses a different part

pub mod dlx;

use sudoku16::Grid;

pub use rng::Rng;

/// A random solved grid: a randomized exact-cover search from the empty grid.
/// Deterministic in `rng`.
pub fn random_solution(rng: &mut Rng) -> Grid {
    let found = dlx::completions(&Grid::empty(), None, 1, rng.next_u64());
    found[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku16::CellValues;

    #[test]
    fn random_solutions_are_solved_and_differ() {
        let mut rng = Rng::new(7);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert!(a.is_solved() && b.is_solved());
        assert_ne!(a, b);
        assert_eq!(a, random_solution(&mut Rng::new(7)));
    }
}
