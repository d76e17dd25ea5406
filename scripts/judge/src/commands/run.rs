//! `make run`: the submission run on one input, a file or what is typed, with its stdout,
//! stderr, exit status, times and peak memory shown.

use super::{one_problem, Outcome};
use crate::build::bundle;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::exec::pipe;
use crate::exec::run::{self, Budget};
use crate::workspace::problem::Problem;
use std::fs;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// The arguments of `run`.
pub struct Args {
    pub problem: Problem,
    /// The input file; stdin when absent.
    pub input: Option<PathBuf>,
}

impl Args {
    /// `run NAME [--in FILE]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        Ok(Args {
            input: line.text("--in").map(PathBuf::from),
            problem: one_problem(root, line)?,
        })
    }
}

/// Builds the submission (its default profile, reusing an unchanged compile), runs it on the
/// input under the problem's limits, and prints what it wrote and how it ended. Passes when
/// it exits 0 within the limits.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let problem = &args.problem;
    if let Some(file) = args.input.as_ref().filter(|f| !f.is_file()) {
        return Err(Error::Usage(format!("IN={}: no such file", file.display())));
    }
    // Built before the input is read, so that typing it is the last wait.
    let submission = bundle::build(root, problem).map_err(|source| Error::Bundle {
        problem: problem.name.clone(),
        source,
    })?;
    // Interactive and file problems (commands/play.rs).
    let special = super::play::run(root, problem, &submission.binary, args.input.as_deref())?;
    if let Some(outcome) = special {
        return Ok(outcome);
    }
    let input = match &args.input {
        Some(file) => file.clone(),
        None => read_stdin(root, problem)?,
    };
    let limits = problem.limits();
    let scratch = run::ScratchDir::new(&root.join("target/judge/run").join(&problem.name))?;
    // The judge's stack, as the check gives it.
    let budget = Budget {
        kill_after: limits.kill_time(),
        output_cap: run::DEFAULT_OUTPUT_CAP,
        stack: limits.stack(),
    };
    let outcome = run::run_captured(&submission.binary, &[], &input, scratch.path(), budget)
        .map_err(|e| Error::io(&submission.binary, e))?;
    // All of stdout is kept (copied as it streams, never held), and a part of it shown.
    let kept = root
        .join("target/judge/run")
        .join(format!("{}.out", problem.name));
    fs::copy(outcome.stdout.path(), &kept).map_err(|e| Error::io(&kept, e))?;
    let mut out = io::stdout().lock();
    let len = |c: &run::Captured| fs::metadata(c.path()).map_or(0, |m| m.len());
    let said = (|| -> io::Result<()> {
        let mut stdout = outcome.stdout.reader()?;
        let shown = super::play::show;
        shown(
            &mut out,
            root,
            "stdout",
            &mut stdout,
            len(&outcome.stdout),
            Some(&kept),
        )?;
        let mut stderr = outcome.stderr.reader()?;
        shown(
            &mut out,
            root,
            "stderr",
            &mut stderr,
            len(&outcome.stderr),
            None,
        )?;
        writeln!(out, "---")?;
        out.flush()
    })();
    pipe::stdout(said).map_err(|e| Error::io("stdout", e))?;
    Ok(super::play::status(problem, &outcome))
}

/// Reads all of stdin into a file for the run (saying how to end it when it is typed).
fn read_stdin(root: &Path, problem: &Problem) -> Result<PathBuf> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "type the input for {}, then Ctrl-D on a line of its own",
            problem.name
        );
    }
    let mut bytes = Vec::new();
    stdin
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("stdin", e))?;
    let dir = root.join("target/judge/run");
    fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let file = dir.join(format!("{}.in", problem.name));
    fs::write(&file, bytes).map_err(|e| Error::io(&file, e))?;
    Ok(file)
}
