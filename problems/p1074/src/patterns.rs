//! The objective's relaxation searched digit by digit: each digit's places in the corner boxes.
//!
//! Every digit sits once in each corner box. Its four places there (one *slot* per box), plus
//! whether it takes the centre cell, are its *pattern*; every cell the objective counts is a
//! corner-box slot or the centre, so the objective is `sum over digits of digit *
//! weight(pattern)`: the 21 units of weight (4 corners of 2, 12 block neighbours and the
//! centre of 1) go mostly to the high digits. Slots, weights and middle lines:
//!
//! ```text
//!   slot s of a corner box: row s / 3, column s % 3        weight of each slot
//!     0 1 2                                                  TL     TR     BL     BR
//!     3 4 5                                                 2 1 .  . 1 2  . . .  . . .
//!     6 7 8                                                 1 1 .  . 1 1  1 1 .  . 1 1
//!                                                           . . .  . . .  2 1 .  . 1 2
//!   Pattern::slots: bit 9 * box + slot (boxes TL 0, TR 1, BL 2, BR 3), bit 36 the centre
//!
//!   the middle line a pattern puts its digit on, per middle box (TM, BM, ML, MR):
//!     TM row    = 3 - row(TL) - row(TR)     the two corner boxes of a band hold the digit on
//!     BM row    = 3 - row(BL) - row(BR)     two of the band's rows, so its middle box holds
//!     ML column = 3 - col(TL) - col(BL)     it on the third; each line has 3 cells, so at
//!     MR column = 3 - col(TR) - col(BR)     most 3 digits go to one line
//!   Pattern::mid[m] = 8 * line + cells: the line and which of its 3 cells (bit 0 = left or
//!   top) can take the digit; a digit on the centre cannot use the middle cell of any line
//! ```
//!
//! The relaxation: each digit takes a pattern its candidates allow, the patterns are disjoint
//! (every corner-box cell and the centre hold one digit), and the digits sent to a middle line
//! can take distinct cells of it (Hall's condition on at most 3 digits and 3 cells). The
//! placed digits must also fit the middle cross together (`cross_fits`: each one cell per
//! middle line on different rows and columns, plus its centre-box cell, no cell shared), and
//! a sudoku board kept beside the search takes each placed pattern and propagates one round
//! of singles.
//! Every completion of the board satisfies all of it, so the best completion's objective
//! assignment is among the search's solutions.
//!
//! The search takes digits high first while weight is left, each digit's patterns heaviest
//! first, and bounds the rest two ways, keeping the smaller: a fractional knapsack (the weight
//! left goes to the digits left, largest first, each up to its heaviest pattern still
//! possible), and `resource_table`, which knows that only 3 digits fit each middle box's
//! inner line (the only way to weigh 5 or 6) and that a digit gets 2 corners only on a
//! diagonal. Once all the weight is placed the objective is fixed and the board's own
//! completion search decides.
//! While weight is left, lists are not filtered but scanned from a cursor (the first pattern
//! that fits is the heaviest, and those before it never fit again below). A child is checked
//! on its parent's board before it is built (`rest_can_beat`): most children die there,
//! without a board copy or a propagation round.
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

use crate::grid::{CellIndex as Cell, DigitValue as Digit, CELLS};
use crate::templates::{template_bound, TemplateBound, SCALE};

/// Top-left cell of each corner box: TL, TR, BL, BR.
const BOX_ORIGIN: [(usize, usize); 4] = [(0, 0), (0, 6), (6, 0), (6, 6)];

/// The centre cell.
const CENTRE: Cell = 40;

/// The centre's bit in [`Pattern::slots`].
const CENTRE_SLOT: u64 = 1 << 36;

/// Every slot and the centre.
const ALL_SLOTS: u64 = (1 << 37) - 1;

/// Set in [`Pattern::slots`] of a pattern the template bound has ruled out: no node's free
/// slots include it, so every fit test fails.
const DEAD: u64 = 1 << 63;

/// Weight of each slot of each corner box in the objective (see the module diagram).
const SLOT_WEIGHT: [[u8; 9]; 4] = [
    [2, 1, 0, 1, 1, 0, 0, 0, 0],
    [0, 1, 2, 0, 1, 1, 0, 0, 0],
    [0, 0, 0, 1, 1, 0, 2, 1, 0],
    [0, 0, 0, 0, 1, 1, 0, 1, 2],
];

/// The corner slots, as bits of [`Pattern::slots`].
const CORNER_SLOTS: u64 = 1 | 1 << (9 + 2) | 1 << (18 + 6) | 1 << (27 + 8);

/// Total weight: 16 block cells (4 of them corners, weight 2) and the centre.
const TOTAL_WEIGHT: u8 = 21;

/// The inner line of each middle box (TM row 2, BM row 6, ML column 2, MR column 6): the
/// `line` index a pattern must use to hold both corner boxes' block cells of that band or
/// stack.
const INNER_LINE: [u8; 4] = [2, 0, 2, 0];

/// Inner-line places in all: 4 middle boxes, 3 cells each.
const INNER_PLACES: u8 = 12;

/// The 3 cells of line `l` of middle box `m` (TM rows 0..3, BM rows 6..9, ML columns 0..3, MR
/// columns 6..9), left to right or top to bottom: the middle one is on row 4 or column 4.
fn middle_line(m: usize, l: usize) -> [Cell; 3] {
    let at = |r: usize, c: usize| 9 * r + c;
    match m {
        0 => [at(l, 3), at(l, 4), at(l, 5)],
        1 => [at(6 + l, 3), at(6 + l, 4), at(6 + l, 5)],
        2 => [at(3, l), at(4, l), at(5, l)],
        _ => [at(3, 6 + l), at(4, 6 + l), at(5, 6 + l)],
    }
}

/// The cell of slot `s` of corner box `b`.
fn slot_cell(b: usize, s: usize) -> Cell {
    let (r, c) = BOX_ORIGIN[b];
    9 * (r + s / 3) + c + s % 3
}

/// One digit's places in the four corner boxes and maybe the centre (see the module diagram).
#[derive(Clone, Copy)]
struct Pattern {
    /// Bit `9 * box + slot` per corner box, and bit 36 if it takes the centre.
    slots: u64,
    /// Per middle box, `8 * line + cells` (see the module diagram).
    mid: [u8; 4],
    /// Sum of the slots' weights, `0..=7`.
    weight: u8,
    /// How many inner lines it uses, `0..=4`.
    inner: u8,
    /// How many corner slots it takes, `0..=2`.
    corners: u8,
    /// How many patterns from this one on, in its digit's list, share its weight, inner
    /// lines and corners (the list is sorted by them).
    kind_left: u16,
    /// Its four corner-box slots as bit indices of `slots` (TL, TR, BL, BR).
    at: [u8; 4],
}

/// Per middle box and line (see [`middle_line`]), the cells of it that can take digit `d`,
/// bit `i` for cell `i`. O(36).
fn line_cells(d: Digit, can_take: &dyn Fn(Cell, Digit) -> bool) -> [[u8; 3]; 4] {
    let mut out = [[0u8; 3]; 4];
    for (m, cells) in out.iter_mut().enumerate() {
        for (l, mask) in cells.iter_mut().enumerate() {
            for (i, &c) in middle_line(m, l).iter().enumerate() {
                if can_take(c, d) {
                    *mask |= 1 << i;
                }
            }
        }
    }
    out
}

/// The patterns digit `d` can take on the board, heaviest first. O(9^4).
fn patterns_of(d: Digit, can_take: &dyn Fn(Cell, Digit) -> bool) -> Vec<Pattern> {
    let mut slot_ok = [0u16; 4];
    for (b, ok) in slot_ok.iter_mut().enumerate() {
        for s in 0..9 {
            if can_take(slot_cell(b, s), d) {
                *ok |= 1 << s;
            }
        }
    }
    let line_cells = line_cells(d, can_take);
    let centre_ok = can_take(CENTRE, d);
    // Bucketed by kind, heaviest first: index (7 - weight) * 15 + inner * 3 + corners.
    let mut by_kind: Vec<Vec<Pattern>> = vec![Vec::new(); 120];
    let bucket = |p: &Pattern| {
        usize::from(7 - p.weight) * 15 + usize::from(p.inner) * 3 + usize::from(p.corners)
    };
    let ones = |m: u16| (0..9usize).filter(move |&s| m >> s & 1 == 1);
    for s0 in ones(slot_ok[0]) {
        for s1 in ones(slot_ok[1]).filter(|&s| s / 3 != s0 / 3) {
            for s2 in ones(slot_ok[2]).filter(|&s| s % 3 != s0 % 3) {
                for s3 in ones(slot_ok[3]).filter(|&s| s / 3 != s2 / 3 && s % 3 != s1 % 3) {
                    let lines = [
                        3 - s0 / 3 - s1 / 3,
                        3 - s2 / 3 - s3 / 3,
                        3 - s0 % 3 - s2 % 3,
                        3 - s1 % 3 - s3 % 3,
                    ];
                    let mut mid = [0u8; 4];
                    let mut inner = 0;
                    for m in 0..4 {
                        mid[m] = 8 * lines[m] as u8 + line_cells[m][lines[m]];
                        inner += u8::from(lines[m] as u8 == INNER_LINE[m]);
                    }
                    if mid.iter().any(|&x| x % 8 == 0) {
                        continue;
                    }
                    let chosen = [s0, s1, s2, s3];
                    let slots = (0..4).fold(0u64, |m, b| m | 1 << (9 * b + chosen[b]));
                    let weight = (0..4).map(|b| SLOT_WEIGHT[b][chosen[b]]).sum::<u8>();
                    let p = Pattern {
                        slots,
                        mid,
                        weight,
                        inner,
                        corners: (slots & CORNER_SLOTS).count_ones() as u8,
                        kind_left: 0,
                        at: [s0 as u8, 9 + s1 as u8, 18 + s2 as u8, 27 + s3 as u8],
                    };
                    by_kind[bucket(&p)].push(p);
                    // On the centre, the digit leaves row 4 and column 4 to it.
                    if centre_ok && mid.iter().all(|&x| (x % 8) & !2 != 0) {
                        let mut q = p;
                        q.slots |= CENTRE_SLOT;
                        q.weight += 1;
                        for x in q.mid.iter_mut() {
                            *x &= !2;
                        }
                        by_kind[bucket(&q)].push(q);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    for kind in by_kind.iter() {
        for (i, p) in kind.iter().enumerate() {
            out.push(Pattern {
                kind_left: (kind.len() - i) as u16,
                ..*p
            });
        }
    }
    out
}

/// A pattern's kind: what the bounds see of it.
fn kind(p: &Pattern) -> (u8, u8, u8) {
    (p.weight, p.inner, p.corners)
}

/// Index of the state (weight `w`, inner places `c`, corners `k`) in a [`resource_table`] row.
fn state(w: u8, c: u8, k: u8) -> usize {
    (usize::from(w) * (usize::from(INNER_PLACES) + 1) + usize::from(c)) * 5 + usize::from(k)
}

/// States per [`resource_table`] row.
const STATES: usize = (TOTAL_WEIGHT as usize + 1) * (INNER_PLACES as usize + 1) * 5;

/// Row `j`: for digits `1..=j`, each taking one of its pattern kinds `(weight, inner lines,
/// corners)` from `kinds[d]`, the largest `sum digit * weight` when they take exactly `W`
/// weight and `K` corners and at most `C` inner-line places (`i16::MIN`: impossible). The
/// kinds are the root's, so this bounds every node below it. O(9 * STATES * kinds).
fn resource_table(kinds: &[Vec<(u8, u8, u8)>; 10]) -> Vec<[i16; STATES]> {
    let mut t = vec![[i16::MIN; STATES]; 10];
    for c in 0..=INNER_PLACES {
        t[0][state(0, c, 0)] = 0;
    }
    for j in 1..10 {
        let (done, rest) = t.split_at_mut(j);
        let (prev, row) = (&done[j - 1], &mut rest[0]);
        for &(kw, kc, kk) in &kinds[j] {
            // Rows only grow with the places allowed: a kind with fewer inner places and the
            // same weight and corners does at least as well.
            if kinds[j]
                .iter()
                .any(|&(w, c, k)| (w, k) == (kw, kk) && c < kc)
            {
                continue;
            }
            let gain = j as i16 * i16::from(kw);
            for w in kw..=TOTAL_WEIGHT {
                for c in kc..=INNER_PLACES {
                    for k in kk..5 {
                        let p = prev[state(w - kw, c - kc, k - kk)];
                        let here = &mut row[state(w, c, k)];
                        if p != i16::MIN && p + gain > *here {
                            *here = p + gain;
                        }
                    }
                }
            }
        }
    }
    t
}

/// The largest `sum digit * weight` when `weight` units go to the digits of `remaining`,
/// largest first, each up to `cap[d]`; `None` if the caps cannot take it all. O(9).
fn knapsack(remaining: u16, cap: &[u8; 10], mut weight: u8) -> Option<i32> {
    let mut sum = 0;
    let mut digits = remaining;
    while weight > 0 {
        if digits == 0 {
            return None;
        }
        let d = 15 - digits.leading_zeros() as usize;
        digits &= !(1 << d);
        let take = cap[d].min(weight);
        sum += d as i32 * i32::from(take);
        weight -= take;
    }
    Some(sum)
}

/// Bit `x` (for `x` in `1..8`) set when a digit that can take the cells `x` of a middle line
/// can join the digits already on it (`placed`, their cell masks) with every digit keeping a
/// cell of its own (Hall's condition). O(2^3 * 2^3).
fn line_fits(placed: &[u8]) -> u32 {
    if placed.len() >= 3 {
        return 0;
    }
    let n = placed.len() + 1;
    let mut out = 0;
    for x in 1..8u8 {
        let mut all = [x; 3];
        all[..placed.len()].copy_from_slice(placed);
        let hall = (1..1u32 << n).all(|subset| {
            let union = (0..n)
                .filter(|&i| subset >> i & 1 == 1)
                .fold(0u8, |u, i| u | all[i]);
            union.count_ones() >= subset.count_ones()
        });
        if hall {
            out |= 1 << x;
        }
    }
    out
}

/// A board the search keeps beside the patterns: each placed pattern goes on it, and its
/// propagation catches what the relaxation misses, early.
pub trait PatternBoard: Copy {
    /// Writes digit `d` into `cells` (each empty and able to take it, or holding it already),
    /// then propagates. `false` on a contradiction.
    fn place_all(&mut self, cells: &[Cell], d: Digit) -> bool;

    /// Propagates until nothing is left to place. `false` on a contradiction.
    fn propagate_all(&mut self) -> bool;

    /// The digits cell `c` can take, bit `d` for digit `d`: its own if filled, else its
    /// candidates.
    fn takes(&self, c: Cell) -> u16;
}

/// For each digit's middle lines `(TM row, BM row, ML column, MR column)` (index
/// `27 * TM + 9 * BM + 3 * ML + MR`), its 36 ways through the middle cross: one cell on each
/// line, two different columns of the middle stack (rows of the middle band), and the centre
/// box cell on the third column and third row, as bits `9 * row + column`.
fn cross_ways() -> Vec<[u128; 36]> {
    let at = |r: usize, c: usize| 1u128 << (9 * r + c);
    let mut t = vec![[0u128; 36]; 81];
    for (i, ways) in t.iter_mut().enumerate() {
        let (lt, lb, ll, lr) = (i / 27, i / 9 % 3, i / 3 % 3, i % 3);
        let mut n = 0;
        for x in 0..3 {
            for y in (0..3).filter(|&y| y != x) {
                for a in 0..3 {
                    for b in (0..3).filter(|&b| b != a) {
                        ways[n] = at(lt, 3 + x)
                            | at(6 + lb, 3 + y)
                            | at(3 + a, ll)
                            | at(3 + b, 6 + lr)
                            | at(3 + (3 - a - b), 3 + (3 - x - y));
                        n += 1;
                    }
                }
            }
        }
    }
    t
}

/// Which of the 36 ways of [`cross_ways`] a digit can take, from where it can go. Way
/// `6 * xy + ab`: `xy` the pair of middle-stack columns it takes on TM and BM, `ab` the pair
/// of middle-band rows on ML and MR, each pair `k` in the order `(0,1) (0,2) (1,0) (1,2)
/// (2,0) (2,1)`; the centre-box cell is on the column and row left over.
///
/// ```text
///   line mask (per middle box): bit i = cell i of the digit's line there
///     TM, BM: column i of the middle stack      ML, MR: row i of the middle band
///   centre mask: bit 3 * row + column of the centre box
///   ways = by_columns[TM << 3 | BM] & by_rows[ML << 3 | MR] & by_centre[centre]
/// ```
struct CrossMasks {
    /// The ways whose column pair fits the TM and BM masks.
    by_columns: [u64; 64],
    /// The ways whose row pair fits the ML and MR masks.
    by_rows: [u64; 64],
    /// The ways whose centre-box cell is in the mask.
    by_centre: [u64; 512],
}

impl CrossMasks {
    fn new() -> Self {
        let mut pairs = [(0usize, 0usize); 6];
        let mut k = 0;
        for i in 0..3 {
            for j in (0..3).filter(|&j| j != i) {
                pairs[k] = (i, j);
                k += 1;
            }
        }
        let mut t = CrossMasks {
            by_columns: [0; 64],
            by_rows: [0; 64],
            by_centre: [0; 512],
        };
        for (xy, &(x, y)) in pairs.iter().enumerate() {
            for (ab, &(a, b)) in pairs.iter().enumerate() {
                let way = 1u64 << (6 * xy + ab);
                for m in 0..64 {
                    if m >> 3 >> x & 1 == 1 && m >> y & 1 == 1 {
                        t.by_columns[m] |= way;
                    }
                    if m >> 3 >> a & 1 == 1 && m >> b & 1 == 1 {
                        t.by_rows[m] |= way;
                    }
                }
                let centre = 3 * (3 - a - b) + (3 - x - y);
                for (m, ways) in t.by_centre.iter_mut().enumerate() {
                    if m >> centre & 1 == 1 {
                        *ways |= way;
                    }
                }
            }
        }
        t
    }

    /// The open ways for line masks `lines` (TM, BM, ML, MR) and centre-box mask `centre`.
    /// O(1).
    fn ways(&self, lines: [u8; 4], centre: u16) -> u64 {
        self.by_columns[usize::from(lines[0] << 3 | lines[1])]
            & self.by_rows[usize::from(lines[2] << 3 | lines[3])]
            & self.by_centre[usize::from(centre)]
    }
}

/// Whether the placed digits can all be put in the middle cross: each placed digit `d` takes
/// one of its ways (see [`cross_ways`], `line_index[d]` the index of its middle lines) whose
/// five cells can all take it, and no two digits share a cell. A relaxation like the rest:
/// every completion does this for every digit. It catches what the per-line rule cannot (one
/// digit pushed onto row 4 in both ML and MR, say). O(placed * 21) to find each digit's open
/// ways ([`CrossMasks`]); then the ways of `last` (the last cover found, kept up to date),
/// each replaced by the first open way if it no longer fits, and only if that fails a
/// search ([`cover`]). On the hard inputs most checks pass, nearly all on the first try.
fn cross_fits<B: PatternBoard>(
    board: &B,
    placed: u16,
    line_index: &[u8; 10],
    table: &[[u128; 36]],
    uses: &mut CrossUses,
    masks: &CrossMasks,
    last: &mut [u8; 10],
) -> bool {
    // Per placed digit, its ways whose cells can all take it (bit i: way i of its row).
    let mut ok = [0u64; 10];
    let mut rows = [&table[0]; 10];
    for d in bits::ones(placed) {
        let d = d as usize;
        let i = usize::from(line_index[d]);
        let mut lines = [0u8; 4];
        for (m, mask) in lines.iter_mut().enumerate() {
            let line = [i / 27, i / 9 % 3, i / 3 % 3, i % 3][m];
            for (k, &c) in middle_line(m, line).iter().enumerate() {
                *mask |= ((board.takes(c) >> d & 1) as u8) << k;
            }
        }
        let mut centre = 0u16;
        for k in 0..9 {
            centre |= (board.takes(30 + 9 * (k / 3) + k % 3) >> d & 1) << k;
        }
        ok[d] = masks.ways(lines, centre);
        if ok[d] == 0 {
            return false;
        }
        rows[d] = &table[i];
    }
    // Most boards still admit the ways found last time, the new digit aside: try those first.
    let mut used = 0u128;
    let mut greedy = *last;
    let fits_again = bits::ones(placed).all(|d| {
        let d = d as usize;
        let keep = u32::from(greedy[d]);
        let way = if keep < 36 && ok[d] >> keep & 1 == 1 && rows[d][keep as usize] & used == 0 {
            Some(keep)
        } else {
            bits::ones(ok[d]).find(|&i| rows[d][i as usize] & used == 0)
        };
        match way {
            Some(i) => {
                greedy[d] = i as u8;
                used |= rows[d][i as usize];
                true
            }
            None => false,
        }
    });
    if fits_again {
        *last = greedy;
        return true;
    }
    for d in bits::ones(placed) {
        let i = usize::from(line_index[d as usize]);
        if uses.built >> i & 1 == 0 {
            // Built when a search first needs it: most grids need few or none.
            uses.built |= 1 << i;
            for (n, &w) in table[i].iter().enumerate() {
                for c in bits::ones(w) {
                    uses.ways[i][c as usize] |= 1 << n;
                }
            }
        }
    }
    let mut used_by = [&uses.ways[0]; 10];
    for d in bits::ones(placed) {
        used_by[d as usize] = &uses.ways[usize::from(line_index[d as usize])];
    }
    cover(placed, &ok, &rows, &used_by, last)
}

/// Per middle-lines index (as in [`cross_ways`]) and cell, the ways of that index that use
/// the cell (bit `n` for way `n`); an index's row is filled when first needed (`built`).
struct CrossUses {
    ways: Vec<[u64; 81]>,
    built: u128,
}

/// Whether every digit of `left` can take one of its `open` ways (cells in `rows[d]`), no two
/// sharing a cell. Fail first: the digit with the fewest ways open goes next, and each way
/// tried closes, for every digit after it, the ways that use one of its cells (`uses[d][c]`,
/// see [`CrossUses`]). Exponential in the worst case; a few nodes on the searches' boards.
fn cover(
    left: u16,
    open: &[u64; 10],
    rows: &[&[u128; 36]; 10],
    uses: &[&[u64; 81]; 10],
    chosen: &mut [u8; 10],
) -> bool {
    let mut next = (u32::MAX, 0);
    for d in bits::ones(left) {
        let n = open[d as usize].count_ones();
        if n < next.0 {
            next = (n, d as usize);
            if n == 0 {
                return false;
            }
        }
    }
    let (n, d) = next;
    let rest = left & !(1 << d);
    n == u32::MAX
        || bits::ones(open[d]).any(|i| {
            let mut after = *open;
            for c in bits::ones(rows[d][i as usize]) {
                for e in bits::ones(rest) {
                    after[e as usize] &= !uses[e as usize][c as usize];
                }
            }
            chosen[d] = i as u8;
            cover(rest, &after, rows, uses, chosen)
        })
}

/// Pattern `p`'s [`TemplateBound::gap`] for digit `d`, `cells` being [`slot_cells`].
fn gap(t: &TemplateBound, d: usize, cells: &[Cell; 37], p: &Pattern) -> i32 {
    let corners = p.at.map(|k| cells[usize::from(k)]);
    t.gap(d, corners, p.slots & CENTRE_SLOT != 0)
}

/// The cell of each bit of [`Pattern::slots`].
fn slot_cells() -> [Cell; 37] {
    let mut out = [CENTRE; 37];
    for (k, c) in out.iter_mut().enumerate().take(36) {
        *c = slot_cell(k / 9, k % 9);
    }
    out
}

/// A digit's current pattern list: `arena[start..start + len]`.
#[derive(Clone, Copy, Default)]
struct List {
    start: usize,
    len: usize,
}

/// The search state. Lines are numbered `3 * middle box + line`.
struct PatternSearch<'a, B: PatternBoard> {
    /// The board after each number of placed digits.
    boards: [B; 10],
    /// The cell of each slot bit (see [`slot_cells`]).
    cells: [Cell; 37],
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
    settle: &'a mut dyn FnMut(&B, i32) -> i32,
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

impl<B: PatternBoard> PatternSearch<'_, B> {
    /// Whether pattern `p` fits the middle lines as they are.
    #[inline(always)]
    fn fits(&self, p: &Pattern) -> bool {
        (0..4).all(|m| self.fits[m] >> p.mid[m] & 1 == 1)
    }

    /// Places (`on`) or removes digit `d`'s pattern `p`.
    fn apply(&mut self, d: Digit, p: &Pattern, on: bool) {
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
    /// the weight still open. At `left == 0` the objective assignment is complete and the
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
            // other (keying leaves by their objective cells alone once lost optima).
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
        // leave pending dooms, one by one, every child that does not take it. Callgrind on the
        // 43 hard inputs of `data/README.md`: 641M instructions in all with only the first two
        // depths propagated fully, 600M with every depth (slowest 70.0M to 65.5M).
        if !self.boards[depth].propagate_all() {
            return;
        }
        // Per remaining digit, the slots whose cells can still take it on the board (which
        // knows more than the root's lists: the placed digits and their propagation).
        let ok = &self.allowed(remaining, depth);
        // The lists are not filtered (cheaper near the root, where they are long and nodes
        // many): the heaviest pattern that still fits is the first one that fits, and the ones
        // before it never fit again below this node, so the lists handed down start there.
        let mut lists = *lists;
        let mut cap = [0u8; 10];
        for d in bits::ones(remaining) {
            let l = &mut lists[d as usize];
            let arena = &self.arena[l.start..l.start + l.len];
            let free = ok[d as usize];
            match arena
                .iter()
                .position(|q| q.slots & !free == 0 && self.fits(q))
            {
                Some(i) => {
                    cap[d as usize] = arena[i].weight;
                    l.start += i;
                    l.len -= i;
                }
                None => return,
            }
        }
        let d = 15 - remaining.leading_zeros() as usize;
        let t = self.table[d][state(left, self.inner_left, self.corners_left)];
        match knapsack(remaining, &cap, left) {
            Some(b) if value + b > self.bar && value + i32::from(t) > self.bar => {}
            _ => return,
        }
        let rest = remaining & !(1 << d);
        let list = lists[d];
        let mut i = list.start;
        while i < list.start + list.len {
            // A whole kind of patterns at once: same weight, inner lines and corners.
            let p = self.arena[i];
            let skip = i + usize::from(p.kind_left);
            let after = left - p.weight;
            let gain = d as i32 * i32::from(p.weight);
            // Lighter patterns only bound lower: the knapsack's slope is below `d`.
            match knapsack(rest, &cap, after) {
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
                    self.apply(d as Digit, &q, true);
                    let mut below = lists;
                    if self.templates_can_beat(rest, path, ok)
                        && self.rest_can_beat(&mut below, ok, rest, q.slots, value + gain, after)
                    {
                        self.descend(&below, rest, value + gain, after, d as Digit, &q);
                    }
                    self.apply(d as Digit, &q, false);
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
        for d in bits::ones(rest) {
            let l = self.rank_lists[d as usize];
            let free = ok[d as usize] & !self.occupied;
            let best = self.ranked[l.start..l.start + l.len]
                .iter()
                .find(|&&(_, i)| {
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
            for d in bits::ones(board.takes(c) & remaining) {
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
        let mut cap = [0u8; 10];
        for e in bits::ones(rest) {
            let l = &mut lists[e as usize];
            let arena = &self.arena[l.start..l.start + l.len];
            let free = allowed[e as usize] & !taken;
            match arena
                .iter()
                .position(|q| q.slots & !free == 0 && self.fits(q))
            {
                Some(i) => {
                    cap[e as usize] = arena[i].weight;
                    l.start += i;
                    l.len -= i;
                }
                None => return false,
            }
        }
        matches!(knapsack(rest, &cap, left), Some(b) if value + b > self.bar)
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
            while i < l.start + l.len {
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
                .extend((l.start..l.start + l.len).map(|i| (gaps[i], i as u32)));
            self.ranked[first..].sort_unstable_by_key(|r| r.0);
            self.rank_lists[d] = List {
                start: first,
                len: l.len,
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
    /// and searches on. Once no weight is left (the objective is fixed), the remaining
    /// digits' lists are filtered first: each must keep a pattern, and every open slot a
    /// digit, or no completion exists.
    fn descend(
        &mut self,
        lists: &[List; 10],
        rest: u16,
        value: i32,
        left: u8,
        d: Digit,
        p: &Pattern,
    ) {
        let depth = 9 - rest.count_ones() as usize;
        let mut board = self.boards[depth - 1];
        let mut cells = [0; 5];
        let mut n = 0;
        for k in bits::ones(p.slots) {
            cells[n] = self.cells[k as usize];
            n += 1;
        }
        if !board.place_all(&cells[..n], d)
            || !cross_fits(
                &board,
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
            for e in bits::ones(rest) {
                let from = lists[e as usize];
                let mut any = false;
                for q in &self.arena[from.start..from.start + from.len] {
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
/// cells can take (`PatternBoard::takes`) decides each digit's patterns. Stops after `budget`
/// nodes (then `nodes` grows past it by one). Adds its node count to `nodes`.
///
/// Runs twice at most: first without the template bound for `UNPRICED_NODES` nodes, then, if
/// that did not finish, from the start with the bound and the bar the first run reached; the
/// bound alone may end it (no completion, or the bar already at its ceiling).
///
/// Cost: at most 9 * 2592 patterns and a table of 9 * 1430 states, then a search over digits
/// whose nodes scan the remaining digits' pattern lists from a cursor; exponential in the
/// worst case.
pub fn settle_objective_assignments<B: PatternBoard>(
    root: &B,
    bar: i32,
    budget: u64,
    nodes: &mut u64,
    settle: &mut dyn FnMut(&B, i32) -> i32,
) {
    // First without the template bound: many grids end within a few dozen nodes, and the
    // bound would cost them more than the search.
    let (mut s, lists) = match PatternSearch::new(root, bar, budget.min(UNPRICED_NODES), settle) {
        Some(x) => x,
        None => return,
    };
    s.search(&lists, 0b11_1111_1110, 0, TOTAL_WEIGHT);
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
        s.search(&lists, 0b11_1111_1110, 0, TOTAL_WEIGHT);
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
/// better bar to aim down to. Callgrind, the 117 hard input files of `data/README.md` (in
/// all, slowest) and 400 generated grids with 4 to 21 givens (`examples/survey.rs`, 3 runs
/// each): 32 nodes 1,197M, 18.5M and 3,039M; 64 nodes 1,233M, 18.9M and 2,823M; 128 nodes
/// 1,352M, 21.4M and 2,794M.
const UNPRICED_NODES: u64 = 64;

/// Subgradient steps of the template bound ([`template_bound`]). With 60 the sets of
/// [`UNPRICED_NODES`] take 1,194M (slowest 28.9M, the bound not yet tight on grids with one
/// to four givens) and 2,839M.
const TEMPLATE_STEPS: u32 = 100;

impl<'a, B: PatternBoard> PatternSearch<'a, B> {
    /// The search at the root, and the digits' root lists; `None` if a digit has no pattern.
    /// O(9 * 2592) patterns and a table of 9 * 1430 states.
    fn new(
        root: &B,
        bar: i32,
        budget: u64,
        settle: &'a mut dyn FnMut(&B, i32) -> i32,
    ) -> Option<(Self, [List; 10])> {
        let can_take = |c: Cell, d: Digit| root.takes(c) >> d & 1 == 1;
        let mut arena = Vec::with_capacity(1 << 15);
        let mut lists = [List::default(); 10];
        let mut kinds: [Vec<(u8, u8, u8)>; 10] = Default::default();
        for d in 1..=9u8 {
            let start = arena.len();
            arena.extend(patterns_of(d, &can_take));
            let list = List {
                start,
                len: arena.len() - start,
            };
            if list.len == 0 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    /// A board that only knows each cell's digits (`takes`); the tests below do not place.
    #[derive(Clone, Copy)]
    struct Takes([u16; 81]);

    impl PatternBoard for Takes {
        fn place_all(&mut self, _: &[Cell], _: Digit) -> bool {
            unreachable!()
        }
        fn propagate_all(&mut self) -> bool {
            true
        }
        fn takes(&self, c: Cell) -> u16 {
            self.0[c]
        }
    }

    /// A board where each digit is allowed in each cell with probability `1 - 1 / one_in`.
    fn random_takes(rng: &mut Rng, one_in: usize) -> Takes {
        let mut takes = [0u16; 81];
        for t in takes.iter_mut() {
            for d in 1..=9 {
                if rng.below(one_in) != 0 {
                    *t |= 1 << d;
                }
            }
        }
        Takes(takes)
    }

    /// `resource_table`, which skips the kinds another kind of the same digit dominates
    /// (same weight and corners, fewer inner places), equals the table built from every kind,
    /// on random kind lists.
    #[test]
    fn resource_table_skips_only_dominated_kinds() {
        let mut rng = Rng::new(23);
        for _ in 0..30 {
            let mut kinds: [Vec<(u8, u8, u8)>; 10] = Default::default();
            for list in kinds.iter_mut().skip(1) {
                for _ in 0..rng.between(1, 30) {
                    let kind = (rng.below(8) as u8, rng.below(5) as u8, rng.below(3) as u8);
                    if !list.contains(&kind) {
                        list.push(kind);
                    }
                }
            }
            // Every kind of digit j on every state of row j - 1.
            let mut all = vec![[i16::MIN; STATES]; 10];
            for c in 0..=INNER_PLACES {
                all[0][state(0, c, 0)] = 0;
            }
            for j in 1..10 {
                for &(kw, kc, kk) in &kinds[j] {
                    for w in kw..=TOTAL_WEIGHT {
                        for c in kc..=INNER_PLACES {
                            for k in kk..5 {
                                let p = all[j - 1][state(w - kw, c - kc, k - kk)];
                                let gain = j as i16 * i16::from(kw);
                                if p != i16::MIN && p + gain > all[j][state(w, c, k)] {
                                    all[j][state(w, c, k)] = p + gain;
                                }
                            }
                        }
                    }
                }
            }
            assert!(resource_table(&kinds) == all);
        }
    }

    /// `cross_fits` (last cover first, then the fail-first search) says yes exactly when a
    /// plain search over every digit's open ways finds a disjoint choice, on random boards and
    /// random middle lines; and the cover it keeps in `last` is one.
    #[test]
    fn cross_fits_matches_a_plain_search() {
        let table = cross_ways();
        let mut uses = CrossUses {
            ways: vec![[0; 81]; 81],
            built: 0,
        };
        let masks = CrossMasks::new();
        let mut rng = Rng::new(5);
        fn plain(ways: &[Vec<u128>], used: u128) -> bool {
            match ways.split_first() {
                None => true,
                Some((first, rest)) => first
                    .iter()
                    .any(|&w| w & used == 0 && plain(rest, used | w)),
            }
        }
        let (mut yes, mut no) = (0, 0);
        let mut last = [36u8; 10];
        for round in 0..3000 {
            // Each digit allowed in each cell with probability 2/3 (some crosses stay open).
            let board = random_takes(&mut rng, 3);
            let takes = board.0;
            let mut placed = 0u16;
            let mut line_index = [0u8; 10];
            for (d, index) in line_index.iter_mut().enumerate().skip(1) {
                if rng.below(9) < 2 + round % 5 {
                    placed |= 1 << d;
                    *index = rng.below(81) as u8;
                }
            }
            let ways: Vec<Vec<u128>> = bits::ones(placed)
                .map(|d| {
                    table[usize::from(line_index[d as usize])]
                        .iter()
                        .copied()
                        .filter(|&w| bits::ones(w).all(|c| takes[c as usize] >> d & 1 == 1))
                        .collect()
                })
                .collect();
            let expect = plain(&ways, 0);
            let got = cross_fits(
                &board,
                placed,
                &line_index,
                &table,
                &mut uses,
                &masks,
                &mut last,
            );
            assert_eq!(got, expect, "round {}", round);
            if got {
                yes += 1;
                let mut used = 0u128;
                for d in bits::ones(placed) {
                    let w =
                        table[usize::from(line_index[d as usize])][usize::from(last[d as usize])];
                    assert!(bits::ones(w).all(|c| takes[c as usize] >> d & 1 == 1));
                    assert_eq!(w & used, 0);
                    used |= w;
                }
            } else {
                no += 1;
            }
        }
        assert!(yes > 300 && no > 300, "{} fit, {} do not", yes, no);
    }

    /// `CrossMasks::ways` opens exactly the ways of `cross_ways` whose five cells can all
    /// take the digit, for every choice of middle lines and many random cell sets.
    #[test]
    fn cross_masks_open_exactly_the_ways_whose_cells_are_free() {
        let table = cross_ways();
        let masks = CrossMasks::new();
        let mut rng = Rng::new(7);
        for (i, ways) in table.iter().enumerate() {
            let line = [i / 27, i / 9 % 3, i / 3 % 3, i % 3];
            for _ in 0..200 {
                // Each cross cell free with probability 3/4 (most ways then stay open).
                let free = |r: &mut Rng| r.below(4) != 0;
                let mut can = 0u128;
                let mut lines = [0u8; 4];
                for (m, mask) in lines.iter_mut().enumerate() {
                    for (k, &c) in middle_line(m, line[m]).iter().enumerate() {
                        if free(&mut rng) {
                            *mask |= 1 << k;
                            can |= 1 << c;
                        }
                    }
                }
                let mut centre = 0u16;
                for k in 0..9 {
                    let c = 30 + 9 * (k / 3) + k % 3;
                    if free(&mut rng) {
                        centre |= 1 << k;
                        can |= 1 << c;
                    }
                }
                let direct = ways
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (n, &w)| m | u64::from(w & !can == 0) << n);
                assert_eq!(masks.ways(lines, centre), direct, "lines {:?}", line);
            }
        }
    }
}
