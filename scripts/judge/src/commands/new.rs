//! `make new P=<name> [TEMPLATE=grid]`: a new problem from a template (see [`scaffold`]).

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::workspace::scaffold;
use std::path::Path;

/// The arguments of `new`.
pub struct Args {
    /// The new problem's package name.
    pub name: String,
    /// The template it starts from (`--template`; default plain).
    pub template: scaffold::Template,
}

impl Args {
    /// `new NAME [--template TEMPLATE]`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        let template = match line.text("--template") {
            Some(name) => scaffold::Template::by_name(name)?,
            None => scaffold::Template::Plain,
        };
        match line.names.as_slice() {
            [name] => Ok(Args {
                name: name.clone(),
                template,
            }),
            _ => Err(Error::Usage(
                "`new` takes one name: make new P=<name>".to_string(),
            )),
        }
    }
}

/// Scaffolds `problems/<name>` and `samples/<name>`; passes once they are written.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    scaffold::new_problem(root, &args.name, args.template)?;
    Ok(Outcome::Pass)
}
