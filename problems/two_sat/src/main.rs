//! two_sat (Library Checker): a satisfying assignment of a 2-CNF formula in DIMACS form, or
//! the word that there is none.
//!
//! The `twosat` crate (implications, then strongly connected components); reads with `scan`.

use scan::{input, InputError, Reader, Writer};

fn main() {
    let mut rd = scan::stdin();
    let mut out = Writer::new();
    input! { from rd, p: bytes, cnf: bytes }
    if p != b"p" || cnf != b"cnf" {
        InputError::at_line(rd.line(), "expected `p cnf`").exit(&mut out);
    }
    input! { from rd, n: u64, m: usize }
    let mut ts = twosat::TwoSat::new(n as usize);
    // A literal: variable |x| (1-based), true when x > 0; the index below would wrap on 0.
    let lit = |rd: &mut Reader, out: &mut Writer| {
        input! { from rd, x: i64 }
        if x == 0 || x.unsigned_abs() > n {
            InputError::at_line(
                rd.line(),
                format!("expected a literal in -{}..={}, not 0", n, n),
            )
            .exit(out);
        }
        (x.unsigned_abs() as usize - 1, x > 0)
    };
    for _ in 0..m {
        let (i, f) = lit(&mut rd, &mut out);
        let (j, g) = lit(&mut rd, &mut out);
        input! { from rd, end: u8 }
        if end != 0 {
            InputError::at_line(rd.line(), "expected the clause's closing 0").exit(&mut out);
        }
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
