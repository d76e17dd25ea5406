//! NAME: TODO: one line saying what the problem asks. An interactive problem: the solution
//! talks with src/bin/interactor.rs (the judge's side), one line at a time.
//!
//! The template's stand-in is "guess the number": guess a secret number in 1..=1000 in at
//! most 10 guesses; after each guess the interactor answers `lower`, `higher` or `correct`.
//! Flush after every line you write: the interactor answers only what it has read (a
//! `BufWriter` that is never flushed is ILE, idleness).

use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut replies = stdin.lock().lines();
    let mut out = io::stdout();
    let (mut low, mut high) = (1u32, 1000u32);
    while low <= high {
        let guess = low + (high - low) / 2;
        writeln!(out, "{}", guess).unwrap();
        out.flush().unwrap();
        let reply = match replies.next() {
            Some(Ok(line)) => line,
            _ => return,
        };
        match reply.trim() {
            "lower" => high = guess - 1,
            "higher" => low = guess + 1,
            _ => return,
        }
    }
}
