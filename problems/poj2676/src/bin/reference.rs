//! poj2676-ref: the plain reference. Reads a POJ 2676 input with the library's parser (tested
//! on its own), solves each grid with a minimum-remaining-values backtracker that shares no
//! code with the library's search, and answers like the solver: solutions on stdout,
//! `case N: no solution` on stderr (exit 1 at the end), malformed input on stderr (exit 2).
//! `--count` prints instead, per case, the number of solutions capped at 2.

mod kit;

use fastio::Reader;
use poj2676::Parser;
use std::io::Write;
use std::process::exit;

fn main() {
    let count_mode = std::env::args().nth(1).as_deref() == Some("--count");
    let reader = Reader::from_stdin();
    let mut out = Vec::new();
    let fail = |out: &[u8], message: String| -> ! {
        let _ = std::io::stdout().write_all(out);
        eprintln!("{}", message);
        exit(2)
    };
    let mut parser = Parser::new(reader);
    let mut unsolved = false;
    while let Some(next) = parser.next_case() {
        let puzzle = next.unwrap_or_else(|e| fail(&out, e.to_string()));
        if let Some(e) = parser.clash(&puzzle) {
            fail(&out, e.to_string());
        }
        let (n, first) = kit::solutions(&puzzle.to_values(), 2);
        if count_mode {
            out.extend_from_slice(format!("{}\n", n).as_bytes());
            continue;
        }
        match first {
            Some(s) => {
                for row in s.chunks(9) {
                    out.extend(row.iter().map(|&v| b'0' + v));
                    out.push(b'\n');
                }
            }
            None => {
                unsolved = true;
                let _ = std::io::stdout().write_all(&out);
                out.clear();
                eprintln!("case {}: no solution", parser.case());
            }
        }
    }
    let _ = std::io::stdout().write_all(&out);
    exit(unsolved as i32)
}
