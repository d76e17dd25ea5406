//! `make shrink`: a saved failing input made as small as it fails ([`crate::search::shrink`]).

use super::{one_problem, Outcome};
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::search::shrink::{self, Options};
use std::path::{Path, PathBuf};

/// The arguments of `shrink`: the shrink's options.
pub struct Args(pub Options);

impl Args {
    /// `shrink NAME --in FILE [--shrink-s S] [--solver FILE.rs] [--samples DIR]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let input = line.text("--in").map(PathBuf::from).ok_or_else(|| {
            Error::Usage("`shrink` takes the failing input: IN=<file> (--in FILE)".to_string())
        })?;
        Ok(Args(Options {
            input,
            seconds: line.count("--shrink-s")?,
            solver: line.text("--solver").map(PathBuf::from),
            samples: line.text("--samples").map(PathBuf::from),
            problem: one_problem(root, line)?,
        }))
    }
}

/// Shrinks the input; passes only when the solution answers it right (nothing to shrink).
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    shrink::run_file(root, &args.0)
}
