//! `make stress`: random inputs, the submission against the reference, until they disagree.

use super::{one_problem, Outcome};
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::judging::verdict::{self, Expected, Verdict};
use crate::search::origin::Origin;
use crate::search::program;
use crate::search::progress::Progress;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use crate::workspace::samples::next_case_number;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The arguments of `stress`: what to stress and how.
pub struct Args {
    pub problem: Problem,
    /// How many generated cases.
    pub count: u64,
    /// The first generator seed.
    pub seed: u64,
    /// A single-file solution to test instead of the problem's own bundle.
    pub solver: Option<PathBuf>,
    /// Where a failing case is saved (default `samples/<name>`).
    pub samples: Option<PathBuf>,
}

impl Args {
    /// `stress NAME [--n N] [--seed S] [--solver FILE.rs] [--samples DIR]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let count = line.count("--n")?;
        let seed = line.count("--seed")?;
        Ok(Args {
            count,
            seed,
            solver: line.text("--solver").map(PathBuf::from),
            samples: line.text("--samples").map(PathBuf::from),
            problem: one_problem(root, line)?,
        })
    }
}

/// Runs the stress test; passes when every case passed.
pub fn run(root: &Path, opts: &Args) -> Result<Outcome> {
    let problem = &opts.problem;
    let solver = program::prepare(root, problem, opts.solver.as_deref(), "target/stress")?;
    let reference = kit::binary(root, problem, "ref");
    let checker = kit::checker(root, problem);
    let scratch_dir = run::ScratchDir::new(&root.join("target/stress").join(&problem.name))?;
    let scratch = scratch_dir.path();
    let input = scratch.join("input.txt");
    let expected_out = scratch.join("expected.txt");
    let mut progress = Progress::new(opts.count);
    // Slowest run by CPU time (what the judge limits), with its wall time.
    let mut slowest = (Duration::ZERO, Duration::ZERO);
    for i in 0..opts.count {
        let seed = opts.seed + i;
        let args = &problem.stress[(i % problem.stress.len() as u64) as usize];
        let made = kit::generate(root, problem, args, seed, &scratch.join("gen"))?;
        fs::write(&input, &made)?;
        let answer = run::run(
            &reference,
            &[],
            &input,
            &scratch.join("ref"),
            Duration::from_secs(120),
        )?;
        let code = match answer.exit {
            Exit::Code(c) => c,
            _ => {
                return Err(Error::Kit(format!(
                    "the reference did not finish on `{}` ({:?})",
                    Origin {
                        args: args.clone(),
                        seed,
                        swaps: Vec::new()
                    }
                    .command(&problem.name),
                    answer.exit
                )))
            }
        };
        fs::write(&expected_out, &answer.stdout)?;
        let expected = Expected {
            stdout: expected_out.clone(),
            code,
            stderr: None,
        };
        let judged = verdict::judge(
            problem.limits(),
            &solver,
            &input,
            &expected,
            problem.compare,
            checker.as_deref(),
            &scratch.join("solver"),
        )?;
        slowest = slowest.max((judged.outcome.cpu, judged.outcome.elapsed));
        if judged.verdict != Verdict::Ac {
            progress.finish(i);
            let origin = Origin {
                args: args.clone(),
                seed,
                swaps: Vec::new(),
            };
            let dir = opts
                .samples
                .clone()
                .unwrap_or_else(|| root.join(problem.samples_dir()));
            println!(
                "{} {} on case {} of {} (`{}`): {}",
                problem.name,
                judged.verdict,
                i + 1,
                opts.count,
                origin.command(&problem.name),
                judged.detail
            );
            println!(
                "cpu {} ms (wall {} ms) of {} ms; the input again, from the workspace root:",
                judged.outcome.cpu.as_millis(),
                judged.outcome.elapsed.as_millis(),
                problem.time_limit_ms,
            );
            println!("  {}", origin.cargo_command(&problem.name));
            let shown = |d: &Path| d.strip_prefix(root).unwrap_or(d).display().to_string();
            match same_sample(&dir, &made) {
                Some(known) => println!(
                    "it is already the sample {}: not saved again",
                    shown(&known)
                ),
                None => {
                    let n = save_case(
                        &dir,
                        &made,
                        &answer.stdout,
                        code,
                        problem,
                        &origin,
                        judged.verdict,
                    )?;
                    println!(
                        "saved as {}/{}.in with the reference's answer",
                        shown(&dir),
                        n
                    );
                }
            }
            return Ok(Outcome::Fail);
        }
        progress.tick(i + 1);
    }
    progress.finish(opts.count);
    println!(
        "{}: {} cases passed (seeds {}..{}), slowest cpu {} ms (wall {} ms) of {} ms",
        problem.name,
        opts.count,
        opts.seed,
        opts.seed + opts.count.saturating_sub(1),
        slowest.0.as_millis(),
        slowest.1.as_millis(),
        problem.time_limit_ms
    );
    Ok(Outcome::Pass)
}

/// The `.in` file of `dir` whose bytes are `input`, if any (the first by name). Only files of
/// `input`'s length are read. Any folder will do (`--samples` may be outside the workspace).
fn same_sample(dir: &Path, input: &[u8]) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() == input.len() as u64))
        .collect();
    files.sort();
    files
        .into_iter()
        .find(|p| fs::read(p).is_ok_and(|bytes| bytes == input))
}

/// Saves a failing case as the next numbered sample, with a note of how it was made; returns
/// its number.
fn save_case(
    dir: &Path,
    input: &[u8],
    answer: &[u8],
    code: i32,
    problem: &Problem,
    origin: &Origin,
    verdict: Verdict,
) -> Result<u64> {
    fs::create_dir_all(dir)?;
    let n = next_case_number(dir);
    let write = |ext: &str, bytes: &[u8]| fs::write(dir.join(format!("{}.{}", n, ext)), bytes);
    write("in", input)?;
    write("out", answer)?;
    if code != 0 {
        write("code", format!("{}\n", code).as_bytes())?;
    }
    let note = format!(
        "found by stress: {} on `{}`; expected output from {}-ref\nmade again, from the \
         workspace root, by: {}\n",
        verdict,
        origin.command(&problem.name),
        problem.name,
        origin.cargo_command(&problem.name)
    );
    write("note", note.as_bytes())?;
    Ok(n)
}
