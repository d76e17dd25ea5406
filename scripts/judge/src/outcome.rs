//! How a command ended, when it could run at all.

/// How a command ended, when it could run at all (when it could not: [`crate::Error`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything it checked holds: exit status 0.
    Pass,
    /// It ran, and found something wrong (a verdict, an invalid output): exit status 1.
    Fail,
}

impl Outcome {
    /// `Pass` when `ok`.
    pub fn of(ok: bool) -> Outcome {
        if ok {
            Outcome::Pass
        } else {
            Outcome::Fail
        }
    }
}
