//! Judging a run: comparing its output with the expected one, the problem's checker, and the
//! verdict with its one-line reason.

pub mod checker;
pub mod compare;
pub mod diff;
pub mod interactive;
pub mod validator;
pub mod verdict;
