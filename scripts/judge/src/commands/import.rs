//! `make import FILE=<problem.json>`: the problems of a saved Competitive Companion request
//! body, scaffolded as `receive` would (see [`crate::intake::listen`]); `make import
//! LC=<checkout> ID=<id>`: a Library Checker problem ([`crate::intake::library_checker`]).

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::intake::{library_checker, listen};
use crate::workspace::library_checker::Checkout;
use std::path::{Path, PathBuf};

/// The arguments of `import`.
pub enum Args {
    /// A saved request body: one problem, or an array of problems.
    File(PathBuf),
    /// A Library Checker problem: the checkout (`LC=`, else the recorded one) and its id.
    LibraryChecker { checkout: PathBuf, id: String },
}

const USAGE: &str = "`import` takes one file, make import FILE=<problem.json>, or a Library \
                     Checker problem, make import LC=<checkout> ID=<problem id>";

impl Args {
    /// `import FILE`, or `import --id ID [--lc CHECKOUT]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let id = line.text("--id");
        let given = line.text("--lc");
        match (line.names.as_slice(), id) {
            ([file], None) if given.is_none() => Ok(Args::File(PathBuf::from(file))),
            ([], Some(id)) => {
                let checkout = match given {
                    Some(path) => PathBuf::from(path),
                    None => Checkout::locate(root, None)?
                        .map(|c| c.root)
                        .ok_or_else(|| {
                            Error::Usage(format!(
                                "ID={} needs the Library Checker checkout: make import \
                                 LC=<checkout> ID={}",
                                id, id
                            ))
                        })?,
                };
                Ok(Args::LibraryChecker {
                    checkout,
                    id: id.to_string(),
                })
            }
            _ => Err(Error::Usage(USAGE.to_string())),
        }
    }
}

/// Writes the file's problems, a line each (refusals on stderr); passes when every one was
/// written. A Library Checker problem: one line, or the error.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let file = match args {
        Args::File(file) => file,
        Args::LibraryChecker { checkout, id } => {
            let checkout = Checkout::at(checkout)?;
            println!("{}", library_checker::import(root, &checkout, id)?);
            return Ok(Outcome::of(true));
        }
    };
    let mut all_written = true;
    for result in listen::import(root, file)? {
        match result {
            Ok(imported) => println!("{}", imported),
            Err(refusal) => {
                eprintln!("{}: refused: {}", file.display(), refusal);
                all_written = false;
            }
        }
    }
    Ok(Outcome::of(all_written))
}
