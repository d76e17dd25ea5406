//! An upper bound on the objective from each digit's whole template, with a price on every cell.
//!
//! A digit's *template* is its 9 cells in a completed grid, one in each row, column and box.
//! Band `i` (rows `3i..3i+3`) gives each of its boxes a row of its own, stack `j` gives each
//! of its boxes a column of its own, so a template is a permutation per band and per stack:
//!
//! ```text
//!                stack 0            stack 1            stack 2
//!   band 0   (3*0 + r0[0],      (3*0 + r0[1],      (3*0 + r0[2],       r_i: band i's rows,
//!             3*0 + k0[0])       3*1 + k1[0])       3*2 + k2[0])        one per stack
//!   band 1   (3*1 + r1[0],      ...                                    k_j: stack j's
//!             3*0 + k0[1])                                              columns, one per band
//!   band 2   ...
//! ```
//!
//! The best template under cell values: per stack, the best columns for each of the 27 row
//! triples `(r0[j], r1[j], r2[j])` (a 3 x 3 assignment), then per choice of bands 0 and 1's
//! rows (36) the best rows of band 2 (another assignment over the stacks' values).
//!
//! The bound: every cell holds exactly one digit; pricing cell `c` at `p(c)` and dropping that
//! constraint, for *any* prices,
//!
//! ```text
//!   best objective  <=  L(p) = sum over cells c of p(c)
//!                            + sum over digits d of max over d's templates T of
//!                                  sum over c in T of (d * coef(c) - p(c))
//! ```
//!
//! (in a completed grid the prices cancel), `coef` being the objective's
//! ([`crate::objective::COEF`]). The templates allowed are those whose cells can all take the
//! digit. Subgradient steps on `p` bring `L` near the linear relaxation of "choose one
//! template per digit, covering every cell once", which on the sparse grids with the longest
//! proofs of [`crate::pattern_search`] is within a point of the best objective (an LP solver
//! on the hard inputs of `data/README.md` shows it): the bound proves an incumbent optimal at
//! once, and a template that costs more than the slack between `L` and the bar is in no
//! better completion.

use super::grid::*;
use super::objective::*;

/// Units of price per unit of the objective: sums are exact integers, only step sizes are
/// rounded.
pub const SCALE: i32 = 256;

/// The permutations of `0..3`, in lexicographic order (`sudoku::PERMUTATIONS_OF_3`, written
/// out so the submission's bundle needs nothing of the sudoku crate).
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The value of a cell that cannot take the digit: a template through it sums below
/// `NONE / 2`, far under any real template (whose 9 cells' prices stay far smaller).
const NONE: i32 = -(1 << 26);

/// Steps without a better bound before the step size halves.
const PATIENCE: u32 = 6;

/// Each step's direction keeps this much of the last one (deflected subgradient).
const DEFLECTION: f64 = 0.5;

/// The largest `a[p0] + b[p1] + c[p2]` over the permutations `p` of `0..3` (a 3 x 3
/// assignment). O(1), no branches.
#[inline(always)]
fn assign(a: [i32; 3], b: [i32; 3], c: [i32; 3]) -> i32 {
    (a[0] + (b[1] + c[2]).max(b[2] + c[1]))
        .max(a[1] + (b[0] + c[2]).max(b[2] + c[0]))
        .max(a[2] + (b[0] + c[1]).max(b[1] + c[0]))
}

/// A permutation that [`assign`] is attained by. O(6).
fn assignment(a: [i32; 3], b: [i32; 3], c: [i32; 3]) -> [usize; 3] {
    let best = assign(a, b, c);
    PERMS
        .iter()
        .copied()
        .find(|p| a[p[0]] + b[p[1]] + c[p[2]] == best)
        .unwrap_or(PERMS[0])
}

/// The best template under `value` (per cell, [`NONE`] where the digit cannot go): its value
/// and cells, or `None` if the digit has no template. Per stack `j` and row triple `r` (one
/// row of each band), the best columns are an assignment of the stack's columns to the bands
/// (`stacks[j][r]`); the best template assigns each band's rows to the stacks. O(3 * 27 +
/// 36 assignments).
fn best_template(value: &[i32; CELLS]) -> Option<(i32, [u8; 9])> {
    // at(i, r, j): the three cells of row 3i + r in stack j.
    let at = |i: usize, r: usize, j: usize| {
        let c = (3 * i + r) * 9 + 3 * j;
        [value[c], value[c + 1], value[c + 2]]
    };
    let mut stacks = [[[[0i32; 3]; 3]; 3]; 3];
    for (j, stack) in stacks.iter_mut().enumerate() {
        for (r0, by_r0) in stack.iter_mut().enumerate() {
            for (r1, by_r1) in by_r0.iter_mut().enumerate() {
                for (r2, v) in by_r1.iter_mut().enumerate() {
                    *v = assign(at(0, r0, j), at(1, r1, j), at(2, r2, j));
                }
            }
        }
    }
    // Bands 0 and 1 by rows `r0`, `r1` (one per stack); band 2's rows by assignment.
    let third = |r0: [usize; 3], r1: [usize; 3], j: usize| stacks[j][r0[j]][r1[j]];
    let mut best = (i32::MIN, 0, 0);
    for (a, &r0) in PERMS.iter().enumerate() {
        for (b, &r1) in PERMS.iter().enumerate() {
            let v = assign(third(r0, r1, 0), third(r0, r1, 1), third(r0, r1, 2));
            if v > best.0 {
                best = (v, a, b);
            }
        }
    }
    let (top, r0, r1) = (best.0, PERMS[best.1], PERMS[best.2]);
    if top < NONE / 2 {
        return None;
    }
    let r2 = assignment(third(r0, r1, 0), third(r0, r1, 1), third(r0, r1, 2));
    let mut cells = [0u8; 9];
    for j in 0..3 {
        let rows = [r0[j], r1[j], r2[j]];
        let cols = assignment(at(0, rows[0], j), at(1, rows[1], j), at(2, rows[2], j));
        for i in 0..3 {
            cells[3 * j + i] = ((3 * i + rows[i]) * 9 + 3 * j + cols[i]) as u8;
        }
    }
    Some((top, cells))
}

/// The bound [`template_bound`] found, and what it says about each digit's templates.
pub struct TemplateBound {
    /// The smallest `L` found, in [`SCALE`] units.
    pub bound: i32,
    /// Per digit: the best template's value at the prices of `bound`.
    top: [i32; 10],
    /// Per digit, at those prices: each cell's value, and [`cross_values`].
    value: [[i32; CELLS]; 10],
    cross: [[[i32; 81]; 2]; 10],
}

impl TemplateBound {
    /// No completion's objective is above this. O(1).
    pub fn ceiling(&self) -> i32 {
        self.bound.div_euclid(SCALE)
    }

    /// How much less than its best template digit `d` gets from templates through `corners`
    /// (one cell of each corner box: TL, TR, BL, BR) and, as `centre` says, through the centre
    /// or not: every completion that puts `d` there has an objective of at most `L` minus
    /// this, in [`SCALE`] units. O(1).
    pub fn gap(&self, d: usize, corners: [usize; 4], centre: bool) -> i32 {
        let (row, col) = (|c: usize| c / 9 % 3, |c: usize| c % 3);
        let [tl, tr, bl, br] = corners;
        let lines = 27 * (3 - row(tl) - row(tr))
            + 9 * (3 - row(bl) - row(br))
            + 3 * (3 - col(tl) - col(bl))
            + (3 - col(tr) - col(br));
        let v = &self.value[d];
        let through = v[tl] + v[tr] + v[bl] + v[br] + self.cross[d][usize::from(centre)][lines];
        self.top[d] - through
    }
}

/// For one digit's cell values: per centre use (`[0]` off the centre cell, `[1]` on it) and
/// middle lines `27 * a + 9 * b + 3 * e + f` (row `a` of TM, row `b` of BM, column `e` of ML,
/// column `f` of MR, each `0..3` within its box), the best value of the template's five cells
/// in the middle boxes and the centre box. The corner boxes fix those lines, so only band 1's
/// rows and stack 1's columns are free:
///
/// ```text
///            stack 1 columns k
///   TM   (a, 3 + k[0])              ML (3 + r[0], e)    C (3 + r[1], 3 + k[1])
///   BM   (6 + b, 3 + k[2])          MR (3 + r[2], 6 + f)    band 1 rows r
/// ```
///
/// O(81 * 36).
fn cross_values(v: &[i32; CELLS]) -> [[i32; 81]; 2] {
    let mut out = [[i32::MIN; 81]; 2];
    for k in PERMS.iter() {
        for r in PERMS.iter() {
            let centre = v[(3 + r[1]) * 9 + 3 + k[1]];
            let on = usize::from(r[1] == 1 && k[1] == 1);
            for ab in 0..9 {
                let top = v[ab / 3 * 9 + 3 + k[0]] + v[(6 + ab % 3) * 9 + 3 + k[2]] + centre;
                for ef in 0..9 {
                    let side = v[(3 + r[0]) * 9 + ef / 3] + v[(3 + r[2]) * 9 + 6 + ef % 3];
                    let best = &mut out[on][9 * ab + ef];
                    *best = (*best).max(top + side);
                }
            }
        }
    }
    out
}

/// The template bound of a board, by at most `steps` subgradient steps on the prices from
/// zero; it stops early once `L` shows that nothing beats `beat` (an incumbent's objective).
/// `takes[c]` is what cell `c` can hold (bit `d` for digit `d`; its own digit if placed).
/// `None` if some digit has no template (no completion). O(steps * 9 * 117 assignments).
pub fn template_bound(takes: &[u16; CELLS], beat: i32, steps: u32) -> Option<TemplateBound> {
    let goal = (beat + 1) * SCALE;
    // Per digit and cell, `d * coef` in price units, or NONE.
    let mut gain = [[NONE; CELLS]; 10];
    for (d, g) in gain.iter_mut().enumerate().skip(1) {
        for (c, v) in g.iter_mut().enumerate() {
            if takes[c] >> d & 1 == 1 {
                *v = d as i32 * i32::from(COEF[c]) * SCALE;
            }
        }
    }
    // Digit `d`'s cell values under `prices`.
    let values = |d: usize, prices: &[i32; CELLS]| {
        let mut value = [0; CELLS];
        for ((v, &g), &p) in value.iter_mut().zip(gain[d].iter()).zip(prices.iter()) {
            *v = g - p;
        }
        value
    };
    let mut prices = [0i32; CELLS];
    let mut dir = [0f64; CELLS];
    let (mut rate, mut stale) = (1.0f64, 0);
    let mut best = (i32::MAX, prices, [0i32; 10]);
    for _ in 0..steps {
        let mut bound: i32 = prices.iter().sum();
        let mut top = [0i32; 10];
        let mut usage = [0i32; CELLS];
        for (d, top) in top.iter_mut().enumerate().skip(1) {
            let (t, cells) = best_template(&values(d, &prices))?;
            *top = t;
            bound += t;
            for &c in &cells {
                usage[usize::from(c)] += 1;
            }
        }
        if bound < best.0 {
            best = (bound, prices, top);
            stale = 0;
        } else {
            stale += 1;
            if stale >= PATIENCE {
                (rate, stale) = (rate / 2.0, 0);
            }
        }
        if bound < goal || usage.iter().all(|&u| u == 1) {
            // Proved, or the templates cover every cell once: `L` is a grid's objective.
            break;
        }
        let mut norm = 0.0;
        for (d, &u) in dir.iter_mut().zip(usage.iter()) {
            *d = f64::from(1 - u) + DEFLECTION * *d;
            norm += *d * *d;
        }
        // Polyak's step towards a bound of `beat`.
        let t = rate * f64::from(bound - goal + SCALE) / norm;
        for (p, &d) in prices.iter_mut().zip(dir.iter()) {
            *p -= (t * d).round() as i32;
        }
    }
    let (bound, prices, top) = best;
    let mut out = TemplateBound {
        bound,
        top,
        value: [[0; CELLS]; 10],
        cross: [[[0; 81]; 2]; 10],
    };
    for d in 1..10 {
        out.value[d] = values(d, &prices);
        out.cross[d] = cross_values(&out.value[d]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::objective::CENTRE;
    use rng::Rng;

    /// Every template, as its cells: each band's rows and each stack's columns permuted.
    fn all_templates() -> Vec<[usize; 9]> {
        let mut out = Vec::new();
        for n in 0..6usize.pow(6) {
            let pick = |k: u32| PERMS[n / 6usize.pow(k) % 6];
            let (rows, cols) = ([pick(0), pick(1), pick(2)], [pick(3), pick(4), pick(5)]);
            let mut t = [0; 9];
            for i in 0..3 {
                for j in 0..3 {
                    t[3 * i + j] = (3 * i + rows[i][j]) * 9 + 3 * j + cols[j][i];
                }
            }
            out.push(t);
        }
        out
    }

    /// Random cell values, about one cell in `none_one_in` unable to take the digit.
    fn random_values(rng: &mut Rng, none_one_in: usize) -> [i32; CELLS] {
        let mut v = [0; CELLS];
        for x in v.iter_mut() {
            *x = if rng.below(none_one_in) == 0 {
                NONE
            } else {
                rng.below(20_001) as i32 - 10_000
            };
        }
        v
    }

    fn sum(v: &[i32; CELLS], t: &[usize]) -> i32 {
        t.iter().map(|&c| v[c]).sum()
    }

    #[test]
    fn perms_are_the_shared_permutations() {
        assert_eq!(PERMS, sudoku::PERMUTATIONS_OF_3);
    }

    /// The assignment-based maximisation agrees with trying all 46,656 templates, and the
    /// cells it returns are a template of that value.
    #[test]
    fn best_template_matches_every_template() {
        let all = all_templates();
        assert_eq!(all.len(), 46_656);
        let mut rng = Rng::new(7);
        for case in 0..60 {
            let v = random_values(&mut rng, [1000, 4, 2][case % 3]);
            let brute = all.iter().map(|t| sum(&v, t)).max().unwrap();
            match best_template(&v) {
                Some((top, cells)) => {
                    let cells = cells.map(usize::from);
                    assert_eq!(top, brute, "case {}", case);
                    assert_eq!(sum(&v, &cells), top);
                    let mut sorted = cells;
                    sorted.sort_unstable();
                    assert!(all.iter().any(|t| {
                        let mut s = *t;
                        s.sort_unstable();
                        s == sorted
                    }));
                }
                None => assert!(brute < NONE / 2, "case {}", case),
            }
        }
    }

    /// `gap` is the best template's value less the best through the given corner cells, on or
    /// off the centre, by trying every template.
    #[test]
    fn gap_matches_the_templates_through_corners() {
        let all = all_templates();
        let mut rng = Rng::new(11);
        for case in 0..20 {
            let v = random_values(&mut rng, if case % 2 == 0 { 1000 } else { 5 });
            let top = best_template(&v).map_or(NONE, |t| t.0);
            let mut t = TemplateBound {
                bound: 0,
                top: [0; 10],
                value: [[0; CELLS]; 10],
                cross: [[[0; 81]; 2]; 10],
            };
            t.top[1] = top;
            t.value[1] = v;
            t.cross[1] = cross_values(&v);
            for _ in 0..50 {
                // One cell per corner box, on different rows across a band and columns down
                // a stack (as every pattern of the search).
                let other = |rng: &mut Rng, x: usize| (x + 1 + rng.below(2)) % 3;
                let (r0, c0) = (rng.below(3), rng.below(3));
                let (r1, c2) = (other(&mut rng, r0), other(&mut rng, c0));
                let (r3, c1) = (rng.below(3), rng.below(3));
                let (r2, c3) = (other(&mut rng, r3), other(&mut rng, c1));
                let corners = [
                    r0 * 9 + c0,
                    r1 * 9 + 6 + c1,
                    (6 + r2) * 9 + c2,
                    (6 + r3) * 9 + 6 + c3,
                ];
                let centre = rng.below(2) == 1;
                let through = all
                    .iter()
                    .filter(|t| {
                        corners.iter().all(|c| t.contains(c)) && t.contains(&CENTRE) == centre
                    })
                    .map(|t| sum(&v, t))
                    .max();
                let best = through.unwrap();
                if best >= NONE / 2 {
                    assert_eq!(t.gap(1, corners, centre), top - best, "case {}", case);
                } else if top >= NONE / 2 {
                    // No template there: a gap beyond any room.
                    assert!(t.gap(1, corners, centre) > -NONE / 4, "case {}", case);
                }
            }
        }
    }
}
