//! The stress loop: random inputs, the submission against the reference, until they
//! disagree; the first failing case is saved as a sample with the command that makes it.

use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::judging::verdict::{self, Expected, Judged, Verdict};
use crate::outcome::Outcome;
use crate::search::origin::Origin;
use crate::search::program;
use crate::search::progress::Progress;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use crate::workspace::samples::next_case_number;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `stress` tests, and how.
pub struct Options {
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

/// The binaries and files every case of one stress run uses.
struct Bench<'a> {
    root: &'a Path,
    problem: &'a Problem,
    solver: PathBuf,
    reference: PathBuf,
    checker: Option<PathBuf>,
    scratch: &'a Path,
}

/// One generated case, answered by the reference and judged.
struct Case {
    origin: Origin,
    input: Vec<u8>,
    answer: Vec<u8>,
    code: i32,
    judged: Judged,
}

/// Runs the stress test; passes when every case passed.
pub fn run(root: &Path, opts: &Options) -> Result<Outcome> {
    let problem = &opts.problem;
    let solver = program::prepare(root, problem, opts.solver.as_deref(), "target/stress")?;
    let scratch_dir = run::ScratchDir::new(&root.join("target/stress").join(&problem.name))?;
    let bench = Bench {
        root,
        problem,
        solver,
        reference: kit::binary(root, problem, "ref"),
        checker: kit::checker(root, problem),
        scratch: scratch_dir.path(),
    };
    let mut progress = Progress::new(opts.count);
    // Slowest run by CPU time (what the judge limits), with its wall time.
    let mut slowest = (Duration::ZERO, Duration::ZERO);
    for i in 0..opts.count {
        let args = &problem.stress[(i % problem.stress.len() as u64) as usize];
        let origin = Origin {
            args: args.clone(),
            seed: opts.seed + i,
            swaps: Vec::new(),
        };
        let case = bench.case(origin)?;
        let outcome = &case.judged.outcome;
        slowest = slowest.max((outcome.cpu, outcome.elapsed));
        if case.judged.verdict != Verdict::Ac {
            progress.finish(i);
            bench.report_failure(opts, i, &case)?;
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

impl Bench<'_> {
    /// Generates the input of `origin`, answers it with the reference and judges the solver.
    fn case(&self, origin: Origin) -> Result<Case> {
        let (problem, scratch) = (self.problem, self.scratch);
        let input_file = scratch.join("input.txt");
        let expected_out = scratch.join("expected.txt");
        let input = kit::generate(
            self.root,
            problem,
            &origin.args,
            origin.seed,
            &scratch.join("gen"),
        )?;
        fs::write(&input_file, &input)?;
        let answer = run::run(
            &self.reference,
            &[],
            &input_file,
            &scratch.join("ref"),
            Duration::from_secs(120),
        )?;
        let code = match answer.exit {
            Exit::Code(c) => c,
            other => {
                return Err(Error::Kit(format!(
                    "the reference did not finish on `{}` ({:?})",
                    origin.command(&problem.name),
                    other
                )))
            }
        };
        fs::write(&expected_out, &answer.stdout)?;
        let expected = Expected {
            stdout: expected_out,
            code,
            stderr: None,
        };
        let judged = verdict::judge(
            problem.limits(),
            &self.solver,
            &input_file,
            &expected,
            problem.compare,
            self.checker.as_deref(),
            &scratch.join("solver"),
        )?;
        Ok(Case {
            origin,
            input,
            answer: answer.stdout,
            code,
            judged,
        })
    }

    /// Says how case `i` failed and how to make it again, and saves it as a sample unless
    /// it is one already.
    fn report_failure(&self, opts: &Options, i: u64, case: &Case) -> Result<()> {
        let (root, problem) = (self.root, self.problem);
        let judged = &case.judged;
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
            case.origin.command(&problem.name),
            judged.detail
        );
        println!(
            "cpu {} ms (wall {} ms) of {} ms; the input again, from the workspace root:",
            judged.outcome.cpu.as_millis(),
            judged.outcome.elapsed.as_millis(),
            problem.time_limit_ms,
        );
        println!("  {}", case.origin.cargo_command(&problem.name));
        let shown = |d: &Path| d.strip_prefix(root).unwrap_or(d).display().to_string();
        match same_sample(&dir, &case.input) {
            Some(known) => println!(
                "it is already the sample {}: not saved again",
                shown(&known)
            ),
            None => {
                let n = save_case(&dir, case, problem)?;
                println!(
                    "saved as {}/{}.in with the reference's answer",
                    shown(&dir),
                    n
                );
            }
        }
        Ok(())
    }
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
fn save_case(dir: &Path, case: &Case, problem: &Problem) -> Result<u64> {
    let (origin, code) = (&case.origin, case.code);
    fs::create_dir_all(dir)?;
    let n = next_case_number(dir);
    let write = |ext: &str, bytes: &[u8]| fs::write(dir.join(format!("{}.{}", n, ext)), bytes);
    write("in", &case.input)?;
    write("out", &case.answer)?;
    if code != 0 {
        write("code", format!("{}\n", code).as_bytes())?;
    }
    let note = format!(
        "found by stress: {} on `{}`; expected output from {}-ref\nmade again, from the \
         workspace root, by: {}\n",
        case.judged.verdict,
        origin.command(&problem.name),
        problem.name,
        origin.cargo_command(&problem.name)
    );
    write("note", note.as_bytes())?;
    Ok(n)
}
