//! judge: bundle a problem into the one file a judge gets, compile it like each judge that
//! takes it, run it on the samples, compare, time; plus bench, stress, worst, new, list,
//! submit, receive and watch.
//!
//! The modules are layers, each importing only from the ones listed before it:
//!
//! | layer | what it holds |
//! |---|---|
//! | [`error`], [`outcome`], [`text`] | the one error type, how a command ended; JSON and printable text |
//! | [`exec`] | running a program under limits, measuring it (the only `unsafe` code) |
//! | [`judging`] | comparing outputs, checkers, verdicts |
//! | [`workspace`] | problems, manifests, judges, samples, test kits, scaffolds |
//! | [`build`] | the bundle, the compilers, compiles like each judge's |
//! | [`check`] | the check of the samples: compile plan, judged runs, table |
//! | [`search`] | the stress and slowest-input loops |
//! | [`intake`] | problems from Competitive Companion |
//! | [`cli`] | the command table and argument parsing |
//! | [`commands`] | one module per command: arguments, engine, report |

#![deny(unsafe_code)]

// The runner needs a POSIX system (process groups, rlimits, wait4, signals): Linux and
// macOS. Windows stops here with one error, and nothing else is compiled there.
#[cfg(not(unix))]
compile_error!(
    "judge runs on Linux and macOS only: on Windows, run it in WSL \
     (Windows Subsystem for Linux: `wsl --install`, then `make` inside the Linux shell)"
);

#[cfg(unix)]
pub mod error;
#[cfg(unix)]
pub mod outcome;
#[cfg(unix)]
pub mod text;

#[cfg(unix)]
pub mod exec;

#[cfg(unix)]
pub mod judging;

#[cfg(unix)]
pub mod workspace;

#[cfg(unix)]
pub mod build;

#[cfg(unix)]
pub mod check;

#[cfg(unix)]
pub mod search;

#[cfg(unix)]
pub mod intake;

#[cfg(unix)]
pub mod cli;

#[cfg(unix)]
pub mod commands;

#[cfg(unix)]
pub use error::{Error, Result};
#[cfg(unix)]
pub use outcome::Outcome;
