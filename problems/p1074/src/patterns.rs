//! The objective's relaxation digit by digit: each digit's *pattern*, its places in the corner
//! boxes and the centre, and the bounds on what the digits left can add.
//!
//! Every digit sits once in each corner box. Its four places there (one slot per box, see
//! [`crate::objective`]), plus whether it takes the centre cell, are its pattern; every cell
//! the objective counts is a corner-box slot or the centre, so the objective is `sum over
//! digits of digit * coef(pattern)`: the 21 units of coefficient go mostly to the high
//! digits. The encoding and the middle lines:
//!
//! ```text
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
//! can take distinct cells of it (Hall's condition on at most 3 digits and 3 cells,
//! [`line_fits`]). The placed digits must also fit the middle cross together
//! ([`cross_fits`]), and a sudoku board kept beside the search ([`crate::board`]) takes each
//! placed pattern and propagates. Every completion of the board satisfies all of it, so the
//! best completion's objective assignment is among the relaxation's solutions.
//!
//! What the digits left can add is bounded two ways, the smaller counting: a fractional
//! knapsack ([`knapsack`]: the coefficient left goes to the digits left, largest first, each
//! up to its heaviest pattern still possible), and [`resource_table`], which knows that only
//! 3 digits fit each middle box's inner line (the only way to weigh 5 or 6) and that a digit
//! gets 2 corners only on a diagonal.

use super::objective::*;
use bits::ones;

/// The centre's bit in [`Pattern::slots`].
pub const CENTRE_SLOT: u64 = 1 << 36;

/// Every slot and the centre.
pub const ALL_SLOTS: u64 = (1 << 37) - 1;

/// Set in [`Pattern::slots`] of a pattern the template bound has ruled out: no node's free
/// slots include it, so every fit test fails.
pub const DEAD: u64 = 1 << 63;

/// The corner slots (coefficient 2), as bits of [`Pattern::slots`].
const CORNER_SLOTS: u64 = 1 | 1 << (9 + 2) | 1 << (18 + 6) | 1 << (27 + 8);

/// The inner line of each middle box (TM row 2, BM row 6, ML column 2, MR column 6): the
/// `line` index a pattern must use to hold both corner boxes' block cells of that band or
/// stack.
const INNER_LINE: [u8; 4] = [2, 0, 2, 0];

/// Inner-line places in all: 4 middle boxes, 3 cells each.
pub const INNER_PLACES: u8 = 12;

/// The 3 cells of line `l` of middle box `m` (TM rows 0..3, BM rows 6..9, ML columns 0..3, MR
/// columns 6..9), left to right or top to bottom: the middle one is on row 4 or column 4.
fn middle_line(m: usize, l: usize) -> [usize; 3] {
    let at = |r: usize, c: usize| 9 * r + c;
    match m {
        0 => [at(l, 3), at(l, 4), at(l, 5)],
        1 => [at(6 + l, 3), at(6 + l, 4), at(6 + l, 5)],
        2 => [at(3, l), at(4, l), at(5, l)],
        _ => [at(3, 6 + l), at(4, 6 + l), at(5, 6 + l)],
    }
}

/// One digit's places in the four corner boxes and maybe the centre (see the module diagram).
#[derive(Clone, Copy)]
pub struct Pattern {
    /// Bit `9 * box + slot` per corner box, and bit 36 if it takes the centre.
    pub slots: u64,
    /// Per middle box, `8 * line + cells` (see the module diagram).
    pub mid: [u8; 4],
    /// Sum of the slots' coefficients, `0..=7`.
    pub coef: u8,
    /// How many inner lines it uses, `0..=4`.
    pub inner: u8,
    /// How many corner slots it takes, `0..=2`.
    pub corners: u8,
    /// How many patterns from this one on, in its digit's list, share its coefficient, inner
    /// lines and corners (the list is sorted by them).
    pub kind_left: u16,
    /// Its four corner-box slots as bit indices of `slots` (TL, TR, BL, BR).
    pub at: [u8; 4],
}

/// Per middle box and line (see [`middle_line`]), the cells of it that can take digit `d`,
/// bit `i` for cell `i`. O(36).
fn line_cells(d: u8, can_take: &dyn Fn(usize, u8) -> bool) -> [[u8; 3]; 4] {
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
#[inline]
pub fn patterns_of(d: u8, can_take: &dyn Fn(usize, u8) -> bool) -> Vec<Pattern> {
    let mut slot_ok = [0u16; 4];
    // Each slot's coefficient in the objective.
    let mut slot_coef = [[0u8; 9]; 4];
    for (b, ok) in slot_ok.iter_mut().enumerate() {
        for s in 0..9 {
            slot_coef[b][s] = COEF[slot_cell(b, s)];
            if can_take(slot_cell(b, s), d) {
                *ok |= 1 << s;
            }
        }
    }
    let line_cells = line_cells(d, can_take);
    let centre_ok = can_take(CENTRE, d);
    // Bucketed by kind, heaviest first: index (7 - coef) * 15 + inner * 3 + corners.
    let mut by_kind: Vec<Vec<Pattern>> = vec![Vec::new(); 120];
    let bucket = |p: &Pattern| {
        usize::from(7 - p.coef) * 15 + usize::from(p.inner) * 3 + usize::from(p.corners)
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
                    let coef = (0..4).map(|b| slot_coef[b][chosen[b]]).sum::<u8>();
                    let p = Pattern {
                        slots,
                        mid,
                        coef,
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
                        q.coef += 1;
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
pub fn kind(p: &Pattern) -> (u8, u8, u8) {
    (p.coef, p.inner, p.corners)
}

/// Index of the state (coefficient `w`, inner places `c`, corners `k`) in a [`resource_table`] row.
#[inline]
pub fn state(w: u8, c: u8, k: u8) -> usize {
    (usize::from(w) * (usize::from(INNER_PLACES) + 1) + usize::from(c)) * 5 + usize::from(k)
}

/// States per [`resource_table`] row.
pub const STATES: usize = (TOTAL_COEF as usize + 1) * (INNER_PLACES as usize + 1) * 5;

/// Row `j`: for digits `1..=j`, each taking one of its pattern kinds `(coefficient, inner lines,
/// corners)` from `kinds[d]`, the largest `sum digit * coef` when they take exactly `W`
/// coefficient and `K` corners and at most `C` inner-line places (`i16::MIN`: impossible). The
/// kinds are the root's, so this bounds every node below it. O(9 * STATES * kinds).
#[inline]
pub fn resource_table(kinds: &[Vec<(u8, u8, u8)>; 10]) -> Vec<[i16; STATES]> {
    let mut t = vec![[i16::MIN; STATES]; 10];
    for c in 0..=INNER_PLACES {
        t[0][state(0, c, 0)] = 0;
    }
    for j in 1..10 {
        let (done, rest) = t.split_at_mut(j);
        let (prev, row) = (&done[j - 1], &mut rest[0]);
        for &(kw, kc, kk) in &kinds[j] {
            // Rows only grow with the places allowed: a kind with fewer inner places and the
            // same coefficient and corners does at least as well.
            if kinds[j]
                .iter()
                .any(|&(w, c, k)| (w, k) == (kw, kk) && c < kc)
            {
                continue;
            }
            let gain = j as i16 * i16::from(kw);
            for w in kw..=TOTAL_COEF {
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

/// The largest `sum digit * coef` when `coef` units go to the digits of `remaining`,
/// largest first, each up to `cap[d]`; `None` if the caps cannot take it all. O(9).
#[inline]
pub fn knapsack(remaining: u16, cap: &[u8; 10], mut coef: u8) -> Option<i32> {
    let mut sum = 0;
    let mut digits = remaining;
    while coef > 0 {
        if digits == 0 {
            return None;
        }
        let d = 15 - digits.leading_zeros() as usize;
        digits &= !(1 << d);
        let take = cap[d].min(coef);
        sum += d as i32 * i32::from(take);
        coef -= take;
    }
    Some(sum)
}

/// Bit `x` (for `x` in `1..8`) set when a digit that can take the cells `x` of a middle line
/// can join the digits already on it (`placed`, their cell masks) with every digit keeping a
/// cell of its own (Hall's condition). O(2^3 * 2^3).
#[inline]
pub fn line_fits(placed: &[u8]) -> u32 {
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

// The middle cross: whether the placed digits' patterns leave each of them a way through
// the middle boxes and the centre box, no two sharing a cell.

/// For each digit's middle lines `(TM row, BM row, ML column, MR column)` (index
/// `27 * TM + 9 * BM + 3 * ML + MR`), its 36 ways through the middle cross: one cell on each
/// line, two different columns of the middle stack (rows of the middle band), and the centre
/// box cell on the third column and third row, as bits `9 * row + column`.
#[inline]
pub fn cross_ways() -> Vec<[u128; 36]> {
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
pub struct CrossMasks {
    /// The ways whose column pair fits the TM and BM masks.
    by_columns: [u64; 64],
    /// The ways whose row pair fits the ML and MR masks.
    by_rows: [u64; 64],
    /// The ways whose centre-box cell is in the mask.
    by_centre: [u64; 512],
}

impl CrossMasks {
    #[inline]
    pub fn new() -> Self {
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
    pub fn ways(&self, lines: [u8; 4], centre: u16) -> u64 {
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
pub fn cross_fits(
    takes: impl Fn(usize) -> u16,
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
    for d in ones(placed) {
        let d = d as usize;
        let i = usize::from(line_index[d]);
        let mut lines = [0u8; 4];
        for (m, mask) in lines.iter_mut().enumerate() {
            let line = [i / 27, i / 9 % 3, i / 3 % 3, i % 3][m];
            for (k, &c) in middle_line(m, line).iter().enumerate() {
                *mask |= ((takes(c) >> d & 1) as u8) << k;
            }
        }
        let mut centre = 0u16;
        for k in 0..9 {
            centre |= (takes(30 + 9 * (k / 3) + k % 3) >> d & 1) << k;
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
    let fits_again = ones(placed).all(|d| {
        let d = d as usize;
        let keep = u32::from(greedy[d]);
        let way = if keep < 36 && ok[d] >> keep & 1 == 1 && rows[d][keep as usize] & used == 0 {
            Some(keep)
        } else {
            ones(ok[d]).find(|&i| rows[d][i as usize] & used == 0)
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
    for d in ones(placed) {
        let i = usize::from(line_index[d as usize]);
        if uses.built >> i & 1 == 0 {
            // Built when a search first needs it: most grids need few or none.
            uses.built |= 1 << i;
            for (n, &w) in table[i].iter().enumerate() {
                for c in ones(w) {
                    uses.ways[i][c as usize] |= 1 << n;
                }
            }
        }
    }
    let mut used_by = [&uses.ways[0]; 10];
    for d in ones(placed) {
        used_by[d as usize] = &uses.ways[usize::from(line_index[d as usize])];
    }
    cover(placed, &ok, &rows, &used_by, last)
}

/// Per middle-lines index (as in [`cross_ways`]) and cell, the ways of that index that use
/// the cell (bit `n` for way `n`); an index's row is filled when first needed (`built`).
pub struct CrossUses {
    pub ways: Vec<[u64; 81]>,
    pub built: u128,
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
    for d in ones(left) {
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
        || ones(open[d]).any(|i| {
            let mut after = *open;
            for c in ones(rows[d][i as usize]) {
                for e in ones(rest) {
                    after[e as usize] &= !uses[e as usize][c as usize];
                }
            }
            chosen[d] = i as u8;
            cover(rest, &after, rows, uses, chosen)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::Rng;

    /// `resource_table`, which skips the kinds another kind of the same digit dominates
    /// (same coefficient and corners, fewer inner places), equals the table built from every kind,
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
                    for w in kw..=TOTAL_COEF {
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

    /// What each cell of a board can take (bit `d` for digit `d`), each digit allowed in each
    /// cell with probability `1 - 1 / one_in`.
    fn random_takes(rng: &mut Rng, one_in: usize) -> [u16; 81] {
        let mut takes = [0u16; 81];
        for t in takes.iter_mut() {
            for d in 1..=9 {
                if rng.below(one_in) != 0 {
                    *t |= 1 << d;
                }
            }
        }
        takes
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
            let takes = random_takes(&mut rng, 3);
            let mut placed = 0u16;
            let mut line_index = [0u8; 10];
            for (d, index) in line_index.iter_mut().enumerate().skip(1) {
                if rng.below(9) < 2 + round % 5 {
                    placed |= 1 << d;
                    *index = rng.below(81) as u8;
                }
            }
            let ways: Vec<Vec<u128>> = ones(placed)
                .map(|d| {
                    table[usize::from(line_index[d as usize])]
                        .iter()
                        .copied()
                        .filter(|&w| ones(w).all(|c| takes[c as usize] >> d & 1 == 1))
                        .collect()
                })
                .collect();
            let expect = plain(&ways, 0);
            let got = cross_fits(
                |c| takes[c],
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
                for d in ones(placed) {
                    let w =
                        table[usize::from(line_index[d as usize])][usize::from(last[d as usize])];
                    assert!(ones(w).all(|c| takes[c as usize] >> d & 1 == 1));
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
