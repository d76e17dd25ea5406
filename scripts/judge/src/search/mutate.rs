//! Small changes to a grid-shaped input: two characters of its grid rows swapped.
//!
//! `make worst` climbs from its slowest inputs by such swaps. The grid rows are the lines of
//! the most common length (trailing whitespace ignored), so a count line or blank separator
//! is never touched; a swap moves a given to an empty cell, or exchanges two givens. Nothing
//! here knows the format: the reference decides whether the result is still a valid input.

use crate::error::{Error, Result};
use rng::Rng;

/// Byte offsets of the non-whitespace characters of the input's grid rows: the lines whose
/// trimmed length is the most common one among non-empty lines. O(input length).
pub fn grid_cells(input: &[u8]) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, &b) in input.iter().enumerate() {
        if b == b'\n' {
            lines.push((start, i));
            start = i + 1;
        }
    }
    lines.push((start, input.len()));
    let trimmed = |&(a, b): &(usize, usize)| {
        let line = &input[a..b];
        line.len()
            - line
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_whitespace())
                .count()
    };
    let mut lengths: Vec<usize> = lines.iter().map(trimmed).filter(|&l| l > 0).collect();
    lengths.sort_unstable();
    // The most common length; the longest among equally common ones.
    let mut modal = (0, 0);
    let mut i = 0;
    while i < lengths.len() {
        let j = i + lengths[i..]
            .iter()
            .take_while(|&&l| l == lengths[i])
            .count();
        if j - i >= modal.1 {
            modal = (lengths[i], j - i);
        }
        i = j;
    }
    lines
        .iter()
        .filter(|l| modal.0 > 0 && trimmed(l) == modal.0)
        .flat_map(|&(a, b)| (a..b).filter(|&k| !input[k].is_ascii_whitespace()))
        .collect()
}

/// Two grid cells of `input` holding different characters, chosen by `rng`; `None` when
/// there are no such two (after a bounded number of tries).
pub fn random_swap(input: &[u8], rng: &mut Rng) -> Option<(usize, usize)> {
    let cells = grid_cells(input);
    if cells.len() < 2 {
        return None;
    }
    for _ in 0..64 {
        let (a, b) = (cells[rng.below(cells.len())], cells[rng.below(cells.len())]);
        if input[a] != input[b] {
            return Some((a.min(b), a.max(b)));
        }
    }
    None
}

/// Applies `swaps` in order. Errors name a swap outside the input.
pub fn apply(input: &mut [u8], swaps: &[(usize, usize)]) -> Result<()> {
    for &(a, b) in swaps {
        if a >= input.len() || b >= input.len() {
            return Err(Error::Usage(format!(
                "swap {}:{} is outside the {} byte input",
                a,
                b,
                input.len()
            )));
        }
        input.swap(a, b);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_rows_are_the_lines_of_the_common_length() {
        // A count line, two grid rows, a blank separator, a row with trailing spaces.
        let input = b"2\n1.3\n.5.\n\n7 9  \n";
        let cells = grid_cells(input);
        let chars: Vec<u8> = cells.iter().map(|&k| input[k]).collect();
        assert_eq!(chars, b"1.3.5.79");
        assert!(grid_cells(b"").is_empty());
    }

    #[test]
    fn swaps_exchange_different_cells_and_replay() {
        let input = b"1\n12\n00\n".to_vec();
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let (a, b) = random_swap(&input, &mut rng).unwrap();
            assert!(a < b && input[a] != input[b]);
            assert!(a >= 2, "the count line is never touched");
        }
        assert_eq!(random_swap(b"1\n00\n00\n", &mut rng), None);
        let mut g = input.clone();
        apply(&mut g, &[(2, 5), (3, 6)]).unwrap();
        assert_eq!(g, b"1\n00\n12\n");
        assert!(apply(&mut g, &[(0, 99)]).is_err());
    }
}
