//! A failing case run again from its bundle built with overflow checks, and where that panics.

use crate::build::bundle;
use crate::build::compile::{
    cache_dir, compile_cached, compile_with, single_file_args, with_overflow_checks,
};
use crate::build::diagnostics::scrub_paths;
use crate::build::linemap::LineMap;
use crate::build::toolchain::Rustc;
use crate::check::cases::{self, Done};
use crate::check::report::Panic;
use crate::error::{Error, Result};
use crate::exec::run::ScratchDir;
use crate::judging::checker::Program;
use crate::judging::verdict::{Expected, Verdict};
use crate::text::printable::printable;
use crate::workspace::problem::Problem;
use std::fs;
use std::mem;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::thread::{self, JoinHandle};

/// Whether a case of the check that ended so gets a second run: WA and RE, the verdicts an
/// overflow usually hides behind. A TLE's second run would cost up to the kill time on every
/// check of a slow solution, so it gets none (`make stress`, which stops at one failing
/// case, runs any failure again: [`after_stress`]).
pub fn worth_a_second_run(verdict: Verdict) -> bool {
    matches!(verdict, Verdict::Wa | Verdict::Re)
}

/// Characters of a panic's message a note shows, at most.
const MESSAGE_WIDTH: usize = 160;

/// What a row says of a second run: where the build with overflow checks panicked, mapped to
/// the user's file by `map`. `None` when it did not panic, or panicked as the judged run did
/// (`judged`: the judged run's panic), which its row says already.
pub fn note(
    judged: Option<&Panic>,
    checked: Option<&Panic>,
    map: &LineMap,
    root: &Path,
) -> Option<String> {
    let checked = checked.filter(|p| judged != Some(*p))?;
    let message: String = checked.message.chars().take(MESSAGE_WIDTH).collect();
    Some(format!(
        "a build with overflow checks panics: {} (at {})",
        printable(&message),
        map.rewrite(&scrub_paths(&checked.place, root))
    ))
}

/// The overflow-checking twin of one judged compile, compiled the first time a case asks for
/// it, on a thread of its own, so that a check whose cases all pass never compiles it and a
/// failing one starts it while its other cases still run. Kept in the compile cache like
/// every compile.
pub struct Deferred {
    rustc: Rustc,
    /// The judged compile's flags with [`crate::build::compile::OVERFLOW_CHECKS`].
    args: Vec<String>,
    root: PathBuf,
    source: PathBuf,
    state: Mutex<State>,
}

enum State {
    Idle,
    Compiling(JoinHandle<Option<PathBuf>>),
    /// Its binary, or `None` when it did not compile.
    Done(Option<PathBuf>),
}

impl Deferred {
    /// The twin of the compile of `source` (a bundle under `root`) by `rustc` with `judged`
    /// (the judged compile's flags and edition); nothing starts yet.
    pub fn new(rustc: &Rustc, judged: &[String], root: &Path, source: &Path) -> Deferred {
        Deferred {
            rustc: rustc.clone(),
            args: with_overflow_checks(judged),
            root: root.to_path_buf(),
            source: source.to_path_buf(),
            state: Mutex::new(State::Idle),
        }
    }

    /// Starts the compile in the background, unless it was started before.
    pub fn start(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let State::Idle = *state {
            let (rustc, args) = (self.rustc.clone(), self.args.clone());
            let (root, source) = (self.root.clone(), self.source.clone());
            *state = State::Compiling(thread::spawn(move || {
                let compiled =
                    compile_cached(&rustc, &args, &root, &source, &cache_dir(&root)).ok()?;
                compiled.result.is_ok().then_some(compiled.binary)
            }));
        }
    }

    /// The binary, compiled now unless it was started before (then waited for); `None` when
    /// it does not compile (its judged twin did, so this is the rare flag that changes
    /// that, and the row then says nothing of it).
    pub fn binary(&self) -> Option<PathBuf> {
        self.start();
        self.settle();
        match &*self.state.lock().unwrap_or_else(|e| e.into_inner()) {
            State::Done(binary) => binary.clone(),
            _ => None,
        }
    }

    /// Waits for the compile when it is under way; starts none. So that a run timed alone
    /// (a case killed at the cap beside others, run again) is not timed beside a rustc.
    pub fn settle(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let State::Compiling(_) = *state {
            if let State::Compiling(handle) = mem::replace(&mut *state, State::Idle) {
                *state = State::Done(handle.join().ok().flatten());
            }
        }
    }
}

impl Drop for Deferred {
    /// A compile under way is waited for: its rustc never outlives the check.
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        if let State::Compiling(handle) = mem::replace(state, State::Idle) {
            let _ = handle.join();
        }
    }
}

/// The failing case `make stress` found, as it reports it.
pub struct Failed<'a> {
    pub root: &'a Path,
    pub problem: &'a Problem,
    /// The single-file solution under test (`--solver`), else `None`: the problem's bundle.
    pub solver: Option<&'a Path>,
    pub checker: Option<&'a Program>,
    pub interactor: Option<&'a Program>,
    pub input: &'a [u8],
    /// The reference's answer and exit status; `None` for an interactive problem.
    pub answer: Option<(&'a [u8], i32)>,
    /// How the judged build did on it.
    pub judged: &'a Done,
}

/// Runs the case `make stress` found failing once more, from the overflow-checking build of
/// the program it tested (the bundle, compiled like [`bundle::build`] with
/// [`crate::build::compile::OVERFLOW_CHECKS`] added, through the cache; a `--solver` file,
/// compiled again with them), under the same limits. Its line of the report: where that
/// build panics, or that it does not; `None` when it panics as the judged build did, does
/// not compile, or the interactor failed (FAIL: the solution is not to blame).
pub fn after_stress(failed: &Failed) -> Result<Option<String>> {
    let (root, problem) = (failed.root, failed.problem);
    if failed.judged.verdict == Verdict::Fail {
        return Ok(None);
    }
    let scratch = ScratchDir::new(&root.join("target/stress").join(&problem.name))?;
    let dir = scratch.path();
    let binary = match failed.solver {
        Some(file) => {
            let binary = dir.join("overflow-checks");
            let args = with_overflow_checks(&single_file_args("2018"));
            match compile_with(Path::new("rustc"), &args, file, &binary) {
                Ok(_) => binary,
                Err(_) => return Ok(None),
            }
        }
        None => {
            let (rustc, args) =
                bundle::default_compile(problem).map_err(|source| Error::Bundle {
                    problem: problem.name.clone(),
                    source,
                })?;
            let source = root
                .join("target/submit")
                .join(format!("{}.rs", problem.name));
            let args = with_overflow_checks(&args);
            let compiled = compile_cached(&rustc, &args, root, &source, &cache_dir(root))
                .map_err(|e| Error::io(&source, e))?;
            if compiled.result.is_err() {
                return Ok(None);
            }
            compiled.binary
        }
    };
    let input = dir.join("input.txt");
    fs::write(&input, failed.input).map_err(|e| Error::io(&input, e))?;
    let expected = match failed.answer {
        Some((answer, code)) => {
            let stdout = dir.join("expected.txt");
            fs::write(&stdout, answer).map_err(|e| Error::io(&stdout, e))?;
            Some(Expected {
                stdout,
                code,
                stderr: None,
            })
        }
        None => None,
    };
    let again = cases::judge_any(&cases::Case {
        root,
        problem,
        input: &input,
        limits: problem.limits(),
        binary: &binary,
        expected: expected.as_ref(),
        checker: failed.checker,
        interactor: failed.interactor,
        scratch: &dir.join("run"),
    })?;
    let map = LineMap::load(root, &problem.name);
    let judged = failed.judged.panic.as_ref();
    Ok(match &again.panic {
        Some(_) => note(judged, again.panic.as_ref(), &map, root),
        None => Some(format!(
            "a build with overflow checks does not panic on it ({})",
            again.verdict
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_tells_only_a_panic_the_judged_run_did_not_have() {
        let root = Path::new("/nowhere");
        // No files to map by: places stay the bundle's.
        let map = LineMap::load(root, "x");
        let overflow = Panic {
            place: "target/submit/x.rs:3:9".to_string(),
            message: "attempt to add with overflow".to_string(),
        };
        assert_eq!(note(None, None, &map, root), None);
        assert_eq!(note(Some(&overflow), None, &map, root), None);
        assert_eq!(note(Some(&overflow), Some(&overflow), &map, root), None);
        let said = "a build with overflow checks panics: attempt to add with overflow (at \
                    target/submit/x.rs:3:9)";
        assert_eq!(
            note(None, Some(&overflow), &map, root).as_deref(),
            Some(said)
        );
        let elsewhere = Panic {
            place: "target/submit/x.rs:4:1".to_string(),
            ..overflow.clone()
        };
        assert!(note(Some(&elsewhere), Some(&overflow), &map, root).is_some());
        // A long message is cut, a control character escaped.
        let long = Panic {
            message: format!("\u{1b}{}", "m".repeat(500)),
            ..overflow
        };
        let said = note(None, Some(&long), &map, root).unwrap();
        assert!(said.contains("\\u{1b}") && !said.contains(&"m".repeat(MESSAGE_WIDTH)));
    }
}
