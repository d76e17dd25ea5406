//! The compilers on this machine: the local `rustc`, and the oldest real one found, which
//! proves that a bundle still compiles where judges run older compilers.
//!
//! The old compiler is, in order: the one named by `OLD_RUSTC` (a path or a command), else the
//! oldest of `/usr/bin/rustc` (Debian's package `rustc`) and the rustup toolchains, as long as
//! it is older than the local `rustc`.

use crate::build::probes;
use crate::error::{Error, Result};
use crate::workspace::version::Version;
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A compiler that runs here.
#[derive(Clone, Debug)]
pub struct Rustc {
    /// A path, or `rustc` for the one on PATH.
    pub program: PathBuf,
    pub version: Version,
    /// Its whole `--version` line (`rustc 1.95.0 (59807616e 2026-04-14)`): which build it
    /// is, as far as a compile cache needs to know.
    pub id: String,
}

impl Rustc {
    /// `rustc 1.95.0`, `rustc 1.88.0` (rustup's) or `/usr/bin/rustc 1.63.0`: what the check's
    /// table shows.
    pub fn label(&self) -> String {
        // A rustup toolchain by its version alone (`rustc 1.88.0`, `rustc 1.76.0-nightly`):
        // its folder says no more.
        if self
            .program
            .components()
            .any(|c| c.as_os_str() == "toolchains")
        {
            let version = self.id.split_whitespace().nth(1).unwrap_or("");
            return format!("rustc {}", version);
        }
        format!("{} {}", self.program.display(), self.version)
    }

    /// The edition the old-compiler compile uses: the newest this compiler knows of 2018 and
    /// 2021 (2021 since 1.56). Bundles are edition 2018 code that must compile as both.
    pub fn old_compile_edition(&self) -> &'static str {
        if self.version >= Version(1, 56, 0) {
            "2021"
        } else {
            "2018"
        }
    }
}

/// What `program --version` says ([`probes::version_line`]: asked once per compiler file).
pub fn probe(program: &Path) -> Result<Rustc> {
    let (ok, text) = probes::version_line(program).map_err(|source| Error::Spawn {
        program: program.display().to_string(),
        source,
    })?;
    match Version::parse(&text) {
        Some(version) if ok => Ok(Rustc {
            program: program.to_path_buf(),
            version,
            id: text.trim().to_string(),
        }),
        _ => Err(Error::NoCompiler(format!(
            "{} --version did not print a rustc version",
            program.display()
        ))),
    }
}

/// The local `rustc` (the one on PATH, which cargo uses too).
pub fn current() -> Result<Rustc> {
    probe(Path::new("rustc"))
}

/// The old compiler, or one line saying why there is none and how to get one.
pub fn oldest(current: &Rustc) -> Result<Rustc> {
    if let Some(named) = env::var_os("OLD_RUSTC").filter(|v| !v.is_empty()) {
        return probe(Path::new(&named)).map_err(|e| {
            Error::NoCompiler(format!(
                "OLD_RUSTC={}: {}; unset it, or name an older rustc (`make old-rustc` installs one)",
                Path::new(&named).display(),
                e
            ))
        });
    }
    let mut candidates: Vec<PathBuf> = vec![PathBuf::from("/usr/bin/rustc")];
    candidates.extend(rustup_toolchains());
    candidates
        .iter()
        .filter(|p| p.is_file())
        .filter_map(|p| probe(p).ok())
        .filter(|r| r.version < current.version)
        .min_by_key(|r| r.version)
        .ok_or_else(|| {
            Error::NoCompiler(format!(
                "no compiler older than the local rustc {} (no /usr/bin/rustc, no older rustup \
                 toolchain, OLD_RUSTC unset): install one with `make old-rustc`",
                current.version
            ))
        })
}

/// rustup's home: `RUSTUP_HOME`, else `~/.rustup`; `None` when neither is set.
pub fn rustup_home() -> Option<PathBuf> {
    env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".rustup")))
}

/// The `rustc` of every rustup toolchain: each folder of rustup's `toolchains` (read without
/// starting rustup), else what `rustup toolchain list -v` names; none when rustup is absent.
pub fn rustup_toolchains() -> Vec<PathBuf> {
    if let Some(Ok(dirs)) = rustup_home().map(|h| std::fs::read_dir(h.join("toolchains"))) {
        let mut found: Vec<PathBuf> = dirs
            .flatten()
            .map(|d| d.path().join("bin/rustc"))
            .filter(|rustc| rustc.is_file())
            .collect();
        found.sort();
        return found;
    }
    let out = match Command::new("rustup")
        .args(["toolchain", "list", "-v"])
        .output()
    {
        Ok(out) if out.status.success() => out,
        _ => return Vec::new(),
    };
    let mut found: Vec<PathBuf> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().last())
        .map(|dir| Path::new(dir).join("bin/rustc"))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_and_order() {
        assert_eq!(Version::parse("rustc 1.63.0\n"), Some(Version(1, 63, 0)));
        assert_eq!(
            Version::parse("rustc 1.95.0 (59807616e 2026-04-14)"),
            Some(Version(1, 95, 0))
        );
        assert_eq!(
            Version::parse("rustc 1.76.0-nightly (2c1b65ee1 2023-11-11)"),
            Some(Version(1, 76, 0))
        );
        assert_eq!(Version::parse("cargo"), None);
        assert!(Version(1, 63, 0) < Version(1, 70, 0));
        assert!(Version(1, 100, 0) > Version(1, 95, 2));
        assert_eq!(Version(1, 63, 0).to_string(), "1.63.0");
    }

    #[test]
    fn declared_versions_read_with_or_without_the_patch() {
        assert_eq!(Version::declared("1.63"), Some(Version(1, 63, 0)));
        assert_eq!(Version::declared("1.70.2"), Some(Version(1, 70, 2)));
        assert_eq!(Version::declared("1"), None);
        assert_eq!(Version::declared("x.y"), None);
    }

    #[test]
    fn old_compiles_use_the_newest_edition_known() {
        let at = |v| Rustc {
            program: PathBuf::from("rustc"),
            version: v,
            id: String::new(),
        };
        assert_eq!(at(Version(1, 63, 0)).old_compile_edition(), "2021");
        assert_eq!(at(Version(1, 50, 0)).old_compile_edition(), "2018");
    }
}
