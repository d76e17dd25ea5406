//! p1074-gen: prints one random P1074 input (9 lines of 9 digits, 0 = empty).
//!
//! ```text
//! p1074-gen --seed N [--givens A..B | --givens K] [--kind valid|clash|nosol]
//! ```
//!
//! - `valid` (default): a random solved grid, then K cells kept, K uniform in `A..=B`
//!   (default 24..40, the judge's range). Always has a completion.
//! - `clash`: a valid input, then one empty cell set to the digit of a given in the same row,
//!   column or box (K + 1 givens). Answer -1.
//! - `nosol`: no two givens clash, yet there is no completion: a valid input whose givens are
//!   changed, or added to, with non-clashing digits until no completion is left. Answer -1.
//!
//! Same seed and knobs, same input. Test kit only: it never calls the solver under test.

use kit::{used_by_peers, ALL};
use rng::Rng;
use testkit::Args;

mod kit;

/// Fills `g` completely (most constrained cell first, digits in random order when `rng` is
/// given, else high first); `false` if no completion exists.
fn fill(g: &mut [u8; 81], rng: &mut Option<&mut Rng>) -> bool {
    let mut best: Option<(usize, u16)> = None;
    for c in 0..81 {
        if g[c] == 0 {
            let free = ALL & !used_by_peers(g, c);
            if best.map_or(true, |(_, m)| free.count_ones() < m.count_ones()) {
                best = Some((c, free));
            }
        }
    }
    let (c, free) = match best {
        None => return true,
        Some(x) => x,
    };
    let mut digits: Vec<u8> = (1..=9).rev().filter(|&d| free >> d & 1 == 1).collect();
    if let Some(r) = rng.as_deref_mut() {
        r.shuffle(&mut digits);
    }
    for d in digits {
        g[c] = d;
        if fill(g, rng) {
            return true;
        }
    }
    g[c] = 0;
    false
}

fn has_completion(g: &[u8; 81]) -> bool {
    let mut copy = *g;
    !kit::has_clash(g) && fill(&mut copy, &mut None)
}

/// A random solved grid with `k` of its cells kept.
fn valid(rng: &mut Rng, k: usize) -> [u8; 81] {
    let mut full = [0u8; 81];
    assert!(fill(&mut full, &mut Some(&mut *rng)));
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut g = [0u8; 81];
    for &c in &cells[..k] {
        g[c] = full[c];
    }
    g
}

fn clash(rng: &mut Rng, k: usize) -> [u8; 81] {
    let mut g = valid(rng, k.max(1));
    let givens: Vec<usize> = (0..81).filter(|&c| g[c] != 0).collect();
    loop {
        let c = givens[rng.below(givens.len())];
        let peers: Vec<usize> = kit::units_of(c).filter(|&p| g[p] == 0).collect();
        if !peers.is_empty() {
            g[peers[rng.below(peers.len())]] = g[c];
            return g;
        }
    }
}

fn nosol(rng: &mut Rng, k: usize) -> [u8; 81] {
    let mut g = valid(rng, k);
    // First try to keep K givens: change one given to another digit that clashes with nothing.
    let givens: Vec<usize> = (0..81).filter(|&c| g[c] != 0).collect();
    for _ in 0..if givens.is_empty() { 0 } else { 200 } {
        let c = givens[rng.below(givens.len())];
        let old = g[c];
        let free = ALL & !used_by_peers(&g, c) & !(1 << old);
        let options: Vec<u8> = (1..=9).filter(|&d| free >> d & 1 == 1).collect();
        if options.is_empty() {
            continue;
        }
        g[c] = options[rng.below(options.len())];
        if !has_completion(&g) {
            return g;
        }
        g[c] = old;
    }
    // Then add non-clashing givens until no completion is left.
    loop {
        let empty: Vec<usize> = (0..81).filter(|&c| g[c] == 0).collect();
        let c = empty[rng.below(empty.len())];
        let free = ALL & !used_by_peers(&g, c);
        let options: Vec<u8> = (1..=9).filter(|&d| free >> d & 1 == 1).collect();
        if options.is_empty() {
            continue; // a dead cell: already no completion, but one more given does no harm
        }
        g[c] = options[rng.below(options.len())];
        if !has_completion(&g) {
            return g;
        }
    }
}

fn main() {
    let args = Args::from_env(
        "p1074-gen",
        "p1074-gen --seed N [--givens A..B | --givens K] [--kind valid|clash|nosol]",
        &["--seed", "--givens", "--kind"],
        &[],
    );
    let range = args.range("--givens", 81).unwrap_or((24, 40));
    let seed: u64 = args.required("--seed");
    let mut rng = Rng::new(seed ^ 0x1074_1074_1074_1074);
    let k = rng.between(range.0, range.1);
    let g = match args.text("--kind").unwrap_or("valid") {
        "valid" => valid(&mut rng, k),
        "clash" => clash(&mut rng, k),
        "nosol" if k < 81 => nosol(&mut rng, k),
        "nosol" => args.fail("--kind nosol needs fewer than 81 givens"),
        kind => args.fail(&format!("unknown kind `{}`", kind)),
    };
    print!("{}", kit::to_text(&g));
}
