//! `make check`: bundle each problem, compile it like each of its judges and with the oldest
//! compiler found, run and judge every sample.

use super::Outcome;
use crate::args::Parsed;
use crate::bundle::{self, CompileError};
use crate::error::{Error, Result};
use crate::kit;
use crate::printable::printable;
use crate::problem::{self, Compare, Problem};
use crate::run::ScratchDir;
use crate::samples::{self, Case};
use crate::toolchain::{self, Rustc};
use crate::verdict::{self, Verdict};
use std::path::{Path, PathBuf};

/// The arguments of `check`.
pub struct Args {
    /// The problems to check; all of them when empty.
    pub names: Vec<String>,
}

impl Args {
    /// `check [NAME...]`.
    pub fn parse(line: &Parsed) -> Args {
        Args {
            names: line.names.clone(),
        }
    }
}

/// Checks the named problems (see [`check`]).
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    check(root, &problem::select(root, &args.names)?)
}

/// Checks `problems`; prints one line per compile and per case, and a summary. Passes when
/// every compile is clean, every case AC, and an old compiler was found.
pub fn check(root: &Path, problems: &[Problem]) -> Result<Outcome> {
    let checked: Vec<&Problem> = problems
        .iter()
        .filter(|p| p.compare == Compare::Checker)
        .collect();
    kit::build(root, &checked)?;
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
    for problem in problems {
        let (tally, summary) = check_problem(root, problem, &current, old.as_ref().ok())?;
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
        && old.is_ok();
    println!(
        "{}: {} of {} cases AC, {} of {} compiles clean{}",
        if ok { "PASS" } else { "FAIL" },
        total.passed,
        total.cases,
        total.clean,
        total.compiles,
        if old.is_ok() {
            ""
        } else {
            ", no old compiler (see the first line)"
        }
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
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.passed += other.passed;
        self.cases += other.cases;
        self.clean += other.clean;
        self.compiles += other.compiles;
    }
}

/// One compile of a bundle: a compiler, its flags, and who needs exactly this compile.
struct Build {
    rustc: Rustc,
    args: Vec<String>,
    /// `luogu`, `codeforces 2024`, `old compiler`: the judges (and profiles) it stands for.
    users: Vec<String>,
    binary: PathBuf,
    /// Whether it compiled (warnings or not): its binary exists.
    compiled: bool,
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
/// one with the old compiler. Their binaries go to `builds_dir`, this check's own folder.
fn plan(builds_dir: &Path, problem: &Problem, current: &Rustc, old: Option<&Rustc>) -> Vec<Build> {
    let mut builds: Vec<Build> = Vec::new();
    let mut add = |rustc: &Rustc, args: Vec<String>, user: String| match builds
        .iter_mut()
        .find(|b| b.rustc.program == rustc.program && b.args == args)
    {
        Some(b) => b.users.push(user),
        None => {
            let binary = builds_dir.join(format!("{}-{}", problem.name, builds.len() + 1));
            builds.push(Build {
                rustc: rustc.clone(),
                args,
                users: vec![user],
                binary,
                compiled: false,
            });
        }
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

/// The check's table rows of one problem.
struct Rows<'a>(&'a str);

impl Rows<'_> {
    /// One row. Times: wall clock and CPU (user + system) of the whole process; CPU is what
    /// is limited. Details quote samples and outputs: control characters are shown escaped,
    /// never sent to the terminal.
    fn row(&self, case: &str, verdict: &str, ms: Times, limit: String, mem: String, detail: &str) {
        println!(
            "{:<10} {:>8}  {:<7} {:>8} {:>7} {:>9} {:>9}  {}",
            self.0,
            printable(case),
            verdict,
            ms.0,
            ms.1,
            limit,
            mem,
            printable(detail)
        );
    }

    /// A row without times or memory: a compile, a case that did not run.
    fn untimed(&self, case: &str, verdict: &str, limit: String, detail: &str) {
        let none = || "-".to_string();
        self.row(case, verdict, (none(), none()), limit, none(), detail);
    }
}

/// Checks one problem: its counts and its summary line.
fn check_problem(
    root: &Path,
    problem: &Problem,
    current: &Rustc,
    old: Option<&Rustc>,
) -> Result<(Tally, String)> {
    let rows = Rows(&problem.name);
    let mut tally = Tally::default();
    let cases = samples::cases(root, &root.join(problem.samples_dir()))?;
    samples::check_judges(problem, &cases)?;
    let bundled = match bundle::bundle(root, problem) {
        Ok(b) => b,
        Err(e) => {
            let detail = e.to_string();
            rows.untimed("-", "CE", "-".into(), &detail);
            tally.cases = 1;
            return Ok((tally, format!("{}: CE, {}", problem.name, detail)));
        }
    };
    // Everything this check writes (binaries, outputs) is its own: a check of the same
    // problem from another terminal never sees it.
    let scratch = ScratchDir::new(&root.join("target/judge").join(&problem.name))
        .map_err(|e| Error::from(e).context(problem.name.clone()))?;
    let mut builds = plan(scratch.path(), problem, current, old);
    compile_all(root, &mut builds, &bundled.source, &rows, &mut tally);
    if cases.is_empty() {
        let detail = format!("no cases in {}", problem.samples_dir().display());
        rows.untimed("-", &Verdict::NoExpected.to_string(), "-".into(), &detail);
        tally.cases = 1;
        return Ok((tally, format!("{}: {}", problem.name, detail)));
    }
    let checker = kit::checker(root, problem);
    for case in &cases {
        tally.cases += 1;
        let build = build_for(&builds, problem, case, current).filter(|b| b.compiled);
        if judge_case(
            problem,
            case,
            build,
            checker.as_deref(),
            scratch.path(),
            &rows,
        )? {
            tally.passed += 1;
        }
    }
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

/// Compiles the bundle `source` with every build, one row each, and counts them.
fn compile_all(root: &Path, builds: &mut [Build], source: &Path, rows: &Rows, tally: &mut Tally) {
    for build in builds {
        tally.compiles += 1;
        // OK: no warning; WARN: compiled, but a warning fails the check; CE: no binary.
        let (verdict, detail) =
            match bundle::compile_with(&build.rustc.program, &build.args, source, &build.binary) {
                Ok(None) => {
                    tally.clean += 1;
                    build.compiled = true;
                    ("OK", build.label())
                }
                Ok(Some(warning)) => {
                    build.compiled = true;
                    ("WARN", format!("{}: {}", build.label(), warning))
                }
                Err(CompileError::Rejected(why)) | Err(CompileError::NoRustc(why)) => {
                    ("CE", format!("{}: {}", build.label(), why))
                }
            };
        let detail = bundle::scrub_paths(&detail, root);
        rows.untimed("compile", verdict, "-".into(), &detail);
    }
}

/// Runs and judges one case with `build` (`None`: its profile's compile failed) under its
/// judge's limits, and prints its row. Returns whether it is AC.
fn judge_case(
    problem: &Problem,
    case: &Case,
    build: Option<&Build>,
    checker: Option<&Path>,
    scratch: &Path,
    rows: &Rows,
) -> Result<bool> {
    let name = case.name();
    let limits = problem.limits_on(case.judge.as_deref());
    let skip = |verdict: Verdict, detail: &str| {
        rows.untimed(
            &name,
            &verdict.to_string(),
            limits.time_ms.to_string(),
            detail,
        );
        Ok(false)
    };
    let expected = match samples::expected_of(case)? {
        Some(e) => e,
        None => return skip(Verdict::NoExpected, "no expected output: add its .out"),
    };
    let build = match build {
        Some(b) => b,
        None => {
            return skip(
                Verdict::Ce,
                "its profile's compile failed (see the compile rows)",
            )
        }
    };
    let judged = verdict::judge(
        limits,
        &build.binary,
        &case.input,
        &expected,
        problem.compare,
        checker,
        scratch,
    )
    .map_err(|e| Error::from(e).context(format!("{} case {}", problem.name, name)))?;
    rows.row(
        &name,
        &judged.verdict.to_string(),
        (
            judged.outcome.elapsed.as_millis().to_string(),
            judged.outcome.cpu.as_millis().to_string(),
        ),
        limits.time_ms.to_string(),
        format!("{:.1}", judged.outcome.max_rss_kib as f64 / 1024.0),
        &judged.detail,
    );
    Ok(judged.verdict == Verdict::Ac)
}
