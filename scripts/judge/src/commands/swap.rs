//! `judge swap A:B ...`: copies stdin to stdout with the bytes at each pair of offsets
//! swapped in turn, replaying the swaps of a `make worst` climb (see [`mutate`]).

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::exec::pipe;
use crate::search::mutate;
use std::io::{Read, Write};

/// The arguments of `swap`.
pub struct Args {
    /// Byte offsets to swap, in order.
    pub swaps: Vec<(usize, usize)>,
}

impl Args {
    /// `swap A:B [C:D...]`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        let swaps = line
            .names
            .iter()
            .map(|p| parse_swap(p).ok_or_else(|| Error::Usage(format!("`{}`: expected A:B", p))))
            .collect::<Result<Vec<_>>>()?;
        Ok(Args { swaps })
    }
}

/// Copies stdin to stdout with the swaps applied. Errors name a swap outside the input.
pub fn run(args: &Args) -> Result<Outcome> {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    mutate::apply(&mut input, &args.swaps)?;
    pipe::stdout(std::io::stdout().write_all(&input))?;
    Ok(Outcome::Pass)
}

/// `A:B` as a swap of the bytes at offsets A and B.
fn parse_swap(text: &str) -> Option<(usize, usize)> {
    let (a, b) = text.split_once(':')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_are_two_offsets() {
        assert_eq!(parse_swap("12:40"), Some((12, 40)));
        assert_eq!(parse_swap("12-40"), None);
        assert_eq!(parse_swap("a:1"), None);
    }
}
