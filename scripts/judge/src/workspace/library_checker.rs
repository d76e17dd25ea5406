//! Library Checker problems offline: the checkout, a problem's folder in it, its limits and tests.
//!
//! A checkout of yosupo06/library-checker-problems holds, per problem,
//! `<category>/<id>/info.toml` (`timelimit` in seconds), `checker.cpp` and `verifier.cpp`
//! (testlib, whose `testlib.h` is in the checkout's `common/`), and, once
//! `python3 generate.py -p <id>` has run in the checkout, the tests `in/<test>.in` and
//! `out/<test>.out`. Nothing of it is copied into the workspace but the example tests, as
//! samples (`make import LC= ID=`); where the checkout is is kept in `target/library-checker`.

use crate::error::{Error, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The judge key of the Library Checker (`workspace/judges.rs`).
pub const JUDGE: &str = "library-checker";

/// The `[package.metadata.judge]` key naming a problem's folder in the checkout:
/// `library-checker = "data_structure/unionfind"`.
pub const METADATA_KEY: &str = "library-checker";

/// The memory limit of every Library Checker problem, MiB (library-checker-judge
/// `judge/judge.go`).
pub const MEMORY_MIB: u64 = 1024;

/// The file under the workspace that holds the checkout's path (one line).
pub const RECORD: &str = "target/library-checker";

/// A Library Checker checkout.
#[derive(Clone, Debug)]
pub struct Checkout {
    /// Its root (absolute): the folder of `generate.py`.
    pub root: PathBuf,
}

/// A problem's folder in a checkout.
#[derive(Clone, Debug)]
pub struct LcProblem {
    /// `data_structure`.
    pub category: String,
    /// `unionfind`.
    pub id: String,
    /// `<checkout>/<category>/<id>`.
    pub dir: PathBuf,
}

/// Whether `key` is a well-formed `<category>/<id>`: two parts of ASCII letters, digits and
/// `_` (so it can never name a path outside the checkout).
pub fn well_formed_key(key: &str) -> bool {
    let part = |p: &str| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    matches!(key.split_once('/'), Some((c, i)) if part(c) && part(i))
}

impl Checkout {
    /// The checkout at `path`, which must hold `generate.py` and `common/testlib.h`; the
    /// refusal says what is missing, on one line.
    pub fn at(path: &Path) -> Result<Checkout> {
        let root = fs::canonicalize(path).map_err(|e| {
            Error::Refused(format!(
                "LC={}: {} (give a checkout of yosupo06/library-checker-problems)",
                path.display(),
                e
            ))
        })?;
        for needed in ["generate.py", "common/testlib.h"] {
            if !root.join(needed).is_file() {
                return Err(Error::Refused(format!(
                    "LC={}: no {} there: not a checkout of yosupo06/library-checker-problems",
                    path.display(),
                    needed
                )));
            }
        }
        Ok(Checkout { root })
    }

    /// The checkout to use: `given` (`LC=`) when set, else the one recorded in
    /// [`RECORD`] when it is still there; `Ok(None)` when there is neither.
    pub fn locate(workspace: &Path, given: Option<&Path>) -> Result<Option<Checkout>> {
        if let Some(path) = given {
            return Checkout::at(path).map(Some);
        }
        let recorded = match fs::read_to_string(workspace.join(RECORD)) {
            Ok(text) => PathBuf::from(text.trim_end_matches(['\n', '\r'])),
            Err(_) => return Ok(None),
        };
        Ok(Checkout::at(&recorded).ok())
    }

    /// Records this checkout in [`RECORD`] for later runs (written beside, renamed into
    /// place).
    pub fn record(&self, workspace: &Path) -> Result<()> {
        let path = workspace.join(RECORD);
        let text = format!("{}\n", self.root.display());
        write_replacing(&path, text.as_bytes())
    }

    /// `common/`: where `testlib.h` is, the include folder of checkers and verifiers.
    pub fn common(&self) -> PathBuf {
        self.root.join("common")
    }

    /// The problem `id`, found as `<category>/<id>/info.toml` in any category.
    pub fn find(&self, id: &str) -> Result<LcProblem> {
        if !well_formed_key(&format!("x/{}", id)) {
            return Err(Error::Refused(format!(
                "ID={}: not a Library Checker problem id (letters, digits, `_`)",
                id.escape_default()
            )));
        }
        let entries = fs::read_dir(&self.root).map_err(|e| Error::io(&self.root, e))?;
        let mut found: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|c| {
                !c.starts_with('.') && self.root.join(c).join(id).join("info.toml").is_file()
            })
            .collect();
        found.sort();
        match found.as_slice() {
            [category] => self.problem(&format!("{}/{}", category, id)),
            [] => Err(Error::Refused(format!(
                "no problem `{}` in {} (no <category>/{}/info.toml)",
                id,
                self.root.display(),
                id
            ))),
            many => Err(Error::Refused(format!(
                "`{}` is in several categories of {}: {}",
                id,
                self.root.display(),
                many.join(", ")
            ))),
        }
    }

    /// The problem of the metadata value `key` (`<category>/<id>`).
    pub fn problem(&self, key: &str) -> Result<LcProblem> {
        let (category, id) = key
            .split_once('/')
            .filter(|_| well_formed_key(key))
            .ok_or_else(|| {
                Error::Refused(format!(
                    "`{} = \"{}\"`: not <category>/<id>",
                    METADATA_KEY,
                    key.escape_default()
                ))
            })?;
        let dir = self.root.join(category).join(id);
        if !dir.join("info.toml").is_file() {
            return Err(Error::Refused(format!(
                "{}: no info.toml there: the checkout {} has no problem {}",
                dir.display(),
                self.root.display(),
                key
            )));
        }
        Ok(LcProblem {
            category: category.to_string(),
            id: id.to_string(),
            dir,
        })
    }

    /// The shell command that generates the problem's tests.
    pub fn generate_command(&self, id: &str) -> String {
        format!(
            "(cd {} && python3 generate.py -p {})",
            self.root.display(),
            id
        )
    }

    /// Runs `python3 generate.py -p <id>` in the checkout (it writes the problem's `in/`,
    /// `out/` and builds its `checker`; about 20 s). Its output is kept back unless it fails:
    /// then the last line of it is the error.
    pub fn generate(&self, id: &str) -> Result<()> {
        let out = Command::new("python3")
            .args(["generate.py", "-p", id])
            .current_dir(&self.root)
            .output()
            .map_err(|source| Error::Spawn {
                program: "python3".to_string(),
                source,
            })?;
        if out.status.success() {
            return Ok(());
        }
        let mut text = String::from_utf8_lossy(&out.stderr).into_owned();
        text.push_str(&String::from_utf8_lossy(&out.stdout));
        let last = text
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no output");
        Err(Error::Kit(format!(
            "`{}` failed ({}): {}",
            self.generate_command(id),
            out.status,
            last.trim()
        )))
    }
}

impl LcProblem {
    /// `data_structure/unionfind`: the metadata value.
    pub fn key(&self) -> String {
        format!("{}/{}", self.category, self.id)
    }

    /// The problem's page.
    pub fn url(&self) -> String {
        format!("https://judge.yosupo.jp/problem/{}", self.id)
    }

    /// `info.toml`'s `title`, when it has one.
    pub fn title(&self) -> Option<String> {
        let text = fs::read_to_string(self.dir.join("info.toml")).ok()?;
        let value = top_level(&text, "title")?;
        Some(value.trim_matches(['\'', '"']).to_string())
    }

    /// The time limit, ms: `info.toml`'s `timelimit` (seconds, `5.0`).
    pub fn time_limit_ms(&self) -> Result<u64> {
        let info = self.dir.join("info.toml");
        let text = fs::read_to_string(&info).map_err(|e| Error::io(&info, e))?;
        top_level(&text, "timelimit")
            .and_then(|v| v.replace('_', "").parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
            .map(|s| (s * 1000.0).round() as u64)
            .ok_or_else(|| {
                Error::Refused(format!(
                    "{}: no `timelimit = <seconds>` read there",
                    info.display()
                ))
            })
    }

    /// The testlib checker's source.
    pub fn checker(&self) -> PathBuf {
        self.dir.join("checker.cpp")
    }

    /// The testlib input validator's source.
    pub fn verifier(&self) -> PathBuf {
        self.dir.join("verifier.cpp")
    }

    /// The folder holding `in/` and `out/` once generated.
    pub fn tests(&self) -> &Path {
        &self.dir
    }

    /// Whether the tests are generated: `in/` has a `.in` and each has its `out/<test>.out`.
    pub fn has_tests(&self) -> bool {
        let Ok(entries) = fs::read_dir(self.dir.join("in")) else {
            return false;
        };
        let mut any = false;
        for name in entries.filter_map(|e| e.ok()?.file_name().into_string().ok()) {
            if let Some(stem) = name.strip_suffix(".in") {
                any = true;
                if !self.dir.join("out").join(format!("{}.out", stem)).is_file() {
                    return false;
                }
            }
        }
        any
    }

    /// The example tests, `in/example_*.in` with `out/example_*.out`, in name order; an
    /// error, with the command that makes them, when they are not generated.
    pub fn examples(&self, checkout: &Checkout) -> Result<Vec<(PathBuf, PathBuf)>> {
        let dir = self.dir.join("in");
        let mut names: Vec<String> = fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.file_name().into_string().ok())
                    .filter(|n| n.starts_with("example_") && n.ends_with(".in"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        let pairs: Vec<(PathBuf, PathBuf)> = names
            .iter()
            .map(|n| {
                let out = format!("{}.out", n.trim_end_matches(".in"));
                (dir.join(n), self.dir.join("out").join(out))
            })
            .collect();
        if pairs.is_empty() || pairs.iter().any(|(_, out)| !out.is_file()) {
            return Err(Error::Refused(format!(
                "{}: its tests are not generated; make them with `{}` (about 20 s), then again",
                self.key(),
                checkout.generate_command(&self.id)
            )));
        }
        Ok(pairs)
    }
}

/// The value of `key = value` on a line of `text` before its first table header.
fn top_level<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with('['))
        .find_map(|l| {
            let (k, v) = l.split_once('=')?;
            (k.trim() == key).then(|| v.trim())
        })
}

/// Writes `bytes` to `path` through a file beside it renamed into place, so a reader sees
/// the old text or the new, never a part.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> Result<()> {
    let parent = path.parent().expect("a file in a folder");
    fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
    let name = path.file_name().expect("a file name").to_string_lossy();
    let temp = parent.join(format!(".{}.{}.tmp", name, std::process::id()));
    fs::write(&temp, bytes)
        .and_then(|_| fs::rename(&temp, path))
        .map_err(|e| {
            let _ = fs::remove_file(&temp);
            Error::io(path, e)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    #[test]
    fn keys_and_limits_read_as_the_checkout_writes_them() {
        assert!(well_formed_key("data_structure/unionfind"));
        for bad in ["unionfind", "a/../b", "../x", "a/b/c", "a/", "/b", "a b/c"] {
            assert!(!well_formed_key(bad), "{}", bad);
        }
        let tmp = TempDir::new("judge-lc-info");
        let dir = tmp.path().join("graph/x");
        fs::create_dir_all(&dir).unwrap();
        let p = LcProblem {
            category: "graph".into(),
            id: "x".into(),
            dir: dir.clone(),
        };
        fs::write(
            dir.join("info.toml"),
            "title = 'X'\ntimelimit = 2.5\n[[tests]]\n timelimit = 9\n",
        )
        .unwrap();
        assert_eq!(p.time_limit_ms().unwrap(), 2500);
        assert_eq!(p.title().as_deref(), Some("X"));
        fs::write(dir.join("info.toml"), "[params]\ntimelimit = 2\n").unwrap();
        assert!(p
            .time_limit_ms()
            .unwrap_err()
            .to_string()
            .contains("timelimit"));
        assert_eq!(p.url(), "https://judge.yosupo.jp/problem/x");
        assert!(!p.has_tests());
    }
}
