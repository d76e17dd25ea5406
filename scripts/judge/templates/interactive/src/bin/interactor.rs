//! NAME-interactor: the judge's side of one case, in the style of testlib's interactors
//! (PROTOCOL.md, "Interactive and file problems"). Never bundled.
//!
//! Arguments: the case's input file (`samples/NAME/N.in`), a file it may write for a
//! checker, and the answer file `N.out` when the case has one. Its stdin is the solution's
//! stdout, its stdout the solution's stdin. Exit status: 0 accepted, 1 wrong answer, 2
//! presentation error, 3 the interactor's own failure; the first line of its stderr says
//! why.
//!
//! The template's stand-in, "guess the number": the case holds the secret number (1..=1000);
//! the solution has 10 guesses, each answered `lower`, `higher` or `correct`.

use std::io::{self, BufRead, Write};
use std::process;

const ACCEPTED: i32 = 0;
const WRONG: i32 = 1;
const PRESENTATION: i32 = 2;
const FAILED: i32 = 3;

/// Ends the case: the verdict's exit status, its reason on stderr's first line.
fn verdict(code: i32, why: &str) -> ! {
    eprintln!("{}", why);
    process::exit(code)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        verdict(FAILED, "usage: interactor <input> <output> [<answer>]");
    }
    let case = std::fs::read_to_string(&args[1])
        .unwrap_or_else(|e| verdict(FAILED, &format!("{}: {}", args[1], e)));
    let secret: u32 = match case.trim().parse() {
        Ok(n) if (1..=1000).contains(&n) => n,
        _ => verdict(FAILED, "the case must hold one number in 1..=1000"),
    };
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout();
    for tries in 1..=10 {
        let line = match lines.next() {
            Some(Ok(line)) => line,
            _ => verdict(
                WRONG,
                &format!("the solution stopped after {} guesses", tries - 1),
            ),
        };
        let guess: u32 = match line.trim().parse() {
            Ok(n) => n,
            Err(_) => verdict(
                PRESENTATION,
                &format!("guess {}: `{}` is not a number", tries, line.trim()),
            ),
        };
        let reply = match guess.cmp(&secret) {
            std::cmp::Ordering::Less => "higher",
            std::cmp::Ordering::Greater => "lower",
            std::cmp::Ordering::Equal => "correct",
        };
        // A solution that is gone cannot read the reply: its exit decides, not this write.
        let _ = writeln!(out, "{}", reply).and_then(|_| out.flush());
        if guess == secret {
            verdict(ACCEPTED, &format!("found {} in {} guesses", secret, tries));
        }
    }
    verdict(WRONG, &format!("10 guesses, and {} is not found", secret));
}
