//! The stress loop: random inputs, the submission against the reference, until they
//! disagree; the first failing case (the smallest failing seed) is saved as a sample with
//! the command that makes it.
//!
//! Cases run side by side, one worker per core. The generator and the reference run light
//! (a wall clock, an output cap, the process group); the solver is judged as `make check`
//! judges it (verdict, CPU time, its own peak memory): an interactive problem's solver talks
//! with its interactor, which decides (no reference is run), and a file problem's solver
//! runs in a folder of its own ([`crate::check::cases`]). Each worker reuses its files: the
//! generator writes the input file the reference and the solver read. Each generated input
//! is validated first when the problem has a validator: an input it rejects stops the run as
//! the generator's bug. A failing case is shrunk ([`crate::search::shrink`]) before it is
//! reported and saved.

use crate::build::testlib;
use crate::check::cases::{self, Done};
use crate::check::overflow;
use crate::error::{Error, Result};
use crate::exec::{pool, run};
use crate::judging::checker::Program;
use crate::judging::validator;
use crate::judging::verdict::{Expected, Verdict};
use crate::outcome::Outcome;
use crate::search::maker::Maker;
use crate::search::origin::Origin;
use crate::search::program;
use crate::search::progress::Progress;
use crate::search::shrink::{self, Shrunk};
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
    /// How long a failing case may be shrunk, in seconds (0: not shrunk).
    pub shrink_s: u64,
}

/// The binaries every case of one stress run (and of its shrink) uses.
pub(super) struct Bench<'a> {
    pub(super) root: &'a Path,
    pub(super) problem: &'a Problem,
    pub(super) solver: PathBuf,
    pub(super) checker: Option<Program>,
    pub(super) interactor: Option<Program>,
    /// The problem's validator, when it has one that is written.
    pub(super) validator: Option<Program>,
}

/// One worker's tools, made once and reused by each of its cases: its maker (generator and
/// reference) and its files, in a scratch folder of its own.
pub(super) struct Worker {
    pub(super) maker: Maker,
    pub(super) input: PathBuf,
    pub(super) expected: PathBuf,
    pub(super) solver_scratch: PathBuf,
    pub(super) validator_scratch: PathBuf,
}

/// A failing case, answered by the reference (not for an interactive problem: its
/// interactor decides) and judged.
#[derive(Clone)]
pub(super) struct Case {
    /// How the generator makes it; `None` for an input a shrink edited or a file given.
    pub(super) origin: Option<Origin>,
    pub(super) input: Vec<u8>,
    /// The reference's answer and exit status; `None` for an interactive problem.
    pub(super) answer: Option<(Vec<u8>, i32)>,
    pub(super) judged: Done,
}

/// What became of one case: passed (with the solver's CPU and wall time), failed (kept
/// whole, to be reported), or its input rejected by the validator (the generator's bug).
enum Ran {
    Passed(Duration, Duration),
    Failed(Box<Case>),
    Invalid(Box<(Origin, Vec<u8>, String)>),
}

/// Runs the stress test; passes when every case passed. Cases run side by side, one worker
/// per core; a failure stops the run at the smallest failing seed, whatever the workers'
/// order, so that a run is the same on any machine.
pub fn run(root: &Path, opts: &Options) -> Result<Outcome> {
    let problem = &opts.problem;
    let solver = program::prepare(root, problem, opts.solver.as_deref(), "target/stress")?;
    let scratch_dir = run::ScratchDir::new(&root.join("target/stress").join(&problem.name))?;
    let validator =
        testlib::written_validator(root, problem, &scratch_dir.path().join("validator"))?;
    let bench = Bench {
        root,
        problem,
        solver,
        checker: testlib::checker(root, problem)?,
        interactor: testlib::interactor(root, problem)?,
        validator,
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
        let case = match failed? {
            Ran::Failed(case) => case,
            Ran::Invalid(invalid) => {
                let (origin, input, reason) = *invalid;
                bench.report_invalid(&origin, &input, &reason)?;
                return Ok(Outcome::Fail);
            }
            Ran::Passed(..) => unreachable!("a passed case does not stop the run"),
        };
        bench.report_failure(opts, i, &case)?;
        let workers = (0..width)
            .map(|w| Worker::new(root, problem, &scratch_dir.path().join(format!("s{}", w))))
            .collect::<Result<Vec<_>>>()?;
        let shrunk = shrink::shrink(&bench, workers, *case, Duration::from_secs(opts.shrink_s));
        let dir = opts
            .samples
            .clone()
            .unwrap_or_else(|| root.join(problem.samples_dir()));
        shrink::report(&bench, &shrunk, &dir)?;
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
    pub(super) fn new(root: &Path, problem: &Problem, dir: &Path) -> Result<Worker> {
        Ok(Worker {
            maker: Maker::new(root, problem, dir.to_path_buf())?,
            input: dir.join("input.txt"),
            expected: dir.join("expected.txt"),
            solver_scratch: dir.join("solver"),
            validator_scratch: dir.join("validator"),
        })
    }

    /// The validator's verdict on the worker's input file: `Some(reason)` when it rejects
    /// it; `None` when it accepts it or there is no validator; an error when it crashes.
    pub(super) fn validate(&self, bench: &Bench) -> Result<Option<String>> {
        match &bench.validator {
            Some(program) => {
                validator::validate(&program.binary, &self.input, &self.validator_scratch)
            }
            None => Ok(None),
        }
    }

    /// Answers the worker's input file with the reference (unless the problem is
    /// interactive: `None`) and judges the solver on it.
    pub(super) fn judge(&self, bench: &Bench, origin: &Origin) -> Result<(Option<Expected>, Done)> {
        let problem = bench.problem;
        let expected = match problem.io.is_interactive() {
            true => None,
            false => Some(Expected {
                stdout: self.expected.clone(),
                code: self
                    .maker
                    .answer_file(origin, &self.input, &self.expected)?,
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
            checker: bench.checker.as_ref(),
            interactor: bench.interactor.as_ref(),
            scratch: &self.solver_scratch,
        })?;
        Ok((expected, judged))
    }

    /// The failing case the worker's files hold: its input, the reference's answer.
    pub(super) fn keep(
        &self,
        origin: Option<Origin>,
        expected: Option<&Expected>,
        judged: Done,
    ) -> Result<Case> {
        let read = |path: &Path| fs::read(path).map_err(|e| Error::io(path, e));
        let answer = match expected {
            Some(e) => Some((read(&e.stdout)?, e.code)),
            None => None,
        };
        Ok(Case {
            origin,
            input: read(&self.input)?,
            answer,
            judged,
        })
    }

    /// Generates the input of `origin` into the worker's input file, answers it with the
    /// reference (unless the problem is interactive) and judges the solver on it: read from
    /// the same files, never copied unless the case failed.
    fn case(&mut self, bench: &Bench, origin: Origin) -> Result<Ran> {
        self.maker.generate_into(&origin, &self.input)?;
        let validated = self
            .validate(bench)
            .map_err(|e| e.context(format!("`{}`", origin.command(&bench.problem.name))))?;
        if let Some(reason) = validated {
            let input = fs::read(&self.input).map_err(|e| Error::io(&self.input, e))?;
            return Ok(Ran::Invalid(Box::new((origin, input, reason))));
        }
        let (expected, judged) = self.judge(bench, &origin)?;
        if judged.verdict == Verdict::Ac {
            return Ok(Ran::Passed(judged.cpu, judged.wall));
        }
        let case = self.keep(Some(origin), expected.as_ref(), judged)?;
        Ok(Ran::Failed(Box::new(case)))
    }
}

impl Bench<'_> {
    /// Says how case `i` failed and how to make it again (its shrink and its save follow).
    fn report_failure(&self, opts: &Options, i: u64, case: &Case) -> Result<()> {
        let problem = self.problem;
        let judged = &case.judged;
        let made = case.origin.as_ref().map_or_else(String::new, |o| {
            format!(" (`{}`)", o.command(&problem.name))
        });
        println!(
            "{} {} on case {} of {}{}: {}",
            problem.name,
            judged.verdict,
            i + 1,
            opts.count,
            made,
            judged.detail
        );
        if let Some(line) = overflow::after_stress(&overflow::Failed {
            root: self.root,
            problem,
            solver: opts.solver.as_deref(),
            checker: self.checker.as_ref(),
            interactor: self.interactor.as_ref(),
            input: &case.input,
            answer: case.answer.as_ref().map(|(a, code)| (&a[..], *code)),
            judged,
        })? {
            println!("{}", line);
        }
        println!(
            "cpu {} ms (wall {} ms) of {} ms",
            judged.cpu.as_millis(),
            judged.wall.as_millis(),
            problem.time_limit_ms,
        );
        if let Some(origin) = &case.origin {
            println!("the input again, from the workspace root:");
            println!("  {}", origin.cargo_command(&problem.name));
        }
        Ok(())
    }

    /// Says that the generator made an input the validator rejects (the generator's bug, not
    /// the solution's), with the reason, and saves the input in the stress run's folder.
    fn report_invalid(&self, origin: &Origin, input: &[u8], reason: &str) -> Result<()> {
        let (root, name) = (self.root, &self.problem.name);
        let dir = root.join("target/stress").join(name);
        fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
        let file = dir.join("invalid.in");
        fs::write(&file, input).map_err(|e| Error::io(&file, e))?;
        let validator = self.validator.as_ref().map_or("", |v| v.source.as_str());
        println!(
            "{}: the generator's bug, not the solution's: `{}` made an input {} rejects: {}",
            name,
            origin.command(name),
            validator,
            reason
        );
        println!(
            "saved as {}; the input again, from the workspace root:",
            file.strip_prefix(root).unwrap_or(&file).display()
        );
        println!("  {}", origin.cargo_command(name));
        Ok(())
    }

    /// Saves `shrunk`'s case in `dir` as the next numbered sample unless it is one already;
    /// says where.
    pub(super) fn save(&self, dir: &Path, shrunk: &Shrunk) -> Result<()> {
        let root = self.root;
        let case = &shrunk.case;
        let shown = |d: &Path| d.strip_prefix(root).unwrap_or(d).display().to_string();
        match same_sample(dir, &case.input) {
            Some(known) => println!(
                "it is already the sample {}: not saved again",
                shown(&known)
            ),
            None => {
                let n = save_case(dir, shrunk, self.problem, shown)?;
                let with = match case.answer {
                    Some(_) => " with the reference's answer",
                    None => " (the interactor decides: no .out)",
                };
                println!("saved as {}/{}.in{}", shown(dir), n, with);
                if dir == root.join(self.problem.samples_dir()) {
                    println!("  again: make check P={} CASE={}", self.problem.name, n);
                }
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

/// Saves a failing case as the next numbered sample, with a note of how it was found and
/// shrunk; returns its number.
fn save_case(
    dir: &Path,
    shrunk: &Shrunk,
    problem: &Problem,
    shown: impl Fn(&Path) -> String,
) -> Result<u64> {
    let case = &shrunk.case;
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
        None => match &problem.cpp.interactor {
            Some(source) => format!("decided by {}", source.display()),
            None => format!("decided by {}-interactor", problem.name),
        },
    };
    let mut note = format!(
        "found by {}: {}; {}\n",
        shrunk.found_by, case.judged.verdict, decided
    );
    note.push_str(&shrunk.note(&problem.name));
    if case.origin.is_none() {
        note.push_str(&format!(
            "run again, from the workspace root, by: make run P={} IN={}\n",
            problem.name,
            shown(&dir.join(format!("{}.in", n)))
        ));
    }
    write("note", note.as_bytes())?;
    Ok(n)
}
