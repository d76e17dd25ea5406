//! sudoku16-ref: the reference answer for a POJ 3076 input, by the test kit's plain search
//! (see `kit`), not the library's solver. Same output and exit statuses as the submission.
//!
//! Plain backtracking has a heavy tail on sparse grids, so the search is retried in random
//! orders with doubling node budgets; the budget grows without bound, so the last attempt
//! always decides.

mod kit;

use fastio::Reader;
use kit::{Rng, Search};
use std::io::Write;
use std::process::exit;
use sudoku16::{Grid, Parser};

/// A completion of `puzzle`, or `None` when it has none.
fn first_solution(puzzle: &Grid) -> Option<Grid> {
    let mut rng = Rng(0x7e57);
    let mut budget = 10_000u64;
    loop {
        let mut s = Search::new(1, budget);
        s.rng = Some(&mut rng);
        if s.run(puzzle).is_ok() {
            return s.found.pop();
        }
        budget = budget.saturating_mul(2);
    }
}

fn main() {
    let mut input = Vec::new();
    if std::io::Read::read_to_end(&mut std::io::stdin(), &mut input).is_err() {
        eprintln!("cannot read the input");
        exit(2);
    }
    let mut parser = Parser::new(Reader::new(input));
    let mut out = Vec::new();
    let mut status = 0;
    let mut case = 0;
    while let Some(next) = parser.next_case() {
        case += 1;
        match next {
            Ok(puzzle) => match first_solution(&puzzle) {
                Some(g) => {
                    out.extend_from_slice(&g.to_lines());
                    out.push(b'\n');
                }
                None => {
                    eprintln!("case {}: no solution", case);
                    status = 1;
                }
            },
            Err(e) => {
                let _ = std::io::stdout().write_all(&out);
                eprintln!("{}", e);
                exit(2);
            }
        }
    }
    let _ = std::io::stdout().write_all(&out);
    exit(status);
}
