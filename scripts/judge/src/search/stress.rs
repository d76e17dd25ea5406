//! The stress loop: random inputs, the submission against the reference, until they
//! disagree; the first failing case (the smallest failing seed) is saved as a sample with
//! the command that makes it.
//!
//! Cases run side by side, one worker per core. The generator and the reference run light
//! (a wall clock, an output cap, the process group); the solver is judged as `make check`
//! judges it (verdict, CPU time, its own peak memory): an interactive problem's solver talks
//! with its interactor, which decides (no reference is run), and a file problem's solver
//! runs in a folder of its own ([`crate::check::cases`]). Each worker reuses its files: the
//! generator writes the input file the reference and the solver read.

use crate::check::cases::{self, Done};
use crate::error::{Error, Result};
use crate::exec::{pool, run};
use crate::judging::verdict::{Expected, Verdict};
use crate::outcome::Outcome;
use crate::search::maker::Maker;
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

/// The binaries every case of one stress run uses.
struct Bench<'a> {
    root: &'a Path,
    problem: &'a Problem,
    solver: PathBuf,
    checker: Option<PathBuf>,
}

/// One worker's tools, made once and reused by each of its cases: its maker (generator and
/// reference) and its files, in a scratch folder of its own.
struct Worker {
    maker: Maker,
    input: PathBuf,
    expected: PathBuf,
    solver_scratch: PathBuf,
}

/// One generated case, answered by the reference (not for an interactive problem: its
/// interactor decides) and judged.
struct Case {
    origin: Origin,
    input: Vec<u8>,
    /// The reference's answer and exit status; `None` for an interactive problem.
    answer: Option<(Vec<u8>, i32)>,
    judged: Done,
}

/// What became of one case: passed (with the solver's CPU and wall time), or failed (kept
/// whole, to be reported).
enum Ran {
    Passed(Duration, Duration),
    Failed(Box<Case>),
}

/// Runs the stress test; passes when every case passed. Cases run side by side, one worker
/// per core; a failure stops the run at the smallest failing seed, whatever the workers'
/// order, so that a run is the same on any machine.
pub fn run(root: &Path, opts: &Options) -> Result<Outcome> {
    let problem = &opts.problem;
    let solver = program::prepare(root, problem, opts.solver.as_deref(), "target/stress")?;
    let scratch_dir = run::ScratchDir::new(&root.join("target/stress").join(&problem.name))?;
    let bench = Bench {
        root,
        problem,
        solver,
        checker: kit::checker(root, problem),
    };
    let width = pool::width().min(opts.count.max(1) as usize);
    let workers = (0..width)
        .map(|w| Worker::new(root, problem, &scratch_dir.path().join(format!("w{}", w))))
        .collect::<Result<Vec<_>>>()?;
    let mut progress = Progress::new(opts.count);
    let (mut done, mut first_failure): (u64, Option<(u64, Result<Ran>)>) = (0, None);
    // Slowest run by CPU time (what the judge limits), with its wall time.
    let mut slowest = (Duration::ZERO, Duration::ZERO);
    pool::run_until(
        workers,
        opts.count as usize,
        |worker, i| {
            let i = i as u64;
            let args = &problem.stress[(i % problem.stress.len() as u64) as usize];
            let origin = Origin {
                args: args.clone(),
                seed: opts.seed + i,
                swaps: Vec::new(),
            };
            worker.case(&bench, origin)
        },
        |ran| !matches!(ran, Ok(Ran::Passed(..))),
        |i, ran| {
            let i = i as u64;
            done += 1;
            match ran {
                Ok(Ran::Passed(cpu, wall)) => {
                    slowest = slowest.max((cpu, wall));
                    if first_failure.is_none() {
                        progress.tick(done);
                    }
                }
                failed => {
                    if first_failure.as_ref().map_or(true, |(f, _)| i < *f) {
                        first_failure = Some((i, failed));
                    }
                }
            }
        },
    );
    if let Some((i, failed)) = first_failure {
        progress.finish(i);
        let Ran::Failed(case) = failed? else {
            unreachable!("a passed case does not stop the run")
        };
        bench.report_failure(opts, i, &case)?;
        return Ok(Outcome::Fail);
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

impl Worker {
    fn new(root: &Path, problem: &Problem, dir: &Path) -> Result<Worker> {
        Ok(Worker {
            maker: Maker::new(root, problem, dir.to_path_buf())?,
            input: dir.join("input.txt"),
            expected: dir.join("expected.txt"),
            solver_scratch: dir.join("solver"),
        })
    }

    /// Generates the input of `origin` into the worker's input file, answers it with the
    /// reference (unless the problem is interactive) and judges the solver on it: read from
    /// the same files, never copied unless the case failed.
    fn case(&mut self, bench: &Bench, origin: Origin) -> Result<Ran> {
        self.maker.generate_into(&origin, &self.input)?;
        let problem = bench.problem;
        let expected = match problem.io.is_interactive() {
            true => None,
            false => Some(Expected {
                stdout: self.expected.clone(),
                code: self
                    .maker
                    .answer_file(&origin, &self.input, &self.expected)?,
                stderr: None,
            }),
        };
        let judged = cases::judge_any(&cases::Case {
            root: bench.root,
            problem,
            input: &self.input,
            limits: problem.limits(),
            binary: &bench.solver,
            expected: expected.as_ref(),
            checker: bench.checker.as_deref(),
            scratch: &self.solver_scratch,
        })?;
        if judged.verdict == Verdict::Ac {
            return Ok(Ran::Passed(judged.cpu, judged.wall));
        }
        let read = |path: &Path| fs::read(path).map_err(|e| Error::io(path, e));
        let answer = match &expected {
            Some(e) => Some((read(&e.stdout)?, e.code)),
            None => None,
        };
        Ok(Ran::Failed(Box::new(Case {
            origin,
            input: read(&self.input)?,
            answer,
            judged,
        })))
    }
}

impl Bench<'_> {
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
            judged.cpu.as_millis(),
            judged.wall.as_millis(),
            problem.time_limit_ms,
        );
        println!("  {}", case.origin.cargo_command(&problem.name));
        // The exchange of an interactive case, the diff of a wrong output file.
        print!("{}", case.judged.notes);
        let shown = |d: &Path| d.strip_prefix(root).unwrap_or(d).display().to_string();
        match same_sample(&dir, &case.input) {
            Some(known) => println!(
                "it is already the sample {}: not saved again",
                shown(&known)
            ),
            None => {
                let n = save_case(&dir, case, problem)?;
                let with = match case.answer {
                    Some(_) => " with the reference's answer",
                    None => " (the interactor decides: no .out)",
                };
                println!("saved as {}/{}.in{}", shown(&dir), n, with);
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
    let origin = &case.origin;
    fs::create_dir_all(dir)?;
    let n = next_case_number(dir);
    let write = |ext: &str, bytes: &[u8]| {
        crate::workspace::atomic::write_new(&dir.join(format!("{}.{}", n, ext)), bytes)
    };
    write("in", &case.input)?;
    let decided = match &case.answer {
        Some((answer, code)) => {
            write("out", answer)?;
            if *code != 0 {
                write("code", format!("{}\n", code).as_bytes())?;
            }
            format!("expected output from {}-ref", problem.name)
        }
        None => format!("decided by {}-interactor", problem.name),
    };
    let note = format!(
        "found by stress: {} on `{}`; {}\nmade again, from the workspace root, by: {}\n",
        case.judged.verdict,
        origin.command(&problem.name),
        decided,
        origin.cargo_command(&problem.name)
    );
    write("note", note.as_bytes())?;
    Ok(n)
}
