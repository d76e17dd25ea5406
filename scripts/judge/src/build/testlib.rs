//! A problem's checker, validator and interactor: the C++ (testlib) programs its manifest
//! names, compiled ([`cpp::compile`], cached), or else its Rust bins.

use crate::build::cpp;
use crate::error::{Error, Result};
use crate::judging::checker::{Contract, Program};
use crate::judging::validator::is_stub;
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::path::{Path, PathBuf};

/// The C++ program at `source` (relative to `root`) compiled with the problem's `include`
/// folders (none named: the source's own folder), and how rows name it.
fn compiled(root: &Path, problem: &Problem, source: &Path) -> Result<Program> {
    let include: Vec<PathBuf> = if problem.cpp.include.is_empty() {
        source.parent().map(|d| root.join(d)).into_iter().collect()
    } else {
        problem.cpp.include.iter().map(|d| root.join(d)).collect()
    };
    // A rejection names the source as the manifest does, relative to the workspace.
    let binary =
        cpp::compile(&root.join(source), &include, &cpp::cache_dir(root)).map_err(|e| match e {
            Error::Compile { source: why, .. } => Error::Compile {
                file: source.to_path_buf(),
                source: why,
            },
            other => other,
        })?;
    Ok(Program {
        binary,
        source: source.display().to_string(),
        contract: Contract::Testlib,
    })
}

/// The problem's checker when it compares with one: the C++ `checker` compiled, else its
/// Rust bin `<name>-check` (built by the caller, [`kit::build_role`]); `None` when it
/// compares text. Errors: no C++ compiler, or the source rejected, one line.
pub fn checker(root: &Path, problem: &Problem) -> Result<Option<Program>> {
    if let Some(source) = &problem.cpp.checker {
        return compiled(root, problem, source).map(Some);
    }
    Ok(kit::checker(root, problem).map(|binary| Program {
        binary,
        source: problem.dir.join("src/bin/checker.rs").display().to_string(),
        contract: Contract::Rust,
    }))
}

/// The problem's C++ `interactor` compiled, when it names one; `None`: its Rust bin
/// `<name>-interactor` talks (as `check::cases` finds it).
pub fn interactor(root: &Path, problem: &Problem) -> Result<Option<Program>> {
    problem
        .cpp
        .interactor
        .as_deref()
        .map(|source| compiled(root, problem, source))
        .transpose()
}

/// The problem's validator, chosen here alone: its C++ `validator` compiled, when it names
/// one, else its Rust bin `<name>-validate` when it has `src/bin/validator.rs`
/// ([`kit::validator`]; built by the caller); `None` without either.
pub fn validator(root: &Path, problem: &Problem) -> Result<Option<Program>> {
    if let Some(source) = &problem.cpp.validator {
        return compiled(root, problem, source).map(Some);
    }
    Ok(kit::validator(root, problem).map(|binary| Program {
        binary,
        source: problem
            .dir
            .join("src/bin/validator.rs")
            .display()
            .to_string(),
        contract: Contract::Rust,
    }))
}

/// The problem's [`validator`] unless it is a Rust stub that is not written yet
/// ([`crate::judging::validator::is_stub`]): the validator to run, if any. `scratch` holds
/// the probe's output.
pub fn written_validator(
    root: &Path,
    problem: &Problem,
    scratch: &Path,
) -> Result<Option<Program>> {
    match validator(root, problem)? {
        Some(p) if p.contract == Contract::Rust && is_stub(&p.binary, scratch)? => Ok(None),
        other => Ok(other),
    }
}

/// A problem's checker, validator and C++ interactor, as [`checker`], [`validator`] and
/// [`interactor`] give them.
#[derive(Clone, Debug, Default)]
pub struct Programs {
    pub checker: Option<Program>,
    pub validator: Option<Program>,
    pub interactor: Option<Program>,
}

/// The problem's [`Programs`], the C++ ones compiled side by side (a testlib compile takes
/// seconds; each is one compiler process). The first error, in the order checker,
/// validator, interactor.
pub fn programs(root: &Path, problem: &Problem) -> Result<Programs> {
    std::thread::scope(|scope| {
        let validator = scope.spawn(|| validator(root, problem));
        let interactor = scope.spawn(|| interactor(root, problem));
        let checker = checker(root, problem);
        let joined = |handle: std::thread::ScopedJoinHandle<'_, Result<Option<Program>>>| {
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        let (validator, interactor) = (joined(validator), joined(interactor));
        Ok(Programs {
            checker: checker?,
            validator: validator?,
            interactor: interactor?,
        })
    })
}

/// Whether the problem's Rust bin of `role` (`check`, `interactor`, `validate`) is used: no
/// C++ program replaces it.
pub fn uses_rust_bin(problem: &Problem, role: &str) -> bool {
    match role {
        "check" => problem.cpp.checker.is_none(),
        "interactor" => problem.cpp.interactor.is_none(),
        "validate" => problem.cpp.validator.is_none(),
        _ => true,
    }
}
