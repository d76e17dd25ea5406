//! Run a closure on a thread with a big stack, so that deep recursion (a DFS down a path of
//! 10^6 vertices) does not overflow.
//!
//! The main thread's stack is fixed by the judge (often 8 MiB, `ulimit -s`; 1 MiB on
//! Windows judges), but a spawned thread's stack size is the program's choice: [`run`] gives
//! the closure [`DEFAULT_STACK`] (512 MiB). That memory is reserved address space, not
//! used memory: only the pages the recursion touches count towards the judge's memory limit
//! (on Linux judges and on Windows, where Rust reserves the stack without committing it).
//! A judge that limits address space (`ulimit -v`) below the stack size makes the spawn fail:
//! pass a smaller size to [`run_with`]. The return value comes back, and a panic inside is
//! resumed in the caller (the thread prints its message first, as any panic does).
//!
//! ```
//! fn depth(n: u32) -> u32 {
//!     if n == 0 { 0 } else { 1 + depth(n - 1) }
//! }
//! assert_eq!(bigstack::run(|| depth(100_000)), 100_000);
//! ```

/// The stack size [`run`] gives: 512 MiB.
pub const DEFAULT_STACK: usize = 512 << 20;

/// Runs `f` on a new thread with a [`DEFAULT_STACK`]-byte stack and returns its result; a
/// panic in `f` is resumed here. `f` may borrow from the caller. Panics if the thread cannot
/// be spawned. Cost: one thread spawn (tens of microseconds).
pub fn run<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    run_with(DEFAULT_STACK, f)
}

/// [`run`] with a stack of `bytes` bytes (rounded up to the page size by the system).
pub fn run_with<R: Send>(bytes: usize, f: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|s| {
        let h = std::thread::Builder::new()
            .stack_size(bytes)
            .spawn_scoped(s, f)
            .expect("cannot spawn the thread");
        h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Post-order DFS: the push after the call keeps every frame alive (no tail call).
    fn dfs(v: usize, next: &[usize], order: &mut Vec<usize>) {
        if next[v] != usize::MAX {
            dfs(next[v], next, order);
        }
        order.push(v);
    }

    #[test]
    fn million_deep_recursion() {
        let n = 1_000_000;
        let next: Vec<usize> = (1..n).chain(Some(usize::MAX)).collect();
        let order = run(|| {
            let mut order = Vec::with_capacity(n);
            dfs(0, &next, &mut order);
            order
        });
        assert_eq!(order.len(), n);
        assert!(order.iter().rev().enumerate().all(|(i, &v)| i == v));
    }

    #[test]
    fn returns_and_borrows() {
        let v = [1, 2, 3];
        let mut w = Vec::new();
        let s = run_with(1 << 20, || {
            w.push(4);
            v.iter().sum::<i32>()
        });
        assert_eq!((s, w), (6, vec![4]));
    }

    #[test]
    #[should_panic(expected = "boom")]
    fn panics_propagate() {
        run(|| panic!("boom"));
    }
}
