//! What the judge's end-to-end tests share: running the judge binary, throwaway workspaces,
//! reading its tables.

#![allow(dead_code)] // each test file uses part of it

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The real workspace: scripts/judge/../..
pub fn real_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A file of `tests/fixtures/` (planted solutions), by name.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The judge set up to run in `root` with the project's pinned cargo-equip on PATH (and no
/// outer `CARGO_TARGET_DIR`), for a test that spawns it itself.
pub fn judge_command(root: &Path, args: &[&str]) -> Command {
    let tools = real_root().join(".tools/bin");
    let path = format!(
        "{}:{}",
        tools.display(),
        env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
    cmd.args(args)
        .current_dir(root)
        .env("PATH", path)
        .env_remove("CARGO_TARGET_DIR");
    cmd
}

/// Runs the judge in `root` (see [`judge_command`]) to its end.
pub fn judge(root: &Path, args: &[&str]) -> Output {
    judge_with(root, args, &[])
}

/// [`judge`] with extra environment variables.
pub fn judge_with(root: &Path, args: &[&str], envs: &[(&str, &str)]) -> Output {
    judge_command(root, args)
        .envs(envs.iter().copied())
        .output()
        .unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the judge, asserts its exit status (showing everything it printed if that fails), and
/// returns its stdout.
pub fn judge_exits(root: &Path, args: &[&str], code: i32) -> String {
    judge_exits_with(root, args, &[], code)
}

/// [`judge_exits`] with extra environment variables.
pub fn judge_exits_with(root: &Path, args: &[&str], envs: &[(&str, &str)], code: i32) -> String {
    let out = judge_with(root, args, envs);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}{}",
        stdout,
        text(&out.stderr)
    );
    stdout
}

/// A fresh workspace under the test's temp dir with the given files.
pub fn workspace(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&root);
    let mut all = vec![(
        "Cargo.toml",
        "[workspace]\nresolver = \"2\"\nmembers = [\"problems/*\"]\n",
    )];
    all.extend_from_slice(files);
    for (path, body) in all {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, body).unwrap();
    }
    // The judge finds its workspace by its problems/ folder.
    fs::create_dir_all(root.join("problems")).unwrap();
    root
}

/// A fresh workspace like the real one, for what `make new` scaffolds: members inherit
/// [workspace.package], the shared crates are copies of the real ones (flat `src/*.rs`).
pub fn workspace_like_real(name: &str) -> PathBuf {
    let root = workspace(
        name,
        &[(
            "Cargo.toml",
            "[workspace]\nresolver = \"2\"\nmembers = [\"problems/*\", \"shared/*\"]\n\n\
             [workspace.package]\nversion = \"0.1.0\"\nedition = \"2018\"\n\
             rust-version = \"1.70\"\npublish = false\n",
        )],
    );
    // Every shared crate: a new problem has the whole library at hand.
    for krate in fs::read_dir(real_root().join("shared")).unwrap() {
        let krate = krate.unwrap().file_name();
        let (src, dst) = (
            real_root().join("shared").join(&krate),
            root.join("shared").join(&krate),
        );
        fs::create_dir_all(dst.join("src")).unwrap();
        fs::copy(src.join("Cargo.toml"), dst.join("Cargo.toml")).unwrap();
        // Every module file of the crate (flat: `src/*.rs`).
        for entry in fs::read_dir(src.join("src")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                fs::copy(&path, dst.join("src").join(path.file_name().unwrap())).unwrap();
            }
        }
    }
    root
}

/// The manifest of a one-binary problem in a throwaway workspace, field by field; see
/// [`Manifest::new`] for what each is unless set.
pub struct Manifest {
    pub name: String,
    pub edition: String,
    /// The lines of `[package.metadata.judge]`.
    pub metadata: String,
    pub judge: String,
    pub problem: String,
    pub url: String,
    pub time_ms: u64,
    pub memory_mib: u64,
    /// More lines of the judge's table (`profiles = [...]`).
    pub listing: String,
}

impl Manifest {
    /// Problem `name`: edition 2018, lines compared, the generic judge, 1000 ms and 64 MiB.
    pub fn new(name: &str) -> Manifest {
        Manifest {
            name: name.to_string(),
            edition: "2018".to_string(),
            metadata: "compare = \"lines\"".to_string(),
            judge: "generic".to_string(),
            problem: "1".to_string(),
            url: "http://example.invalid/1".to_string(),
            time_ms: 1000,
            memory_mib: 64,
            listing: String::new(),
        }
    }

    /// The `Cargo.toml` text.
    pub fn render(&self) -> String {
        let m = self;
        format!(
            r#"[package]
name = "{}"
version = "0.1.0"
edition = "{}"

[package.metadata.judge]
{}

[[package.metadata.judge.judges]]
judge = "{}"
problem = "{}"
url = "{}"
time-limit-ms = {}
memory-limit-mib = {}
{}"#,
            m.name,
            m.edition,
            m.metadata,
            m.judge,
            m.problem,
            m.url,
            m.time_ms,
            m.memory_mib,
            m.listing
        )
    }
}

/// The manifest of a one-binary problem `name` in a throwaway workspace: lines compared, the
/// generic judge, 1000 ms and 64 MiB.
pub fn manifest(name: &str) -> String {
    Manifest::new(name).render()
}

/// The line of a check table for case `case` of problem `problem` that contains `what` (any
/// such line when `what` is empty).
pub fn line<'a>(out: &'a str, problem: &str, case: &str, what: &str) -> &'a str {
    out.lines()
        .find(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() > 2 && f[0] == problem && f[1] == case && l.contains(what)
        })
        .unwrap_or_else(|| panic!("no {} row with `{}` in:\n{}", case, what, out))
}

/// The row of `case` of problem `problem` in a check table, split into its columns.
pub fn row<'a>(out: &'a str, problem: &str, case: &str) -> Vec<&'a str> {
    line(out, problem, case, "").split_whitespace().collect()
}

/// The names of the packages a Competitive Companion payload file became.
pub fn imported(root: &Path, payload: &str) -> Vec<String> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/companion")
        .join(payload);
    let out = judge_exits(root, &["import", file.to_str().unwrap()], 0);
    out.lines()
        .filter_map(|l| l.strip_prefix("created problems/"))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}
