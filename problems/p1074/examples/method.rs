//! Both searches, and `solve`, over a file of grids (as `survey` reads them): total and slowest
//! per search, and a panic if they ever disagree on a grid's score.
//!
//! ```text
//! for s in $(seq 1 200); do p1074-gen --givens 17 --seed $s; done | method
//! ```
mod grids;

fn main() {
    let grids = grids::from_stdin();
    let mut scores: Vec<Option<u32>> = Vec::new();
    for m in [
        p1074::Method::Patterns,
        p1074::Method::BranchAndBound,
        p1074::Method::Auto,
    ] {
        let (mut tot, mut max, mut arg) = (0.0f64, 0.0f64, 0);
        for (i, g) in grids.iter().enumerate() {
            let t = std::time::Instant::now();
            let score = p1074::solve_with(g, m).map(|s| s.score);
            if scores.len() < grids.len() {
                scores.push(score);
            } else {
                assert_eq!(scores[i], score, "the searches disagree on grid {}", i + 1);
            }
            let ms = t.elapsed().as_secs_f64() * 1e3;
            tot += ms;
            if ms > max {
                max = ms;
                arg = i + 1;
            }
        }
        print!("{:?}: total {:.1} max {:.1} (#{})  ", m, tot, max, arg);
    }
    println!();
}
