//! sudoku16-ref: the reference answer for a POJ 3076 input, by the test kit's exact-cover
//! search (Algorithm X with dancing links, see `kit::dlx`), not the library's solver. Same
//! output and exit statuses as the submission.

mod kit;

use fastio::Reader;
use kit::dlx::completions;
use std::io::Write;
use std::process::exit;
use sudoku16::{Grid, Parser};

/// A completion of `puzzle`, or `None` when it has none.
fn first_solution(puzzle: &Grid) -> Option<Grid> {
    completions(puzzle, None, 1, 0x7e57).pop()
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
