//! What each compiler of this machine says of itself (`rustc --version`), kept by its path,
//! size and modification time in `target/rustc-versions`, so that a check does not
//! start every toolchain's rustc to ask again.
//!
//! Only absolute paths are kept: `rustc` on PATH is rustup's proxy, whose answer changes with
//! the default toolchain while the proxy's file stays the same.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::UNIX_EPOCH;

/// Where the answers are kept, once [`keep_in`] named a folder.
static FILE: OnceLock<PathBuf> = OnceLock::new();

/// The answers known to this process: the file's, and those asked since.
static KNOWN: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);

/// Keeps the answers in `dir` (the workspace's `target`) from now on.
pub fn keep_in(dir: &Path) {
    let _ = FILE.set(dir.join("rustc-versions"));
}

/// The key of a compiler file: its path, size and modification time; `None` for a command
/// looked up on PATH or a file that cannot be read.
fn key(program: &Path) -> Option<String> {
    if !program.is_absolute() {
        return None;
    }
    let meta = fs::metadata(program).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!(
        "{}\t{}\t{}",
        program.display(),
        meta.len(),
        modified.as_nanos()
    ))
}

/// `program --version`'s standard output and whether it succeeded, asked once per compiler
/// file.
pub fn version_line(program: &Path) -> io::Result<(bool, String)> {
    let key = key(program);
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let known = known.get_or_insert_with(load);
    if let Some(line) = key.as_ref().and_then(|k| known.get(k)) {
        return Ok((true, line.clone()));
    }
    let out = Command::new(program).arg("--version").output()?;
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if let (Some(key), true) = (key, out.status.success()) {
        known.insert(key, line.clone());
        save(known);
    }
    Ok((out.status.success(), line))
}

/// The kept answers: lines of `path \t size \t mtime \t version line`.
fn load() -> HashMap<String, String> {
    let Some(text) = FILE.get().and_then(|f| fs::read_to_string(f).ok()) else {
        return HashMap::new();
    };
    text.lines()
        .filter_map(|l| {
            let (key, line) = l.rsplit_once('\t')?;
            Some((key.to_string(), line.to_string()))
        })
        .collect()
}

/// Writes the answers whole, by a rename, so a check beside this one reads all or none.
fn save(known: &HashMap<String, String>) {
    let Some(file) = FILE.get() else { return };
    let mut lines: Vec<String> = known
        .iter()
        .map(|(k, v)| format!("{}\t{}\n", k, v))
        .collect();
    lines.sort();
    let part = file.with_extension(format!("{}.part", std::process::id()));
    let written = file
        .parent()
        .map_or(Ok(()), fs::create_dir_all)
        .and_then(|_| fs::write(&part, lines.concat()))
        .and_then(|_| fs::rename(&part, file));
    if written.is_err() {
        let _ = fs::remove_file(&part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_on_path_is_never_kept_and_a_file_is_keyed_by_its_state() {
        assert_eq!(key(Path::new("rustc")), None);
        let dir = testkit::TempDir::new("judge-probes");
        let file = dir.path().join("rustc");
        fs::write(&file, "x").unwrap();
        let first = key(&file).unwrap();
        fs::write(&file, "xy").unwrap();
        assert_ne!(key(&file).unwrap(), first);
    }
}
