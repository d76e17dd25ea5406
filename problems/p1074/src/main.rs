//! Luogu P1074 submission: one 9x9 grid (0 = empty) in, the highest target score out, or -1
//! when the givens have no completion. Malformed input: one line on stderr, exit status 2.

fn main() {
    let mut out = fastio::Writer::new();
    let mut parser = p1074::Parser::new(fastio::Reader::from_stdin());
    if let Some(case) = parser.next_case() {
        let givens = case.unwrap_or_else(|e| e.exit(&mut out));
        // Clashing givens have no completion either: -1, the problem's own answer.
        let score = p1074::solve(&givens).map_or(-1, |best| i64::from(best.score));
        out.int(score);
        out.byte(b'\n');
    }
}
