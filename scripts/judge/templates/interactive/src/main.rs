//! NAME: TODO: one line saying what the problem asks. An interactive problem: the solution
//! talks with src/bin/interactor.rs (the judge's side), one line at a time.
//!
//! The template's stand-in is "guess the number": guess a secret number in 1..=1000 in at
//! most 10 guesses; after each guess the interactor answers `lower`, `higher` or `correct`.
//! Flush after every line you write: the interactor answers only what it has read (a
//! `BufWriter` that is never flushed is ILE, idleness). `input!` reads each reply as it
//! comes (a reader kept with `scan::stdin()` never waits for more than the next token).

use scan::input;
use std::io::Write;

fn main() {
    let mut rd = scan::stdin();
    let mut out = std::io::stdout();
    let (mut low, mut high) = (1u32, 1000u32);
    while low <= high {
        let guess = low + (high - low) / 2;
        writeln!(out, "{}", guess).unwrap();
        out.flush().unwrap();
        input! { from rd, reply: String }
        match reply.as_str() {
            "lower" => high = guess - 1,
            "higher" => low = guess + 1,
            _ => return,
        }
    }
}
