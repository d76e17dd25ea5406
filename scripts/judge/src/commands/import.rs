//! `make import FILE=<problem.json>`: the problems of a saved Competitive Companion request
//! body, scaffolded as `receive` would (see [`crate::intake::listen`]).

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::intake::listen;
use std::path::{Path, PathBuf};

/// The arguments of `import`.
pub struct Args {
    /// The saved request body: one problem, or an array of problems.
    pub file: PathBuf,
}

impl Args {
    /// `import FILE`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        match line.names.as_slice() {
            [file] => Ok(Args {
                file: PathBuf::from(file),
            }),
            _ => Err(Error::Usage(
                "`import` takes one file: make import FILE=<problem.json>".to_string(),
            )),
        }
    }
}

/// Writes the file's problems, a line each (refusals on stderr); passes when every one was
/// written.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let mut all_written = true;
    for result in listen::import(root, &args.file)? {
        match result {
            Ok(imported) => println!("{}", imported),
            Err(refusal) => {
                eprintln!("{}: refused: {}", args.file.display(), refusal);
                all_written = false;
            }
        }
    }
    Ok(Outcome::of(all_written))
}
