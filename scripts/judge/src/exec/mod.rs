//! Running programs: the supervised run with its limits and measurements, the watchdog,
//! the process group, pipes and the worker pool. `sys` (POSIX) and `linux` are the only
//! files that make system calls; the portable path runs judged programs through `launch`.

pub mod interact;
pub mod launch;
pub mod light;
#[cfg(target_os = "linux")]
mod linux;
pub mod pipe;
pub mod pool;
#[cfg(target_os = "linux")]
mod procfs;
pub mod run;
mod scratch;
pub mod signal;
pub mod supervise;
mod sys;
mod watchdog;

/// Whether process `pid` exists (a zombie counts): whether the writer a file names is gone.
pub fn process_exists(pid: i32) -> bool {
    sys::exists(pid)
}

/// Kills the tool itself with SIGKILL, as `kill -9` would: no destructor, no handler runs.
pub fn kill_self() {
    sys::kill(std::process::id() as i32, libc::SIGKILL);
}
