//! The search over the digits' patterns ([`crate::patterns`]) for the grids with few givens.
//!
//! The search takes digits high first while coefficient is left, each digit's patterns
//! heaviest first, and bounds the rest by [`knapsack`] and [`resource_table`]. Once all the
//! coefficient is placed the objective is fixed and the board's own completion search decides.
//! While coefficient is left, lists are not filtered but scanned from a cursor (the first
//! pattern that fits is the heaviest, and those before it never fit again below). A child is
//! checked on its parent's board before it is built (`rest_can_beat`): most children die
//! there, without a board copy or a propagation round.
//!
//! Those bounds see each digit alone; on grids with a few givens the proof took thousands of
//! nodes whose bounds sat points above the bar. So a search that runs past its first
//! `UNPRICED_NODES` starts again with the template bound ([`crate::templates`]), a
//! Lagrangian of the whole sudoku that on those grids is within a point of the optimum. A
//! pattern's *gap* is what its digit's best template loses by going through it
//! ([`TemplateBound::gap`]). The search then aims at the bound's ceiling, and a point lower
//! each time it finds nothing there, down to the bar (`aim`): each aim drops every pattern
//! whose gap alone leaves no room above it, checks each child (`templates_can_beat`: the
//! placed patterns' gaps, plus for each digit left the smallest gap of its patterns that still
//! fit, from a list sorted by gap, must fit in the room), and stops at the first completion
//! found, which the aims before have proved optimal. Within each kind, patterns are tried
//! smallest gap first.

use super::board::*;
use super::grid::*;
use super::objective::*;
use super::patterns::*;
use super::templates::*;
use bits::ones;

/// Pattern `p`'s [`TemplateBound::gap`] for digit `d`, `cells` being [`slot_cells`].
fn gap(t: &TemplateBound, d: usize, cells: &[usize; 37], p: &Pattern) -> i32 {
    let corners = p.at.map(|k| cells[usize::from(k)]);
    t.gap(d, corners, p.slots & CENTRE_SLOT != 0)
}

/// The cell of each bit of [`Pattern::slots`].
fn slot_cells() -> [usize; 37] {
    let mut out = [CENTRE; 37];
    for (k, c) in out.iter_mut().enumerate().take(36) {
        *c = slot_cell(k / 9, k % 9);
    }
    out
}

/// A digit's current pattern list: `arena[start..end]`.
#[derive(Clone, Copy, Default)]
struct List {
    start: usize,
    end: usize,
}

/// The search state. Lines are numbered `3 * middle box + line`.
struct PatternSearch<'a> {
    /// The board after each number of placed digits.
    boards: [Board; 10],
    /// The cell of each slot bit (see [`slot_cells`]).
    cells: [usize; 37],
    /// See [`resource_table`].
    table: Vec<[i16; STATES]>,
    /// Inner-line places and corners still free.
    inner_left: u8,
    corners_left: u8,
    /// The root's pattern lists, one run per digit; a node's view of a digit's list only
    /// starts later (see `search`).
    arena: Vec<Pattern>,
    /// Slots taken.
    occupied: u64,
    /// Per line, the cell masks of the digits on it, and how many there are.
    line_digits: [[u8; 3]; 12],
    line_count: [u8; 12],
    /// Per middle box, bit `8 * line + cells` set when a digit whose places on that line are
    /// `cells` can still join it.
    fits: [u32; 4],
    /// [`line_fits`] of no digit (`[0][0]`), of one with cells `a` (`[a][0]`) and of two
    /// (`[a][b]`).
    line_table: [[u32; 8]; 8],
    bar: i32,
    settle: &'a mut dyn FnMut(&Board, i32) -> i32,
    nodes: u64,
    /// Nodes allowed; past them the search unwinds.
    budget: u64,
    /// The digits placed, and the index of each one's middle lines (see [`cross_ways`]).
    placed: u16,
    line_index: [u8; 10],
    /// [`cross_ways`] and [`CrossMasks`].
    cross_table: Vec<[u128; 36]>,
    /// See [`CrossUses`].
    cross_uses: CrossUses,
    cross_masks: CrossMasks,
    /// Each digit's way through the cross in the last cover found (36: none yet).
    cross_last: [u8; 10],
    /// The bar when the budget ran out.
    incumbent: i32,
    /// The root's lists; the template bound, once known (see
    /// [`PatternSearch::bound_by_templates`]), with per digit its live patterns as `(gap,
    /// arena index)`, smallest gap first, in `ranked`; per depth, the sum of the placed
    /// patterns' gaps.
    root_lists: [List; 10],
    templates: Option<Box<TemplateBound>>,
    ranked: Vec<(i32, u32)>,
    rank_lists: [List; 10],
    path_gap: [i32; 10],
    /// Each root pattern's gap (by arena index), once the bound is known.
    gaps: Vec<i32>,
    /// No completion's objective is above this (`i32::MAX` before the bound).
    ceiling: i32,
}

impl PatternSearch<'_> {
    /// Whether pattern `p` fits the middle lines as they are.
    #[inline(always)]
    fn fits(&self, p: &Pattern) -> bool {
        (0..4).all(|m| self.fits[m] >> p.mid[m] & 1 == 1)
    }

    /// Places (`on`) or removes digit `d`'s pattern `p`.
    fn apply(&mut self, d: u8, p: &Pattern, on: bool) {
        self.occupied ^= p.slots;
        self.placed ^= 1 << d;
        let m = p.mid.map(|x| x / 8);
        self.line_index[usize::from(d)] = m[0] * 27 + m[1] * 9 + m[2] * 3 + m[3];
        if on {
            self.inner_left -= p.inner;
            self.corners_left -= p.corners;
        } else {
            self.inner_left += p.inner;
            self.corners_left += p.corners;
        }
        for (m, &x) in p.mid.iter().enumerate() {
            let k = 3 * m + usize::from(x / 8);
            if on {
                self.line_digits[k][usize::from(self.line_count[k])] = x % 8;
                self.line_count[k] += 1;
            } else {
                self.line_count[k] -= 1;
            }
            let shift = 8 * (k % 3);
            let on_line = &self.line_digits[k];
            let fit = match self.line_count[k] {
                0 => self.line_table[0][0],
                1 => self.line_table[usize::from(on_line[0])][0],
                2 => self.line_table[usize::from(on_line[0])][usize::from(on_line[1])],
                _ => 0,
            };
            self.fits[m] = self.fits[m] & !(0xff << shift) | fit << shift;
        }
    }

    /// Searches below a node: `lists[d]` for each digit `d` in `remaining` (the digits
    /// `1..=top`, placed high first), `value` the placed digits' part of the objective, `left`
    /// the coefficient still open. At `left == 0` the objective assignment is complete and the
    /// node's board goes to `settle`.
    fn search(&mut self, lists: &[List; 10], remaining: u16, value: i32, left: u8) {
        self.nodes += 1;
        if self.nodes > self.budget {
            // Out of nodes: everything left is pruned (the caller falls back).
            if self.bar != i32::MAX {
                self.incumbent = self.bar;
            }
            self.bar = i32::MAX;
            return;
        }
        let depth = 9 - remaining.count_ones() as usize;
        if left == 0 {
            // The objective is fixed: the board's own completion search decides the rest.
            // Every leaf is settled on its own board: two leaves with the same objective cells
            // differ in the placed digits' other slots, and one failing says nothing of the
            // other.
            if value > self.bar {
                let best = (self.settle)(&self.boards[depth], value);
                self.bar = self.bar.max(best);
                if self.bar >= self.ceiling {
                    // Optimal: nothing is left to beat, and the search unwinds.
                    self.bar = i32::MAX;
                }
            }
            return;
        }
        // Children are built with one round of propagation (cheap, for the many that die);
        // a node that lives propagates fully, once for all its children: a single it would
        // leave pending dooms, one by one, every child that does not take it.
        if !self.boards[depth].propagate() {
            return;
        }
        // Per remaining digit, the slots whose cells can still take it on the board (which
        // knows more than the root's lists: the placed digits and their propagation).
        let ok = &self.allowed(remaining, depth);
        // The lists are not filtered (cheaper near the root, where they are long and nodes
        // many): the heaviest pattern that still fits is the first one that fits, and the ones
        // before it never fit again below this node, so the lists handed down start there.
        let mut lists = *lists;
        let cap = match self.advance(&mut lists, remaining, ok, 0) {
            Some(cap) => cap,
            None => return,
        };
        let d = 15 - remaining.leading_zeros() as usize;
        let t = self.table[d][state(left, self.inner_left, self.corners_left)];
        match knapsack(remaining, &cap, left) {
            Some(b) if value + b > self.bar && value + i32::from(t) > self.bar => {}
            _ => return,
        }
        self.children(&lists, &cap, ok, remaining, value, left);
    }

    /// The children of a node that passed its bounds (see [`PatternSearch::search`]): the
    /// highest digit of `remaining` takes each of its patterns that fit, a whole kind (same
    /// coefficient, inner lines and corners) bounded at once, and each child is checked
    /// before it is built (`templates_can_beat`, `rest_can_beat`). `cap` is what each digit's
    /// heaviest fitting pattern weighs.
    #[inline(always)]
    fn children(
        &mut self,
        lists: &[List; 10],
        cap: &[u8; 10],
        ok: &[u64; 10],
        remaining: u16,
        value: i32,
        left: u8,
    ) {
        let depth = 9 - remaining.count_ones() as usize;
        let d = 15 - remaining.leading_zeros() as usize;
        let rest = remaining & !(1 << d);
        let list = lists[d];
        let mut i = list.start;
        while i < list.end {
            // A whole kind of patterns at once: same coefficient, inner lines and corners.
            let p = self.arena[i];
            let skip = i + usize::from(p.kind_left);
            let after = left - p.coef;
            let gain = d as i32 * i32::from(p.coef);
            // Lighter patterns only bound lower: the knapsack's slope is below `d`.
            match knapsack(rest, cap, after) {
                Some(b) if value + gain + b > self.bar => {}
                Some(_) => break,
                None => {
                    i = skip;
                    continue;
                }
            }
            let t = if p.inner > self.inner_left || p.corners > self.corners_left {
                i16::MIN
            } else {
                self.table[d - 1][state(
                    after,
                    self.inner_left - p.inner,
                    self.corners_left - p.corners,
                )]
            };
            if t != i16::MIN && value + gain + i32::from(t) > self.bar {
                for j in i..skip {
                    let q = self.arena[j];
                    if q.slots & !ok[d] != 0 || !self.fits(&q) {
                        continue;
                    }
                    let mut path = 0;
                    if let Some(t) = &self.templates {
                        // Every pattern is a root pattern: its gap is known.
                        path = self.path_gap[depth] + self.gaps[j];
                        if path > self.room(t) {
                            continue;
                        }
                        self.path_gap[depth + 1] = path;
                    }
                    self.apply(d as u8, &q, true);
                    let mut below = *lists;
                    if self.templates_can_beat(rest, path, ok)
                        && self.rest_can_beat(&mut below, ok, rest, q.slots, value + gain, after)
                    {
                        self.descend(&below, rest, value + gain, after, d as u8, &q);
                    }
                    self.apply(d as u8, &q, false);
                    // The bar may have risen: re-check the kind's bound.
                    if value + gain + i32::from(t) <= self.bar {
                        break;
                    }
                }
            }
            i = skip;
        }
    }

    /// The room the template bound leaves above the bar, in [`SCALE`] units: completions
    /// whose patterns' gaps add up to more cannot beat it. O(1).
    fn room(&self, t: &TemplateBound) -> i32 {
        t.bound - (self.bar + 1) * SCALE
    }

    /// With a pattern just applied, `path` the placed patterns' gaps: whether the template
    /// bound leaves room for the digits of `rest`, each taking its smallest gap among its
    /// patterns that are still free and fit the lines. `true` before the bound is known.
    /// O(scanned).
    fn templates_can_beat(&self, rest: u16, path: i32, ok: &[u64; 10]) -> bool {
        let t = match &self.templates {
            Some(t) => t,
            None => return true,
        };
        let (room, mut gaps) = (self.room(t), path);
        for d in ones(rest) {
            let l = self.rank_lists[d as usize];
            let free = ok[d as usize] & !self.occupied;
            let best = self.ranked[l.start..l.end].iter().find(|&&(_, i)| {
                let q = &self.arena[i as usize];
                q.slots & !free == 0 && self.fits(q)
            });
            match best {
                Some(&(gap, _)) if gaps + gap <= room => gaps += gap,
                _ => return false,
            }
        }
        true
    }

    /// Per digit of `remaining`, the slots whose cells the board after `depth` placed digits
    /// allows it in. O(37 * 9).
    fn allowed(&self, remaining: u16, depth: usize) -> [u64; 10] {
        let board = &self.boards[depth];
        let mut slots = [0; 10];
        for (k, &c) in self.cells.iter().enumerate() {
            for d in ones(board.takes(c) & remaining) {
                slots[d as usize] |= 1 << k;
            }
        }
        slots
    }

    /// Before a child is built (board copy, propagation, cross check): with a pattern on
    /// `taken` just applied, whether the digits of `rest` can still beat the bar, each from
    /// its list in `lists` (advanced past the patterns that no longer fit), on the parent's
    /// board (`allowed`) less `taken`. The child's board allows no more than that, so this
    /// only drops children that the child's own knapsack would drop, and the advanced lists
    /// are its lists too. O(scanned patterns).
    fn rest_can_beat(
        &self,
        lists: &mut [List; 10],
        allowed: &[u64; 10],
        rest: u16,
        taken: u64,
        value: i32,
        left: u8,
    ) -> bool {
        match self.advance(lists, rest, allowed, taken) {
            Some(cap) => matches!(knapsack(rest, &cap, left), Some(b) if value + b > self.bar),
            None => false,
        }
    }

    /// Advances the lists of the digits of `digits` to their first pattern that fits the lines
    /// and the slots `allowed` leaves each digit less `taken` (the ones before it never fit
    /// again below), and returns each one's coefficient: the heaviest each digit can still
    /// take. `None` if a digit has none left. O(scanned patterns).
    #[inline(always)]
    fn advance(
        &self,
        lists: &mut [List; 10],
        digits: u16,
        allowed: &[u64; 10],
        taken: u64,
    ) -> Option<[u8; 10]> {
        let mut cap = [0u8; 10];
        for e in ones(digits) {
            let l = &mut lists[e as usize];
            let arena = &self.arena[l.start..l.end];
            let free = allowed[e as usize] & !taken;
            let i = arena
                .iter()
                .position(|q| q.slots & !free == 0 && self.fits(q))?;
            cap[e as usize] = arena[i].coef;
            l.start += i;
        }
        Some(cap)
    }

    /// Computes the template bound ([`crate::templates`]) on the root board, with `self.bar`
    /// the best objective known; sorts each kind of the root's lists by gap, smallest first
    /// (the search then meets the completions the bound likes best first), and ranks every
    /// root pattern by gap. `false` if that ends the search: no completion, or none above the
    /// bar. O(steps of the bound + 9 * 2592 log 2592).
    fn bound_by_templates(&mut self) -> bool {
        let mut takes = [0u16; CELLS];
        for (c, t) in takes.iter_mut().enumerate() {
            *t = self.boards[0].takes(c);
        }
        let t = match template_bound(&takes, self.bar, TEMPLATE_STEPS) {
            Some(t) if t.ceiling() > self.bar => t,
            _ => return false,
        };
        self.ceiling = t.ceiling();
        self.gaps = vec![0; self.arena.len()];
        let mut run: Vec<(i32, Pattern)> = Vec::new();
        for d in 1..10 {
            let l = self.root_lists[d];
            let mut i = l.start;
            while i < l.end {
                let end = i + usize::from(self.arena[i].kind_left);
                run.clear();
                run.extend(
                    self.arena[i..end]
                        .iter()
                        .map(|p| (gap(&t, d, &self.cells, p), *p)),
                );
                run.sort_unstable_by_key(|r| r.0);
                for (k, &(gap, mut p)) in run.iter().enumerate() {
                    p.kind_left = (end - i - k) as u16;
                    self.arena[i + k] = p;
                    self.gaps[i + k] = gap;
                }
                i = end;
            }
            let first = self.ranked.len();
            let gaps = &self.gaps;
            self.ranked
                .extend((l.start..l.end).map(|i| (gaps[i], i as u32)));
            self.ranked[first..].sort_unstable_by_key(|r| r.0);
            self.rank_lists[d] = List {
                start: first,
                end: self.ranked.len(),
            };
        }
        self.templates = Some(Box::new(t));
        true
    }

    /// Aims the search at completions of objective `target` and above (the bar one below,
    /// the ceiling there): the patterns whose gap alone leaves no room above that bar are
    /// dropped (marked [`DEAD`]), the others revived. O(patterns).
    fn aim(&mut self, target: i32) {
        self.bar = target - 1;
        self.ceiling = target;
        let room = match &self.templates {
            Some(t) => self.room(t),
            None => return,
        };
        for (p, &gap) in self.arena.iter_mut().zip(self.gaps.iter()) {
            p.slots = if gap > room {
                p.slots | DEAD
            } else {
                p.slots & !DEAD
            };
        }
    }

    /// Puts digit `d`'s pattern `p` (already applied) on the board, checks the middle cross,
    /// and searches on. Once no coefficient is left (the objective is fixed), the remaining
    /// digits' lists are filtered first: each must keep a pattern, and every open slot a
    /// digit, or no completion exists.
    fn descend(&mut self, lists: &[List; 10], rest: u16, value: i32, left: u8, d: u8, p: &Pattern) {
        let depth = 9 - rest.count_ones() as usize;
        let mut board = self.boards[depth - 1];
        let mut cells = [0; 5];
        let mut n = 0;
        for k in ones(p.slots) {
            cells[n] = self.cells[k as usize];
            n += 1;
        }
        if !board.place_all(&cells[..n], d)
            || !cross_fits(
                |c| board.takes(c),
                self.placed,
                &self.line_index,
                &self.cross_table,
                &mut self.cross_uses,
                &self.cross_masks,
                &mut self.cross_last,
            )
        {
            return;
        }
        self.boards[depth] = board;
        if left == 0 {
            let mut cover = 0u64;
            for e in ones(rest) {
                let from = lists[e as usize];
                let mut any = false;
                for q in &self.arena[from.start..from.end] {
                    if q.slots & (self.occupied | DEAD) == 0 && self.fits(q) {
                        cover |= q.slots;
                        any = true;
                    }
                }
                if !any {
                    return;
                }
            }
            let open = ALL_SLOTS & !self.occupied;
            if cover & open != open {
                return;
            }
        }
        self.search(lists, rest, value, left);
    }
}

/// Enumerates every placement of the digits' patterns that the relaxation allows (see the
/// module docs), down to the digit that fixes all 16 corner block cells and the centre, with
/// an objective above the bar, and hands each to `settle` as the board with those patterns
/// placed and its objective (the same objective cells can come with different other slots;
/// each such board is a separate case); `settle` returns the
/// new bar (at least the old one). `root` is the propagated board of the givens; what its
/// cells can take ([`Board::takes`]) decides each digit's patterns. Stops after `budget`
/// nodes (then `nodes` grows past it by one). Adds its node count to `nodes`.
///
/// Runs twice at most: first without the template bound for `UNPRICED_NODES` nodes, then, if
/// that did not finish, from the start with the bound and the bar the first run reached; the
/// bound alone may end it (no completion, or the bar already at its ceiling).
///
/// Cost: at most 9 * 2592 patterns and a table of 9 * 1430 states, then a search over digits
/// whose nodes scan the remaining digits' pattern lists from a cursor; exponential in the
/// worst case.
pub fn settle_objective_assignments(
    root: &Board,
    bar: i32,
    budget: u64,
    nodes: &mut u64,
    settle: &mut dyn FnMut(&Board, i32) -> i32,
) {
    // First without the template bound: many grids end within a few dozen nodes, and the
    // bound would cost them more than the search.
    let (mut s, lists) = match PatternSearch::new(root, bar, budget.min(UNPRICED_NODES), settle) {
        Some(x) => x,
        None => return,
    };
    s.search(&lists, 0b11_1111_1110, 0, TOTAL_COEF);
    if s.nodes <= s.budget {
        *nodes += s.nodes;
        return;
    }
    // Again from the root (the search left its state as it found it), with the template bound:
    // first only for completions at its ceiling, then a point lower each time none is found,
    // down to the bar. The bound is within a point of the optimum on most grids, where the
    // first aims are narrow and fast; the last is the plain search for anything above the bar.
    *nodes += s.budget;
    let bar = s.incumbent;
    s.bar = bar;
    if !s.bound_by_templates() {
        return;
    }
    s.budget = budget - s.budget;
    s.nodes = 0;
    let mut target = s.ceiling;
    while target > bar && s.nodes <= s.budget {
        s.aim(target);
        s.search(&lists, 0b11_1111_1110, 0, TOTAL_COEF);
        if s.bar == i32::MAX {
            break;
        }
        target -= 1;
    }
    *nodes += s.nodes;
}

/// Nodes the digit-pattern search first takes without the template bound (see
/// [`settle_objective_assignments`]). Grids with few givens often end within a few dozen
/// nodes, where the bound would cost more than the search; elsewhere the first run finds a
/// better bar to aim down to. Fewer nodes cost the many easy grids the bound, more cost the
/// hard ones the search (figures in `data/README.md`, "Tuning").
const UNPRICED_NODES: u64 = 64;

/// Subgradient steps of the template bound ([`template_bound`]): fewer leave the bound loose
/// on grids with one to four givens (figures in `data/README.md`, "Tuning").
const TEMPLATE_STEPS: u32 = 100;

impl<'a> PatternSearch<'a> {
    /// The search at the root, and the digits' root lists; `None` if a digit has no pattern.
    /// O(9 * 2592) patterns and a table of 9 * 1430 states.
    fn new(
        root: &Board,
        bar: i32,
        budget: u64,
        settle: &'a mut dyn FnMut(&Board, i32) -> i32,
    ) -> Option<(Self, [List; 10])> {
        let can_take = |c: usize, d: u8| root.takes(c) >> d & 1 == 1;
        let mut arena = Vec::with_capacity(1 << 15);
        let mut lists = [List::default(); 10];
        let mut kinds: [Vec<(u8, u8, u8)>; 10] = Default::default();
        for d in 1..=9u8 {
            let start = arena.len();
            arena.extend(patterns_of(d, &can_take));
            let list = List {
                start,
                end: arena.len(),
            };
            if start == list.end {
                return None;
            }
            lists[usize::from(d)] = list;
            let mut i = start;
            while i < arena.len() {
                kinds[usize::from(d)].push(kind(&arena[i]));
                i += usize::from(arena[i].kind_left);
            }
        }
        let s = PatternSearch {
            boards: [*root; 10],
            cells: slot_cells(),
            table: resource_table(&kinds),
            inner_left: INNER_PLACES,
            corners_left: 4,
            arena,
            occupied: 0,
            line_digits: [[0; 3]; 12],
            line_count: [0; 12],
            fits: [line_fits(&[]) * 0x01_0101; 4],
            line_table: {
                let mut t = [[0; 8]; 8];
                t[0][0] = line_fits(&[]);
                for a in 1..8u8 {
                    t[usize::from(a)][0] = line_fits(&[a]);
                    for b in 1..8u8 {
                        t[usize::from(a)][usize::from(b)] = line_fits(&[a, b]);
                    }
                }
                t
            },
            bar,
            settle,
            nodes: 0,
            budget,
            placed: 0,
            line_index: [0; 10],
            cross_uses: CrossUses {
                ways: vec![[0; 81]; 81],
                built: 0,
            },
            cross_table: cross_ways(),
            cross_masks: CrossMasks::new(),
            cross_last: [36; 10],
            incumbent: bar,
            root_lists: lists,
            templates: None,
            ranked: Vec::new(),
            rank_lists: [List::default(); 10],
            path_gap: [0; 10],
            gaps: Vec::new(),
            ceiling: i32::MAX,
        };
        Some((s, lists))
    }
}
