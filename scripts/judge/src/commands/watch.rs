//! `make watch`: the check of one problem again whenever a file of the problem, its samples
//! or `shared/` changes, until interrupted.
//!
//! Std only, so changes are found by polling modification times and sizes (a few hundred
//! files, a few times a second: negligible). `target/` folders and hidden files are ignored,
//! so the check's own output never triggers another check.

use super::Outcome;
use crate::check::engine as check_engine;
use crate::cli::args::Parsed;
use crate::error::{Error, Result};
use crate::workspace::problem;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::thread::sleep;
use std::time::{Duration, SystemTime};

/// How often the files are looked at.
const POLL: Duration = Duration::from_millis(300);

/// How long a burst of saves is given to settle before the check starts.
const SETTLE: Duration = Duration::from_millis(150);

/// Every watched file with its modification time and size, sorted by path.
type Snapshot = Vec<(PathBuf, Option<SystemTime>, u64)>;

fn snapshot(dirs: &[PathBuf]) -> Snapshot {
    let mut files = Vec::new();
    for dir in dirs {
        walk(dir, &mut files);
    }
    files.sort();
    files
}

fn walk(dir: &Path, files: &mut Snapshot) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(_) => return,
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        let path = entry.path();
        match entry.metadata() {
            Ok(meta) if meta.is_dir() => walk(&path, files),
            Ok(meta) => files.push((path, meta.modified().ok(), meta.len())),
            Err(_) => {}
        }
    }
}

/// The paths of `now` that are new, changed or gone since `before`, at most a few.
fn changed(before: &Snapshot, now: &Snapshot, root: &Path) -> String {
    let mut names: Vec<String> = now
        .iter()
        .filter(|f| !before.contains(f))
        .map(|f| &f.0)
        .chain(
            before
                .iter()
                .filter(|f| !now.iter().any(|g| g.0 == f.0))
                .map(|f| &f.0),
        )
        .map(|p| p.strip_prefix(root).unwrap_or(p).display().to_string())
        .collect();
    names.dedup();
    if names.len() > 3 {
        let more = names.len() - 3;
        names.truncate(3);
        names.push(format!("{} more", more));
    }
    names.join(", ")
}

/// Whether stdout is a terminal, so the screen may be cleared. Std only, and `IsTerminal` is
/// newer than the workspace's rust-version: on Linux the link of fd 1 says; elsewhere a set,
/// non-dumb `TERM` is taken as a terminal.
fn stdout_is_terminal() -> bool {
    match fs::read_link("/proc/self/fd/1") {
        Ok(target) => target.starts_with("/dev/pts") || target.starts_with("/dev/tty"),
        Err(_) => match std::env::var("TERM") {
            Ok(term) => !term.is_empty() && term != "dumb",
            Err(_) => false,
        },
    }
}

/// The arguments of `watch`.
pub struct Args {
    /// The problem to watch.
    pub name: String,
    /// End the watch after this many checks (for tests); `None`: until interrupted.
    pub stop_after: Option<u64>,
}

impl Args {
    /// `watch NAME [--stop-after-runs N]`.
    pub fn parse(line: &Parsed) -> Result<Args> {
        let stop_after = line.number("--stop-after-runs")?;
        match line.names.as_slice() {
            [name] => Ok(Args {
                name: name.clone(),
                stop_after,
            }),
            _ => Err(Error::Usage(
                "`watch` takes one problem name: make watch P=<name>".to_string(),
            )),
        }
    }
}

/// Checks the problem now and after every change, clearing the screen first on a terminal,
/// until interrupted or `stop_after` checks. A check that cannot run (a broken manifest) is
/// reported and watched on. Passes when stopped after `stop_after` checks.
pub fn run(root: &Path, args: &Args) -> Result<Outcome> {
    let (name, stop_after) = (args.name.as_str(), args.stop_after);
    problem::select(root, &[name.to_string()])?;
    let dirs = [
        root.join("problems").join(name),
        root.join("samples").join(name),
        root.join("shared"),
    ];
    let terminal = stdout_is_terminal();
    let mut last: Option<Snapshot> = None;
    let mut runs = 0;
    loop {
        let mut now = snapshot(&dirs);
        if last.as_ref() == Some(&now) {
            sleep(POLL);
            continue;
        }
        let why = match &last {
            None => "first run".to_string(),
            Some(before) => {
                sleep(SETTLE);
                now = snapshot(&dirs);
                format!("changed: {}", changed(before, &now, root))
            }
        };
        runs += 1;
        if terminal {
            // Clear the screen and the scrollback, cursor home.
            print!("\x1b[2J\x1b[3J\x1b[H");
        }
        println!("watch {}: check {} ({})", runs, name, why);
        let _ = std::io::stdout().flush();
        let passed = problem::select(root, &[name.to_string()])
            .and_then(|problems| check_engine::check(root, &problems));
        if let Err(e) = passed {
            println!("judge: {}", e);
        }
        println!(
            "watch {} done; watching problems/{1}, samples/{1} and shared/ (Ctrl-C to stop)",
            runs, name
        );
        let _ = std::io::stdout().flush();
        // Changes made while the check ran are compared with the files it started from.
        last = Some(now);
        if stop_after == Some(runs) {
            return Ok(Outcome::Pass);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_see_changes_and_skip_target_and_hidden() {
        let tmp = testkit::TempDir::new("judge-watch");
        let dir = tmp.path();
        fs::create_dir_all(dir.join("src")).unwrap();
        fs::create_dir_all(dir.join("target")).unwrap();
        fs::write(dir.join("src/main.rs"), "a").unwrap();
        let dirs = [dir.to_path_buf()];
        let first = snapshot(&dirs);
        assert_eq!(first.len(), 1);
        fs::write(dir.join("target/out"), "x").unwrap();
        fs::write(dir.join(".swap"), "x").unwrap();
        assert_eq!(snapshot(&dirs), first);
        fs::write(dir.join("src/main.rs"), "ab").unwrap();
        let second = snapshot(&dirs);
        assert_ne!(second, first);
        assert!(changed(&first, &second, dir).contains("main.rs"));
        fs::write(dir.join("src/lib.rs"), "").unwrap();
        fs::remove_file(dir.join("src/main.rs")).unwrap();
        let third = snapshot(&dirs);
        let said = changed(&second, &third, dir);
        assert!(
            said.contains("lib.rs") && said.contains("main.rs"),
            "{}",
            said
        );
    }
}
