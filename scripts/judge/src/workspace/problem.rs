//! A problem of the workspace: its judge facts, read from `problems/<name>/Cargo.toml`.

use crate::error::Error;
use crate::judging::verdict::Limits;
use crate::text::json::Json;
use crate::workspace::io::Io;
use crate::workspace::judges::{self, Judge, Profile};
use crate::workspace::metadata::{self, Package};
use crate::workspace::version::Version;
use std::convert::TryFrom;
use std::fs;
use std::path::{Path, PathBuf};

pub use crate::judging::compare::Compare;

/// One bench set: `inputs` separate inputs of `puzzles` puzzles each.
#[derive(Clone, Debug)]
pub struct BenchSet {
    pub name: String,
    pub source: BenchSource,
    pub inputs: usize,
    pub puzzles: usize,
    /// The exit status a correct solver gives on every input of the set.
    pub status: i32,
}

#[derive(Clone, Debug)]
pub enum BenchSource {
    /// A committed input file, relative to the workspace root.
    File(PathBuf),
    /// Generator arguments; `--seed <i>` is appended for input `i` (1-based).
    Gen(Vec<String>),
}

/// Where a problem can be submitted: one `[[package.metadata.judge.judges]]` table.
#[derive(Clone, Debug)]
pub struct Listing {
    pub judge: &'static Judge,
    /// The judge's id of the statement (`P10481`).
    pub problem: String,
    pub url: String,
    /// The judge's limits; `None` when unknown (then the origin's apply). The first listing
    /// always has them.
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mib: Option<u64>,
    /// The judge's output limit per stream (`output-limit-mib`); `None`: the origin's, else
    /// the check's default ([`Limits::output_cap`]).
    pub output_limit_mib: Option<u64>,
    /// The judge's input/output variant of the statement, when it differs from the origin's.
    pub variant: Option<String>,
    /// The profiles the check compiles with: `profiles = [...]`, or all of the judge's.
    /// Empty when the judge takes no Rust.
    pub profiles: Vec<&'static Profile>,
}

impl Listing {
    /// `Luogu P10481`.
    pub fn title(&self) -> String {
        format!("{} {}", self.judge.name, self.problem)
    }
}

/// A problem and its judge facts.
#[derive(Clone, Debug)]
pub struct Problem {
    pub name: String,
    /// `problems/<name>`, relative to the workspace root.
    pub dir: PathBuf,
    /// Where the statement can be submitted, the origin first; never empty.
    pub judges: Vec<Listing>,
    /// The first listed judge's limits: what runs of the default samples, stress and bench
    /// are held to.
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    pub compare: Compare,
    /// Generator argument sets for stress testing, used in turn.
    pub stress: Vec<Vec<String>>,
    pub bench: Vec<BenchSet>,
    /// The package's `[dependencies]`, by the names its code uses (`-` read as `_`).
    pub dependencies: Vec<String>,
    /// For each dependency that is a workspace crate, the workspace crates it builds on,
    /// directly or not (`twosat`: `scc`): what the bundle must keep with it.
    pub needs: Vec<(String, Vec<String>)>,
    /// The package's declared `rust-version`, if any.
    pub rust_version: Option<Version>,
    /// The package's edition (`2018`).
    pub edition: String,
    /// `deny-warnings = true`: a compile warning fails the check.
    pub deny_warnings: bool,
    /// How the solution reads and writes: stdio, named files, or with an interactor.
    pub io: Io,
    /// `library-checker = "<category>/<id>"`: the problem's folder in a Library Checker
    /// checkout (`workspace/library_checker.rs`), whose tests and checker `make verify` uses.
    pub library_checker: Option<String>,
    /// The C++ (testlib) programs the manifest names.
    pub cpp: CppPrograms,
}

/// The C++ testlib programs a problem names in `[package.metadata.judge]` (`checker`,
/// `validator`, `interactor`, `include`), each relative to the workspace root
/// (`problems/<name>/pkg/check.cpp`). A named program replaces the Rust bin of its role.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CppPrograms {
    pub checker: Option<PathBuf>,
    pub validator: Option<PathBuf>,
    pub interactor: Option<PathBuf>,
    /// The folders searched for headers (`-I`, the one holding testlib.h); empty: each
    /// source's own folder.
    pub include: Vec<PathBuf>,
}

/// The keys of the C++ programs, as [`CppPrograms::from_metadata`] reads them.
pub const CPP_KEYS: [&str; 4] = ["checker", "validator", "interactor", "include"];

impl CppPrograms {
    /// Reads `checker`, `validator`, `interactor` (a path each) and `include` (a path or an
    /// array of paths) of `meta`, each relative to the package folder `dir` and kept inside
    /// the workspace. `checker` needs `compare = "checker"`, `interactor` needs
    /// `interactive = true`, `include` one of the programs. One line naming the key otherwise.
    fn from_metadata(meta: &Json, dir: &Path, compare: Compare, io: &Io) -> Result<Self, Why> {
        let path = |key: &str, v: &Json| -> Result<PathBuf, Why> {
            let text = v
                .as_str()
                .ok_or_else(|| format!("{} must be a path (relative to the package)", key))?;
            inside_workspace(dir, text)
                .map_err(|why| format!("{} = \"{}\": {}", key, text.escape_default(), why))
        };
        let program = |key: &str| meta.get(key).map(|v| path(key, v)).transpose();
        let include = match meta.get("include") {
            None => Vec::new(),
            Some(v) => match v.as_array() {
                Some(dirs) => dirs
                    .iter()
                    .map(|d| path("include", d))
                    .collect::<Result<_, _>>()?,
                None => vec![path("include", v)?],
            },
        };
        let cpp = CppPrograms {
            checker: program("checker")?,
            validator: program("validator")?,
            interactor: program("interactor")?,
            include,
        };
        if cpp.checker.is_some() && compare != Compare::Checker {
            return Err(format!(
                "checker = \"...\" needs compare = \"checker\", not \"{}\"",
                compare
            ));
        }
        if cpp.interactor.is_some() && !io.is_interactive() {
            return Err("interactor = \"...\" needs interactive = true".to_string());
        }
        let named = cpp.checker.is_some() || cpp.validator.is_some() || cpp.interactor.is_some();
        if !cpp.include.is_empty() && !named {
            return Err("include needs a checker, validator or interactor to compile".to_string());
        }
        Ok(cpp)
    }
}

/// `dir` (a package folder under the workspace root, such as `problems/x`) joined with the
/// relative path `text`, its `.` and `..` resolved by name; refused when absolute or when it
/// leads out of the workspace. Links are not followed: the path is judged as written.
fn inside_workspace(dir: &Path, text: &str) -> Result<PathBuf, Why> {
    use std::path::Component;
    let given = Path::new(text);
    if text.is_empty() || given.is_absolute() {
        return Err("give a path relative to the package folder".to_string());
    }
    let mut parts: Vec<std::ffi::OsString> = Vec::new();
    for part in dir.join(given).components() {
        match part {
            Component::Normal(name) => parts.push(name.to_os_string()),
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err("it leads out of the workspace".to_string());
                }
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err("give a path relative to the package folder".to_string())
            }
        }
    }
    if parts.is_empty() {
        return Err("it names the workspace itself".to_string());
    }
    Ok(parts.iter().collect())
}

/// The keys `[package.metadata.judge]` may have.
pub const METADATA_KEYS: &[&str] = &[
    "compare",
    "float-abs",
    "float-rel",
    "stress",
    "bench",
    "judges",
    "deny-warnings",
    "interactive",
    "input-file",
    "output-file",
    "library-checker",
    "checker",
    "validator",
    "interactor",
    "include",
];
/// The keys a `[[package.metadata.judge.bench]]` table may have.
pub const BENCH_KEYS: &[&str] = &["name", "input", "gen", "inputs", "puzzles", "status"];
/// The keys a `[[package.metadata.judge.judges]]` table may have.
pub const JUDGES_KEYS: &[&str] = &[
    "judge",
    "problem",
    "url",
    "time-limit-ms",
    "memory-limit-mib",
    "variant",
    "profiles",
    "output-limit-mib",
];

/// What is wrong with a problem's `[package.metadata.judge]`, on one line.
type Why = String;

/// `Err` naming the first key of `table` not in `known`, and the known ones; `place` says
/// which table (`[package.metadata.judge]`).
fn refuse_unknown_keys(table: &Json, known: &[&str], place: &str) -> Result<(), Why> {
    match table.as_object().and_then(|t| {
        t.iter()
            .map(|(k, _)| k)
            .find(|k| !known.contains(&k.as_str()))
    }) {
        Some(key) => Err(format!(
            "unknown key `{}` in {}; the keys are: {}",
            key,
            place,
            known.join(", ")
        )),
        None => Ok(()),
    }
}

impl Problem {
    /// The problem `name` of the package `package` (`problems/<name>/Cargo.toml` under
    /// `root`). Errors name the manifest and the key that is wrong, on one line.
    pub fn from_package(root: &Path, name: &str, package: &Package) -> Result<Problem, Error> {
        Problem::from_metadata(name, package).map_err(|what| Error::Manifest {
            place: format!(
                "{} (package `{}`)",
                root.join("problems")
                    .join(name)
                    .join("Cargo.toml")
                    .display(),
                package.name
            ),
            what,
        })
    }

    fn from_metadata(name: &str, package: &Package) -> Result<Problem, Why> {
        let dir = Path::new("problems").join(name);
        let here = |what: String| format!("[package.metadata.judge] {}", what);
        let meta = package
            .metadata
            .get("judge")
            .filter(|m| m.as_object().is_some())
            .ok_or_else(|| here("is missing".to_string()))?;
        refuse_unknown_keys(meta, METADATA_KEYS, "[package.metadata.judge]")?;
        let compare = Compare::from_metadata(meta).map_err(here)?;
        let stress = match meta.get("stress") {
            None => Vec::new(),
            Some(v) => v
                .as_array()
                .and_then(|sets| sets.iter().map(strings).collect::<Option<Vec<_>>>())
                .ok_or_else(|| here("stress must be an array of arrays of strings".to_string()))?,
        };
        let bench = bench_sets(meta, &dir).map_err(here)?;
        let judges = listings(meta).map_err(here)?;
        let io = Io::from_metadata(meta).map_err(here)?;
        let library_checker = match meta.get("library-checker") {
            None => None,
            Some(v) => Some(
                v.as_str()
                    .filter(|k| crate::workspace::library_checker::well_formed_key(k))
                    .ok_or_else(|| {
                        here(
                            "library-checker must be \"<category>/<id>\" (letters, digits, `_`), \
                             as the checkout's folders: \"data_structure/unionfind\""
                                .to_string(),
                        )
                    })?
                    .to_string(),
            ),
        };
        let cpp = CppPrograms::from_metadata(meta, &dir, compare, &io).map_err(here)?;
        Ok(Problem {
            io,
            cpp,
            library_checker,
            name: name.to_string(),
            dependencies: package.dependencies.clone(),
            needs: Vec::new(),
            rust_version: package.rust_version.as_deref().and_then(Version::declared),
            edition: package.edition.clone(),
            deny_warnings: match meta.get("deny-warnings") {
                None => false,
                Some(v) => v
                    .as_bool()
                    .ok_or_else(|| here("deny-warnings must be true or false".to_string()))?,
            },
            time_limit_ms: judges[0].time_limit_ms.unwrap_or_default(),
            memory_limit_mib: judges[0].memory_limit_mib.unwrap_or_default(),
            judges,
            compare,
            stress,
            bench,
            dir,
        })
    }

    /// The problem's limits: its origin's.
    pub fn limits(&self) -> Limits {
        let origin = &self.judges[0];
        Limits {
            time_ms: self.time_limit_ms,
            memory_mib: self.memory_limit_mib,
            output_mib: origin.output_limit_mib,
            stack_bytes: origin.judge.stack.bytes,
            judge: named(origin.judge),
        }
    }

    /// The limits of the judge `key` (a case's judge), each the origin's where that judge's
    /// is unknown or the judge is not listed; the stack is that judge's own, known or not.
    pub fn limits_on(&self, key: Option<&str>) -> Limits {
        let origin = self.limits();
        match key.and_then(|k| self.listing(k)) {
            Some(l) => Limits {
                time_ms: l.time_limit_ms.unwrap_or(origin.time_ms),
                memory_mib: l.memory_limit_mib.unwrap_or(origin.memory_mib),
                output_mib: l.output_limit_mib.or(origin.output_mib),
                stack_bytes: l.judge.stack.bytes,
                judge: named(l.judge),
            },
            None => origin,
        }
    }

    /// The listing of the judge `key`, if the problem lists it.
    pub fn listing(&self, key: &str) -> Option<&Listing> {
        self.judges.iter().find(|l| l.judge.key == key)
    }

    /// The listings whose judge takes a Rust file, in metadata order.
    pub fn rust_listings(&self) -> impl Iterator<Item = &Listing> {
        self.judges.iter().filter(|l| l.judge.takes_rust)
    }

    /// The profile the submission is built with for running (check of the default samples,
    /// stress, bench): the first profile of the first listed judge that takes Rust, or the
    /// generic judge's first profile when none does.
    pub fn default_profile(&self) -> &'static Profile {
        self.rust_listings()
            .flat_map(|l| l.profiles.iter().copied())
            .next()
            .unwrap_or(
                &judges::by_key(judges::GENERIC)
                    .expect("generic judge")
                    .profiles[0],
            )
    }

    /// `samples/<name>`, relative to the workspace root.
    pub fn samples_dir(&self) -> PathBuf {
        Path::new("samples").join(&self.name)
    }
}

/// A judge as a message of its limits names it: `SPOJ`, or `the judge` for one the table
/// does not know.
fn named(judge: &Judge) -> &'static str {
    if judge.key == judges::GENERIC {
        "the judge"
    } else {
        judge.name
    }
}

fn strings(v: &Json) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// The `[[package.metadata.judge.bench]]` tables; input files are relative to `dir`.
fn bench_sets(meta: &Json, dir: &Path) -> Result<Vec<BenchSet>, Why> {
    let sets = match meta.get("bench") {
        None => return Ok(Vec::new()),
        Some(sets) => sets
            .as_array()
            .ok_or("bench must be [[package.metadata.judge.bench]] tables")?,
    };
    let mut bench = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        let bad = |what: &str| format!("bench set {}: {}", i + 1, what);
        refuse_unknown_keys(set, BENCH_KEYS, "[[package.metadata.judge.bench]]")
            .map_err(|e| bad(&e))?;
        let name = set
            .get("name")
            .and_then(Json::as_str)
            .ok_or_else(|| bad("needs a name"))?
            .to_string();
        let count = |key: &str| -> Result<usize, Why> {
            match set.get(key) {
                None => Ok(1),
                Some(v) => v
                    .as_i64()
                    .filter(|&v| v > 0)
                    .map(|v| v as usize)
                    .ok_or_else(|| bad(&format!("{} must be a positive integer", key))),
            }
        };
        let source = match (set.get("input"), set.get("gen")) {
            (Some(file), None) => BenchSource::File(
                dir.join(file.as_str().ok_or_else(|| bad("input must be a path"))?),
            ),
            (None, Some(args)) => BenchSource::Gen(
                strings(args).ok_or_else(|| bad("gen must be an array of strings"))?,
            ),
            _ => return Err(bad("needs exactly one of `input` and `gen`")),
        };
        let status = match set.get("status") {
            None => 0,
            Some(v) => v
                .as_i64()
                .and_then(|v| i32::try_from(v).ok())
                .ok_or_else(|| bad("status must be an integer"))?,
        };
        bench.push(BenchSet {
            name,
            inputs: count("inputs")?,
            puzzles: count("puzzles")?,
            source,
            status,
        });
    }
    Ok(bench)
}

/// Reads the `[[package.metadata.judge.judges]]` tables: at least one, each judge once.
fn listings(meta: &Json) -> Result<Vec<Listing>, Why> {
    const PLACE: &str = "[[package.metadata.judge.judges]]";
    let tables = match meta.get("judges") {
        Some(v) => v
            .as_array()
            .ok_or_else(|| format!("judges must be {} tables", PLACE))?,
        None => &[],
    };
    if tables.is_empty() {
        return Err(format!(
            "needs {} tables: where the statement can be submitted, the origin first",
            PLACE
        ));
    }
    let mut out: Vec<Listing> = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let listing =
            listing(t, &out).map_err(|what| format!("judges table {}: {}", i + 1, what))?;
        out.push(listing);
    }
    Ok(out)
}

/// One `[[package.metadata.judge.judges]]` table after the `earlier` ones, whose judges it
/// must not repeat; the origin's (the first) must give its limits, which are the problem's.
fn listing(t: &Json, earlier: &[Listing]) -> Result<Listing, Why> {
    let origin = earlier.is_empty();
    refuse_unknown_keys(t, JUDGES_KEYS, "[[package.metadata.judge.judges]]")?;
    let text = |key: &str| -> Result<String, Why> {
        t.get(key)
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("needs `{} = \"...\"`", key))
    };
    let positive = |key: &str| -> Result<Option<u64>, Why> {
        match t.get(key) {
            None if !origin => Ok(None),
            v => limit(key, v),
        }
    };
    let judge = judges::by_key(&text("judge")?)?;
    if earlier.iter().any(|l| l.judge.key == judge.key) {
        return Err(format!("judge `{}` is listed twice", judge.key));
    }
    let profiles = match t.get("profiles") {
        None => judge.profiles.iter().collect(),
        Some(v) => strings(v)
            .filter(|keys| !keys.is_empty())
            .ok_or("profiles must be a non-empty array of strings")?
            .iter()
            .map(|key| judge.profile(key))
            .collect::<Result<Vec<_>, _>>()?,
    };
    let variant = match t.get("variant") {
        None => None,
        Some(v) => Some(v.as_str().ok_or("variant must be a string")?.to_string()),
    };
    let output_limit_mib = match t.get("output-limit-mib") {
        None => None,
        v => limit("output-limit-mib", v)?,
    };
    let url = text("url")?;
    let served_by = judges::by_host(&url);
    if served_by.key != judges::GENERIC && served_by.key != judge.key {
        return Err(format!(
            "url {} is on {} (judge = \"{}\"), not {}",
            url, served_by.name, served_by.key, judge.key
        ));
    }
    Ok(Listing {
        judge,
        problem: text("problem")?,
        url,
        time_limit_ms: positive("time-limit-ms")?,
        memory_limit_mib: positive("memory-limit-mib")?,
        output_limit_mib,
        variant,
        profiles,
    })
}

/// The most each limit of a judges table may be: far above any judge's, and small enough
/// that the limit in bytes (or 1.5 times it, the wall-clock cap) is far within a `u64`.
pub const LIMIT_MAXIMA: [(&str, u64, &str); 3] = [
    ("time-limit-ms", 3_600_000, "one hour"),
    ("memory-limit-mib", 1 << 20, "1 TiB"),
    ("output-limit-mib", 1 << 10, "1 GiB"),
];

/// The limit `key` of a judges table, given as `value`: a whole number from 1 to its
/// maximum ([`LIMIT_MAXIMA`]). Errors name the key, on one line.
fn limit(key: &str, value: Option<&Json>) -> Result<Option<u64>, Why> {
    let (_, max, said) = LIMIT_MAXIMA
        .iter()
        .find(|(k, _, _)| *k == key)
        .expect("a limit key");
    match value.and_then(Json::as_f64) {
        Some(v) if v.fract() == 0.0 && v >= 1.0 && v <= *max as f64 => Ok(Some(v as u64)),
        Some(v) if v > *max as f64 => Err(format!(
            "`{} = {}` is over {} ({}), the most the check takes",
            key,
            if v < 1e18 {
                format!("{}", v)
            } else {
                format!("{:e}", v)
            },
            max,
            said
        )),
        _ => Err(format!("needs a positive integer `{}`", key)),
    }
}

/// The names of all problems: the directories of `problems/` that hold a `Cargo.toml`, sorted.
pub fn all_names(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("problems"))
        .map(|dir| {
            dir.flatten()
                .filter(|e| e.path().join("Cargo.toml").is_file())
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Loads the named problems, or all when `names` is empty, from one `cargo metadata`. An
/// unknown name is an error that lists the problems there are.
pub fn select(root: &Path, names: &[String]) -> Result<Vec<Problem>, Error> {
    let all = all_names(root);
    let wanted: Vec<String> = if names.is_empty() {
        all.clone()
    } else {
        names.to_vec()
    };
    if let Some(n) = wanted.iter().find(|n| !all.contains(n)) {
        return Err(Error::Usage(format!(
            "unknown problem `{}`; the problems are: {}",
            n,
            all.join(", ")
        )));
    }
    let packages = metadata::read(root)?;
    wanted.iter().map(|n| load(root, &packages, n)).collect()
}

/// Problem `name` among the workspace's `packages`: the one whose manifest is
/// `problems/<name>/Cargo.toml`.
fn load(root: &Path, packages: &[Package], name: &str) -> Result<Problem, Error> {
    let manifest = root.join("problems").join(name).join("Cargo.toml");
    let wanted = fs::canonicalize(&manifest).map_err(|e| Error::io(&manifest, e))?;
    let package = packages
        .iter()
        .find(|p| fs::canonicalize(&p.manifest_path).is_ok_and(|m| m == wanted))
        .ok_or_else(|| Error::Manifest {
            place: manifest.display().to_string(),
            what: "not a member of the workspace (see `members` in the root Cargo.toml)"
                .to_string(),
        })?;
    let mut problem = Problem::from_package(root, name, package)?;
    problem.needs = problem
        .dependencies
        .iter()
        .map(|d| (d.clone(), needs_of(packages, d)))
        .collect();
    Ok(problem)
}

/// The workspace crates the crate `name` builds on, directly or not (names as code uses
/// them); empty for a crate outside the workspace.
fn needs_of(packages: &[Package], name: &str) -> Vec<String> {
    let code_name = |p: &Package| p.name.replace('-', "_");
    let mut found: Vec<String> = Vec::new();
    let mut next = vec![name.to_string()];
    while let Some(n) = next.pop() {
        if let Some(p) = packages.iter().find(|p| code_name(p) == n) {
            for d in &p.dependencies {
                if !found.contains(d) {
                    found.push(d.clone());
                    next.push(d.clone());
                }
            }
        }
    }
    found
}

impl Problem {
    /// The dependencies of [`Self::dependencies`] that `used` ones build on: kept in a bundle
    /// whenever one that needs them is.
    pub fn needed_by<'a>(&'a self, used: &'a [&String]) -> impl Iterator<Item = &'a String> {
        self.needs
            .iter()
            .filter(move |(d, _)| used.contains(&d))
            .flat_map(|(_, needs)| needs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crate_needs_what_it_builds_on_directly_or_not() {
        let package = |name: &str, deps: &[&str]| Package {
            name: name.to_string(),
            manifest_path: PathBuf::from(format!("shared/{}/Cargo.toml", name)),
            rust_version: None,
            edition: "2018".to_string(),
            dependencies: deps.iter().map(|d| d.to_string()).collect(),
            metadata: Json::Null,
        };
        let packages = [
            package("scan", &["fastio"]),
            package("fastio", &[]),
            package("twosat", &["scc"]),
            package("scc", &[]),
            package("convolution", &["modint", "internal_math"]),
            package("modint", &["internal_math"]),
            package("internal_math", &[]),
        ];
        assert_eq!(needs_of(&packages, "twosat"), ["scc"]);
        let mut conv = needs_of(&packages, "convolution");
        conv.sort();
        assert_eq!(conv, ["internal_math", "modint"]);
        assert!(needs_of(&packages, "fastio").is_empty());
        assert!(needs_of(&packages, "not_in_the_workspace").is_empty());
    }

    const MANIFEST: &str = r#"
[package]
name = "demo"
version = "0.1.0"

[package.metadata.judge]
compare = "lines"
stress = [["--n", "3"]]

[[package.metadata.judge.judges]]
judge = "poj"
problem = "3076"
url = "http://poj.org/problem?id=3076"
time-limit-ms = 10000
memory-limit-mib = 64

[[package.metadata.judge.judges]]
judge = "codeforces"
problem = "1A"
url = "https://codeforces.com/problemset/problem/1/A"
memory-limit-mib = 256
profiles = ["2024"]
variant = "first line K"

[[package.metadata.judge.bench]]
name = "b"
gen = ["--n", "9"]
"#;

    /// Problem `demo` of a throwaway workspace with this manifest, read as the tool reads it
    /// (through `cargo metadata`); `Err`: what is wrong with its metadata.
    fn load_text(manifest: &str) -> Result<Problem, Why> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let tag = format!("problem{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let ws = metadata::scratch_workspace(&tag, &[("demo", manifest)]);
        let packages = metadata::read(ws.path()).unwrap();
        let demo = packages.iter().find(|p| p.name == "demo").unwrap();
        Problem::from_metadata("demo", demo)
    }

    fn with(from: &str, to: &str) -> Result<Problem, Why> {
        assert!(MANIFEST.contains(from), "{}", from);
        load_text(&MANIFEST.replacen(from, to, 1))
    }

    #[test]
    fn cpp_programs_are_paths_inside_the_workspace_with_their_roles() {
        let at = "compare = \"lines\"";
        let p = with(
            at,
            "compare = \"checker\"\nchecker = \"pkg/check.cpp\"\nvalidator = \"./pkg/../pkg/v.cpp\"\ninclude = \"../../lc/common\"",
        )
        .unwrap();
        assert_eq!(
            p.cpp,
            CppPrograms {
                checker: Some(PathBuf::from("problems/demo/pkg/check.cpp")),
                validator: Some(PathBuf::from("problems/demo/pkg/v.cpp")),
                interactor: None,
                include: vec![PathBuf::from("lc/common")],
            }
        );
        let dirs = with(at, "validator = \"v.cpp\"\ninclude = [\"a\", \"b\"]").unwrap();
        assert_eq!(dirs.cpp.include.len(), 2);
        assert_eq!(with(at, "").unwrap().cpp, CppPrograms::default());
        let refused = |text: &str| with(at, text).unwrap_err();
        assert_eq!(
            refused("validator = \"../../../x.cpp\""),
            "[package.metadata.judge] validator = \"../../../x.cpp\": it leads out of the workspace"
        );
        assert!(refused("checker = \"/tmp/c.cpp\"\ncompare = \"checker\"")
            .contains("give a path relative to the package folder"));
        assert_eq!(
            refused("checker = \"c.cpp\""),
            "[package.metadata.judge] checker = \"...\" needs compare = \"checker\", not \"tokens\""
        );
        assert!(refused("interactor = \"i.cpp\"").contains("needs interactive = true"));
        assert!(refused("include = \"pkg\"").contains("include needs a checker"));
        assert!(refused("validator = 3").contains("validator must be a path"));
    }

    #[test]
    fn compare_modes_as_cargo_reads_them() {
        assert_eq!(
            with("compare = \"lines\"", "").unwrap().compare,
            Compare::Tokens
        );
        let float = with(
            "compare = \"lines\"",
            "compare = \"float\"\nfloat-abs = 1e-9\nfloat-rel = 0",
        )
        .unwrap();
        assert_eq!(
            float.compare,
            Compare::Float {
                abs: 1e-9,
                rel: 0.0
            }
        );
        let e = with(
            "compare = \"lines\"",
            "compare = \"lines\"\nfloat-rel = 1e-6",
        )
        .unwrap_err();
        assert!(e.contains("float-rel needs compare = \"float\""), "{}", e);
    }

    #[test]
    fn reads_the_judges_origin_first() {
        let p = load_text(MANIFEST).unwrap();
        assert_eq!((p.time_limit_ms, p.memory_limit_mib), (10000, 64));
        let keys: Vec<&str> = p.judges.iter().map(|l| l.judge.key).collect();
        assert_eq!(keys, ["poj", "codeforces"]);
        let cf = &p.judges[1];
        assert_eq!(cf.title(), "Codeforces 1A");
        assert_eq!((cf.time_limit_ms, cf.memory_limit_mib), (None, Some(256)));
        assert_eq!(cf.variant.as_deref(), Some("first line K"));
        let profiles: Vec<&str> = cf.profiles.iter().map(|p| p.key).collect();
        assert_eq!(profiles, ["2024"]);
        // POJ takes no Rust: the submission runs as Codeforces compiles it.
        assert_eq!(p.default_profile().command(), "-O --edition 2024");
        assert_eq!(p.rust_listings().count(), 1);
    }

    #[test]
    fn limits_past_their_maxima_are_refused_naming_the_key() {
        let output = |value: &str| {
            with(
                "profiles = [\"2024\"]",
                &format!("profiles = [\"2024\"]\noutput-limit-mib = {}", value),
            )
        };
        for (value, shown) in [
            ("1e13", "10000000000000"),
            ("17592186044416", "17592186044416"),
        ] {
            let e = output(value).unwrap_err();
            assert!(
                e.ends_with(&format!(
                    "judges table 2: `output-limit-mib = {}` is over 1024 (1 GiB), the most the \
                     check takes",
                    shown
                )),
                "{}",
                e
            );
        }
        assert_eq!(
            output("1024").unwrap().judges[1].output_limit_mib,
            Some(1024)
        );
        assert!(output("0")
            .unwrap_err()
            .contains("needs a positive integer `output-limit-mib`"));
        let e = with("time-limit-ms = 10000", "time-limit-ms = 1e300").unwrap_err();
        assert!(
            e.contains("`time-limit-ms = 1e300` is over 3600000 (one hour)"),
            "{}",
            e
        );
        let e = with("memory-limit-mib = 64", "memory-limit-mib = 1099511627776").unwrap_err();
        assert!(e.contains("`memory-limit-mib = 1099511627776` is over 1048576 (1 TiB)"));
        assert!(!e.contains('\n'));
    }

    #[test]
    fn limits_carry_the_judges_stack() {
        let p = load_text(MANIFEST).unwrap();
        let origin = p.limits();
        assert_eq!((origin.stack_bytes, origin.judge), (None, "POJ"));
        assert_eq!(origin.stack(), 8 << 20);
        let cf = p.limits_on(Some("codeforces"));
        assert_eq!((cf.stack_bytes, cf.judge), (Some(256 << 20), "Codeforces"));
        assert_eq!((cf.time_ms, cf.memory_mib), (10000, 256));
        assert_eq!(p.limits_on(Some("spoj")), origin);
    }

    #[test]
    fn unknown_keys_are_refused_with_the_known_ones() {
        assert_eq!(
            with("stress =", "stres =").unwrap_err(),
            "unknown key `stres` in [package.metadata.judge]; \
             the keys are: compare, float-abs, float-rel, stress, bench, judges, deny-warnings, \
             interactive, input-file, output-file, library-checker, checker, validator, \
             interactor, include"
        );
        let e = with("time-limit-ms = 10000", "time-limit = 10000").unwrap_err();
        assert!(
            e.contains("unknown key `time-limit` in [[package.metadata.judge.judges]]")
                && e.contains("time-limit-ms, memory-limit-mib, variant, profiles"),
            "{}",
            e
        );
        let e = with("gen = [", "generate = [").unwrap_err();
        assert!(
            e.contains("unknown key `generate` in [[package.metadata.judge.bench]]"),
            "{}",
            e
        );
        assert!(!e.contains('\n'), "{}", e);
    }

    #[test]
    fn unknown_judges_and_profiles_are_refused_with_the_known_ones() {
        let e = with("judge = \"codeforces\"", "judge = \"cf\"").unwrap_err();
        assert!(
            e.contains("unknown judge `cf`; the judges are: poj, luogu"),
            "{}",
            e
        );
        let e = with("[\"2024\"]", "[\"2023\"]").unwrap_err();
        assert!(
            e.contains(
                "unknown profile `2023` of judge `codeforces`; its profiles are: 2021, 2024"
            ),
            "{}",
            e
        );
        let e = with("judge = \"codeforces\"", "judge = \"poj\"").unwrap_err();
        assert!(e.contains("listed twice") || e.contains("url"), "{}", e);
        let e = with(
            "url = \"https://codeforces.com",
            "url = \"https://www.spoj.com",
        )
        .unwrap_err();
        assert!(e.contains("is on SPOJ"), "{}", e);
        // The origin needs its limits: they are the problem's.
        let e = with("time-limit-ms = 10000\n", "").unwrap_err();
        assert!(
            e.contains("judges table 1: needs a positive integer `time-limit-ms`"),
            "{}",
            e
        );
        let none = MANIFEST
            .split("[[package.metadata.judge.judges]]")
            .next()
            .unwrap();
        assert!(load_text(none).unwrap_err().contains("the origin first"));
    }

    /// Manifests cargo accepts load as cargo reads them: literal strings, `\u` escapes,
    /// floats, multi-line strings and inline tables.
    #[test]
    fn every_manifest_cargo_accepts_loads() {
        let p = load_text(
            r#"[package]
name = "demo"
version = "0.1.0"
description = """
Two lines, \u00e9 and 'quotes'."""

[package.metadata.judge]
compare = 'lines'
stress = [
    ['--n', "3"],
]

[[package.metadata.judge.judges]]
judge = 'luogu'
problem = "P\u0031074"
url = 'https://www.luogu.com.cn/problem/P1074'
time-limit-ms = 2000.0
memory-limit-mib = 128
variant = """
first line K,
then K grids"""

[package.metadata.other]
table = {
    a = 1.5,
    b = "x",
}

[dependencies]
bits = { path = "../../shared/bits",
         version = "0.1.0" }
"#,
        )
        .unwrap();
        assert_eq!(p.compare, Compare::Lines);
        assert_eq!(p.stress, [["--n", "3"]]);
        assert_eq!(p.judges[0].problem, "P1074");
        assert_eq!((p.time_limit_ms, p.memory_limit_mib), (2000, 128));
        assert_eq!(
            p.judges[0].variant.as_deref(),
            Some("first line K,\nthen K grids")
        );
        assert_eq!(p.dependencies, ["bits"]);
        assert_eq!(p.rust_version, None);
        // A limit that is not a whole number is refused, naming the key.
        let e = with("time-limit-ms = 10000", "time-limit-ms = 10000.5").unwrap_err();
        assert!(
            e.contains("judges table 1: needs a positive integer `time-limit-ms`"),
            "{}",
            e
        );
    }
}
