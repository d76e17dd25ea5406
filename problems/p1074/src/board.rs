//! A partial sudoku board with candidates kept up to date, singles propagation and the
//! completion search every other search hands its leaves to.

use super::grid::*;
use super::objective::*;

/// A partial grid: each cell's digit, each empty cell's candidates, and per unit the digits
/// already used there, all kept up to date as digits are placed.
///
/// ```text
///   digit[c]     the digit of cell c, 0 when empty
///   cand[c]      ALL - used[ROW[c]] - used[9 + COL[c]] - used[18 + BOX[c]] when empty,
///                NONE when filled (a placed digit leaves its 20 peers' candidates)
///   used[0..9]   rows       used[9..18]  columns       used[18..27]  boxes
///   filled       how many cells hold a digit
///   settled      a round found nothing to place since the last placement
/// ```
///
/// 300 bytes and `Copy`: a branch copies the board instead of undoing moves.
#[derive(Clone, Copy)]
pub struct Board {
    /// The digit of each cell, 0 when empty.
    pub digit: [u8; CELLS],
    cand: [DigitSet; CELLS],
    used: [DigitSet; 27],
    /// How many cells hold a digit.
    filled: u8,
    /// Whether a propagation round has found nothing to place since the last placement.
    settled: bool,
}

impl Board {
    /// The board of `givens`, or `None` if two givens clash. O(81).
    pub fn new(givens: &Grid) -> Option<Board> {
        let mut b = Board {
            digit: [0; CELLS],
            cand: [DigitSet::ALL; CELLS],
            used: [DigitSet::NONE; 27],
            filled: 0,
            settled: false,
        };
        for (c, &d) in givens.0.iter().enumerate() {
            if d != 0 && !b.put(c, d) {
                return None;
            }
        }
        Some(b)
    }

    /// Digits that cell `c` may still take; none for a filled cell. O(1).
    #[inline(always)]
    pub fn candidates(&self, c: usize) -> DigitSet {
        self.cand[c]
    }

    /// Writes `d` into the empty cell `c`. Requires `d` to be a candidate of `c`. O(20).
    #[inline(always)]
    pub fn place(&mut self, c: usize, d: u8) {
        self.digit[c] = d;
        self.cand[c] = DigitSet::NONE;
        self.filled += 1;
        self.settled = false;
        let bit = DigitSet::single(d);
        for u in [ROW[c] as usize, 9 + COL[c] as usize, 18 + BOX[c] as usize] {
            self.used[u] = self.used[u].union(bit);
        }
        for &p in PEERS[c].iter() {
            let p = usize::from(p);
            self.cand[p] = self.cand[p].minus(bit);
        }
    }

    /// Fills naked singles (a cell with one candidate) and hidden singles (a digit with one
    /// place in a unit) until none is left. `false` on a contradiction: an empty cell without
    /// candidates, or a unit where a missing digit has no place.
    ///
    /// Each round takes the candidates as they are at its start, places the naked singles
    /// among them (each checked against the live candidates), then finds hidden singles from
    /// the same start. Stale sets only hold more digits than the live ones, and everything
    /// placed in a round follows from the round's start, so a hidden single whose cell can
    /// no longer take its digit is a contradiction, not a mistake. O(81 + 27 * 9) per round,
    /// at most 81 rounds.
    pub fn propagate(&mut self) -> bool {
        self.propagate_rounds(usize::MAX)
    }

    /// [`Board::propagate`], stopping after `rounds` rounds even if more singles are left
    /// (those are then still open, which is correct, only less pruned). `false` on a
    /// contradiction found in those rounds.
    fn propagate_rounds(&mut self, rounds: usize) -> bool {
        for _ in 0..rounds {
            if self.settled {
                // The last round saw this very board: nothing to place, no contradiction.
                return true;
            }
            let start = self.cand;
            // Filled cells have no candidates: a dead cell is one more cell without any.
            let without = start.iter().fold(0u8, |n, m| n + u8::from(m.is_empty()));
            if without > self.filled {
                return false;
            }
            let any_single = start.iter().fold(false, |a, m| a | m.is_single());
            // Naked singles.
            let mut progress = false;
            if any_single {
                for (c, &m) in start.iter().enumerate() {
                    if m.is_single() {
                        let d = m.highest();
                        if !self.candidates(c).contains(d) {
                            return false;
                        }
                        self.place(c, d);
                        progress = true;
                    }
                }
            }
            // Hidden singles: per unit, the digits seen once and at least twice.
            let (once, twice) = seen_once_twice(&start);
            let mut dead = 0;
            let mut singles = 0;
            for u in 0..27 {
                let missing = self.used[u].complement();
                dead |= missing.minus(once[u]).0;
                singles |= missing.minus(twice[u]).0;
            }
            if dead != 0 {
                return false;
            }
            if singles != 0 {
                for (u, unit) in UNITS.iter().enumerate() {
                    let missing = self.used[u].complement();
                    for d in missing.minus(twice[u]).high_first() {
                        let place = unit
                            .iter()
                            .map(|&c| c as usize)
                            .find(|&c| self.candidates(c).contains(d));
                        match place {
                            Some(c) => self.place(c, d),
                            // Placed meanwhile in this unit: fine; otherwise no place left.
                            None if self.used[u].contains(d) => {}
                            None => return false,
                        }
                        progress = true;
                    }
                }
            }
            if !progress {
                self.settled = true;
                return true;
            }
        }
        true
    }

    /// Writes `d` into cell `c` unless it holds `d` already: `false` (and nothing written)
    /// when `c` holds another digit or cannot take `d`. O(20).
    #[inline]
    pub fn put(&mut self, c: usize, d: u8) -> bool {
        if self.digit[c] != 0 {
            return self.digit[c] == d;
        }
        let fits = self.candidates(c).contains(d);
        if fits {
            self.place(c, d);
        }
        fits
    }

    /// [`Board::put`]s `d` into each of `cells`, then runs one propagation round. `false` on
    /// a contradiction. O(20 * cells.len() + 81 + 243).
    pub fn place_all(&mut self, cells: &[usize], d: u8) -> bool {
        if !cells.iter().all(|&c| self.put(c, d)) {
            return false;
        }
        // One round: most contradictions show in the first; the rest cost more than they
        // prune, and the leaf's completion search propagates fully anyway.
        self.propagate_rounds(1)
    }

    /// The digits cell `c` can take, bit `d` for digit `d`: its own if filled, else its
    /// candidates. O(1).
    pub fn takes(&self, c: usize) -> u16 {
        match self.digit[c] {
            0 => self.candidates(c).0,
            d => DigitSet::single(d).0,
        }
    }

    /// The empty cell with the fewest candidates (first on ties; the first with two or fewer
    /// ends the scan), or `None` when full. O(81).
    fn most_constrained(&self) -> Option<usize> {
        let empty = (0..CELLS).filter(|&c| self.digit[c] == 0);
        bits::fewest_ones(empty.map(|c| (c, self.cand[c].0)), 2).map(|(c, _)| c)
    }

    /// The missing digit of some unit with the fewest places there, if fewer than `below`:
    /// (unit, digit). Requires a propagated board (every missing digit has 2 or more places).
    /// O(81 + 27 * 9 * 9).
    fn scarcest_digit(&self, below: u32) -> Option<(usize, u8)> {
        let cand = &self.cand;
        let (mut best, mut fewest) = (None, below);
        for (u, unit) in UNITS.iter().enumerate() {
            for d in self.used[u].complement().high_first() {
                let n = unit
                    .iter()
                    .filter(|&&c| cand[c as usize].contains(d))
                    .count() as u32;
                if n < fewest {
                    fewest = n;
                    best = Some((u, d));
                    if n <= 2 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Some completion of this board, or `None` if there is none. Counts its nodes in
    /// `nodes`. Exponential in the worst case, like any sudoku search.
    ///
    /// Two searches: first branching on cells only (digits high first), which finds a
    /// completion of a sparse board in a few dozen nodes but can take thousands to prove a
    /// board dead; past [`Board::CELL_SEARCH_BUDGET`] nodes, a second one that also branches
    /// on the places of a unit's digit when they are fewer than the best cell's candidates,
    /// which proves dead boards in about a quarter of the nodes (but can wander long before
    /// finding a completion of a nearly empty board).
    pub fn complete(self, nodes: &mut u64) -> Option<Board> {
        let mut budget = Self::CELL_SEARCH_BUDGET;
        match self.search(false, nodes, &mut budget) {
            Ok(found) => found,
            Err(OutOfBudget) => {
                let mut unlimited = u64::MAX;
                // 2^64 nodes are never reached.
                self.search(true, nodes, &mut unlimited).unwrap_or(None)
            }
        }
    }

    /// A good first completion, for the incumbent: the objective cells filled greedily
    /// (corners, the centre, then the other block cells), each with its largest digit that
    /// survives propagation, then any completion of the rest; `None` if the dive dead-ends
    /// (or its completion search runs out of nodes). O(17 propagations + 400 nodes).
    pub fn greedy_completion(mut self, nodes: &mut u64) -> Option<Board> {
        if !self.propagate() {
            return None;
        }
        let corners = CORNER_BOXES.iter().map(|b| b[0]);
        let others = CORNER_BOXES.iter().flat_map(|b| b[1..4].iter().copied());
        for c in corners.chain(std::iter::once(CENTRE)).chain(others) {
            if self.digit[c] != 0 {
                continue;
            }
            let mut next = None;
            for d in self.candidates(c).high_first() {
                let mut child = self;
                child.place(c, d);
                if child.propagate() {
                    next = Some(child);
                    break;
                }
            }
            self = next?;
        }
        // A dive that dead-ends can take long to prove so: give it a few hundred nodes.
        let mut budget = Self::GREEDY_BUDGET;
        self.search(false, nodes, &mut budget).ok().flatten()
    }

    /// Nodes of [`Board::greedy_completion`]'s completion search.
    const GREEDY_BUDGET: u64 = 400;

    /// Nodes of [`Board::complete`]'s first search.
    const CELL_SEARCH_BUDGET: u64 = 256;

    /// The search of [`Board::complete`] (branching on the places of a unit's digit too with
    /// `by_places`): `Ok(Some)` a completion, `Ok(None)` none, `Err` when it has visited
    /// `budget` nodes (each node takes one off).
    fn search(
        mut self,
        by_places: bool,
        nodes: &mut u64,
        budget: &mut u64,
    ) -> Result<Option<Board>, OutOfBudget> {
        if *budget == 0 {
            return Err(OutOfBudget);
        }
        *budget -= 1;
        *nodes += 1;
        if !self.propagate() {
            return Ok(None);
        }
        let c = match self.most_constrained() {
            None => return Ok(Some(self)),
            Some(c) => c,
        };
        let fewest = self.candidates(c).len();
        if by_places && fewest > 2 {
            if let Some((u, d)) = self.scarcest_digit(fewest) {
                for &p in UNITS[u].iter() {
                    let p = p as usize;
                    if self.digit[p] == 0 && self.candidates(p).contains(d) {
                        let mut child = self;
                        child.place(p, d);
                        if let Some(full) = child.search(by_places, nodes, budget)? {
                            return Ok(Some(full));
                        }
                    }
                }
                return Ok(None);
            }
        }
        for d in self.candidates(c).high_first() {
            let mut child = self;
            child.place(c, d);
            if let Some(full) = child.search(by_places, nodes, budget)? {
                return Ok(Some(full));
            }
        }
        Ok(None)
    }
}

/// A budgeted search ran out of nodes (see [`Board::search`]).
struct OutOfBudget;

/// Per unit (rows, columns, boxes as in [`Board`]), the digits that `cand` holds in at least
/// one of its cells, and in at least two. Columns and each band's columns are folded nine
/// lanes at a time (the compiler vectorises them); rows and boxes then merge within. O(81).
#[inline(always)]
fn seen_once_twice(cand: &[DigitSet; CELLS]) -> ([DigitSet; 27], [DigitSet; 27]) {
    // (once, twice) of a union of two disjoint cell sets.
    let merge = |a: (u16, u16), b: (u16, u16)| (a.0 | b.0, a.1 | b.1 | (a.0 & b.0));
    let mut once = [DigitSet::NONE; 27];
    let mut twice = [DigitSet::NONE; 27];
    let (mut col_once, mut col_twice) = ([0u16; 9], [0u16; 9]);
    for band in 0..3 {
        // Per column, within this band.
        let (mut o, mut t) = ([0u16; 9], [0u16; 9]);
        for r in 3 * band..3 * band + 3 {
            let line = &cand[9 * r..9 * r + 9];
            let (mut ro, mut rt) = (0u16, 0u16);
            for k in 0..9 {
                let m = line[k].0;
                t[k] |= o[k] & m;
                o[k] |= m;
                rt |= ro & m;
                ro |= m;
            }
            once[r] = DigitSet(ro);
            twice[r] = DigitSet(rt);
        }
        for k in 0..9 {
            col_twice[k] |= col_once[k] & o[k] | t[k];
            col_once[k] |= o[k];
        }
        for b in 0..3 {
            let x = (o[3 * b], t[3 * b]);
            let y = merge(
                merge(x, (o[3 * b + 1], t[3 * b + 1])),
                (o[3 * b + 2], t[3 * b + 2]),
            );
            once[18 + 3 * band + b] = DigitSet(y.0);
            twice[18 + 3 * band + b] = DigitSet(y.1);
        }
    }
    for k in 0..9 {
        once[9 + k] = DigitSet(col_once[k]);
        twice[9 + k] = DigitSet(col_twice[k]);
    }
    (once, twice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::shuffled_full;
    use rng::Rng;

    /// Singles propagation the obvious way: one placement at a time, candidates recomputed
    /// from scratch. `None` on a contradiction.
    fn slow_propagate(mut g: Grid) -> Option<Grid> {
        let cand = |g: &Grid, c: usize| {
            let mut used = DigitSet::NONE;
            for unit in UNITS.iter().filter(|u| u.contains(&(c as u8))) {
                for &p in unit {
                    if g.0[p as usize] != 0 {
                        used = used.union(DigitSet::single(g.0[p as usize]));
                    }
                }
            }
            used.complement()
        };
        'again: loop {
            for c in (0..CELLS).filter(|&c| g.0[c] == 0) {
                let m = cand(&g, c);
                if m.is_empty() {
                    return None;
                }
                if m.is_single() {
                    g.0[c] = m.highest();
                    continue 'again;
                }
            }
            for unit in UNITS.iter() {
                for d in 1..=9 {
                    if unit.iter().any(|&c| g.0[c as usize] == d) {
                        continue;
                    }
                    let places: Vec<usize> = unit
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| g.0[c] == 0 && cand(&g, c).contains(d))
                        .collect();
                    match places.len() {
                        0 => return None,
                        1 => {
                            g.0[places[0]] = d;
                            continue 'again;
                        }
                        _ => {}
                    }
                }
            }
            return Some(g);
        }
    }

    #[test]
    fn propagation_matches_the_obvious_version() {
        let mut rng = Rng::new(99);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        let (mut solved, mut dead) = (0, 0);
        for seed in 0..300 {
            let full = shuffled_full(seed);
            let mut g = full;
            let keep = 15 + next(30);
            for c in 0..CELLS {
                if next(81) >= keep {
                    g.0[c] = 0;
                }
            }
            // Every third board gets a few wrong (but not clashing) givens: contradictions.
            if seed % 3 == 0 {
                for _ in 0..4 {
                    let c = next(81) as usize;
                    let d = next(9) as u8 + 1;
                    let old = g.0[c];
                    g.0[c] = d;
                    if g.first_clash().is_some() {
                        g.0[c] = old;
                    }
                }
            }
            let want = slow_propagate(g);
            let got = Board::new(&g).and_then(|mut b| {
                let alive = b.propagate();
                alive.then_some(Grid(b.digit))
            });
            assert_eq!(got, want, "{}", g);
            match want {
                Some(p) if p.givens() == CELLS => solved += 1,
                None => dead += 1,
                _ => {}
            }
        }
        assert!(solved > 10 && dead > 10, "{} solved, {} dead", solved, dead);
    }
}
