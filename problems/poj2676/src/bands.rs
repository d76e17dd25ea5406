//! Bit tricks on band planes (layout at [`Grid`](crate::grid::Grid)): single
//! cells of rows, non-empty rows, columns, the stack rule on one digit's three planes, the
//! minirow rule on a band's nine, and the (row -> box) permutations a plane has left.
//!
//! All are branch-free word arithmetic; the ones generic over [`Lanes`] run on one `u32` or
//! on several planes at once in an SSE2 (or, once detected, AVX2) register.

use crate::grid::{plane_index, BAND, ROW};
use crate::lanes::{add_counts, each, Lanes, LANES};
#[cfg(target_arch = "x86_64")]
use crate::lanes::{U32x4, U32x8};

/// The stack rule on the planes of one digit (per lane) in bands 0, 1, 2: the digit's columns
/// per band (`present`) and those on some (band -> column) permutation of their stack
/// (`keep`), or `None` when a box has no column left. Branch-free.
///
/// ```text
///   columns, bit 9 * band + column:         keep (b, j) iff A(b, j) and, with j+1, j+2 taken
///   band 0:  c0 .. c8  (bits 0..9)          mod 3 inside the stack,
///   band 1:  c0 .. c8  (bits 9..18)           A(b+1, j+1) A(b+2, j+2)  or  A(b+1, j+2) A(b+2, j+1)
///   band 2:  c0 .. c8  (bits 18..27)        rotations: bands by 9-bit fields, j by 3-bit groups
/// ```
#[inline(always)]
pub fn stack_rule<V: Lanes>(planes: [V; 3]) -> Option<(V, V)> {
    let present = minicolumns(planes);
    let (first, second) = stack_terms(present);
    Some((present, stack_keep(first, second)?))
}

/// The minicolumns on some permutation of their stack, from [`stack_terms`], or `None` when
/// a box has none left. Branch-free but for the exit.
#[inline(always)]
pub fn stack_keep<V: Lanes>(first: V, second: V) -> Option<V> {
    let keep = first | second;
    let boxes = (keep | keep.shr(1) | keep.shr(2)) & V::splat(0o111_111_111);
    if boxes.all_eq(V::splat(0o111_111_111)) {
        Some(keep)
    } else {
        None
    }
}

/// The minicolumns (a column's three cells in one band) that hold a cell of a digit, from
/// its planes in bands 0, 1, 2 (per lane): bit `9 * band + column`. Branch-free.
#[inline(always)]
pub fn minicolumns<V: Lanes>(planes: [V; 3]) -> V {
    columns(planes[0]) | columns(planes[1]).shl(9) | columns(planes[2]).shl(18)
}

/// Stores the planes of digits `d ..` in bands 0, 1, 2 (`loaded`, per lane) without the
/// minicolumns of `gone` ([`minicolumns`]' layout). O(1) lane operations.
#[inline(always)]
pub fn clear_minicolumns<V: Lanes>(planes: &mut [u32; LANES], d: usize, loaded: &[V; 3], gone: V) {
    for (b, &plane) in loaded.iter().enumerate() {
        let cells = spread_columns(gone.shr(9 * b as u32) & V::splat(ROW));
        plane.and_not(cells).store(planes, plane_index(b, d));
    }
}

/// The two kinds of (band -> column) permutation inside each stack through each minicolumn
/// of `present` ([`minicolumns`], per lane): bit `(b, j)` of the first is set when `(b, j)`,
/// `(b + 1, j + 1)` and `(b + 2, j + 2)` are all present, of the second `(b, j)`,
/// `(b + 1, j + 2)`, `(b + 2, j + 1)` (bands mod 3, columns mod 3 inside the stack). On band
/// 0's bits each permutation shows once: the first kind maps bands 0, 1, 2 to columns j,
/// j + 1, j + 2 of the stack, the second to j, j + 2, j + 1. Branch-free.
///
/// ```text
///   bit 9 * band + 3 * stack + j;  rotations: bands by 9-bit fields, j by 3-bit groups
/// ```
#[inline(always)]
pub fn stack_terms<V: Lanes>(present: V) -> (V, V) {
    // Entry j of each group takes entry j + 1 (resp. j + 2) mod 3.
    let next1 = present.shr(1) & V::splat(0o333_333_333) | present.shl(2) & V::splat(0o444_444_444);
    let next2 = present.shr(2) & V::splat(0o111_111_111) | present.shl(1) & V::splat(0o666_666_666);
    // Band b takes band b + 1 (resp. b + 2) mod 3.
    let band1 = |x: V| (x.shr(9) | x.shl(18)) & V::splat(BAND);
    let band2 = |x: V| (x.shr(18) | x.shl(9)) & V::splat(BAND);
    (
        present & band1(next1) & band2(next2),
        present & band1(next2) & band2(next1),
    )
}

/// How many (band -> column) permutations each stack has for each lane's digit, from
/// [`stack_terms`]: stack `s` in bits `3s .. 3s + 3` (0 to 6). Branch-free.
#[inline(always)]
pub fn stack_counts<V: Lanes>(first: V, second: V) -> V {
    let ones = V::splat(0o111);
    let (f, s) = (first & V::splat(ROW), second & V::splat(ROW));
    (f & ones)
        .add(f.shr(1) & ones)
        .add(f.shr(2) & ones)
        .add(s & ones)
        .add(s.shr(1) & ones)
        .add(s.shr(2) & ones)
}

/// The minirow rule turned vertical, on the whole board: each minicolumn holds exactly three
/// digits. A minicolumn that three digits are confined to (their only one in its column) loses
/// every other digit; a minicolumn only three digits can reach takes each of them, which then
/// leave the rest of its column. The digits are in lanes: vector `k` holds digits
/// `firsts[k] ..` (their planes loaded at [`plane_index`]`(b, firsts[k])`), and counts only
/// in the lanes of `counted[k]` (all ones or zero), so that every digit counts once however
/// the vectors overlap. `Some(whether it removed any)`, or `None` when four digits are confined
/// to one minicolumn, fewer than three reach one, or a digit is taken by two minicolumns of a
/// column. O(N) lane operations plus one fold across the lanes.
///
/// ```text
///   present: bit 9 * band + column per digit;  confined: no other band of its column
/// ```
#[inline(always)]
pub fn minicolumn_rule<V: Lanes, const N: usize>(
    planes: &mut [u32; LANES],
    firsts: [usize; N],
    counted: [V; N],
) -> Option<bool> {
    let zero = V::splat(0);
    let mut loaded = [[zero; 3]; N];
    let mut present = [zero; N];
    for k in 0..N {
        let d = firsts[k];
        loaded[k] = [
            V::load(planes, plane_index(0, d)),
            V::load(planes, plane_index(1, d)),
            V::load(planes, plane_index(2, d)),
        ];
        present[k] = minicolumns(loaded[k]);
    }
    minicolumn_rule_on(planes, firsts, counted, &loaded, &present)
}

/// [`minicolumn_rule`] on planes already loaded (`loaded[k]`, bands 0, 1, 2 of vector `k`)
/// with their [`minicolumns`] (`present[k]`).
#[inline(always)]
pub fn minicolumn_rule_on<V: Lanes, const N: usize>(
    planes: &mut [u32; LANES],
    firsts: [usize; N],
    counted: [V; N],
    loaded: &[[V; 3]; N],
    present: &[V; N],
) -> Option<bool> {
    let zero = V::splat(0);
    let band = V::splat(BAND);
    let other_bands = |x: V| (x.shr(9) | x.shl(18) | x.shr(18) | x.shl(9)) & band;
    let mut confined = [zero; N];
    let (mut reach, mut only) = ([zero; 4], [zero; 4]);
    for k in 0..N {
        let f = present[k];
        let o = f.and_not(other_bands(f));
        confined[k] = o;
        reach = add_counts(reach, [f & counted[k], zero, zero, zero]);
        only = add_counts(only, [o & counted[k], zero, zero, zero]);
    }
    let (full, reached_by_three) =
        three_digits_each(V::fold_counts(reach), V::fold_counts(only), band)?;
    if (full | reached_by_three).all_eq(zero) {
        return Some(false);
    }
    let mut removed = zero;
    for k in 0..N {
        let f = present[k];
        let out = (full & f).and_not(confined[k]);
        let forced = reached_by_three & f;
        let rest_of_columns = other_bands(forced);
        if !(forced & rest_of_columns).all_eq(zero) {
            // Taken by two minicolumns of one column.
            return None;
        }
        let gone = (out | rest_of_columns) & f;
        removed = removed | gone;
        clear_minicolumns(planes, firsts[k], &loaded[k], gone);
    }
    Some(!removed.all_eq(zero))
}

/// The minirow rule on one band's nine planes per lane (digit index `d` at `planes[d]`): each
/// minirow holds exactly three digits. A minirow that three digits are confined to (their only
/// one in its row) loses every other digit; a minirow only three digits can reach takes each
/// of them, which then leave the rest of its row. `Some(whether it removed any)`, or `None`
/// when in some lane four digits are confined to one minirow, fewer than three can reach one,
/// or a digit is taken by two minirows of a row. Without it, splitting band permutations can
/// confine too many digits to one minirow unseen, and the search lose itself below it
/// (near-empty grids). O(9) lane operations per counter; branch-free but for the exits.
///
/// ```text
///   flag of minirow m: bit 3m + 2 (the carry trick of the minirow hash), per plane
///   confined: flags with no other flag in their row; both counts saturate at 4
/// ```
#[inline(always)]
pub fn minirow_rule<V: Lanes>(planes: &mut [V; 9]) -> Option<bool> {
    minirow_rule_with(planes, as_is)
}

/// [`minirow_rule`] on two bands' (or twice three bands') nine planes per vector: the low
/// four lanes hold digit indices 0..5 at `planes[0..5]`, the high four lanes digit indices
/// 5..9 at `planes[0..4]` and an empty plane at `planes[4]`. The counts of both halves are
/// added before the rule applies, so each half sees all nine digits. Same results per lane
/// as [`minirow_rule`] (tested); five vectors instead of nine.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn minirow_rule_paired(planes: &mut [U32x8; 5]) -> Option<bool> {
    minirow_rule_with(planes, both_halves)
}

/// What the minirow and minicolumn rules conclude from their counts, as every unit (minirow
/// or minicolumn, a bit of `units`) holds exactly three digits: from the saturating counts
/// of the digits that reach each unit and of those confined to it, `None` when a unit has
/// four confined or fewer than three reaching, else `(full, reached_by_three)`: the units
/// with three confined (the others leave them) and those only three reach (those three take
/// them). Branch-free but for the exit.
#[inline(always)]
fn three_digits_each<V: Lanes>(reach: [V; 4], confined: [V; 4], units: V) -> Option<(V, V)> {
    let [_, _, c3, c4] = reach;
    let [_, _, m3, m4] = confined;
    if !(m4 | units.and_not(c3)).all_eq(V::splat(0)) {
        return None;
    }
    Some((m3.and_not(m4), c3.and_not(c4)))
}

/// Saturating counts (at least 1, 2, 3, 4) of the two halves added, in both halves.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn both_halves(counts: [U32x8; 4]) -> [U32x8; 4] {
    add_counts(counts, each(counts, U32x8::swap_halves))
}

/// The counts of [`minirow_rule_with`] when its lanes are the whole band already.
#[inline(always)]
fn as_is<V>(counts: [V; 4]) -> [V; 4] {
    counts
}

/// The minirow rule over `N` vectors of planes, with `merge` turning the saturating counts
/// (at least 1, 2, 3, 4 planes) of the lanes into those of the whole band.
#[inline(always)]
fn minirow_rule_with<V: Lanes, const N: usize>(
    planes: &mut [V; N],
    merge: fn([V; 4]) -> [V; 4],
) -> Option<bool> {
    let zero = V::splat(0);
    let top = V::splat(0o444_444_444);
    let low_two = V::splat(0o333_333_333);
    // The flag of the next (resp. second next) minirow of the same row, at each flag.
    let next1 = |f: V| f.shr(3) & V::splat(0o044_044_044) | f.shl(6) & V::splat(0o400_400_400);
    let next2 = |f: V| f.shr(6) & V::splat(0o004_004_004) | f.shl(3) & V::splat(0o440_440_440);
    let mut flags = [zero; N];
    let mut confined = [zero; N];
    let (mut c1, mut c2, mut c3, mut c4) = (zero, zero, zero, zero);
    let (mut m1, mut m2, mut m3, mut m4) = (zero, zero, zero, zero);
    for d in 0..N {
        let p = planes[d];
        let f = ((p & low_two).add(low_two) | p) & top;
        let only = f.and_not(next1(f) | next2(f));
        flags[d] = f;
        confined[d] = only;
        c4 = c4 | c3 & f;
        c3 = c3 | c2 & f;
        c2 = c2 | c1 & f;
        c1 = c1 | f;
        m4 = m4 | m3 & only;
        m3 = m3 | m2 & only;
        m2 = m2 | m1 & only;
        m1 = m1 | only;
    }
    let (full, reached_by_three) =
        three_digits_each(merge([c1, c2, c3, c4]), merge([m1, m2, m3, m4]), top)?;
    if (full | reached_by_three).all_eq(zero) {
        return Some(false);
    }
    let cells = |f: V| f | f.shr(1) | f.shr(2);
    let mut removed = zero;
    for d in 0..N {
        let out = (full & flags[d]).and_not(confined[d]);
        let forced = reached_by_three & flags[d];
        let rest_of_rows = next1(forced) | next2(forced);
        if !(forced & rest_of_rows).all_eq(zero) {
            // Taken by two minirows of one row.
            return None;
        }
        let p = planes[d];
        let keep = p.and_not(cells(out | rest_of_rows));
        removed = removed | p ^ keep;
        planes[d] = keep;
    }
    Some(!removed.all_eq(zero))
}

/// The (row -> box) permutations whose three minirows all hold a cell of the plane, per lane,
/// as two flag sets: bit `3k + 2` of the first for rows 0, 1, 2 to boxes `k, k + 1, k + 2`,
/// of the second for boxes `k, k + 2, k + 1` (mod 3). Branch-free, no table.
///
/// ```text
///   minirow flags (bit 3m + 2), row r moved onto row 0:  R0, R1, R2
///   first  = R0 & R1 taken at k + 1 & R2 taken at k + 2   (3-bit rotations inside the row)
///   second = R0 & R1 taken at k + 2 & R2 taken at k + 1
/// ```
#[inline(always)]
pub fn permutation_flags<V: Lanes>(plane: V) -> (V, V) {
    let low_two = V::splat(0o333_333_333);
    let flags = ((plane & low_two).add(low_two) | plane) & V::splat(0o444_444_444);
    let row = V::splat(0o444);
    let (r0, r1, r2) = (flags & row, flags.shr(9) & row, flags.shr(18) & row);
    let next1 = |f: V| f.shr(3) & V::splat(0o044) | f.shl(6) & V::splat(0o400);
    let next2 = |f: V| f.shr(6) & V::splat(0o004) | f.shl(3) & V::splat(0o440);
    (r0 & next1(r1) & next2(r2), r0 & next2(r1) & next1(r2))
}

/// The permutations of [`permutation_flags`] as a set, numbered as in
/// [`sudoku::PERMUTATIONS_OF_3`] and [`PERMUTATION_CELLS`](crate::tables::PERMUTATION_CELLS)
/// (lexicographic: boxes 012 021 102 120 201 210 = first k=0, second 0, second 1, first 1,
/// first 2, second 2).
#[inline(always)]
pub fn permutations_in(plane: u32) -> u32 {
    let (f, s) = permutation_flags(plane);
    (f >> 2 & 1) | (s >> 1 & 2) | (s >> 3 & 4) | (f >> 2 & 8) | (f >> 4 & 16) | (s >> 3 & 32)
}

/// How many permutations ([`permutations_in`]) each of the 28 words has, 0 to 6. O(28) word
/// operations, as seven 4-lane vectors on x86_64: its caller, the baseline search's split
/// choice, runs where AVX2 is not (the AVX2 search counts in its own pass).
#[inline(always)]
pub fn permutation_counts(planes: &[u32; LANES]) -> [u32; LANES] {
    #[cfg(target_arch = "x86_64")]
    {
        permutation_counts_with::<U32x4>(planes, &[0, 4, 8, 12, 16, 20, 24])
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        permutation_counts_portable(planes)
    }
}

/// Portable [`permutation_counts`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86_64 uses it in tests only
pub fn permutation_counts_portable(planes: &[u32; LANES]) -> [u32; LANES] {
    let mut counts = [0; LANES];
    for (c, &p) in counts.iter_mut().zip(planes) {
        *c = permutations_in(p).count_ones();
    }
    counts
}

/// [`permutation_counts`] on the words `at .. at + V::WIDTH` of each `at`.
#[inline(always)]
fn permutation_counts_with<V: Lanes>(planes: &[u32; LANES], starts: &[usize]) -> [u32; LANES] {
    let mut counts = [0; LANES];
    for &at in starts {
        permutation_count(V::load(planes, at)).store(&mut counts, at);
    }
    counts
}

/// How many permutations ([`permutations_in`]) each lane's plane has, 0 to 6. Branch-free.
#[inline(always)]
pub fn permutation_count<V: Lanes>(planes: V) -> V {
    let (first, second) = permutation_flags(planes);
    // Flag sums at bits 0, 3, 6 (at most 2 each), then added up.
    let sums = first.shr(2).add(second.shr(2));
    let seven = V::splat(7);
    (sums & seven)
        .add(sums.shr(3) & seven)
        .add(sums.shr(6) & seven)
}

/// The columns (bits 0..9) of a band plane that hold a cell, per lane.
#[inline(always)]
pub fn columns<V: Lanes>(plane: V) -> V {
    (plane | plane.shr(9) | plane.shr(18)) & V::splat(ROW)
}

/// Per digit index (word `d`), the columns of its givens in any band as cells of every band
/// row, from the givens by plane index (`9 * band + digit`); `None` when two givens of a digit
/// share a column. O(27) word operations, as three 4-lane vectors on x86_64 (digits 0..4,
/// 4..8 and 5..9, as the solver applies the stack rule).
pub fn given_columns(givens: &[u32; LANES]) -> Option<[u32; LANES]> {
    let mut spread = [0u32; LANES];
    #[cfg(target_arch = "x86_64")]
    for &d in &[0, 4, 5] {
        given_columns_of::<U32x4>(givens, d, &mut spread)?;
    }
    #[cfg(not(target_arch = "x86_64"))]
    for d in 0..9 {
        given_columns_of::<u32>(givens, d, &mut spread)?;
    }
    Some(spread)
}

/// [`given_columns`] for the digits `d .. d + V::WIDTH`, stored at `spread[d..]`.
#[inline(always)]
fn given_columns_of<V: Lanes>(
    givens: &[u32; LANES],
    d: usize,
    spread: &mut [u32; LANES],
) -> Option<()> {
    let of_band = |b: usize| columns(V::load(givens, plane_index(b, d)));
    let (c0, c1, c2) = (of_band(0), of_band(1), of_band(2));
    let twice = c0 & c1 | (c0 | c1) & c2;
    if !twice.all_eq(V::splat(0)) {
        return None;
    }
    spread_columns(c0 | c1 | c2).store(spread, d);
    Some(())
}

/// The first cell (bit 0) of each band row.
const ROW_FIRSTS: u32 = 1 | 1 << 9 | 1 << 18;

/// Each row of `cells` without its lowest cell. Every row of `cells` must hold one (else the
/// borrow crosses into the next row). Branch-free.
///
/// ```text
///   cells - ROW_FIRSTS borrows, in each row, up to the row's lowest cell and clears it
/// ```
#[inline(always)]
fn past_first_cells(cells: u32) -> u32 {
    cells & cells.wrapping_sub(ROW_FIRSTS)
}

/// Keeps, in each row of a band plane, the row's cell when it is the only one. Every row of
/// `plane` must hold a cell (true after permutation pruning). Branch-free, no table: the
/// single rows are those with nothing past their first cell.
#[inline(always)]
pub fn single_rows(plane: u32) -> u32 {
    plane & !nonempty_rows(past_first_cells(plane))
}

/// The band rows (9 cells each) that hold a cell of `cells`, whole. Branch-free.
///
/// ```text
///   bit 8 of each row: set when the row's low 8 bits + 0xff carry into it, or it was set
///   (never further); then moved to bit 0 and spread over the row's 9 cells.
/// ```
#[inline(always)]
pub fn nonempty_rows(cells: u32) -> u32 {
    const LOW8: u32 = 0xff * ROW_FIRSTS;
    const BIT8: u32 = 0x100 * ROW_FIRSTS;
    let any = (((cells & LOW8) + LOW8) | cells) & BIT8;
    (any >> 8) * ROW
}

/// The band row (9 cells) that holds the band cell `bit`.
#[inline(always)]
pub fn row_of(bit: u32) -> u32 {
    ROW << (9 * (bit.trailing_zeros() / 9))
}

/// `plane` with each row that holds one of `cells` (cells of the plane) cut down to those
/// cells, and the cells past the first in rows that hold two or more of them (a digit takes
/// one cell per row: nonzero is a contradiction). Branch-free.
#[inline(always)]
pub fn take_cells(plane: u32, cells: u32) -> (u32, u32) {
    let rows = nonempty_rows(cells);
    // An empty row of `cells` gets its first bit, a cell with nothing past it.
    let guarded = cells | (ROW_FIRSTS & !rows);
    ((plane & !rows) | cells, past_first_cells(guarded))
}

/// A column set of a band (bits 0..9) copied to all three rows, per lane.
#[inline(always)]
pub fn spread_columns<V: Lanes>(columns: V) -> V {
    columns | columns.shl(9) | columns.shl(18)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::PERMUTATION_KEEP_3X3;
    use rng::Rng;

    /// The stack rule by table, per stack: (present, keep), keep = 0 on a dead stack.
    fn stack_rule_by_table(planes: [u32; 3]) -> (u32, u32) {
        let present = columns(planes[0]) | columns(planes[1]) << 9 | columns(planes[2]) << 18;
        let mut keep_all = 0;
        let mut dead = false;
        for s in 0..3 {
            let at = 3 * s;
            let matrix = (present >> at & 7)
                | (present >> (9 + at) & 7) << 3
                | (present >> (18 + at) & 7) << 6;
            let keep = PERMUTATION_KEEP_3X3[matrix as usize] as u32;
            dead |= keep == 0;
            keep_all |= (keep & 7) << at | (keep >> 3 & 7) << (9 + at) | (keep >> 6) << (18 + at);
        }
        (present, if dead { 0 } else { keep_all })
    }

    #[test]
    fn stack_rule_matches_the_table() {
        let mut rng = Rng::new(0x5851_f42d_4c95_7f2d);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            // Sparse planes, so that dead stacks and removals both occur.
            let mut words = [0u32; LANES];
            for w in words[..27].iter_mut() {
                *w = (next() & next() & next()) as u32 & BAND;
            }
            for d in 0..4 {
                let planes = [words[d], words[9 + d], words[18 + d]];
                let (present, keep) = stack_rule_by_table(planes);
                let got = stack_rule::<u32>(planes);
                if keep == 0 {
                    assert_eq!(got, None, "{:?}", planes);
                } else {
                    assert_eq!(got, Some((present, keep)), "{:?}", planes);
                }
            }
            #[cfg(target_arch = "x86_64")]
            {
                use crate::lanes::U32x4;
                let wide = [0, 9, 18].map(|at| U32x4::load(&words, at));
                let lanes =
                    (0..4).map(|d| stack_rule::<u32>([words[d], words[9 + d], words[18 + d]]));
                match stack_rule(wide) {
                    None => assert!(lanes.clone().any(|r| r.is_none())),
                    Some((present, keep)) => {
                        let (mut p, mut k) = ([0u32; LANES], [0u32; LANES]);
                        present.store(&mut p, 0);
                        keep.store(&mut k, 0);
                        for (d, lane) in lanes.enumerate() {
                            assert_eq!(lane, Some((p[d], k[d])));
                        }
                    }
                }
            }
        }
    }

    /// The minirow rule by direct counts, minirow by minirow.
    fn minirow_rule_by_counts(planes: &[u32; 9]) -> Option<[u32; 9]> {
        let minirow = |m: usize| 7u32 << (9 * (m / 3) + 3 * (m % 3));
        let row = |m: usize| ROW << (9 * (m / 3));
        let mut out = *planes;
        let mut taken = [[false; 3]; 9];
        for m in 0..9 {
            let reach: Vec<usize> = (0..9).filter(|&d| planes[d] & minirow(m) != 0).collect();
            let confined: Vec<usize> = reach
                .iter()
                .copied()
                .filter(|&d| planes[d] & row(m) & !minirow(m) == 0)
                .collect();
            if confined.len() >= 4 || reach.len() < 3 {
                return None;
            }
            if confined.len() == 3 {
                for &d in reach.iter().filter(|d| !confined.contains(d)) {
                    out[d] &= !minirow(m);
                }
            }
            if reach.len() == 3 {
                for &d in &reach {
                    if taken[d][m / 3] {
                        return None;
                    }
                    taken[d][m / 3] = true;
                    out[d] &= !(row(m) & !minirow(m));
                }
            }
        }
        Some(out)
    }

    #[test]
    fn minirow_rule_matches_direct_counts() {
        let mut rng = Rng::new(0x7137_449b_2f8d_a2c5);
        let mut outcomes = (0, 0);
        for round in 0..20_000 {
            // Dense planes with a few sparse ones, so that confinement and the counts of
            // three both occur often.
            let mut planes = [0u32; 9];
            for p in planes.iter_mut() {
                let r = rng.next_u64();
                *p = match r % 4 {
                    0 => (r >> 8) as u32 & (r >> 35) as u32,
                    _ => (r >> 8) as u32 | (r >> 35) as u32,
                } & BAND;
                if round % 2 == 0 {
                    *p &= (rng.next_u64() | rng.next_u64()) as u32;
                }
            }
            let mut got = planes;
            let result = minirow_rule::<u32>(&mut got);
            tally(
                &planes,
                result,
                &got,
                minirow_rule_by_counts(&planes),
                &mut outcomes,
            );
        }
        // Both outcomes are exercised.
        assert!(outcomes.0 > 20 && outcomes.1 > 100, "{:?}", outcomes);
    }

    /// Checks a rule's `result` and board after (`got`) against its definition's `expected`
    /// board, from `planes`, and counts the dead ends and the changes in `outcomes`.
    fn tally<T: PartialEq + std::fmt::Debug>(
        planes: &T,
        result: Option<bool>,
        got: &T,
        expected: Option<T>,
        outcomes: &mut (usize, usize),
    ) {
        match result {
            None => {
                outcomes.0 += 1;
                assert_eq!(expected, None, "{:x?}", planes);
            }
            Some(removed) => {
                let e = expected.expect("the rule finds no contradiction");
                assert_eq!(got, &e, "{:x?}", planes);
                assert_eq!(removed, &e != planes);
                outcomes.1 += removed as usize;
            }
        }
    }

    /// [`minicolumn_rule`] by its definition, minicolumn by minicolumn.
    fn minicolumn_rule_by_counts(planes: &[u32; LANES]) -> Option<[u32; LANES]> {
        let column = |c: usize| spread_columns(1u32 << c);
        let reaches = |d: usize, b: usize, c: usize| planes[9 * b + d] & column(c) != 0;
        let mut out = *planes;
        // Whether a digit is already taken by a minicolumn of a column.
        let mut taken = [[false; 9]; 9];
        for b in 0..3 {
            #[allow(clippy::needless_range_loop)] // `c` is a column, not only an index
            for c in 0..9 {
                let reach: Vec<usize> = (0..9).filter(|&d| reaches(d, b, c)).collect();
                let confined: Vec<usize> = reach
                    .iter()
                    .copied()
                    .filter(|&d| (0..3).all(|other| other == b || !reaches(d, other, c)))
                    .collect();
                if confined.len() >= 4 || reach.len() < 3 {
                    return None;
                }
                if confined.len() == 3 {
                    for &d in reach.iter().filter(|d| !confined.contains(d)) {
                        out[9 * b + d] &= !column(c);
                    }
                }
                if reach.len() == 3 {
                    for &d in &reach {
                        if taken[d][c] {
                            return None;
                        }
                        taken[d][c] = true;
                        for other in (0..3).filter(|&other| other != b) {
                            out[9 * other + d] &= !column(c);
                        }
                    }
                }
            }
        }
        Some(out)
    }

    /// Boards for the minicolumn tests: dense planes with some sparse ones, so that
    /// confinement and counts of three both occur often.
    fn minicolumn_boards(seed: u64, n: usize) -> Vec<[u32; LANES]> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|round| {
                let mut planes = [0u32; LANES];
                for p in planes[..27].iter_mut() {
                    let r = rng.next_u64();
                    *p = match r % 4 {
                        0 => (r >> 8) as u32 & (r >> 35) as u32,
                        _ => (r >> 8) as u32 | (r >> 35) as u32,
                    } & BAND;
                    if round % 2 == 0 {
                        *p &= (rng.next_u64() | rng.next_u64()) as u32;
                    }
                }
                planes
            })
            .collect()
    }

    #[test]
    fn minicolumn_rule_matches_direct_counts() {
        let mut outcomes = (0, 0);
        for planes in minicolumn_boards(0x5be0_cd19_137e_2179, 20_000) {
            let mut got = planes;
            let result = minicolumn_rule(&mut got, [0, 1, 2, 3, 4, 5, 6, 7, 8], [!0u32; 9]);
            tally(
                &planes,
                result,
                &got,
                minicolumn_rule_by_counts(&planes),
                &mut outcomes,
            );
        }
        // Both outcomes are exercised.
        assert!(outcomes.0 > 20 && outcomes.1 > 100, "{:?}", outcomes);
    }

    /// [`minicolumn_rule`] on two 8-lane vectors, compiled for AVX2, for the test below.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn minicolumn_rule_avx2(planes: &mut [u32; LANES]) -> Option<bool> {
        use crate::lanes::U32x8;
        let last = U32x8::new([0, 0, 0, 0, 0, 0, 0, !0]);
        minicolumn_rule(planes, [0, 1], [U32x8::splat(!0), last])
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn minicolumn_rule_vector_and_portable_agree() {
        use crate::lanes::U32x4;
        for planes in minicolumn_boards(0x1f83_d9ab_fb41_bd6b, 10_000) {
            let mut portable = planes;
            let expected = minicolumn_rule(&mut portable, [0, 1, 2, 3, 4, 5, 6, 7, 8], [!0u32; 9]);
            let mut sse2 = planes;
            let all = U32x4::splat(!0);
            let last = U32x4::new([0, 0, 0, !0]);
            let got = minicolumn_rule(&mut sse2, [0, 4, 5], [all, all, last]);
            assert_eq!(got, expected, "{:x?}", planes);
            if expected.is_some() {
                assert_eq!(sse2, portable, "{:x?}", planes);
            }
            if is_x86_feature_detected!("avx2") {
                let mut wide = planes;
                // SAFETY: AVX2 is present.
                let got = unsafe { minicolumn_rule_avx2(&mut wide) };
                assert_eq!(got, expected, "{:x?}", planes);
                if expected.is_some() {
                    assert_eq!(wide, portable, "{:x?}", planes);
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn minirow_rule_vector_and_portable_agree() {
        use crate::lanes::U32x4;
        let mut rng = Rng::new(0x0f2d_6c8a_3b71_9e45);
        for _ in 0..10_000 {
            let mut planes = [0u32; 27];
            for p in planes.iter_mut() {
                let r = rng.next_u64();
                *p = ((r >> 8) as u32 | (r >> 35) as u32) & BAND;
                if r % 3 == 0 {
                    *p &= rng.next_u64() as u32;
                }
            }
            // Bands 0, 1, 2 in lanes 0, 1, 2; the pad lane is a full band (no rule applies).
            let mut wide = [U32x4::splat(0); 9];
            for (d, w) in wide.iter_mut().enumerate() {
                *w = U32x4::new([planes[d], planes[9 + d], planes[18 + d], BAND]);
            }
            let wide_result = minirow_rule(&mut wide);
            let mut narrow = planes;
            let mut narrow_result = Some(false);
            for b in 0..3 {
                let mut band = [0u32; 9];
                band.copy_from_slice(&narrow[9 * b..9 * b + 9]);
                match (narrow_result, minirow_rule::<u32>(&mut band)) {
                    (Some(r), Some(removed)) => narrow_result = Some(r | removed),
                    _ => narrow_result = None,
                }
                narrow[9 * b..9 * b + 9].copy_from_slice(&band);
            }
            assert_eq!(wide_result, narrow_result, "{:?}", planes);
            if wide_result.is_some() {
                for (d, w) in wide.iter().enumerate() {
                    let l = w.lanes();
                    assert_eq!(
                        [l[0], l[1], l[2], l[3]],
                        [narrow[d], narrow[9 + d], narrow[18 + d], BAND]
                    );
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn minirow_rule_paired_and_four_lane_agree() {
        use crate::lanes::{U32x4, U32x8};
        if !is_x86_feature_detected!("avx2") {
            return; // nothing to compare on this processor
        }
        let mut rng = Rng::new(0x3c6e_f372_fe94_f82b);
        for _ in 0..10_000 {
            let mut planes = [0u32; 27];
            for p in planes.iter_mut() {
                let r = rng.next_u64();
                *p = ((r >> 8) as u32 | (r >> 35) as u32) & BAND;
                if r % 3 == 0 {
                    *p &= rng.next_u64() as u32;
                }
            }
            let mut four = [U32x4::splat(0); 9];
            for (d, w) in four.iter_mut().enumerate() {
                *w = U32x4::new([planes[d], planes[9 + d], planes[18 + d], BAND]);
            }
            let four_result = minirow_rule(&mut four);
            let lanes = |d: usize| [planes[d], planes[9 + d], planes[18 + d], BAND];
            let mut paired = [U32x8::splat(0); 5];
            for (k, w) in paired.iter_mut().enumerate() {
                let [a, b, c, pad] = lanes(k);
                let [e, f, g, h] = if k + 5 < 9 {
                    lanes(k + 5)
                } else {
                    [0, 0, 0, BAND]
                };
                *w = U32x8::new([a, b, c, pad, e, f, g, h]);
            }
            // SAFETY: AVX2 was detected above.
            let paired_result = unsafe { paired_avx2(&mut paired) };
            assert_eq!(paired_result, four_result, "{:?}", planes);
            if four_result.is_some() {
                for (k, w) in paired.iter().enumerate() {
                    let l = w.lanes();
                    assert_eq!(l[..4], four[k].lanes());
                    if k + 5 < 9 {
                        assert_eq!(l[4..], four[k + 5].lanes());
                    } else {
                        assert_eq!(l[4..], [0, 0, 0, BAND]);
                    }
                }
            }
        }
    }

    /// [`minirow_rule_paired`] where AVX2 is enabled. Requires AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn paired_avx2(planes: &mut [crate::lanes::U32x8; 5]) -> Option<bool> {
        minirow_rule_paired(planes)
    }

    #[test]
    fn permutations_match_a_direct_check() {
        use crate::tables::{on_permutations, PERMUTATION_CELLS};
        let mut union_of_all = 0;
        for (p, &cells) in PERMUTATION_CELLS.iter().enumerate() {
            assert_eq!(cells.count_ones(), 9);
            assert_eq!(on_permutations(cells), cells);
            assert_eq!(permutations_in(cells), 1 << p);
            union_of_all |= cells;
        }
        assert_eq!(union_of_all, BAND);
        assert_eq!(permutations_in(BAND), 0b11_1111);
        assert_eq!(permutations_in(0), 0);
        let mut rng = Rng::new(0x1f83_d9ab_fb41_bd6b);
        for round in 0..5000 {
            let mut planes = [0u32; LANES];
            for w in planes.iter_mut() {
                let r = rng.next_u64();
                *w = if round % 2 == 0 {
                    r & r >> 32
                } else {
                    r & r >> 29 & r >> 17
                } as u32;
            }
            for &plane in &planes {
                let plane = plane & BAND;
                let expected = (0..6)
                    .filter(|&p| {
                        let on = plane & PERMUTATION_CELLS[p];
                        (0..3).all(|r| on >> (9 * r) & ROW != 0)
                    })
                    .fold(0, |set, p| set | 1 << p);
                assert_eq!(permutations_in(plane), expected, "{:#x}", plane);
                // The pruning keeps exactly the union of these permutations' minirows.
                let union = (0..6)
                    .filter(|&p| expected >> p & 1 != 0)
                    .fold(0, |u, p| u | PERMUTATION_CELLS[p]);
                assert_eq!(on_permutations(plane), plane & union, "{:#x}", plane);
            }
            // The vector paths count the same, whatever the bits above the band.
            let portable = permutation_counts_portable(&planes);
            assert_eq!(permutation_counts(&planes), portable);
            #[cfg(target_arch = "x86_64")]
            if is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 is present.
                assert_eq!(unsafe { permutation_counts_avx2(&planes) }, portable);
            }
        }
    }

    /// [`permutation_counts`] in 8-lane vectors (words 20..24 done twice, the same answer), as
    /// the AVX2 search counts. Requires AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn permutation_counts_avx2(planes: &[u32; LANES]) -> [u32; LANES] {
        permutation_counts_with::<crate::lanes::U32x8>(planes, &[0, 8, 16, 20])
    }

    #[test]
    fn take_cells_cuts_rows_to_their_cells() {
        let mut rng = Rng::new(0x1f83_d9ab_fb41_bd6b);
        for _ in 0..20_000 {
            let plane = BAND & rng.next_u64() as u32;
            // Sparse cells of the plane: none, one or a few per row.
            let cells = plane & rng.next_u64() as u32 & rng.next_u64() as u32;
            let (mut kept, mut extra) = (plane, 0);
            for r in 0..3 {
                let row = ROW << (9 * r);
                if cells & row != 0 {
                    kept = (kept & !row) | (cells & row);
                    let first = cells & row & (cells & row).wrapping_neg();
                    extra |= cells & row & !first;
                }
            }
            assert_eq!(
                take_cells(plane, cells),
                (kept, extra),
                "{:#x} {:#x}",
                plane,
                cells
            );
        }
    }

    #[test]
    fn helpers() {
        assert_eq!(single_rows(1 << 4 | 0b11 << 9 | 1 << 26), 1 << 4 | 1 << 26);
        assert_eq!(single_rows(BAND), 0);
        // Every combination of row contents against a per-row count.
        for plane in [1u32, 0x100, 0x101, 0x1ff, 0x80, 0x180, 0x10] {
            for other in [1u32, 0x100, 0x3, 0x1ff] {
                let p = plane | other << 9 | plane << 18;
                let mut expected = 0;
                for r in 0..3 {
                    let row = p >> (9 * r) & ROW;
                    if row.count_ones() == 1 {
                        expected |= row << (9 * r);
                    }
                }
                assert_eq!(single_rows(p), expected, "{:#x}", p);
            }
        }
        assert_eq!(row_of(1 << 13), ROW << 9);
        assert_eq!(spread_columns(0b101), 0b101 | 0b101 << 9 | 0b101 << 18);
    }

    #[test]
    fn given_columns_vector_and_portable_agree() {
        let mut rng = Rng::new(0x3c6e_f372_fe94_f82b);
        for _ in 0..2000 {
            let mut givens = [0u32; LANES];
            for w in givens[..27].iter_mut() {
                let r = rng.next_u64();
                // One or two givens per plane at most, often none.
                *w = (1 << (r % 27) | 1 << ((r >> 8) % 27)) as u32 & (r >> 40) as u32;
            }
            let mut spread = [0u32; LANES];
            let portable = (0..9)
                .try_for_each(|d| given_columns_of::<u32>(&givens, d, &mut spread))
                .map(|_| spread);
            assert_eq!(given_columns(&givens), portable);
            let clash = (0..9).any(|d| {
                let c = [0, 1, 2].map(|b| columns(givens[plane_index(b, d)]));
                c[0] & c[1] | (c[0] | c[1]) & c[2] != 0
            });
            assert_eq!(portable.is_none(), clash);
        }
    }
}
