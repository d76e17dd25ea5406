//! Checks that every puzzle of a POJ 3076 input is minimal, with the test kit's dancing links
//! (`src/bin/kit/dlx.rs`, not the library's solver): exactly one completion, and for every
//! clue a completion of the puzzle without it that puts another digit in its cell.
//! A bench-data tool, not part of the workspace; build it as a scratch crate next to it:
//!
//!   mkdir -p /tmp/verify && cd /tmp/verify && cat > Cargo.toml <<EOF
//!   [package]
//!   name = "verify-minimal"
//!   version = "0.1.0"
//!   edition = "2021"
//!   [[bin]]
//!   name = "verify-minimal"
//!   path = "$ROOT/problems/sudoku16/baseline/verify_minimal.rs"
//!   [dependencies]
//!   sudoku16 = { path = "$ROOT/problems/sudoku16" }
//!   fastio = { path = "$ROOT/shared/fastio" }
//!   rng = { path = "$ROOT/shared/rng" }
//!   [workspace]
//!   EOF
//!   cargo run --release < $ROOT/problems/sudoku16/data/minimal-topdown.txt
//!
//! Prints one line per puzzle failing a check and a summary; exit 1 if any failed.

#[path = "../src/bin/kit/mod.rs"]
mod kit;

use kit::dlx::completions;
use sudoku16::{Cell, CellValues, Parser};

fn main() {
    let mut parser = Parser::new(fastio::Reader::from_stdin());
    let (mut n, mut bad, mut givens) = (0, 0, (usize::MAX, 0, 0));
    while let Some(next) = parser.next_case() {
        let puzzle = next.unwrap_or_else(|e| panic!("{}", e));
        n += 1;
        let g = puzzle.givens();
        givens = (givens.0.min(g), givens.1.max(g), givens.2 + g);
        let found = completions(&puzzle, None, 2, n as u64);
        if found.len() != 1 {
            println!("puzzle {}: {} completions (of at most 2)", n, found.len());
            bad += 1;
            continue;
        }
        for i in 0..256 {
            let cell = Cell::from_index(i);
            if let Some(d) = puzzle.get(cell) {
                let mut less = puzzle;
                less.set(cell, None);
                if completions(&less, Some((cell, d)), 1, i as u64).is_empty() {
                    println!(
                        "puzzle {}: the clue at {:?} is not needed",
                        n,
                        (i / 16, i % 16)
                    );
                    bad += 1;
                    break;
                }
            }
        }
    }
    println!(
        "{} puzzles, {} failed; givens {}..{}, {:.2} on average",
        n,
        bad,
        givens.0,
        givens.1,
        givens.2 as f64 / n.max(1) as f64
    );
    std::process::exit(if bad > 0 { 1 } else { 0 });
}
