//! Baseline harness: the `sudoku` crate (JCZSolve port) on 81-char lines from stdin.
//! Prints each solution as one 81-char line; "no solution" lines for unsolvable ones.
use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.expect("read");
        let line = line.trim();
        if line.len() < 81 {
            continue;
        }
        match sudoku::Sudoku::from_str_line(line).ok().and_then(|s| s.some_solution()) {
            Some(sol) => {
                let mut bytes = [0u8; 82];
                for (b, d) in bytes.iter_mut().zip(sol.to_bytes().iter()) {
                    *b = b'0' + d;
                }
                bytes[81] = b'\n';
                out.write_all(&bytes).unwrap();
            }
            None => out.write_all(b"no solution\n").unwrap(),
        }
    }
}
