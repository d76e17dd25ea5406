//! poj2676-check INPUT OUTPUT EXPECTED: exit 0 when OUTPUT correctly answers INPUT, else
//! exit 1 with a one-line reason on stdout.
//!
//! A case is solvable when EXPECTED holds a valid completion of it (EXPECTED has grids for
//! the solvable cases only, in order, as a correct solver prints them). OUTPUT must then hold
//! one grid per solvable case, in order: 9 rows of 9 digits 1-9, each a valid grid that keeps
//! every given of its puzzle. Any valid completion is accepted. Whitespace between rows is
//! free; rows are whitespace-separated tokens.

mod kit;

use fastio::Reader;
use kit::completes;
use poj2676::Parser;
use std::process::exit;

fn reject(msg: String) -> ! {
    println!("{}", msg);
    exit(1)
}

/// The grids of an answer file: 81 digits from each 9 tokens of 9 digits.
fn grids(text: &[u8], what: &str) -> Vec<[u8; 81]> {
    let mut tokens = Vec::new();
    let mut r = Reader::new(text.to_vec());
    loop {
        r.skip_whitespace();
        let line = r.line();
        let t = match r.token() {
            Some(t) => t,
            None => break,
        };
        if t.len() != 9 || !t.iter().all(|b| (b'1'..=b'9').contains(b)) {
            reject(format!(
                "{} line {}: `{}` is not a row of 9 digits 1-9",
                what,
                line,
                fastio::shorten(t)
            ));
        }
        tokens.push(t.iter().map(|b| b - b'0').collect::<Vec<u8>>());
    }
    if tokens.len() % 9 != 0 {
        reject(format!(
            "{}: {} rows, not a whole number of grids",
            what,
            tokens.len()
        ));
    }
    tokens
        .chunks(9)
        .map(|rows| {
            let mut g = [0u8; 81];
            for (i, row) in rows.iter().enumerate() {
                g[9 * i..9 * i + 9].copy_from_slice(row);
            }
            g
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 3 {
        eprintln!("usage: poj2676-check INPUT OUTPUT EXPECTED");
        exit(2);
    }
    let read =
        |p: &str| std::fs::read(p).unwrap_or_else(|e| reject(format!("cannot read {}: {}", p, e)));
    let mut input = Parser::new(Reader::new(read(&args[0])));
    let output = grids(&read(&args[1]), "output");
    let expected = grids(&read(&args[2]), "expected");
    // Read puzzles up to the first malformed one: cases before it are still answered.
    let mut puzzles = Vec::new();
    while let Some(Ok(p)) = input.next_case() {
        if input.clash(&p).is_some() {
            break;
        }
        puzzles.push(p.to_values());
    }
    let (mut e, mut o) = (0, 0);
    for (k, puzzle) in puzzles.iter().enumerate() {
        let case = k + 1;
        let solvable = e < expected.len() && completes(&expected[e], puzzle);
        if solvable {
            e += 1;
            match output.get(o) {
                None => reject(format!("case {}: missing solution", case)),
                Some(g) if !completes(g, puzzle) => reject(format!(
                    "case {}: output grid {} is not a valid completion",
                    case,
                    o + 1
                )),
                Some(_) => o += 1,
            }
        } else if matches!(output.get(o), Some(g) if completes(g, puzzle)) {
            reject(format!(
                "case {}: output solves a case the expected answer leaves unsolved",
                case
            ));
        }
    }
    if e != expected.len() {
        reject(format!("expected: grid {} matches no case", e + 1));
    }
    if o != output.len() {
        reject(format!(
            "output: {} grids for {} solvable cases",
            output.len(),
            o
        ));
    }
    println!("ok: {} cases, {} solved", puzzles.len(), o);
}
