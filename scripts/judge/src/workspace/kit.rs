//! A problem's test kit: its generator, reference solver and checker binaries.

use crate::error::{Error, Result};
use crate::exec::run::{self, Exit};
use crate::workspace::problem::{Compare, Problem};
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Builds the binaries of `problems` in release mode. Cargo's own output shows on failure.
pub fn build(root: &Path, problems: &[&Problem]) -> Result<()> {
    if problems.is_empty() {
        return Ok(());
    }
    let args = problems
        .iter()
        .flat_map(|p| ["-p".to_string(), p.name.clone()]);
    cargo_build(root, args.chain(["--bins".to_string()]), "the test kit")
}

/// Builds only the `<name>-<role>` binary of each of `problems` (role: gen, ref, check,
/// interactor, validate), so that an edit of the submission's `main.rs` rebuilds nothing here.
pub fn build_role(root: &Path, problems: &[&Problem], role: &str) -> Result<()> {
    let bins: Vec<(&Problem, &str)> = problems.iter().map(|&p| (p, role)).collect();
    build_bins(root, &bins)
}

/// Builds the `<name>-<role>` binary of each (problem, role) pair in one cargo call (one
/// freshness check for all).
pub fn build_bins(root: &Path, bins: &[(&Problem, &str)]) -> Result<()> {
    if bins.is_empty() {
        return Ok(());
    }
    let args = bins.iter().flat_map(|(p, role)| {
        let bin = format!("{}-{}", p.name, role);
        ["-p".to_string(), p.name.clone(), "--bin".to_string(), bin]
    });
    let mut roles: Vec<&str> = bins.iter().map(|b| b.1).collect();
    roles.sort_unstable();
    roles.dedup();
    cargo_build(root, args, &format!("the {} binaries", roles.join(", ")))
}

/// `cargo build --quiet --release ARGS`.
fn cargo_build(root: &Path, args: impl Iterator<Item = String>, what: &str) -> Result<()> {
    let status = Command::new("cargo")
        .current_dir(root)
        .args(["build", "--quiet", "--release"])
        .args(args)
        .status()
        .map_err(|source| Error::Spawn {
            program: "cargo".to_string(),
            source,
        })?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Kit(format!(
            "building {} failed (see cargo's errors above)",
            what
        )))
    }
}

/// The path of the release binary `<name>-<role>` (role: gen, ref, check, validate).
pub fn binary(root: &Path, problem: &Problem, role: &str) -> PathBuf {
    let target = env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    target
        .join("release")
        .join(format!("{}-{}", problem.name, role))
}

/// The problem's checker binary when it compares with one; `None` when it compares text.
pub fn checker(root: &Path, problem: &Problem) -> Option<PathBuf> {
    match problem.compare {
        Compare::Checker => Some(binary(root, problem, "check")),
        Compare::Tokens | Compare::Lines | Compare::Float { .. } | Compare::AnyCase => None,
    }
}

/// The problem's Rust validator, when it has one: the `<name>-validate` binary of its
/// `src/bin/validator.rs` (built by [`build`], or by [`build_role`] with role `validate`).
/// `build::testlib::validator` chooses between it and a C++ one.
pub fn validator(root: &Path, problem: &Problem) -> Option<PathBuf> {
    root.join(&problem.dir)
        .join("src/bin/validator.rs")
        .is_file()
        .then(|| binary(root, problem, "validate"))
}

/// Runs `<name>-gen <args> --seed <seed>` and returns the input it prints, or an error that
/// shows the exact command. `scratch` holds its captured output.
pub fn generate(
    root: &Path,
    problem: &Problem,
    args: &[String],
    seed: u64,
    scratch: &Path,
) -> Result<Vec<u8>> {
    let mut args = args.to_vec();
    args.push("--seed".into());
    args.push(seed.to_string());
    let gen = binary(root, problem, "gen");
    let made = run::run(
        &gen,
        &args,
        Path::new("/dev/null"),
        scratch,
        Duration::from_secs(300),
    )
    .map_err(|e| Error::io(&gen, e))?;
    if made.exit != Exit::Code(0) {
        return Err(Error::Kit(format!(
            "`{}-gen {}` failed: {}",
            problem.name,
            args.join(" "),
            made.first_stderr_line()
        )));
    }
    Ok(made.stdout)
}
