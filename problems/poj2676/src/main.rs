use fastio::{Reader, Writer};
use poj2676::input::{read_count, read_grid};
use poj2676::solver::solve_bands;
use std::process::exit;

/// Reads T grids, prints each solution as 9 lines of 9 digits. Exit 1 if some case has no
/// solution (reported on stderr), 2 at the first malformed case (cases before it printed).
fn main() {
    let mut reader = match Reader::from_stdin() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot read the input: {}", e);
            exit(2);
        }
    };
    let mut out = Writer::new();
    let mut unsolved = false;
    let fail = |out: &mut Writer, message: String| -> ! {
        out.flush();
        eprintln!("{}", message);
        exit(2)
    };
    let cases = read_count(&mut reader).unwrap_or_else(|e| fail(&mut out, e.to_string()));
    let mut case = 0;
    while case < cases {
        case += 1;
        let puzzle =
            read_grid(&mut reader, case as usize).unwrap_or_else(|e| fail(&mut out, e.to_string()));
        match solve_bands(&puzzle.givens) {
            Some(solution) => {
                let mut text = [0; 90];
                solution.write_text(&mut text);
                out.bytes(&text);
            }
            None => {
                // Clashing givens never have a solution: looking for them only now is enough.
                if let Some(e) = puzzle.clash() {
                    fail(&mut out, e.to_string());
                }
                unsolved = true;
                out.flush();
                eprintln!("case {}: no solution", case);
            }
        }
    }
    out.flush();
    exit(unsolved as i32)
}
