//! Each judge's own compiler: the rustup toolchain of the version a profile names
//! (`workspace::judges`), installed with rustup on first use, or a compiler of this machine
//! standing in for it, said as such.
//!
//! A profile's `rustc` is `1.88.0` (that release), `1.89` (the newest 1.89.x), a nightly
//! named in [`NIGHTLIES`], or `unknown` (no compiler of its own: the local `rustc` compiles,
//! and the old-compiler guard, [`toolchain::oldest`], checks the bundle against old ones).

use crate::build::install::install;
use crate::build::toolchain::{self, Rustc};
use crate::error::Result;
use crate::workspace::version::Version;
use std::collections::HashMap;
use std::path::PathBuf;

/// Nightly builds that judges name, with the rustup toolchain that is (or comes nearest to)
/// the same build: (the profile's `rustc`, rustup's toolchain, the commit its rustc reports,
/// why it is not the judge's own, when it is not).
const NIGHTLIES: &[(&str, &str, &str, Option<&str>)] = &[(
    // Luogu's Rust 2021: `rustc 1.76.0-nightly (2c1b65ee1 2023-11-11)` (PROTOCOL.md,
    // "Judges"). rustup has no nightly of that commit (`nightly-2023-11-12`: "no release
    // found"); the next one is nightly-2023-11-13, `1.76.0-nightly (2b603f95a 2023-11-12)`.
    "1.76.0-nightly",
    "nightly-2023-11-13",
    "2b603f95a",
    Some(
        "rustup has no build of Luogu's 2c1b65ee1 (2023-11-11): its next nightly \
         (2b603f95a, 2023-11-12) stands in",
    ),
)];

/// The compiler that compiles for one profile.
#[derive(Clone, Debug)]
pub struct JudgeRustc {
    pub rustc: Rustc,
    /// `None`: the judge's own compiler (its version, from rustup or this machine). Otherwise
    /// it stands in for the judge's: which one, and why (one line).
    pub stand_in: Option<String>,
}

/// The rustup toolchain for a profile's `rustc`, and how a compiler's `--version` line shows
/// it is that build; `None` when the version is unknown or not a version.
fn wanted(declared: &str) -> Option<(String, Match)> {
    if let Some(&(_, name, commit, _)) = NIGHTLIES.iter().find(|n| n.0 == declared) {
        return Some((name.to_string(), Match::Commit(commit)));
    }
    if declared.contains('-') {
        return None;
    }
    let version = Version::declared(declared)?;
    let whole = declared.matches('.').count() == 2;
    Some((declared.to_string(), Match::Release(version, whole)))
}

/// How a compiler is recognized as the wanted one.
#[derive(Clone, Copy, Debug)]
enum Match {
    /// A stable release: this version (the patch too when `true`).
    Release(Version, bool),
    /// A nightly whose `--version` names this commit.
    Commit(&'static str),
}

impl Match {
    fn accepts(self, rustc: &Rustc) -> bool {
        match self {
            Match::Release(v, whole) => {
                !rustc.id.contains("-nightly")
                    && !rustc.id.contains("-beta")
                    && rustc.version.0 == v.0
                    && rustc.version.1 == v.1
                    && (!whole || rustc.version.2 == v.2)
            }
            Match::Commit(commit) => rustc.id.contains(commit),
        }
    }
}

/// Finds, installs and remembers the judges' compilers during one run of the tool.
pub struct Compilers {
    pub current: Rustc,
    /// The compilers of this machine (rustup's toolchains, Debian's), probed once.
    found: Option<Vec<Rustc>>,
    resolved: HashMap<String, JudgeRustc>,
}

impl Compilers {
    pub fn new(current: Rustc) -> Compilers {
        Compilers {
            current,
            found: None,
            resolved: HashMap::new(),
        }
    }

    /// The compiler for a profile whose judge's `rustc` is `declared` (`for_whom` names the
    /// judge in the one line said when it is installed). An unknown version gets the local
    /// `rustc`, as the judge's own (the guard checks the rest).
    pub fn for_version(&mut self, declared: &str, for_whom: &str) -> JudgeRustc {
        if let Some(known) = self.resolved.get(declared) {
            return known.clone();
        }
        let resolved = match wanted(declared) {
            None => JudgeRustc {
                rustc: self.current.clone(),
                stand_in: None,
            },
            Some((name, matching)) => self.find_or_install(declared, &name, matching, for_whom),
        };
        self.resolved.insert(declared.to_string(), resolved.clone());
        resolved
    }

    fn find_or_install(
        &mut self,
        declared: &str,
        name: &str,
        matching: Match,
        for_whom: &str,
    ) -> JudgeRustc {
        let why_not_own = NIGHTLIES.iter().find(|n| n.0 == declared).and_then(|n| n.3);
        let own = |rustc: Rustc| JudgeRustc {
            stand_in: why_not_own.map(str::to_string),
            rustc,
        };
        if matching.accepts(&self.current) {
            return own(self.current.clone());
        }
        if let Some(r) = self.machine().iter().find(|r| matching.accepts(r)) {
            return own(r.clone());
        }
        let failed = match install(name, for_whom) {
            Ok(()) => {
                self.found = None;
                match self.machine().iter().find(|r| matching.accepts(r)) {
                    Some(r) => return own(r.clone()),
                    None => format!("rustup installed `{}` but no rustc of it matches", name),
                }
            }
            Err(why) => why,
        };
        JudgeRustc {
            rustc: self.current.clone(),
            stand_in: Some(format!(
                "rustup could not install {} ({}): the local {} stands in",
                declared,
                failed,
                self.current.label()
            )),
        }
    }

    /// The rustc of every rustup toolchain and Debian's, probed once.
    fn machine(&mut self) -> &[Rustc] {
        self.found.get_or_insert_with(|| {
            let mut paths = vec![PathBuf::from("/usr/bin/rustc")];
            paths.extend(toolchain::rustup_toolchains());
            paths
                .iter()
                .filter(|p| p.is_file())
                .filter_map(|p| toolchain::probe(p).ok())
                .collect()
        })
    }

    /// The old-compiler guard ([`toolchain::oldest`]); where there is none as old as
    /// `version` (the workspace's rust-version) and `OLD_RUSTC` is unset, rustup's `version`
    /// is installed first.
    pub fn guard(&mut self, version: Version) -> Result<Rustc> {
        let first = toolchain::oldest(&self.current);
        let old_enough = first.as_ref().is_ok_and(|r| r.version <= version);
        if old_enough || std::env::var_os("OLD_RUSTC").is_some_and(|v| !v.is_empty()) {
            return first;
        }
        let name = version.to_string();
        match install(&name, "the old-compiler guard") {
            Ok(()) => toolchain::oldest(&self.current),
            Err(_) => first,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(id: &str) -> Rustc {
        Rustc {
            program: PathBuf::from("rustc"),
            version: Version::parse(id).unwrap(),
            id: id.to_string(),
        }
    }

    #[test]
    fn declared_versions_name_their_toolchain() {
        assert!(wanted("unknown").is_none());
        let (name, m) = wanted("1.88.0").unwrap();
        assert_eq!(name, "1.88.0");
        assert!(m.accepts(&at("rustc 1.88.0 (6b00bc388 2025-06-23)")));
        assert!(!m.accepts(&at("rustc 1.88.1 (6b00bc388 2025-06-23)")));
        assert!(!m.accepts(&at("rustc 1.88.0-nightly (6b00bc388 2025-05-01)")));
        let (name, m) = wanted("1.89").unwrap();
        assert_eq!(name, "1.89");
        assert!(m.accepts(&at("rustc 1.89.2 (x 2025-09-01)")));
        let (name, m) = wanted("1.76.0-nightly").unwrap();
        assert_eq!(name, "nightly-2023-11-13");
        assert!(m.accepts(&at("rustc 1.76.0-nightly (2b603f95a 2023-11-12)")));
        assert!(!m.accepts(&at("rustc 1.76.0 (07dca489a 2024-02-04)")));
        assert!(wanted("1.77.0-nightly").is_none());
    }
}
