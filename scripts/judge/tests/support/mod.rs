//! What the judge's end-to-end tests share: running the judge binary, throwaway workspaces.

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

/// Runs the judge in `root` with the project's pinned cargo-equip on PATH.
pub fn judge(root: &Path, args: &[&str]) -> Output {
    let tools = real_root().join(".tools/bin");
    let path = format!(
        "{}:{}",
        tools.display(),
        env::var("PATH").unwrap_or_default()
    );
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(root)
        .env("PATH", path)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the judge, asserts its exit status (showing everything it printed if that fails), and
/// returns its stdout.
pub fn judge_exits(root: &Path, args: &[&str], code: i32) -> String {
    let out = judge(root, args);
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

/// The row of `case` of problem `problem` in a check table, split into its columns.
pub fn row<'a>(out: &'a str, problem: &str, case: &str) -> Vec<&'a str> {
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .find(|f| f.len() > 2 && f[0] == problem && f[1] == case)
        .unwrap_or_else(|| panic!("no row for case {} in:\n{}", case, out))
}
