//! `make stress`: random inputs, the submission against the reference, until they disagree
//! ([`crate::search::stress`]).

use super::{one_problem, Outcome};
use crate::cli::args::Parsed;
use crate::error::Result;
use crate::search::stress::{self, Options};
use std::path::{Path, PathBuf};

/// The arguments of `stress`: the loop's options.
pub struct Args(pub Options);

impl Args {
    /// `stress NAME [--n N] [--seed S] [--shrink-s S] [--solver FILE.rs] [--samples DIR]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let count = line.count("--n")?;
        let seed = line.count("--seed")?;
        Ok(Args(Options {
            count,
            seed,
            solver: line.text("--solver").map(PathBuf::from),
            samples: line.text("--samples").map(PathBuf::from),
            shrink_s: line.count("--shrink-s")?,
            problem: one_problem(root, line)?,
        }))
    }
}

/// Runs the stress test; passes when every case passed.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    stress::run(root, &args.0)
}
