//! Typed reads over `fastio`'s [`Reader`]: the tokens competitive programmers read, what each
//! costs, and `input!`, with errors that say where the input went wrong.
//!
//! - [`kinds`]: the [`Readable`] kinds (integers of every width, floats, words, bytes,
//!   characters, 1-based indices, tuples) and the cost of each
//! - [`read`](mod@read): [`Scan`], the typed reads on a `Reader` (`read`, `read_vec`)
//! - [`input`](mod@input): the `input!` macro and the stdin reader it uses
//!
//! A crate of its own, beside `fastio`: cargo-equip bundles whole crates, so a solution that
//! reads with a grid parser of its own carries `fastio` without these.

pub mod input;
pub mod kinds;
pub mod read;

pub use fastio::{InputError, Reader, Writer};
pub use input::{stdin, stdin_from, with_stdin};
pub use kinds::{Bytes, Chars, Readable, Usize1};
pub use read::Scan;
