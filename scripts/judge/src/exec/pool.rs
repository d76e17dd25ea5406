//! Independent jobs run on up to as many threads as the machine has cores, their results
//! handed back in the jobs' order as soon as each is ready, or as they end in a run that
//! stops at the first failure.

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

/// Runs jobs `0..count` on one thread per worker state of `workers` (on the calling thread
/// when there is one), each worker taking the next index as it frees up: indices start in
/// increasing order. `done(index, result)` is called on the calling thread as each job
/// ends, in the order they end. Once a result `stops` the run, no job of a higher index
/// starts, while those of lower indices (all started already) still end and are reported:
/// the caller can keep the lowest stopping index, the one a run on one thread would meet
/// first.
pub fn run_until<W, R, F, S, D>(workers: Vec<W>, count: usize, job: F, stops: S, mut done: D)
where
    W: Send,
    R: Send,
    F: Fn(&mut W, usize) -> R + Sync,
    S: Fn(&R) -> bool + Sync,
    D: FnMut(usize, R),
{
    let next = AtomicUsize::new(0);
    let end = AtomicUsize::new(count);
    // The next index to start, if any: one counter, so indices start in order.
    let take = || {
        let i = next.fetch_add(1, Ordering::SeqCst);
        (i < end.load(Ordering::SeqCst)).then_some(i)
    };
    let finish = |i: usize, result: &R| {
        if stops(result) {
            end.fetch_min(i + 1, Ordering::SeqCst);
        }
    };
    if workers.len() <= 1 {
        for mut worker in workers {
            while let Some(i) = take() {
                let result = job(&mut worker, i);
                finish(i, &result);
                done(i, result);
            }
        }
        return;
    }
    let (send, receive) = mpsc::channel();
    thread::scope(|scope| {
        for mut worker in workers {
            let send = send.clone();
            let (take, finish, job) = (&take, &finish, &job);
            scope.spawn(move || {
                while let Some(i) = take() {
                    let result = job(&mut worker, i);
                    finish(i, &result);
                    if send.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (i, result) in receive {
            done(i, result);
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
    fn a_stop_lets_lower_indices_end_and_starts_no_higher_one() {
        for workers in [1, 2, 4] {
            let mut seen = Vec::new();
            // Index 5 stops the run; 3 ends last of all, long after 5.
            run_until(
                vec![(); workers],
                100,
                |_, i| {
                    let ms = if i == 3 { 100 } else { 2 };
                    thread::sleep(Duration::from_millis(ms));
                    i
                },
                |&i| i == 5 || i == 3,
                |i, r| seen.push((i, r)),
            );
            seen.sort();
            let lowest = seen.iter().find(|(i, _)| *i == 3 || *i == 5);
            assert_eq!(lowest, Some(&(3, 3)), "{} workers: {:?}", workers, seen);
            // Every index below the stop ran; the rest did not (100 would have).
            assert!((0..=3).all(|i| seen.iter().any(|s| s.0 == i)), "{:?}", seen);
            assert!(seen.len() < 50, "{} workers: {:?}", workers, seen);
        }
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
