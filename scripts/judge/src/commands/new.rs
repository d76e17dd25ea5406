//! `make new P=<name>`: a new problem from the skeleton (see [`scaffold`]).

use super::Outcome;
use crate::args::Parsed;
use crate::error::{Error, Result};
use crate::scaffold;
use std::path::Path;

/// The arguments of `new`.
pub struct Args {
    /// The new problem's package name.
    pub name: String,
}

impl Args {
    /// `new NAME`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        match line.names.as_slice() {
            [name] => Ok(Args { name: name.clone() }),
            _ => Err(Error::Usage(
                "`new` takes one name: make new P=<name>".to_string(),
            )),
        }
    }
}

/// Scaffolds `problems/<name>` and `samples/<name>`; passes once they are written.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    scaffold::new_problem(root, &args.name)?;
    Ok(Outcome::Pass)
}
