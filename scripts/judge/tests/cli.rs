//! The judge tool end to end, on throwaway workspaces and on the real one.

mod support;

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};
use support::{
    fixture, judge, judge_exits, judge_exits_with, line, manifest, real_root, text, workspace,
    workspace_like_real,
};

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

/// The line of the demo problem's case `case` in a check table.
fn row<'a>(out: &'a str, case: &str) -> &'a str {
    line(out, "demo", case, "")
}

/// The line of the demo problem's `case` that contains `what` (of the `compile` lines, say).
fn row_with<'a>(out: &'a str, case: &str, what: &str) -> &'a str {
    line(out, "demo", case, what)
}

#[test]
fn check_gives_every_verdict_and_fails_unless_all_ac() {
    let demo = manifest("demo");
    let root = workspace(
        "verdicts",
        &[
            ("problems/demo/Cargo.toml", &demo),
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
        wa.contains(" WA ") && wa.contains("line 1, column 1: expected `4`, got `3`"),
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
    let demo = manifest("demo");
    let root = workspace(
        "compile-error",
        &[
            ("problems/demo/Cargo.toml", &demo),
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
        demo.replace("edition = \"2018\"", "edition = \"2021\""),
    )
    .unwrap();
    let stdout = judge_exits(&root, &["check", "demo"], 1);
    assert!(stdout.contains(" CE "), "{}", stdout);
    assert!(
        stdout.contains("-O --edition 2018 (generic 2018): error"),
        "{}",
        stdout
    );
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
    // Like the real workspace: members inherit [workspace.package], the template uses the
    // real shared crates.
    let root = workspace_like_real("scaffold");
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
    // The plain template's bundle is its main.rs, scan and fastio, clean under every profile
    // and the old compiler: with a sample its stand-in answers (the sum), the check passes.
    fs::write(root.join("samples/abc/1.in"), "3\n1 2 3\n").unwrap();
    fs::write(root.join("samples/abc/1.out"), "6\n").unwrap();
    let stdout = judge_exits(&root, &["check", "abc"], 0);
    assert!(stdout.contains("old compiler"), "{}", stdout);
    let bundle = fs::read_to_string(root.join("target/submit/abc.rs")).unwrap();
    // fastio comes in as scan's dependency, under cargo-equip's name for it.
    assert!(
        bundle.contains("pub mod scan") && bundle.contains("pub mod __fastio"),
        "{}",
        bundle
    );
    for other in [
        "pub mod bits",
        "pub mod sudoku",
        "pub mod rng",
        "pub mod grid",
    ] {
        assert!(!bundle.contains(other), "{}", other);
    }
    edits_compile_on_a_guess_at_the_bundle(&root);
    // The grid template, by name, is the 9x9 sudoku skeleton, and solves a 9x9 sudoku.
    let bad = judge(&root, &["new", "grid9", "--template", "sudoku"]);
    assert!(text(&bad.stderr).contains("the templates are: plain, grid"));
    let made = judge(&root, &["new", "grid9", "--template", "grid"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert!(root.join("problems/grid9/src/solver.rs").is_file());
    fs::write(
        root.join("samples/grid9/1.in"),
        "103000509\n002109400\n000704000\n300502006\n060000050\n\
         700803004\n000401000\n009205800\n804000107\n",
    )
    .unwrap();
    fs::write(
        root.join("samples/grid9/1.out"),
        "143628579\n572139468\n986754231\n391542786\n468917352\n\
         725863914\n237481695\n619275843\n854396127\n",
    )
    .unwrap();
    judge_exits(&root, &["check", "grid9"], 0);
}

/// After an edit of main.rs alone, the judged compile begins on a guess at the bundle while
/// cargo-equip runs; whether the guess is used or dropped, the rows are those of a check
/// without one. `root` holds problem `abc` of the plain template, checked once.
fn edits_compile_on_a_guess_at_the_bundle(root: &Path) {
    let main = root.join("problems/abc/src/main.rs");
    let template = fs::read_to_string(&main).unwrap();
    let guessed = "begun while cargo-equip bundled";
    let check = |code: i32| judge_exits(root, &["check", "abc", "--verbose", "1"], code);
    // A formatted edit: the guess is the bundle.
    fs::write(
        &main,
        template.replace("a.iter().sum()", "a.iter().sum::<i64>() * 2"),
    )
    .unwrap();
    fs::write(root.join("samples/abc/1.out"), "12\n").unwrap();
    let stdout = check(0);
    assert!(stdout.contains(guessed), "{}", stdout);
    // An error at the user's line, as rustc words it for the bundle itself.
    let broken = template.replace("a.iter().sum()", "a.iter().sum::<i64>() + missing");
    fs::write(&main, &broken).unwrap();
    let stdout = check(1);
    assert!(stdout.contains(guessed), "{}", stdout);
    let line = broken.lines().position(|l| l.contains("missing")).unwrap() + 1;
    let place = format!("problems/abc/src/main.rs:{}:", line);
    assert!(stdout.contains(&place), "{}\n{}", place, stdout);
    // An edit cargo-equip's rustfmt rewrites: the guess is dropped, the check is as always.
    let split = "{ let s: i64 = a.iter().sum(); s * missing }";
    fs::write(&main, template.replace("a.iter().sum()", split)).unwrap();
    let stdout = check(1);
    assert!(
        !stdout.contains(guessed) && stdout.contains("CE"),
        "{}",
        stdout
    );
    // Nothing of a guess is left behind.
    let left: Vec<_> = fs::read_dir(root.join("target/speculate"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["abc.main.rs"]);
    fs::write(&main, template).unwrap();
    fs::write(root.join("samples/abc/1.out"), "6\n").unwrap();
}

#[test]
fn stress_catches_the_planted_bug_and_saves_the_case() {
    let real = real_root();
    let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join("planted-bug-cases");
    let _ = fs::remove_dir_all(&saved);
    let planted = fixture("poj2676_planted_bug.rs");
    let args = [
        "stress",
        "poj2676",
        "--n",
        "300",
        "--seed",
        "1",
        "--solver",
        planted.to_str().unwrap(),
        "--samples",
        saved.to_str().unwrap(),
    ];
    let stdout = judge_exits(&real, &args, 1);
    assert!(stdout.contains("saved as"), "{}", stdout);
    let note = fs::read_to_string(saved.join("1.note")).unwrap();
    assert!(note.starts_with("found by stress"), "{}", note);
    assert!(saved.join("1.in").is_file() && saved.join("1.out").is_file());
    // The command it prints, seed and all, makes exactly that input again.
    let command = stdout
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("cargo run --quiet --release -p poj2676 --bin poj2676-gen -- "))
        .unwrap_or_else(|| panic!("no command in {}", stdout));
    assert!(command.contains(" --seed "), "{}", command);
    assert!(note.contains(command), "{}", note);
    let again = std::process::Command::new("sh")
        .args(["-c", command])
        .current_dir(&real)
        .output()
        .unwrap();
    assert_eq!(
        again.stdout,
        fs::read(saved.join("1.in")).unwrap(),
        "{}",
        command
    );
    // Cases run side by side, yet the case reported is the first that fails: every seed
    // before it passes.
    let case: usize = stdout
        .split(" on case ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no case number in {}", stdout));
    if case > 1 {
        let before = (case - 1).to_string();
        let mut passing = args;
        passing[3] = &before;
        judge_exits(&real, &passing, 0);
    }
    // Found again, it is already a sample: not saved a second time.
    let stdout = judge_exits(&real, &args, 1);
    assert!(
        stdout.contains("it is already the sample") && stdout.contains("1.in: not saved again"),
        "{}",
        stdout
    );
    assert!(!saved.join("2.in").exists());
}

/// The rows of the demo problem's cases, in the order the table shows them.
fn case_order(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f.len() > 2 && f[0] == "demo" && !["compile", "size"].contains(&f[1])).then(|| f[1])
        })
        .collect()
}

#[test]
fn one_case_at_a_time_no_out_cases_run_and_diffs_shown() {
    let demo = manifest("demo");
    let long: String = (1..=40).map(|i| format!("{} ", i)).collect();
    let root = workspace(
        "daily-loop",
        &[
            ("problems/demo/Cargo.toml", &demo),
            ("problems/demo/src/main.rs", DEMO_MAIN),
            ("samples/demo/1.in", "1 2\n"),
            ("samples/demo/1.out", "3\n"),
            ("samples/demo/2.in", "1 2\n"),
            ("samples/demo/2.out", "4\n"),
            ("samples/demo/5.in", "7\n"),
            ("samples/demo/10.in", "1 2\n"),
            ("samples/demo/10.out", &format!("3 {}\n", long)),
        ],
    );
    // Everything, in case order, though the cases ran side by side.
    let all = judge_exits(&root, &["check"], 1);
    assert_eq!(case_order(&all), ["1", "2", "5", "10"], "{}", all);
    assert!(!all.contains("reused"), "{}", all);
    // A case without .out is run, and what it printed is shown.
    let no_out = row(&all, "5");
    assert!(
        no_out.contains("NO-OUT") && no_out.contains("it printed:"),
        "{}",
        no_out
    );
    assert!(
        no_out
            .split_whitespace()
            .nth(3)
            .unwrap()
            .parse::<u64>()
            .is_ok(),
        "{}",
        no_out
    );
    assert!(all.contains("    stdout (2 bytes):\n      7\n"), "{}", all);
    // The difference's line and column, and a window of each side (cut where long).
    let wa = row(&all, "10");
    assert!(
        wa.contains("line 1, column 2: expected `3 1 2 3 4 5 6 7 8 9 10 11 12 13...`, got `3` (the line ends)"),
        "{}",
        wa
    );

    // One case; nothing changed, so every compile is reused.
    let one = judge_exits(&root, &["check", "demo", "--case", "1"], 0);
    assert_eq!(case_order(&one), ["1"], "{}", one);
    assert!(one.contains("PASS: 1 of 1 cases AC"), "{}", one);
    for compile in one.lines().filter(|l| l.contains(" compile ")) {
        assert!(compile.ends_with(", reused"), "{}", one);
    }
    // Side by side with VERBOSE.
    let verbose = judge_exits(
        &root,
        &["check", "demo", "--case", "2", "--verbose", "1"],
        1,
    );
    assert!(verbose.contains("    line  expected"), "{}", verbose);
    assert!(
        verbose.contains("  !    1  4 ") && verbose.contains("| 3\n"),
        "{}",
        verbose
    );
    assert!(!one.contains("| 3\n"), "{}", one);
    // An edit compiles again.
    fs::write(
        root.join("problems/demo/src/main.rs"),
        format!("{}// edited\n", DEMO_MAIN),
    )
    .unwrap();
    let edited = judge_exits(&root, &["check", "demo", "--case", "1"], 0);
    assert!(!edited.contains("reused"), "{}", edited);

    // Unknown cases, and CASE= without its one problem, are refused.
    for (args, says) in [
        (
            &["check", "demo", "--case", "9"][..],
            "judge: unknown case `9` of demo; its cases are: 1, 2, 5, 10\n",
        ),
        (
            &["check", "--case", "1"][..],
            "judge: CASE= judges one case of one problem: make check P=<name> CASE=<case>\n",
        ),
    ] {
        let out = judge(&root, args);
        assert_eq!(out.status.code(), Some(2), "{:?}", args);
        assert_eq!(text(&out.stderr), says, "{:?}", args);
    }
}

#[test]
fn run_shows_output_stderr_times_and_memory() {
    let demo = manifest("demo");
    let root = workspace(
        "run",
        &[
            ("problems/demo/Cargo.toml", &demo),
            ("problems/demo/src/main.rs", DEMO_MAIN),
            ("samples/demo/1.in", "1 2\n"),
            ("in.txt", "panic\n"),
        ],
    );
    let ran = judge_exits(&root, &["run", "demo", "--in", "samples/demo/1.in"], 0);
    assert!(
        ran.starts_with("--- stdout (2 bytes)\n3\n--- stderr (0 bytes)\n---\nexit status 0; wall "),
        "{}",
        ran
    );
    assert!(
        ran.contains(" ms (limit 1000 ms); peak ") && ran.contains(" MiB (limit 64 MiB)"),
        "{}",
        ran
    );
    let crashed = judge_exits(&root, &["run", "demo", "--in", "in.txt"], 1);
    assert!(
        crashed.contains("boom") && crashed.contains("exit status 101"),
        "{}",
        crashed
    );
    // Stdin when there is no file.
    let mut child = support::judge_command(&root, &["run", "demo"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"40 2\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        text(&out.stdout).starts_with("--- stdout (3 bytes)\n42\n"),
        "{}",
        text(&out.stdout)
    );
    let missing = judge(&root, &["run", "demo", "--in", "nope.txt"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(text(&missing.stderr), "judge: IN=nope.txt: no such file\n");
}

#[test]
fn a_bundle_over_a_listed_judges_source_limit_fails() {
    let with_spoj = format!(
        "{}\n[[package.metadata.judge.judges]]\njudge = \"spoj\"\nproblem = \"X\"\n\
         url = \"https://www.spoj.com/problems/X/\"\n",
        manifest("demo")
    );
    // 50,001 bytes of string literal, used so that no warning fails the check instead.
    let big = format!(
        "const PAD: &str = \"{}\";\n{}",
        "x".repeat(50_001),
        DEMO_MAIN.replace(
            "let mut s = String::new();",
            "let mut s = String::new();\n    if PAD.is_empty() { return; }"
        )
    );
    let root = workspace(
        "source-limit",
        &[
            ("problems/demo/Cargo.toml", &with_spoj),
            ("problems/demo/src/main.rs", &big),
            ("samples/demo/1.in", "1 2\n"),
            ("samples/demo/1.out", "3\n"),
        ],
    );
    let out = judge_exits(&root, &["check"], 1);
    let size = row_with(&out, "size", "");
    assert!(
        size.contains(" BIG ") && size.contains("over SPOJ's 50,000 bytes"),
        "{}",
        size
    );
    assert!(size.contains("limit unknown for unknown judge"), "{}", size);
    assert!(row(&out, "1").contains(" AC "), "{}", out);
    assert!(
        out.contains("a bundle over a judge's source limit"),
        "{}",
        out
    );
    let listed = judge_exits(&root, &["list"], 0);
    assert!(
        listed.contains("source limit: 50,000 bytes (SPOJ's guide"),
        "{}",
        listed
    );
    // Within the limit, the same problem passes.
    fs::write(root.join("problems/demo/src/main.rs"), DEMO_MAIN).unwrap();
    let out = judge_exits(&root, &["check"], 0);
    assert!(
        row_with(&out, "size", "").contains(" OK ") && out.contains("within SPOJ's 50,000 bytes"),
        "{}",
        out
    );
}

/// The check's old-compiler compile row, with the compiler it found (`OLD_RUSTC`,
/// `/usr/bin/rustc` or an older rustup toolchain; `make` installs rustup's 1.63.0 when there is
/// none): these tests need one, as the check does.
fn old_compile_row(stdout: &str) -> &str {
    assert!(
        !stdout.starts_with("old compiler:"),
        "no old compiler found: run `make` once (it installs rustup's 1.63.0)\n{}",
        stdout
    );
    row_with(stdout, "compile", "(old compiler)")
}

/// Sums its input; `let ... else` (Rust 1.65) and an unused variable on purpose.
const NEWER_THAN_OLD: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let unused = 1;
    let Some(first) = s.split_whitespace().next() else { return };
    let _ = first;
    let sum: i64 = s.split_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();
    println!("{}", sum);
}
"#;

#[test]
fn newer_features_fail_the_old_compiler_and_warnings_fail_the_check() {
    let demo = manifest("demo");
    let root = workspace(
        "old-compiler",
        &[
            ("problems/demo/Cargo.toml", &demo),
            ("problems/demo/src/main.rs", NEWER_THAN_OLD),
            ("samples/demo/1.in", "1 2\n"),
            ("samples/demo/1.out", "3\n"),
        ],
    );
    let stdout = judge_exits(&root, &["check"], 1);
    // CE, naming the compiler that rejects it (older than 1.65, as every old compiler the
    // check looks for is: the workspace declares 1.63).
    let old = old_compile_row(&stdout);
    let version = old
        .split_whitespace()
        .skip_while(|w| !w.ends_with("rustc"))
        .nth(1)
        .unwrap_or_else(|| panic!("no compiler named in {}", old));
    let minor: u32 = version.split('.').nth(1).unwrap().parse().unwrap();
    assert!(minor < 65, "{}", old);
    assert!(
        old.contains(" CE ") && old.contains(&format!("{} -O --edition 2021", version)),
        "{}",
        old
    );
    assert!(old.contains("error"), "{}", old);
    // The new compiler takes it, with a warning: shown, and a failure of the check.
    let new = row_with(&stdout, "compile", "(generic 2021)");
    assert!(
        new.contains(" WARN ") && new.contains("unused variable: `unused`"),
        "{}",
        new
    );
    assert!(row(&stdout, "1").contains(" AC "), "{}", stdout);
    assert!(
        stdout.contains("FAIL: 1 of 1 cases AC, 0 of 3 compiles clean"),
        "{}",
        stdout
    );
    assert!(stdout.contains("compiled by rustc "), "{}", stdout);

    // Without an old compiler: said once, plainly, and the check fails though all is AC.
    fs::write(
        root.join("problems/demo/src/main.rs"),
        DEMO_MAIN.replace("fn main()", "#[allow(unused)]\nfn main()"),
    )
    .unwrap();
    let stdout = judge_exits_with(&root, &["check"], &[("OLD_RUSTC", "/no/such/rustc")], 1);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("old compiler: OLD_RUSTC=/no/such/rustc")
            && first.contains("make old-rustc"),
        "{}",
        first
    );
    assert_eq!(stdout.matches("make old-rustc").count(), 1, "{}", stdout);
    assert!(
        stdout.contains("FAIL: 1 of 1 cases AC, 2 of 2 compiles clean, no old compiler"),
        "{}",
        stdout
    );
}

#[test]
fn judge_samples_run_through_their_judge_and_unlisted_judges_are_refused() {
    let with_codeforces = format!(
        "{}\n[[package.metadata.judge.judges]]\njudge = \"codeforces\"\nproblem = \"1A\"\n\
         url = \"https://codeforces.com/problemset/problem/1/A\"\ntime-limit-ms = 3000\n\
         variant = \"numbers after a count\"\n",
        manifest("demo")
    );
    let root = workspace(
        "judge-samples",
        &[
            ("problems/demo/Cargo.toml", &with_codeforces),
            ("problems/demo/src/main.rs", DEMO_MAIN),
            ("samples/demo/1.in", "1 2\n"),
            ("samples/demo/1.out", "3\n"),
            ("samples/demo/codeforces-1.in", "2 5 6\n"),
            ("samples/demo/codeforces-1.out", "13\n"),
        ],
    );
    let stdout = judge_exits(&root, &["check"], 0);
    // Codeforces' profiles with its own rustc (1.89), the generic judge's with the local one.
    assert!(
        row_with(&stdout, "compile", "-O --edition 2021 (codeforces 2021)").contains(" OK "),
        "{}",
        stdout
    );
    row_with(
        &stdout,
        "compile",
        "-O --edition 2024 --emit=metadata (codeforces 2024)",
    );
    row_with(&stdout, "compile", "-O --edition 2018 (generic 2018)");
    assert!(
        old_compile_row(&stdout).contains(" -O --edition 2021 --emit=metadata (old compiler)"),
        "{}",
        stdout
    );
    // Its own limit: 3000 ms against the origin's 1000.
    let cf = row_with(&stdout, "codeforces-1", " AC ");
    assert!(cf.contains(" 3000 "), "{}", cf);
    assert!(row(&stdout, "1").contains(" 1000 "), "{}", stdout);
    assert!(
        stdout.contains("PASS: 2 of 2 cases AC, 5 of 5 compiles clean"),
        "{}",
        stdout
    );

    // Where to paste it.
    let listed = judge_exits(&root, &["list"], 0);
    assert!(
        listed.contains("Codeforces 1A")
            && listed.contains("https://codeforces.com/problemset/problem/1/A"),
        "{}",
        listed
    );
    assert!(
        listed.contains("variant: numbers after a count"),
        "{}",
        listed
    );
    let e = judge(&root, &["submit", "demo", "--judge", "luogu"]);
    assert_eq!(e.status.code(), Some(2));
    assert!(
        text(&e.stderr).contains(
            "demo does not list judge `luogu`; the judges that take its file: generic, codeforces"
        ),
        "{}",
        text(&e.stderr)
    );
    let stdout = judge_exits(&root, &["submit", "demo", "--judge", "codeforces"], 0);
    assert!(
        stdout.contains("ready for Codeforces 1A: https://codeforces.com/problemset/problem/1/A"),
        "{}",
        stdout
    );

    // A sample in the format of a judge the problem does not list is refused.
    fs::write(root.join("samples/demo/spoj-1.in"), "1\n").unwrap();
    let out = judge(&root, &["check"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "spoj-1.in: judge `spoj` is not listed by demo; its judges are: generic, codeforces"
        ),
        "{}",
        err
    );
}

#[test]
fn unknown_flags_and_metadata_keys_are_refused_in_one_line() {
    let demo = manifest("demo");
    let real = real_root();
    for (args, says) in [
        (
            &["bench", "poj2676", "--run", "3"][..],
            "judge: unknown flag `--run`; the flags of `bench` are: --runs\n",
        ),
        (
            &["stress", "poj2676", "--count", "3"][..],
            "judge: unknown flag `--count`; the flags of `stress` are: --n, --seed, --shrink-s, --solver, --samples\n",
        ),
        (
            &["check", "--runs", "3"][..],
            "judge: unknown flag `--runs`; the flags of `check` are: --case, --verbose, --debug, --tests, --lc\n",
        ),
        (
            &["submit", "poj2676", "--judge", "poj"][..],
            "judge: POJ takes no Rust; the judges of poj2676 that take the file: luogu\n",
        ),
    ] {
        let out = judge(&real, args);
        assert_eq!(out.status.code(), Some(2), "{:?}", args);
        assert_eq!(text(&out.stderr), says, "{:?}", args);
    }
    let typo = demo.replace(
        "compare = \"lines\"",
        "compare = \"lines\"\nstres = [[\"--n\", \"1\"]]",
    );
    let root = workspace(
        "unknown-key",
        &[
            ("problems/demo/Cargo.toml", &typo),
            ("problems/demo/src/main.rs", DEMO_MAIN),
        ],
    );
    let out = judge(&root, &["check"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{}", err);
    assert!(
        err.contains("unknown key `stres` in [package.metadata.judge]; the keys are: compare, float-abs, float-rel, stress, bench, judges"),
        "{}",
        err
    );
}

#[test]
fn the_problems_are_listed_where_a_rust_file_can_be_pasted() {
    let listed = judge_exits(&real_root(), &["list"], 0);
    let line = |p: &str, title: &str| {
        listed
            .lines()
            .find(|l| l.starts_with(p) && l.contains(title))
            .unwrap_or_else(|| panic!("no {} {} in:\n{}", p, title, listed))
            .to_string()
    };
    assert!(line("poj2676", "Luogu P10481").contains("https://www.luogu.com.cn/problem/P10481"));
    assert!(line("p1074", "Luogu P1074").contains("2000 ms, 128 MiB"));
    assert!(line("sudoku16", "SPOJ SUDOKU").contains("https://www.spoj.com/problems/SUDOKU/"));
    assert!(listed.contains("variant: first line K"), "{}", listed);
    assert!(line("poj2676", "POJ 2676").contains("2000 ms, 64 MiB"));
}
