//! poj2676-gen: seeded random POJ 2676 inputs.
//!
//! `--seed N` (required by the judge tool), `--count N` puzzles (default 5),
//! `--kind random|minimal|multi|unsolvable` (default random), `--givens A..B` (how many givens
//! `random` keeps; default 17..40), `--messy` (dots, CRLF, blank lines and spaces, which the
//! solver must accept). Kinds:
//! - random: a random solved grid, then k givens kept at random (k from `--givens`);
//! - minimal: givens removed in random order while the solution stays unique;
//! - multi: 18..=26 givens kept from a solved grid (usually several solutions);
//! - unsolvable: givens that clash nowhere directly but have no solution.

mod kit;

use kit::{random_solution, solutions};
use rng::Rng;
use std::io::Write;
use testkit::Args;

/// The usage line, after `usage: `.
const USAGE: &str = "poj2676-gen --seed N [--count N] [--kind random|minimal|multi|unsolvable] \
     [--givens A..B] [--messy]";

/// The puzzles `--kind` asks for.
#[derive(Clone, Copy)]
enum Kind {
    Random,
    Minimal,
    Multi,
    Unsolvable,
}

/// Keeps `k` givens of `solution` at random positions.
fn keep_random(solution: &[u8; 81], k: usize, rng: &mut Rng) -> [u8; 81] {
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut p = [0u8; 81];
    for &i in &order[..k] {
        p[i] = solution[i];
    }
    p
}

/// Removes givens in random order as long as the puzzle keeps a unique solution.
fn minimal(solution: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    let mut p = *solution;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for i in order {
        let v = p[i];
        p[i] = 0;
        if solutions(&p, 2).0 != 1 {
            p[i] = v;
        }
    }
    p
}

/// Whether digit `v` at cell `i` repeats a given of `p` in its row, column or box.
fn clashes(p: &[u8; 81], i: usize, v: u8) -> bool {
    (0..81).any(|j| {
        j != i
            && p[j] == v
            && (j / 9 == i / 9 || j % 9 == i % 9 || (j / 27 == i / 27 && j % 9 / 3 == i % 9 / 3))
    })
}

/// Givens kept from a solved grid with one of them changed to another digit that clashes
/// with no given, retried until the puzzle has no solution.
fn unsolvable(rng: &mut Rng) -> [u8; 81] {
    loop {
        let solution = random_solution(rng);
        let k = rng.between(24, 34);
        let mut p = keep_random(&solution, k, rng);
        let givens: Vec<usize> = (0..81).filter(|&i| p[i] != 0).collect();
        let i = givens[rng.below(givens.len())];
        let choices: Vec<u8> = (1..=9u8)
            .filter(|&v| v != p[i] && !clashes(&p, i, v))
            .collect();
        if choices.is_empty() {
            continue;
        }
        p[i] = choices[rng.below(choices.len())];
        if solutions(&p, 1).0 == 0 {
            return p;
        }
    }
}

fn main() {
    let args = Args::from_env(
        "poj2676-gen",
        USAGE,
        &["--seed", "--count", "--kind", "--givens"],
        &["--messy"],
    );
    let seed: u64 = args.required("--seed");
    let count: usize = args.get("--count").unwrap_or(5);
    let kind = match args.text("--kind") {
        None | Some("random") => Kind::Random,
        Some("minimal") => Kind::Minimal,
        Some("multi") => Kind::Multi,
        Some("unsolvable") => Kind::Unsolvable,
        Some(other) => args.fail(&format!("unknown kind {}", other)),
    };
    let givens = args.range("--givens", 81).unwrap_or((17, 40));
    let messy = args.switch("--messy");
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    let nl = |rng: &mut Rng| {
        if messy && rng.below(4) == 0 {
            "\r\n"
        } else {
            "\n"
        }
    };
    out.push_str(&count.to_string());
    out.push_str(nl(&mut rng));
    for _ in 0..count {
        let p = match kind {
            Kind::Random => {
                let s = random_solution(&mut rng);
                let k = rng.between(givens.0, givens.1);
                keep_random(&s, k, &mut rng)
            }
            Kind::Minimal => {
                let s = random_solution(&mut rng);
                minimal(&s, &mut rng)
            }
            Kind::Multi => {
                let s = random_solution(&mut rng);
                let k = rng.between(18, 26);
                keep_random(&s, k, &mut rng)
            }
            Kind::Unsolvable => unsolvable(&mut rng),
        };
        for row in p.chunks(9) {
            if messy && rng.below(6) == 0 {
                out.push_str(nl(&mut rng));
            }
            if messy && rng.below(6) == 0 {
                out.push_str("  ");
            }
            for &v in row {
                out.push(match v {
                    0 if messy && rng.below(2) == 0 => '.',
                    _ => (b'0' + v) as char,
                });
                if messy && rng.below(10) == 0 {
                    out.push(' ');
                }
            }
            out.push_str(nl(&mut rng));
        }
    }
    let _ = std::io::stdout().write_all(out.as_bytes());
}
