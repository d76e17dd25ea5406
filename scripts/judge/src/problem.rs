//! A problem of the workspace: its judge facts, read from `problems/<name>/Cargo.toml`.

use crate::toml::{self, Value};
use std::fs;
use std::path::{Path, PathBuf};

/// How an output is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// Line by line, trailing whitespace and a final newline ignored.
    Lines,
    /// By the problem's `<name>-check` program (any valid answer is accepted).
    Checker,
}

impl std::fmt::Display for Compare {
    /// The manifest's spelling: `lines` or `checker`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Compare::Lines => "lines",
            Compare::Checker => "checker",
        })
    }
}

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

/// A problem and its judge facts.
#[derive(Clone, Debug)]
pub struct Problem {
    pub name: String,
    /// `problems/<name>`, relative to the workspace root.
    pub dir: PathBuf,
    pub judge: String,
    pub id: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    pub compare: Compare,
    /// Generator argument sets for stress testing, used in turn.
    pub stress: Vec<Vec<String>>,
    pub bench: Vec<BenchSet>,
    /// The package's `[dependencies]`, by the names its code uses (`-` read as `_`).
    pub dependencies: Vec<String>,
}

impl Problem {
    /// Reads `problems/<name>/Cargo.toml` under `root`. Errors say which key is wrong.
    pub fn load(root: &Path, name: &str) -> Result<Problem, String> {
        let dir = Path::new("problems").join(name);
        let manifest = root.join(&dir).join("Cargo.toml");
        let text =
            fs::read_to_string(&manifest).map_err(|e| format!("{}: {}", manifest.display(), e))?;
        let doc = toml::parse(&text).map_err(|e| format!("{}: {}", manifest.display(), e))?;
        let here =
            |what: String| format!("{}: [package.metadata.judge] {}", manifest.display(), what);
        let meta = doc
            .get("package.metadata.judge")
            .ok_or_else(|| here("is missing".to_string()))?;
        let text_key = |key: &str| -> Result<String, String> {
            meta.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| here(format!("needs `{} = \"...\"`", key)))
        };
        let int_key = |key: &str| -> Result<u64, String> {
            meta.get(key)
                .and_then(Value::as_int)
                .filter(|&v| v > 0)
                .map(|v| v as u64)
                .ok_or_else(|| here(format!("needs a positive integer `{}`", key)))
        };
        let compare = match text_key("compare")?.as_str() {
            "lines" => Compare::Lines,
            "checker" => Compare::Checker,
            other => {
                return Err(here(format!(
                    "compare = \"{}\": use \"lines\" or \"checker\"",
                    other
                )))
            }
        };
        let stress = match meta.get("stress") {
            None => Vec::new(),
            Some(v) => v
                .as_array()
                .and_then(|sets| sets.iter().map(strings).collect::<Option<Vec<_>>>())
                .ok_or_else(|| here("stress must be an array of arrays of strings".to_string()))?,
        };
        let mut bench = Vec::new();
        if let Some(sets) = meta.get("bench") {
            let sets = sets.as_array().ok_or_else(|| {
                here("bench must be [[package.metadata.judge.bench]] tables".to_string())
            })?;
            for (i, set) in sets.iter().enumerate() {
                let bad = |what: &str| here(format!("bench set {}: {}", i + 1, what));
                let name = set
                    .get("name")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad("needs a name"))?
                    .to_string();
                let count = |key: &str| -> Result<usize, String> {
                    match set.get(key) {
                        None => Ok(1),
                        Some(v) => v
                            .as_int()
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
                    Some(v) => v.as_int().ok_or_else(|| bad("status must be an integer"))? as i32,
                };
                bench.push(BenchSet {
                    name,
                    inputs: count("inputs")?,
                    puzzles: count("puzzles")?,
                    source,
                    status,
                });
            }
        }
        let dependencies = doc
            .get("dependencies")
            .and_then(Value::as_table)
            .map(|deps| deps.keys().map(|k| k.replace('-', "_")).collect())
            .unwrap_or_default();
        Ok(Problem {
            name: name.to_string(),
            dependencies,
            judge: text_key("judge")?,
            id: text_key("problem")?,
            url: text_key("url")?,
            time_limit_ms: int_key("time-limit-ms")?,
            memory_limit_mib: int_key("memory-limit-mib")?,
            compare,
            stress,
            bench,
            dir,
        })
    }

    /// `samples/<name>`, relative to the workspace root.
    pub fn samples_dir(&self) -> PathBuf {
        Path::new("samples").join(&self.name)
    }
}

fn strings(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// The names of all problems: the directories of `problems/` that hold a `Cargo.toml`, sorted.
pub fn all_names(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("problems"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .filter(|e| e.path().join("Cargo.toml").is_file())
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Loads the named problems, or all when `names` is empty. An unknown name is an error that
/// lists the problems there are.
pub fn select(root: &Path, names: &[String]) -> Result<Vec<Problem>, String> {
    let all = all_names(root);
    let wanted: Vec<String> = if names.is_empty() {
        all.clone()
    } else {
        names.to_vec()
    };
    wanted
        .iter()
        .map(|n| {
            if all.contains(n) {
                Problem::load(root, n)
            } else {
                Err(format!(
                    "unknown problem `{}`; the problems are: {}",
                    n,
                    all.join(", ")
                ))
            }
        })
        .collect()
}
