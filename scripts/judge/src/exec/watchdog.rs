//! The wall-clock watchdog: one thread, for the tool's whole life, that kills each run's
//! process group at its deadline.
//!
//! A thread per run would cost its creation and its end on every run (a dozen system calls
//! and a few context switches). The one thread sleeps until the earliest deadline of the
//! runs going on; a run that starts wakes it only when its deadline is earlier than the
//! thread's wake-up, so a short run is timed with no wake-up of it at all.

use crate::exec::{supervise, sys};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, Once};
use std::thread;
use std::time::{Duration, Instant};

/// The watch over one run: its child is killed at its deadline unless the run is stopped
/// first; the child's own peak memory is read just before.
pub struct Watchdog {
    id: u64,
}

/// One run watched.
struct Watched {
    id: u64,
    pid: i32,
    deadline: Instant,
    killed: bool,
    /// The child's own peak memory, read just before the kill.
    peak_kib: Option<u64>,
}

/// The runs watched and when the thread wakes next, under one lock: a kill and a run's
/// stop never cross.
struct Watch {
    runs: Vec<Watched>,
    /// When the thread wakes up at the latest (it may be sooner: a spurious wake-up).
    wakes_at: Option<Instant>,
}

static WATCH: Mutex<Watch> = Mutex::new(Watch {
    runs: Vec::new(),
    wakes_at: None,
});
static WAKE: Condvar = Condvar::new();

/// How long the thread sleeps with no run to watch: a run that starts then, whose deadline
/// is later, does not wake it.
const IDLE: Duration = Duration::from_millis(50);

fn watch() -> MutexGuard<'static, Watch> {
    WATCH.lock().unwrap_or_else(|e| e.into_inner())
}

/// The thread: kills each run whose deadline has come, then sleeps until the next one.
fn keep_watch() {
    let mut w = watch();
    loop {
        let now = Instant::now();
        for run in w.runs.iter_mut().filter(|r| !r.killed && r.deadline <= now) {
            run.peak_kib = supervise::own_peak_kib(run.pid);
            sys::kill(-run.pid, libc::SIGKILL);
            run.killed = true;
        }
        let next = w
            .runs
            .iter()
            .filter(|r| !r.killed)
            .map(|r| r.deadline)
            .min()
            .unwrap_or(now + IDLE);
        w.wakes_at = Some(next);
        w = WAKE
            .wait_timeout(w, next.saturating_duration_since(now))
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}

impl Watchdog {
    /// A watch for a run about to start; the thread is made on the first (before the clock
    /// starts: creating it while a child runs measurably delays a short run on a busy
    /// machine). The deadline comes with [`Watchdog::arm`], from the clock's start.
    pub fn start(_kill_after: Duration) -> Watchdog {
        static THREAD: Once = Once::new();
        static NEXT: AtomicU64 = AtomicU64::new(1);
        THREAD.call_once(|| {
            thread::Builder::new()
                .name("judge-watchdog".to_string())
                .spawn(keep_watch)
                .expect("the watchdog thread starts");
        });
        Watchdog {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Names the child to kill and when (from the clock's start; a deadline passed already
    /// kills it at once). Wakes the thread only when it would sleep past the deadline.
    pub fn arm(&self, pid: i32, deadline: Instant) {
        let mut w = watch();
        w.runs.push(Watched {
            id: self.id,
            pid,
            deadline,
            killed: false,
            peak_kib: None,
        });
        if w.wakes_at.map_or(true, |at| deadline < at) {
            w.wakes_at = Some(deadline);
            WAKE.notify_one();
        }
    }

    /// Ends the watch (the child has exited but is not reaped yet, or its spawn failed);
    /// returns whether the watchdog killed it, and the peak memory it read then.
    pub fn stop(self) -> (bool, Option<u64>) {
        let mut w = watch();
        match w.runs.iter().position(|r| r.id == self.id) {
            Some(i) => {
                let run = w.runs.swap_remove(i);
                (run.killed, run.peak_kib)
            }
            None => (false, None),
        }
    }
}
