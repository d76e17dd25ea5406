//! The submission: T grids in, each solution out as 9 lines of 9 digits.
//!
//! Exit 0 when every case is solved; 1 when some case has none (`case N: no solution` on
//! stderr, the other cases still answered); 2 at the first malformed case (one
//! `fastio::InputError` line on stderr, the cases before it printed).

use poj2676::{solve, Parser};

fn main() {
    let mut parser = Parser::new(fastio::Reader::from_stdin());
    let mut out = fastio::Writer::new();
    let mut status = 0;
    while let Some(next) = parser.next_case() {
        let puzzle = next.unwrap_or_else(|e| e.exit(&mut out));
        match solve(&puzzle) {
            Some(solution) => out.bytes(&solution.to_lines()),
            None => {
                // Clashing givens never have a solution: looking for them only now is enough.
                if let Some(e) = parser.clash(&puzzle) {
                    e.exit(&mut out);
                }
                out.flush();
                eprintln!("case {}: no solution", parser.case());
                status = 1;
            }
        }
    }
    out.flush();
    std::process::exit(status)
}
