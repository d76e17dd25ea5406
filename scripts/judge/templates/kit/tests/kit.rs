//! The submission against the reference and the checker on generated inputs. The kit is
//! optional: this test is skipped, with a note on stderr, until NAME-gen and one of NAME-ref
//! and NAME-check are written (a kit program that is not written yet exits 3, and one whose
//! [[bin]] table is removed does not exist). With a checker, it judges every output; without
//! one, the submission's tokens must equal the reference's.

use runner::run;
use std::process::Output;

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");
/// NAME-gen, NAME-ref and NAME-check; `None` for one whose [[bin]] table is removed.
const KIT: [Option<&str>; 3] = [
    option_env!("CARGO_BIN_EXE_NAME-gen"),
    option_env!("CARGO_BIN_EXE_NAME-ref"),
    option_env!("CARGO_BIN_EXE_NAME-check"),
];

/// The exit status of a kit program that is not written yet (src/bin/kit/mod.rs).
const NOT_WRITTEN: i32 = 3;
/// Generated inputs per run: seeds 1..=SEEDS.
const SEEDS: u64 = 20;

fn written(out: &Output) -> bool {
    out.status.code() != Some(NOT_WRITTEN)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn tokens(bytes: &[u8]) -> Vec<&[u8]> {
    bytes
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .collect()
}

/// Runs the checker on `input`, `output` and `expected` through files in `dir`.
fn check(checker: &str, dir: &std::path::Path, files: [&[u8]; 3]) -> Output {
    let paths: Vec<String> = ["in", "out", "exp"]
        .iter()
        .zip(files.iter())
        .map(|(name, bytes)| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path.display().to_string()
        })
        .collect();
    let args: Vec<&str> = paths.iter().map(String::as_str).collect();
    run(checker, &args, b"")
}

#[test]
fn submission_agrees_with_the_reference_and_the_checker() {
    let [gen, reference, checker] = KIT;
    let generate = |seed: u64| gen.map(|gen| run(gen, &["--seed", &seed.to_string()], b""));
    let first = match generate(1) {
        Some(input) if written(&input) => input,
        _ => {
            eprintln!("skipped: NAME-gen is not written yet");
            return;
        }
    };
    // One file per test process: the files the checker reads.
    let dir = std::env::temp_dir().join(format!("kit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let solved = run(SOLVER, &[], &first.stdout);
    let reference = reference.filter(|r| written(&run(r, &[], &first.stdout)));
    let checker = checker.filter(|c| {
        written(&check(
            c,
            &dir,
            [&first.stdout, &solved.stdout, &solved.stdout],
        ))
    });
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
                let verdict = check(checker, &dir, [&input.stdout, &solver.stdout, answer]);
                assert!(
                    verdict.status.success(),
                    "seed {}: {}",
                    seed,
                    text(&verdict.stdout)
                );
            }
            None => {
                let expected = expected.unwrap();
                assert!(
                    tokens(&solver.stdout) == tokens(&expected.stdout),
                    "seed {}: expected {:?}, got {:?}",
                    seed,
                    text(&expected.stdout),
                    text(&solver.stdout)
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
