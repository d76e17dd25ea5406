//! `make new P=<name> [TEMPLATE=grid]`: a new problem from a template (see [`scaffold`]).

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::workspace::scaffold::{self, Template};
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

/// Scaffolds `problems/<name>` and `samples/<name>` and says what to do next; passes once
/// they are written.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    scaffold::new_problem(root, &args.name, args.template)?;
    next_steps(&args.name, args.template);
    Ok(Outcome::Pass)
}

/// What to do with a new problem, in the order a contestant does it.
fn next_steps(name: &str, template: Template) {
    println!(
        "created problems/{0} ({1} template) and samples/{0}:",
        name,
        template.name()
    );
    println!(
        "  fill in [package.metadata.judge] in problems/{}/Cargo.toml (limits, compare, stress)",
        name
    );
    match template {
        Template::Plain => println!(
            "  write the solution in src/main.rs: read with input!, solve, print (make test passes then)"
        ),
        Template::Grid => println!(
            "  reshape src/grid.rs, parse.rs, solver.rs (a plain 9x9 sudoku) into the problem's own"
        ),
        Template::Interactive => println!(
            "  write the solution in src/main.rs and the judge's side in src/bin/interactor.rs \
             (a guess-the-number example); each N.in is what the interactor reads"
        ),
    }
    match template {
        // The interactor decides: a case is what it reads, and needs no 1.out.
        Template::Interactive => println!(
            "  write each case the interactor reads as samples/{0}/N.in (or: make receive)",
            name
        ),
        Template::Plain | Template::Grid => println!(
            "  paste the judge's sample into samples/{0}/1.in and 1.out (or: make receive)",
            name
        ),
    }
    println!(
        "  optional: the kit in src/bin (gen, ref, check; tests/kit.rs skips it until written)"
    );
    println!("then: make check P={0}   make stress P={0}", name);
}
