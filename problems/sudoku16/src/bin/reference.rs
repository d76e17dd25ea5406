//! sudoku16-ref: the reference answer for a POJ 3076 or SPOJ SUDOKU input, by the test kit's
//! exact-cover search (Algorithm X with dancing links, see `kit::dlx`), not the library's
//! solver. It shares the input parser and the output layout ([`sudoku16::Form`]) with the
//! submission, both tested on their own in `parse.rs`. Same output and exit statuses as the
//! submission.

mod kit;

use kit::dlx::completions;
use sudoku16::{Grid, Parser};

/// A completion of `puzzle`, or `None` when it has none.
fn first_solution(puzzle: &Grid) -> Option<Grid> {
    completions(puzzle, None, 1, 0x7e57).pop()
}

fn main() {
    let mut out = fastio::Writer::new();
    let mut parser = Parser::new(fastio::Reader::from_stdin());
    let (mut printed, mut status) = (0, 0);
    while let Some(next) = parser.next_case() {
        let puzzle = next.unwrap_or_else(|e| e.exit(&mut out));
        match first_solution(&puzzle) {
            Some(g) => {
                out.bytes(parser.form().before_grid(printed));
                out.bytes(&g.to_lines());
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
