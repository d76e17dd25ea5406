//! `make check`: the check of the named problems, or of all ([`crate::check`]).

use crate::check::engine::{check_with, Options};
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::outcome::Outcome;
use crate::workspace::library_checker::Checkout;
use crate::workspace::problem;
use std::path::{Path, PathBuf};

/// The arguments of `check`.
pub struct Args {
    /// The problems to check; all of them when empty.
    pub names: Vec<String>,
    pub options: Options,
}

impl Args {
    /// `check [NAME...] [--case N] [--verbose V] [--debug D] [--tests DIR] [--lc DIR]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let options = Options {
            case: line.text("--case").map(String::from),
            verbose: line.count("--verbose")? != 0,
            debug: line.count("--debug")? != 0,
            tests: line.text("--tests").map(PathBuf::from),
            tests_judge: None,
            checkout: Checkout::locate(root, line.text("--lc").map(Path::new))?,
        };
        if options.tests.is_some() && line.names.len() != 1 {
            return Err(Error::Usage(
                "TESTS= judges a test folder on one problem: make check P=<name> \
                 TESTS=<folder>"
                    .to_string(),
            ));
        }
        if options.case.is_some() && line.names.len() != 1 {
            return Err(Error::Usage(
                "CASE= judges one case of one problem: make check P=<name> CASE=<case>".to_string(),
            ));
        }
        Ok(Args {
            names: line.names.clone(),
            options,
        })
    }
}

/// Checks the named problems (see [`check_with`]).
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    check_with(root, &problem::select(root, &args.names)?, &args.options)
}
