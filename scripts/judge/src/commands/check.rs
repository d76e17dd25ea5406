//! `make check`: bundle each problem, hold it to its judges' source limits, compile it like
//! each of its judges and with the oldest compiler found, run and judge every sample (or the
//! one named by `CASE=`).
//!
//! Compiles and cases are independent: each runs on its own thread, up to the machine's
//! cores ([`pool`]), and the table shows them in order. A compile is reused while the bundle,
//! the compiler and the flags are the same ([`bundle::compile_cached`]). Timing stays honest
//! with runs side by side: what a judge limits, and what TLE is judged on, is the run's own
//! CPU time; a run killed at the wall-clock cap while others ran is run again alone before it
//! is called TLE (scripts/judge/PROTOCOL.md, "Timing").

use super::Outcome;
use crate::build::bundle;
use crate::build::toolchain::{self, Rustc};
use crate::cli::args::Parsed;
use crate::error::CompileError;
use crate::error::{Error, Result};
use crate::exec::pool;
use crate::exec::run::{self, Exit};
use crate::judging::diff;
use crate::judging::verdict::{self, Expected, Judged, Limits, Verdict};
use crate::workspace::judges;
use crate::workspace::kit;
use crate::workspace::problem::{self, Compare, Problem};
use crate::workspace::samples::{self, Case};
use std::fs;
use std::path::{Path, PathBuf};

/// The arguments of `check`.
pub struct Args {
    /// The problems to check; all of them when empty.
    pub names: Vec<String>,
    pub options: Options,
}

/// How a check runs, beyond which problems.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Judge only the case of this name (`3`, `spoj-1`); one problem only.
    pub case: Option<String>,
    /// Print a side-by-side diff of each WA case.
    pub verbose: bool,
}

impl Args {
    /// `check [NAME...] [--case N] [--verbose V]`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        let options = Options {
            case: line.text("--case").map(String::from),
            verbose: line.count("--verbose")? != 0,
        };
        if options.case.is_some() && line.names.len() != 1 {
            return Err(Error::Usage(
                "CASE= judges one case of one problem: make check P=<name> CASE=<case>".to_string(),
            ));
        }
        Ok(Args {
            names: line.names.clone(),
            options,
        })
    }
}

/// Checks the named problems (see [`check_with`]).
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    check_with(root, &problem::select(root, &args.names)?, &args.options)
}

/// Checks every case of `problems` ([`check_with`]).
pub fn check(root: &Path, problems: &[Problem]) -> Result<Outcome> {
    check_with(root, problems, &Options::default())
}

/// Checks `problems`; prints one line per compile and per case, and a summary. Passes when
/// every bundle fits its judges' source limits, every compile is clean, every case AC, and an
/// old compiler was found.
pub fn check_with(root: &Path, problems: &[Problem], options: &Options) -> Result<Outcome> {
    // A case that is not there is refused before anything is built.
    let mut selected = Vec::new();
    for problem in problems {
        let mut cases = samples::cases(root, &root.join(problem.samples_dir()))?;
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
    let checked: Vec<&Problem> = problems
        .iter()
        .filter(|p| p.compare == Compare::Checker)
        .collect();
    kit::build_role(root, &checked, "check")?;
    let current = toolchain::current()?;
    let old = toolchain::oldest(&current);
    let declared = problems.iter().filter_map(|p| p.rust_version).min();
    match (&old, declared) {
        // Said once, plainly; the check fails below, it never passes without this compile.
        (Err(why), _) => println!("old compiler: {}", why),
        (Ok(found), Some(declared)) if found.version > declared => println!(
            "old compiler: {} is newer than the declared rust-version {}: only {} is verified",
            found.label(),
            declared,
            found.version
        ),
        _ => {}
    }
    println!(
        "{:<10} {:>8}  {:<7} {:>8} {:>7} {:>9} {:>9}  detail",
        "problem", "case", "verdict", "wall ms", "cpu ms", "limit ms", "mem MiB"
    );
    let mut total = Tally::default();
    let mut summaries = Vec::new();
    for (problem, cases) in problems.iter().zip(selected) {
        let context = Context {
            root,
            problem,
            current: &current,
            old: old.as_ref().ok(),
            options,
        };
        let (tally, summary) = context.check(cases)?;
        total.add(&tally);
        summaries.push(summary);
    }
    println!();
    for s in summaries {
        println!("{}", s);
    }
    let ok = total.passed == total.cases
        && total.cases > 0
        && total.clean == total.compiles
        && total.oversize == 0
        && old.is_ok();
    let mut notes = String::new();
    if total.oversize > 0 {
        notes.push_str(", a bundle over a judge's source limit");
    }
    if old.is_err() {
        notes.push_str(", no old compiler (see the first line)");
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
    Ok(Outcome::of(ok))
}

/// Counts of one problem or of the whole check.
#[derive(Default)]
struct Tally {
    passed: usize,
    cases: usize,
    /// Compiles without error or warning.
    clean: usize,
    compiles: usize,
    /// Bundles over the source limit of a judge they are listed for.
    oversize: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.passed += other.passed;
        self.cases += other.cases;
        self.clean += other.clean;
        self.compiles += other.compiles;
        self.oversize += other.oversize;
    }
}

/// One compile of a bundle: a compiler, its flags, and who needs exactly this compile.
struct Build {
    rustc: Rustc,
    args: Vec<String>,
    /// `luogu`, `codeforces 2024`, `old compiler`: the judges (and profiles) it stands for.
    users: Vec<String>,
    /// The binary, once compiled to one (warnings or not); never for `--emit=metadata`.
    binary: Option<PathBuf>,
}

impl Build {
    /// `rustc 1.95.0 -C opt-level=2 --edition 2024 (luogu)`.
    fn label(&self) -> String {
        format!(
            "{} {} ({})",
            self.rustc.label(),
            self.args.join(" "),
            self.users.join(", ")
        )
    }
}

/// The compiles a problem's bundle needs: every profile of every listed judge that takes
/// Rust (the generic judge's when none does) with the local rustc, identical ones once, and
/// one with the old compiler. Only the profiles that run cases (the default one, and each
/// listed judge's first, for its `<judge>-N` cases) are compiled to a binary; the others
/// are compiled with `--emit=metadata`: every error and warning of their compiler, edition
/// and flags, without the code generation the running compile already does for the same
/// source (PROTOCOL.md, "How the check compiles").
fn plan(problem: &Problem, current: &Rustc, old: Option<&Rustc>) -> Vec<Build> {
    let mut builds: Vec<Build> = Vec::new();
    let mut add = |rustc: &Rustc, args: Vec<String>, user: String| match builds
        .iter_mut()
        .find(|b| b.rustc.program == rustc.program && b.args == args)
    {
        Some(b) => b.users.push(user),
        None => builds.push(Build {
            rustc: rustc.clone(),
            args,
            users: vec![user],
            binary: None,
        }),
    };
    let mut any = false;
    for listing in problem.rust_listings() {
        for profile in &listing.profiles {
            let user = if listing.judge.profiles.len() > 1 {
                format!("{} {}", listing.judge.key, profile.key)
            } else {
                listing.judge.key.to_string()
            };
            add(current, bundle::profile_args(profile), user);
            any = true;
        }
    }
    if !any {
        let profile = problem.default_profile();
        add(
            current,
            bundle::profile_args(profile),
            "no listed judge takes Rust: generic".to_string(),
        );
    }
    if let Some(old) = old {
        let args = ["-O", "--edition", old.old_compile_edition()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        add(old, args, "old compiler".to_string());
    }
    let runs: Vec<Vec<String>> = std::iter::once(problem.default_profile())
        .chain(
            problem
                .rust_listings()
                .filter_map(|l| l.profiles.first().copied()),
        )
        .map(bundle::profile_args)
        .collect();
    for build in &mut builds {
        if build.rustc.program != current.program || !runs.contains(&build.args) {
            build.args.push("--emit=metadata".to_string());
        }
    }
    builds
}

/// The build whose binary runs `case`: the first profile of the case's judge (of the
/// problem's default profile for `N.in`), compiled by the local rustc.
fn build_for<'a>(
    builds: &'a [Build],
    problem: &Problem,
    case: &Case,
    current: &Rustc,
) -> Option<&'a Build> {
    let profile = match &case.judge {
        Some(key) => *problem
            .rust_listings()
            .find(|l| l.judge.key == key)?
            .profiles
            .first()?,
        None => problem.default_profile(),
    };
    let args = bundle::profile_args(profile);
    builds
        .iter()
        .find(|b| b.rustc.program == current.program && b.args == args)
}

/// Wall and CPU time columns of a row, in ms.
type Times = (String, String);

/// What the check of one problem works with.
struct Context<'a> {
    root: &'a Path,
    problem: &'a Problem,
    current: &'a Rustc,
    old: Option<&'a Rustc>,
    options: &'a Options,
}

/// A case, ready to run: its limits and the binary that runs it, or why it cannot run.
struct Job<'a> {
    case: &'a Case,
    limits: Limits,
    binary: Option<PathBuf>,
    expected: Option<Expected>,
}

/// How one case went.
enum Ran {
    /// Judged against its expected output.
    Judged(Judged),
    /// Run without an expected output: its verdict (NO-OUT), what it did, and why.
    Unjudged(Verdict, run::Outcome, String),
    /// It could not run: its verdict and why.
    Skipped(Verdict, String),
}

impl Ran {
    /// Whether the run was killed at the wall-clock cap (which another run beside it may
    /// have caused, where the CPU time alone would not).
    fn killed(&self) -> bool {
        match self {
            Ran::Judged(j) => j.outcome.exit == Exit::Killed,
            Ran::Unjudged(_, o, _) => o.exit == Exit::Killed,
            Ran::Skipped(..) => false,
        }
    }
}

impl Context<'_> {
    /// One row of the table. Times: wall clock and CPU (user + system) of the whole process;
    /// CPU is what is limited.
    fn row(&self, case: &str, verdict: &str, ms: Times, limit: String, mem: String, detail: &str) {
        println!(
            "{:<10} {:>8}  {:<7} {:>8} {:>7} {:>9} {:>9}  {}",
            self.problem.name, case, verdict, ms.0, ms.1, limit, mem, detail
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
        let bundled = match bundle::bundle(root, problem) {
            Ok(b) => b,
            Err(e) => {
                let detail = e.to_string();
                self.untimed("-", "CE", "-".into(), &detail);
                tally.cases = 1;
                return Ok((tally, format!("{}: CE, {}", problem.name, detail)));
            }
        };
        if !self.source_fits(bundled.bytes) {
            tally.oversize += 1;
        }
        let builds = self.compile_all(&bundled, &mut tally)?;
        if cases.is_empty() {
            let detail = format!("no cases in {}", problem.samples_dir().display());
            self.untimed("-", &Verdict::NoExpected.to_string(), "-".into(), &detail);
            tally.cases = 1;
            return Ok((tally, format!("{}: {}", problem.name, detail)));
        }
        self.judge_cases(&builds, &cases, &mut tally)?;
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

    /// Compiles the bundle with every build of the plan, in parallel, printing a row for each
    /// in the plan's order; the builds that run cases get their binary.
    fn compile_all(&self, bundled: &bundle::Bundle, tally: &mut Tally) -> Result<Vec<Build>> {
        let (root, problem) = (self.root, self.problem);
        let mut builds = plan(problem, self.current, self.old);
        let cache = bundle::cache_dir(root);
        let mut failure = None;
        let mut binaries = Vec::new();
        pool::run_in_order(
            &builds,
            pool::width(),
            |build| bundle::compile_cached(&build.rustc, &build.args, &bundled.source, &cache),
            |i, compiled| {
                let build = &builds[i];
                tally.compiles += 1;
                let compiled = match compiled {
                    Ok(c) => c,
                    Err(e) => {
                        failure.get_or_insert(Error::io(&bundled.source, e));
                        return;
                    }
                };
                let reused = if compiled.cached { ", reused" } else { "" };
                // OK: no warning; WARN: compiled, but a warning fails the check; CE: no binary.
                let (verdict, detail, binary) = match compiled.result {
                    Ok(None) => {
                        tally.clean += 1;
                        ("OK", format!("{}{}", build.label(), reused), true)
                    }
                    Ok(Some(warning)) => (
                        "WARN",
                        format!("{}{}: {}", build.label(), reused, warning),
                        true,
                    ),
                    Err(CompileError::Rejected(why)) | Err(CompileError::NoRustc(why)) => {
                        ("CE", format!("{}{}: {}", build.label(), reused, why), false)
                    }
                };
                if binary && !build.args.iter().any(|a| a == "--emit=metadata") {
                    binaries.push((i, compiled.binary));
                }
                self.untimed(
                    "compile",
                    verdict,
                    "-".into(),
                    &bundle::scrub_paths(&detail, root),
                );
            },
        );
        if let Some(e) = failure {
            return Err(e);
        }
        for (i, binary) in binaries {
            builds[i].binary = Some(binary);
        }
        Ok(builds)
    }

    /// Runs and judges every case, in parallel, printing a row for each in order.
    fn judge_cases(&self, builds: &[Build], cases: &[Case], tally: &mut Tally) -> Result<()> {
        let (root, problem) = (self.root, self.problem);
        let mut jobs = Vec::new();
        for case in cases {
            jobs.push(Job {
                case,
                limits: problem.limits_on(case.judge.as_deref()),
                binary: build_for(builds, problem, case, self.current)
                    .and_then(|b| b.binary.clone()),
                expected: samples::expected_of(case)?,
            });
        }
        let checker = kit::checker(root, problem);
        let scratch = run::ScratchDir::new(&root.join("target/judge").join(&problem.name))?;
        let width = pool::width().min(jobs.len());
        let run_one = |job: &Job| -> Result<Ran> {
            let dir = scratch.path().join(job.case.name());
            self.run_case(job, checker.as_deref(), &dir)
                .map_err(|e| e.context(format!("{} case {}", problem.name, job.case.name())))
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
        for (job, ran) in jobs.iter().zip(results) {
            let mut ran = ran.expect("every case ran");
            // Killed at the cap while another case ran beside it: alone, it may not be.
            if width > 1 && ran.killed() {
                ran = run_one(job)?;
            }
            tally.cases += 1;
            if self.show(job, &ran)? {
                tally.passed += 1;
            }
        }
        Ok(())
    }

    /// Prints the `size` row: the bundle against the source limit of each listed judge that
    /// takes Rust. Returns whether it is within every known one.
    fn source_fits(&self, bytes: u64) -> bool {
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
        let verdict = if over.is_empty() { "OK" } else { "BIG" };
        self.untimed("size", verdict, "-".into(), &parts.join("; "));
        over.is_empty()
    }

    /// Runs one case: judged against its `.out`, or, without one, run and shown.
    fn run_case(&self, job: &Job, checker: Option<&Path>, scratch: &Path) -> Result<Ran> {
        let Some(binary) = &job.binary else {
            return Ok(Ran::Skipped(
                Verdict::Ce,
                "its profile's compile failed (see the compile rows)".to_string(),
            ));
        };
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

    /// Prints a case's row (and, for NO-OUT, what it printed; with `verbose`, the diff of a
    /// WA). Returns whether it is AC.
    fn show(&self, job: &Job, ran: &Ran) -> Result<bool> {
        let name = job.case.name();
        let limit = job.limits.time_ms.to_string();
        match ran {
            Ran::Skipped(verdict, why) => {
                self.untimed(&name, &verdict.to_string(), limit, why);
                Ok(false)
            }
            Ran::Judged(judged) => {
                let (ms, mem) = timed(&judged.outcome);
                self.row(
                    &name,
                    &judged.verdict.to_string(),
                    ms,
                    limit,
                    mem,
                    &judged.detail,
                );
                if judged.verdict == Verdict::Wa && self.options.verbose {
                    let expected = job.expected.as_ref().expect("a judged case has .out");
                    let want =
                        fs::read(&expected.stdout).map_err(|e| Error::io(&expected.stdout, e))?;
                    let got = judged
                        .outcome
                        .stdout
                        .read()
                        .map_err(|e| Error::io(judged.outcome.stdout.path(), e))?;
                    print!("{}", diff::side_by_side(&want, &got, "    "));
                }
                Ok(judged.verdict == Verdict::Ac)
            }
            Ran::Unjudged(verdict, outcome, why) => {
                let (ms, mem) = timed(outcome);
                self.row(&name, &verdict.to_string(), ms, limit, mem, why);
                print!("{}", printed(outcome));
                Ok(false)
            }
        }
    }
}

/// The time columns (wall, CPU) and the memory column of a run's row.
fn timed<O>(outcome: &run::Outcome<O>) -> (Times, String) {
    (
        (
            outcome.elapsed.as_millis().to_string(),
            outcome.cpu.as_millis().to_string(),
        ),
        format!("{:.1}", outcome.max_rss_kib as f64 / 1024.0),
    )
}

/// The detail of a run that has no expected output (NO-OUT, never a pass), with what a judge
/// would say of it when it fails whatever the expected output (`failed`: OLE, TLE, MLE, RE,
/// as [`verdict::failure`] decides for every run).
fn unjudged(failed: Option<(Verdict, String)>) -> String {
    match failed {
        Some((verdict, why)) => format!(
            "no expected output (add its .out); a judge would say {}, {}; it printed:",
            verdict, why
        ),
        None => "no expected output (add its .out); it printed:".to_string(),
    }
}

/// Lines of output shown for a case without an expected output, at most.
const SHOWN_LINES: usize = 20;
/// Characters of a line shown, at most.
const SHOWN_WIDTH: usize = 120;

/// What a run printed, indented under its row: stdout's first [`SHOWN_LINES`] lines, then
/// stderr's, each cut at [`SHOWN_WIDTH`] characters; what is left out is counted.
fn printed(outcome: &run::Outcome) -> String {
    let mut out = String::new();
    for (name, bytes) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
        if bytes.is_empty() && name == "stderr" {
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        let lines: Vec<&str> = text.lines().collect();
        out.push_str(&format!("    {} ({} bytes):\n", name, bytes.len()));
        for line in lines.iter().take(SHOWN_LINES) {
            let cut: String = line.chars().take(SHOWN_WIDTH).collect();
            let more = if cut.len() < line.len() { "..." } else { "" };
            out.push_str(&format!("      {}{}\n", cut, more));
        }
        if lines.len() > SHOWN_LINES {
            out.push_str(&format!(
                "      ... {} more lines\n",
                lines.len() - SHOWN_LINES
            ));
        }
    }
    out
}
