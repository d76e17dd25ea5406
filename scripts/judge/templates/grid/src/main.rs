//! NAME: the submission. Parse -> solve -> print; exit 1 if some case has no solution
//! (`case N: no solution` on stderr), 2 on malformed input.

use NAME::{solve, Parser};

fn main() {
    let mut out = fastio::Writer::new();
    let mut parser = Parser::new(fastio::Reader::from_stdin());
    let mut status = 0;
    let mut case = 0;
    while let Some(next) = parser.next_case() {
        case += 1;
        let puzzle = match next {
            Ok(puzzle) => puzzle,
            Err(error) => error.exit(&mut out),
        };
        match solve(&puzzle) {
            Some(solution) => out.bytes(&solution.to_lines()),
            None => {
                eprintln!("case {}: no solution", case);
                status = 1;
            }
        }
    }
    out.flush();
    std::process::exit(status);
}
