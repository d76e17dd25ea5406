//! `make import LC=<checkout> ID=<id>`: a Library Checker problem as a workspace problem:
//! the plain template, its limits, `library-checker` metadata, and its example tests as
//! samples; nothing else of the checkout is copied.

use crate::error::{Error, Result};
use crate::workspace::library_checker::{self as lc, Checkout};
use crate::workspace::names;
use crate::workspace::scaffold::{self, Facts, Template};
use std::fs;
use std::path::Path;

/// What an import made: for its one line.
#[derive(Debug)]
pub struct Imported {
    pub name: String,
    /// `data_structure/unionfind`.
    pub key: String,
    pub time_limit_ms: u64,
    pub samples: usize,
}

impl std::fmt::Display for Imported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "created problems/{} (Library Checker {}: {} ms, {} MiB) with {} sample{} in \
             samples/{}; `make verify P={}` judges its whole test set with LC's checker",
            self.name,
            self.key,
            self.time_limit_ms,
            lc::MEMORY_MIB,
            self.samples,
            if self.samples == 1 { "" } else { "s" },
            self.name,
            self.name
        )
    }
}

/// Imports the problem `id` of `checkout` into the workspace at `root` as `problems/<id>`
/// and `samples/<id>/N.in`, `N.out` (its `example_*` tests, in order), and records the
/// checkout in [`lc::RECORD`]. All or nothing: the package and the samples are written in a
/// folder of `target/` and renamed into place; a problem or samples folder of that name
/// already there is refused before anything is written. Errors (one line): an unknown id,
/// tests not generated (with the command that makes them), a name the workspace cannot take.
pub fn import(root: &Path, checkout: &Checkout, id: &str) -> Result<Imported> {
    let problem = checkout.find(id)?;
    let examples = problem.examples(checkout)?;
    let time_limit_ms = problem.time_limit_ms()?;
    let name = id.to_string();
    names::check(root, &name)?;
    if root.join("problems").join(&name).exists() {
        return Err(Error::Refused(format!(
            "problems/{} already exists; nothing was written",
            name
        )));
    }
    let samples_dir = root.join("samples").join(&name);
    if fs::read_dir(&samples_dir).is_ok_and(|mut d| d.next().is_some()) {
        return Err(Error::Refused(format!(
            "samples/{} already holds files; move them away to import {}",
            name, id
        )));
    }
    let facts = Facts {
        description: problem
            .title()
            .unwrap_or_else(|| format!("Library Checker {}", id)),
        judge: lc::JUDGE.to_string(),
        problem: id.to_string(),
        url: problem.url(),
        time_limit_ms,
        memory_limit_mib: lc::MEMORY_MIB,
        library_checker: Some(problem.key()),
    };
    let staging = root
        .join("target/import")
        .join(format!("{}-{}", name, std::process::id()));
    let _ = fs::remove_dir_all(&staging);
    let made = stage(&staging, &name, &facts, &examples).and_then(|_| {
        place(
            &staging.join("problems").join(&name),
            &root.join("problems").join(&name),
            &staging.join("samples").join(&name),
            &samples_dir,
        )
    });
    let _ = fs::remove_dir_all(&staging);
    made?;
    checkout.record(root)?;
    Ok(Imported {
        name,
        key: problem.key(),
        time_limit_ms,
        samples: examples.len(),
    })
}

/// Writes the package and its samples under `staging`.
fn stage(
    staging: &Path,
    name: &str,
    facts: &Facts,
    examples: &[(std::path::PathBuf, std::path::PathBuf)],
) -> Result<()> {
    scaffold::create_from(staging, name, facts, Template::Plain)?;
    let samples = staging.join("samples").join(name);
    fs::create_dir_all(&samples).map_err(|e| Error::io(&samples, e))?;
    for (i, (input, output)) in examples.iter().enumerate() {
        for (from, ext) in [(input, "in"), (output, "out")] {
            let to = samples.join(format!("{}.{}", i + 1, ext));
            fs::copy(from, &to).map_err(|e| Error::io(from, e))?;
        }
    }
    Ok(())
}

/// Renames the staged package and samples into place; when the second rename fails, the
/// first is undone.
fn place(package: &Path, package_to: &Path, samples: &Path, samples_to: &Path) -> Result<()> {
    let parent = package_to.parent().expect("problems/");
    fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
    fs::rename(package, package_to).map_err(|e| Error::io(package_to, e))?;
    let samples_parent = samples_to.parent().expect("samples/");
    // An empty samples folder of that name (checked empty before) gives way.
    let _ = fs::remove_dir(samples_to);
    let moved = fs::create_dir_all(samples_parent)
        .and_then(|_| fs::rename(samples, samples_to))
        .map_err(|e| Error::io(samples_to, e));
    if moved.is_err() {
        let _ = fs::remove_dir_all(package_to);
    }
    moved
}
