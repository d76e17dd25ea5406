//! Where the search splits: the band or stack, and the digit there, with the fewest
//! permutations left.

use crate::bands::{self, minicolumns, stack_terms};
use crate::grid::plane_index;
#[cfg(target_arch = "x86_64")]
use crate::lanes::U32x4;
use crate::lanes::{Lanes, LANES};

/// A place to split on: the (row -> box) permutations of a band plane, or the (band -> column)
/// permutations of one digit in one stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitAt {
    /// The plane at this index ([`plane_index`]).
    Band(usize),
    /// Digit index `digit` in stack `stack` (columns `3 * stack ..`).
    Stack { digit: usize, stack: usize },
}

/// The split: among the three bands and the three stacks, the one whose digits with two or
/// more permutations left have the fewest in all (bands first, then stacks, on ties), and
/// there the digit with the fewest (at least two; the first on ties). `None` when every digit
/// is down to one permutation in every band and stack. O(27) word operations.
#[inline(always)]
pub fn split_at(planes: &[u32; LANES]) -> Option<SplitAt> {
    let bands = kept_counts(bands::permutation_counts(planes));
    let stacks = stack_bytes(planes);
    let mut totals = [0; 6];
    for (b, total) in totals[..3].iter_mut().enumerate() {
        *total = bands[plane_index(b, 0)..plane_index(b, 9)].iter().sum();
    }
    // At most 9 * 6 per stack: the bytes do not carry into each other.
    let stack_sums: u32 = stacks[..9].iter().sum();
    for (s, total) in totals[3..].iter_mut().enumerate() {
        *total = stack_sums >> (8 * s) & 0xff;
    }
    pick(&totals, |g, d| {
        if g < 3 {
            bands[plane_index(g, d)]
        } else {
            stacks[d] >> (8 * (g - 3)) & 0xff
        }
    })
}

/// [`at_least_two`] on each word, vectors on x86_64.
#[inline(always)]
fn kept_counts(mut counts: [u32; LANES]) -> [u32; LANES] {
    #[cfg(target_arch = "x86_64")]
    for at in (0..LANES).step_by(4) {
        at_least_two(U32x4::load(&counts, at)).store(&mut counts, at);
    }
    #[cfg(not(target_arch = "x86_64"))]
    for c in counts.iter_mut() {
        *c = at_least_two(*c);
    }
    counts
}

/// The split from the groups' `totals` (bands 0..3, stacks 3..6) and the `count(group, d)`
/// of digit index `d` in a group (0 below two): the group with the smallest nonzero total,
/// there the digit with the smallest nonzero count, the first on ties. `None` when every
/// total is zero. O(1).
#[inline(always)]
pub fn pick(totals: &[u32; 6], count: impl Fn(usize, usize) -> u32) -> Option<SplitAt> {
    let group = fewest(totals)?;
    let mut of_digit = [0; 9];
    for (d, n) in of_digit.iter_mut().enumerate() {
        *n = count(group, d);
    }
    Some(place(group, fewest(&of_digit)?))
}

/// The split of `group` (bands 0..3, stacks 3..6) at digit index `d`.
#[inline(always)]
fn place(group: usize, d: usize) -> SplitAt {
    if group < 3 {
        SplitAt::Band(plane_index(group, d))
    } else {
        SplitAt::Stack {
            digit: d,
            stack: group - 3,
        }
    }
}

/// The index of the smallest nonzero entry, the first on ties; `None` when all are zero.
/// Requires `N <= 16` and entries below 2^27 (counts and their sums are far below). O(N),
/// branch-free: the minimum of `(v - 1) << 4 | i`, where a zero wraps to the top (a branch on
/// each compare depends on the board and is often mispredicted).
#[inline(always)]
fn fewest<const N: usize>(values: &[u32; N]) -> Option<usize> {
    let mut best = u32::MAX;
    for (i, &v) in values.iter().enumerate() {
        best = best.min(v.wrapping_sub(1) << 4 | i as u32);
    }
    if best >> 4 == u32::MAX >> 4 {
        None
    } else {
        Some((best & 15) as usize)
    }
}

/// Per lane, each 3-bit count at bits 0, 3, 6, ... (at most 7) kept when it is at least two,
/// else 0. Branch-free.
#[inline(always)]
pub fn at_least_two<V: Lanes>(counts: V) -> V {
    let two_or_more = (counts.shr(1) | counts.shr(2)) & V::splat(0o1_111_111_111);
    counts & (two_or_more | two_or_more.shl(1) | two_or_more.shl(2))
}

/// The [`stack_count_bytes`] of each digit: word `d` for digit index `d`, stack `s` in byte
/// `s`. O(27) word operations, vectors on x86_64.
#[inline(always)]
fn stack_bytes(planes: &[u32; LANES]) -> [u32; LANES] {
    let mut bytes = [0; LANES];
    #[cfg(target_arch = "x86_64")]
    for &d in &[0, 4, 5] {
        stack_count_bytes(stack_counts_of::<U32x4>(planes, d)).store(&mut bytes, d);
    }
    #[cfg(not(target_arch = "x86_64"))]
    for d in 0..9 {
        stack_count_bytes(stack_counts_of::<u32>(planes, d)).store(&mut bytes, d);
    }
    bytes
}

/// The stack counts ([`bands::stack_counts`]) of the digits `d .. d + V::WIDTH`.
#[inline(always)]
fn stack_counts_of<V: Lanes>(planes: &[u32; LANES], d: usize) -> V {
    let digit = [
        V::load(planes, plane_index(0, d)),
        V::load(planes, plane_index(1, d)),
        V::load(planes, plane_index(2, d)),
    ];
    let (first, second) = stack_terms(minicolumns(digit));
    bands::stack_counts(first, second)
}

/// Stack counts ([`bands::stack_counts`]) kept when at least two and moved to bytes: stack
/// `s` in byte `s`. Branch-free.
#[inline(always)]
pub fn stack_count_bytes<V: Lanes>(counts: V) -> V {
    let counts = at_least_two(counts);
    let seven = V::splat(7);
    (counts & seven) | (counts.shr(3) & seven).shl(8) | (counts.shr(6) & seven).shl(16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::BAND;
    use rng::Rng;

    /// The split by its definition: permutations counted one by one.
    fn split_by_definition(planes: &[u32; LANES]) -> Option<SplitAt> {
        let band_count = |i: usize| bands::permutations_in(planes[i]).count_ones();
        let stack_count = |d: usize, s: usize| {
            let present = minicolumns([planes[d], planes[9 + d], planes[18 + d]]);
            let (first, second) = stack_terms(present);
            (first >> (3 * s) & 7).count_ones() + (second >> (3 * s) & 7).count_ones()
        };
        let count = |group: usize, d: usize| {
            let n = if group < 3 {
                band_count(plane_index(group, d))
            } else {
                stack_count(d, group - 3)
            };
            if n >= 2 {
                n
            } else {
                0
            }
        };
        let totals = [0, 1, 2, 3, 4, 5].map(|g| (0..9).map(|d| count(g, d)).sum::<u32>());
        let group = fewest(&totals)?;
        let d = fewest(&[0, 1, 2, 3, 4, 5, 6, 7, 8].map(|d| count(group, d)))?;
        Some(place(group, d))
    }

    #[test]
    fn fewest_is_the_first_smallest_nonzero() {
        let mut rng = Rng::new(0x9b05_688c_2b3e_6c1f);
        for _ in 0..20_000 {
            let mut values = [0u32; 9];
            for v in values.iter_mut() {
                // Small values, many zeros and ties; now and then a large one.
                *v = match rng.next_u64() % 8 {
                    0 | 1 => 0,
                    2 => (rng.next_u64() % (1 << 27)) as u32,
                    _ => (rng.next_u64() % 5) as u32,
                };
            }
            let expected = values
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v != 0)
                .min_by_key(|&(i, &v)| (v, i))
                .map(|(i, _)| i);
            assert_eq!(fewest(&values), expected, "{:?}", values);
            let six = [
                values[0], values[1], values[2], values[3], values[4], values[5],
            ];
            let expected = (0..6).filter(|&i| six[i] != 0).min_by_key(|&i| (six[i], i));
            assert_eq!(fewest(&six), expected, "{:?}", six);
        }
        assert_eq!(fewest(&[0u32; 6]), None);
        assert_eq!(fewest(&[(1 << 27) - 1, 0, (1 << 27) - 1]), Some(0));
    }

    #[test]
    fn every_path_splits_where_the_definition_says() {
        let mut rng = Rng::new(0x3c6e_f372_fe94_f82b);
        let mut seen = [0usize; 3];
        for round in 0..20_000 {
            let mut planes = [0u32; LANES];
            for p in planes[..27].iter_mut() {
                // Mostly sparse planes (few permutations), some empty or full.
                *p = match rng.next_u64() % 8 {
                    0 => 0,
                    1 => BAND,
                    _ => BAND & (rng.next_u64() as u32 | rng.next_u64() as u32),
                };
            }
            if round % 3 == 0 {
                // A band fixed: one permutation per digit.
                let b = (rng.next_u64() % 3) as usize;
                for d in 0..9 {
                    planes[9 * b + d] = crate::tables::PERMUTATION_CELLS[d % 6];
                }
            }
            let expected = split_by_definition(&planes);
            seen[match expected {
                None => 0,
                Some(SplitAt::Band(_)) => 1,
                Some(SplitAt::Stack { .. }) => 2,
            }] += 1;
            assert_eq!(split_at(&planes), expected, "{:x?}", planes);
        }
        // The boards reach both kinds of split.
        assert!(seen[1] > 100 && seen[2] > 100, "{:?}", seen);
    }
}
