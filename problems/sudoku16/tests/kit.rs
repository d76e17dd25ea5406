//! End-to-end tests: generated inputs through the solver binary, judged by the checker and
//! cross-checked against the reference; unsolvable and malformed inputs; the samples.

use runner::run;
use std::path::PathBuf;
use std::process::{Command, Output};

const SOLVER: &str = env!("CARGO_BIN_EXE_sudoku16");
const GEN: &str = env!("CARGO_BIN_EXE_sudoku16-gen");
const REF: &str = env!("CARGO_BIN_EXE_sudoku16-ref");
const CHECK: &str = env!("CARGO_BIN_EXE_sudoku16-check");

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run(GEN, args, b"");
    assert!(out.status.success(), "gen {:?} failed", args);
    out.stdout
}

fn temp(name: &str, data: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku16-kit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, data).unwrap();
    path
}

/// Runs the checker; returns (exit code, its one-line verdict).
fn check(input: &[u8], output: &[u8], expected: &[u8], tag: &str) -> (i32, String) {
    let i = temp(&format!("{}.in", tag), input);
    let o = temp(&format!("{}.out", tag), output);
    let e = temp(&format!("{}.exp", tag), expected);
    let r = Command::new(CHECK).args([&i, &o, &e]).output().unwrap();
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
        let verdict = check(&input, &out.stdout, &expected.stdout, "dense");
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
        let verdict = check(&input, &out.stdout, &expected.stdout, "sparse");
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
    let verdict = check(&input, &out.stdout, &expected.stdout, "minimal");
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
    let verdict = check(&input, &out.stdout, &expected.stdout, "mixed");
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
fn malformed_input_stops_with_status_2() {
    let good = gen(&["--seed", "4", "--givens", "150..150"]);
    let good = String::from_utf8(good).unwrap();
    let rows: Vec<&str> = good.lines().collect();
    let with_row = |i: usize, row: &str| {
        let mut r = rows.clone();
        r[i] = row;
        r.join("\n") + "\n"
    };
    let cases = [
        (
            with_row(2, "----------------x"),
            "case 2, row 3 (line 20): ",
        ),
        (with_row(7, "-------a--------"), "case 2, row 8 (line 25): "),
        (with_row(15, "---"), "case 2, row 16 (line 33): "),
        (rows[..5].join("\n"), "case 2, row 6 (line 22): "),
        (with_row(0, "AA--------------"), "case 2, row 1 (line 18): "),
    ];
    for (second, prefix) in cases.iter() {
        let input = format!("{}\n{}", good, second);
        let out = run(SOLVER, &[], input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{}", second);
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{}", err);
        assert!(err.starts_with(prefix), "{} vs {}", err, prefix);
        // The first case is still solved and printed.
        let verdict = check(input.as_bytes(), &out.stdout, &out.stdout, "bad");
        assert_eq!(verdict.0, 0, "{}", verdict.1);
        assert_eq!(out.stdout.len(), 17 * 16 + 1);
        let r = run(REF, &[], input.as_bytes());
        assert_eq!((r.status.code(), stderr(&r)), (Some(2), err));
    }
}

#[test]
fn checker_rejects_wrong_answers() {
    let input = gen(&["--seed", "8", "--count", "2", "--givens", "120..140"]);
    let good = run(SOLVER, &[], &input).stdout;
    assert_eq!(check(&input, &good, &good, "ok").0, 0);
    // Swap two letters of the first grid's first row: a clash in columns.
    let mut bad = good.clone();
    bad.swap(0, 1);
    let (code, why) = check(&input, &bad, &good, "swap");
    assert_eq!(code, 1);
    assert!(why.starts_with("case 1:"), "{}", why);
    // Missing grid, extra grid, bad layout.
    let (code, why) = check(&input, &good[..17 * 16 + 1], &good, "short");
    assert_eq!((code, why.trim()), (1, "case 2: no grid printed"));
    let mut extra = good.clone();
    extra.extend_from_slice(&good[..17 * 16 + 1]);
    assert_eq!(check(&input, &extra, &good, "extra").0, 1);
    let mut layout = good.clone();
    layout.remove(17 * 16);
    assert_eq!(check(&input, &layout, &good, "layout").0, 1);
    // A grid that ignores a given: the solver's answer to another puzzle.
    let other = gen(&["--seed", "9", "--count", "2", "--givens", "120..140"]);
    let wrong = run(SOLVER, &[], &other).stdout;
    let (code, why) = check(&input, &wrong, &good, "other");
    assert_eq!(code, 1);
    assert!(why.contains("given"), "{}", why);
}

#[test]
fn samples_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../samples/sudoku16");
    let mut n = 0;
    for k in 1.. {
        let input = match std::fs::read(dir.join(format!("{}.in", k))) {
            Ok(i) => i,
            Err(_) => break,
        };
        n += 1;
        let expected = std::fs::read(dir.join(format!("{}.out", k))).unwrap();
        let code: i32 = std::fs::read_to_string(dir.join(format!("{}.code", k)))
            .map_or(0, |s| s.trim().parse().unwrap());
        let err = std::fs::read_to_string(dir.join(format!("{}.err", k))).unwrap_or_default();
        let out = run(SOLVER, &[], &input);
        assert_eq!(out.status.code(), Some(code), "sample {}", k);
        assert_eq!(stderr(&out), err, "sample {}", k);
        let verdict = check(&input, &out.stdout, &expected, &format!("sample{}", k));
        assert_eq!(verdict.0, 0, "sample {}: {}", k, verdict.1);
    }
    assert!(n >= 7);
}
