//! `make submit P=<name> [JUDGE=<key>]`: check the bundle, name the judge it is ready for,
//! and copy it to the clipboard.

use super::{list, one_problem, Outcome};
use crate::check::engine as check_engine;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::workspace::problem::{Listing, Problem};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The judge `key` names, or the problem's first listed judge that takes Rust. Errors name
/// the judges that do take the file.
pub fn target<'a>(problem: &'a Problem, key: Option<&str>) -> Result<&'a Listing> {
    let takers: Vec<&str> = problem.rust_listings().map(|l| l.judge.key).collect();
    let takers = if takers.is_empty() {
        "none".to_string()
    } else {
        takers.join(", ")
    };
    match key {
        None => problem.rust_listings().next().ok_or_else(|| {
            Error::Usage(format!(
                "{}: no listed judge takes a Rust file; list one in [[package.metadata.judge.judges]]",
                problem.name
            ))
        }),
        Some(key) => match problem.listing(key) {
            Some(l) if l.judge.takes_rust => Ok(l),
            Some(l) => Err(Error::Usage(format!(
                "{} takes no Rust; the judges of {} that take the file: {}",
                l.judge.name, problem.name, takers
            ))),
            None => Err(Error::Usage(format!(
                "{} does not list judge `{}`; the judges that take its file: {}",
                problem.name, key, takers
            ))),
        },
    }
}

/// The arguments of `submit`.
pub struct Args {
    pub problem: Problem,
    /// The key of the judge to submit to; the first listed that takes Rust when `None`.
    pub judge: Option<String>,
}

impl Args {
    /// `submit NAME [--judge KEY]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        Ok(Args {
            problem: one_problem(root, line)?,
            judge: line.text("--judge").map(String::from),
        })
    }
}

/// Checks the problem. When the check passes, prints the file, the judge it is ready for
/// (URL, compiler, limits), and copies the file to the clipboard when a clipboard tool is
/// present; when it does not, says the file is not ready and copies nothing. Passes when
/// the check passes.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let problem = &args.problem;
    let listing = target(problem, args.judge.as_deref())?;
    let passed = check_engine::check(root, std::slice::from_ref(problem))?;
    if passed != Outcome::Pass {
        println!();
        println!(
            "not ready for {}: the check does not pass; fix what its rows say, then submit again",
            listing.title()
        );
        return Ok(Outcome::Fail);
    }
    let source = root
        .join("target/submit")
        .join(format!("{}.rs", problem.name));
    let text = std::fs::read(&source).map_err(|e| Error::io(&source, e))?;
    println!();
    println!("{}  {} bytes", source.display(), text.len());
    let origin = &problem.judges[0];
    let limits = if listing.time_limit_ms.is_some() && listing.memory_limit_mib.is_some() {
        list::limits(listing)
    } else {
        format!(
            "{} (checked with {}'s: {})",
            list::limits(listing),
            origin.title(),
            list::limits(origin)
        )
    };
    println!("ready for {}: {}", listing.title(), listing.url);
    println!(
        "  language: Rust, compiled there as {}",
        list::compiler(listing)
    );
    println!("  limits: {}", limits);
    println!("  stack: {}", list::stack(listing));
    println!("  (judge facts from: {})", listing.judge.source);
    if let Some(v) = &listing.variant {
        println!("  input/output variant: {}", v);
    }
    let tools: [(&str, &[&str]); 4] = [
        ("wl-copy", &[]),
        ("xclip", &["-selection", "clipboard"]),
        ("xsel", &["--clipboard", "--input"]),
        ("pbcopy", &[]),
    ];
    for (tool, args) in tools.iter() {
        let child = Command::new(tool)
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Ok(mut child) = child {
            let wrote = child
                .stdin
                .take()
                .is_some_and(|mut s| s.write_all(&text).is_ok());
            if wrote && child.wait().is_ok_and(|s| s.success()) {
                println!("copied to the clipboard with {}", tool);
                return Ok(Outcome::Pass);
            }
        }
    }
    println!("no clipboard tool (wl-copy, xclip, xsel, pbcopy): paste the file above");
    Ok(Outcome::Pass)
}
