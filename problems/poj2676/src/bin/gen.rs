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
use std::process::exit;

fn usage(msg: &str) -> ! {
    eprintln!("poj2676-gen: {}", msg);
    eprintln!(
        "usage: poj2676-gen --seed N [--count N] [--kind random|minimal|multi|unsolvable] \
         [--givens A..B] [--messy]"
    );
    exit(2)
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seed = None;
    let mut count = 5usize;
    let mut kind = "random".to_string();
    let mut givens = (17usize, 40usize);
    let mut messy = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .unwrap_or_else(|| usage(&format!("{} needs a value", a)))
        };
        match a.as_str() {
            "--seed" => seed = Some(value().parse::<u64>().unwrap_or_else(|_| usage("bad seed"))),
            "--count" => count = value().parse().unwrap_or_else(|_| usage("bad count")),
            "--kind" => kind = value(),
            "--givens" => {
                let v = value();
                let (a, b) = v.split_once("..").unwrap_or_else(|| usage("--givens A..B"));
                let a: usize = a.parse().unwrap_or_else(|_| usage("bad --givens"));
                let b: usize = b.parse().unwrap_or_else(|_| usage("bad --givens"));
                if a > b || b > 81 {
                    usage("--givens needs A <= B <= 81");
                }
                givens = (a, b);
            }
            "--messy" => messy = true,
            _ => usage(&format!("unknown argument {}", a)),
        }
    }
    let mut rng = Rng::new(seed.unwrap_or_else(|| usage("--seed is required")));
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
        let p = match kind.as_str() {
            "random" => {
                let s = random_solution(&mut rng);
                let k = rng.between(givens.0, givens.1);
                keep_random(&s, k, &mut rng)
            }
            "minimal" => {
                let s = random_solution(&mut rng);
                minimal(&s, &mut rng)
            }
            "multi" => {
                let s = random_solution(&mut rng);
                let k = rng.between(18, 26);
                keep_random(&s, k, &mut rng)
            }
            "unsolvable" => unsolvable(&mut rng),
            _ => usage(&format!("unknown kind {}", kind)),
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
