//! What Linux's `/proc` tells the supervisor: a program's own high-water mark (`VmHWM`), and
//! every process left of a run, for the sweep.

use crate::exec::supervise::{live, RunId, MARKER};
use crate::exec::sys;
use std::collections::HashSet;
use std::fs::{self, File};
use std::io::Read;
use std::thread;
use std::time::{Duration, Instant};

/// The high-water mark of resident memory of `pid`'s current image (`VmHWM`), in KiB.
pub fn own_peak_kib(pid: i32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{}/status", pid)).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()
}

/// One line of `/proc/<pid>/stat`: what a sweep needs.
struct Stat {
    pid: i32,
    state: char,
    ppid: i32,
    pgrp: i32,
}

fn stat_of(pid: i32) -> Option<Stat> {
    // One read into a buffer on the stack: the fields wanted come first (a sweep reads the
    // line of every process on the machine).
    let mut buf = [0u8; 1024];
    let mut file = File::open(format!("/proc/{}/stat", pid)).ok()?;
    let n = file.read(&mut buf).ok()?;
    let text = std::str::from_utf8(&buf[..n]).ok()?;
    // `pid (comm) state ppid pgrp ...`: comm may hold spaces and parentheses.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    let pgrp = fields.next()?.parse().ok()?;
    Some(Stat {
        pid,
        state,
        ppid,
        pgrp,
    })
}

/// Whose run process `pid`'s environment names.
#[derive(Debug, PartialEq, Eq)]
enum Mark {
    /// The run swept.
    Ours,
    /// Another run of the tool: that run's sweep kills it.
    Other,
    /// No run: its environment was cleared or holds no marker. Known to be of some run only
    /// by its ancestry (an orphan handed to the tool that left the tool's process group).
    Unmarked,
    /// It reads empty: a process in the middle of an `exec` shows none for a moment (its old
    /// memory is gone, the new one is not its yet), and so does a cleared environment.
    Unsure,
}

fn mark_of(pid: i32, run: &RunId) -> Mark {
    let wanted = format!("{}={}", MARKER, run.as_str());
    let prefix = format!("{}=", MARKER);
    let env = fs::read(format!("/proc/{}/environ", pid)).unwrap_or_default();
    if env.is_empty() {
        return Mark::Unsure;
    }
    let mut mark = Mark::Unmarked;
    for var in env.split(|&b| b == 0) {
        if var == wanted.as_bytes() {
            return Mark::Ours;
        }
        if var.starts_with(prefix.as_bytes()) {
            mark = Mark::Other;
        }
    }
    mark
}

/// How many rounds the sweep looks again at a child whose environment read empty.
const UNSURE_ROUNDS: u32 = 50;

/// Kills and reaps every process left of a run: the members of its process group `pgid`,
/// and the tool's own children (orphans handed to it as subreaper) that came from the run.
/// An orphan is the run's when it is in that group, carries the run's marker, or, by its
/// ancestry, when it carries no run's marker (a cleared environment) and is in no process
/// group of the tool's own (the tool's group, a running run's): a process a run started
/// outside its group. Killing one orphans its children to the tool in turn, so the sweep
/// repeats until the group is empty and no such child is left, each round a generation
/// further down; it gives up after two seconds (a process in uninterruptible sleep).
///
/// An unmarked escapee of another run still going whose parent died is killed here, before
/// that run ends: no run's process is kept alive for it. A zombie is reaped on the same
/// grounds (its process group tells, its environment is gone).
///
/// Every process of the run was created after its first, `pgid`, and pids are handed out in
/// increasing order until they wrap: only the pids after `pgid` up to the last one given
/// out are looked at (a few, where the whole of `/proc` is dozens), unless the pids wrapped
/// or too many were given out meanwhile.
pub fn sweep(pgid: i32, run: &RunId) {
    let me = std::process::id() as i32;
    let own_group = stat_of(me).map_or(0, |s| s.pgrp);
    let give_up = Instant::now() + Duration::from_secs(2);
    let mut killed: HashSet<i32> = HashSet::new();
    let mut unsure_rounds = 0;
    loop {
        sys::kill(-pgid, libc::SIGKILL);
        let mut found = false;
        for pid in candidates(pgid) {
            // Only the tool's children are looked at twice: the rest are not read under the
            // lock, which other runs' spawns wait for.
            if stat_of(pid).map_or(true, |s| s.ppid != me) {
                continue;
            }
            // Read again under the lock: a child spawned since is in `live` by now.
            let live = live();
            let Some(s) = stat_of(pid) else { continue };
            if s.ppid != me || live.contains(&s.pid) {
                continue;
            }
            let ours = s.pgrp == pgid || killed.contains(&s.pid);
            // Outside every group of the tool's own: the tool spawns its own helpers in its
            // group, and each run in a group named by its first process, in `live`.
            let stray = s.pgrp != own_group && !live.contains(&s.pgrp);
            drop(live);
            if s.state == 'Z' {
                // A zombie's environment is gone: only one known to be a run's is reaped
                // (another may be a child the tool waits for elsewhere).
                if ours || stray {
                    sys::reap_now(s.pid);
                    found = true;
                }
                continue;
            }
            let kill = ours
                || match mark_of(s.pid, run) {
                    Mark::Ours => true,
                    Mark::Other => false,
                    Mark::Unmarked => stray,
                    // Read again on the next round, once its exec is done; a cleared
                    // environment stays empty, and its ancestry decides.
                    Mark::Unsure if unsure_rounds < UNSURE_ROUNDS && !stray => {
                        unsure_rounds += 1;
                        found = true;
                        false
                    }
                    Mark::Unsure => stray,
                };
            if kill {
                sys::kill(s.pid, libc::SIGKILL);
                killed.insert(s.pid);
                found = true;
            }
        }
        let group_left = sys::exists(-pgid);
        if (!found && !group_left) || Instant::now() > give_up {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The most pids after a run's first that the sweep probes one by one; past it, it lists
/// `/proc`.
const MOST_PROBED: i32 = 256;

/// The pids that may be processes of the run whose first process is `first`: those given
/// out after it (read after every process of the run that exists now was created), or every
/// pid in `/proc` where that range is unknown, wrapped or long.
fn candidates(first: i32) -> Vec<i32> {
    match last_pid() {
        Some(last) if last >= first && last - first <= MOST_PROBED => (first + 1..=last).collect(),
        _ => proc_pids(),
    }
}

/// The last pid the kernel gave out in the tool's pid namespace (`ns_last_pid`).
fn last_pid() -> Option<i32> {
    let mut buf = [0u8; 32];
    let mut file = File::open("/proc/sys/kernel/ns_last_pid").ok()?;
    let n = file.read(&mut buf).ok()?;
    std::str::from_utf8(&buf[..n]).ok()?.trim().parse().ok()
}

fn proc_pids() -> Vec<i32> {
    fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .filter_map(|e| e.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_peak_of_this_process_is_read() {
        let kib = own_peak_kib(std::process::id() as i32).unwrap();
        assert!(kib > 100, "{} KiB", kib);
    }

    #[test]
    fn the_pids_after_a_process_include_its_children() {
        // This test's process is older than its child: the child's pid is after it, or the
        // pids wrapped or went far (then the whole of /proc is looked at, the child in it).
        let first = std::process::id() as i32;
        let mut child = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let found = candidates(first).contains(&pid);
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(found, "{} not among the candidates after {}", pid, first);
    }

    #[test]
    fn a_stat_line_with_spaces_in_the_name_is_read() {
        let me = stat_of(std::process::id() as i32).unwrap();
        assert_eq!(me.ppid, std::os::unix::process::parent_id() as i32);
        assert!("RS".contains(me.state), "{}", me.state);
        assert!(me.pgrp > 0);
    }
}
