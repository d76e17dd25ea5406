//! The solver and the submission against the exhaustive reference on generated inputs and on
//! the committed worst inputs, and the generator's promises.

use p1074::parse_bytes;
use std::process::Output;
use testkit::run;

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
        let givens = parse_bytes(&input).unwrap();
        let best = p1074::solve(&givens).expect("generated from a solved grid");
        assert!(
            best.grid.is_solved() && best.grid.extends(&givens),
            "seed {}",
            seed
        );
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
        assert_eq!(parse_bytes(&a).unwrap().givens(), 30);
        let clash = parse_bytes(&gen(&["--kind", "clash", "--seed", seed])).unwrap();
        assert!(clash.first_clash().is_some());
        let input = gen(&["--kind", "nosol", "--givens", "28..34", "--seed", seed]);
        let nosol = parse_bytes(&input).unwrap();
        assert_eq!(nosol.first_clash(), None);
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
    assert!(
        !cases.is_empty(),
        "data/worst holds the inputs data/README.md lists"
    );
    for (name, input, answer) in &cases {
        let givens = parse_bytes(input).unwrap();
        let best = p1074::solve(&givens).expect(name);
        assert_eq!(best.score.to_string(), *answer, "{}", name);
        assert!(
            best.grid.is_solved() && best.grid.extends(&givens),
            "{}",
            name
        );
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
