//! Solves many grids in one process and lists the slowest: the tool that finds worst cases.
//!
//! ```text
//! for s in $(seq 1 5000); do p1074-gen --givens 24..26 --seed $s; done | survey [TOP] [FIRST_SEED]
//! ```
//!
//! Reads consecutive grids of 81 numbers from stdin; grid `i` (0-based) is labelled seed
//! `FIRST_SEED + i` (default 1). Each grid is solved REPS times (default 3) and the fastest time
//! is kept (less noise). Prints the TOP (default 10) slowest with their node counts, then the
//! total. Usage: `survey [TOP] [FIRST_SEED] [REPS]`.
mod grids;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let top: usize = args.first().map_or(10, |a| a.parse().unwrap());
    let first: u64 = args.get(1).map_or(1, |a| a.parse().unwrap());
    let reps: usize = args.get(2).map_or(3, |a| a.parse().unwrap());
    let mut rows = Vec::new();
    let mut total = 0.0;
    let (mut total_corner_nodes, mut total_pattern_nodes) = (0, 0);
    for (i, g) in grids::from_stdin().into_iter().enumerate() {
        let mut ms = f64::MAX;
        let mut out = None;
        for _ in 0..reps {
            let t = std::time::Instant::now();
            let sol = p1074::solve(&g);
            ms = ms.min(t.elapsed().as_secs_f64() * 1e3);
            out = Some(sol);
        }
        total += ms;
        let sol = out.unwrap();
        let (score, nodes) = sol
            .as_ref()
            .map_or((-1, 0), |s| (i64::from(s.score), s.stats.nodes));
        if let Some(s) = &sol {
            total_corner_nodes += s.stats.corner_nodes;
            total_pattern_nodes += s.stats.pattern_nodes;
        }
        rows.push((ms, first + i as u64, g.givens(), score, nodes));
    }
    let n = rows.len();
    rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for &(ms, seed, givens, score, nodes) in rows.iter().take(top) {
        println!(
            "seed {:6} givens {:2} score {:5} nodes {:8} {:9.3} ms",
            seed, givens, score, nodes, ms
        );
    }
    println!(
        "{} grids, total {:.1} ms, median {:.3} ms, corner nodes {}, pattern nodes {}",
        n,
        total,
        rows.get(n / 2).map_or(0.0, |r| r.0),
        total_corner_nodes,
        total_pattern_nodes
    );
}
