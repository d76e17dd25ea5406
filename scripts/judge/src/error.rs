//! The tool's one error type: why a command could not run, on one line, its cause kept.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a command could not run (as opposed to running and failing: see
/// `Outcome`). Its `Display` is one line that ends with the cause.
#[derive(Debug)]
pub enum Error {
    /// The command line is wrong: an unknown command or flag, a bad value, a missing operand.
    Usage(String),
    /// A manifest's `[package.metadata.judge]` is wrong, or cargo cannot read the manifests.
    /// `place` names the manifest (its path) or the cargo call.
    Manifest { place: String, what: String },
    /// Reading or writing `path` (when known) failed.
    Io {
        path: Option<PathBuf>,
        source: io::Error,
    },
    /// A program could not be started.
    Spawn { program: String, source: io::Error },
    /// The problem's bundle does not build.
    Bundle {
        problem: String,
        source: BundleError,
    },
    /// A single-file solution does not compile.
    Compile { file: PathBuf, source: CompileError },
    /// The problem's test kit failed: its build, its generator, its reference or its checker.
    Kit(String),
    /// `what` could not be done because of `source`: `p1074 case 3: ...`.
    Context { what: String, source: Box<Error> },
    /// Something the tool was handed and does not take: a sample file, a problem name, a
    /// template, a problem page or a saved request. One line saying why, and what to do.
    Refused(String),
    /// No compiler that can do what is asked: why, and how to get one.
    NoCompiler(String),
}

/// The tool's result.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            path: Some(path.into()),
            source,
        }
    }

    /// This error as the cause of `what`.
    pub fn context(self, what: impl Into<String>) -> Error {
        Error::Context {
            what: what.into(),
            source: Box::new(self),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(why) | Error::Kit(why) | Error::Refused(why) | Error::NoCompiler(why) => {
                f.write_str(why)
            }
            Error::Manifest { place, what } => write!(f, "{}: {}", place, what),
            Error::Io {
                path: Some(path),
                source,
            } => write!(f, "{}: {}", path.display(), source),
            Error::Io { path: None, source } => write!(f, "{}", source),
            Error::Spawn { program, source } => write!(f, "cannot run {}: {}", program, source),
            Error::Bundle { problem, source } => write!(
                f,
                "{}: the bundle does not build ({}); run `make check P={}`",
                problem, source, problem
            ),
            Error::Compile { file, source } => match source {
                CompileError::NoRustc(why) => f.write_str(why),
                CompileError::Rejected(why) => write!(f, "{}: {}", file.display(), why),
            },
            Error::Context { what, source } => write!(f, "{}: {}", what, source),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } | Error::Spawn { source, .. } => Some(source),
            Error::Bundle { source, .. } => Some(source),
            Error::Compile { source, .. } => Some(source),
            Error::Context { source, .. } => Some(source.as_ref()),
            Error::Usage(_)
            | Error::Manifest { .. }
            | Error::Kit(_)
            | Error::Refused(_)
            | Error::NoCompiler(_) => None,
        }
    }
}

/// An I/O error whose path the caller did not name: its message alone.
impl From<io::Error> for Error {
    fn from(source: io::Error) -> Error {
        Error::Io { path: None, source }
    }
}

/// Why a problem could not be turned into a runnable submission. Its `Display` is the one
/// line the check's table shows.
#[derive(Debug)]
pub enum BundleError {
    /// cargo-equip (or cargo) failed: the workspace itself does not build.
    Equip(String),
    /// The bundle could not be read or written.
    Io(PathBuf, io::Error),
    /// No rustc to compile it with: why.
    NoRustc(String),
    /// A judge's compiler rejects the file: the compile's command line and the first error.
    Compile(String, String),
}

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundleError::Equip(why) => write!(f, "bundling failed: {}", why),
            BundleError::Io(path, e) => write!(f, "bundling failed: {}: {}", path.display(), e),
            BundleError::NoRustc(why) => f.write_str(why),
            BundleError::Compile(command, why) => write!(f, "{}: {}", command, why),
        }
    }
}

impl std::error::Error for BundleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BundleError::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

/// Why a single-file compile failed.
#[derive(Debug)]
pub enum CompileError {
    /// rustc could not be started.
    NoRustc(String),
    /// rustc rejected the source: its first error, on one line.
    Rejected(String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::NoRustc(why) | CompileError::Rejected(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for CompileError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn display_keeps_the_cause_and_source_gives_it() {
        let gone = || io::Error::new(io::ErrorKind::NotFound, "no such file");
        let e = Error::io("samples/x/1.out", gone());
        assert_eq!(e.to_string(), "samples/x/1.out: no such file");
        assert_eq!(e.source().unwrap().to_string(), "no such file");
        let e = e.context("x case 1");
        assert_eq!(e.to_string(), "x case 1: samples/x/1.out: no such file");
        assert_eq!(
            e.source().unwrap().to_string(),
            "samples/x/1.out: no such file"
        );
        let e = Error::Bundle {
            problem: "x".into(),
            source: BundleError::Equip("no cargo".into()),
        };
        assert_eq!(
            e.to_string(),
            "x: the bundle does not build (bundling failed: no cargo); run `make check P=x`"
        );
        assert!(e.source().is_some());
    }
}
