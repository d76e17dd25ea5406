//! Inputs with their expected answers: the generator, then the reference, on a thread of
//! their own while the solver is timed.

use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::search::origin::Origin;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::fs;
use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Makes inputs and their expected answers: the generator, then the reference. It has its
/// own scratch folder, so that one can work on another thread while the solver is timed.
#[derive(Clone)]
pub(super) struct Maker {
    pub(super) root: PathBuf,
    pub(super) problem: Problem,
    pub(super) reference: PathBuf,
    pub(super) scratch: PathBuf,
}

/// An input with the reference's answer and exit status.
pub(super) struct Answered {
    pub(super) origin: Origin,
    pub(super) input: Vec<u8>,
    pub(super) answer: Vec<u8>,
    pub(super) code: i32,
}

impl Maker {
    /// The generator's input for `origin` (its swaps are not applied).
    pub(super) fn generate(&self, origin: &Origin) -> Result<Vec<u8>> {
        kit::generate(
            &self.root,
            &self.problem,
            &origin.args,
            origin.seed,
            &self.scratch.join("gen"),
        )
    }

    /// Runs the reference on `input`; an error if it does not finish with an exit status.
    pub(super) fn answer(&self, origin: Origin, input: Vec<u8>) -> Result<Answered> {
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
