//! The workspace's manifests as cargo itself reads them: one
//! `cargo metadata --format-version 1 --no-deps` per call of [`read`], parsed by [`json`].
//!
//! Cargo has parsed every manifest already (it builds the tool), so nothing here parses TOML:
//! whatever cargo accepts is read the same way.

use crate::error::{Error, Result};
use crate::text::json::{self, Json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A workspace member, as far as the tool needs it.
#[derive(Clone, Debug)]
pub struct Package {
    pub name: String,
    /// The absolute path of its `Cargo.toml`.
    pub manifest_path: PathBuf,
    /// Its `rust-version` as declared (`1.63`), inherited from the workspace or its own.
    pub rust_version: Option<String>,
    /// Its edition (`2018`; cargo's default, `2015`, when it declares none).
    pub edition: String,
    /// Its normal dependencies (not dev or build, not target-specific) by the name its code
    /// uses: the rename if any, `-` read as `_`.
    pub dependencies: Vec<String>,
    /// Its `[package.metadata]` table; [`Json::Null`] when it has none.
    pub metadata: Json,
}

/// The members of the workspace at `root`. Errors, cargo's included, are one line.
pub fn read(root: &Path) -> Result<Vec<Package>> {
    packages(&document(root)?).ok_or_else(|| Error::Manifest {
        place: "cargo metadata".to_string(),
        what: "its output lacks the packages' name, manifest_path or dependencies".to_string(),
    })
}

/// The whole `cargo metadata` document of the workspace at `root`.
pub fn document(root: &Path) -> Result<Json> {
    let out = Command::new("cargo")
        .current_dir(root)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .output()
        .map_err(|source| Error::Spawn {
            program: "cargo metadata".to_string(),
            source,
        })?;
    let place = || "cargo metadata".to_string();
    if !out.status.success() {
        return Err(Error::Manifest {
            place: place(),
            what: summary(&String::from_utf8_lossy(&out.stderr)),
        });
    }
    let text = String::from_utf8_lossy(&out.stdout);
    json::parse(&text).map_err(|e| Error::Manifest {
        place: place(),
        what: format!("its output is not JSON: {}", e),
    })
}

/// The packages of a `cargo metadata` document; `None` when it is not shaped like one.
fn packages(doc: &Json) -> Option<Vec<Package>> {
    doc.get("packages")?
        .as_array()?
        .iter()
        .map(|p| {
            let dependencies = p
                .get("dependencies")?
                .as_array()?
                .iter()
                .filter(|d| {
                    d.get("kind").map_or(true, |k| *k == Json::Null)
                        && d.get("target").map_or(true, |t| *t == Json::Null)
                })
                .map(|d| {
                    let name = d.get("rename").and_then(Json::as_str);
                    let name = name.or_else(|| d.get("name")?.as_str())?;
                    Some(name.replace('-', "_"))
                })
                .collect::<Option<Vec<String>>>()?;
            Some(Package {
                name: p.get("name")?.as_str()?.to_string(),
                manifest_path: PathBuf::from(p.get("manifest_path")?.as_str()?),
                rust_version: p
                    .get("rust_version")
                    .and_then(Json::as_str)
                    .map(str::to_string),
                edition: p
                    .get("edition")
                    .and_then(Json::as_str)
                    .unwrap_or("2015")
                    .to_string(),
                dependencies,
                metadata: p.get("metadata").cloned().unwrap_or(Json::Null),
            })
        })
        .collect()
}

/// Cargo's error log on one line: the first error with its location, then each of its
/// causes (`Caused by:`), joined by `: `.
fn summary(log: &str) -> String {
    let mut lines = log.lines().map(str::trim_end);
    let mut parts: Vec<String> = Vec::new();
    while let Some(line) = lines.next() {
        if let Some(error) = line.strip_prefix("error: ") {
            parts.push(error.to_string());
            if let Some(at) = lines.next().and_then(|l| l.trim().strip_prefix("--> ")) {
                parts[0] = format!("{} ({})", parts[0], at);
            }
            break;
        }
    }
    let mut causes = false;
    for line in lines {
        if line == "Caused by:" {
            causes = true;
        } else if causes && line.starts_with("  ") && !line.trim().is_empty() {
            parts.push(line.trim().to_string());
        }
    }
    if parts.is_empty() {
        return log
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("cargo metadata failed")
            .to_string();
    }
    parts.join(": ")
}

/// A throwaway workspace for tests: `problems/<name>/Cargo.toml` for each `(name, manifest)`
/// with a `src/main.rs`, stub `shared/` crates for the path dependencies the scaffold writes,
/// and `[workspace.package]` for the members that inherit it. Removed when dropped.
#[cfg(test)]
pub fn scratch_workspace(tag: &str, members: &[(&str, &str)]) -> testkit::TempDir {
    use std::fs;
    let ws = testkit::TempDir::new(&format!("judge-meta-{}", tag));
    let root = ws.path();
    let write = |path: &str, text: &str| {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    write(
        "Cargo.toml",
        "[workspace]\nresolver = \"2\"\nmembers = [\"problems/*\"]\n\n[workspace.package]\n\
         version = \"0.1.0\"\nedition = \"2018\"\nrust-version = \"1.63\"\npublish = false\n",
    );
    // Every crate of the real shared/, empty: what a template's manifest may name.
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    let crates = fs::read_dir(shared)
        .unwrap()
        .flatten()
        .map(|e| e.file_name());
    for krate in crates.map(|n| n.to_string_lossy().into_owned()) {
        let krate = krate.as_str();
        write(
            &format!("shared/{}/Cargo.toml", krate),
            &format!(
                "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2018\"\n",
                krate
            ),
        );
        write(&format!("shared/{}/src/lib.rs", krate), "");
    }
    for (name, manifest) in members {
        write(&format!("problems/{}/Cargo.toml", name), manifest);
        write(&format!("problems/{}/src/main.rs", name), "fn main() {}\n");
    }
    ws
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_names_dependencies_and_metadata() {
        let ws = scratch_workspace(
            "read",
            &[(
                "demo",
                "[package]\nname = \"demo\"\nversion.workspace = true\nedition = \"2018\"\n\
                 rust-version.workspace = true\n\n[package.metadata.judge]\ncompare = 'lines'\n\n\
                 [dependencies]\nbits = { path = \"../../shared/bits\" }\n\
                 fast-io = { path = \"../../shared/fastio\", package = \"fastio\" }\n\n\
                 [dev-dependencies]\ntestkit = { path = \"../../shared/testkit\" }\n",
            )],
        );
        let packages = read(ws.path()).unwrap();
        let demo = packages.iter().find(|p| p.name == "demo").unwrap();
        assert_eq!(demo.dependencies, ["bits", "fast_io"]);
        assert_eq!(demo.rust_version.as_deref(), Some("1.63"));
        assert!(demo.manifest_path.ends_with("problems/demo/Cargo.toml"));
        let compare = demo.metadata.get("judge").and_then(|j| j.get("compare"));
        assert_eq!(compare.and_then(Json::as_str), Some("lines"));
    }

    #[test]
    fn cargo_errors_are_one_line() {
        let ws = scratch_workspace("broken", &[("demo", "[package]\nname = \"demo\n")]);
        let e = read(ws.path()).unwrap_err().to_string();
        assert!(e.starts_with("cargo metadata: "), "{}", e);
        assert!(e.contains("problems/demo/Cargo.toml:2:"), "{}", e);
        assert!(!e.contains('\n'), "{}", e);
        let log = "error: failed to load manifest for workspace member `/w/problems/a`\n\
                   referenced via `problems/*` by workspace at `/w/Cargo.toml`\n\nCaused by:\n  \
                   failed to read `/w/shared/bits/Cargo.toml`\n\nCaused by:\n  \
                   No such file or directory (os error 2)\n";
        assert_eq!(
            summary(log),
            "failed to load manifest for workspace member `/w/problems/a`: failed to read \
             `/w/shared/bits/Cargo.toml`: No such file or directory (os error 2)"
        );
    }
}
