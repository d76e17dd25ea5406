//! The inputs the search found: ranked by their median CPU time, reported against the limit,
//! and saved with the command that makes each again.

use crate::error::{Error, Result};
use crate::judging::verdict::Limits;
use crate::outcome::Outcome;
use crate::search::histogram::{histogram, ms};
use crate::search::origin::{quote, Origin};
use std::collections::HashSet;
use std::fs;
use std::path::Path;
use std::time::Duration;

/// An input the search made, with its timings.
pub(super) struct Found {
    pub(super) origin: Origin,
    /// survey, focus or climb.
    pub(super) phase: &'static str,
    pub(super) input: Vec<u8>,
    pub(super) answer: Vec<u8>,
    pub(super) code: i32,
    /// CPU and wall time of each run.
    pub(super) cpu: Vec<Duration>,
    pub(super) wall: Vec<Duration>,
    /// Killed at the wall-clock cap on some run.
    pub(super) killed: bool,
}

impl Found {
    pub(super) fn median(times: &[Duration]) -> Duration {
        let mut t = times.to_vec();
        t.sort();
        t[t.len() / 2]
    }

    /// The median CPU time; what inputs are ranked by.
    pub(super) fn cpu(&self) -> Duration {
        Found::median(&self.cpu)
    }

    pub(super) fn wall(&self) -> Duration {
        Found::median(&self.wall)
    }

    /// Ranking key: killed runs first, then by median CPU time.
    pub(super) fn key(&self) -> (bool, Duration) {
        (self.killed, self.cpu())
    }

    pub(super) fn over(&self, limit: Duration) -> bool {
        self.killed || self.cpu() > limit
    }
}

/// Extra runs of each of the slowest inputs (the first timing is kept too).
pub(super) const RETIMES: usize = 5;

/// The inputs a search found, seen as a ranking for its report.
pub(super) struct Ranking<'a> {
    /// The problem's name.
    pub(super) name: &'a str,
    pub(super) limits: Limits,
    pub(super) found: &'a [Found],
    /// Its interactor decides each input: there is no reference's answer to save.
    pub(super) interactive: bool,
}

impl<'a> Ranking<'a> {
    fn limit(&self) -> Duration {
        Duration::from_millis(self.limits.time_ms)
    }

    /// Prints the report of the `keep` slowest, saves them in `dir`, and fails when any is
    /// over the limit.
    pub(super) fn conclude(&self, root: &Path, dir: &Path, keep: usize) -> Result<Outcome> {
        print!("{}", self.report(keep));
        let saved = self.save(root, dir, keep)?;
        println!(
            "saved {} inputs with the reference's answers and their commands in {}/",
            saved,
            dir.strip_prefix(root).unwrap_or(dir).display()
        );
        let limit = self.limit();
        let over = self.ranked().iter().filter(|f| f.over(limit)).count();
        if over > 0 {
            println!(
                "FAIL: {} inputs over the {} ms limit (CPU time, or killed at the wall-clock cap)",
                over,
                limit.as_millis()
            );
        }
        Ok(Outcome::of(over == 0))
    }

    /// `, slowest cpu X ms of Y ms` for the progress line.
    pub(super) fn slowest_note(&self) -> String {
        let slowest = self
            .found
            .iter()
            .map(|f| f.cpu[0])
            .max()
            .unwrap_or_default();
        format!(
            ", slowest cpu {:.1} ms of {} ms",
            ms(slowest),
            self.limits.time_ms
        )
    }

    /// Indices of everything found, slowest first, one per generated input: of an input and
    /// the mutants the climb made from it, only the slowest (so the few kept are different
    /// puzzles, not one puzzle a swap apart); an input made twice counts once.
    pub(super) fn ranked_indices(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.found.len()).collect();
        order.sort_by(|&a, &b| self.found[b].key().cmp(&self.found[a].key()));
        let mut seen: HashSet<(&[String], u64)> = HashSet::new();
        let mut inputs: HashSet<&[u8]> = HashSet::new();
        order.retain(|&i| {
            let f = &self.found[i];
            let lineage = (f.origin.args.as_slice(), f.origin.seed);
            let fresh = !seen.contains(&lineage) && !inputs.contains(f.input.as_slice());
            if fresh {
                seen.insert(lineage);
                inputs.insert(&f.input);
            }
            fresh
        });
        order
    }

    /// Everything found, slowest first, one per generated input (see `ranked_indices`).
    pub(super) fn ranked(&self) -> Vec<&'a Found> {
        self.ranked_indices()
            .into_iter()
            .map(|i| &self.found[i])
            .collect()
    }

    /// The table of the `keep` slowest and the histogram of every time.
    pub(super) fn report(&self, keep: usize) -> String {
        let limit = self.limit();
        let ranked = self.ranked();
        let mut s = String::new();
        s.push_str(&format!(
            "{}: {} inputs timed; the {} slowest, CPU time (user + system) median of {} runs, \
             whole process:\n",
            self.name,
            self.found.len(),
            keep.min(ranked.len()),
            1 + RETIMES
        ));
        s.push_str(&format!(
            "{:>4} {:>9} {:>9} {:>8} {:>8}  {:<6}  command\n",
            "rank", "cpu ms", "wall ms", "limit ms", "margin", "found"
        ));
        for (r, f) in ranked.iter().take(keep).enumerate() {
            let margin = if f.killed {
                "killed".to_string()
            } else {
                format!(
                    "x{:.1}",
                    limit.as_secs_f64() / f.cpu().as_secs_f64().max(1e-6)
                )
            };
            s.push_str(&format!(
                "{:>4} {:>9.2} {:>9.2} {:>8} {:>8}  {:<6}  {}\n",
                r + 1,
                ms(f.cpu()),
                ms(f.wall()),
                limit.as_millis(),
                margin,
                f.phase,
                f.origin.command(self.name)
            ));
        }
        let firsts: Vec<(Duration, bool)> = self
            .found
            .iter()
            .map(|f| (f.cpu[0], f.killed && f.cpu.len() == 1))
            .collect();
        s.push_str(&histogram(&firsts, limit));
        s
    }

    /// Saves the `keep` slowest as `worst-<rank>.{in,out,code,cmd}` in `dir`, replacing
    /// those of an earlier search (other files there are left alone). Returns how many.
    pub(super) fn save(&self, root: &Path, dir: &Path, keep: usize) -> Result<usize> {
        fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        for entry in fs::read_dir(dir)?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_saved_name(&name) {
                fs::remove_file(entry.path())?;
            }
        }
        let name = &self.name;
        let ranked = self.ranked();
        for (r, f) in ranked.iter().take(keep).enumerate() {
            let base = dir.join(format!("worst-{}", r + 1));
            let write = |ext: &str, bytes: &[u8]| {
                crate::workspace::atomic::write_atomic(&base.with_extension(ext), bytes)
            };
            write("in", &f.input)?;
            if !self.interactive {
                write("out", &f.answer)?;
            }
            if f.code != 0 && !self.interactive {
                write("code", format!("{}\n", f.code).as_bytes())?;
            }
            let time = if f.killed {
                "killed at the wall-clock cap".to_string()
            } else {
                format!("cpu {:.2} ms (median of {})", ms(f.cpu()), f.cpu.len())
            };
            let cmd = format!(
                "# make worst P={}: rank {}, {} of {} ms; .out from {}-ref\n{}",
                name,
                r + 1,
                time,
                self.limits.time_ms,
                name,
                replay(
                    root,
                    dir,
                    &f.origin.cargo_command(name),
                    &format!("worst-{}.in", r + 1)
                )
            );
            write("cmd", cmd.as_bytes())?;
        }
        Ok(ranked.len().min(keep))
    }
}

/// The lines of a `.cmd` file that write `file` in `dir` again with `command`, whatever the
/// current directory: run as `sh <dir>/<file>.cmd` from anywhere, or its last line pasted at
/// the workspace root. Within the workspace the paths are relative to it (committed files
/// name no path of a machine); a `dir` outside it is named by its absolute path.
fn replay(root: &Path, dir: &Path, command: &str, file: &str) -> String {
    let absolute = |p: &Path| {
        let p = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().unwrap_or_default().join(p)
        };
        p.canonicalize().unwrap_or(p)
    };
    let (root, dir) = (absolute(root), absolute(dir));
    match dir.strip_prefix(&root) {
        Ok(inside) => {
            let up = vec![".."; inside.components().count()].join("/");
            let up = if up.is_empty() { ".".to_string() } else { up };
            format!(
                "# `sh` this file from anywhere; the last line alone runs at the workspace root\n\
                 cd \"$(dirname \"$0\")/{}\" || exit 1\n{} > {}\n",
                up,
                command,
                quote(&inside.join(file).display().to_string())
            )
        }
        Err(_) => format!(
            "cd {} || exit 1\n{} > {}\n",
            quote(&root.display().to_string()),
            command,
            quote(&dir.join(file).display().to_string())
        ),
    }
}

/// Whether `name` is a file `make worst` writes: `worst-<n>.<in|out|code|cmd>`.
fn is_saved_name(name: &str) -> bool {
    let rest = match name.strip_prefix("worst-") {
        Some(rest) => rest,
        None => return false,
    };
    match rest.split_once('.') {
        Some((n, ext)) => {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && ["in", "out", "code", "cmd"].contains(&ext)
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_write_where_they_came_from() {
        let root = Path::new("/ws");
        let inside = replay(
            root,
            Path::new("/ws/problems/p/data/worst"),
            "cargo run -- --seed 3",
            "worst-2.in",
        );
        assert_eq!(
            inside.lines().skip(1).collect::<Vec<_>>(),
            [
                "cd \"$(dirname \"$0\")/../../../..\" || exit 1",
                "cargo run -- --seed 3 > problems/p/data/worst/worst-2.in"
            ]
        );
        let outside = replay(root, Path::new("/tmp/my worst"), "gen", "worst-1.in");
        assert_eq!(
            outside,
            "cd /ws || exit 1\ngen > '/tmp/my worst/worst-1.in'\n"
        );
    }

    #[test]
    fn saved_names_are_recognized() {
        for yes in ["worst-1.in", "worst-12.out", "worst-3.code", "worst-4.cmd"] {
            assert!(is_saved_name(yes), "{}", yes);
        }
        for no in [
            "worst-.in",
            "worst-1.txt",
            "judge-24-25-seed1242.in",
            "worst-a.in",
        ] {
            assert!(!is_saved_name(no), "{}", no);
        }
    }
}
