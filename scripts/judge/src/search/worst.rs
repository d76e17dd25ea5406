//! The search for the slowest inputs of a problem, before the judge finds them.
//!
//! A contest is lost on the slowest hidden input, not on the samples. The search:
//!
//! 1. survey: the generator over many seeds, cycling through every argument set of the
//!    problem's `stress` metadata; each input is answered by the reference and the submission
//!    (the bundle compiled like the judge) is judged and timed on it: CPU time, user + system,
//!    of the whole process, as judges count;
//! 2. focus: from the slowest inputs, the generator's range knobs (`A..B`) are halved again
//!    and again toward the half whose inputs ran slowest, and more seeds are spent there: the
//!    inputs stay inside the declared stress family, and the reference confirms each one;
//! 3. climb: from the slowest few, two characters of the grid rows are swapped (see
//!    [`mutate`]); a mutant the validator accepts (when the problem has one) and the
//!    reference answers with the same exit status is kept, and the
//!    climb goes on from it when it ran slower;
//! 4. re-time: the slowest few are run several more times and ranked by their median.
//!
//! The survey's inputs are made (generator, reference) on a second thread while the solver is
//! timed on the first; the generator and the reference run light (a wall clock, an output
//! cap, the process group: not traced), the solver under the full measurement. It prints the slowest with time, limit and margin (limit / time) and a
//! histogram of every time against the limit, and saves them as `worst-<rank>.in` with the
//! reference's answer (`.out`, `.code`) and the command that regenerates them (`.cmd`). It
//! fails when an input is over the limit, and stops at the first wrong answer. A file
//! problem's solver runs in a folder of its own, its named output file judged, as `make
//! check` runs it ([`crate::check::cases`]); its reference as `make stress` runs it.
//! Every generated input is held to the problem's validator, when it has one: an input it
//! rejects stops the search as the generator's bug. Cost: `count` survey inputs, then `count / 2` each for focus and climb, then
//! `RETIMES` runs of each kept input.

use crate::build::testlib;
use crate::check::cases::{self, Done};
use crate::error::Result;
use crate::exec::run::{self, Exit};
use crate::judging::checker::Program;
use crate::judging::verdict::{Expected, Limits, Verdict};
use crate::outcome::Outcome;
use crate::search::maker::{Answered, Maker};
use crate::search::mutate;
use crate::search::origin::{halves, Origin};
use crate::search::program;
use crate::search::progress::Progress;
use crate::search::ranking::{Found, Ranking, RETIMES};
use crate::workspace::io::Io;
use crate::workspace::problem::Problem;
use rng::Rng;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `worst` searches, and how.
pub struct Options {
    pub problem: Problem,
    /// Survey inputs; the focus and the climb spend half as many again each.
    pub count: u64,
    /// The first generator seed.
    pub seed: u64,
    /// How many of the slowest inputs are re-timed, printed and saved.
    pub keep: usize,
    /// A single-file solution to time instead of the problem's own bundle.
    pub solver: Option<PathBuf>,
    /// Where the slowest inputs are saved (default `problems/<name>/data/worst`).
    pub out: Option<PathBuf>,
    /// A time limit to judge against instead of the problem's.
    pub limit_ms: Option<u64>,
}

/// Seeds tried on each half of a range knob before choosing one.
const FOCUS_SAMPLES: u64 = 8;
/// How many of the slowest inputs (distinct argument sets for the focus) the focus and the
/// climb start from.
const STARTS: usize = 3;

/// The search's state: the binaries, the limits judged under, everything found.
pub(super) struct Search {
    pub(super) maker: Maker,
    /// The problem's name.
    pub(super) name: String,
    pub(super) limits: Limits,
    pub(super) solver: PathBuf,
    /// The workspace root.
    pub(super) root: PathBuf,
    pub(super) checker: Option<Program>,
    pub(super) interactor: Option<Program>,
    pub(super) scratch: PathBuf,
    pub(super) found: Vec<Found>,
    pub(super) next_seed: u64,
    pub(super) progress: Progress,
}

/// What judging one generated input gave.
enum Step {
    /// In time or over it: timed and kept.
    Timed,
    /// Not kept: in the focus phase the generator refused the narrowed arguments; in the
    /// climb the reference answered a mutant with another exit status.
    Refused,
    /// A wrong answer or a crash: the search stops.
    Failed(String),
}

/// Runs the search; passes when every input is within the limit and answered right.
pub fn run(root: &Path, opts: &Options) -> Result<Outcome> {
    let problem = &opts.problem;
    let solver = program::prepare(root, problem, opts.solver.as_deref(), "target/worst")?;
    let mut limits = problem.limits();
    if let Some(ms) = opts.limit_ms {
        limits.time_ms = ms;
    }
    let focus_budget = opts.count / 2;
    let climb_budget = opts.count / 2;
    let scratch_dir = run::ScratchDir::new(&root.join("target/worst").join(&problem.name))?;
    let scratch = scratch_dir.path().to_path_buf();
    let validator = testlib::written_validator(root, problem, &scratch.join("validator"))?;
    let invalid = root
        .join("target/worst")
        .join(&problem.name)
        .join("invalid.in");
    let maker = Maker::new(root, problem, scratch.join("make"))?.validated(validator, invalid);
    let mut search = Search {
        maker: maker.clone(),
        solver,
        root: root.to_path_buf(),
        checker: testlib::checker(root, problem)?,
        interactor: testlib::interactor(root, problem)?,
        scratch,
        name: problem.name.clone(),
        limits,
        found: Vec::new(),
        next_seed: opts.seed,
        progress: Progress::new(opts.count + focus_budget + climb_budget),
    };
    fs::create_dir_all(&search.scratch)?;

    let mut failure = search.survey(maker, &problem.stress, opts.count)?;
    if failure.is_none() {
        failure = search.focus_from_slowest(opts.keep, focus_budget)?;
    }
    if failure.is_none() {
        failure = search.climb_from_slowest(opts.keep, climb_budget, opts.seed)?;
    }
    if let Some(why) = failure {
        return search.fail(&why);
    }
    let total = search.found.len() as u64;
    search
        .progress
        .finish_with(total, &search.ranking().slowest_note());
    // 4. Re-time the slowest.
    search.retime(opts.keep)?;
    let dir = opts
        .out
        .clone()
        .unwrap_or_else(|| root.join(&problem.dir).join("data/worst"));
    search.ranking().conclude(root, &dir, opts.keep)
}

impl Search {
    /// The survey: `count` inputs, cycling through the `stress` argument sets, made
    /// (generator, reference) on another thread while the solver is timed here. Returns a
    /// failure, if one was met.
    fn survey(
        &mut self,
        maker: Maker,
        stress: &[Vec<String>],
        count: u64,
    ) -> Result<Option<String>> {
        let jobs: Vec<Origin> = (0..count)
            .map(|i| Origin {
                args: stress[(i % stress.len() as u64) as usize].clone(),
                seed: self.take_seed(),
                swaps: Vec::new(),
            })
            .collect();
        let ahead = maker.elsewhere(self.scratch.join("ahead"))?;
        ahead.ahead(jobs, |made| -> Result<Option<String>> {
            for answered in made {
                if let Step::Failed(why) = self.time(answered?, "survey")? {
                    return Ok(Some(why));
                }
            }
            Ok(None)
        })
    }

    /// The focus, within `budget` inputs, from the slowest inputs (re-timed first) whose
    /// arguments have a range knob to narrow, at most [`STARTS`] argument sets.
    fn focus_from_slowest(&mut self, keep: usize, budget: u64) -> Result<Option<String>> {
        self.retime(keep.max(STARTS))?;
        let mut lineages: Vec<Vec<String>> = Vec::new();
        for f in self.ranking().ranked() {
            if lineages.len() < STARTS
                && !halves(&f.origin.args).is_empty()
                && !lineages.contains(&f.origin.args)
            {
                lineages.push(f.origin.args.clone());
            }
        }
        let mut spent = 0;
        for (l, start) in lineages.iter().enumerate() {
            let share = (budget - spent) / (lineages.len() - l) as u64;
            let (used, failure) = self.focus(start, share)?;
            spent += used;
            if failure.is_some() {
                return Ok(failure);
            }
        }
        Ok(None)
    }

    /// The climb by swaps, within `budget` inputs, from the [`STARTS`] slowest (re-timed
    /// first) that were not killed; the swaps are drawn from a generator seeded by `seed`.
    fn climb_from_slowest(
        &mut self,
        keep: usize,
        budget: u64,
        seed: u64,
    ) -> Result<Option<String>> {
        self.retime(keep.max(STARTS))?;
        let starts: Vec<usize> = self
            .ranking()
            .ranked_indices()
            .into_iter()
            .filter(|&i| !self.found[i].killed)
            .take(STARTS)
            .collect();
        let mut rng = Rng::new(seed);
        let mut spent = 0;
        for (l, &start) in starts.iter().enumerate() {
            let share = (budget - spent) / (starts.len() - l) as u64;
            let (used, failure) = self.climb(start, share, &mut rng)?;
            spent += used;
            if failure.is_some() {
                return Ok(failure);
            }
        }
        Ok(None)
    }

    fn take_seed(&mut self) -> u64 {
        self.next_seed += 1;
        self.next_seed - 1
    }

    /// What the search found, as a ranking.
    fn ranking(&self) -> Ranking<'_> {
        Ranking {
            name: &self.name,
            limits: self.limits,
            found: &self.found,
            interactive: self.maker.problem.io.is_interactive(),
        }
    }

    /// Generates `args --seed seed`, answers it with the reference, judges and times the
    /// solver on it, and keeps it. In the focus phase, arguments the generator refuses are
    /// [`Step::Refused`]; elsewhere an error.
    fn step(&mut self, args: &[String], seed: u64, phase: &'static str) -> Result<Step> {
        let origin = Origin {
            args: args.to_vec(),
            seed,
            swaps: Vec::new(),
        };
        let made = match self.maker.generate_unvetted(&origin) {
            Ok(made) => made,
            Err(_) if phase == "focus" => return Ok(Step::Refused),
            Err(e) => return Err(e),
        };
        self.maker.vet(&origin, &made)?;
        let answered = self.maker.answer(origin, made)?;
        self.time(answered, phase)
    }

    /// Judges and times the solver on an answered input, and keeps it.
    fn time(&mut self, a: Answered, phase: &'static str) -> Result<Step> {
        let input = self.scratch.join("input.txt");
        fs::write(&input, &a.input)?;
        let expected_out = self.scratch.join("expected.txt");
        fs::write(&expected_out, &a.answer)?;
        let expected = Expected {
            stdout: expected_out,
            code: a.code,
            stderr: None,
        };
        let judged = self.judge(&input, &expected)?;
        if judged.verdict != Verdict::Ac && judged.verdict != Verdict::Tle {
            return Ok(Step::Failed(format!(
                "{} on `{}`: {}",
                judged.verdict,
                a.origin.command(&self.name),
                judged.detail
            )));
        }
        self.found.push(Found {
            origin: a.origin,
            phase,
            input: a.input,
            answer: a.answer,
            code: a.code,
            cpu: vec![judged.cpu],
            wall: vec![judged.wall],
            killed: judged.killed,
        });
        let note = self.ranking().slowest_note();
        self.progress.tick_with(self.found.len() as u64, &note);
        Ok(Step::Timed)
    }

    /// Climbs from `found[start]` for `budget` steps: swaps two grid characters of the
    /// current input (see [`mutate`]), keeps the mutant when the reference answers it with
    /// the same exit status, and moves to it when it ran slower. Returns the steps spent and
    /// a failure, if one was met.
    fn climb(&mut self, start: usize, budget: u64, rng: &mut Rng) -> Result<(u64, Option<String>)> {
        let mut current = start;
        let mut spent = 0;
        while spent < budget {
            spent += 1;
            let base = &self.found[current];
            let swap = match mutate::random_swap(&base.input, rng) {
                Some(swap) => swap,
                None => break,
            };
            let mut input = base.input.clone();
            input.swap(swap.0, swap.1);
            let mut origin = base.origin.clone();
            origin.swaps.push(swap);
            let (code, time) = (base.code, base.cpu());
            if !self.maker.accepts(&input)? {
                continue;
            }
            let answered = self.maker.answer(origin, input)?;
            if answered.code != code {
                // Another kind of input (say, no longer solvable) or a malformed one.
                continue;
            }
            match self.time(answered, "climb")? {
                Step::Timed => {
                    let i = self.found.len() - 1;
                    if self.found[i].key() > (false, time) {
                        current = i;
                    }
                }
                Step::Refused => {}
                Step::Failed(why) => return Ok((spent, Some(why))),
            }
        }
        Ok((spent, None))
    }

    /// Re-times the `n` slowest until each has `1 + RETIMES` timings (or was killed), so
    /// that one lucky or unlucky run does not decide the ranking; repeats while the top `n`
    /// changes.
    fn retime(&mut self, n: usize) -> Result<()> {
        loop {
            let pending: Vec<usize> = self
                .ranking()
                .ranked_indices()
                .into_iter()
                .take(n)
                .filter(|&i| !self.found[i].killed && self.found[i].cpu.len() <= RETIMES)
                .collect();
            if pending.is_empty() {
                return Ok(());
            }
            let input = self.scratch.join("input.txt");
            for i in pending {
                fs::write(&input, &self.found[i].input)?;
                let expected = self.scratch.join("expected.txt");
                fs::write(&expected, &self.found[i].answer)?;
                let expected = Expected {
                    stdout: expected,
                    code: self.found[i].code,
                    stderr: None,
                };
                for _ in 0..RETIMES {
                    let (cpu, wall, killed) = self.time_once(&input, &expected)?;
                    let f = &mut self.found[i];
                    f.cpu.push(cpu);
                    f.wall.push(wall);
                    if killed {
                        f.killed = true;
                        break;
                    }
                }
            }
        }
    }

    /// Spends up to `budget` inputs around `start`: while a range knob can be halved, tries
    /// a few seeds (at most [`FOCUS_SAMPLES`]) on each half of each range and goes on with the half whose
    /// slowest input was slowest; the rest of the budget goes to new seeds on the narrowest
    /// arguments. Returns the inputs spent and a failure, if one was met.
    fn focus(&mut self, start: &[String], budget: u64) -> Result<(u64, Option<String>)> {
        let mut current = start.to_vec();
        let mut spent = 0;
        // Enough seeds per half for a few rounds of halving within the budget.
        let samples = (budget / 6).clamp(2, FOCUS_SAMPLES);
        loop {
            let variants = halves(&current);
            if variants.is_empty() || spent + samples * variants.len() as u64 > budget {
                break;
            }
            let mut best: Option<(Duration, Vec<String>)> = None;
            for v in variants {
                let mut slowest = None;
                for _ in 0..samples {
                    let seed = self.take_seed();
                    spent += 1;
                    match self.step(&v, seed, "focus")? {
                        Step::Timed => {
                            let t = self.found.last().map(Found::cpu).unwrap_or_default();
                            slowest = Some(slowest.map_or(t, |s: Duration| s.max(t)));
                        }
                        Step::Refused => break,
                        Step::Failed(why) => return Ok((spent, Some(why))),
                    }
                }
                if let Some(t) = slowest {
                    if best.as_ref().map_or(true, |(b, _)| t > *b) {
                        best = Some((t, v));
                    }
                }
            }
            match best {
                Some((_, v)) => current = v,
                None => break,
            }
        }
        while spent < budget {
            let seed = self.take_seed();
            spent += 1;
            match self.step(&current, seed, "focus")? {
                Step::Timed => {}
                Step::Refused => break,
                Step::Failed(why) => return Ok((spent, Some(why))),
            }
        }
        Ok((spent, None))
    }

    /// Judges the solver on `input` (the file problem's solver in a folder of its own).
    fn judge(&self, input: &Path, expected: &Expected) -> Result<Done> {
        cases::judge_any(&cases::Case {
            root: &self.root,
            problem: &self.maker.problem,
            input,
            limits: self.limits,
            binary: &self.solver,
            // An interactive problem's interactor decides, as in `make stress`.
            expected: Some(expected).filter(|_| !self.maker.problem.io.is_interactive()),
            checker: self.checker.as_ref(),
            interactor: self.interactor.as_ref(),
            scratch: &self.scratch.join("solver"),
        })
    }

    /// One more timing of the solver on `input`: CPU and wall time, and whether it was
    /// killed. A stdin/stdout problem's is a plain run; a file problem's is judged as
    /// [`Search::judge`] does, to run it with its files.
    fn time_once(&self, input: &Path, expected: &Expected) -> Result<(Duration, Duration, bool)> {
        if self.maker.problem.io != Io::Stdio {
            let done = self.judge(input, expected)?;
            return Ok((done.cpu, done.wall, done.killed));
        }
        let out = run::run(
            &self.solver,
            &[],
            input,
            &self.scratch.join("solver"),
            self.limits.kill_time(),
        )?;
        Ok((out.cpu, out.elapsed, out.exit == Exit::Killed))
    }

    /// Ends the search at a wrong answer or crash.
    fn fail(&mut self, why: &str) -> Result<Outcome> {
        let total = self.found.len() as u64;
        self.progress.finish_with(total, "");
        println!("{}: {}", self.name, why);
        println!(
            "(`make stress P={}` finds such cases and saves them as samples)",
            self.name
        );
        Ok(Outcome::Fail)
    }
}
