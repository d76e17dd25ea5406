//! `make list`: where each problem's file can be pasted: judge, limits, compiler, URL.

use super::Outcome;
use crate::cli::args::Parsed;
use crate::error::Result;
use crate::exec::run;
use crate::judging::verdict;
use crate::workspace::problem::{self, Listing, Problem};
use std::path::Path;

/// The arguments of `list`.
pub struct Args {
    /// The problems to list; all of them when empty.
    pub names: Vec<String>,
}

impl Args {
    /// `list [NAME...]`.
    pub fn parse(line: &Parsed) -> Args {
        Args {
            names: line.names.clone(),
        }
    }
}

/// Prints each listed judge of each named problem: title, limits and URL on one line, then
/// how it compiles the Rust file, its source limit and its stack with their sources, and its
/// input/output variant, indented. Always passes.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let problems = problem::select(root, &args.names)?;
    println!(
        "{:<10} {:<16} {:<18} {:<22} url",
        "problem", "judge", "limits", "output cap"
    );
    for p in &problems {
        for l in &p.judges {
            println!(
                "{:<10} {:<16} {:<18} {:<22} {}",
                p.name,
                l.title(),
                limits(l),
                output_cap(p, l),
                l.url
            );
            println!("{:<10} {:<16} Rust: {}", "", "", compiler(l));
            println!(
                "{:<10} {:<16} source limit: {} ({})",
                "",
                "",
                l.judge.source_limit.label(),
                l.judge.source_limit.source
            );
            println!("{:<10} {:<16} stack: {}", "", "", stack(l));
            if let Some(v) = &l.variant {
                println!("{:<10} {:<16} variant: {}", "", "", v);
            }
        }
    }
    Ok(Outcome::Pass)
}

/// `2000 ms, 64 MiB`, or `unknown` (the origin's are used then).
pub fn limits(l: &Listing) -> String {
    match (l.time_limit_ms, l.memory_limit_mib) {
        (Some(ms), Some(mib)) => format!("{} ms, {} MiB", ms, mib),
        (Some(ms), None) => format!("{} ms, ? MiB", ms),
        (None, Some(mib)) => format!("? ms, {} MiB", mib),
        (None, None) => "unknown".to_string(),
    }
}

/// `1 GiB (secondhand: ...)`, or `unknown (no source found); runs get 8 MiB`: the judge's
/// stack with its source, and the stack a run of the check gets where it is unknown.
pub fn stack(l: &Listing) -> String {
    let stack = &l.judge.stack;
    match stack.bytes {
        Some(_) => format!("{} ({})", stack.label(), stack.source),
        None => format!(
            "unknown ({}); runs get {}",
            stack.source,
            verdict::binary_size(verdict::STACK_WHERE_UNKNOWN)
        ),
    }
}

/// The output cap the check holds a run of this judge to, per stream: the judge's
/// `output-limit-mib`, else the origin's, else the default.
pub fn output_cap(p: &Problem, l: &Listing) -> String {
    match (l.output_limit_mib, p.judges[0].output_limit_mib) {
        (Some(mib), _) => format!("{} MiB", mib),
        (None, Some(mib)) => format!("{} MiB (origin's)", mib),
        (None, None) => format!("max({} MiB, 2x answer)", run::DEFAULT_OUTPUT_CAP >> 20),
    }
}

/// `-C opt-level=2 -W warnings --edition 2024 (rustc 1.88.0)`, or `not accepted`; several
/// profiles are separated by ` | `; stand-in profiles of a judge whose command is unknown
/// are shown as such.
pub fn compiler(l: &Listing) -> String {
    if !l.judge.takes_rust {
        return "not accepted".to_string();
    }
    let commands = l
        .profiles
        .iter()
        .map(|p| {
            if l.judge.command_known {
                format!("{} (rustc {})", p.command(), p.rustc)
            } else {
                p.command()
            }
        })
        .collect::<Vec<_>>()
        .join(" | ");
    if l.judge.command_known {
        commands
    } else {
        format!("unknown; checked as {}", commands)
    }
}
