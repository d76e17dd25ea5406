//! Fast judge I/O: the whole input as bytes with a cursor that knows its line, typed reads
//! and `input!`, a buffered writer, and the one input-error type of every problem.
//!
//! The reader holds all of stdin in memory (one `read_to_end`), so reading is a cursor over a
//! byte slice, and it counts lines as it goes so that an error can say where the input went
//! wrong. The writer collects output in a buffer and writes it in large blocks.
//!
//! - [`reader`](mod@reader): [`Reader`], raw reads (tokens, lines, fixed-width rows) and typed
//!   ones ([`Reader::read`])
//! - [`scan`](mod@scan): the [`Readable`] kinds (integers of every width, floats, words, bytes,
//!   characters, 1-based indices, tuples) and what each costs
//! - [`input`](mod@input): the `input!` macro and the stdin reader it uses
//! - [`writer`](mod@writer): [`Writer`]
//! - [`error`](mod@error): [`InputError`], `line L, token T: what` and its case and row forms

pub mod error;
pub mod input;
pub mod reader;
pub mod scan;
pub mod writer;

pub use error::InputError;
pub use input::{stdin_from, with_stdin};
pub use reader::{parse_int, shorten, Reader};
pub use scan::{Bytes, Chars, Readable, Usize1};
pub use writer::Writer;

/// All of stdin as a [`Reader`]; when stdin cannot be read, one line on stderr and exit 2.
pub fn stdin_or_exit() -> Reader {
    match Reader::from_stdin() {
        Ok(reader) => reader,
        Err(e) => {
            eprintln!("cannot read the input: {}", e);
            std::process::exit(2)
        }
    }
}
