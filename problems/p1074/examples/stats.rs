//! Prints the score and the search statistics of one input (diagnostics, not the submission).
use std::io::Read;
fn main() {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    let g = p1074::parse_bytes(&input).unwrap_or_else(|e| panic!("{}", e));
    let t = std::time::Instant::now();
    let sol = p1074::solve(&g);
    let ms = t.elapsed().as_secs_f64() * 1e3;
    match sol {
        Some(s) => println!(
            "{} givens {} {:.2}ms {:?}",
            s.score,
            g.givens(),
            ms,
            s.stats
        ),
        None => println!("-1 givens {} {:.2}ms", g.givens(), ms),
    }
}
