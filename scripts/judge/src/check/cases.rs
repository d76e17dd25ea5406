//! The cases of problems that do not read stdin and write stdout: interactive problems (the
//! solution talks with the problem's interactor) and file problems (the solution reads and
//! writes named files of its own working folder). PROTOCOL.md, "Interactive and file
//! problems".

use crate::check::report::{panic_of, Panic};
use crate::error::{Error, Result};
use crate::exec::interact::{self, Party, Spool};
use crate::exec::run::{self, Budget, Kept, Measured};
use crate::judging::checker::{self, Program};
use crate::judging::diff;
use crate::judging::interactive;
use crate::judging::verdict::{self, failure, Expected, Limits, Verdict};
use crate::workspace::io::Io;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::fs::{self, File};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A judged case of an interactive or file problem: its row and what `VERBOSE=1` adds.
#[derive(Clone)]
pub struct Done {
    pub verdict: Verdict,
    /// Wall and CPU time, peak MiB: the solution's.
    pub wall: Duration,
    pub cpu: Duration,
    pub mem_mib: f64,
    pub detail: String,
    /// Killed at the wall-clock cap (run again alone before it is TLE).
    pub killed: bool,
    /// Indented lines shown under a row that is not AC with `VERBOSE=1`: the exchange, the
    /// diff of a wrong output file.
    pub notes: String,
    /// The solution's panic, when it failed and panicked.
    pub panic: Option<Panic>,
}

impl Done {
    fn of<O: Kept>(verdict: Verdict, detail: String, run: &Measured<O>, notes: String) -> Done {
        Done {
            // Read only on a failure: a passing case opens no stderr.
            panic: (verdict != Verdict::Ac).then(|| panic_of(run)).flatten(),
            verdict,
            wall: run.elapsed,
            cpu: run.cpu,
            mem_mib: run.max_rss_kib as f64 / 1024.0,
            detail,
            killed: run.exit == run::Exit::Killed,
            notes,
        }
    }
}

/// What a case runs with.
pub struct Case<'a> {
    pub root: &'a Path,
    pub problem: &'a Problem,
    pub input: &'a Path,
    pub limits: Limits,
    pub binary: &'a Path,
    pub expected: Option<&'a Expected>,
    /// The problem's checker, when it compares with one ([`crate::build::testlib::checker`]).
    pub checker: Option<&'a Program>,
    /// The problem's C++ interactor, when it names one; `None`: its Rust bin talks.
    pub interactor: Option<&'a Program>,
    /// The case's own scratch folder.
    pub scratch: &'a Path,
}

/// The interactive problems among `problems`, whose interactors the check builds.
pub fn interactive_problems<'a>(problems: &[&'a Problem]) -> Vec<&'a Problem> {
    problems
        .iter()
        .copied()
        .filter(|p| p.io.is_interactive())
        .collect()
}

/// Runs and judges `case` when its problem is interactive or uses files; `None` for a
/// stdin/stdout problem (the check's own path).
pub fn judge(case: &Case) -> Result<Option<Done>> {
    match &case.problem.io {
        Io::Stdio => Ok(None),
        Io::Interactive => interactive_case(case).map(Some),
        Io::Files { input, output } => {
            file_case(case, input.as_deref(), output.as_deref()).map(Some)
        }
    }
}

/// Runs and judges `case` whatever its problem's I/O: as [`judge`] does for an interactive
/// or file problem, and for a stdin/stdout problem as `make check` judges a case with its
/// `.out` (which it must have). What `stress` and `worst` judge a generated case with.
pub fn judge_any(case: &Case) -> Result<Done> {
    if let Some(done) = judge(case)? {
        return Ok(done);
    }
    let Some(expected) = case.expected else {
        return Err(Error::Kit(format!(
            "{}: a stdin/stdout case needs its expected output to be judged",
            case.input.display()
        )));
    };
    let judged = verdict::judge(
        case.limits,
        case.binary,
        case.input,
        expected,
        case.problem.compare,
        case.checker,
        case.scratch,
    )?;
    Ok(Done::of(
        judged.verdict,
        judged.detail,
        &judged.outcome,
        String::new(),
    ))
}

/// The output cap of a run under `limits`: the judge's, else 64 MiB, or twice the expected
/// output when that is larger.
fn output_cap(limits: Limits, expected: Option<&Expected>) -> u64 {
    match expected {
        Some(expected) => limits.output_cap(expected),
        None => limits
            .output_mib
            .map_or(run::DEFAULT_OUTPUT_CAP, |mib| mib << 20),
    }
}

/// `problems/<name>/src/bin/interactor.rs`: how a FAIL names the interactor.
pub fn interactor_source(problem: &Problem) -> String {
    problem
        .dir
        .join("src/bin/interactor.rs")
        .display()
        .to_string()
}

/// The interactor's arguments: the case's input, a file it may write for a checker, the
/// answer file when there is one (testlib's order).
fn interactor_args(input: &Path, scratch: &Path, answer: Option<&Path>) -> Result<Vec<String>> {
    let absolute = |p: &Path| fs::canonicalize(p).map_err(|e| Error::io(p, e));
    let mut args = vec![
        absolute(input)?.display().to_string(),
        scratch.join("interactor.tout").display().to_string(),
    ];
    if let Some(answer) = answer {
        args.push(absolute(answer)?.display().to_string());
    }
    Ok(args)
}

fn interactive_case(case: &Case) -> Result<Done> {
    let (interactor, named) = match case.interactor {
        Some(cpp) => (cpp.binary.clone(), cpp.source.clone()),
        None => (
            kit::binary(case.root, case.problem, "interactor"),
            interactor_source(case.problem),
        ),
    };
    if case.interactor.is_none() && !interactor.is_file() {
        return Err(Error::Kit(format!(
            "{} is interactive, but its interactor {} is not built: add it, with its [[bin]] \
             table `{}-interactor`",
            case.problem.name,
            interactor_source(case.problem),
            case.problem.name
        )));
    }
    fs::create_dir_all(case.scratch).map_err(|e| Error::io(case.scratch, e))?;
    let scratch = fs::canonicalize(case.scratch).map_err(|e| Error::io(case.scratch, e))?;
    let answer = case.expected.map(|e| e.stdout.as_path());
    let solution = Party {
        program: case.binary,
        args: Vec::new(),
        dir: &scratch,
        budget: Budget {
            kill_after: case.limits.kill_time(),
            output_cap: output_cap(case.limits, None),
            stack: case.limits.stack(),
        },
    };
    let judge_side = Party {
        program: &interactor,
        args: interactor_args(case.input, &scratch, answer)?,
        dir: &scratch,
        budget: Budget {
            kill_after: case.limits.kill_time(),
            output_cap: run::DEFAULT_OUTPUT_CAP,
            stack: run::DEFAULT_STACK,
        },
    };
    let talk = interact::converse(&solution, &judge_side).map_err(|e| Error::io(case.binary, e))?;
    let (verdict, detail) =
        interactive::judge(case.limits, &talk, &named).map_err(|e| Error::io(&scratch, e))?;
    let notes = interactive::transcript(&talk);
    Ok(Done::of(verdict, detail, &talk.solution, notes))
}

/// `12 bytes`, `1 byte`.
fn bytes(n: u64) -> String {
    format!("{} byte{}", n, if n == 1 { "" } else { "s" })
}

fn file_case(case: &Case, input: Option<&str>, output: Option<&str>) -> Result<Done> {
    let dir = case.scratch.join("folder");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let stdin: PathBuf = match input {
        Some(name) => {
            fs::copy(case.input, dir.join(name)).map_err(|e| Error::io(case.input, e))?;
            PathBuf::from("/dev/null")
        }
        None => case.input.to_path_buf(),
    };
    let cap = output_cap(case.limits, case.expected);
    let party = Party {
        program: case.binary,
        args: Vec::new(),
        dir: &dir,
        budget: Budget {
            kill_after: case.limits.kill_time(),
            output_cap: cap,
            stack: case.limits.stack(),
        },
    };
    let ran = interact::run_in_folder(&party, &stdin).map_err(|e| Error::io(case.binary, e))?;
    let written = output.map(|name| (name, Spool::at(&dir.join(name))));
    let (verdict, detail, notes) = file_verdict(case, &ran, written.as_ref(), cap)?;
    Ok(Done::of(verdict, detail, &ran, notes))
}

/// Why the output in `got` does not answer the case (by its checker, or compared with the
/// expected output as the problem says) and its verdict; `None` when it does.
fn first_wrong(case: &Case, expected: &Expected, got: &Spool) -> Result<Option<(Verdict, String)>> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |e| Error::io(p, e)
    };
    Ok(match case.checker {
        Some(checker) => checker::judge_output(
            checker,
            case.input,
            got.path(),
            &expected.stdout,
            &case.scratch.join("checker"),
        )?,
        None => case
            .problem
            .compare
            .first_difference_in(
                BufReader::new(File::open(&expected.stdout).map_err(io(&expected.stdout))?),
                got.reader().map_err(io(got.path()))?,
            )
            .map_err(io(got.path()))?
            .map(|why| -> Result<(Verdict, String)> {
                let hint = case
                    .problem
                    .compare
                    .hint(&expected.stdout, got.path())
                    .map_err(io(got.path()))?;
                Ok((Verdict::Wa, verdict::with_hint(why, hint)))
            })
            .transpose()?,
    })
}

/// The verdict of a file problem's run: `written` is its named output file (`None` where
/// it writes stdout).
fn file_verdict(
    case: &Case,
    ran: &Measured<Spool>,
    written: Option<&(&str, Spool)>,
    cap: u64,
) -> Result<(Verdict, String, String)> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |e| Error::io(p, e)
    };
    if let Some((name, _)) = written.filter(|(_, f)| f.len >= cap) {
        let detail = format!(
            "{} reached the {} MiB output cap: stopped there ({})",
            name,
            cap >> 20,
            ran.exit.describe()
        );
        return Ok((Verdict::Ole, detail, String::new()));
    }
    let code = case.expected.map_or(0, |e| e.code);
    if let Some((verdict, why)) = failure(
        case.limits,
        ran,
        code,
        ran.stderr.reader().map_err(io(ran.stderr.path()))?,
    )
    .map_err(io(ran.stderr.path()))?
    {
        return Ok((verdict, why, String::new()));
    }
    let got = match written {
        Some((_, file)) => file,
        None => &ran.stdout,
    };
    let printed = ran.stdout.len;
    if let Some((name, file)) = written {
        // Never followed nor read: a link may lead out of the run, a device may block.
        if let Some(what) = file.not_regular() {
            let detail = format!(
                "{} is {}, not a file it wrote: a judge reads only a regular file",
                name, what
            );
            return Ok((Verdict::Wa, detail, String::new()));
        }
        if !file.path().is_file() {
            let also = if printed > 0 {
                format!(" (it printed {} to stdout)", bytes(printed))
            } else {
                String::new()
            };
            return Ok((
                Verdict::Wa,
                format!("wrote nothing to {}{}", name, also),
                String::new(),
            ));
        }
    }
    let Some(expected) = case.expected else {
        let detail = match written {
            Some((name, file)) => format!(
                "no expected output (add its .out); it wrote {} to {}",
                bytes(file.len),
                name
            ),
            None => format!(
                "no expected output (add its .out); it printed {}",
                bytes(printed)
            ),
        };
        return Ok((Verdict::NoExpected, detail, String::new()));
    };
    let Some((verdict, why)) = first_wrong(case, expected, got)? else {
        return Ok((Verdict::Ac, String::new(), String::new()));
    };
    let detail = match written {
        Some((name, _)) if printed > 0 => {
            format!(
                "{}: {} (it also printed {} to stdout)",
                name,
                why,
                bytes(printed)
            )
        }
        Some((name, _)) => format!("{}: {}", name, why),
        None => why,
    };
    // Both read as they stream: an output's size never shows in the tool's memory.
    let want = File::open(&expected.stdout).map_err(io(&expected.stdout))?;
    let have = got.reader().map_err(io(got.path()))?;
    let view = diff::side_by_side_in(BufReader::new(want), have, "    ").map_err(io(got.path()))?;
    Ok((verdict, detail, view))
}
