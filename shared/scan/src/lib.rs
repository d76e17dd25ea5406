//! Typed reads over `fastio`'s [`Reader`]: the tokens competitive programmers read, what each
//! costs, and `input!`, with errors that say where the input went wrong.
//!
//! - [`kinds`]: the [`Readable`] kinds (integers of every width, floats, words, bytes,
//!   characters, 1-based indices, tuples) and the cost of each
//! - [`read`](mod@read): [`Scan`], the typed reads on a `Reader` (`read`, `read_vec`)
//! - [`input`](mod@input): the `input!` macro and the stdin reader it uses
//!
//! Reading a query loop (a type `t`, then two or three numbers), with the reader kept:
//!
//! ```
//! use scan::input;
//! # scan::stdin_from(fastio::Reader::new(b"3\n0 1 2\n1 4\n0 3 5\n".to_vec()));
//! let mut rd = scan::stdin();
//! input! { from rd, q: usize }
//! let mut sum = 0u64;
//! for _ in 0..q {
//!     input! { from rd, t: u8 }
//!     match t {
//!         0 => {
//!             input! { from rd, u: usize1, v: u64 }
//!             sum += u as u64 * v;
//!         }
//!         _ => {
//!             input! { from rd, x: u64 }
//!             sum += x;
//!         }
//!     }
//! }
//! assert_eq!(sum, 0 * 2 + 4 + 2 * 5);
//! ```
//!
//! An integer read is a digit loop in the hot path (inlined; anything but 1 to 19 digits after
//! an optional `-` goes an out-of-line general way), as fast as a hand-written loop over the
//! reader. `input!` without `from` reads the same way after one borrow of the thread's
//! reader per call: nothing for a program's few reads, about 4% more instructions in a loop
//! of 2·10^5 three-number queries, where [`stdin`] and `from` cost nothing.
//!
//! A crate of its own, beside `fastio`: cargo-equip bundles whole crates, so a solution that
//! reads with a grid parser of its own carries `fastio` without these.

pub mod input;
pub mod kinds;
pub mod read;

pub use fastio::{InputError, Reader, Writer};
pub use input::{stdin, stdin_from, stdin_reader};
pub use kinds::{Bytes, Chars, Readable, Usize1};
pub use read::Scan;
