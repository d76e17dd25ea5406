//! p1074-ref: the plain reference. Enumerates every completion of the grid (most constrained
//! cell first, nothing else) and prints the highest weighted sum, or -1 if there is none.
//!
//! Exponential in the number of completions: fine from about 26 givens up. It shares only the
//! input parser with the solver (tested on its own in `parse.rs`); the search, clash test and
//! scoring are written here again, without the solver's score identity or bounds.

use kit::{box_of, ALL};

mod kit;

struct Enumeration {
    grid: [u8; 81],
    row: [u16; 9],
    col: [u16; 9],
    bx: [u16; 9],
    best: i64,
}

fn weight(c: usize) -> i64 {
    let (r, k) = ((c / 9) as i64, (c % 9) as i64);
    10 - (r - 4).abs().max((k - 4).abs())
}

impl Enumeration {
    fn free(&self, c: usize) -> u16 {
        ALL & !(self.row[c / 9] | self.col[c % 9] | self.bx[box_of(c)])
    }

    fn toggle(&mut self, c: usize, d: u8) {
        self.row[c / 9] ^= 1 << d;
        self.col[c % 9] ^= 1 << d;
        self.bx[box_of(c)] ^= 1 << d;
    }

    /// Visits every completion; `score` is the weighted sum of the filled cells.
    fn all(&mut self, score: i64) {
        let mut pick: Option<(usize, u16)> = None;
        for c in 0..81 {
            if self.grid[c] == 0 {
                let m = self.free(c);
                if pick.map_or(true, |(_, p)| m.count_ones() < p.count_ones()) {
                    pick = Some((c, m));
                }
            }
        }
        let (c, m) = match pick {
            None => {
                self.best = self.best.max(score);
                return;
            }
            Some(x) => x,
        };
        for d in 1..=9u8 {
            if m >> d & 1 == 1 {
                self.grid[c] = d;
                self.toggle(c, d);
                self.all(score + weight(c) * i64::from(d));
                self.toggle(c, d);
                self.grid[c] = 0;
            }
        }
    }
}

fn main() {
    let mut parser = p1074::Parser::new(fastio::Reader::from_stdin());
    let givens = match parser.next_case() {
        Some(case) => case.unwrap_or_else(|e| e.exit(&mut fastio::Writer::new())),
        None => return,
    };
    let mut e = Enumeration {
        grid: givens.0,
        row: [0; 9],
        col: [0; 9],
        bx: [0; 9],
        best: -1,
    };
    let mut score = 0;
    let mut clash = false;
    for c in 0..81 {
        let d = givens.0[c];
        if d != 0 {
            clash |= e.free(c) >> d & 1 == 0;
            e.toggle(c, d);
            score += weight(c) * i64::from(d);
        }
    }
    if !clash {
        e.all(score);
    }
    println!("{}", e.best);
}
