//! `input!`: declare the input's values in the order they come, the way proconio does.
//!
//! ```
//! use scan::input;
//! # scan::stdin_from(fastio::Reader::new(b"3 abc\n1 2 3\n2 1\n".to_vec()));
//! input! {
//!     n: usize,
//!     s: bytes,
//!     a: [i64; n],
//!     mut edge: (usize1, usize1),
//! }
//! edge.0 += 1;
//! assert_eq!((s, a, edge), (b"abc".to_vec(), vec![1, 2, 3], (2, 0)));
//! ```
//!
//! Each `name: kind` becomes `let name = ...;` (`mut name: kind` for `let mut`). Kinds: any
//! [`Readable`](super::Readable) type named by one identifier (a path such as `a::T`: import
//! it first) (`u8` ..= `u128`, `usize`, `i8` ..= `i128`, `isize`,
//! `f32`, `f64`, `String`, `char`), the markers `bytes` (`Vec<u8>`), `chars` (`Vec<char>`) and
//! `usize1` (a 1-based index made 0-based), tuples `(kind, kind, ...)`, `[kind; len]` (a
//! `Vec` of `len` values, `len` any expression, earlier names included) and `[kind]` (a
//! length, then that many values). Costs: the [`kinds`](super::kinds) module's table.
//!
//! Without a source it reads stdin, block by block as it goes, borrowing the thread's reader
//! once per call ([`stdin_reader`]; an `input!` inside a length expression of another one
//! panics); with `input! { from reader, ... }` it reads `reader` (a `fastio::Reader`, such
//! as [`stdin`]'s, or a `&mut Reader`): the way for a loop that reads once per query.
//! Malformed input is one line on stderr, ``line L, token T: expected an integer u32, found
//! `x` `` (`line L:` alone when the reader had to drop the line's start from its buffer,
//! [`Reader::token_number`](fastio::Reader::token_number)), and exit status 2, with nothing
//! buffered flushed: read first, then print. A program
//! that prints between reads and must keep that output on bad input reads with
//! [`Scan::read`](super::Scan::read) and ends with `fastio::InputError::exit`.

use fastio::Reader;
use std::cell::{Cell, RefCell, RefMut};

thread_local! {
    // A leaked cell, so that the slot needs no destructor: a thread local without one is a
    // plain memory access, where one with a destructor checks its registration every time.
    static STDIN: Cell<Option<&'static RefCell<Reader>>> = const { Cell::new(None) };
}

/// The cell of this thread's stdin reader, made from `make` on the first call.
#[inline]
fn stdin_cell(make: impl FnOnce() -> Reader) -> &'static RefCell<Reader> {
    STDIN.with(|slot| match slot.get() {
        Some(cell) => cell,
        None => {
            let cell: &'static RefCell<Reader> = Box::leak(Box::new(RefCell::new(make())));
            slot.set(Some(cell));
            cell
        }
    })
}

/// The reader over stdin, made on the first call, borrowed until the
/// returned guard drops: what `input!` without `from` reads with, one borrow per call.
/// Unreadable stdin is one line on stderr and exit status 2. Borrowing it again before the
/// guard drops panics. Cost: a thread-local access and a borrow flag.
#[inline]
pub fn stdin_reader() -> RefMut<'static, Reader> {
    stdin_cell(Reader::from_stdin).borrow_mut()
}

/// The reader over stdin, to keep and read with `input! { from rd, ... }`: for a program
/// that calls `input!` once per query (`input!` without `from` borrows the thread's reader
/// on every call: about 4% more instructions on 2·10^5 queries of three numbers; a kept
/// reader costs nothing). It goes on where `input!` without `from` stopped, and takes the
/// rest of the input from it: an `input!` without `from` after this call finds the end of
/// the input. Unreadable stdin is one line on stderr and exit status 2.
pub fn stdin() -> Reader {
    std::mem::replace(&mut *stdin_reader(), Reader::new(Vec::new()))
}

/// Makes `reader` what `input!` and [`stdin`] read on this thread from now on, instead
/// of stdin: for tests of code that reads with `input!`.
pub fn stdin_from(reader: Reader) {
    let mut reader = Some(reader);
    let cell = stdin_cell(|| reader.take().unwrap_or_else(|| Reader::new(Vec::new())));
    if let Some(reader) = reader {
        *cell.borrow_mut() = reader;
    }
}

/// Reads the input's values into `let` bindings; see the [module](self) documentation.
#[macro_export]
macro_rules! input {
    (from $reader:expr, $($rest:tt)*) => {
        $crate::__input!(@vars ($reader) $($rest)*);
    };
    () => {};
    ($($rest:tt)*) => {
        let mut reader = $crate::stdin_reader();
        $crate::__input!(@vars (reader) $($rest)*);
        ::std::mem::drop(reader);
    };
}

/// `input!`'s steps, one macro so that a bundle carries one definition: `@vars` binds the
/// `name: kind` pairs one at a time, `@read` reads the value of one kind. A kind is one
/// token tree: a name (`u64`, `usize1`), `[kind; len]`, `[kind]` or `(kind, ...)`.
#[doc(hidden)]
#[macro_export]
macro_rules! __input {
    (@vars $from:tt) => {};
    // `name` or `mut name`.
    (@vars $from:tt $($var:ident)+ : $kind:tt $(, $($rest:tt)*)?) => {
        let $($var)+ = $crate::__input!(@read $from, $kind);
        $($crate::__input!(@vars $from $($rest)*);)?
    };
    (@read ($reader:expr), [$kind:tt; $len:expr]) => {{
        let len: usize = $len;
        let mut values = ::std::vec::Vec::with_capacity({
            use $crate::Scan as _;
            $reader.capacity_for(len)
        });
        for _ in 0..len {
            values.push($crate::__input!(@read ($reader), $kind));
        }
        values
    }};
    (@read $from:tt, [$kind:tt]) => {
        $crate::__input!(@read $from, [$kind; $crate::__input!(@read $from, usize)])
    };
    (@read $from:tt, ($($kind:tt),* $(,)?)) => {
        ($($crate::__input!(@read $from, $kind),)*)
    };
    (@read $from:tt, bytes) => {
        $crate::__input!(@read $from, $crate::Bytes)
    };
    (@read $from:tt, chars) => {
        $crate::__input!(@read $from, $crate::Chars)
    };
    (@read $from:tt, usize1) => {
        $crate::__input!(@read $from, $crate::Usize1)
    };
    (@read ($reader:expr), $kind:ty) => {{
        use $crate::Scan as _;
        $reader.read_or_exit::<$kind>()
    }};
}

#[cfg(test)]
mod tests {
    use super::super::Scan;
    use fastio::Reader;

    #[test]
    fn every_kind_from_a_reader() {
        let mut r = Reader::new(b"2 3\n1 2 3\n4 5 6\nab 1.5 z\n2 7 8\n3 1\n".to_vec());
        input! {
            from r,
            h: usize,
            w: usize,
            grid: [[u8; w]; h],
            s: chars,
            x: f64,
            c: char,
            v: [i32],
            mut e: (usize1, usize1,),
        }
        e.1 += 10;
        assert_eq!(grid, vec![vec![1, 2, 3], vec![4, 5, 6]]);
        assert_eq!((s, x, c), (vec!['a', 'b'], 1.5, 'z'));
        assert_eq!((v, e), (vec![7, 8], (2, 10)));
        assert_eq!(r.token(), None);
    }

    #[test]
    fn through_a_mutable_reference_and_a_trailing_comma_free_list() {
        fn read(r: &mut Reader) -> (Vec<u8>, u64) {
            input! { from r, s: bytes, n: u64 }
            (s, n)
        }
        let mut r = Reader::new(b"xyz 18446744073709551615".to_vec());
        assert_eq!(read(&mut r), (b"xyz".to_vec(), u64::MAX));
    }

    #[test]
    fn reads_an_interactors_replies_as_they_come() {
        // Each read takes what the last reply holds: one more read of the source would wait
        // for a reply the interactor sends only after it has seen an answer.
        let replies = ["3\n", "10 20\n", "-5 word\n", "7"];
        let mut r = Reader::from_read(testkit::Replies::new(&replies));
        input! { from r, n: usize }
        input! { from r, a: u32, b: u32 }
        input! { from r, c: i64, s: String }
        assert_eq!((n, a, b, c, s.as_str()), (3, 10, 20, -5, "word"));
    }

    #[test]
    fn a_long_line_read_in_blocks_names_the_bad_token_where_it_can() {
        let mut text = "7 ".repeat(50_000);
        text.push_str("x\n8 y\n");
        // Whole, the line's tokens are counted.
        let mut r = Reader::new(text.as_bytes().to_vec());
        input! { from r, a: [u8; 50_000] }
        assert!(a.iter().all(|&v| v == 7));
        let e = r.read::<u8>().unwrap_err();
        assert_eq!((e.line, e.token), (1, Some(50_001)));
        // Read in blocks, the line's start is dropped before the bad token: the line alone.
        let mut r = Reader::from_read(testkit::Trickle::new(text.as_bytes(), 1 << 16));
        input! { from r, _a: [u8; 50_000] }
        let e = r.read::<u8>().unwrap_err();
        assert_eq!((e.line, e.token), (1, None));
        assert!(e
            .to_string()
            .starts_with("line 1: expected an integer u8, found `x`"));
        input! { from r, b: u8 }
        let e = r.read::<u8>().unwrap_err();
        assert_eq!((b, e.line, e.token), (8, 2, Some(2)));
    }

    #[test]
    fn a_huge_length_allocates_for_the_input_only() {
        let mut r = Reader::new(b"1000000000000000000 5 6".to_vec());
        let n = r.read::<usize>().unwrap();
        assert_eq!(r.capacity_for(n), 2);
        let e = r.read_vec::<u64>(n).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: expected an integer u64, found the end of the input"
        );
    }

    #[test]
    fn one_stdin_call_binds_names_that_later_kinds_use() {
        super::stdin_from(Reader::new(b"3 1 2 3\n2 4\n".to_vec()));
        input! {
            n: usize,
            mut a: [i64; n],
            pair: (usize1, u8),
        }
        // `n` is used by `a`'s length only: no unused-variable warning (clippy -D warnings).
        a.push(0);
        assert_eq!((a, pair), (vec![1, 2, 3, 0], (1, 4)));
    }

    #[test]
    fn the_kept_reader_goes_on_where_stdin_input_stopped() {
        super::stdin_from(Reader::new(b"2\n0 5 6\n1 7\n".to_vec()));
        input! { q: usize }
        let mut rd = super::stdin();
        let mut seen = Vec::new();
        for _ in 0..q {
            input! { from rd, t: u8 }
            match t {
                0 => {
                    input! { from rd, u: u32, v: u32 }
                    seen.push((u, v));
                }
                _ => {
                    input! { from rd, u: u32 }
                    seen.push((u, u));
                }
            }
        }
        assert_eq!(seen, vec![(5, 6), (7, 7)]);
        assert_eq!(rd.token(), None);
        assert!(super::stdin_reader().token().is_none());
    }

    #[test]
    fn stdin_is_one_reader_for_every_call() {
        super::stdin_from(Reader::new(b"5 6\n7".to_vec()));
        input! {}
        input! { a: u8 }
        input! { b: i128, c: String }
        assert_eq!((a, b, c), (5, 6, "7".to_string()));
        assert!(super::stdin_reader().token().is_none());
    }
}
