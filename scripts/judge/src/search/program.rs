//! The program a generated-input search (`stress`, `worst`) puts to the test: the problem's
//! bundle, or a single-file solution compiled the way a judge compiles it.

use crate::build::{bundle, compile};
use crate::error::{Error, Result};
use crate::workspace::kit;
use crate::workspace::problem::Problem;
use std::fs;
use std::path::{Path, PathBuf};

/// What a generated-input search needs before its first input: the problem's `stress`
/// argument sets, its test kit built, and the program under test, which is `solver` compiled
/// like a judge into `root/<work>` when given, else the problem's bundle. Returns the
/// program's path.
pub fn prepare(
    root: &Path,
    problem: &Problem,
    solver: Option<&Path>,
    work: &str,
) -> Result<PathBuf> {
    if problem.stress.is_empty() {
        return Err(Error::Manifest {
            place: problem.name.clone(),
            what: "no stress generator arguments: add `stress = [[...]]` to \
                   [package.metadata.judge]"
                .to_string(),
        });
    }
    prepare_kit(root, problem, solver, work)
}

/// [`prepare`] without the `stress` argument sets: the test kit built and the program under
/// test (what `make shrink` needs for a saved input).
pub fn prepare_kit(
    root: &Path,
    problem: &Problem,
    solver: Option<&Path>,
    work: &str,
) -> Result<PathBuf> {
    kit::build(root, &[problem])?;
    match solver {
        Some(file) => compile_single(problem, file, &root.join(work)),
        None => bundle::build(root, problem)
            .map(|s| s.binary)
            .map_err(|source| Error::Bundle {
                problem: problem.name.clone(),
                source,
            }),
    }
}

/// Compiles a single-file solution the way a judge does, into `dir`, named after the problem
/// and the file (so that two solutions tested at once do not share a binary).
pub fn compile_single(problem: &Problem, file: &Path, dir: &Path) -> Result<PathBuf> {
    fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("solver");
    let bin = dir.join(format!("{}-solver-{}", problem.name, stem));
    compile::compile(file, &bin, "2018").map_err(|source| Error::Compile {
        file: file.to_path_buf(),
        source,
    })?;
    Ok(bin)
}
