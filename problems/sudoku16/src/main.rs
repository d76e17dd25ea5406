//! POJ 3076 / SPOJ SUDOKU submission: read the grids (SPOJ's input starts with their number),
//! print each completed grid, with the empty lines each judge's layout asks for.
//! Exit 1 if some case has no solution (`case N: no solution` on stderr), 2 on malformed input.

use sudoku16::{Parser, Solver};

fn main() {
    let mut out = fastio::Writer::new();
    let mut parser = Parser::new(fastio::Reader::from_stdin());
    let mut solver = Solver::new();
    let (mut printed, mut status) = (0, 0);
    while let Some(next) = parser.next_case() {
        let puzzle = next.unwrap_or_else(|e| e.exit(&mut out));
        match solver.solve(&puzzle) {
            Some(solution) => {
                out.bytes(parser.form().before_grid(printed));
                out.bytes(&solution.to_lines());
                out.bytes(parser.form().after_grid());
                printed += 1;
            }
            None => {
                eprintln!("case {}: no solution", parser.case());
                status = 1;
            }
        }
    }
    out.flush();
    std::process::exit(status);
}
