//! `make worst`: the slowest inputs of a problem, found before the judge finds them.
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
//!    [`mutate`]); a mutant the reference answers with the same exit status is kept, and the
//!    climb goes on from it when it ran slower;
//! 4. re-time: the slowest few are run several more times and ranked by their median.
//!
//! The survey's inputs are made (generator, reference) on a second thread while the solver is
//! timed on the first. It prints the slowest with time, limit and margin (limit / time) and a
//! histogram of every time against the limit, and saves them as `worst-<rank>.in` with the
//! reference's answer (`.out`, `.code`) and the command that regenerates them (`.cmd`). It
//! fails when an input is over the limit, and stops at the first wrong answer.
//! Cost: `count` survey inputs, then `count / 2` each for focus and climb, then
//! `RETIMES` runs of each kept input.

use super::{one_problem, Outcome};
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::judging::verdict::{self, Expected, Limits, Verdict};
use crate::search::histogram::{histogram, ms};
use crate::search::mutate;
use crate::search::origin::{halves, quote, Origin};
use crate::search::program;
use crate::search::progress::Progress;
use crate::workspace::kit;
use crate::workspace::problem::{Compare, Problem};
use rng::Rng;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// The arguments of `worst`: what to search and how.
pub struct Args {
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

impl Args {
    /// `worst NAME [--n N] [--seed S] [--keep K] [--limit-ms MS] [--solver FILE.rs] [--out DIR]`.
    pub fn parse(root: &Path, line: &Parsed) -> Result<Args> {
        let count = line.count("--n")?;
        let seed = line.count("--seed")?;
        let keep = line.count("--keep")?.max(1) as usize;
        let limit_ms = line.number("--limit-ms")?;
        Ok(Args {
            count,
            seed,
            keep,
            limit_ms,
            solver: line.text("--solver").map(PathBuf::from),
            out: line.text("--out").map(PathBuf::from),
            problem: one_problem(root, line)?,
        })
    }
}

/// Extra runs of each of the slowest inputs (the first timing is kept too).
const RETIMES: usize = 5;
/// Seeds tried on each half of a range knob before choosing one.
const FOCUS_SAMPLES: u64 = 8;
/// How many of the slowest inputs (distinct argument sets for the focus) the focus and the
/// climb start from.
const STARTS: usize = 3;

/// An input the search made, with its timings.
struct Found {
    origin: Origin,
    /// survey, focus or climb.
    phase: &'static str,
    input: Vec<u8>,
    answer: Vec<u8>,
    code: i32,
    /// CPU and wall time of each run.
    cpu: Vec<Duration>,
    wall: Vec<Duration>,
    /// Killed at the wall-clock cap on some run.
    killed: bool,
}

impl Found {
    fn median(times: &[Duration]) -> Duration {
        let mut t = times.to_vec();
        t.sort();
        t[t.len() / 2]
    }

    /// The median CPU time; what inputs are ranked by.
    fn cpu(&self) -> Duration {
        Found::median(&self.cpu)
    }

    fn wall(&self) -> Duration {
        Found::median(&self.wall)
    }

    /// Ranking key: killed runs first, then by median CPU time.
    fn key(&self) -> (bool, Duration) {
        (self.killed, self.cpu())
    }

    fn over(&self, limit: Duration) -> bool {
        self.killed || self.cpu() > limit
    }
}

/// Makes inputs and their expected answers: the generator, then the reference. It has its
/// own scratch folder, so that one can work on another thread while the solver is timed.
#[derive(Clone)]
struct Maker {
    root: PathBuf,
    problem: Problem,
    reference: PathBuf,
    scratch: PathBuf,
}

/// An input with the reference's answer and exit status.
struct Answered {
    origin: Origin,
    input: Vec<u8>,
    answer: Vec<u8>,
    code: i32,
}

impl Maker {
    /// The generator's input for `origin` (its swaps are not applied).
    fn generate(&self, origin: &Origin) -> Result<Vec<u8>> {
        kit::generate(
            &self.root,
            &self.problem,
            &origin.args,
            origin.seed,
            &self.scratch.join("gen"),
        )
    }

    /// Runs the reference on `input`; an error if it does not finish with an exit status.
    fn answer(&self, origin: Origin, input: Vec<u8>) -> Result<Answered> {
        let file = self.scratch.join("input.txt");
        fs::create_dir_all(&self.scratch)?;
        fs::write(&file, &input)?;
        let answer = run::run(
            &self.reference,
            &[],
            &file,
            &self.scratch.join("ref"),
            Duration::from_secs(120),
        )?;
        match answer.exit {
            Exit::Code(code) => Ok(Answered {
                origin,
                input,
                answer: answer.stdout,
                code,
            }),
            other => Err(Error::Kit(format!(
                "the reference did not finish on `{}` ({:?})",
                origin.command(&self.problem.name),
                other
            ))),
        }
    }

    /// Generates and answers the survey's inputs on a thread of their own, at most a few
    /// ahead of `survey`, which receives them in order.
    fn ahead<T>(
        &self,
        jobs: Vec<Origin>,
        survey: impl FnOnce(mpsc::Receiver<Result<Answered>>) -> T,
    ) -> T {
        let (tx, rx) = mpsc::sync_channel(4);
        thread::scope(|scope| {
            scope.spawn(move || {
                for origin in jobs {
                    let made = self
                        .generate(&origin)
                        .and_then(|input| self.answer(origin, input));
                    let stop = made.is_err();
                    // A closed channel: the survey stopped early.
                    if tx.send(made).is_err() || stop {
                        break;
                    }
                }
            });
            survey(rx)
        })
    }
}

/// The search's state: the binaries, the limits judged under, everything found.
struct Search {
    maker: Maker,
    /// The problem's name.
    name: String,
    limits: Limits,
    solver: PathBuf,
    /// How outputs are compared when there is no checker.
    compare: Compare,
    checker: Option<PathBuf>,
    scratch: PathBuf,
    found: Vec<Found>,
    next_seed: u64,
    progress: Progress,
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
pub fn run(root: &Path, opts: &Args) -> Result<Outcome> {
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
    let maker = Maker {
        root: root.to_path_buf(),
        problem: problem.clone(),
        reference: kit::binary(root, problem, "ref"),
        scratch: scratch.join("make"),
    };
    let mut search = Search {
        maker: maker.clone(),
        solver,
        compare: problem.compare,
        checker: kit::checker(root, problem),
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
    search.progress.finish_with(total, &search.slowest_note());
    // 4. Re-time the slowest.
    search.retime(opts.keep)?;
    let dir = opts
        .out
        .clone()
        .unwrap_or_else(|| root.join(&problem.dir).join("data/worst"));
    search.conclude(root, &dir, opts.keep)
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
        let ahead = Maker {
            scratch: self.scratch.join("ahead"),
            ..maker
        };
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
        for f in self.ranked() {
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

    /// Prints the report of the `keep` slowest, saves them in `dir`, and fails when any is
    /// over the limit.
    fn conclude(&self, root: &Path, dir: &Path, keep: usize) -> Result<Outcome> {
        print!("{}", self.report(keep));
        let saved = self.save(root, dir, keep)?;
        println!(
            "saved {} inputs with the reference's answers and their commands in {}/",
            saved,
            dir.strip_prefix(root).unwrap_or(dir).display()
        );
        let limit = self.limit();
        let over = self.ranked().iter().filter(|f| f.over(limit)).count();
        if over > 0 {
            println!(
                "FAIL: {} inputs over the {} ms limit (CPU time, or killed at the wall-clock cap)",
                over,
                limit.as_millis()
            );
        }
        Ok(Outcome::of(over == 0))
    }

    fn take_seed(&mut self) -> u64 {
        self.next_seed += 1;
        self.next_seed - 1
    }

    fn limit(&self) -> Duration {
        Duration::from_millis(self.limits.time_ms)
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
        let made = match self.maker.generate(&origin) {
            Ok(made) => made,
            Err(_) if phase == "focus" => return Ok(Step::Refused),
            Err(e) => return Err(e),
        };
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
        let judged = verdict::judge(
            self.limits,
            &self.solver,
            &input,
            &expected,
            self.compare,
            self.checker.as_deref(),
            &self.scratch.join("solver"),
        )?;
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
            cpu: vec![judged.outcome.cpu],
            wall: vec![judged.outcome.elapsed],
            killed: judged.outcome.exit == Exit::Killed,
        });
        let note = self.slowest_note();
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

    /// `, slowest cpu X ms of Y ms` for the progress line.
    fn slowest_note(&self) -> String {
        let slowest = self
            .found
            .iter()
            .map(|f| f.cpu[0])
            .max()
            .unwrap_or_default();
        format!(
            ", slowest cpu {:.1} ms of {} ms",
            ms(slowest),
            self.limits.time_ms
        )
    }

    /// Indices of everything found, slowest first, one per generated input: of an input and
    /// the mutants the climb made from it, only the slowest (so the few kept are different
    /// puzzles, not one puzzle a swap apart); an input made twice counts once.
    fn ranked_indices(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.found.len()).collect();
        order.sort_by(|&a, &b| self.found[b].key().cmp(&self.found[a].key()));
        let mut seen: HashSet<(&[String], u64)> = HashSet::new();
        let mut inputs: HashSet<&[u8]> = HashSet::new();
        order.retain(|&i| {
            let f = &self.found[i];
            let lineage = (f.origin.args.as_slice(), f.origin.seed);
            let fresh = !seen.contains(&lineage) && !inputs.contains(f.input.as_slice());
            if fresh {
                seen.insert(lineage);
                inputs.insert(&f.input);
            }
            fresh
        });
        order
    }

    /// Everything found, slowest first, one per generated input (see `ranked_indices`).
    fn ranked(&self) -> Vec<&Found> {
        self.ranked_indices()
            .into_iter()
            .map(|i| &self.found[i])
            .collect()
    }

    /// Re-times the `n` slowest until each has `1 + RETIMES` timings (or was killed), so
    /// that one lucky or unlucky run does not decide the ranking; repeats while the top `n`
    /// changes.
    fn retime(&mut self, n: usize) -> Result<()> {
        loop {
            let pending: Vec<usize> = self
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
                for _ in 0..RETIMES {
                    let out = run::run(
                        &self.solver,
                        &[],
                        &input,
                        &self.scratch.join("solver"),
                        self.limits.kill_time(),
                    )?;
                    let f = &mut self.found[i];
                    f.cpu.push(out.cpu);
                    f.wall.push(out.elapsed);
                    if out.exit == Exit::Killed {
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

    /// The table of the `keep` slowest and the histogram of every time.
    fn report(&self, keep: usize) -> String {
        let limit = self.limit();
        let ranked = self.ranked();
        let mut s = String::new();
        s.push_str(&format!(
            "{}: {} inputs timed; the {} slowest, CPU time (user + system) median of {} runs, \
             whole process:\n",
            self.name,
            self.found.len(),
            keep.min(ranked.len()),
            1 + RETIMES
        ));
        s.push_str(&format!(
            "{:>4} {:>9} {:>9} {:>8} {:>8}  {:<6}  command\n",
            "rank", "cpu ms", "wall ms", "limit ms", "margin", "found"
        ));
        for (r, f) in ranked.iter().take(keep).enumerate() {
            let margin = if f.killed {
                "killed".to_string()
            } else {
                format!(
                    "x{:.1}",
                    limit.as_secs_f64() / f.cpu().as_secs_f64().max(1e-6)
                )
            };
            s.push_str(&format!(
                "{:>4} {:>9.2} {:>9.2} {:>8} {:>8}  {:<6}  {}\n",
                r + 1,
                ms(f.cpu()),
                ms(f.wall()),
                limit.as_millis(),
                margin,
                f.phase,
                f.origin.command(&self.name)
            ));
        }
        let firsts: Vec<(Duration, bool)> = self
            .found
            .iter()
            .map(|f| (f.cpu[0], f.killed && f.cpu.len() == 1))
            .collect();
        s.push_str(&histogram(&firsts, limit));
        s
    }

    /// Saves the `keep` slowest as `worst-<rank>.{in,out,code,cmd}` in `dir`, replacing
    /// those of an earlier search (other files there are left alone). Returns how many.
    fn save(&self, root: &Path, dir: &Path, keep: usize) -> Result<usize> {
        fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        for entry in fs::read_dir(dir)?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_saved_name(&name) {
                fs::remove_file(entry.path())?;
            }
        }
        let name = &self.name;
        let ranked = self.ranked();
        for (r, f) in ranked.iter().take(keep).enumerate() {
            let base = dir.join(format!("worst-{}", r + 1));
            let write = |ext: &str, bytes: &[u8]| fs::write(base.with_extension(ext), bytes);
            write("in", &f.input)?;
            write("out", &f.answer)?;
            if f.code != 0 {
                write("code", format!("{}\n", f.code).as_bytes())?;
            }
            let time = if f.killed {
                "killed at the wall-clock cap".to_string()
            } else {
                format!("cpu {:.2} ms (median of {})", ms(f.cpu()), f.cpu.len())
            };
            let cmd = format!(
                "# make worst P={}: rank {}, {} of {} ms; .out from {}-ref\n{}",
                name,
                r + 1,
                time,
                self.limits.time_ms,
                name,
                replay(
                    root,
                    dir,
                    &f.origin.cargo_command(name),
                    &format!("worst-{}.in", r + 1)
                )
            );
            write("cmd", cmd.as_bytes())?;
        }
        Ok(ranked.len().min(keep))
    }
}

/// The lines of a `.cmd` file that write `file` in `dir` again with `command`, whatever the
/// current directory: run as `sh <dir>/<file>.cmd` from anywhere, or its last line pasted at
/// the workspace root. Within the workspace the paths are relative to it (committed files
/// name no path of a machine); a `dir` outside it is named by its absolute path.
fn replay(root: &Path, dir: &Path, command: &str, file: &str) -> String {
    let absolute = |p: &Path| {
        let p = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().unwrap_or_default().join(p)
        };
        p.canonicalize().unwrap_or(p)
    };
    let (root, dir) = (absolute(root), absolute(dir));
    match dir.strip_prefix(&root) {
        Ok(inside) => {
            let up = vec![".."; inside.components().count()].join("/");
            let up = if up.is_empty() { ".".to_string() } else { up };
            format!(
                "# `sh` this file from anywhere; the last line alone runs at the workspace root\n\
                 cd \"$(dirname \"$0\")/{}\" || exit 1\n{} > {}\n",
                up,
                command,
                quote(&inside.join(file).display().to_string())
            )
        }
        Err(_) => format!(
            "cd {} || exit 1\n{} > {}\n",
            quote(&root.display().to_string()),
            command,
            quote(&dir.join(file).display().to_string())
        ),
    }
}

/// Whether `name` is a file `make worst` writes: `worst-<n>.<in|out|code|cmd>`.
fn is_saved_name(name: &str) -> bool {
    let rest = match name.strip_prefix("worst-") {
        Some(rest) => rest,
        None => return false,
    };
    match rest.split_once('.') {
        Some((n, ext)) => {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && ["in", "out", "code", "cmd"].contains(&ext)
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_write_where_they_came_from() {
        let root = Path::new("/ws");
        let inside = replay(
            root,
            Path::new("/ws/problems/p/data/worst"),
            "cargo run -- --seed 3",
            "worst-2.in",
        );
        assert_eq!(
            inside.lines().skip(1).collect::<Vec<_>>(),
            [
                "cd \"$(dirname \"$0\")/../../../..\" || exit 1",
                "cargo run -- --seed 3 > problems/p/data/worst/worst-2.in"
            ]
        );
        let outside = replay(root, Path::new("/tmp/my worst"), "gen", "worst-1.in");
        assert_eq!(
            outside,
            "cd /ws || exit 1\ngen > '/tmp/my worst/worst-1.in'\n"
        );
    }

    #[test]
    fn saved_names_are_recognized() {
        for yes in ["worst-1.in", "worst-12.out", "worst-3.code", "worst-4.cmd"] {
            assert!(is_saved_name(yes), "{}", yes);
        }
        for no in [
            "worst-.in",
            "worst-1.txt",
            "judge-24-25-seed1242.in",
            "worst-a.in",
        ] {
            assert!(!is_saved_name(no), "{}", no);
        }
    }
}
