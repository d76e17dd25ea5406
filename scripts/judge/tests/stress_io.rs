//! `make stress`, `make worst` and `make bench` on problems that do not read stdin and write stdout: an
//! interactive "guess the number" (the interactor decides, no reference) and a file problem
//! (`sort.in` -> `sort.out`), each with a correct solution and a planted fault.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use support::{judge_exits, manifest, workspace};

/// A testlib-style interactor of "guess the number": the case is the secret, 10 guesses.
const INTERACTOR: &str = r#"use std::io::{BufRead, Write};
fn verdict(code: i32, why: &str) -> ! {
    eprintln!("{}", why);
    std::process::exit(code)
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secret: u32 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    for tries in 1..=10 {
        let guess: u32 = match lines.next() {
            Some(Ok(l)) => l.trim().parse().unwrap_or_else(|_| verdict(2, "not a number")),
            _ => verdict(1, &format!("the solution stopped after {} guesses", tries - 1)),
        };
        let reply = if guess < secret { "higher" } else if guess > secret { "lower" } else { "correct" };
        let _ = writeln!(out, "{}", reply).and_then(|_| out.flush());
        if guess == secret {
            verdict(0, "found");
        }
    }
    verdict(1, &format!("10 guesses, and {} is not found", secret));
}
"#;

/// The secret of seed `s`: `s * 161 % 1000 + 1`; of seeds 1..=12, only 6 and 12 give one
/// over 900.
const GUESS_GEN: &str = r#"fn main() {
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a == "--seed").unwrap();
    let seed: u64 = args[at + 1].parse().unwrap();
    println!("{}", seed * 161 % 1000 + 1);
}
"#;

/// A binary search over `1..=high`: right with `high` 1000, wrong above 900 with 900.
fn searcher(high: u32) -> String {
    format!(
        r#"use std::io::{{BufRead, Write}};
fn main() {{
    let stdin = std::io::stdin();
    let mut replies = stdin.lock().lines();
    let mut out = std::io::stdout();
    let (mut low, mut high) = (1i64, {}i64);
    while low <= high {{
        let guess = (low + high) / 2;
        writeln!(out, "{{}}", guess).unwrap();
        out.flush().unwrap();
        match replies.next().unwrap().unwrap().trim() {{
            "lower" => high = guess - 1,
            "higher" => low = guess + 1,
            _ => return,
        }}
    }}
}}
"#,
        high
    )
}

/// A workspace holding the interactive problem `guess` (bins: solution, interactor,
/// generator; no reference) and the file problem `fsort`, with `buggy.rs` (the search up to
/// 900) and `stdout.rs` (sorts, but prints) to stress with `--solver`.
fn stress_workspace(name: &str) -> PathBuf {
    let guess = manifest("guess")
        .replace("time-limit-ms = 1000\n", "time-limit-ms = 400\n")
        .replacen(
            "[package.metadata.judge]\n",
            "[package.metadata.judge]\ninteractive = true\nstress = [[\"--any\"]]\n",
            1,
        )
        + "\n[[bin]]\nname = \"guess\"\npath = \"src/main.rs\"\n\n[[bin]]\nname = \
           \"guess-interactor\"\npath = \"src/bin/interactor.rs\"\n\n[[bin]]\nname = \
           \"guess-gen\"\npath = \"src/bin/gen.rs\"\n";
    let fsort = manifest("fsort")
        .replace("time-limit-ms = 1000\n", "time-limit-ms = 400\n")
        .replacen(
            "[package.metadata.judge]\n",
            "[package.metadata.judge]\ninput-file = \"sort.in\"\noutput-file = \"sort.out\"\n\
             stress = [[\"--n\", \"6\"]]\n",
            1,
        )
        + "\n[[package.metadata.judge.bench]]\nname = \"six\"\ngen = [\"--n\", \"6\"]\n\
           inputs = 2\npuzzles = 1\n\n[[bin]]\nname = \"fsort\"\npath = \"src/main.rs\"\n\n\
           [[bin]]\nname = \"fsort-gen\"\npath = \"src/bin/gen.rs\"\n\n[[bin]]\nname = \
           \"fsort-ref\"\npath = \"src/bin/ref.rs\"\n";
    let sorter = |how: &str| {
        format!(
            "fn main() {{\n    let input = std::fs::read_to_string(\"sort.in\").unwrap();\n    \
             let mut v: Vec<i64> = input.split_whitespace().skip(1).map(|w| \
             w.parse().unwrap()).collect();\n    v.sort();\n    let answer: Vec<String> = \
             v.iter().map(|x| x.to_string()).collect();\n    let answer = format!(\"{{}}\\n\", \
             answer.join(\" \"));\n    {}\n}}\n",
            how
        )
    };
    let to_file = sorter("std::fs::write(\"sort.out\", answer).unwrap();");
    let to_stdout = sorter("print!(\"{}\", answer);");
    let fsort_gen = "fn main() {\n    let args: Vec<String> = std::env::args().collect();\n    \
                     let seed: u64 = args[4].parse().unwrap();\n    let n: u64 = \
                     args[2].parse().unwrap();\n    let v: Vec<String> = (0..n).map(|i| ((seed \
                     * 31 + i * 17) % 50).to_string()).collect();\n    println!(\"{}\\n{}\", n, \
                     v.join(\" \"));\n}\n";
    workspace(
        name,
        &[
            ("problems/guess/Cargo.toml", &guess),
            ("problems/guess/src/main.rs", &searcher(1000)),
            ("problems/guess/src/bin/interactor.rs", INTERACTOR),
            ("problems/guess/src/bin/gen.rs", GUESS_GEN),
            ("buggy.rs", &searcher(900)),
            ("problems/fsort/Cargo.toml", &fsort),
            ("problems/fsort/src/main.rs", &to_file),
            ("problems/fsort/src/bin/gen.rs", fsort_gen),
            // The reference reads and writes the named files, as the solution does.
            ("problems/fsort/src/bin/ref.rs", &to_file),
            ("stdout.rs", &to_stdout),
        ],
    )
}

fn stress(root: &Path, name: &str, solver: Option<&str>, code: i32) -> String {
    let mut args = vec!["stress", name, "--n", "12", "--seed", "1"];
    if let Some(file) = solver {
        args.extend(["--solver", file]);
    }
    judge_exits(root, &args, code)
}

#[test]
fn stress_runs_an_interactive_problem_through_its_interactor() {
    let root = stress_workspace("stress-io-guess");
    let out = stress(&root, "guess", None, 0);
    assert!(
        out.contains("guess: 12 cases passed (seeds 1..12)"),
        "{}",
        out
    );
    // The search up to 900 fails on seeds 6 and 12: the smallest is reported and saved.
    let buggy = root.join("buggy.rs");
    let out = stress(&root, "guess", Some(buggy.to_str().unwrap()), 1);
    assert!(out.contains("guess WA on case 6 of 12"), "{}", out);
    assert!(out.contains("--seed 6"), "{}", out);
    assert!(out.contains("967 is not found"), "{}", out);
    let samples = root.join("samples/guess");
    assert_eq!(fs::read_to_string(samples.join("1.in")).unwrap(), "967\n");
    assert!(!samples.join("1.out").exists(), "the interactor decides");
    let note = fs::read_to_string(samples.join("1.note")).unwrap();
    assert!(note.contains("decided by guess-interactor"), "{}", note);
    assert!(note.contains("--seed 6"), "{}", note);
}

#[test]
fn stress_worst_and_bench_run_a_file_problem_with_its_files() {
    let root = stress_workspace("stress-io-files");
    let out = stress(&root, "fsort", None, 0);
    assert!(out.contains("fsort: 12 cases passed"), "{}", out);
    let stdout = root.join("stdout.rs");
    let out = stress(&root, "fsort", Some(stdout.to_str().unwrap()), 1);
    assert!(out.contains("fsort WA on case 1 of 12"), "{}", out);
    assert!(out.contains("wrote nothing to sort.out"), "{}", out);
    let saved = root.join("samples/fsort");
    assert_eq!(
        fs::read_to_string(saved.join("1.out")).unwrap(),
        format!("{}\n", sorted_first())
    );
    // The search for the slowest inputs times it with its files too.
    let worst = |solver: Option<&str>, code: i32| {
        let out = root.join("worst");
        let mut args = vec!["worst", "fsort", "--n", "6", "--seed", "1", "--keep", "2"];
        args.extend(["--out", out.to_str().unwrap()]);
        if let Some(file) = solver {
            args.extend(["--solver", file]);
        }
        judge_exits(&root, &args, code)
    };
    let out = worst(None, 0);
    assert!(out.contains("saved 2 inputs"), "{}", out);
    let out = worst(Some(stdout.to_str().unwrap()), 1);
    assert!(out.contains("wrote nothing to sort.out"), "{}", out);
    let out = judge_exits(&root, &["bench", "fsort", "--runs", "1"], 0);
    assert!(!out.contains("INVALID"), "{}", out);
    fs::copy(&stdout, root.join("problems/fsort/src/main.rs")).unwrap();
    let out = judge_exits(&root, &["bench", "fsort", "--runs", "1"], 1);
    assert!(
        out.contains("INVALID OUTPUT") && out.contains("wrote nothing to sort.out"),
        "{}",
        out
    );
    // Nothing of the runs is left beside the problem.
    assert!(!root.join("problems/fsort/sort.out").exists());
    assert!(!root.join("sort.out").exists());
}

/// The sorted input of `fsort-gen --n 6 --seed 1`, as the generator makes it.
fn sorted_first() -> String {
    let mut v: Vec<u64> = (0..6).map(|i| (31 + i * 17) % 50).collect();
    v.sort();
    let v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    v.join(" ")
}
