//! Shrinking a failing case before it is reported: the smallest input found within a time
//! budget that still fails the same way.
//!
//! A candidate counts when the validator accepts it (when the problem has one), the
//! reference finishes on it with the original exit status (an interactive problem has
//! none: its interactor decides) and the solution gets the original verdict on it (for WA,
//! any wrong answer). Two ways to find candidates, in turn:
//!
//! 1. the generator's knobs: small seeds on the original arguments, then each `A..B` range
//!    narrowed to its lower half (else its upper half) while some small seed still fails;
//! 2. the input itself, with a validator only (without one an edited input may be one the
//!    problem never gives): the edits of [`Tokens::candidates`], one at a time, until none
//!    keeps the failure (a local minimum).
//!
//! Candidates run in parallel batches, one worker per core, and the lowest failing one of a
//! batch is taken, so that a shrink is the same on any machine. It stops at its budget with
//! the smallest case found so far.

use crate::build::testlib;
use crate::error::{Error, Result};
use crate::exec::pool;
use crate::judging::verdict::Verdict;
use crate::outcome::Outcome;
use crate::search::origin::{halves, quote, Origin};
use crate::search::program;
use crate::search::reduce::Tokens;
use crate::search::stress::{Bench, Case, Worker};
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Seconds a shrink may take unless `SHRINK_S` says otherwise.
pub const DEFAULT_SECONDS: u64 = 5;

/// Seeds tried on each argument set of the knob phase: `1..=SEEDS`.
const SEEDS: u64 = 12;

/// Lines of an input shown in the report.
const SHOWN_LINES: usize = 8;

/// What `make shrink` shrinks, and how.
pub struct Options {
    pub problem: Problem,
    /// The failing input.
    pub input: PathBuf,
    /// The time budget, in seconds.
    pub seconds: u64,
    /// A single-file solution to shrink against instead of the problem's own bundle.
    pub solver: Option<PathBuf>,
    /// Where the shrunk case is saved (default `samples/<name>`).
    pub samples: Option<PathBuf>,
}

/// A shrink's result: the case it started from and the smallest it found, and how.
pub(super) struct Shrunk {
    /// Where the case came from, for its note: `stress`, `make shrink of x.in`.
    pub(super) found_by: String,
    pub(super) original_input: Vec<u8>,
    pub(super) original_origin: Option<Origin>,
    /// The smallest failing case found (the original when nothing smaller was).
    pub(super) case: Case,
    /// Cases kept, each smaller than the last.
    pub(super) steps: usize,
    /// Candidates run.
    pub(super) tried: usize,
    pub(super) elapsed: Duration,
    /// What it shrank by, or why it could not: one line.
    pub(super) how: String,
    /// Why it stopped: one line; empty when it did not start.
    pub(super) stop: String,
}

/// What a candidate must do to count: the original verdict, the reference's exit status.
struct Want {
    verdict: Verdict,
    code: Option<i32>,
}

/// A candidate: an input the generator makes, or an edited one.
enum Candidate {
    Generated(Origin),
    Edited(Vec<u8>),
}

/// The shrink's state.
struct Shrinker<'a, 'b> {
    bench: &'a Bench<'b>,
    workers: Vec<Worker>,
    want: Want,
    best: Case,
    tried_inputs: HashSet<Vec<u8>>,
    steps: usize,
    tried: usize,
    deadline: Instant,
}

/// The size a shrink brings down, compared in this order: tokens, lines, the sum of the
/// integers' magnitudes, bytes. Every edit of [`Tokens::candidates`] lowers it.
fn size(input: &[u8]) -> (usize, usize, u128, usize) {
    let t = Tokens::read(input);
    let magnitude = t
        .lines
        .iter()
        .flatten()
        .filter_map(|tok| std::str::from_utf8(tok).ok()?.parse::<i128>().ok())
        .map(i128::unsigned_abs)
        .fold(0u128, u128::saturating_add);
    (t.count(), t.lines.len(), magnitude, input.len())
}

/// `412 bytes, 101 tokens`.
pub(super) fn sizes(input: &[u8]) -> String {
    let tokens = Tokens::read(input).count();
    format!(
        "{} byte{}, {} token{}",
        input.len(),
        if input.len() == 1 { "" } else { "s" },
        tokens,
        if tokens == 1 { "" } else { "s" }
    )
}

/// Shrinks the failing `case` within `budget` on `workers` (one per core). Never fails: a
/// validator that crashes stops the shrink, and the report says so.
pub(super) fn shrink(bench: &Bench, workers: Vec<Worker>, case: Case, budget: Duration) -> Shrunk {
    let start = Instant::now();
    let name = &bench.problem.name;
    let knobs = case
        .origin
        .as_ref()
        .filter(|o| !halves(&o.args).is_empty())
        .cloned();
    let mut shrunk = Shrunk {
        found_by: "stress".to_string(),
        original_input: case.input.clone(),
        original_origin: case.origin.clone(),
        case,
        steps: 0,
        tried: 0,
        elapsed: Duration::ZERO,
        how: String::new(),
        stop: String::new(),
    };
    let mut ways = Vec::new();
    if let Some(validator) = &bench.validator {
        ways.push(format!(
            "the input itself ({} accepts each)",
            validator.source
        ));
    }
    if let Some(o) = &knobs {
        let args: Vec<String> = o.args.iter().map(|a| quote(a)).collect();
        ways.push(format!("the generator's knobs ({})", args.join(" ")));
    }
    if ways.is_empty() || budget.is_zero() {
        shrunk.how = match budget.is_zero() {
            true => "not shrunk: SHRINK_S=0".to_string(),
            false => format!(
                "not shrunk: write a validator (src/bin/validator.rs, [[bin]] {}-validate) to \
                 shrink the input itself, or give a `stress` argument a range (`--n 1..100`) \
                 to narrow",
                name
            ),
        };
        return shrunk;
    }
    shrunk.how = format!(
        "shrinking by {}, for up to {} s (SHRINK_S)",
        ways.join(" and "),
        budget.as_secs()
    );
    // Said before it starts: a shrink may take the whole budget.
    println!("{}...", shrunk.how);
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let want = Want {
        verdict: shrunk.case.judged.verdict,
        code: shrunk.case.answer.as_ref().map(|a| a.1),
    };
    let mut shrinker = Shrinker {
        bench,
        workers,
        want,
        best: shrunk.case.clone(),
        tried_inputs: HashSet::new(),
        steps: 0,
        tried: 0,
        deadline: start + budget,
    };
    // The knobs get half the budget when the input itself can be shrunk after them.
    let knob_deadline = match bench.validator {
        Some(_) => start + budget / 2,
        None => start + budget,
    };
    let mut result = Ok(());
    if let Some(origin) = &knobs {
        shrinker.deadline = knob_deadline;
        result = shrinker.knobs(origin);
        shrinker.deadline = start + budget;
    }
    let mut minimal = false;
    if result.is_ok() && bench.validator.is_some() {
        result = shrinker.edits().map(|m| minimal = m);
    }
    let out_of_time = Instant::now() >= shrinker.deadline;
    shrunk.tried = shrinker.tried;
    shrunk.elapsed = start.elapsed();
    if let Err(e) = result {
        // A validator that crashed said nothing reliable of what it accepted before.
        shrunk.stop = format!("nothing shrunk: {}", e);
        return shrunk;
    }
    // A time or memory verdict met beside other runs is confirmed alone.
    let resource = matches!(shrinker.want.verdict, Verdict::Tle | Verdict::Mle);
    if resource && shrinker.steps > 0 {
        let best = match &shrinker.best.origin {
            Some(origin) => Candidate::Generated(origin.clone()),
            None => Candidate::Edited(shrinker.best.input.clone()),
        };
        let alone = trial(&mut shrinker.workers[0], bench, &best, &shrinker.want);
        if !matches!(alone, Ok(Some(_))) {
            shrunk.stop = format!(
                "nothing shrunk: the smallest case found was not {} when run alone",
                shrinker.want.verdict
            );
            return shrunk;
        }
    }
    shrunk.stop = if minimal {
        "a local minimum: no single edit keeps the failure".to_string()
    } else if out_of_time {
        format!("the budget ran out (SHRINK_S={})", budget.as_secs())
    } else {
        "the generator's knobs are as narrow as they fail".to_string()
    };
    shrunk.case = shrinker.best;
    shrunk.steps = shrinker.steps;
    shrunk
}

impl Shrinker<'_, '_> {
    /// Runs `candidates` in parallel, in order, until one counts; returns the lowest that
    /// counts. An edited input tried before is skipped. Nothing runs past the deadline.
    fn batch(&mut self, candidates: Vec<Candidate>) -> Result<Option<Case>> {
        let candidates: Vec<Candidate> = candidates
            .into_iter()
            .filter(|c| match c {
                Candidate::Edited(input) => self.tried_inputs.insert(input.clone()),
                Candidate::Generated(_) => true,
            })
            .collect();
        if candidates.is_empty() || Instant::now() >= self.deadline {
            return Ok(None);
        }
        let (bench, want, deadline) = (self.bench, &self.want, self.deadline);
        let mut first: Option<(usize, Result<Case>)> = None;
        let mut ran = 0;
        let workers: Vec<&mut Worker> = self.workers.iter_mut().collect();
        pool::run_until(
            workers,
            candidates.len(),
            |worker, i| match Instant::now() < deadline {
                true => Some(trial(worker, bench, &candidates[i], want)),
                false => None,
            },
            |r| matches!(r, Some(Ok(Some(_)) | Err(_))),
            |i, r| {
                let counted = match r {
                    None => return,
                    Some(Ok(None)) => None,
                    Some(Ok(Some(case))) => Some(Ok(case)),
                    Some(Err(e)) => Some(Err(e)),
                };
                ran += 1;
                if let Some(r) = counted {
                    if first.as_ref().map_or(true, |(f, _)| i < *f) {
                        first = Some((i, r));
                    }
                }
            },
        );
        self.tried += ran;
        first.map(|(_, r)| r).transpose()
    }

    /// Keeps `case` when it is smaller than the best so far.
    fn consider(&mut self, case: Case) {
        if size(&case.input) < size(&self.best.input) {
            self.best = case;
            self.steps += 1;
        }
    }

    /// Small seeds on `origin`'s arguments, then each range knob narrowed (its lower half
    /// first, every knob's, then the upper halves) while some seed of `1..=SEEDS` fails.
    fn knobs(&mut self, origin: &Origin) -> Result<()> {
        let seeds = |args: &[String]| -> Vec<Candidate> {
            (1..=SEEDS)
                .map(|seed| {
                    Candidate::Generated(Origin {
                        args: args.to_vec(),
                        seed,
                        swaps: Vec::new(),
                    })
                })
                .collect()
        };
        let mut args = origin.args.clone();
        if let Some(case) = self.batch(seeds(&args))? {
            self.consider(case);
        }
        'narrow: while Instant::now() < self.deadline {
            let split = halves(&args);
            let lower = split.iter().step_by(2);
            let upper = split.iter().skip(1).step_by(2);
            for narrower in lower.chain(upper) {
                if let Some(case) = self.batch(seeds(narrower))? {
                    self.consider(case);
                    args = narrower.clone();
                    continue 'narrow;
                }
            }
            break;
        }
        Ok(())
    }

    /// Edits the best input one step at a time while some edit keeps the failure: removals
    /// while one counts, then smaller numbers while one counts, and so on, until neither
    /// kind has one that counts (a local minimum). Returns whether it reached one (rather
    /// than the deadline).
    fn edits(&mut self) -> Result<bool> {
        let kinds: [fn(&Tokens) -> Vec<Tokens>; 2] = [Tokens::removals, Tokens::smaller];
        self.tried_inputs.insert(self.best.input.clone());
        let (mut kind, mut barren) = (0, 0);
        loop {
            if Instant::now() >= self.deadline {
                return Ok(false);
            }
            let now = size(&self.best.input);
            let candidates: Vec<Candidate> = kinds[kind](&Tokens::read(&self.best.input))
                .into_iter()
                .map(|t| t.render())
                .filter(|input| size(input) < now)
                .map(Candidate::Edited)
                .collect();
            match self.batch(candidates)? {
                Some(case) => {
                    self.consider(case);
                    barren = 0;
                }
                None if Instant::now() >= self.deadline => return Ok(false),
                None => {
                    barren += 1;
                    if barren == kinds.len() {
                        return Ok(true);
                    }
                    kind = (kind + 1) % kinds.len();
                }
            }
        }
    }
}

/// Runs one candidate on `worker`: the case when it fails as wanted, `None` when it does not
/// count (the generator refuses it, the validator rejects it, the reference does not finish
/// or exits otherwise, the solution passes or fails otherwise); an error when the validator
/// crashes.
fn trial(
    worker: &mut Worker,
    bench: &Bench,
    candidate: &Candidate,
    want: &Want,
) -> Result<Option<Case>> {
    let origin = match candidate {
        Candidate::Generated(origin) => {
            if worker.maker.generate_into(origin, &worker.input).is_err() {
                return Ok(None);
            }
            Some(origin.clone())
        }
        Candidate::Edited(input) => {
            fs::write(&worker.input, input).map_err(|e| Error::io(&worker.input, e))?;
            None
        }
    };
    if worker.validate(bench)?.is_some() {
        return Ok(None);
    }
    let named = origin.clone().unwrap_or_else(|| Origin {
        args: vec!["(an edited input)".to_string()],
        seed: 0,
        swaps: Vec::new(),
    });
    let Ok((expected, judged)) = worker.judge(bench, &named) else {
        return Ok(None);
    };
    if judged.verdict != want.verdict || expected.as_ref().map(|e| e.code) != want.code {
        return Ok(None);
    }
    worker.keep(origin, expected.as_ref(), judged).map(Some)
}

impl Shrunk {
    /// The `.note` lines on the shrink: where the case came from, and how it was shrunk.
    pub(super) fn note(&self, name: &str) -> String {
        let mut note = String::new();
        if let Some(o) = &self.original_origin {
            note.push_str(&format!(
                "first found as `{}` ({})\n",
                o.command(name),
                sizes(&self.original_input)
            ));
        }
        if self.steps > 0 {
            note.push_str(&format!(
                "shrunk to {} in {} steps ({:.1} s)\n",
                sizes(&self.case.input),
                self.steps,
                self.elapsed.as_secs_f64()
            ));
        }
        if let Some(o) = &self.case.origin {
            note.push_str(&format!(
                "made again, from the workspace root, by: {}\n",
                o.cargo_command(name)
            ));
        }
        note
    }
}

/// The first [`SHOWN_LINES`] lines of `input`, indented, each cut at 100 characters.
fn shown(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    for line in lines.iter().take(SHOWN_LINES) {
        let cut: String = line.chars().take(100).collect();
        let more = if cut.len() < line.len() { " ..." } else { "" };
        out.push_str(&format!("    {}{}\n", cut, more));
    }
    if lines.len() > SHOWN_LINES {
        out.push_str(&format!("    ... ({} lines in all)\n", lines.len()));
    }
    out
}

/// Prints the shrink (the original case and the shrunk one, their sizes, steps and time),
/// the shrunk case's verdict and how to run it again, and saves it in `dir` as the next
/// sample.
pub(super) fn report(bench: &Bench, shrunk: &Shrunk, dir: &Path) -> Result<()> {
    let name = &bench.problem.name;
    let case = &shrunk.case;
    if shrunk.stop.is_empty() {
        println!("{}", shrunk.how);
    } else {
        println!(
            "  {} step{} kept of {} candidates in {:.1} s; {}",
            shrunk.steps,
            if shrunk.steps == 1 { "" } else { "s" },
            shrunk.tried,
            shrunk.elapsed.as_secs_f64(),
            shrunk.stop
        );
        let made = |o: &Option<Origin>| {
            o.as_ref()
                .map_or_else(String::new, |o| format!(" (`{}`)", o.command(name)))
        };
        println!(
            "  original: {}{}",
            sizes(&shrunk.original_input),
            made(&shrunk.original_origin)
        );
        print!("{}", shown(&shrunk.original_input));
        println!("  shrunk:   {}{}", sizes(&case.input), made(&case.origin));
        print!("{}", shown(&case.input));
        println!(
            "{} {} on the shrunk case: {}",
            name, case.judged.verdict, case.judged.detail
        );
        println!(
            "cpu {} ms (wall {} ms) of {} ms",
            case.judged.cpu.as_millis(),
            case.judged.wall.as_millis(),
            bench.problem.time_limit_ms
        );
    }
    // The exchange of an interactive case, the diff of a wrong output file.
    print!("{}", case.judged.notes);
    bench.save(dir, shrunk)
}

/// `make shrink`: judges the solution on the input file, and when it fails, shrinks it
/// within the budget and saves the shrunk case as a sample. Fails when the input fails
/// (shrunk or not); passes, saying so, when the solution answers it right.
pub fn run_file(root: &Path, opts: &Options) -> Result<Outcome> {
    let problem = &opts.problem;
    let input = fs::read(&opts.input).map_err(|e| Error::io(&opts.input, e))?;
    let solver = program::prepare_kit(root, problem, opts.solver.as_deref(), "target/shrink")?;
    if !problem.io.is_interactive() && !kit::binary(root, problem, "ref").is_file() {
        return Err(Error::Kit(format!(
            "{} has no reference ([[bin]] {}-ref) to say what fails on {}",
            problem.name,
            problem.name,
            opts.input.display()
        )));
    }
    let scratch_dir =
        crate::exec::run::ScratchDir::new(&root.join("target/shrink").join(&problem.name))?;
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
    let workers = (0..pool::width())
        .map(|w| Worker::new(root, problem, &scratch_dir.path().join(format!("s{}", w))))
        .collect::<Result<Vec<_>>>()?;
    let first = &workers[0];
    fs::write(&first.input, &input).map_err(|e| Error::io(&first.input, e))?;
    if let Some(reason) = first.validate(&bench)? {
        return Err(Error::Refused(format!(
            "{}: {}-validate rejects it: {}",
            opts.input.display(),
            problem.name,
            reason
        )));
    }
    let named = Origin {
        args: vec![opts.input.display().to_string()],
        seed: 0,
        swaps: Vec::new(),
    };
    let (expected, judged) = first.judge(&bench, &named)?;
    if judged.verdict == Verdict::Ac {
        println!(
            "{}: AC on {}: nothing to shrink",
            problem.name,
            opts.input.display()
        );
        return Ok(Outcome::Pass);
    }
    println!(
        "{} {} on {} ({}): {}",
        problem.name,
        judged.verdict,
        opts.input.display(),
        sizes(&input),
        judged.detail
    );
    let case = first.keep(None, expected.as_ref(), judged)?;
    let mut shrunk = shrink(&bench, workers, case, Duration::from_secs(opts.seconds));
    shrunk.found_by = format!("make shrink of {}", opts.input.display());
    let dir = opts
        .samples
        .clone()
        .unwrap_or_else(|| root.join(problem.samples_dir()));
    report(&bench, &shrunk, &dir)?;
    Ok(Outcome::Fail)
}
