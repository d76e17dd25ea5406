//! The tool's commands, one module each: its arguments, read from the command line, and a
//! `run` that says whether it passed. [`table`] defines their names, flags and help.

pub mod bench;
pub mod check;
pub mod import;
pub mod list;
pub mod new;
pub mod play;
pub mod receive;
pub mod run;
pub mod shrink;
pub mod stress;
pub mod submit;
pub mod swap;
pub mod verify;

pub mod watch;
pub mod worst;

use crate::build::probes;
use crate::cli::args::{self, Parsed};
use crate::cli::table::{self, Command};
use crate::error::{Error, Result};
pub use crate::outcome::Outcome;
use crate::workspace::atomic;
use crate::workspace::problem::{self, Problem};
use std::env;
use std::path::{Path, PathBuf};

/// Runs the command line `args` (the command, then its arguments).
pub fn run(args: &[String]) -> Result<Outcome> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| Error::Usage(table::usage()))?;
    let spec = table::find(command).ok_or_else(|| {
        Error::Usage(format!("unknown command `{}`\n{}", command, table::usage()))
    })?;
    let line = args::parse(spec, rest)?;
    let root = workspace_root()?;
    // What an interrupted command left half-made, cleared before cargo reads the workspace.
    for line in atomic::recover(&root)? {
        eprintln!("judge: {}", line);
    }
    probes::keep_in(&root.join("target"));
    match spec.command {
        Command::Check => check::run(&root, &check::Args::parse(&root, &line)?),
        Command::Run => run::run(&root, &run::Args::parse(&root, &line)?),
        Command::Bench => bench::run(&root, &bench::Args::parse(&root, &line)?),
        Command::Stress => stress::run(&root, &stress::Args::parse(&root, &line)?),
        Command::Shrink => shrink::run(&root, &shrink::Args::parse(&root, &line)?),
        Command::Worst => worst::run(&root, &worst::Args::parse(&root, &line)?),
        Command::Swap => swap::run(&swap::Args::parse(&line)?),
        Command::Submit => submit::run(&root, &submit::Args::parse(&root, &line)?),
        Command::New => new::run(&root, &new::Args::parse(&line)?),
        Command::List => list::run(&root, &list::Args::parse(&line)),
        Command::Receive => receive::run(&root, &receive::Args::parse(&line)?),
        Command::Import => import::run(&root, &import::Args::parse(&root, &line)?),
        Command::Watch => watch::run(&root, &watch::Args::parse(&line)?),
        Command::Verify => verify::run(&root, &verify::Args::parse(&line)?),
    }
}

/// The one problem a command is given, loaded; an error lists the problems there are.
fn one_problem(root: &Path, line: &Parsed) -> Result<Problem> {
    match line.names.as_slice() {
        [name] => Ok(problem::select(root, std::slice::from_ref(name))?.remove(0)),
        _ => Err(Error::Usage(format!(
            "`{}` takes one problem name (P=<name>); the problems are: {}",
            line.command(),
            problem::all_names(root).join(", ")
        ))),
    }
}

/// The nearest directory upwards that holds `problems/` and a workspace `Cargo.toml`.
fn workspace_root() -> Result<PathBuf> {
    let mut dir = env::current_dir().map_err(|e| Error::io(".", e))?;
    loop {
        if dir.join("problems").is_dir() && dir.join("Cargo.toml").is_file() {
            return Ok(dir);
        }
        if !dir.pop() {
            return Err(Error::Usage(
                "not inside the workspace (no problems/ folder found)".to_string(),
            ));
        }
    }
}
