//! Cross-checks on generated inputs: the solver binary against the plain reference and the
//! checker, for every generator kind; the library's solution counts against the reference's.

use testkit::run;

const SOLVER: &str = env!("CARGO_BIN_EXE_poj2676");
const GEN: &str = env!("CARGO_BIN_EXE_poj2676-gen");
const REF: &str = env!("CARGO_BIN_EXE_poj2676-ref");
const CHECK: &str = env!("CARGO_BIN_EXE_poj2676-check");

fn generate(args: &[&str]) -> Vec<u8> {
    let out = run(GEN, args, b"");
    assert!(out.status.success(), "gen {:?} failed", args);
    out.stdout
}

/// Runs solver, reference and checker on `input`; returns the solver's exit status.
fn cross_check(input: &[u8], tag: &str) -> i32 {
    let solver = run(SOLVER, &[], input);
    let reference = run(REF, &[], input);
    assert_eq!(
        solver.status.code(),
        reference.status.code(),
        "{}: exit status",
        tag
    );
    assert_eq!(
        String::from_utf8_lossy(&solver.stderr),
        String::from_utf8_lossy(&reference.stderr),
        "{}: stderr",
        tag
    );
    let check = testkit::check(CHECK, input, &solver.stdout, &reference.stdout);
    assert!(
        check.status.success(),
        "{}: checker says {}",
        tag,
        String::from_utf8_lossy(&check.stdout)
    );
    solver.status.code().unwrap()
}

#[test]
fn random_puzzles_over_the_givens_range() {
    for seed in 1..=8 {
        let s = seed.to_string();
        let input = generate(&["--seed", &s, "--count", "20", "--givens", "0..81"]);
        assert_eq!(cross_check(&input, &format!("random-{}", seed)), 0);
    }
}

#[test]
fn sparse_and_messy_inputs() {
    for seed in 1..=4 {
        let s = seed.to_string();
        let input = generate(&[
            "--seed", &s, "--count", "10", "--givens", "17..24", "--messy",
        ]);
        assert_eq!(cross_check(&input, &format!("messy-{}", seed)), 0);
    }
}

#[test]
fn minimal_puzzles_are_unique_and_solved() {
    let input = generate(&["--seed", "7", "--count", "4", "--kind", "minimal"]);
    let counts = run(REF, &["--count"], &input);
    assert_eq!(String::from_utf8_lossy(&counts.stdout), "1\n1\n1\n1\n");
    assert_eq!(cross_check(&input, "minimal"), 0);
}

#[test]
fn multi_solution_puzzles() {
    for seed in 1..=3 {
        let s = seed.to_string();
        let input = generate(&["--seed", &s, "--count", "10", "--kind", "multi"]);
        let counts = run(REF, &["--count"], &input);
        let several = String::from_utf8_lossy(&counts.stdout).matches('2').count();
        assert!(several >= 5, "multi should usually have several solutions");
        assert_eq!(cross_check(&input, &format!("multi-{}", seed)), 0);
    }
}

#[test]
fn unsolvable_puzzles() {
    let input = generate(&["--seed", "11", "--count", "5", "--kind", "unsolvable"]);
    let counts = run(REF, &["--count"], &input);
    assert_eq!(String::from_utf8_lossy(&counts.stdout), "0\n0\n0\n0\n0\n");
    assert_eq!(cross_check(&input, "unsolvable"), 1);
    let solver = run(SOLVER, &[], &input);
    assert!(solver.stdout.is_empty());
    let err = String::from_utf8_lossy(&solver.stderr);
    assert_eq!(err.lines().count(), 5);
    assert!(err.starts_with("case 1: no solution\n"));
}

#[test]
fn mixed_kinds_in_one_input() {
    // Unsolvable cases between solvable ones: the others are still answered, in order.
    let mut puzzles = Vec::new();
    for (kind, seed) in [
        ("random", "1"),
        ("unsolvable", "2"),
        ("multi", "3"),
        ("unsolvable", "4"),
    ] {
        let text =
            String::from_utf8(generate(&["--seed", seed, "--count", "2", "--kind", kind])).unwrap();
        puzzles.extend(text.lines().skip(1).map(str::to_string));
    }
    let input = format!("{}\n{}\n", puzzles.len() / 9, puzzles.join("\n"));
    assert_eq!(cross_check(input.as_bytes(), "mixed"), 1);
    let solver = run(SOLVER, &[], input.as_bytes());
    assert_eq!(solver.stdout.len(), 4 * 90);
    assert_eq!(
        String::from_utf8_lossy(&solver.stderr),
        "case 3: no solution\ncase 4: no solution\ncase 7: no solution\ncase 8: no solution\n"
    );
}

#[test]
fn library_counts_match_the_reference() {
    let mut input = Vec::new();
    for (kind, givens) in [
        ("random", "17..30"),
        ("multi", "0..0"),
        ("unsolvable", "0..0"),
        ("minimal", "0..0"),
    ] {
        let count = if kind == "minimal" { "2" } else { "15" };
        let mut args = vec!["--seed", "5", "--count", count, "--kind", kind];
        if givens != "0..0" {
            args.extend(["--givens", givens]);
        }
        input.push(generate(&args));
    }
    for text in input {
        let counts = run(REF, &["--count"], &text);
        let expected: Vec<usize> = String::from_utf8_lossy(&counts.stdout)
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        let mut parser = poj2676::Parser::new(fastio::Reader::new(text));
        for (case, &want) in expected.iter().enumerate() {
            let p = parser.next_case().unwrap().unwrap();
            let (n, first) = poj2676::count_solutions(&p, 2);
            assert_eq!(n, want, "case {}: {:?}", case + 1, p);
            if let Some(s) = first {
                assert!(s.is_solved() && s.extends(&p));
            }
            assert_eq!(poj2676::solve(&p).is_some(), want > 0);
        }
        assert!(parser.next_case().is_none());
    }
}
