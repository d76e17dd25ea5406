//! A rustc version, as a manifest's `rust-version` and `rustc --version` name it.

use crate::workspace::judges;
use std::fmt;

/// A rustc version, `major.minor.patch` (a `-nightly` or `-beta` suffix is dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(pub u32, pub u32, pub u32);

impl Version {
    /// Reads the version out of `rustc --version` output (`rustc 1.63.0`,
    /// `rustc 1.95.0 (59807616e 2026-04-14)`, `rustc 1.76.0-nightly (...)`).
    pub fn parse(text: &str) -> Option<Version> {
        let word = text.split_whitespace().nth(1)?;
        let numbers = word.split('-').next()?;
        let mut parts = numbers.split('.').map(|p| p.parse::<u32>().ok());
        let version = Version(parts.next()??, parts.next()??, parts.next()??);
        Some(version)
    }

    /// Reads a manifest's `rust-version` (`1.63` is 1.63.0, `1.63.1` itself).
    pub fn declared(text: &str) -> Option<Version> {
        match text.matches('.').count() {
            1 => Version::parse(&format!("rustc {}.0", text)),
            _ => Version::parse(&format!("rustc {}", text)),
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
}

/// A new package's `rust-version` line: the compiler of its judge's first profile (what its
/// file is submitted as), `major.minor`, so that clippy's `incompatible_msrv` flags exactly
/// the standard library a judge lacks; a nightly counts as the release before it (its
/// version's newest APIs may not be in it yet). Where the judge's compiler is unknown, the
/// workspace's (the old-compiler guard's).
pub fn rust_version_line(judge: &str) -> String {
    let declared = judges::by_key(judge)
        .ok()
        .filter(|j| j.command_known)
        .and_then(|j| j.profiles.first())
        .map(|p| p.rustc);
    let version = declared.and_then(|d| {
        let v = Version::parse(&format!("rustc {}", d)).or_else(|| Version::declared(d))?;
        match d.contains("-nightly") {
            true => Some(Version(v.0, v.1.checked_sub(1)?, 0)),
            false => Some(v),
        }
    });
    match version {
        Some(v) => format!("rust-version = \"{}.{}\"", v.0, v.1),
        None => "rust-version.workspace = true".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_package_declares_its_judge_s_compiler() {
        assert_eq!(rust_version_line("atcoder"), "rust-version = \"1.89\"");
        assert_eq!(rust_version_line("luogu"), "rust-version = \"1.88\"");
        assert_eq!(rust_version_line("codeforces"), "rust-version = \"1.89\"");
        assert_eq!(rust_version_line("spoj"), "rust-version.workspace = true");
        assert_eq!(
            rust_version_line("generic"),
            "rust-version.workspace = true"
        );
    }
}
