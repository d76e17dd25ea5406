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

pub mod error;
pub mod outcome;
pub mod text;

pub mod exec;

pub mod judging;

pub mod workspace;

pub mod build;

pub mod check;

pub mod search;

pub mod intake;

pub mod cli;

pub mod commands;

pub use error::{Error, Result};
pub use outcome::Outcome;
