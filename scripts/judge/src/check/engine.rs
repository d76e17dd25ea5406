//! The check of problems: bundle each, hold it to its judges' source limits, compile it like
//! each of its judges and with the oldest compiler found, run and judge every sample (or the
//! one named by `CASE=`).
//!
//! Compiles and cases are independent: each runs on its own thread, up to the machine's
//! cores ([`pool`]), and the table shows them in order. A compile is reused while the bundle,
//! the compiler and the flags are the same ([`compile::compile_cached`]). Timing stays honest
//! with runs side by side: what a judge limits, and what TLE is judged on, is the run's own
//! CPU time; a run killed at the wall-clock cap while others ran is run again alone before it
//! is called TLE (scripts/judge/PROTOCOL.md, "Timing").

use crate::build::bundle;
use crate::build::compile;
use crate::build::diagnostics::scrub_paths;
use crate::build::judge_rustc::Compilers;
use crate::build::linemap::LineMap;
use crate::build::speculate::{self, Speculation};
use crate::build::testlib::{self, Programs};
use crate::build::toolchain::{self, Rustc};
use crate::check::cases;
use crate::check::compiles::compile_row;
use crate::check::lc;
use crate::check::overflow::{self, Deferred};
use crate::check::plan::{build_for, needs_guard, plan, Build};
use crate::check::report::{
    panic_of, panic_place, printed, stderr_head, timed, unjudged, Panic, Tally, Times,
};
use crate::error::{Error, Result};
use crate::exec::pool;
use crate::exec::run::{self, Exit};
use crate::judging::checker::{Contract, Program};
use crate::judging::diff;
use crate::judging::validator;
use crate::judging::verdict::{self, Expected, Judged, Limits, Verdict};
use crate::outcome::Outcome;
use crate::workspace::judges;
use crate::workspace::kit;
use crate::workspace::library_checker::Checkout;
use crate::workspace::named;
use crate::workspace::problem::{Compare, Problem};
use crate::workspace::samples::{self, Case};
use crate::workspace::version::Version;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How a check runs, beyond which problems.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Judge only the case of this name (`3`, `spoj-1`); one problem only.
    pub case: Option<String>,
    /// Print a side-by-side diff of each WA case.
    pub verbose: bool,
    /// Run every case from the overflow-checking build (`DEBUG=1`): its rows are marked `?`,
    /// not the judge's verdict.
    pub debug: bool,
    /// Judge the tests of this folder (`TESTS=`, [`named`]) instead of the samples; one
    /// problem only.
    pub tests: Option<PathBuf>,
    /// The judge whose profile and limits the `tests` run under, where the problem lists it
    /// (`make verify`: the Library Checker's); else the default profile's.
    pub tests_judge: Option<String>,
    /// The Library Checker checkout (`LC=`, else the recorded one): its checker judges the
    /// problems with `library-checker` metadata ([`lc`]).
    pub checkout: Option<Checkout>,
}

/// What the check of one problem found: its counts, its slowest case and peak memory, and
/// the binary its first case ran (what `make verify` times against a baseline).
pub struct Checked {
    pub name: String,
    pub tally: Tally,
    pub binary: Option<PathBuf>,
}

/// Checks every case of `problems` ([`check_with`]), the problems with `library-checker`
/// metadata by the recorded checkout's checker where there is one.
pub fn check(root: &Path, problems: &[Problem]) -> Result<Outcome> {
    let options = Options {
        checkout: Checkout::locate(root, None).ok().flatten(),
        ..Options::default()
    };
    check_with(root, problems, &options)
}

/// Checks `problems`; prints one line per compile and per case, and a summary. Passes when
/// every bundle fits its judges' source limits, every compile is clean, every case AC, and an
/// old compiler was found.
pub fn check_with(root: &Path, problems: &[Problem], options: &Options) -> Result<Outcome> {
    check_each(root, problems, options).map(|(outcome, _)| outcome)
}

/// [`check_with`], and what it found of each problem.
pub fn check_each(
    root: &Path,
    problems: &[Problem],
    options: &Options,
) -> Result<(Outcome, Vec<Checked>)> {
    if options.tests.is_some() && problems.len() != 1 {
        return Err(Error::Usage(
            "TESTS= judges one problem: make check P=<name> TESTS=<folder>".to_string(),
        ));
    }
    // A case that is not there is refused before anything is built.
    let mut selected = Vec::new();
    for problem in problems {
        let mut cases = match &options.tests {
            Some(dir) => named::cases(dir)?.1,
            None => samples::cases(root, &root.join(problem.samples_dir()))?,
        };
        if let Some(key) = &options.tests_judge {
            let origin = problem.judges[0].judge.key == key.as_str();
            if options.tests.is_some() && !origin && problem.listing(key).is_some() {
                for case in &mut cases {
                    case.judge = Some(key.clone());
                }
            }
        }
        samples::check_judges(problem, &cases)?;
        if let Some(name) = &options.case {
            let names: Vec<String> = cases.iter().map(Case::name).collect();
            cases.retain(|c| &c.name() == name);
            if cases.is_empty() {
                return Err(Error::Usage(format!(
                    "unknown case `{}` of {}; its cases are: {}",
                    name,
                    problem.name,
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )));
            }
        }
        selected.push(cases);
    }
    // The kit's Rust programs the check runs, in one cargo call: checkers, interactors,
    // validators (a C++ program named in the manifest replaces its Rust bin).
    let talking: Vec<&Problem> = problems.iter().collect();
    let interactive = cases::interactive_problems(&talking);
    let mut bins: Vec<(&Problem, &str)> = Vec::new();
    for problem in problems {
        let rust = |role: &str| testlib::uses_rust_bin(problem, role);
        if problem.compare == Compare::Checker && rust("check") {
            bins.push((problem, "check"));
        }
        if interactive.iter().any(|p| p.name == problem.name) && rust("interactor") {
            bins.push((problem, "interactor"));
        }
        if kit::validator(root, problem).is_some() && rust("validate") {
            bins.push((problem, "validate"));
        }
    }
    kit::build_bins(root, &bins)?;
    let mut said = false;
    let mut lc_programs = Vec::new();
    for problem in problems {
        lc_programs.push(lc::programs(
            root,
            problem,
            options.checkout.as_ref(),
            &mut said,
        )?);
    }
    let mut compilers = Compilers::new(toolchain::current()?);
    let (old, guarded) = old_compiler(&mut compilers, problems);
    // Columns as wide as what they hold: the longest problem and case names.
    let widths = (
        problems
            .iter()
            .map(|p| p.name.len())
            .max()
            .unwrap_or(0)
            .max(10),
        selected
            .iter()
            .flatten()
            .map(|c| c.name().len())
            .max()
            .unwrap_or(0)
            .max(8),
    );
    println!(
        "{:<pw$} {:>cw$}  {:<7} {:>8} {:>7} {:>9} {:>9}  detail",
        "problem",
        "case",
        "verdict",
        "wall ms",
        "cpu ms",
        "limit ms",
        "mem MiB",
        pw = widths.0,
        cw = widths.1
    );
    let mut total = Tally::default();
    let mut summaries = Vec::new();
    let mut checked = Vec::new();
    let compilers = Mutex::new(compilers);
    for ((problem, cases), lc_programs) in problems.iter().zip(selected).zip(lc_programs) {
        let context = Context {
            root,
            problem,
            compilers: &compilers,
            old: old.as_ref().ok().filter(|_| needs_guard(problem)),
            options,
            lc_programs,
            binary: Mutex::new(None),
            widths,
        };
        let (tally, summary) = context.check(cases)?;
        total.add(&tally);
        summaries.push(summary);
        checked.push(Checked {
            name: problem.name.clone(),
            tally,
            binary: context
                .binary
                .into_inner()
                .unwrap_or_else(|e| e.into_inner()),
        });
    }
    println!();
    for s in summaries {
        println!("{}", s);
    }
    let no_guard = old.is_err() && guarded;
    let ok = total.passed == total.cases
        && total.cases > 0
        && total.failing == 0
        && total.oversize == 0
        && total.invalid == 0
        && !no_guard;
    let mut notes = String::new();
    if total.invalid > 0 {
        notes.push_str(&format!(
            ", {} sample input{} refused by the validator",
            total.invalid,
            if total.invalid == 1 { "" } else { "s" }
        ));
    }
    if total.oversize > 0 {
        notes.push_str(", a bundle over a judge's source limit");
    }
    if no_guard {
        notes.push_str(", no old compiler (see the first line)");
    }
    if total.stand_ins > 0 {
        notes.push_str(&format!(
            ", {} by a stand-in compiler (`?`: not the judge's own verdict)",
            total.stand_ins
        ));
    }
    if total.overflow_cases > 0 {
        notes.push_str(&format!(
            ", {} run from a build with overflow checks (`?`: not the judge's own verdict)",
            total.overflow_cases
        ));
    }
    println!(
        "{}: {} of {} cases AC, {} of {} compiles clean{}",
        if ok { "PASS" } else { "FAIL" },
        total.passed,
        total.cases,
        total.clean,
        total.compiles,
        notes
    );
    Ok((Outcome::of(ok), checked))
}

/// The old-compiler guard, for the problems whose judges' compilers are unknown only
/// ([`needs_guard`]), and whether any needs it. What is wrong with it is said once, plainly,
/// on the first line; the check fails without it, never passes.
fn old_compiler(compilers: &mut Compilers, problems: &[Problem]) -> (Result<Rustc>, bool) {
    let guarded: Vec<&Problem> = problems.iter().filter(|p| needs_guard(p)).collect();
    if guarded.is_empty() {
        return (Err(Error::NoCompiler(String::new())), false);
    }
    let declared = guarded.iter().filter_map(|p| p.rust_version).min();
    let old = compilers.guard(declared.unwrap_or(Version(1, 63, 0)));
    match (&old, declared) {
        (Err(why), _) => println!("old compiler: {}", why),
        (Ok(found), Some(declared)) if found.version > declared => println!(
            "old compiler: {} is newer than the declared rust-version {}: only {} is verified",
            found.label(),
            declared,
            found.version
        ),
        _ => {}
    }
    (old, true)
}

/// What the check of one problem works with.
struct Context<'a> {
    root: &'a Path,
    problem: &'a Problem,
    compilers: &'a Mutex<Compilers>,
    /// The old-compiler guard, when the problem needs it and there is one.
    old: Option<&'a Rustc>,
    options: &'a Options,
    /// The Library Checker's checker and validator, when they judge this problem
    /// ([`lc::programs`]).
    lc_programs: Option<lc::LcPrograms>,
    /// The binary the first case ran.
    binary: Mutex<Option<PathBuf>>,
    /// The widths of the problem and case columns.
    widths: (usize, usize),
}

/// A case, ready to run: its limits and the binary that runs it, or why it cannot run.
struct Job<'a> {
    case: &'a Case,
    limits: Limits,
    binary: Option<PathBuf>,
    /// The index of the build that made `binary`.
    build: Option<usize>,
    expected: Option<Expected>,
}

/// Why a case did not run: its profile's compile failed.
const NOT_RUN: &str = "its profile's compile failed (see the compile rows)";

/// Case names for a row: the first few, then how many more.
fn shown_names(names: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut shown = names[..names.len().min(SHOWN)].join(", ");
    if names.len() > SHOWN {
        shown.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    shown
}

/// How one case went.
enum Ran {
    /// Judged against its expected output.
    Judged(Judged),
    /// Run without an expected output: its verdict (NO-OUT), what it did, and why.
    Unjudged(Verdict, run::Measured, String),
    /// It could not run: its verdict and why.
    Skipped(Verdict, String),
    /// A case of an interactive or file problem ([`cases`]).
    Other(cases::Done),
}

impl Ran {
    /// Whether the run was killed at the wall-clock cap (which another run beside it may
    /// have caused, where the CPU time alone would not).
    fn killed(&self) -> bool {
        match self {
            Ran::Judged(j) => j.outcome.exit == Exit::Killed,
            Ran::Unjudged(_, o, _) => o.exit == Exit::Killed,
            Ran::Skipped(..) => false,
            Ran::Other(done) => done.killed,
        }
    }

    /// The verdict of a case that ran and was judged.
    fn verdict(&self) -> Option<Verdict> {
        match self {
            Ran::Judged(j) => Some(j.verdict),
            Ran::Other(done) => Some(done.verdict),
            Ran::Unjudged(..) | Ran::Skipped(..) => None,
        }
    }

    /// How the program panicked, when it failed so.
    fn panic(&self) -> Option<Panic> {
        match self {
            Ran::Judged(j) if j.verdict != Verdict::Ac => panic_of(&j.outcome),
            Ran::Other(done) => done.panic.clone(),
            _ => None,
        }
    }

    /// CPU time and peak memory (MiB) of the run, when it ran.
    fn usage(&self) -> Option<(std::time::Duration, f64)> {
        let of = |o: &run::Measured<_>| (o.cpu, o.max_rss_kib as f64 / 1024.0);
        match self {
            Ran::Judged(j) => Some((j.outcome.cpu, j.outcome.max_rss_kib as f64 / 1024.0)),
            Ran::Unjudged(_, o, _) => Some(of(o)),
            Ran::Skipped(..) => None,
            Ran::Other(done) => Some((done.cpu, done.mem_mib)),
        }
    }
}

impl Context<'_> {
    /// One row of the table. Times: wall clock and CPU (user + system) of the whole process;
    /// CPU is what is limited.
    fn row(&self, case: &str, verdict: &str, ms: Times, limit: String, mem: String, detail: &str) {
        println!(
            "{:<pw$} {:>cw$}  {:<7} {:>8} {:>7} {:>9} {:>9}  {}",
            self.problem.name,
            case,
            verdict,
            ms.0,
            ms.1,
            limit,
            mem,
            detail,
            pw = self.widths.0,
            cw = self.widths.1
        );
    }

    /// A row without times or memory: a compile, a case that did not run.
    fn untimed(&self, case: &str, verdict: &str, limit: String, detail: &str) {
        let none = || "-".to_string();
        self.row(case, verdict, (none(), none()), limit, none(), detail);
    }

    /// Checks the problem on `cases`: its counts and its summary line.
    fn check(&self, cases: Vec<Case>) -> Result<(Tally, String)> {
        let (root, problem) = (self.root, self.problem);
        let mut tally = Tally::default();
        // After an edit of main.rs, its judged compile starts on a guess at the bundle
        // while cargo-equip makes it (`speculate`).
        let (builds, speculation) = self.speculate();
        let bundled = match bundle::bundle(root, problem) {
            Ok(b) => b,
            Err(e) => {
                if let Some((_, s)) = speculation {
                    s.abandon();
                }
                let detail = e.to_string();
                self.untimed("-", "CE", "-".into(), &detail);
                tally.cases = 1;
                return Ok((tally, format!("{}: CE, {}", problem.name, detail)));
            }
        };
        if !self.source_fits(bundled.bytes, &bundled.leaks) {
            tally.oversize += 1;
        }
        let speculation = match speculation {
            Some((i, s)) if fs::read(&bundled.source).is_ok_and(|text| s.is(&text)) => Some((i, s)),
            Some((_, s)) => {
                s.abandon();
                None
            }
            None => None,
        };
        let builds = builds.unwrap_or_else(|| self.plan());
        let builds = self.compile_all(&bundled, builds, speculation, &mut tally)?;
        // `DEBUG=1`: the cases run from the overflow-checking twin of each compile that runs
        // them; the twins' rows say so, and count in no tally of the judge's compiles.
        let twins = if self.options.debug {
            let twins = builds
                .iter()
                .filter(|b| b.binary.is_some())
                .map(Build::with_overflow_checks)
                .collect();
            Some(self.compile_all(&bundled, twins, None, &mut Tally::default())?)
        } else {
            None
        };
        if cases.is_empty() {
            let detail = format!("no cases in {}", problem.samples_dir().display());
            self.untimed("-", &Verdict::NoExpected.to_string(), "-".into(), &detail);
            tally.cases = 1;
            return Ok((tally, format!("{}: {}", problem.name, detail)));
        }
        let running = twins.as_ref().unwrap_or(&builds);
        self.judge_cases(running, &bundled.source, &cases, &mut tally)?;
        let compiled: Vec<String> = builds.iter().map(Build::label).collect();
        let summary = format!(
            "{}: {} of {} AC; submission {} ({:.1} KiB); compiled by {}",
            problem.name,
            tally.passed,
            tally.cases,
            bundled
                .source
                .strip_prefix(root)
                .unwrap_or(&bundled.source)
                .display(),
            bundled.bytes as f64 / 1024.0,
            compiled.join("; ")
        );
        Ok((tally, summary))
    }

    /// The compile plan of the problem ([`plan`]).
    fn plan(&self) -> Vec<Build> {
        let mut compilers = self.compilers.lock().unwrap_or_else(|e| e.into_inner());
        plan(self.problem, &mut compilers, self.old)
    }

    /// The plan and, when there is a guess at the next bundle ([`speculate::guess`]), the
    /// compile of its first build that makes a binary, started on the guess.
    fn speculate(&self) -> (Option<Vec<Build>>, Option<(usize, Speculation)>) {
        let (root, problem) = (self.root, self.problem);
        let main = root.join(&problem.dir).join("src/main.rs");
        let Some(text) = speculate::guess(root, &problem.name, &main) else {
            return (None, None);
        };
        let builds = self.plan();
        let judged = builds
            .iter()
            .position(|b| !b.args.iter().any(|a| a == "--emit=metadata"));
        let started = judged.and_then(|i| {
            let b = &builds[i];
            Speculation::start(root, &problem.name, &b.rustc, &b.args, text)
                .ok()
                .map(|s| (i, s))
        });
        (Some(builds), started)
    }

    /// Compiles the bundle with every build of the plan, in parallel, printing a row for each
    /// in the plan's order; the builds that run cases get their binary.
    /// `speculation`: the compile of build `i` already under way on the bundle's text.
    fn compile_all(
        &self,
        bundled: &bundle::Bundle,
        mut builds: Vec<Build>,
        speculation: Option<(usize, Speculation)>,
        tally: &mut Tally,
    ) -> Result<Vec<Build>> {
        let (root, problem) = (self.root, self.problem);
        let cache = compile::cache_dir(root);
        let speculation = Mutex::new(speculation);
        let compile = |build: &Build| {
            let mine = {
                let mut under_way = speculation.lock().unwrap_or_else(|e| e.into_inner());
                match *under_way {
                    Some((i, _)) if std::ptr::eq(build, &builds[i]) => under_way.take(),
                    _ => None,
                }
            };
            if let Some(compiled) = mine.and_then(|(_, s)| s.finish()) {
                return (Ok(compiled), true);
            }
            let compiled =
                compile::compile_cached(&build.rustc, &build.args, root, &bundled.source, &cache);
            (compiled, false)
        };
        let map = LineMap::load(root, &problem.name);
        let mut failure = None;
        let mut binaries = Vec::new();
        pool::run_in_order(&builds, pool::width(), compile, |i, (compiled, guessed)| {
            let build = &builds[i];
            tally.compiles += 1;
            let compiled = match compiled {
                Ok(c) => c,
                Err(e) => {
                    failure.get_or_insert(Error::io(&bundled.source, e));
                    return;
                }
            };
            let row = compile_row(build, &compiled, problem.deny_warnings, &map, root);
            tally.clean += usize::from(row.clean);
            tally.failing += usize::from(row.fails);
            tally.stand_ins += usize::from(build.stand_in.is_some());
            if row.binary && !build.args.iter().any(|a| a == "--emit=metadata") {
                binaries.push((i, compiled.binary));
            }
            self.untimed("compile", &row.verdict, "-".into(), &row.detail);
            if self.options.verbose && guessed {
                println!(
                    "    begun while cargo-equip bundled, on the bundle as guessed from the edit"
                );
            }
            if self.options.verbose && !row.notes.is_empty() {
                for line in row.notes.lines() {
                    println!("    {}", line);
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        for (i, binary) in binaries {
            builds[i].binary = Some(binary);
        }
        Ok(builds)
    }

    /// Runs and judges every case, in parallel, printing a row for each in order. A case
    /// that fails ([`overflow::worth_a_second_run`]) runs once more from the overflow-checking
    /// twin of its build (compiled from `source`, the bundle, once the first case fails), and
    /// its row says where that panics; with `DEBUG=1` the builds are the twins already.
    fn judge_cases(
        &self,
        builds: &[Build],
        source: &Path,
        cases: &[Case],
        tally: &mut Tally,
    ) -> Result<()> {
        let (root, problem) = (self.root, self.problem);
        let mut jobs = Vec::new();
        for case in cases {
            let build = build_for(builds, problem, case);
            jobs.push(Job {
                case,
                limits: problem.limits_on(case.judge.as_deref()),
                binary: build.and_then(|b| b.binary.clone()),
                build: build.and_then(|b| builds.iter().position(|c| std::ptr::eq(b, c))),
                expected: samples::expected_of(case)?,
            });
        }
        if let Some(job) = jobs.first() {
            *self.binary.lock().unwrap_or_else(|e| e.into_inner()) = job.binary.clone();
        }
        let twins: Vec<Option<Deferred>> = builds
            .iter()
            .map(|b| match &b.binary {
                Some(_) if !self.options.debug => {
                    Some(Deferred::new(&b.rustc, &b.args, root, source))
                }
                _ => None,
            })
            .collect();
        let twin = |job: &Job| job.build.and_then(|i| twins[i].as_ref());
        let fails = |ran: &Ran| ran.verdict().is_some_and(overflow::worth_a_second_run);
        let mut programs = testlib::programs(root, problem)?;
        if let Some(lc) = &self.lc_programs {
            programs.checker = Some(lc.checker.clone());
            programs.validator = Some(lc.validator.clone());
        }
        let map = LineMap::load(root, &problem.name);
        let scratch = run::ScratchDir::new(&root.join("target/judge").join(&problem.name))?;
        tally.invalid +=
            self.validate_samples(programs.validator.as_ref(), cases, scratch.path())?;
        let width = pool::width().min(jobs.len());
        let run_from = |job: &Job, binary: Option<&Path>, dir: &str| -> Result<Ran> {
            let dir = scratch.path().join(dir);
            self.run_case(job, binary, &programs, &dir)
                .map_err(|e| e.context(format!("{} case {}", problem.name, job.case.name())))
        };
        let run_one = |job: &Job| -> Result<Ran> {
            let ran = run_from(job, job.binary.as_deref(), &job.case.name())?;
            // The twin compiles while the other cases run.
            if fails(&ran) {
                if let Some(twin) = twin(job) {
                    twin.start();
                }
            }
            Ok(ran)
        };
        let mut results: Vec<Option<Ran>> = Vec::new();
        let mut error = None;
        pool::run_in_order(&jobs, width, run_one, |_, ran| match ran {
            Ok(ran) => results.push(Some(ran)),
            Err(e) => {
                error.get_or_insert(e);
                results.push(None);
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        let mut results: Vec<Ran> = results.into_iter().flatten().collect();
        if width > 1 && results.iter().any(Ran::killed) {
            twins.iter().flatten().for_each(Deferred::settle);
        }
        for (job, ran) in jobs.iter().zip(results.iter_mut()) {
            // Killed at the cap while another case ran beside it: alone, it may not be.
            if width > 1 && ran.killed() {
                *ran = run_one(job)?;
            }
        }
        // The second runs, side by side: what each failing case's row adds.
        let again: Vec<usize> = (0..jobs.len())
            .filter(|&k| fails(&results[k]) && twin(&jobs[k]).is_some())
            .collect();
        let second = |&k: &usize| -> Result<Option<String>> {
            let job = &jobs[k];
            let Some(binary) = twin(job).and_then(Deferred::binary) else {
                return Ok(None);
            };
            let name = format!("{}-overflow-checks", job.case.name());
            let checked = run_from(job, Some(&binary), &name)?;
            let (judged, checked) = (results[k].panic(), checked.panic());
            Ok(overflow::note(
                judged.as_ref(),
                checked.as_ref(),
                &map,
                root,
            ))
        };
        let mut notes: Vec<Option<String>> = vec![None; jobs.len()];
        pool::run_in_order(
            &again,
            width.min(again.len()),
            second,
            |i, note| match note {
                Ok(note) => notes[again[i]] = note,
                Err(e) => {
                    error.get_or_insert(e);
                }
            },
        );
        if let Some(e) = error {
            return Err(e);
        }
        // The cases a failed compile kept from running: one row for all of them.
        let mut not_run: Vec<String> = Vec::new();
        for ((job, ran), note) in jobs.iter().zip(&results).zip(&notes) {
            tally.cases += 1;
            if let Ran::Skipped(Verdict::Ce, _) = ran {
                not_run.push(job.case.name());
                continue;
            }
            tally.overflow_cases += usize::from(self.options.debug);
            if let Some((cpu, mib)) = ran.usage() {
                tally.note_usage(&job.case.name(), cpu, mib);
            }
            if self.show(job, ran, &map, note.as_deref())? {
                tally.passed += 1;
            }
        }
        if let [first, ..] = not_run.as_slice() {
            let (name, detail) = match not_run.len() {
                1 => (first.clone(), NOT_RUN.to_string()),
                n => (
                    "-".to_string(),
                    format!(
                        "{} cases ({}) did not run: {}",
                        n,
                        shown_names(&not_run),
                        NOT_RUN
                    ),
                ),
            };
            self.untimed(&name, &Verdict::Ce.to_string(), "-".into(), &detail);
        }
        Ok(())
    }

    /// Prints the `size` row: the bundle against the source limit of each listed judge that
    /// takes Rust, and the lines that hold the workspace's path (`leaks`: a judge would see
    /// it; the code is left as written). Returns whether it is within every known one.
    fn source_fits(&self, bytes: u64, leaks: &[usize]) -> bool {
        let mut over = Vec::new();
        let mut within = Vec::new();
        let mut unknown = Vec::new();
        for listing in self.problem.rust_listings() {
            let judge = listing.judge;
            match judge.source_limit.bytes {
                Some(limit) if bytes > limit => over.push(format!(
                    "over {}'s {}",
                    judge.name,
                    judge.source_limit.label()
                )),
                Some(_) => within.push(format!("{}'s {}", judge.name, judge.source_limit.label())),
                None => unknown.push(judge.name),
            }
        }
        let mut parts = vec![format!("{} bytes", judges::thousands(bytes))];
        parts.extend(over.iter().cloned());
        if !within.is_empty() {
            parts.push(format!("within {}", within.join(", ")));
        }
        if !unknown.is_empty() {
            parts.push(format!("limit unknown for {}", unknown.join(", ")));
        }
        if !leaks.is_empty() {
            let lines: Vec<String> = leaks.iter().take(5).map(usize::to_string).collect();
            parts.push(format!(
                "line{} {} of the bundle hold{} this workspace's path, which the judge would \
                 see (left as written)",
                if leaks.len() == 1 { "" } else { "s" },
                lines.join(", "),
                if leaks.len() == 1 { "s" } else { "" }
            ));
        }
        let verdict = if over.is_empty() { "OK" } else { "BIG" };
        self.untimed("size", verdict, "-".into(), &parts.join("; "));
        over.is_empty()
    }

    /// Validates each sample input of the origin's format (`N.in`; a judge's variant
    /// `<judge>-N.in` is in another format) with the problem's validator, when it has one
    /// (a C++ one named in the manifest, or its Rust bin unless that is a stub not written
    /// yet), side by side: a row `INVALID` with the validator's reason for each input it
    /// refuses, a row `FAIL` for each it crashes on. Valid inputs add no row. Returns how
    /// many rows it printed (each fails the check).
    fn validate_samples(
        &self,
        validator: Option<&Program>,
        cases: &[Case],
        scratch: &Path,
    ) -> Result<usize> {
        let Some(program) = validator else {
            return Ok(0);
        };
        if program.contract == Contract::Rust
            && validator::is_stub(&program.binary, &scratch.join("validate-stub"))?
        {
            return Ok(0);
        }
        let plain: Vec<&Case> = cases.iter().filter(|c| c.judge.is_none()).collect();
        let validate = |case: &&Case| {
            let dir = scratch.join(format!("validate-{}", case.name()));
            validator::validate(&program.binary, &case.input, &dir)
        };
        let mut bad = 0;
        pool::run_in_order(&plain, pool::width(), validate, |i, verdict| {
            let (row, detail) = match verdict {
                Ok(None) => return,
                Ok(Some(why)) => (
                    "INVALID",
                    format!("input refused by {}: {}", program.source, why),
                ),
                Err(e) => ("FAIL", e.to_string()),
            };
            bad += 1;
            self.untimed(&plain[i].name(), row, "-".into(), &detail);
        });
        Ok(bad)
    }

    /// Runs one case from `binary` (its build's, or that build's overflow-checking twin):
    /// judged against its `.out`, or, without one, run and shown.
    fn run_case(
        &self,
        job: &Job,
        binary: Option<&Path>,
        programs: &Programs,
        scratch: &Path,
    ) -> Result<Ran> {
        let checker = programs.checker.as_ref();
        let Some(binary) = binary else {
            return Ok(Ran::Skipped(Verdict::Ce, NOT_RUN.to_string()));
        };
        let other = cases::Case {
            root: self.root,
            problem: self.problem,
            input: &job.case.input,
            limits: job.limits,
            binary,
            expected: job.expected.as_ref(),
            checker,
            interactor: programs.interactor.as_ref(),
            scratch,
        };
        if let Some(done) = cases::judge(&other)? {
            return Ok(Ran::Other(done));
        }
        match &job.expected {
            Some(expected) => Ok(Ran::Judged(verdict::judge(
                job.limits,
                binary,
                &job.case.input,
                expected,
                self.problem.compare,
                checker,
                scratch,
            )?)),
            None => {
                let (outcome, failed) =
                    verdict::run_unjudged(job.limits, binary, &job.case.input, scratch)?;
                let detail = unjudged(failed);
                Ok(Ran::Unjudged(Verdict::NoExpected, outcome, detail))
            }
        }
    }

    /// A case row's verdict and detail: with `note` (what its second run found) after the
    /// detail, and, with `DEBUG=1`, marked as not the judge's verdict.
    fn said(&self, verdict: Verdict, detail: &str, note: Option<&str>) -> (String, String) {
        let mut parts: Vec<&str> = vec![detail];
        parts.extend(note);
        let mut verdict = verdict.to_string();
        if self.options.debug {
            verdict.push('?');
            parts.push("?: ran the build with overflow checks, not the judge's own verdict");
        }
        parts.retain(|p| !p.is_empty());
        (verdict, parts.join("; "))
    }

    /// Prints a case's row (and, for NO-OUT, what it printed; with `verbose`, the diff of a
    /// WA), with `note` from its second run. Returns whether it is AC.
    fn show(&self, job: &Job, ran: &Ran, map: &LineMap, note: Option<&str>) -> Result<bool> {
        let name = job.case.name();
        let limit = job.limits.time_ms.to_string();
        match ran {
            Ran::Skipped(verdict, why) => {
                let (verdict, why) = self.said(*verdict, why, note);
                self.untimed(&name, &verdict, limit, &why);
                Ok(false)
            }
            Ran::Judged(judged) => {
                let (ms, mem) = timed(&judged.outcome);
                // A panic's place, in the user's file.
                let detail = match panic_place(&judged.outcome) {
                    Some(at) if judged.verdict == Verdict::Re => {
                        let at = map.rewrite(&scrub_paths(&at, self.root));
                        format!("{} (at {})", judged.detail, at)
                    }
                    _ => judged.detail.clone(),
                };
                let (mut verdict, detail) = self.said(judged.verdict, &detail, note);
                // A stack overflow under less stack than the judge's is not its verdict.
                if judged.verdict == Verdict::Re
                    && job.limits.stack_refused()
                    && detail.starts_with("stack overflow (")
                    && !verdict.ends_with('?')
                {
                    verdict.push('?');
                }
                self.row(&name, &verdict, ms, limit, mem, &detail);
                if judged.verdict != Verdict::Ac && self.options.verbose {
                    let head = stderr_head(&judged.outcome);
                    print!("{}", map.rewrite(&scrub_paths(&head, self.root)));
                }
                if judged.verdict == Verdict::Wa && self.options.verbose {
                    let expected = job.expected.as_ref().expect("a judged case has .out");
                    // Read as they stream: an output's size never shows in the tool's memory.
                    let want = fs::File::open(&expected.stdout)
                        .map(std::io::BufReader::new)
                        .map_err(|e| Error::io(&expected.stdout, e))?;
                    let got = &judged.outcome.stdout;
                    let view = got
                        .reader()
                        .and_then(|got| diff::side_by_side_in(want, got, "    "))
                        .map_err(|e| Error::io(got.path(), e))?;
                    print!("{}", view);
                }
                Ok(judged.verdict == Verdict::Ac)
            }
            Ran::Other(done) => {
                let ms = (
                    done.wall.as_millis().to_string(),
                    done.cpu.as_millis().to_string(),
                );
                let mem = format!("{:.1}", done.mem_mib);
                let (verdict, detail) = self.said(done.verdict, &done.detail, note);
                self.row(&name, &verdict, ms, limit, mem, &detail);
                if self.options.verbose && done.verdict != Verdict::Ac {
                    print!("{}", done.notes);
                }
                Ok(done.verdict == Verdict::Ac)
            }
            Ran::Unjudged(verdict, outcome, why) => {
                let (ms, mem) = timed(outcome);
                let (verdict, why) = self.said(*verdict, why, note);
                self.row(&name, &verdict, ms, limit, mem, &why);
                print!("{}", printed(outcome));
                Ok(false)
            }
        }
    }
}
