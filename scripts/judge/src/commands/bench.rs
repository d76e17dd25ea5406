//! `make bench`: whole-process times of the submission on the problem's bench sets.
//!
//! Every input is run several times and the medians of its wall and CPU times taken; every
//! output is validated (exit status; the committed `.out` beside a committed input where there
//! is one; the checker where the problem has one), so a bench never times wrong answers.

use super::{one_problem, Outcome};
use crate::build::bundle;
use crate::build::testlib;
use crate::check::cases;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::judging::checker;
use crate::judging::verdict::{Expected, Limits, Verdict};
use crate::workspace::io::Io;
use crate::workspace::kit;
use crate::workspace::problem::{BenchSource, Compare, Problem};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The arguments of `bench`.
pub struct Args {
    pub problem: Problem,
    /// Runs per input, at least 1.
    pub runs: usize,
}

impl Args {
    /// `bench NAME [--runs R]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let runs = line.count("--runs")?.max(1) as usize;
        Ok(Args {
            problem: one_problem(root, line)?,
            runs,
        })
    }
}

/// Benchmarks the problem, `runs` runs per input. Passes when every output was valid.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let (problem, runs) = (&args.problem, args.runs);
    if problem.bench.is_empty() {
        return Err(Error::Manifest {
            place: problem.name.clone(),
            what: "no bench sets: add [[package.metadata.judge.bench]] tables".to_string(),
        });
    }
    kit::build(root, &[problem])?;
    let submission = bundle::build(root, problem).map_err(|source| Error::Bundle {
        problem: problem.name.clone(),
        source,
    })?;
    // Its own folder: a bench from another terminal never shares its files.
    let scratch_dir = run::ScratchDir::new(&root.join("target/bench").join(&problem.name))
        .map_err(|e| Error::from(e).context(problem.name.clone()))?;
    let scratch = scratch_dir.path().to_path_buf();
    println!(
        "{}: {} ({} bytes), medians of {} runs per input; whole process; us/puzzle, puzzles/s \
         and slowest from CPU time (user + system), as judges count",
        problem.name,
        submission
            .source
            .strip_prefix(root)
            .unwrap_or(&submission.source)
            .display(),
        submission.bytes,
        runs
    );
    let width = problem
        .bench
        .iter()
        .map(|s| s.name.len())
        .max()
        .unwrap_or(0)
        .max(3);
    println!(
        "{:<w$} {:>6} {:>8} {:>10} {:>10} {:>11} {:>12} {:>11}",
        "set",
        "inputs",
        "puzzles",
        "wall ms",
        "cpu ms",
        "us/puzzle",
        "puzzles/s",
        "slowest ms",
        w = width
    );
    let mut all_valid = true;
    for (s, set) in problem.bench.iter().enumerate() {
        let inputs = prepare_inputs(
            root,
            problem,
            &scratch.join(format!("set{}", s + 1)),
            &set.source,
            set.inputs,
        )?;
        let expected = match &set.source {
            BenchSource::File(file) => Some(root.join(file).with_extension("out")),
            BenchSource::Gen(_) => None,
        }
        .filter(|out| out.is_file());
        let valid = Validation {
            status: set.status,
            expected: expected.as_deref(),
        };
        let timed = time_inputs(
            root,
            problem,
            &submission.binary,
            &inputs,
            runs,
            &valid,
            &scratch,
        )?;
        let (wall_total, cpu_total, slowest) = (timed.wall, timed.cpu, timed.slowest);
        let puzzles = set.puzzles * inputs.len();
        let secs = cpu_total.as_secs_f64();
        println!(
            "{:<w$} {:>6} {:>8} {:>10.2} {:>10.2} {:>11.2} {:>12.0} {:>11.2}",
            set.name,
            inputs.len(),
            puzzles,
            wall_total.as_secs_f64() * 1e3,
            secs * 1e3,
            secs * 1e6 / puzzles as f64,
            puzzles as f64 / secs.max(1e-9),
            slowest.as_secs_f64() * 1e3,
            w = width
        );
        if let Some(why) = timed.invalid {
            println!("  INVALID OUTPUT: {}", why);
            all_valid = false;
        }
    }
    Ok(Outcome::of(all_valid))
}

/// The medians of a set's runs, summed over its inputs.
struct Timed {
    wall: Duration,
    /// CPU time, user + system.
    cpu: Duration,
    /// The slowest input's median CPU time.
    slowest: Duration,
    /// Why the first invalid output is invalid, with its input.
    invalid: Option<String>,
}

/// Runs `binary` `runs` times on each of `inputs`, validating the first output of each (see
/// [`validate`]), and sums the medians of its wall and CPU times. `scratch` is the bench's
/// own folder.
fn time_inputs(
    root: &Path,
    problem: &Problem,
    binary: &Path,
    inputs: &[PathBuf],
    runs: usize,
    valid: &Validation,
    scratch: &Path,
) -> Result<Timed> {
    let mut timed = Timed {
        wall: Duration::ZERO,
        cpu: Duration::ZERO,
        slowest: Duration::ZERO,
        invalid: None,
    };
    for input in inputs {
        let mut walls = Vec::with_capacity(runs);
        let mut cpus = Vec::with_capacity(runs);
        for r in 0..runs {
            if problem.io != Io::Stdio {
                let (wall, cpu, invalid) =
                    run_with_files(root, problem, binary, input, valid, scratch)?;
                if r == 0 && timed.invalid.is_none() {
                    timed.invalid = invalid.map(|why| format!("{}: {}", input.display(), why));
                }
                walls.push(wall);
                cpus.push(cpu);
                continue;
            }
            let out = run::run(
                binary,
                &[],
                input,
                &scratch.join("run"),
                Duration::from_millis(problem.time_limit_ms * 3),
            )?;
            if r == 0 && timed.invalid.is_none() {
                timed.invalid = validate(root, problem, input, &out, valid, scratch)?
                    .map(|why| format!("{}: {}", input.display(), why));
            }
            walls.push(out.elapsed);
            cpus.push(out.cpu);
        }
        walls.sort();
        cpus.sort();
        timed.wall += walls[walls.len() / 2];
        let cpu = cpus[cpus.len() / 2];
        timed.cpu += cpu;
        timed.slowest = timed.slowest.max(cpu);
    }
    Ok(timed)
}

/// One run of an interactive or file problem's solver on `input`, judged as `make check`
/// judges it ([`cases::judge`]: with its interactor, or in a folder of its own with its
/// named files): its wall and CPU time, and why its output is invalid, if it is (a missing
/// committed answer is no fault: only the exit status and the named file are then checked).
fn run_with_files(
    root: &Path,
    problem: &Problem,
    binary: &Path,
    input: &Path,
    valid: &Validation,
    scratch: &Path,
) -> Result<(Duration, Duration, Option<String>)> {
    let expected = valid.expected.map(|file| Expected {
        stdout: file.to_path_buf(),
        code: valid.status,
        stderr: None,
    });
    let checker = match expected {
        Some(_) => testlib::checker(root, problem)?,
        None => None,
    };
    let interactor = testlib::interactor(root, problem)?;
    let case = cases::Case {
        root,
        problem,
        input,
        // Killed at three times the limit, as a plain run of the bench is.
        limits: Limits {
            time_ms: problem.time_limit_ms.saturating_mul(2),
            ..problem.limits()
        },
        binary,
        expected: expected.as_ref(),
        checker: checker.as_ref(),
        interactor: interactor.as_ref(),
        scratch: &scratch.join("run"),
    };
    let done = cases::judge(&case)?.expect("only an interactive or file problem comes here");
    let invalid = match done.verdict {
        Verdict::Ac | Verdict::NoExpected => None,
        verdict => Some(format!("{} {}", verdict, done.detail)),
    };
    Ok((done.wall, done.cpu, invalid))
}

/// The input files of a set: the committed file, or `count` generated ones (made once and
/// kept while the generator arguments stay the same).
fn prepare_inputs(
    root: &Path,
    problem: &Problem,
    dir: &Path,
    source: &BenchSource,
    count: usize,
) -> Result<Vec<PathBuf>> {
    match source {
        BenchSource::File(file) => {
            let path = root.join(file);
            if !path.is_file() {
                return Err(Error::Manifest {
                    place: problem.name.clone(),
                    what: format!("bench input {} is missing", file.display()),
                });
            }
            Ok(vec![path])
        }
        BenchSource::Gen(args) => {
            fs::create_dir_all(dir)?;
            let stamp = dir.join("args");
            let want = format!("{} x{}", args.join(" "), count);
            let fresh = fs::read_to_string(&stamp).is_ok_and(|s| s == want);
            let mut files = Vec::with_capacity(count);
            for i in 1..=count {
                let file = dir.join(format!("{}.in", i));
                if !fresh || !file.is_file() {
                    let input = kit::generate(root, problem, args, i as u64, &dir.join("gen"))?;
                    fs::write(&file, input)?;
                }
                files.push(file);
            }
            fs::write(&stamp, want)?;
            Ok(files)
        }
    }
}

/// What a valid run of a bench input gives.
struct Validation<'a> {
    /// The exit status of a correct solver.
    status: i32,
    /// The committed expected output, when there is one.
    expected: Option<&'a Path>,
}

/// `None` when the run's output is valid: the expected exit status; the expected output where
/// there is one (compared as the problem compares); for checker problems, every printed answer
/// accepted by the checker.
fn validate(
    root: &Path,
    problem: &Problem,
    input: &Path,
    out: &run::Measured,
    valid: &Validation,
    scratch: &Path,
) -> Result<Option<String>> {
    let status = valid.status;
    if out.exit != Exit::Code(status) {
        return Ok(Some(format!(
            "exit {:?}, expected status {}: {}",
            out.exit,
            status,
            out.first_stderr_line()
        )));
    }
    if problem.compare != Compare::Checker {
        return match valid.expected {
            Some(file) => {
                let expected = fs::read(file).map_err(|e| Error::io(file, e))?;
                Ok(problem
                    .compare
                    .first_difference(&expected, &out.stdout)
                    .map(|why| format!("{}: {}", file.display(), why)))
            }
            None => Ok(None),
        };
    }
    // Without a committed answer, the solver's own output stands in for the expected one:
    // the checker still validates every printed grid against its puzzle.
    let got = scratch.join("got.txt");
    fs::write(&got, &out.stdout)?;
    let Some(program) = testlib::checker(root, problem)? else {
        return Ok(None);
    };
    let wrong = checker::judge_output(
        &program,
        input,
        &got,
        valid.expected.unwrap_or(&got),
        &scratch.join("check"),
    )?;
    Ok(wrong.map(|(verdict, why)| match verdict {
        Verdict::Wa => why,
        other => format!("{} {}", other, why),
    }))
}
