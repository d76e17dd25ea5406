//! Independent jobs run on up to as many threads as the machine has cores, their results
//! handed back in the jobs' order as soon as each is ready.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// How many jobs run at once: the machine's cores (`available_parallelism`), at least 1.
pub fn width() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `job` on every item, at most `threads` at once, and calls `done(index, result)` on
/// the calling thread in index order: each result as soon as it and every earlier one are
/// ready. With one thread or one item, everything runs on the calling thread.
pub fn run_in_order<T, R, F, D>(items: &[T], threads: usize, job: F, mut done: D)
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
    D: FnMut(usize, R),
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        for (i, item) in items.iter().enumerate() {
            done(i, job(item));
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, job) = (&next, &job);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else {
                    break;
                };
                if send.send((i, job(item))).is_err() {
                    break;
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                done(due, result);
                due += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn results_come_in_order_whatever_order_jobs_end_in() {
        let items: Vec<u64> = (0..12).collect();
        let mut seen = Vec::new();
        // Early items are the slowest, so they end last.
        run_in_order(
            &items,
            4,
            |&i| {
                thread::sleep(Duration::from_millis(30 - 2 * i));
                i * i
            },
            |i, r| seen.push((i, r)),
        );
        let want: Vec<(usize, u64)> = (0..12).map(|i| (i as usize, i * i)).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn jobs_run_at_once_up_to_the_threads_given() {
        let items = [(); 4];
        let start = Instant::now();
        run_in_order(
            &items,
            4,
            |_| thread::sleep(Duration::from_millis(200)),
            |_, _| {},
        );
        // Four sleeps of 200 ms at once, not one after another (800 ms).
        assert!(
            start.elapsed() < Duration::from_millis(700),
            "{:?}",
            start.elapsed()
        );
        let mut n = 0;
        run_in_order(&[] as &[u8], 4, |_| (), |_, _| n += 1);
        run_in_order(&[1], 0, |_| (), |_, _| n += 1);
        assert_eq!(n, 1);
        assert!(width() >= 1);
    }
}
