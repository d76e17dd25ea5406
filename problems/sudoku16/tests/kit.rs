//! The solver and the submission against the reference and the checker on generated inputs
//! (both judges' forms, solvable and unsolvable grids), and the checker's verdicts on wrong
//! answers.

use std::process::Output;
use testkit::run;

const SOLVER: &str = env!("CARGO_BIN_EXE_sudoku16");
const GEN: &str = env!("CARGO_BIN_EXE_sudoku16-gen");
const REF: &str = env!("CARGO_BIN_EXE_sudoku16-ref");
const CHECK: &str = env!("CARGO_BIN_EXE_sudoku16-check");

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run(GEN, args, b"");
    assert!(out.status.success(), "gen {:?} failed", args);
    out.stdout
}

/// Runs the checker; returns (exit code, its one-line verdict).
fn check(input: &[u8], output: &[u8], expected: &[u8]) -> (i32, String) {
    let r = testkit::check(CHECK, input, output, expected);
    (
        r.status.code().unwrap(),
        String::from_utf8_lossy(&r.stdout).into_owned(),
    )
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn generator_is_deterministic_and_well_formed() {
    let a = gen(&["--seed", "5", "--count", "3"]);
    assert_eq!(a, gen(&["--seed", "5", "--count", "3"]));
    assert_ne!(a, gen(&["--seed", "6", "--count", "3"]));
    let text = String::from_utf8(a).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 48);
    assert!(rows
        .iter()
        .all(|r| r.len() == 16 && r.bytes().all(|b| b == b'-' || (b'A'..=b'P').contains(&b))));
    let g = gen(&["--seed", "1", "--givens", "77..77"]);
    assert_eq!(g.iter().filter(|b| b.is_ascii_uppercase()).count(), 77);
}

#[test]
fn dense_grids_agree_with_the_reference() {
    for seed in 1..=4 {
        let input = gen(&[
            "--seed",
            &seed.to_string(),
            "--count",
            "5",
            "--givens",
            "110..200",
        ]);
        let out = run(SOLVER, &[], &input);
        let expected = run(REF, &[], &input);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(expected.status.code(), Some(0));
        let verdict = check(&input, &out.stdout, &expected.stdout);
        assert_eq!(verdict.0, 0, "seed {}: {}", seed, verdict.1);
    }
}

#[test]
fn sparse_grids_agree_with_the_reference() {
    for (seed, givens) in [(1, "40..100"), (2, "55..85"), (3, "40..140")] {
        let input = gen(&[
            "--seed",
            &seed.to_string(),
            "--count",
            "20",
            "--givens",
            givens,
        ]);
        let out = run(SOLVER, &[], &input);
        let expected = run(REF, &[], &input);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(expected.status.code(), Some(0));
        let grids = out.stdout.iter().filter(|&&b| b == b'\n').count() / 17;
        assert_eq!(grids, 20);
        let verdict = check(&input, &out.stdout, &expected.stdout);
        assert_eq!(verdict.0, 0, "seed {}: {}", seed, verdict.1);
    }
}

#[test]
fn minimal_puzzles_have_one_answer() {
    // A unique puzzle: the solver and the reference must print the same grid.
    let input = gen(&[
        "--seed",
        "2",
        "--kind",
        "minimal",
        "--check-budget",
        "20000",
    ]);
    let givens = input.iter().filter(|b| b.is_ascii_uppercase()).count();
    assert!((60..=130).contains(&givens), "{} givens", givens);
    let out = run(SOLVER, &[], &input);
    let expected = run(REF, &[], &input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, expected.stdout);
    let verdict = check(&input, &out.stdout, &expected.stdout);
    assert_eq!(verdict.0, 0, "{}", verdict.1);
}

#[test]
fn sparse_unsolvable_grids_are_reported() {
    let input = gen(&[
        "--seed",
        "5",
        "--count",
        "4",
        "--kind",
        "unsolvable",
        "--givens",
        "60..90",
    ]);
    let out = run(SOLVER, &[], &input);
    let expected = run(REF, &[], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(expected.status.code(), Some(1));
    assert!(out.stdout.is_empty() && expected.stdout.is_empty());
    assert_eq!(stderr(&out), stderr(&expected));
    assert_eq!(stderr(&out).lines().count(), 4);
}

#[test]
fn unsolvable_cases_are_reported_and_skipped() {
    let input = gen(&["--seed", "3", "--count", "6", "--kind", "mixed"]);
    let out = run(SOLVER, &[], &input);
    let expected = run(REF, &[], &input);
    assert_eq!(stderr(&out), stderr(&expected));
    assert_eq!(out.status.code(), expected.status.code());
    let unsolved = stderr(&out).lines().count();
    assert!(unsolved > 0 && unsolved < 6, "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).lines().all(|l| l.ends_with(": no solution")));
    let verdict = check(&input, &out.stdout, &expected.stdout);
    assert_eq!(verdict.0, 0, "{}", verdict.1);

    let input = gen(&["--seed", "9", "--count", "3", "--kind", "unsolvable"]);
    let out = run(SOLVER, &[], &input);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr(&out),
        "case 1: no solution\ncase 2: no solution\ncase 3: no solution\n"
    );
}

#[test]
fn checker_rejects_wrong_answers() {
    let input = gen(&["--seed", "8", "--count", "2", "--givens", "120..140"]);
    let good = run(SOLVER, &[], &input).stdout;
    assert_eq!(check(&input, &good, &good).0, 0);
    // Swap two digits of the first grid's first row: a clash in columns.
    let mut bad = good.clone();
    bad.swap(0, 1);
    let (code, why) = check(&input, &bad, &good);
    assert_eq!(code, 1);
    assert!(why.starts_with("case 1:"), "{}", why);
    // Missing grid, extra grid, bad layout.
    let (code, why) = check(&input, &good[..17 * 16 + 1], &good);
    assert_eq!((code, why.trim()), (1, "case 2: no grid printed"));
    let mut extra = good.clone();
    extra.extend_from_slice(&good[..17 * 16 + 1]);
    assert_eq!(check(&input, &extra, &good).0, 1);
    let mut layout = good.clone();
    layout.remove(17 * 16);
    assert_eq!(check(&input, &layout, &good).0, 1);
    // A grid that ignores a given: the solver's answer to another puzzle.
    let other = gen(&["--seed", "9", "--count", "2", "--givens", "120..140"]);
    let wrong = run(SOLVER, &[], &other).stdout;
    let (code, why) = check(&input, &wrong, &good);
    assert_eq!(code, 1);
    assert!(why.contains("given"), "{}", why);
}

#[test]
fn spoj_form_agrees_with_the_reference() {
    for (seed, kind) in [(11, "random"), (12, "mixed"), (13, "random")] {
        let args = ["--seed", &seed.to_string(), "--count", "5", "--kind", kind];
        let poj = gen(&args);
        let spoj = gen(&[&args[..], &["--form", "spoj"]].concat());
        assert_eq!(
            spoj,
            [&b"5\n"[..], &poj].concat(),
            "the same grids after the count"
        );
        let out = run(SOLVER, &[], &spoj);
        let expected = run(REF, &[], &spoj);
        assert_eq!(out.status.code(), expected.status.code());
        assert_eq!(stderr(&out), stderr(&expected));
        let verdict = check(&spoj, &out.stdout, &expected.stdout);
        assert_eq!(verdict.0, 0, "seed {}: {}", seed, verdict.1);
        // SPOJ's layout: one empty line between grids, none after the last; POJ's: one after
        // each. The grids themselves are the same.
        let solved = run(SOLVER, &[], &poj).stdout;
        let printed = solved.len() / (17 * 16 + 1);
        if printed > 0 {
            assert_eq!(out.stdout.len(), solved.len() - 1);
            assert_eq!(&solved[..solved.len() - 1], &out.stdout[..]);
        }
    }
}

#[test]
fn minimal_puzzles_in_spoj_form_match_the_reference_exactly() {
    // Unique puzzles: the same grids, byte for byte, in the same layout.
    let input = gen(&[
        "--seed",
        "3",
        "--count",
        "2",
        "--kind",
        "minimal",
        "--check-budget",
        "20000",
        "--form",
        "spoj",
    ]);
    let out = run(SOLVER, &[], &input);
    let expected = run(REF, &[], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, expected.stdout);
    assert_eq!(out.stdout.len(), 2 * 17 * 16 + 1);
}
