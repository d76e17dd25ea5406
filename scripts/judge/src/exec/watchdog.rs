//! The wall-clock watchdog: a thread that kills a run's process group at its deadline.

use crate::exec::{supervise, sys};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A thread that kills a child's process group at a deadline unless told first that the
/// child is done; it reads the child's own peak memory just before.
pub struct Watchdog {
    state: Arc<(Mutex<Guard>, Condvar)>,
    thread: thread::JoinHandle<()>,
}

/// The watchdog's state, under one lock: the kill and the "done" mark never cross.
#[derive(Default)]
struct Guard {
    /// The child, once spawned, and when to kill it.
    armed: Option<(i32, Instant)>,
    /// The child has exited (not reaped yet), or the spawn failed.
    done: bool,
    /// The first sleep ended before the child was known: kill it as soon as it is.
    expired: bool,
    killed: bool,
    /// The child's own peak memory, read just before the kill.
    peak_kib: Option<u64>,
}

impl Watchdog {
    /// Starts the thread. It first sleeps `kill_after` from now, which is no later than the
    /// deadline [`Watchdog::arm`] gives it (the clock starts after this), then on to that
    /// deadline: no wake-up while a short run is timed.
    pub fn start(kill_after: Duration) -> Watchdog {
        let state = Arc::new((Mutex::new(Guard::default()), Condvar::new()));
        let shared = Arc::clone(&state);
        let thread = thread::spawn(move || {
            let first = Instant::now() + kill_after;
            let (lock, wake) = &*shared;
            let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
            while !g.done {
                let deadline = g.armed.map_or(first, |(_, at)| at);
                let now = Instant::now();
                if now >= deadline {
                    match g.armed {
                        Some((pid, _)) => g.kill(pid),
                        None => g.expired = true,
                    }
                    return;
                }
                g = wake
                    .wait_timeout(g, deadline - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        });
        Watchdog { state, thread }
    }

    /// Names the child to kill and when: the deadline counts from the clock's start, not from
    /// the thread's creation, which a busy machine can delay by milliseconds. No wake-up.
    pub fn arm(&self, pid: i32, deadline: Instant) {
        let mut g = self.state.0.lock().unwrap_or_else(|e| e.into_inner());
        g.armed = Some((pid, deadline));
        if g.expired {
            g.kill(pid);
        }
    }

    /// Marks the child done (it has exited but is not reaped yet); returns whether the
    /// watchdog killed it, and the peak memory it read then.
    pub fn stop(self) -> (bool, Option<u64>) {
        let (lock, wake) = &*self.state;
        let killed = {
            let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
            g.done = true;
            (g.killed, g.peak_kib)
        };
        wake.notify_one();
        let _ = self.thread.join();
        killed
    }
}

impl Guard {
    fn kill(&mut self, pid: i32) {
        self.peak_kib = supervise::own_peak_kib(pid);
        sys::kill(-pid, libc::SIGKILL);
        self.killed = true;
    }
}
