//! `make verify [P=<name>] [LC=<checkout>] [ACL=<ac-library>]`: each Library Checker problem
//! on its whole generated test set, judged by LC's checker, and its C++ baselines timed
//! against it.
//!
//! A problem with `library-checker` metadata is checked as `make check TESTS=<its folder in
//! the checkout>` does: the judged bundle, its judges' compiles (the Library Checker's
//! `rustc --edition 2024 -C opt-level=3`, rustc 1.94.1, where it is the origin), every test
//! under the problem's limits, LC's `checker.cpp`, every input validated by its
//! `verifier.cpp` (an INVALID row for one it refuses). Then one row per problem: cases, AC,
//! slowest case against the time limit, peak memory. Where the problem has `baseline/*.cpp`,
//! each is built `g++ -O2` and `g++ -O2 -march=native` and run with the submission on the
//! [`LARGEST`] largest inputs, [`RUNS`] interleaved runs each; the medians of whole-process
//! wall time are compared.

use super::Outcome;
use crate::build::cpp;
use crate::check::engine::{check_each, Checked, Options};
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::exec::run::{self, Budget, Exit};
use crate::workspace::library_checker::{Checkout, LcProblem};
use crate::workspace::problem::{self, Problem};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many of the largest inputs (by size) the baselines are timed on.
pub const LARGEST: usize = 3;
/// Runs of each program on each of those inputs; the median is compared.
pub const RUNS: usize = 5;

/// The arguments of `verify`.
pub struct Args {
    /// The problems; every one with `library-checker` metadata when empty.
    pub names: Vec<String>,
    /// `LC=`: the checkout, given (tests that are missing are generated).
    pub given: Option<PathBuf>,
    /// `ACL=`: the AtCoder Library's folder, an include folder of the baselines.
    pub acl: Option<PathBuf>,
}

impl Args {
    /// `verify [NAME...] [--lc CHECKOUT] [--acl FOLDER]`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        Ok(Args {
            names: line.names.clone(),
            given: line.text("--lc").map(PathBuf::from),
            acl: line.text("--acl").map(PathBuf::from),
        })
    }
}

/// Verifies the problems; passes when every case of every problem is AC.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let problems: Vec<Problem> = problem::select(root, &args.names)?
        .into_iter()
        .filter(|p| {
            let keep = p.library_checker.is_some();
            if !keep && !args.names.is_empty() {
                println!(
                    "{}: no `library-checker` metadata: nothing to verify (make import LC= ID= \
                     makes a Library Checker problem)",
                    p.name
                );
            }
            keep
        })
        .collect();
    if problems.is_empty() {
        return Err(Error::Refused(
            "no problem has `library-checker` metadata; make import LC=<checkout> ID=<id> \
             makes one"
                .to_string(),
        ));
    }
    let Some(checkout) = Checkout::locate(root, args.given.as_deref())? else {
        let names: Vec<&str> = problems.iter().map(|p| p.name.as_str()).collect();
        println!(
            "no Library Checker checkout recorded: the tests of {} are in one; make verify \
             LC=<checkout of yosupo06/library-checker-problems> (it generates missing tests)",
            names.join(", ")
        );
        return Ok(Outcome::of(false));
    };
    let mut ready = Vec::new();
    let mut missing = Vec::new();
    for p in &problems {
        let key = p.library_checker.as_deref().expect("filtered above");
        let lc = checkout.problem(key)?;
        if !lc.has_tests() && args.given.is_some() {
            println!(
                "{}: generating its tests: {}",
                p.name,
                checkout.generate_command(&lc.id)
            );
            checkout.generate(&lc.id)?;
        }
        if lc.has_tests() {
            ready.push((p, lc));
        } else {
            missing.push(format!(
                "{} (make them: {}, or make verify P={} LC={})",
                p.name,
                checkout.generate_command(&lc.id),
                p.name,
                checkout.root.display()
            ));
        }
    }
    let mut rows = Vec::new();
    let mut ok = missing.is_empty();
    for (p, lc) in &ready {
        let options = Options {
            tests: Some(lc.tests().to_path_buf()),
            tests_judge: Some(crate::workspace::library_checker::JUDGE.to_string()),
            checkout: Some(checkout.clone()),
            ..Options::default()
        };
        let (outcome, mut checked) = check_each(root, std::slice::from_ref(*p), &options)?;
        ok &= matches!(outcome, Outcome::Pass);
        let checked = checked.remove(0);
        println!();
        rows.push((*p, lc, checked));
    }
    println!();
    let slowest: Vec<String> = rows
        .iter()
        .map(|(_, _, c)| {
            c.tally
                .slowest
                .as_ref()
                .map_or("-".to_string(), |(name, cpu)| {
                    format!("{} {}", name, cpu.as_millis())
                })
        })
        .collect();
    // Columns as wide as what they hold.
    let pw = rows
        .iter()
        .map(|(p, _, _)| p.name.len())
        .fold(14, usize::max);
    let sw = slowest.iter().map(String::len).fold(28, usize::max);
    println!(
        "{:<pw$} {:>6} {:>6}  {:<sw$} {:>9}  {:>8}",
        "problem",
        "cases",
        "AC",
        "slowest case (cpu ms)",
        "limit ms",
        "peak MiB",
        pw = pw,
        sw = sw
    );
    for ((p, _, c), slowest) in rows.iter().zip(&slowest) {
        println!(
            "{:<pw$} {:>6} {:>6}  {:<sw$} {:>9}  {:>8.1}",
            p.name,
            c.tally.cases,
            c.tally.passed,
            slowest,
            p.time_limit_ms,
            c.tally.peak_mib,
            pw = pw,
            sw = sw
        );
    }
    for m in &missing {
        println!("{:<pw$} no tests: {}", "", m, pw = pw);
    }
    for (p, lc, c) in &rows {
        baselines(root, p, lc, &checkout, c, args.acl.as_deref())?;
    }
    println!(
        "{}",
        if ok {
            "PASS: every case of every problem AC"
        } else {
            "FAIL: not every case of every problem AC (see above)"
        }
    );
    Ok(Outcome::of(ok))
}

/// Builds and times the problem's `baseline/*.cpp` against the submission, when it has any.
fn baselines(
    root: &Path,
    p: &Problem,
    lc: &LcProblem,
    checkout: &Checkout,
    checked: &Checked,
    acl: Option<&Path>,
) -> Result<()> {
    let dir = root.join(&p.dir).join("baseline");
    let mut sources: Vec<PathBuf> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| Some(e.ok()?.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "cpp"))
                .collect()
        })
        .unwrap_or_default();
    if sources.is_empty() {
        return Ok(());
    }
    sources.sort();
    let Some(binary) = &checked.binary else {
        println!("{}: no binary of the submission to time", p.name);
        return Ok(());
    };
    let cxx = match cpp::compiler() {
        Ok(cxx) => cxx,
        Err(e) => {
            println!("{}: baselines not timed: {}", p.name, e);
            return Ok(());
        }
    };
    let out = root.join("target/verify").join(&p.name);
    fs::create_dir_all(&out).map_err(|e| Error::io(&out, e))?;
    let mut programs = vec![("submission".to_string(), binary.clone())];
    for source in &sources {
        let stem = source.file_stem().unwrap_or_default().to_string_lossy();
        for extra in [None, Some("-march=native")] {
            let mut flags = vec!["-O2", "-std=c++17"];
            flags.extend(extra);
            let mut include: Vec<PathBuf> = acl.map(Path::to_path_buf).into_iter().collect();
            include.extend([checkout.common(), lc.dir.clone()]);
            let made = match cpp::compile_with_flags(
                &cxx,
                &flags,
                source,
                &include,
                &cpp::cache_dir(root),
            ) {
                Ok(binary) => binary,
                Err(e) => {
                    let said = e.to_string();
                    let hint = if acl.is_none() && said.contains("atcoder/") {
                        "; ACL=<ac-library> gives the AtCoder Library's headers"
                    } else {
                        ""
                    };
                    println!(
                        "{}: baseline not built ({}): {}{}",
                        p.name,
                        label(&cxx, extra),
                        said,
                        hint
                    );
                    return Ok(());
                }
            };
            programs.push((format!("{} ({})", stem, label(&cxx, extra)), made));
        }
    }
    let inputs = largest(&lc.dir.join("in"), LARGEST)?;
    let limits = p.limits();
    let budget = Budget {
        kill_after: limits.kill_time(),
        output_cap: run::DEFAULT_OUTPUT_CAP.max(1 << 30),
        stack: limits.stack(),
    };
    let runs = out.join("runs");
    let scratch = run::ScratchDir::new(&runs).map_err(|e| Error::io(&runs, e))?;
    println!(
        "{}: whole-process wall time, median of {} interleaved runs, on the {} largest inputs \
         by size; ratio = baseline / submission",
        p.name,
        RUNS,
        inputs.len()
    );
    for input in &inputs {
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); programs.len()];
        for _ in 0..RUNS {
            for (i, (name, program)) in programs.iter().enumerate() {
                let ran = run::run_captured(program, &[], input, scratch.path(), budget)
                    .map_err(|e| Error::io(program, e))?;
                if ran.exit != Exit::Code(0) {
                    return Err(Error::Kit(format!(
                        "{} on {}: {}",
                        name,
                        input.display(),
                        ran.exit.describe()
                    )));
                }
                times[i].push(ran.elapsed);
            }
        }
        let medians: Vec<Duration> = times.iter_mut().map(|t| median(t)).collect();
        let size = fs::metadata(input).map_or(0, |m| m.len());
        let test = input.file_stem().unwrap_or_default().to_string_lossy();
        let mut line = format!(
            "  {} ({:.1} MiB): submission {} ms",
            test,
            size as f64 / f64::from(1 << 20),
            medians[0].as_millis()
        );
        for ((name, _), m) in programs.iter().zip(&medians).skip(1) {
            line.push_str(&format!(
                "; {} {} ms (ratio {:.2})",
                name,
                m.as_millis(),
                m.as_secs_f64() / medians[0].as_secs_f64().max(1e-9)
            ));
        }
        println!("{}", line);
    }
    Ok(())
}

/// `g++ -O2`, `g++ -O2 -march=native`: how a baseline was built.
fn label(cxx: &cpp::Cxx, extra: Option<&str>) -> String {
    let name = cxx
        .program
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    match extra {
        Some(flag) => format!("{} -O2 {}", name, flag),
        None => format!("{} -O2", name),
    }
}

/// The `n` largest files of `dir`, by size (largest first).
fn largest(dir: &Path, n: usize) -> Result<Vec<PathBuf>> {
    let mut files: Vec<(u64, PathBuf)> = fs::read_dir(dir)
        .map_err(|e| Error::io(dir, e))?
        .filter_map(|e| {
            let e = e.ok()?;
            Some((e.metadata().ok()?.len(), e.path()))
        })
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(files.into_iter().take(n).map(|(_, p)| p).collect())
}

/// The median of `times` (the lower middle of an even count).
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[(times.len() - 1) / 2]
}
