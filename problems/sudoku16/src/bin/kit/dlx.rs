//! Knuth's Algorithm X with dancing links over the 16x16 sudoku's exact-cover matrix: the test
//! kit's search, written from the textbook and sharing no search code with the library.
//!
//! Columns (constraints, each to be met exactly once), 1024 in all:
//!
//! ```text
//!   column    0 ..  256   cell (r, c) is filled            16 * r + c
//!   column  256 ..  512   row r holds digit d       256 + 16 * r + d
//!   column  512 ..  768   column c holds digit d    512 + 16 * c + d
//!   column  768 .. 1024   box b holds digit d       768 + 16 * b + d     b = 4 * (r / 4) + c / 4
//! ```
//!
//! Rows (options): "digit d in cell (r, c)", 4096 in all, each meeting four columns. Only
//! the options a puzzle leaves open are linked (empty cell, digit in none of its units), and
//! only the columns its givens leave unmet, so the search starts right after the givens.
//!
//! Nodes live in one array of `Node`s, linked by index:
//!
//! ```text
//!   node 0                       root: left/right thread the unmet column headers
//!   node 1 + j                   header of column j (up/down thread its option nodes)
//!   node 1025 + 4 k .. + 4       the four nodes of the k-th linked option, in column order
//!                                cell, row-digit, column-digit, box-digit
//! ```
//!
//! Branching takes the first column with the fewest options (Knuth's MRV); with a random
//! source its options are tried in random order, for restarts.

use super::Rng;
use sudoku16::{Cell, CellValues, Digit, Grid};

/// Cells on the board.
const CELLS: usize = Cell::COUNT;
/// Cells in a unit, digits in the alphabet.
const SIDE: usize = Cell::SIDE;

/// Number of columns.
const COLUMNS: usize = 4 * CELLS;
/// The root node.
const ROOT: usize = 0;

/// The search ran out of its node budget before deciding.
#[derive(Debug, PartialEq)]
pub struct OutOfBudget;

/// The four columns met by digit `d` (0..16) in cell (`r`, `c`).
fn columns_of(r: usize, c: usize, d: usize) -> [usize; 4] {
    let b = r / 4 * 4 + c / 4;
    [
        SIDE * r + c,
        256 + SIDE * r + d,
        512 + SIDE * c + d,
        768 + SIDE * b + d,
    ]
}

/// One node of the matrix: its four links and its column's header, as node indices (the
/// matrix has 17409 nodes, so 16 bits each keep the whole matrix in 170 KB of cache).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Node {
    left: u16,
    right: u16,
    up: u16,
    down: u16,
    header: u16,
}

/// The exact-cover matrix of one puzzle, ready to search. Building is O(4096); each search
/// node costs O(options removed), and every search leaves the matrix as it found it.
pub struct ExactCover {
    node: Vec<Node>,
    /// Options still linked in each column, indexed by header node.
    size: Vec<usize>,
    /// `columns_of_size[s]`: how many columns in the header list have `s` options (at most
    /// 16), so the branching scan can stop at the first column of the smallest size.
    columns_of_size: [usize; SIDE + 1],
    /// (cell index, digit) of each option, indexed by (node - 1 - COLUMNS) / 4.
    option: Vec<(usize, usize)>,
    /// The givens; solutions are these plus the chosen options.
    puzzle: Grid,
    /// Two givens clash: no solution, whatever the matrix says.
    clash: bool,
    /// Options chosen on the current path.
    path: Vec<usize>,
}

impl ExactCover {
    /// The matrix of `puzzle`'s completions, leaving out the option `exclude` if given (so a
    /// search finds the completions that do not put that digit in that cell).
    pub fn new(puzzle: &Grid, exclude: Option<(Cell, Digit)>) -> ExactCover {
        // met[j]: column j is already met by a given.
        let mut met = [false; COLUMNS];
        let mut clash = false;
        for i in 0..CELLS {
            if let Some(d) = puzzle.get(Cell::from_index(i)) {
                for j in columns_of(i / SIDE, i % SIDE, d.index()) {
                    clash |= met[j];
                    met[j] = true;
                }
            }
        }
        let nodes = 1 + COLUMNS + 4 * CELLS * SIDE;
        let mut m = ExactCover {
            node: (0..nodes as u16)
                .map(|i| Node {
                    left: i,
                    right: i,
                    up: i,
                    down: i,
                    header: i,
                })
                .collect(),
            size: vec![0; 1 + COLUMNS],
            columns_of_size: [0; SIDE + 1],
            option: Vec::new(),
            puzzle: *puzzle,
            clash,
            path: Vec::new(),
        };
        // Thread the unmet headers after the root.
        let unmet: Vec<usize> = (0..COLUMNS).filter(|&j| !met[j]).collect();
        let mut last = ROOT;
        for &j in &unmet {
            m.node[last].right = (1 + j) as u16;
            m.node[1 + j].left = last as u16;
            last = 1 + j;
        }
        m.node[last].right = ROOT as u16;
        m.node[ROOT].left = last as u16;
        // Append each open option as a horizontal ring of four nodes, each at the bottom
        // of its column.
        for i in 0..CELLS {
            if puzzle.get(Cell::from_index(i)).is_some() {
                continue;
            }
            for d in 0..SIDE {
                let cols = columns_of(i / SIDE, i % SIDE, d);
                let excluded = exclude.map_or(false, |(c, e)| c.index() == i && e.index() == d);
                if excluded || cols.iter().any(|&j| met[j]) {
                    continue;
                }
                let first = 1 + COLUMNS + 4 * m.option.len();
                m.option.push((i, d));
                for (k, &j) in cols.iter().enumerate() {
                    let (at, head) = (first + k, 1 + j);
                    let above = m.node[head].up;
                    m.node[at] = Node {
                        left: (first + (k + 3) % 4) as u16,
                        right: (first + (k + 1) % 4) as u16,
                        up: above,
                        down: head as u16,
                        header: head as u16,
                    };
                    m.node[above as usize].down = at as u16;
                    m.node[head].up = at as u16;
                    m.size[head] += 1;
                }
            }
        }
        for &j in &unmet {
            m.columns_of_size[m.size[1 + j]] += 1;
        }
        m
    }

    /// Removes column `c` from the header list and every option meeting it from the other
    /// columns.
    fn cover(&mut self, c: usize) {
        let Node { left, right, .. } = self.node[c];
        self.node[left as usize].right = right;
        self.node[right as usize].left = left;
        self.columns_of_size[self.size[c]] -= 1;
        let mut i = self.node[c].down as usize;
        while i != c {
            let mut j = self.node[i].right as usize;
            while j != i {
                let Node {
                    up, down, header, ..
                } = self.node[j];
                self.node[up as usize].down = down;
                self.node[down as usize].up = up;
                let size = &mut self.size[header as usize];
                self.columns_of_size[*size] -= 1;
                *size -= 1;
                self.columns_of_size[*size] += 1;
                j = self.node[j].right as usize;
            }
            i = self.node[i].down as usize;
        }
    }

    /// Undoes [`cover`](Self::cover)`(c)`, in exactly the reverse order.
    fn uncover(&mut self, c: usize) {
        let mut i = self.node[c].up as usize;
        while i != c {
            let mut j = self.node[i].left as usize;
            while j != i {
                let Node {
                    up, down, header, ..
                } = self.node[j];
                let size = &mut self.size[header as usize];
                self.columns_of_size[*size] -= 1;
                *size += 1;
                self.columns_of_size[*size] += 1;
                self.node[up as usize].down = j as u16;
                self.node[down as usize].up = j as u16;
                j = self.node[j].left as usize;
            }
            i = self.node[i].up as usize;
        }
        self.columns_of_size[self.size[c]] += 1;
        let Node { left, right, .. } = self.node[c];
        self.node[left as usize].right = c as u16;
        self.node[right as usize].left = c as u16;
    }

    /// The completions of the puzzle, at most `limit` of them, or `Err` after `budget`
    /// search nodes. With `rng`, the options of each branching column are tried in random
    /// order. The matrix is unchanged afterwards, so it can be searched again.
    pub fn search(
        &mut self,
        limit: usize,
        budget: u64,
        mut rng: Option<&mut Rng>,
    ) -> Result<Vec<Grid>, OutOfBudget> {
        let mut found = Vec::new();
        if self.clash || limit == 0 {
            return Ok(found);
        }
        let mut nodes = 0;
        let r = self.go(limit, budget, &mut nodes, &mut rng, &mut found);
        r.map(|()| found)
    }

    fn go(
        &mut self,
        limit: usize,
        budget: u64,
        nodes: &mut u64,
        rng: &mut Option<&mut Rng>,
        found: &mut Vec<Grid>,
    ) -> Result<(), OutOfBudget> {
        *nodes += 1;
        if *nodes > budget {
            return Err(OutOfBudget);
        }
        if self.node[ROOT].right as usize == ROOT {
            let mut g = self.puzzle;
            for &k in &self.path {
                let (i, d) = self.option[k];
                g.set(Cell::from_index(i), Some(Digit::from_index(d)));
            }
            found.push(g);
            return Ok(());
        }
        // The first column with the fewest options.
        let fewest = (0..=SIDE)
            .find(|&s| self.columns_of_size[s] > 0)
            .unwrap_or(0);
        let mut best = self.node[ROOT].right as usize;
        while self.size[best] != fewest {
            best = self.node[best].right as usize;
        }
        if self.size[best] == 0 {
            return Ok(());
        }
        // A column has at most 16 options (16 digits or 16 places).
        let mut rows = [0usize; SIDE];
        let n = self.size[best];
        let mut i = self.node[best].down as usize;
        for row in rows.iter_mut().take(n) {
            *row = i;
            i = self.node[i].down as usize;
        }
        let rows = &mut rows[..n];
        if let Some(r) = rng.as_mut() {
            r.shuffle(rows);
        }
        self.cover(best);
        let mut result = Ok(());
        for &row in rows.iter() {
            self.path.push((row - 1 - COLUMNS) / 4);
            let mut j = self.node[row].right as usize;
            while j != row {
                self.cover(self.node[j].header as usize);
                j = self.node[j].right as usize;
            }
            result = self.go(limit, budget, nodes, rng, found);
            let mut j = self.node[row].left as usize;
            while j != row {
                self.uncover(self.node[j].header as usize);
                j = self.node[j].left as usize;
            }
            self.path.pop();
            if result.is_err() || found.len() >= limit {
                break;
            }
        }
        self.uncover(best);
        result
    }
}

/// At most `limit` completions of `puzzle` (without `exclude`, as in [`ExactCover::new`]),
/// always decided: see [`completions_within`] (without a cap).
pub fn completions(
    puzzle: &Grid,
    exclude: Option<(Cell, Digit)>,
    limit: usize,
    seed: u64,
) -> Vec<Grid> {
    completions_within(puzzle, exclude, limit, seed, u64::MAX).unwrap_or_default()
}

/// At most `limit` completions of `puzzle` (without `exclude`): randomized searches with node
/// budgets doubling from 4096 (restarts cut the heavy tail of unlucky early choices) up to
/// `cap`; `Err` if a search with budget `cap` does not finish either. Deterministic in `seed`.
pub fn completions_within(
    puzzle: &Grid,
    exclude: Option<(Cell, Digit)>,
    limit: usize,
    seed: u64,
    cap: u64,
) -> Result<Vec<Grid>, OutOfBudget> {
    let mut m = ExactCover::new(puzzle, exclude);
    let mut rng = Rng::new(seed);
    let mut budget = cap.min(4096);
    loop {
        let r = m.search(limit, budget, Some(&mut rng));
        if r.is_ok() || budget == cap {
            return r;
        }
        budget = budget.saturating_mul(2).min(cap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts completions by the plainest search there is: the first empty cell in reading
    /// order, every digit not yet in its row, column or box. Only for grids with few empty
    /// cells.
    fn brute_count(g: &mut Grid) -> usize {
        let Some(i) = (0..CELLS).find(|&i| g.get(Cell::from_index(i)).is_none()) else {
            return 1;
        };
        let (r, c) = (i / SIDE, i % SIDE);
        let peers: Vec<Cell> = (0..SIDE)
            .flat_map(|k| {
                let (br, bc) = (r / 4 * 4 + k / 4, c / 4 * 4 + k % 4);
                [Cell::at(r, k), Cell::at(k, c), Cell::at(br, bc)]
            })
            .collect();
        let mut n = 0;
        for d in (0..16).map(Digit::from_index) {
            if peers.iter().all(|&p| g.get(p) != Some(d)) {
                g.set(Cell::from_index(i), Some(d));
                n += brute_count(g);
                g.set(Cell::from_index(i), None);
            }
        }
        n
    }

    fn solved(seed: u64) -> Grid {
        completions(&Grid::empty(), None, 1, seed).pop().unwrap()
    }

    #[test]
    fn completes_the_empty_grid() {
        let g = solved(1);
        assert!(g.is_solved());
        assert_ne!(g, solved(2));
        // Without a random source the search is deterministic.
        let mut m = ExactCover::new(&Grid::empty(), None);
        let a = m.search(2, u64::MAX, None).unwrap();
        assert_eq!(a.len(), 2);
        assert!(a[0].is_solved() && a[1].is_solved() && a[0] != a[1]);
        assert_eq!(a, m.search(2, u64::MAX, None).unwrap());
    }

    #[test]
    fn counts_agree_with_brute_force() {
        // Clear every cell holding one of a few digits: several completions, few enough
        // empty cells for the brute force.
        for (seed, digits) in [(3, 0b111u16), (4, 0b1_0101), (5, 0b1001)] {
            let full = solved(seed);
            let mut g = full;
            for i in 0..CELLS {
                let c = Cell::from_index(i);
                if g.get(c).map_or(false, |d| digits >> d.index() & 1 == 1) {
                    g.set(c, None);
                }
            }
            let want = brute_count(&mut g.clone());
            assert!(want >= 2, "seed {}: {} completions", seed, want);
            let all = ExactCover::new(&g, None).search(usize::MAX, u64::MAX, None);
            let all = all.unwrap();
            assert_eq!(all.len(), want, "seed {}", seed);
            assert!(all.contains(&full));
            assert!(all.iter().all(|s| s.is_solved() && s.extends(&g)));
            // Leaving out the original digit of a cell loses exactly the completions that
            // had it there.
            let c = (0..CELLS)
                .map(Cell::from_index)
                .find(|&c| g.get(c).is_none());
            let c = c.unwrap();
            let keep = full.get(c).unwrap();
            let rest = completions(&g, Some((c, keep)), usize::MAX, 9);
            let had = all.iter().filter(|s| s.get(c) == Some(keep)).count();
            assert_eq!(rest.len(), all.len() - had);
        }
    }

    #[test]
    fn searches_leave_the_matrix_as_built() {
        let mut g = solved(8);
        for i in (0..CELLS).step_by(2) {
            g.set(Cell::from_index(i), None);
        }
        let fresh = ExactCover::new(&g, None);
        let same = |m: &ExactCover| {
            m.node == fresh.node
                && m.size == fresh.size
                && m.columns_of_size == fresh.columns_of_size
                && m.path.is_empty()
        };
        // The size counts agree with the sizes of the columns in the header list.
        let mut counts = [0; SIDE + 1];
        let mut c = fresh.node[ROOT].right as usize;
        while c != ROOT {
            counts[fresh.size[c]] += 1;
            c = fresh.node[c].right as usize;
        }
        assert_eq!(counts, fresh.columns_of_size);
        let mut m = ExactCover::new(&g, None);
        for budget in [1, 5, 50, u64::MAX] {
            let _ = m.search(3, budget, Some(&mut Rng::new(budget)));
            assert!(same(&m), "budget {}", budget);
        }
    }

    #[test]
    fn unsolvable_and_clashing_grids_have_no_completion() {
        // Row 0 holds B..P in columns 1..15, and A sits below in column 0: cell (0, 0) can
        // take no digit, though no two givens clash.
        let mut g = Grid::empty();
        for c in 1..16 {
            g.set(Cell::at(0, c), Some(Digit::from_index(c)));
        }
        g.set(Cell::at(4, 0), Some(Digit::from_index(0)));
        assert!(g.first_clash().is_none());
        assert_eq!(brute_count(&mut g.clone()), 0);
        assert!(completions(&g, None, 1, 1).is_empty());
        // A clash among givens: nothing.
        let mut clash = Grid::empty();
        clash.set(Cell::at(0, 0), Some(Digit::from_index(0)));
        clash.set(Cell::at(0, 5), Some(Digit::from_index(0)));
        assert!(completions(&clash, None, 1, 1).is_empty());
        // A full grid with one cell cleared: one completion, none without its digit.
        let full = solved(6);
        let a = Cell::at(7, 9);
        let mut one = full;
        one.set(a, None);
        assert_eq!(completions(&one, None, 2, 1), vec![full]);
        assert!(completions(&one, Some((a, full.get(a).unwrap())), 1, 1).is_empty());
        // An out-of-budget search says so, and leaves the matrix usable.
        let mut m = ExactCover::new(&Grid::empty(), None);
        assert_eq!(m.search(1, 10, None), Err(OutOfBudget));
        assert!(m.search(1, u64::MAX, None).unwrap()[0].is_solved());
        assert_eq!(
            completions_within(&Grid::empty(), None, 1, 1, 100),
            Err(OutOfBudget)
        );
        assert_eq!(completions_within(&one, None, 2, 1, 100), Ok(vec![full]));
    }
}
