//! The pending assignments propagation finds: a fixed stack that never allocates and pushes
//! without a branch.

use crate::grid::{CELLS, SIDE, UNITS};

/// Most pending assignments: each cell becomes single once and each (unit, digit) place
/// set becomes single once per propagation (the givens, queued at the root, are at most
/// `CELLS`).
pub const QUEUE_CAP: usize = CELLS + UNITS * SIDE;

/// Slots of the queue: a power of two above [`QUEUE_CAP`], so that an index masked with
/// `QUEUE_SLOTS - 1` is in range without a bounds check (the mask never changes it).
pub const QUEUE_SLOTS: usize = 2048;
const _: () = assert!(QUEUE_SLOTS.is_power_of_two() && QUEUE_SLOTS > QUEUE_CAP);

/// Pending assignments found by propagation: (cell index, digit), a fixed stack (no
/// allocation in the search). [`Queue::push_if`] writes the slot past the end even when it
/// does not keep it, so the slots are more than [`QUEUE_CAP`].
pub struct Queue {
    items: [(u8, u8); QUEUE_SLOTS],
    pub len: usize,
}

impl Queue {
    pub fn new() -> Queue {
        Queue {
            items: [(0, 0); QUEUE_SLOTS],
            len: 0,
        }
    }
    #[inline(always)]
    pub fn push(&mut self, cell: usize, digit: u32) {
        self.push_if(true, cell, digit);
    }
    /// Pushes (`cell`, `digit`) if `keep`, without a branch: whether a removal leaves a
    /// single is data the branch predictor cannot guess, and a branch there was a large
    /// share of the search's mispredictions.
    #[inline(always)]
    pub fn push_if(&mut self, keep: bool, cell: usize, digit: u32) {
        debug_assert!(self.len <= QUEUE_CAP);
        self.items[self.len & (QUEUE_SLOTS - 1)] = (cell as u8, digit as u8);
        self.len += usize::from(keep);
    }
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u8, u8)> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len & (QUEUE_SLOTS - 1)])
    }
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}
