//! Installing a judge's toolchain with rustup, one install at a time, and never leaving one
//! half made: a lock naming its holder, waits that say what they wait for, and an install
//! that is verified (its `rustc` answers) or removed.
//!
//! The lock is the file `judge-install.lock` in rustup's home, written whole before it is
//! linked into place (so it always names its holder): `<pid> <start time> <toolchain>`. A
//! holder that is gone (no such process, or another one with its pid) leaves a lock that is
//! taken over, unless a `rustup toolchain install` of that toolchain still runs (a tool killed
//! mid-install leaves its rustup going): that is waited for.

use crate::build::toolchain;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{self, Command};
use std::thread;
use std::time::{Duration, Instant};

/// How long a waiter waits for another install before it goes on without the lock.
const PATIENCE: Duration = Duration::from_secs(600);

/// How often a wait says what it waits for.
const SAY_EVERY: Duration = Duration::from_secs(5);

/// Who holds a lock: what its file says.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Holder {
    pid: u32,
    /// The process's start time (`/proc/<pid>/stat`, clock ticks since boot): tells it from
    /// a later process with the same pid.
    started: u64,
    toolchain: String,
}

impl Holder {
    fn me(toolchain: &str) -> Holder {
        let pid = process::id();
        Holder {
            pid,
            started: start_time(pid).unwrap_or(0),
            toolchain: toolchain.to_string(),
        }
    }

    fn parse(text: &str) -> Option<Holder> {
        let mut words = text.split_whitespace();
        Some(Holder {
            pid: words.next()?.parse().ok()?,
            started: words.next()?.parse().ok()?,
            toolchain: words.next()?.to_string(),
        })
    }

    fn text(&self) -> String {
        format!("{} {} {}\n", self.pid, self.started, self.toolchain)
    }

    /// Whether the holder still runs: its pid is a process that started when it did. Where
    /// `/proc` is absent the pid alone tells (a reused pid keeps the lock until the
    /// patience runs out).
    fn alive(&self) -> bool {
        if !Path::new("/proc/self").exists() {
            return crate::exec::process_exists(self.pid as i32);
        }
        start_time(self.pid).is_some_and(|t| t == self.started)
    }
}

/// The start time of process `pid` (field 22 of `/proc/<pid>/stat`), where `/proc` tells.
fn start_time(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{}/stat", pid)).ok()?;
    // `pid (comm) state ...`: comm may hold spaces and parentheses; starttime is the 20th
    // field after it.
    stat[stat.rfind(')')? + 1..]
        .split_whitespace()
        .nth(19)?
        .parse()
        .ok()
}

/// The pids of the `rustup toolchain install` processes of `toolchain` running now (any
/// `rustup ... toolchain install ... <toolchain>` command line); none where `/proc` is
/// absent.
fn installers(toolchain: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let cmdline = fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
        let named = |w: &str| args.contains(&w.as_bytes());
        // rustup itself, or a script of that name (its interpreter first).
        let rustup = args.iter().take(2).any(|a| a.ends_with(b"rustup"));
        let names = args.iter().any(|a| {
            *a == toolchain.as_bytes() || a.starts_with(format!("{}-", toolchain).as_bytes())
        });
        if rustup && named("toolchain") && named("install") && names {
            found.push(pid);
        }
    }
    found
}

/// Held while this process installs a toolchain; removed when dropped.
pub struct InstallLock(PathBuf);

/// What a lock that is there says to a process that wants it.
#[derive(Debug, PartialEq, Eq)]
enum Busy {
    /// Its holder runs: wait.
    Held(Holder),
    /// Its holder is gone, but a rustup it started still installs: wait.
    Installing(Vec<u32>, String),
    /// Nobody: take it over.
    Stale,
}

/// What the lock file at `path` says, looked at now.
fn busy(path: &Path, toolchain: &str) -> Busy {
    let holder = fs::read_to_string(path)
        .ok()
        .and_then(|t| Holder::parse(&t));
    if let Some(h) = &holder {
        if h.alive() {
            return Busy::Held(h.clone());
        }
    }
    // A gone holder's rustup, or one of a lock that names nobody (an older tool's folder).
    let what = holder.map_or_else(|| toolchain.to_string(), |h| h.toolchain);
    let running = installers(&what);
    if running.is_empty() {
        Busy::Stale
    } else {
        Busy::Installing(running, what)
    }
}

impl InstallLock {
    /// Takes the install lock of rustup's home `home` for `toolchain`, waiting (and saying
    /// so on stderr every few seconds) while another process installs; a stale lock is
    /// taken over. `None` (install unlocked) when the lock cannot be written or the wait runs
    /// past `patience`.
    fn take_in(home: &Path, toolchain: &str, patience: Duration) -> Option<InstallLock> {
        let path = home.join("judge-install.lock");
        let me = Holder::me(toolchain);
        let started = Instant::now();
        let mut said = started;
        loop {
            // Written whole, then linked into place: a lock always names its holder.
            let part = home.join(format!(".judge-install.lock.{}", me.pid));
            let linked = fs::File::create(&part)
                .and_then(|mut f| f.write_all(me.text().as_bytes()))
                .and_then(|()| fs::hard_link(&part, &path));
            let _ = fs::remove_file(&part);
            match linked {
                Ok(()) => return Some(InstallLock(path)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(_) => return None,
            }
            let waiting = match busy(&path, toolchain) {
                Busy::Stale => {
                    // A folder is an older tool's lock.
                    let _ = fs::remove_file(&path).or_else(|_| fs::remove_dir_all(&path));
                    continue;
                }
                Busy::Held(h) => {
                    format!("the judge tool (pid {}) installing {}", h.pid, h.toolchain)
                }
                Busy::Installing(pids, what) => format!(
                    "rustup (pid {}) installing {}, started by a judge tool that is gone",
                    pids.iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    what
                ),
            };
            if started.elapsed() > patience {
                eprintln!(
                    "judge: waited {} s for {}: installing without the lock (remove {} if \
                     nothing installs)",
                    started.elapsed().as_secs(),
                    waiting,
                    path.display()
                );
                return None;
            }
            if said.elapsed() >= SAY_EVERY || said == started {
                eprintln!("judge: waiting for {}", waiting);
                said = Instant::now();
            }
            thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for InstallLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// The folders of `home`'s toolchains named `toolchain` (`1.88.0-x86_64-...`) that have no
/// `bin/rustc`: installs killed before they were done.
fn broken(home: &Path, toolchain: &str) -> Vec<PathBuf> {
    let prefix = format!("{}-", toolchain);
    let mut found: Vec<PathBuf> = fs::read_dir(home.join("toolchains"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name == toolchain || name.starts_with(&prefix)
        })
        .map(|e| e.path())
        .filter(|dir| !dir.join("bin/rustc").is_file())
        .collect();
    found.sort();
    found
}

/// `rustup toolchain uninstall <toolchain>`; `Err` is rustup's first error line.
fn uninstall(toolchain: &str) -> Result<(), String> {
    run_rustup(&["toolchain", "uninstall", toolchain])
}

fn run_rustup(args: &[&str]) -> Result<(), String> {
    let out = Command::new("rustup")
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .map_err(|e| format!("cannot run rustup: {}", e))?;
    if out.status.success() {
        return Ok(());
    }
    let log = String::from_utf8_lossy(&out.stderr);
    Err(log
        .lines()
        .find(|l| l.starts_with("error"))
        .unwrap_or("rustup failed")
        .trim()
        .to_string())
}

/// Whether an install of `toolchain` in `home` answers: some `toolchains/<toolchain>-*/bin/
/// rustc --version` prints a rustc version.
fn answers(home: &Path, toolchain: &str) -> bool {
    let prefix = format!("{}-", toolchain);
    fs::read_dir(home.join("toolchains"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name == toolchain || name.starts_with(&prefix)
        })
        .any(|e| toolchain::probe(&e.path().join("bin/rustc")).is_ok())
}

/// `rustup toolchain install <toolchain> --profile minimal --no-self-update`, said on one
/// line first (on stderr: stdout is the table's), under the install lock. A half-made
/// install of it (no `rustc`, left by a killed install) is uninstalled first; the install
/// is verified after (its `rustc` answers `--version`), and uninstalled when it does not.
/// `Err` is one line: rustup's first error, or what is wrong with what it installed.
pub fn install(toolchain: &str, for_whom: &str) -> Result<(), String> {
    let args = [
        "toolchain",
        "install",
        toolchain,
        "--profile",
        "minimal",
        "--no-self-update",
    ];
    eprintln!(
        "installing rustc {} for {} with `rustup {}` (first use only, about 15 s)",
        toolchain,
        for_whom,
        args.join(" ")
    );
    let home = toolchain::rustup_home();
    // Held until rustup is done: a second install of the same toolchain at once fails.
    let _lock = home
        .as_deref()
        .and_then(|h| InstallLock::take_in(h, toolchain, PATIENCE));
    if let Some(home) = &home {
        if !broken(home, toolchain).is_empty() {
            eprintln!(
                "judge: {} in {} has no rustc (an install was interrupted): uninstalling it",
                toolchain,
                home.join("toolchains").display()
            );
            uninstall(toolchain)?;
        }
    }
    run_rustup(&args)?;
    match &home {
        Some(home) if !answers(home, toolchain) => {
            let removed = uninstall(toolchain).map_or_else(
                |e| {
                    format!(
                        "and `rustup toolchain uninstall {}` failed: {}",
                        toolchain, e
                    )
                },
                |()| "so it was uninstalled".to_string(),
            );
            Err(format!(
                "rustup installed {} but its rustc does not answer --version, {}",
                toolchain, removed
            ))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    #[test]
    fn a_lock_names_its_holder_and_goes_with_it() {
        let home = TempDir::new("judge-install-lock");
        let lock = InstallLock::take_in(home.path(), "1.0.0", Duration::from_secs(5)).unwrap();
        let text = fs::read_to_string(home.path().join("judge-install.lock")).unwrap();
        let holder = Holder::parse(&text).unwrap();
        assert_eq!(holder, Holder::me("1.0.0"));
        assert!(holder.alive());
        assert_eq!(
            busy(&home.path().join("judge-install.lock"), "1.0.0"),
            Busy::Held(holder)
        );
        // A second taker waits, and gives up at its patience.
        let started = Instant::now();
        assert!(InstallLock::take_in(home.path(), "1.0.0", Duration::from_millis(500)).is_none());
        assert!(started.elapsed() >= Duration::from_millis(500));
        drop(lock);
        assert!(!home.path().join("judge-install.lock").exists());
    }

    #[test]
    fn a_lock_whose_holder_is_gone_or_unnamed_is_taken_at_once() {
        let home = TempDir::new("judge-install-stale");
        let path = home.path().join("judge-install.lock");
        for planted in [
            // A gone holder: the pid of no process.
            format!("{} 0 1.0.0\n", i32::MAX),
            // A lock that names nobody.
            String::new(),
        ] {
            fs::write(&path, planted).unwrap();
            let started = Instant::now();
            let lock = InstallLock::take_in(home.path(), "1.0.0", Duration::from_secs(60));
            assert!(lock.is_some());
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "{:?}",
                started.elapsed()
            );
        }
        // An older tool's lock: a folder without its pid file.
        fs::create_dir_all(&path).unwrap();
        let started = Instant::now();
        let lock = InstallLock::take_in(home.path(), "1.0.0", Duration::from_secs(60));
        assert!(lock.is_some());
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_toolchain_without_rustc_is_found_broken() {
        let home = TempDir::new("judge-install-broken");
        let toolchains = home.path().join("toolchains");
        fs::create_dir_all(toolchains.join("1.2.3-x86_64-unknown-linux-gnu/lib")).unwrap();
        fs::create_dir_all(toolchains.join("1.2.30-x86_64-unknown-linux-gnu/bin")).unwrap();
        fs::write(
            toolchains.join("1.2.30-x86_64-unknown-linux-gnu/bin/rustc"),
            "",
        )
        .unwrap();
        assert_eq!(
            broken(home.path(), "1.2.3"),
            [toolchains.join("1.2.3-x86_64-unknown-linux-gnu")]
        );
        assert!(broken(home.path(), "1.2.30").is_empty());
        // A rustc that is there but does not answer is no install.
        assert!(!answers(home.path(), "1.2.30"));
    }

    #[test]
    fn a_running_rustup_install_is_seen() {
        // A stand-in whose command line reads like rustup's.
        let dir = TempDir::new("judge-install-seen");
        let fake = dir.path().join("rustup");
        fs::write(&fake, "#!/bin/sh\nsleep 5\n").unwrap();
        Command::new("chmod").arg("+x").arg(&fake).status().unwrap();
        let mut child = Command::new(&fake)
            .args(["toolchain", "install", "9.9.9", "--profile", "minimal"])
            .spawn()
            .unwrap();
        let mut seen = Vec::new();
        for _ in 0..50 {
            seen = installers("9.9.9");
            if !seen.is_empty() {
                break;
            }
            thread::sleep(Duration::from_millis(20));
        }
        // A gone holder's lock with its rustup still going: waited for, not taken.
        let path = dir.path().join("judge-install.lock");
        fs::write(&path, format!("{} 0 9.9.9\n", i32::MAX)).unwrap();
        let waited = busy(&path, "9.9.9");
        child.kill().unwrap();
        child.wait().unwrap();
        // The script's own child may read as it for a moment, before its exec.
        assert!(seen.contains(&child.id()), "{:?}", seen);
        match waited {
            Busy::Installing(pids, what) => {
                assert!(pids.contains(&child.id()) && what == "9.9.9", "{:?}", pids)
            }
            other => panic!("{:?}", other),
        }
    }
}
