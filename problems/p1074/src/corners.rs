//! The rules every completion's corner boxes obey, and what a corner search is asked.
//!
//! The four 2x2 corner blocks (see [`crate::objective`] for why they matter) and the rest of
//! their boxes:
//!
//! ```text
//!   box TL        C n b . . . b n C  box TR            C: corner
//!                 n n b . . . b n n                    n: neighbour (C and n: the block)
//!                 s s i m m m i s s                    b: band extras, s: stack extras
//!                 . . m . . . m . .                    i: inner cell
//!                 . . m . . . m . .                    m: middle-box line cells
//!                 . . m . . . m . .
//!                 s s i m m m i s s
//!                 n n b . . . b n n
//!   box BL        C n b . . . b n C  box BR
//! ```
//!
//! Two corner boxes along a band (or stack) are the outer boxes of that band. Their cells on
//! the band's two outer lines (rows 0-1, say: the `C`, `n` and `b` cells, six per box) hold
//! every digit between them: each digit sits twice on those two rows, at most once per box,
//! and a digit in both outer boxes' six cells sits on both rows, so in the middle box it can
//! only go on the third line (the `m` cells). So those two six-cell regions share exactly 3
//! digits (12 cells, 9 digits, the middle line has 3 cells), each of which fits the middle
//! line. With distinct digits per corner box, row and column, these rules bound the 16 block
//! cells; [`crate::corner_search`] finds the exact maximum under them.

/// Two corner boxes along one band or stack, and the middle box's line between them.
pub struct Pair {
    /// The two boxes (indices into [`crate::objective::CORNER_BOXES`]).
    pub boxes: [usize; 2],
    /// The middle box's cells on the band's (stack's) third line.
    pub middle: [usize; 3],
}

/// Top band, bottom band, left stack, right stack.
pub const PAIRS: [Pair; 4] = [
    Pair {
        boxes: [0, 1],
        middle: [21, 22, 23],
    },
    Pair {
        boxes: [2, 3],
        middle: [57, 58, 59],
    },
    Pair {
        boxes: [0, 2],
        middle: [29, 38, 47],
    },
    Pair {
        boxes: [1, 3],
        middle: [33, 42, 51],
    },
];

/// Per box, its band pair and its stack pair, as (pair index, side in that pair).
pub const BOX_PAIRS: [[(usize, usize); 2]; 4] = [
    [(0, 0), (2, 0)],
    [(0, 1), (3, 0)],
    [(1, 0), (2, 1)],
    [(1, 1), (3, 1)],
];

/// Which of its box's two pairs position `i` of a corner box (in
/// [`crate::objective::CORNER_BOXES`]'s order) lies on the outer lines of: bit 0 the band
/// pair, bit 1 the stack pair.
pub const POSITION_PAIRS: [u8; 9] = [3, 3, 3, 3, 1, 1, 2, 2, 0];

/// Digits the two six-cell regions of a pair share in every completion.
pub const SHARED: u32 = 3;

/// A subset of the corner blocks (and so of their boxes), as bit `b` for block `b`.
pub type BlockSet = u8;

/// All four corner blocks.
pub const ALL_BLOCKS: BlockSet = 0b1111;

/// Which cells a corner search assigns, and so which rules it can check.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Relaxation {
    /// All 36 cells of the corner boxes: only the 16 block cells count toward the value; the
    /// other 20 keep the blocks honest (a few givens elsewhere often leave no way to fill the
    /// rest of a corner box, and the whole board's search would take long to find that out).
    WholeBoxes,
    /// Only the 16 block cells; the other cells of the corner boxes count only where filled,
    /// without the whole-box rules (required region digits, covering all nine digits, the
    /// pair bound, the one-digit placement test). Looser and cheaper: on grids with many
    /// givens it decides as much, sooner.
    BlockCells,
}

/// What a corner search returns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The exact maximum under the rules.
    Maximum,
    /// Stop at the first assignment above the bar and return a looser bound (the search's
    /// own estimate at its root): enough for a branch and bound that only asks "can this
    /// node beat the incumbent?".
    AnyAbove,
}

/// What a corner search is asked: the blocks it covers, its relaxation and goal, and the
/// value to beat.
#[derive(Clone, Copy)]
pub struct CornerQuery {
    /// The corner blocks (and boxes) in the search; pair rules apply to the pairs whose two
    /// boxes are both in it.
    pub blocks: BlockSet,
    /// Which cells it assigns.
    pub relaxation: Relaxation,
    /// The maximum, or any assignment above `beat`.
    pub goal: Goal,
    /// Only assignments worth more count.
    pub beat: i32,
}

/// Nodes spent by corner searches and the most they may spend. A search adds its nodes to
/// `spent`; one that reaches `limit` stops where it is, and its answer is void (the caller
/// sees [`NodeCount::exhausted`]): the race's branch and bound uses this to stop within its
/// turn's budget.
#[derive(Clone, Copy)]
pub struct NodeCount {
    /// Nodes spent so far.
    pub spent: u64,
    /// The ceiling.
    pub limit: u64,
}

impl NodeCount {
    /// A count from 0 with no ceiling.
    pub const fn unlimited() -> Self {
        NodeCount {
            spent: 0,
            limit: u64::MAX,
        }
    }

    /// Whether the ceiling is reached: the last search stopped early, its answer is void.
    pub fn exhausted(&self) -> bool {
        self.spent >= self.limit
    }
}

/// A full assignment of the 16 corner block cells: (cell, digit), the four corners first.
pub type BlockAssignment = [(usize, u8); 16];

/// Rows and columns of a box's slots (`3 * row + column`).
const SLOT_ROW: [u16; 3] = [0o007, 0o070, 0o700];
const SLOT_COL: [u16; 3] = [0o111, 0o222, 0o444];

/// Whether one digit can go once into each corner box, given its possible slots per box
/// (TL, TR, BL, BR): the two boxes of a band on different rows, the two of a stack on
/// different columns. O(9 * 9).
pub fn digit_fits(slots: [u16; 4]) -> bool {
    for x in bits::ones(slots[0]) {
        let top_right = slots[1] & !SLOT_ROW[x as usize / 3];
        let bottom_left = slots[2] & !SLOT_COL[x as usize % 3];
        // Columns the top right box can use, rows the bottom left one can.
        let cols = (top_right | top_right >> 3 | top_right >> 6) & 7;
        let rows = u16::from(bottom_left & 0o007 != 0)
            | u16::from(bottom_left & 0o070 != 0) << 1
            | u16::from(bottom_left & 0o700 != 0) << 2;
        for r in bits::ones(rows) {
            for c in bits::ones(cols) {
                if slots[3] & !SLOT_ROW[r as usize] & !SLOT_COL[c as usize] != 0 {
                    return true;
                }
            }
        }
    }
    false
}
