//! `make run` of an interactive or file problem. Interactive: without `IN=` the user plays
//! the interactor in the terminal (what the solution prints shows at once, what is typed is
//! its next input); with `IN=<case>` the solution talks with the problem's interactor on
//! that case, and the exchange is shown. Files: the input is copied to the file the solution
//! reads, in a folder of its own, and the file it writes is shown.

use super::Outcome;
use crate::build::testlib;
use crate::error::{Error, Result};
use crate::exec::interact::{self, Party};
use crate::exec::run::{self, Budget, Exit, Measured};
use crate::judging::interactive;
use crate::judging::verdict::{self, Verdict};
use crate::workspace::io::Io;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::fs;
use std::io::{self, IsTerminal, Read};
use std::path::Path;
use std::time::Duration;

/// How long a game in the terminal may last: the user types.
const PLAY_TIME: Duration = Duration::from_secs(3600);

/// Runs the submission `binary` of an interactive or file `problem` on `input` (the
/// terminal when `None`); `None` for a stdin/stdout problem (`make run`'s own path).
pub fn run(
    root: &Path,
    problem: &Problem,
    binary: &Path,
    input: Option<&Path>,
) -> Result<Option<Outcome>> {
    let scratch = run::ScratchDir::new(&root.join("target/judge/run").join(&problem.name))?;
    let limits = problem.limits();
    let budget = Budget {
        kill_after: limits.kill_time(),
        output_cap: run::DEFAULT_OUTPUT_CAP,
        stack: limits.stack(),
    };
    let mut party = Party {
        program: binary,
        args: Vec::new(),
        dir: scratch.path(),
        budget,
    };
    let ran = match (&problem.io, input) {
        (Io::Stdio, _) => return Ok(None),
        (Io::Interactive, None) => {
            if io::stdin().is_terminal() {
                eprintln!(
                    "you are the interactor of {}: answer what the solution prints, a line at \
                     a time; Ctrl-D ends its input",
                    problem.name
                );
            }
            party.budget.kill_after = PLAY_TIME;
            interact::play(&party).map_err(|e| Error::io(binary, e))?
        }
        (Io::Interactive, Some(case)) => return talk(root, problem, &party, case).map(Some),
        (
            Io::Files {
                input: name,
                output,
            },
            file,
        ) => {
            let stdin = match (name, file) {
                (Some(name), Some(file)) => copy(file, &scratch.path().join(name))?,
                (Some(name), None) => typed(&scratch.path().join(name))?,
                (None, Some(file)) => file.to_path_buf(),
                (None, None) => typed(&scratch.path().join("typed.in"))?,
            };
            let stdin = if name.is_some() {
                Path::new("/dev/null").to_path_buf()
            } else {
                stdin
            };
            let ran = interact::run_in_folder(&party, &stdin).map_err(|e| Error::io(binary, e))?;
            // The answer is kept where a stdin/stdout problem's is: the folder goes.
            let kept = root
                .join("target/judge/run")
                .join(format!("{}.out", problem.name));
            match output {
                Some(name) => {
                    show_file(root, &ran.stdout, "stdout", None);
                    let written = interact::Spool::at(&scratch.path().join(name));
                    show_file(root, &written, name, Some(&kept));
                }
                None => show_file(root, &ran.stdout, "stdout", Some(&kept)),
            }
            show_file(root, &ran.stderr, "stderr", None);
            ran
        }
    };
    Ok(Some(status(problem, &ran)))
}

/// Copies `from` to `to` (the file the solution reads).
fn copy(from: &Path, to: &Path) -> Result<std::path::PathBuf> {
    fs::copy(from, to).map_err(|e| Error::io(from, e))?;
    Ok(to.to_path_buf())
}

/// What is typed on stdin, written to `to`.
fn typed(to: &Path) -> Result<std::path::PathBuf> {
    if io::stdin().is_terminal() {
        eprintln!("type the input, then Ctrl-D on a line of its own");
    }
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("stdin", e))?;
    fs::write(to, bytes).map_err(|e| Error::io(to, e))?;
    Ok(to.to_path_buf())
}

/// Prints a file the run wrote, under its name ([`show`]); the output file of a file
/// problem (`kept`) is first copied whole to `kept`, since the run's folder goes with it.
fn show_file(root: &Path, file: &interact::Spool, name: &str, kept: Option<&Path>) {
    if let Some(what) = file.not_regular() {
        println!("--- {}: {}, not read", name, what);
        return;
    }
    let Ok(mut reader) = file.reader() else {
        println!("--- {}: not written", name);
        return;
    };
    let kept = kept.filter(|to| {
        fs::File::create(to)
            .and_then(|mut to| io::copy(&mut file.reader()?, &mut to))
            .is_ok()
    });
    let said = show(
        &mut io::stdout().lock(),
        root,
        name,
        &mut reader,
        file.len,
        kept,
    );
    let _ = crate::exec::pipe::stdout(said);
}

/// Lines of an output printed at most by `make run`; past them, or past [`SHOWN_BYTES`],
/// where the whole of it is is said instead.
pub(super) const SHOWN_LINES: usize = 200;

/// Bytes of an output printed at most by `make run`.
pub(super) const SHOWN_BYTES: usize = 64 << 10;

/// Prints `name`'s output, `len` bytes read from `text`: a header line, then at most
/// [`SHOWN_LINES`] lines and [`SHOWN_BYTES`] bytes of it, then how much more there is and
/// where all of it is (`kept`, shown from `root`).
pub(super) fn show(
    out: &mut impl io::Write,
    root: &Path,
    name: &str,
    text: &mut impl Read,
    len: u64,
    kept: Option<&Path>,
) -> io::Result<()> {
    writeln!(out, "--- {} ({} bytes)", name, len)?;
    let mut head = Vec::new();
    text.take(SHOWN_BYTES as u64).read_to_end(&mut head)?;
    let cut = head
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(SHOWN_LINES - 1)
        .map_or(head.len(), |(i, _)| i + 1);
    let shown = &head[..cut];
    out.write_all(shown)?;
    if !shown.ends_with(b"\n") && !shown.is_empty() {
        writeln!(out)?;
    }
    let more = len.saturating_sub(shown.len() as u64);
    if more > 0 {
        let whole = match kept {
            Some(kept) => format!(
                ": all of it is in {}",
                kept.strip_prefix(root).unwrap_or(kept).display()
            ),
            None => String::new(),
        };
        writeln!(
            out,
            "... {} more bytes (the first {} lines or {} KiB are shown){}",
            more,
            SHOWN_LINES,
            SHOWN_BYTES >> 10,
            whole
        )?;
    }
    Ok(())
}

/// The solution against the problem's interactor on `case`, with the exchange.
fn talk(root: &Path, problem: &Problem, party: &Party, case: &Path) -> Result<Outcome> {
    let (interactor, named) = match testlib::interactor(root, problem)? {
        Some(cpp) => (cpp.binary, cpp.source),
        None => {
            kit::build_role(root, &[problem], "interactor")?;
            let rust = kit::binary(root, problem, "interactor");
            (rust, crate::check::cases::interactor_source(problem))
        }
    };
    let tout = party.dir.join("interactor.tout");
    let case = fs::canonicalize(case).map_err(|e| Error::io(case, e))?;
    let other = Party {
        program: &interactor,
        args: vec![case.display().to_string(), tout.display().to_string()],
        dir: party.dir,
        budget: party.budget,
    };
    let talked = interact::converse(party, &other).map_err(|e| Error::io(&interactor, e))?;
    let (verdict, detail) = interactive::judge(problem.limits(), &talked, &named)
        .map_err(|e| Error::io(party.dir, e))?;
    print!("{}", interactive::transcript(&talked));
    println!("{} {}", verdict, detail);
    status(problem, &talked.solution);
    Ok(Outcome::of(verdict == Verdict::Ac))
}

/// The run's status line, as `make run` prints it; passes when it exited 0 within limits.
pub(super) fn status<O>(problem: &Problem, ran: &Measured<O>) -> Outcome {
    let limits = problem.limits();
    let late = verdict::time_exceeded(ran, limits.time_ms);
    let big = ran.max_rss_kib > limits.memory_mib * 1024;
    println!(
        "{}; wall {} ms, cpu {} ms (limit {} ms); peak {:.1} MiB (limit {} MiB){}{}",
        ran.exit.describe(),
        ran.elapsed.as_millis(),
        ran.cpu.as_millis(),
        limits.time_ms,
        ran.max_rss_kib as f64 / 1024.0,
        limits.memory_mib,
        if late.is_some() { "; TLE" } else { "" },
        if big { "; MLE" } else { "" },
    );
    Outcome::of(ran.exit == Exit::Code(0) && late.is_none() && !big)
}
