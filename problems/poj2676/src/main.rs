//! The submission: T grids in, each solution out as 9 lines of 9 digits.
//!
//! Exit 0 when every case is solved; 1 when some case has none (`case N: no solution` on
//! stderr, the other cases still answered); 2 at the first malformed case (one
//! `fastio::InputError` line on stderr, the cases before it printed).

use poj2676::{read_count, read_grid, solve};

fn main() {
    let mut input = fastio::stdin_or_exit();
    let mut out = fastio::Writer::new();
    let cases = read_count(&mut input).unwrap_or_else(|e| e.exit(&mut out));
    let mut status = 0;
    for case in 1..=cases {
        let puzzle = read_grid(&mut input, case).unwrap_or_else(|e| e.exit(&mut out));
        match solve(&puzzle.givens) {
            Some(solution) => out.bytes(&solution.to_text()),
            None => {
                // Clashing givens never have a solution: looking for them only now is enough.
                if let Some(e) = puzzle.clash() {
                    e.exit(&mut out);
                }
                out.flush();
                eprintln!("case {}: no solution", case);
                status = 1;
            }
        }
    }
    out.flush();
    std::process::exit(status)
}
