//! Writes that survive the tool being killed: a file is whole or absent, never half, and a
//! new problem folder appears whole; what a killed tool left half-made is found at the next
//! start.
//!
//! A file is written to a part file beside it (`.<name>.part-<pid>-<n>`), then renamed over
//! its place: a rename within a folder is atomic, so a reader (cargo, the check, a later
//! command) sees the old file or the new one. A new problem is made in a staging folder
//! under `target/judge/new/` (never in `problems/`, whose every folder, a hidden one too,
//! is a workspace member for cargo's `problems/*`) and renamed into `problems/` whole.
//! The part files and staging folders of a tool killed on the way are removed by
//! [`recover`]. Killed by SIGKILL the system's cache still holds what was written; a power
//! cut is not covered (no `fsync`, which would cost each write a disk flush).

use crate::error::{Error, Result};
use crate::exec;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Set to `k` (tests only), the tool kills itself with SIGKILL at its `k`-th atomic write,
/// after the part file is written and before it is put in place: how a test plants a tool
/// killed in the middle of `make import` or `make new`.
pub const KILL_AT_WRITE: &str = "JUDGE_KILL_AT_WRITE";

/// How many atomic writes (files and folders put in place) the tool has made.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// Counts one write about to be committed; kills the tool at the one [`KILL_AT_WRITE`]
/// names.
fn committing() {
    static AT: OnceLock<Option<u64>> = OnceLock::new();
    let at = *AT.get_or_init(|| std::env::var(KILL_AT_WRITE).ok()?.parse().ok());
    let n = WRITES.fetch_add(1, Ordering::SeqCst) + 1;
    if at == Some(n) {
        exec::kill_self();
    }
}

/// A fresh part file's path beside `path`: `.<name>.part-<pid>-<n>`.
fn part_of(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{}{}{}-{}", name, PART, std::process::id(), n))
}

/// What marks a part file's name, before the writer's pid.
const PART: &str = ".part-";

/// Writes `bytes` to a part file beside `path` and returns it.
fn write_part(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let part = part_of(path);
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&part)
        .and_then(|mut f| f.write_all(bytes));
    if let Err(e) = written {
        let _ = fs::remove_file(&part);
        return Err(e);
    }
    Ok(part)
}

/// Writes `bytes` to `path` whole: readers see the old file or the new one, and a tool
/// killed meanwhile leaves the old one (and a part file [`recover`] removes). Replaces what
/// is there. Cost: one more file created and one rename.
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let part = write_part(path, bytes.as_ref())?;
    committing();
    fs::rename(&part, path).map_err(|e| {
        let _ = fs::remove_file(&part);
        e
    })
}

/// Writes `bytes` to `path` whole, as [`write_atomic`], but never over a file that is there:
/// `AlreadyExists` then (the file is linked into place, which fails where a name exists).
pub fn write_new(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let part = write_part(path, bytes.as_ref())?;
    committing();
    let linked = fs::hard_link(&part, path);
    let _ = fs::remove_file(&part);
    linked
}

/// The folder under `target/` where new problems are made before they are put in place.
fn staging_root(root: &Path) -> PathBuf {
    root.join("target/judge/new")
}

/// A folder in which a new problem `name` is made: `target/judge/new/<name>-<pid>`, empty.
/// Put it in place with [`place_folder`].
pub fn staging_folder(root: &Path, name: &str) -> io::Result<PathBuf> {
    let dir = staging_root(root).join(format!("{}-{}", name, std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Moves the made folder `staged` to `to` in one rename: `to` appears whole or not at all.
/// Refuses (`AlreadyExists`) where `to` exists.
pub fn place_folder(staged: &Path, to: &Path) -> io::Result<()> {
    if fs::symlink_metadata(to).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "it exists already",
        ));
    }
    committing();
    fs::rename(staged, to)
}

/// Whether the pid a part file or staging folder names is of a process gone by now.
fn writer_gone(pid: &str) -> bool {
    match pid.parse::<u32>() {
        // Signal 0 to a pid in 1..=i32::MAX asks for that process alone; no process has
        // another.
        Ok(pid) => !(1..=i32::MAX as u32).contains(&pid) || !exec::process_exists(pid as i32),
        Err(_) => false,
    }
}

/// The writer's pid a part file's name holds (`.<name>.part-<pid>-<n>`).
fn part_writer(name: &str) -> Option<&str> {
    let rest = &name[name.rfind(PART)? + PART.len()..];
    let (pid, n) = rest.split_once('-')?;
    (name.starts_with('.') && n.bytes().all(|b| b.is_ascii_digit())).then_some(pid)
}

/// Removes the part files of a gone writer in `dir`.
fn remove_parts(dir: &Path) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name();
        if let Some(pid) = name.to_str().and_then(part_writer) {
            if writer_gone(pid) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// What a tool killed in the middle of a write left, found at a command's start: part files
/// and staging folders of gone processes are removed, and so is an empty folder of
/// `problems/` (cargo refuses a workspace member without a manifest, so every command would
/// fail). Returns a line for each folder removed. A folder of `problems/` with files but an
/// empty or missing `Cargo.toml` is refused in one line saying what to do: its files may be
/// the user's. Cost: one folder listing of `problems/`, `samples/` and each of their folders.
pub fn recover(root: &Path) -> Result<Vec<String>> {
    let mut said = Vec::new();
    let staging = staging_root(root);
    for entry in fs::read_dir(&staging).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name
            .rsplit_once('-')
            .is_some_and(|(_, pid)| writer_gone(pid))
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
    for entry in fs::read_dir(root.join("samples"))
        .into_iter()
        .flatten()
        .flatten()
    {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            remove_parts(&entry.path());
        }
    }
    for entry in fs::read_dir(root.join("problems"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let dir = entry.path();
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        remove_parts(&dir);
        let shown = format!("problems/{}", entry.file_name().to_string_lossy());
        // An empty folder: `remove_dir` removes nothing else.
        if fs::remove_dir(&dir).is_ok() {
            said.push(format!(
                "removed the empty folder {} (left by an interrupted command)",
                shown
            ));
            continue;
        }
        let manifest = dir.join("Cargo.toml");
        match fs::metadata(&manifest) {
            Ok(m) if m.len() > 0 => {}
            Ok(_) => {
                return Err(Error::Refused(format!(
                    "{}/Cargo.toml is empty (a command was interrupted while writing it): \
                     restore it from git, or remove {} and make it again",
                    shown, shown
                )))
            }
            Err(_) => {
                return Err(Error::Refused(format!(
                    "{} has no Cargo.toml, and cargo takes every folder of problems/ for a \
                     package: move it out of problems/, or remove it",
                    shown
                )))
            }
        }
    }
    Ok(said)
}

/// Writes `bytes` to `path` as [`write_atomic`] does, the error naming the file.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    write_atomic(path, bytes).map_err(|e| Error::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    fn read(path: &Path) -> String {
        fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_part_is_left() {
        let dir = TempDir::new("judge-atomic-write");
        let path = dir.path().join("1.out");
        write_atomic(&path, "old\n").unwrap();
        write_atomic(&path, "new\n").unwrap();
        assert_eq!(read(&path), "new\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        let e = write_new(&path, "other\n").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(read(&path), "new\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn what_a_gone_writer_left_is_cleared_and_a_damaged_problem_named() {
        let dir = TempDir::new("judge-atomic-recover");
        let root = dir.path();
        // pid 0 is no process's: a gone writer.
        let problem = root.join("problems/a");
        fs::create_dir_all(&problem).unwrap();
        fs::write(problem.join("Cargo.toml"), "[package]\n").unwrap();
        fs::write(problem.join(".Cargo.toml.part-0-1"), "[pack").unwrap();
        let mine = format!(".Cargo.toml.part-{}-1", std::process::id());
        fs::write(problem.join(&mine), "x").unwrap();
        fs::create_dir_all(root.join("samples/a")).unwrap();
        fs::write(root.join("samples/a/.1.in.part-0-7"), "1").unwrap();
        fs::create_dir_all(root.join("problems/empty")).unwrap();
        fs::create_dir_all(root.join("target/judge/new/b-0/src")).unwrap();
        let said = recover(root).unwrap();
        assert_eq!(
            said,
            ["removed the empty folder problems/empty (left by an interrupted command)"]
        );
        assert!(!problem.join(".Cargo.toml.part-0-1").exists());
        assert!(problem.join(mine).exists(), "a live writer's part stays");
        assert!(!root.join("samples/a/.1.in.part-0-7").exists());
        assert!(!root.join("target/judge/new/b-0").exists());
        fs::write(problem.join("Cargo.toml"), "").unwrap();
        let e = recover(root).unwrap_err().to_string();
        assert!(e.contains("problems/a/Cargo.toml is empty"), "{}", e);
        fs::remove_file(problem.join("Cargo.toml")).unwrap();
        let e = recover(root).unwrap_err().to_string();
        assert!(e.contains("problems/a has no Cargo.toml"), "{}", e);
    }

    #[test]
    fn a_staged_folder_is_placed_whole_and_never_over_one() {
        let dir = TempDir::new("judge-atomic-place");
        let root = dir.path();
        let staged = staging_folder(root, "p").unwrap();
        fs::write(staged.join("Cargo.toml"), "x").unwrap();
        let to = root.join("problems/p");
        fs::create_dir_all(root.join("problems")).unwrap();
        place_folder(&staged, &to).unwrap();
        assert_eq!(read(&to.join("Cargo.toml")), "x");
        let again = staging_folder(root, "p").unwrap();
        assert!(place_folder(&again, &to).is_err());
    }
}
