//! The judge tool end to end, on throwaway workspaces and on the real one.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The real workspace: scripts/judge/../..
fn real_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Runs the judge in `root` with the project's pinned cargo-equip on PATH.
fn judge(root: &Path, args: &[&str]) -> Output {
    let tools = real_root().join(".tools/bin");
    let path = format!(
        "{}:{}",
        tools.display(),
        env::var("PATH").unwrap_or_default()
    );
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(root)
        .env("PATH", path)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the judge, asserts its exit status (showing everything it printed if that fails), and
/// returns its stdout.
fn judge_exits(root: &Path, args: &[&str], code: i32) -> String {
    let out = judge(root, args);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}{}",
        stdout,
        text(&out.stderr)
    );
    stdout
}

/// A fresh workspace under the test's temp dir with the given files.
fn workspace(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&root);
    let mut all = vec![(
        "Cargo.toml",
        "[workspace]\nresolver = \"2\"\nmembers = [\"problems/*\"]\n",
    )];
    all.extend_from_slice(files);
    for (path, body) in all {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, body).unwrap();
    }
    // The judge finds its workspace by its problems/ folder.
    fs::create_dir_all(root.join("problems")).unwrap();
    root
}

const DEMO_MANIFEST: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2018"

[package.metadata.judge]
judge = "Test"
problem = "1"
url = "http://example.invalid/1"
time-limit-ms = 1000
memory-limit-mib = 64
compare = "lines"
"#;

/// Sums the numbers of its input; misbehaves on purpose on some words.
const DEMO_MAIN: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    if s.contains("loop") { loop { std::hint::spin_loop(); } }
    if s.contains("panic") { panic!("boom"); }
    if s.contains("fail") { eprintln!("case 1: no solution"); std::process::exit(1); }
    let sum: i64 = s.split_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();
    println!("{}", sum);
}
"#;

fn row<'a>(out: &'a str, case: &str) -> &'a str {
    out.lines()
        .find(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() > 2 && f[0] == "demo" && f[1] == case
        })
        .unwrap_or_else(|| panic!("no row for case {} in:\n{}", case, out))
}

#[test]
fn check_gives_every_verdict_and_fails_unless_all_ac() {
    let root = workspace(
        "verdicts",
        &[
            ("problems/demo/Cargo.toml", DEMO_MANIFEST),
            ("problems/demo/src/main.rs", DEMO_MAIN),
            ("samples/demo/1.in", "1 2\n"),
            ("samples/demo/1.out", "3\n"),
            ("samples/demo/2.in", "1 2\n"),
            ("samples/demo/2.out", "4\n"),
            ("samples/demo/3.in", "loop\n"),
            ("samples/demo/3.out", "0\n"),
            ("samples/demo/4.in", "panic\n"),
            ("samples/demo/4.out", "0\n"),
            ("samples/demo/5.in", "7\n"),
            ("samples/demo/6.in", "fail\n"),
            ("samples/demo/6.out", ""),
            ("samples/demo/6.code", "1\n"),
            ("samples/demo/6.err", "case 1: no solution\n"),
            ("samples/demo/7.in", "2 2\n"),
            ("samples/demo/7.out", "4   \r\n\n"),
        ],
    );
    let start = Instant::now();
    let stdout = judge_exits(&root, &["check"], 1);
    assert!(row(&stdout, "1").contains(" AC "));
    let wa = row(&stdout, "2");
    assert!(
        wa.contains(" WA ") && wa.contains("line 1: expected `4`, got `3`"),
        "{}",
        wa
    );
    let tle = row(&stdout, "3");
    assert!(tle.contains(" TLE "), "{}", tle);
    // Killed at 1.5 times the limit: well within twice the limit.
    let killed_ms: u64 = tle.split_whitespace().nth(3).unwrap().parse().unwrap();
    assert!((1500..2000).contains(&killed_ms), "{}", tle);
    let re = row(&stdout, "4");
    assert!(
        re.contains(" RE ") && re.contains("exit status 101"),
        "{}",
        re
    );
    assert!(re.contains("boom"), "{}", re);
    assert!(row(&stdout, "5").contains("NO-OUT"));
    assert!(row(&stdout, "6").contains(" AC "), "{}", stdout);
    assert!(row(&stdout, "7").contains(" AC "), "{}", stdout);
    assert!(stdout.contains("FAIL: 3 of 7 cases AC"), "{}", stdout);
    // The infinite loop is killed at 1.5 times the 1000 ms limit, not waited for.
    assert!(start.elapsed() < Duration::from_secs(60));
    let bundle = fs::read_to_string(root.join("target/submit/demo.rs")).unwrap();
    assert!(!bundle.contains(root.to_str().unwrap()));
}

#[test]
fn compile_errors_are_ce_with_the_first_error() {
    let root = workspace(
        "compile-error",
        &[
            ("problems/demo/Cargo.toml", DEMO_MANIFEST),
            // Compiles under cargo's edition 2021 rules only: `TryFrom` is not in the 2018 prelude.
            (
                "problems/demo/src/main.rs",
                "fn main() { let x = u8::try_from(3u32).unwrap(); println!(\"{}\", x); }\n",
            ),
            ("samples/demo/1.in", ""),
            ("samples/demo/1.out", "3\n"),
        ],
    );
    fs::write(
        root.join("problems/demo/Cargo.toml"),
        DEMO_MANIFEST.replace("edition = \"2018\"", "edition = \"2021\""),
    )
    .unwrap();
    let stdout = judge_exits(&root, &["check", "demo"], 1);
    assert!(stdout.contains(" CE "), "{}", stdout);
    assert!(stdout.contains("rustc --edition 2018: error"), "{}", stdout);
}

#[test]
fn unknown_problem_lists_the_problems() {
    let out = judge(&real_root(), &["check", "no-such-problem"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("unknown problem `no-such-problem`"), "{}", err);
    assert!(
        err.contains("poj2676") && err.contains("sudoku16") && err.contains("p1074"),
        "{}",
        err
    );
}

#[test]
fn new_problem_builds_and_fails_loudly_until_written() {
    let real = real_root();
    // Like the real workspace: members inherit [workspace.package], the template uses the
    // real shared crates.
    let root = workspace(
        "scaffold",
        &[(
            "Cargo.toml",
            "[workspace]\nresolver = \"2\"\nmembers = [\"problems/*\", \"shared/*\"]\n\n\
             [workspace.package]\nversion = \"0.1.0\"\nedition = \"2018\"\n\
             rust-version = \"1.70\"\npublish = false\n",
        )],
    );
    for krate in ["bits", "fastio", "rng", "runner"] {
        let dst = root.join("shared").join(krate);
        fs::create_dir_all(dst.join("src")).unwrap();
        for file in ["Cargo.toml", "src/lib.rs"] {
            fs::copy(real.join("shared").join(krate).join(file), dst.join(file)).unwrap();
        }
    }
    let made = judge(&root, &["new", "abc"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert_eq!(judge(&root, &["new", "abc"]).status.code(), Some(2));
    // The template builds, and the empty sample is not a pass.
    let stdout = judge_exits(&root, &["check", "abc"], 1);
    assert!(stdout.contains("NO-OUT"), "{}", stdout);
    // The generator stub fails, so stress cannot pass by accident.
    let stressed = judge(&root, &["stress", "abc", "--n", "3"]);
    assert_eq!(stressed.status.code(), Some(2));
    assert!(
        text(&stressed.stderr).contains("not written yet"),
        "{}",
        text(&stressed.stderr)
    );
}

#[test]
fn stress_catches_the_planted_bug_and_saves_the_case() {
    let real = real_root();
    let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join("planted-bug-cases");
    let _ = fs::remove_dir_all(&saved);
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/poj2676_planted_bug.rs");
    let stdout = judge_exits(
        &real,
        &[
            "stress",
            "poj2676",
            "--n",
            "300",
            "--seed",
            "1",
            "--solver",
            fixture.to_str().unwrap(),
            "--samples",
            saved.to_str().unwrap(),
        ],
        1,
    );
    assert!(stdout.contains("saved as"), "{}", stdout);
    let note = fs::read_to_string(saved.join("1.note")).unwrap();
    assert!(note.starts_with("found by stress"), "{}", note);
    assert!(saved.join("1.in").is_file() && saved.join("1.out").is_file());
}
