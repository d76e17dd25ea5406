//! Runs the binaries: the solver against the exhaustive reference on generated inputs, the
//! generator's promises, and malformed inputs.

use p1074::Grid;
use runner::run;
use std::process::Output;

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run(env!("CARGO_BIN_EXE_p1074-gen"), args, b"");
    assert!(out.status.success(), "p1074-gen {:?}", args);
    out.stdout
}

fn solver(input: &[u8]) -> Output {
    run(env!("CARGO_BIN_EXE_p1074"), &[], input)
}

fn reference(input: &[u8]) -> Output {
    run(env!("CARGO_BIN_EXE_p1074-ref"), &[], input)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).trim_end().to_string()
}

#[test]
fn branch_and_bound_agrees_with_enumeration() {
    let kinds: [&[&str]; 4] = [
        &["--givens", "26..40"],
        &["--givens", "26..30"],
        &["--kind", "clash", "--givens", "26..40"],
        &["--kind", "nosol", "--givens", "26..40"],
    ];
    let mut solvable = 0;
    for seed in 1..=120u32 {
        let s = seed.to_string();
        let mut args = kinds[seed as usize % kinds.len()].to_vec();
        args.extend(["--seed", &s]);
        let input = gen(&args);
        let want = reference(&input);
        let got = solver(&input);
        assert!(want.status.success() && got.status.success());
        assert_eq!(
            text(&got.stdout),
            text(&want.stdout),
            "p1074-gen {:?}",
            args
        );
        solvable += usize::from(text(&want.stdout) != "-1");
    }
    assert_eq!(solvable, 60, "half the inputs are solvable kinds");
}

#[test]
fn best_grid_is_a_completion_worth_the_score() {
    for seed in 1..=60u32 {
        let s = seed.to_string();
        let input = gen(&["--givens", "22..40", "--seed", &s]);
        let givens = Grid::parse(&input).unwrap();
        let best = p1074::solve(&givens).expect("generated from a solved grid");
        assert!(best.grid.completes(&givens), "seed {}", seed);
        assert_eq!(best.grid.score(), best.score);
        assert_eq!(text(&solver(&input).stdout), best.score.to_string());
    }
}

#[test]
fn generator_kinds_keep_their_promises() {
    for seed in ["1", "2", "3"] {
        let a = gen(&["--givens", "30", "--seed", seed]);
        assert_eq!(
            a,
            gen(&["--givens", "30", "--seed", seed]),
            "same seed, same input"
        );
        assert_eq!(Grid::parse(&a).unwrap().givens(), 30);
        let clash = Grid::parse(&gen(&["--kind", "clash", "--seed", seed])).unwrap();
        assert!(clash.has_clash());
        let input = gen(&["--kind", "nosol", "--givens", "28..34", "--seed", seed]);
        let nosol = Grid::parse(&input).unwrap();
        assert!(!nosol.has_clash());
        assert_eq!(text(&reference(&input).stdout), "-1");
        assert!(p1074::solve(&nosol).is_none());
    }
    let bad = run(
        env!("CARGO_BIN_EXE_p1074-gen"),
        &["--givens", "9..3", "--seed", "1"],
        b"",
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn malformed_inputs_say_where_and_exit_2() {
    let good = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
                0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
                0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";
    assert_eq!(text(&solver(good.as_bytes()).stdout), "2829");
    let cases = [
        (good.replacen("5 9", "5 9.0", 1), "line 2, number 7"),
        (good.replacen("6 4 8", "6 4 -8", 1), "line 5, number 9"),
        (
            good.replacen("0 8 0\n0 0 5", "0 8 0\n0 0 99999999999999999999999", 1),
            "line 4, number 3",
        ),
        (
            good.replacen("4 1 3", "4 1 \u{00e9}", 1),
            "line 6, number 3",
        ),
        (
            good[..good.len() - 6].to_string(),
            "line 9: expected 81 numbers, the input ends after 78",
        ),
        (format!("{}1 2", good), "line 10, number 1"),
        (
            String::new(),
            "line 1: expected 81 numbers, the input ends after 0",
        ),
    ];
    for (input, where_) in &cases {
        let out = solver(input.as_bytes());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}", err);
        assert!(out.stdout.is_empty());
        assert!(
            err.starts_with(where_),
            "{:?} should start with {:?}",
            err,
            where_
        );
        assert_eq!(err.lines().count(), 1);
        assert!(!err.contains("panicked"));
        // The reference rejects the same inputs the same way.
        assert_eq!(reference(input.as_bytes()).status.code(), Some(2));
    }
    // Liberal whitespace is not an error.
    let squashed = good.replace('\n', " \t ").replace("0 0", "0\r\n\n0");
    assert_eq!(text(&solver(squashed.as_bytes()).stdout), "2829");
}

/// The committed worst inputs (see data/README.md) with their reference answers.
fn worst_inputs() -> Vec<(String, Vec<u8>, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/worst");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension() == Some(std::ffi::OsStr::new("in")))
        .map(|p| {
            let input = std::fs::read(&p).unwrap();
            let answer = std::fs::read_to_string(p.with_extension("out")).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, input, answer.trim_end().to_string())
        })
        .collect();
    cases.sort();
    cases
}

#[test]
fn worst_inputs_found_so_far_are_exact() {
    let cases = worst_inputs();
    assert_eq!(cases.len(), 6);
    for (name, input, answer) in &cases {
        let givens = Grid::parse(input).unwrap();
        let best = p1074::solve(&givens).expect(name);
        assert_eq!(best.score.to_string(), *answer, "{}", name);
        assert!(best.grid.completes(&givens), "{}", name);
        assert_eq!(best.grid.score(), best.score, "{}", name);
        let out = solver(input);
        assert!(out.status.success());
        assert_eq!(text(&out.stdout), *answer, "{}", name);
    }
}

/// The stored answers themselves, from the exhaustive reference (slow in a debug build:
/// `cargo test --release -p p1074 -- --ignored`).
#[test]
#[ignore]
fn worst_inputs_answers_come_from_the_reference() {
    for (name, input, answer) in &worst_inputs() {
        assert_eq!(text(&reference(input).stdout), *answer, "{}", name);
    }
}
