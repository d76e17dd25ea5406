//! POJ 3076 submission: read cases until EOF, print each completed grid and a blank line.
//! Exit 1 if some case has no solution (`case N: no solution` on stderr), 2 on malformed input.

use fastio::{Reader, Writer};
use sudoku16::{Parser, Solver};

fn main() {
    let mut out = Writer::new();
    let reader = match Reader::from_stdin() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot read the input: {}", e);
            std::process::exit(2);
        }
    };
    let mut parser = Parser::new(reader);
    let mut solver = Solver::new();
    let mut status = 0;
    let mut case = 0;
    while let Some(next) = parser.next_case() {
        case += 1;
        match next {
            Ok(puzzle) => match solver.solve(&puzzle) {
                Some(solution) => {
                    out.bytes(&solution.to_lines());
                    out.byte(b'\n');
                }
                None => {
                    eprintln!("case {}: no solution", case);
                    status = 1;
                }
            },
            Err(e) => {
                out.flush();
                eprintln!("{}", e);
                std::process::exit(2);
            }
        }
    }
    out.flush();
    std::process::exit(status);
}
