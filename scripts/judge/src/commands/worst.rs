//! `make worst`: the slowest inputs of a problem ([`crate::search::worst`]).

use super::{one_problem, Outcome};
use crate::cli::args::Parsed;
use crate::error::Result;
use crate::search::worst::{self, Options};
use std::path::{Path, PathBuf};

/// The arguments of `worst`: the search's options.
pub struct Args(pub Options);

impl Args {
    /// `worst NAME [--n N] [--seed S] [--keep K] [--limit-ms MS] [--solver FILE.rs] [--out DIR]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let count = line.count("--n")?;
        let seed = line.count("--seed")?;
        let keep = line.count("--keep")?.max(1) as usize;
        let limit_ms = line.number("--limit-ms")?;
        Ok(Args(Options {
            count,
            seed,
            keep,
            limit_ms,
            solver: line.text("--solver").map(PathBuf::from),
            out: line.text("--out").map(PathBuf::from),
            problem: one_problem(root, line)?,
        }))
    }
}

/// Runs the search; passes when every input is within the limit and answered right.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    worst::run(root, &args.0)
}
