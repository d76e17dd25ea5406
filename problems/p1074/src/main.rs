//! Reads one 9x9 grid (0 = empty), prints the highest target score, or -1 if none exists.
//! Malformed input: one line on stderr saying where, exit status 2.

fn main() {
    let input = match fastio::Reader::from_stdin() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot read the input: {}", e);
            std::process::exit(2);
        }
    };
    let givens = match p1074::Grid::parse_reader(input) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{}", e);
            std::process::exit(2);
        }
    };
    let mut out = fastio::Writer::new();
    match p1074::solve(&givens) {
        Some(best) => out.int(i64::from(best.score)),
        None => out.int(-1),
    }
    out.byte(b'\n');
}
