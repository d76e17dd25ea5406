//! A newcomer's problem: `make new`, then `main.rs` written the way contestants write it (read
//! everything with `read_to_string`, index loops, `&mut Vec` arguments, lines rustfmt would
//! change, `writeln!(io::stdout(), ...)`, an unused variable). The package's own tests hold it to what the judge
//! asks, the samples, and nothing else; its generator has seeded random numbers at hand, which
//! never reach the bundle.

mod support;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use support::{judge, judge_exits, text, workspace_like_real};

/// Codeforces 4A "Watermelon", as contestants write it. Correct.
const CONTEST_MAIN: &str = r#"use std::io::{self, Read, Write};

fn halve(parts: &mut Vec<usize>, w: usize) {
    parts[0] = w / 2;
    parts[1] = w - w / 2;
}

fn main() {
    let unused = 42;
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace();
    let w: usize = it.next().unwrap().parse().unwrap();
    let mut v = vec![0; 2];
    let n = v.len();
    let mut ok = w > 2;
    halve(&mut v, w);
    for i in 0..n {
        if v[i] % 2 != 0 { ok = false; }
    }
    if w % 2 == 0 && w>2 { ok = true; }
    writeln!(io::stdout(), "{}", if ok { "YES" } else { "NO" }).unwrap();
}
"#;

/// A generator written with what the package has without a manifest edit.
const GEN: &str = r#"fn main() {
    let args = testkit::Args::from_env("cf4a-gen", "cf4a-gen --seed N", &["--seed"], &[]);
    let mut rng = rng::Rng::new(args.required("--seed"));
    println!("{}", rng.between(1, 100));
}
"#;

/// The validator as its stub's example says, with the kit's strict reader.
const VALIDATOR: &str = r#"mod kit;

fn main() {
    let mut input = kit::Strict::stdin();
    input.int(1, 100, "w");
    input.eoln();
    input.eof();
}
"#;

/// A plain reference: `w` splits into two even parts.
const REFERENCE: &str = r#"fn main() {
    let mut s = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();
    let w: u32 = s.trim().parse().unwrap();
    println!("{}", if w % 2 == 0 && w > 2 { "YES" } else { "NO" });
}
"#;

/// `cargo <args>` in the scratch workspace `root`, with no outer target dir.
fn cargo(root: &Path, args: &[&str]) -> Output {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()))
        .args(args)
        .current_dir(root)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap()
}

fn all(out: &Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

#[test]
fn a_contest_style_solution_passes_the_packages_tests_and_the_check() {
    let root = workspace_like_real("newcomer");
    let made = judge(&root, &["new", "cf4a"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let package = root.join("problems/cf4a");
    let samples = root.join("samples/cf4a");

    // Fresh: the template's tests pass; the empty 1.in without its 1.out is skipped.
    let tested = cargo(&root, &["test", "-q", "-p", "cf4a"]);
    assert!(tested.status.success(), "{}", all(&tested));

    // main.rs alone, and the samples: the tests pass, however main.rs reads its input.
    fs::write(package.join("src/main.rs"), CONTEST_MAIN).unwrap();
    for (case, input, output) in [("1", "8\n", "YES\n"), ("2", "5", "NO")] {
        fs::write(samples.join(format!("{}.in", case)), input).unwrap();
        fs::write(samples.join(format!("{}.out", case)), output).unwrap();
    }
    let tested = cargo(&root, &["test", "-q", "-p", "cf4a"]);
    assert!(tested.status.success(), "{}", all(&tested));

    // They do hold it to the samples.
    fs::write(samples.join("2.out"), "YES").unwrap();
    let tested = cargo(&root, &["test", "-q", "-p", "cf4a", "--test", "cli"]);
    assert!(!tested.status.success(), "{}", all(&tested));
    assert!(
        all(&tested).contains("samples/cf4a/2.in: token 1 (line 1): expected `YES`, got `NO`"),
        "{}",
        all(&tested)
    );
    fs::write(samples.join("2.out"), "NO").unwrap();

    // A generator with seeded random numbers, no manifest edit: the same seed, the same input.
    fs::write(package.join("src/bin/gen.rs"), GEN).unwrap();
    let generate = |seed: &str| {
        let out = cargo(
            &root,
            &[
                "run", "-q", "-p", "cf4a", "--bin", "cf4a-gen", "--", "--seed", seed,
            ],
        );
        assert!(out.status.success(), "{}", all(&out));
        text(&out.stdout)
    };
    let first = generate("7");
    let w: usize = first.trim().parse().unwrap();
    assert!((1..=100).contains(&w), "{}", first);
    assert_eq!(generate("7"), first);

    // The check passes, the unused variable shown as a warning that fails nothing, and the
    // bundle holds neither rng nor testkit.
    let stdout = judge_exits(&root, &["check", "cf4a"], 0);
    assert!(stdout.contains("cf4a"), "{}", stdout);
    assert!(
        stdout.contains("WARN") && stdout.contains("unused"),
        "{}",
        stdout
    );
    let bundle = fs::read_to_string(root.join("target/submit/cf4a.rs")).unwrap();
    for kit in ["rng", "testkit"] {
        assert!(!bundle.contains(kit), "{}:\n{}", kit, bundle);
    }

    // The validator, written as its stub's example says, accepts what the generator makes:
    // stress runs, and the package's kit test holds the generator to it too.
    fs::write(package.join("src/bin/validator.rs"), VALIDATOR).unwrap();
    fs::write(package.join("src/bin/reference.rs"), REFERENCE).unwrap();
    let stdout = judge_exits(&root, &["stress", "cf4a", "--n", "30"], 0);
    assert!(stdout.contains("cf4a: 30 cases passed"), "{}", stdout);
    let tested = cargo(&root, &["test", "-q", "-p", "cf4a", "--test", "kit"]);
    assert!(tested.status.success(), "{}", all(&tested));
    // And it holds the samples: one it rejects fails the check with its reason.
    fs::write(samples.join("3.in"), "0\n").unwrap();
    fs::write(samples.join("3.out"), "NO\n").unwrap();
    let stdout = judge_exits(&root, &["check", "cf4a"], 1);
    assert!(
        stdout.contains("INVALID") && stdout.contains("w = 0 is outside 1..=100"),
        "{}",
        stdout
    );
}
