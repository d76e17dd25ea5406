//! 2-SAT: satisfiability of a conjunction of two-literal clauses (ACL's TwoSat).
//!
//! ```
//! let mut ts = twosat::TwoSat::new(2);
//! ts.add_clause(0, true, 1, true); // x0 or x1
//! ts.add_clause(0, false, 0, false); // not x0
//! assert!(ts.satisfiable());
//! assert_eq!(ts.answer(), [false, true]);
//! ```

use scc::SccGraph;

/// A 2-SAT instance over variables `0..n`.
#[derive(Clone)]
pub struct TwoSat {
    n: usize,
    answer: Vec<bool>,
    scc: SccGraph,
}

impl TwoSat {
    /// An instance with `n` variables and no clauses. O(n).
    pub fn new(n: usize) -> Self {
        Self {
            n,
            answer: vec![false; n],
            scc: SccGraph::new(2 * n),
        }
    }

    /// Adds the clause `(x_i == f) or (x_j == g)`. Amortized O(1).
    ///
    /// # Panics
    /// When `i` or `j` is not below n.
    pub fn add_clause(&mut self, i: usize, f: bool, j: usize, g: bool) {
        assert!(i < self.n && j < self.n);
        // Literal (x, b) is vertex 2x + b; a clause a or b gives not a -> b and not b -> a.
        let (a, b) = (2 * i + f as usize, 2 * j + g as usize);
        self.scc.add_edge(a ^ 1, b);
        self.scc.add_edge(b ^ 1, a);
    }

    /// Whether some assignment satisfies every clause; if so, [`TwoSat::answer`] holds one.
    /// O(n + m).
    pub fn satisfiable(&mut self) -> bool {
        let (_, id) = self.scc.scc_ids();
        for i in 0..self.n {
            if id[2 * i] == id[2 * i + 1] {
                return false;
            }
            // The literal later in topological order is the one that implies nothing false.
            self.answer[i] = id[2 * i] < id[2 * i + 1];
        }
        true
    }

    /// A satisfying assignment found by the last [`TwoSat::satisfiable`] call that returned
    /// true (unspecified otherwise). O(1).
    pub fn answer(&self) -> &[bool] {
        &self.answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    #[test]
    fn random_against_brute_force() {
        let mut rng = Rng::new(9);
        for _ in 0..3000 {
            let n = 1 + rng.below(8);
            let m = rng.below(4 * n);
            let mut ts = TwoSat::new(n);
            let mut cl = vec![];
            for _ in 0..m {
                let c = (
                    rng.below(n),
                    rng.below(2) == 1,
                    rng.below(n),
                    rng.below(2) == 1,
                );
                ts.add_clause(c.0, c.1, c.2, c.3);
                cl.push(c);
            }
            let holds =
                |x: &dyn Fn(usize) -> bool| cl.iter().all(|&(i, f, j, g)| x(i) == f || x(j) == g);
            let brute = (0..1u32 << n).any(|mask| holds(&|i| mask >> i & 1 == 1));
            assert_eq!(ts.satisfiable(), brute);
            if brute {
                let a = ts.answer().to_vec();
                assert_eq!(a.len(), n);
                assert!(holds(&|i| a[i]));
            }
        }
    }

    #[test]
    fn edge_cases() {
        let mut ts = TwoSat::new(0);
        assert!(ts.satisfiable());
        let mut ts = TwoSat::new(1);
        ts.add_clause(0, true, 0, true);
        ts.add_clause(0, false, 0, false);
        assert!(!ts.satisfiable());
    }
}
