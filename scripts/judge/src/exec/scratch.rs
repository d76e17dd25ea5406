//! The scratch folders of the tool's commands: one per command, removed with it, and those
//! of commands interrupted before they could remove their own removed by the next.

use crate::exec::sys;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A scratch folder of its own: `<base>/<pid>-<n>`, so that two runs of the tool at once
/// (two tests, two terminals) or two commands in one never read each other's files;
/// removed when dropped.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    pub fn new(base: &Path) -> io::Result<ScratchDir> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = base.join(format!("{}-{}", std::process::id(), n));
        // A folder of that name is a dead process's (pids are reused): start clean.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)?;
        remove_dead_siblings(base);
        Ok(ScratchDir(dir))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

/// Removes the folders `<pid>-<n>` of `base` whose process is gone (a command interrupted
/// before it could remove its own), so that none of their files stays behind.
fn remove_dead_siblings(base: &Path) {
    for entry in fs::read_dir(base).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.split('-').next()?.parse::<u32>().ok());
        if let Some(pid) = pid {
            // Signal 0 to a pid in 1..=i32::MAX asks for that process alone.
            if !(1..=i32::MAX as u32).contains(&pid) || !sys::exists(pid as i32) {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
