//! A rustc version, as a manifest's `rust-version` and `rustc --version` name it.

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
