//! `make stress`: random inputs, the submission against the reference, until they disagree.

use crate::bundle;
use crate::kit;
use crate::problem::{Compare, Problem};
use crate::run::{self, Exit};
use crate::samples::next_case_number;
use crate::verdict::{self, Expected, Verdict};
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What to stress and how.
pub struct Options {
    pub count: u64,
    pub seed: u64,
    /// A single-file solution to test instead of the problem's own bundle.
    pub solver: Option<PathBuf>,
    /// Where a failing case is saved (default `samples/<name>`).
    pub samples: Option<PathBuf>,
}

/// Runs the stress test; `Ok(true)` when every case passed.
pub fn run(root: &Path, problem: &Problem, opts: &Options) -> Result<bool, String> {
    let solver = prepare(root, problem, opts.solver.as_deref(), "target/stress")?;
    let reference = kit::binary(root, problem, "ref");
    let checker = kit::binary(root, problem, "check");
    let scratch_dir = run::ScratchDir::new(&root.join("target/stress").join(&problem.name))
        .map_err(|e| e.to_string())?;
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
        fs::write(&input, &made).map_err(|e| e.to_string())?;
        let answer = run::run(
            &reference,
            &[],
            &input,
            &scratch.join("ref"),
            Duration::from_secs(120),
        )
        .map_err(|e| e.to_string())?;
        let code = match answer.exit {
            Exit::Code(c) => c,
            _ => {
                return Err(format!(
                    "the reference did not finish on `{}-gen {}` ({:?})",
                    problem.name,
                    args.join(" "),
                    answer.exit
                ))
            }
        };
        fs::write(&expected_out, &answer.stdout).map_err(|e| e.to_string())?;
        let expected = Expected {
            stdout: expected_out.clone(),
            code,
            stderr: None,
        };
        let check = if problem.compare == Compare::Checker {
            Some(checker.as_path())
        } else {
            None
        };
        let judged = verdict::judge(
            problem,
            &solver,
            &input,
            &expected,
            check,
            &scratch.join("solver"),
        )
        .map_err(|e| e.to_string())?;
        slowest = slowest.max((judged.outcome.cpu, judged.outcome.elapsed));
        if judged.verdict != Verdict::Ac {
            progress.finish(i);
            let dir = opts
                .samples
                .clone()
                .unwrap_or_else(|| root.join(problem.samples_dir()));
            let n = save_case(
                &dir,
                &made,
                &answer.stdout,
                code,
                problem,
                seed,
                args,
                judged.verdict,
            )?;
            println!(
                "{} {} on case {} of {} (seed {}, `{}-gen {}`): {}",
                problem.name,
                judged.verdict,
                i + 1,
                opts.count,
                seed,
                problem.name,
                args.join(" "),
                judged.detail
            );
            println!(
                "cpu {} ms (wall {} ms) of {} ms; saved as {}/{}.in with the reference's answer",
                judged.outcome.cpu.as_millis(),
                judged.outcome.elapsed.as_millis(),
                problem.time_limit_ms,
                dir.strip_prefix(root).unwrap_or(&dir).display(),
                n
            );
            return Ok(false);
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
    Ok(true)
}

/// Compiles a single-file solution the way a judge does, into `dir`, named after the problem
/// and the file (so that two solutions tested at once do not share a binary).
/// What a generated-input search (stress, worst) needs before its first input: the problem's
/// `stress` argument sets, its test kit built, and the program under test, which is `solver`
/// compiled like a judge into `root/<work>` when given, else the problem's bundle. Returns the
/// program's path.
pub fn prepare(
    root: &Path,
    problem: &Problem,
    solver: Option<&Path>,
    work: &str,
) -> Result<PathBuf, String> {
    if problem.stress.is_empty() {
        return Err(format!(
            "{}: no stress generator arguments: add `stress = [[...]]` to [package.metadata.judge]",
            problem.name
        ));
    }
    kit::build(root, &[problem])?;
    match solver {
        Some(file) => compile_single(problem, file, &root.join(work)),
        None => bundle::build(root, problem).map(|s| s.binary).map_err(|_| {
            format!(
                "{}: the bundle does not build; run `make check P={}`",
                problem.name, problem.name
            )
        }),
    }
}

pub fn compile_single(problem: &Problem, file: &Path, dir: &Path) -> Result<PathBuf, String> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("solver");
    let bin = dir.join(format!("{}-solver-{}", problem.name, stem));
    match bundle::compile(file, &bin, "2018") {
        Ok(()) => Ok(bin),
        Err(bundle::CompileError::NoRustc(why)) => Err(why),
        Err(bundle::CompileError::Rejected(why)) => Err(format!("{}: {}", file.display(), why)),
    }
}

/// Saves a failing case as the next numbered sample; returns its number.
#[allow(clippy::too_many_arguments)]
fn save_case(
    dir: &Path,
    input: &[u8],
    answer: &[u8],
    code: i32,
    problem: &Problem,
    seed: u64,
    args: &[String],
    verdict: Verdict,
) -> Result<u64, String> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let n = next_case_number(dir);
    let write = |ext: &str, bytes: &[u8]| {
        fs::write(dir.join(format!("{}.{}", n, ext)), bytes).map_err(|e| e.to_string())
    };
    write("in", input)?;
    write("out", answer)?;
    if code != 0 {
        write("code", format!("{}\n", code).as_bytes())?;
    }
    let note = format!(
        "found by stress: {} on `{}-gen {}` (seed {}); expected output from {}-ref\n",
        verdict,
        problem.name,
        args.join(" "),
        seed,
        problem.name
    );
    write("note", note.as_bytes())?;
    Ok(n)
}

/// A count that updates in place on a terminal (and every tenth of the run otherwise).
pub struct Progress {
    total: u64,
    start: Instant,
    tty: bool,
    last: Instant,
}

impl Progress {
    pub fn new(total: u64) -> Progress {
        Progress {
            total,
            start: Instant::now(),
            tty: io::stderr().is_terminal(),
            last: Instant::now(),
        }
    }

    fn line(&self, done: u64, note: &str) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        format!(
            "[{:>6}/{}] {:>7.1} cases/s, {:.1} s{}",
            done,
            self.total,
            done as f64 / secs.max(1e-9),
            secs,
            note
        )
    }

    /// `done` cases so far; `note` is appended to the line (e.g. the slowest time yet).
    pub fn tick_with(&mut self, done: u64, note: &str) {
        if self.tty {
            if self.last.elapsed() >= Duration::from_millis(100) || done == self.total {
                // Clear to the end of the line: a note may have become shorter.
                eprint!("\r{}\x1b[K", self.line(done, note));
                let _ = io::stderr().flush();
                self.last = Instant::now();
            }
        } else if self.total >= 10 && done % (self.total / 10) == 0 {
            eprintln!("{}", self.line(done, note));
        }
    }

    fn tick(&mut self, done: u64) {
        self.tick_with(done, "");
    }

    /// Ends the line on a terminal.
    pub fn finish_with(&mut self, done: u64, note: &str) {
        if self.tty {
            eprintln!("\r{}\x1b[K", self.line(done, note));
        }
    }

    fn finish(&mut self, done: u64) {
        self.finish_with(done, "");
    }
}
