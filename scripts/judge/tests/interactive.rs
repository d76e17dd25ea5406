//! Interactive problems: planted solutions and interactors of "guess the number" judged by
//! the check, and Competitive Companion's interactive payloads imported with an interactor.

mod support;

use std::fs;
use std::time::{Duration, Instant};
use support::{imported, judge, line, manifest, text, workspace, workspace_like_real};

/// A testlib-style interactor of "guess the number" whose case may also name a fault of its
/// own: `crash 731` panics after the first guess, `silent 731` never answers.
const INTERACTOR: &str = r#"use std::io::{BufRead, Write};
fn verdict(code: i32, why: &str) -> ! {
    eprintln!("{}", why);
    std::process::exit(code)
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = std::fs::read_to_string(&args[1]).unwrap();
    let words: Vec<&str> = case.split_whitespace().collect();
    let (mode, secret) = match words.as_slice() {
        [n] => ("", n.parse::<u32>().unwrap()),
        [m, n] => (*m, n.parse::<u32>().unwrap()),
        _ => verdict(3, "a bad case"),
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    for tries in 1..=10 {
        let line = match lines.next() {
            Some(Ok(l)) => l,
            _ => verdict(1, &format!("the solution stopped after {} guesses", tries - 1)),
        };
        if mode == "crash" {
            panic!("the interactor's own bug");
        }
        if mode == "silent" {
            for _ in lines {}
            verdict(1, "never answered");
        }
        let guess: u32 = match line.trim().parse() {
            Ok(n) => n,
            Err(_) => verdict(2, &format!("`{}` is not a number", line)),
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

/// A solution that guesses as `next(low, high)` says, flushing when `flush`, panicking after
/// the first reply when `panic`.
fn solution(next: &str, flush: bool, panic: bool) -> String {
    format!(
        r#"use std::io::{{BufRead, Write}};
fn main() {{
    let stdin = std::io::stdin();
    let mut replies = stdin.lock().lines();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let (mut low, mut high) = (1u32, 1000u32);
    loop {{
        let guess: u32 = {next};
        writeln!(out, "{{}}", guess).unwrap();
        if {flush} {{
            out.flush().unwrap();
        }}
        let reply = match replies.next() {{
            Some(Ok(line)) => line,
            _ => return,
        }};
        if {panic} {{
            panic!("after the first reply");
        }}
        match reply.trim() {{
            "lower" => high = guess - 1,
            "higher" => low = guess + 1,
            _ => return,
        }}
    }}
}}
"#,
        next = next,
        flush = flush,
        panic = panic
    )
}

/// The manifest of an interactive problem `name` with its interactor, its time limit 400 ms
/// (the programs that wait for each other are stopped at 600).
fn interactive_manifest(name: &str) -> String {
    manifest(name)
        .replace("time-limit-ms = 1000\n", "time-limit-ms = 400\n")
        .replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\ninteractive = true\n",
        1,
    ) + &format!(
        "\n[[bin]]\nname = \"{0}\"\npath = \"src/main.rs\"\n\n[[bin]]\nname = \"{0}-interactor\"\npath = \"src/bin/interactor.rs\"\n",
        name
    )
}

#[test]
fn planted_solutions_and_interactors_get_their_verdicts() {
    let binary = solution("low + (high - low) / 2", true, false);
    let plants = [
        ("binary", binary.clone()),
        ("noflush", solution("low + (high - low) / 2", false, false)),
        ("linear", solution("low", true, false)),
        ("panics", solution("low + (high - low) / 2", true, true)),
    ];
    let mut files: Vec<(String, String)> = Vec::new();
    for (name, main) in &plants {
        let dir = format!("problems/{}", name);
        files.push((format!("{}/Cargo.toml", dir), interactive_manifest(name)));
        files.push((format!("{}/src/main.rs", dir), main.clone()));
        files.push((format!("{}/src/bin/interactor.rs", dir), INTERACTOR.into()));
        files.push((format!("samples/{}/1.in", name), "731\n".into()));
    }
    files.push(("samples/binary/2.in".into(), "crash 731\n".into()));
    files.push(("samples/binary/3.in".into(), "silent 731\n".into()));
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let root = workspace("interactive-plants", &borrowed);
    let started = Instant::now();
    let out = judge(&root, &["check", "--verbose", "1"]);
    let stdout = text(&out.stdout);
    assert!(started.elapsed() < Duration::from_secs(60), "{}", stdout);
    let verdict = |problem: &str, case: &str| -> Vec<String> {
        let row = line(&stdout, problem, case, "");
        row.split_whitespace().map(str::to_string).collect()
    };
    assert_eq!(verdict("binary", "1")[2], "AC", "{}", stdout);
    let noflush = line(&stdout, "noflush", "1", "ILE");
    assert!(noflush.contains("flush stdout"), "{}", noflush);
    let linear = line(&stdout, "linear", "1", "WA");
    assert!(
        linear.contains("interactor: 10 guesses, and 731 is not found"),
        "{}",
        linear
    );
    // The exchange, with who said what.
    assert!(
        stdout.contains("solution   -> 10\n") && stdout.contains("interactor -> higher\n"),
        "{}",
        stdout
    );
    let panics = line(&stdout, "panics", "1", "RE");
    assert!(panics.contains("after the first reply"), "{}", panics);
    let crash = line(&stdout, "binary", "2", "FAIL");
    assert!(crash.contains("interactor.rs failed"), "{}", crash);
    let silent = verdict("binary", "3");
    assert!(!["AC", "WA"].contains(&silent[2].as_str()), "{}", stdout);
    assert!(stdout.contains("FAIL: "), "{}", stdout);
}

#[test]
fn companions_interactive_payloads_import_with_an_interactor() {
    let root = workspace_like_real("interactive-import");
    for payload in [
        "atcoder/problem/interactive.json",
        "codeforces/problem/interactive.json",
        "codeforces/problem/interactive-russian.json",
        "infoarena/problem/interactive-stdin-first.json",
        "infoarena/problem/interactive-stdout-first.json",
        "jutge/problem/interactive.json",
        "kattis/problem/interactive-1.json",
        "kattis/problem/interactive-2.json",
        "usaco/problem/interactive.json",
    ] {
        for name in imported(&root, payload) {
            let dir = root.join("problems").join(&name);
            let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            assert!(manifest.contains("interactive = true"), "{}", manifest);
            assert!(dir.join("src/bin/interactor.rs").is_file(), "{}", name);
            assert!(root.join("samples").join(&name).join("1.in").is_file());
        }
    }
    // A sample sent is a transcript kept beside the cases, never run as one.
    let notes = fs::read_to_string(root.join("samples/cf810d/1.transcript")).unwrap();
    assert!(notes.contains("NIE\nTAK"), "{}", notes);
    let out = text(&judge(&root, &["check", "kattis_guess"]).stdout);
    assert!(
        line(&out, "kattis_guess", "1", "").contains(" AC "),
        "{}",
        out
    );
}
