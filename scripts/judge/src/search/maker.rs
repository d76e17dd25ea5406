//! Inputs with their expected answers: the generator, then the reference, run light (a wall
//! clock, an output cap, the process group; not traced, not measured) into files of the
//! maker's own scratch folder, reused from one input to the next.

use crate::error::{Error, Result};
use crate::exec::interact::{self, Party};
use crate::exec::light::{run_light, Streams};
use crate::exec::run::{self, Budget, Exit};
use crate::judging::checker::Program;
use crate::judging::validator::validate;
use crate::search::origin::Origin;
use crate::workspace::io::Io;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How long a generator may run, and a reference.
const GENERATOR_CAP: Duration = Duration::from_secs(300);
const REFERENCE_CAP: Duration = Duration::from_secs(120);

/// Makes inputs and their expected answers: the generator, then the reference. It has its
/// own scratch folder, so that one can work on another thread while the solver is timed.
#[derive(Clone)]
pub(super) struct Maker {
    pub(super) problem: Problem,
    pub(super) generator: PathBuf,
    pub(super) reference: PathBuf,
    pub(super) scratch: PathBuf,
    /// The validator every generated input is held to ([`Maker::vet`]), and where an input
    /// it rejects is saved.
    pub(super) validator: Option<(Program, PathBuf)>,
}

/// An input with the reference's answer and exit status.
pub(super) struct Answered {
    pub(super) origin: Origin,
    pub(super) input: Vec<u8>,
    pub(super) answer: Vec<u8>,
    pub(super) code: i32,
}

impl Maker {
    /// A maker of `problem`'s inputs (its kit built in `root`) that works in `scratch`.
    pub(super) fn new(root: &Path, problem: &Problem, scratch: PathBuf) -> Result<Maker> {
        fs::create_dir_all(&scratch).map_err(|e| Error::io(&scratch, e))?;
        Ok(Maker {
            problem: problem.clone(),
            generator: kit::binary(root, problem, "gen"),
            reference: kit::binary(root, problem, "ref"),
            scratch,
            validator: None,
        })
    }

    /// The same maker, its generated inputs held to `validator` (an input it rejects is
    /// saved as `invalid`).
    pub(super) fn validated(self, validator: Option<Program>, invalid: PathBuf) -> Maker {
        Maker {
            validator: validator.map(|v| (v, invalid)),
            ..self
        }
    }

    /// Whether the validator, if there is one, accepts `input` (a mutant the climb made).
    pub(super) fn accepts(&self, input: &[u8]) -> Result<bool> {
        let Some((validator, _)) = &self.validator else {
            return Ok(true);
        };
        let file = self.scratch.join("vet.in");
        fs::write(&file, input).map_err(|e| Error::io(&file, e))?;
        Ok(validate(&validator.binary, &file, &self.scratch.join("validator"))?.is_none())
    }

    /// Holds the generated input `input` of `origin` to the validator, if there is one: an
    /// input it rejects is the generator's bug, an error that names the generator's command
    /// and the reason, the input saved.
    pub(super) fn vet(&self, origin: &Origin, input: &[u8]) -> Result<()> {
        let Some((validator, invalid)) = &self.validator else {
            return Ok(());
        };
        let file = self.scratch.join("vet.in");
        fs::write(&file, input).map_err(|e| Error::io(&file, e))?;
        let Some(reason) = validate(&validator.binary, &file, &self.scratch.join("validator"))?
        else {
            return Ok(());
        };
        if let Some(dir) = invalid.parent() {
            fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        fs::write(invalid, input).map_err(|e| Error::io(invalid, e))?;
        Err(Error::Kit(format!(
            "the generator's bug, not the solution's: `{}` made an input {} rejects ({}): {}",
            origin.command(&self.problem.name),
            validator.source,
            invalid.display(),
            reason
        )))
    }

    /// The same maker in another scratch folder.
    pub(super) fn elsewhere(&self, scratch: PathBuf) -> Result<Maker> {
        fs::create_dir_all(&scratch).map_err(|e| Error::io(&scratch, e))?;
        Ok(Maker {
            scratch,
            ..self.clone()
        })
    }

    /// Writes the generator's input for `origin` (its swaps are not applied) to `out`.
    pub(super) fn generate_into(&self, origin: &Origin, out: &Path) -> Result<()> {
        let mut args = origin.args.clone();
        args.push("--seed".into());
        args.push(origin.seed.to_string());
        let stderr = self.scratch.join("gen.stderr");
        let streams = Streams {
            stdin: Path::new("/dev/null"),
            stdout: out,
            stderr: &stderr,
        };
        let made = run_light(&self.generator, &args, streams, budget(GENERATOR_CAP))
            .map_err(|e| Error::io(&self.generator, e))?;
        if made.exit != Exit::Code(0) {
            return Err(Error::Kit(format!(
                "`{}-gen {}` failed: {}",
                self.problem.name,
                args.join(" "),
                made.first_stderr_line()
            )));
        }
        Ok(())
    }

    /// Runs the reference on the file `input`, its answer written to `out`; its exit
    /// status, or an error if it does not finish with one.
    pub(super) fn answer_file(&self, origin: &Origin, input: &Path, out: &Path) -> Result<i32> {
        if let Io::Files {
            input: name,
            output,
        } = &self.problem.io
        {
            return self.answer_in_folder(origin, input, (name.as_deref(), output.as_deref()), out);
        }
        let stderr = self.scratch.join("ref.stderr");
        let streams = Streams {
            stdin: input,
            stdout: out,
            stderr: &stderr,
        };
        let answer = run_light(&self.reference, &[], streams, budget(REFERENCE_CAP))
            .map_err(|e| Error::io(&self.reference, e))?;
        match answer.exit {
            Exit::Code(code) if answer.over_cap.is_none() => Ok(code),
            other => Err(Error::Kit(format!(
                "the reference did not finish on `{}` ({:?})",
                origin.command(&self.problem.name),
                other
            ))),
        }
    }

    /// The reference of a file problem, run as its solution is: in a folder of its own with
    /// the case copied to the input file's name, and on stdin as well (a reference written
    /// for stdin works too). Its answer, copied to `out`, is the named output file when it
    /// wrote one, else its stdout. Its exit status, or an error if it does not finish.
    fn answer_in_folder(
        &self,
        origin: &Origin,
        input: &Path,
        (name, output): (Option<&str>, Option<&str>),
        out: &Path,
    ) -> Result<i32> {
        let dir = self.scratch.join("ref");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
        if let Some(name) = name {
            fs::copy(input, dir.join(name)).map_err(|e| Error::io(input, e))?;
        }
        let party = Party {
            program: &self.reference,
            args: Vec::new(),
            dir: &dir,
            budget: budget(REFERENCE_CAP),
        };
        let ran =
            interact::run_in_folder(&party, input).map_err(|e| Error::io(&self.reference, e))?;
        let written = output.map(|o| dir.join(o)).filter(|o| o.is_file());
        let answer = written.unwrap_or_else(|| ran.stdout.path().to_path_buf());
        match ran.exit {
            Exit::Code(code) if ran.over_cap.is_none() => {
                fs::copy(&answer, out).map_err(|e| Error::io(&answer, e))?;
                Ok(code)
            }
            other => Err(Error::Kit(format!(
                "the reference did not finish on `{}` ({:?})",
                origin.command(&self.problem.name),
                other
            ))),
        }
    }

    /// The generator's input for `origin` (its swaps are not applied), held to the
    /// validator ([`Maker::vet`]).
    pub(super) fn generate(&self, origin: &Origin) -> Result<Vec<u8>> {
        let input = self.generate_unvetted(origin)?;
        self.vet(origin, &input)?;
        Ok(input)
    }

    /// The generator's input for `origin`, not held to the validator.
    pub(super) fn generate_unvetted(&self, origin: &Origin) -> Result<Vec<u8>> {
        let file = self.scratch.join("gen.stdout");
        self.generate_into(origin, &file)?;
        fs::read(&file).map_err(|e| Error::io(&file, e))
    }

    /// Runs the reference on `input`; an error if it does not finish with an exit status.
    /// An interactive problem's interactor decides each input, as in `make stress`: no
    /// reference is run (its answer is empty, its status 0).
    pub(super) fn answer(&self, origin: Origin, input: Vec<u8>) -> Result<Answered> {
        if self.problem.io.is_interactive() {
            return Ok(Answered {
                origin,
                input,
                answer: Vec::new(),
                code: 0,
            });
        }
        let (file, out) = (
            self.scratch.join("input.txt"),
            self.scratch.join("ref.stdout"),
        );
        fs::write(&file, &input).map_err(|e| Error::io(&file, e))?;
        let code = self.answer_file(&origin, &file, &out)?;
        let answer = fs::read(&out).map_err(|e| Error::io(&out, e))?;
        Ok(Answered {
            origin,
            input,
            answer,
            code,
        })
    }

    /// Generates and answers the survey's inputs on a thread of their own, at most a few
    /// ahead of `survey`, which receives them in order.
    pub(super) fn ahead<T>(
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

/// A helper's budget: `cap` of wall-clock time, the default output cap.
fn budget(cap: Duration) -> Budget {
    Budget {
        kill_after: cap,
        output_cap: run::DEFAULT_OUTPUT_CAP,
        stack: run::DEFAULT_STACK,
    }
}
