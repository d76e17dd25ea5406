//! The submission against the reference and the checker on generated inputs. The kit is
//! optional: this test is skipped, with a note on stderr, until NAME-gen and one of NAME-ref
//! and NAME-check are written (a kit program that is not written yet exits 3, and one whose
//! [[bin]] table is removed does not exist). With a checker, it judges every output; without
//! one, the submission's output must match the reference's as `compare` in Cargo.toml says.
//! Once NAME-validate is written, it must accept every generated input.

use std::process::Output;
use testkit::{check, run, Compare, NOT_WRITTEN};

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");
/// NAME-gen, NAME-ref, NAME-check and NAME-validate; `None` for one whose [[bin]] table is
/// removed.
const KIT: [Option<&str>; 4] = [
    option_env!("CARGO_BIN_EXE_NAME-gen"),
    option_env!("CARGO_BIN_EXE_NAME-ref"),
    option_env!("CARGO_BIN_EXE_NAME-check"),
    option_env!("CARGO_BIN_EXE_NAME-validate"),
];

/// Generated inputs per run: seeds 1..=SEEDS.
const SEEDS: u64 = 20;

fn written(out: &Output) -> bool {
    out.status.code() != Some(NOT_WRITTEN)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn submission_agrees_with_the_reference_and_the_checker() {
    let [gen, reference, checker, validator] = KIT;
    let compare = Compare::of_package(env!("CARGO_MANIFEST_DIR"));
    let generate = |seed: u64| gen.map(|gen| run(gen, &["--seed", &seed.to_string()], b""));
    let first = match generate(1) {
        Some(input) if written(&input) => input,
        _ => {
            eprintln!("skipped: NAME-gen is not written yet");
            return;
        }
    };
    let solved = run(SOLVER, &[], &first.stdout);
    let reference = reference.filter(|r| written(&run(r, &[], &first.stdout)));
    let checker = checker.filter(|c| {
        let verdict = check(c, &first.stdout, &solved.stdout, &solved.stdout);
        written(&verdict)
    });
    let validator = validator.filter(|v| written(&run(v, &[], &first.stdout)));
    if reference.is_none() && checker.is_none() {
        eprintln!("skipped: neither NAME-ref nor NAME-check is written yet");
        return;
    }
    for seed in 1..=SEEDS {
        let input = generate(seed).unwrap();
        assert!(
            input.status.success(),
            "NAME-gen --seed {}: {}",
            seed,
            text(&input.stderr)
        );
        if let Some(validator) = validator {
            let valid = run(validator, &[], &input.stdout);
            assert!(
                valid.status.success(),
                "seed {}: NAME-validate rejects NAME-gen's input: {}",
                seed,
                text(&valid.stderr)
            );
        }
        let solver = run(SOLVER, &[], &input.stdout);
        let expected = reference.map(|r| run(r, &[], &input.stdout));
        if let Some(expected) = &expected {
            assert_eq!(
                solver.status.code(),
                expected.status.code(),
                "seed {}: exit status (stderr: {})",
                seed,
                text(&solver.stderr)
            );
        }
        match checker {
            Some(checker) => {
                let answer = expected.as_ref().map_or(&solver.stdout, |e| &e.stdout);
                let verdict = check(checker, &input.stdout, &solver.stdout, answer);
                assert!(
                    verdict.status.success(),
                    "seed {}: {}",
                    seed,
                    text(&verdict.stdout)
                );
            }
            None => {
                let expected = expected.unwrap();
                if let Some(what) = compare.difference(&solver.stdout, &expected.stdout) {
                    panic!("seed {}: against the reference's output, {}", seed, what);
                }
            }
        }
    }
}
