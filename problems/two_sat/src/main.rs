//! two_sat (Library Checker): a satisfying assignment of a 2-CNF formula in DIMACS form, or
//! the word that there is none.
//!
//! The `twosat` crate (implications, then strongly connected components); reads with `fastio`.

use fastio::{InputError, Reader, Writer};

/// The next token as an integer in `lo..hi`; anything else ends the run (exit status 2).
fn int(r: &mut Reader, lo: i64, hi: i64, out: &mut Writer) -> i64 {
    match r.token().and_then(fastio::parse_int) {
        Some(v) if lo <= v && v < hi => v,
        _ => InputError::at_line(r.line(), format!("expected an integer in {}..{}", lo, hi))
            .exit(out),
    }
}

fn main() {
    let mut r = fastio::stdin_or_exit();
    let mut out = Writer::new();
    if r.token() != Some(b"p") || r.token() != Some(b"cnf") {
        InputError::at_line(r.line(), "expected `p cnf`").exit(&mut out);
    }
    let n = int(&mut r, 0, 1 << 30, &mut out);
    let m = int(&mut r, 0, 1 << 30, &mut out);
    let mut ts = twosat::TwoSat::new(n as usize);
    // A literal: variable |x| (1-based), true when x > 0.
    let lit = |r: &mut Reader, out: &mut Writer| {
        let x = int(r, -n, n + 1, out);
        if x == 0 {
            InputError::at_line(r.line(), "a literal is not 0").exit(out);
        }
        (x.unsigned_abs() as usize - 1, x > 0)
    };
    for _ in 0..m {
        let (i, f) = lit(&mut r, &mut out);
        let (j, g) = lit(&mut r, &mut out);
        // The clause's closing 0.
        int(&mut r, 0, 1, &mut out);
        ts.add_clause(i, f, j, g);
    }
    if !ts.satisfiable() {
        out.bytes(b"s UNSATISFIABLE\n");
        return;
    }
    out.bytes(b"s SATISFIABLE\nv");
    for (i, &b) in ts.answer().iter().enumerate() {
        out.byte(b' ');
        let v = i as i64 + 1;
        out.int(if b { v } else { -v });
    }
    out.bytes(b" 0\n");
}
