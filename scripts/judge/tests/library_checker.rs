//! Library Checker problems offline, on a tiny fake checkout planted for the test: `make
//! import LC= ID=`, named test folders (`TESTS=`) in the three layouts, `make verify` with the
//! checkout's checker, and a check without the checkout. The C++ parts are skipped, with a
//! line on stderr, where no C++ compiler exists.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{judge, judge_exits, line, text, workspace, workspace_like_real, Manifest};

/// Sums the numbers after the count; "WRONG" in the input makes it print one more.
const SUM: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().skip(1).filter_map(|t| t.parse().ok()).collect();
    let extra = if s.contains("WRONG") { 1 } else { 0 };
    println!("{}", v.iter().sum::<i64>() + extra);
}
"#;

/// The test's stand-in for testlib.h: just enough for its checker.
const TESTLIB: &str = r#"// A stand-in for testlib.h, written for the judge's tests: token reads and testlib's exit
// statuses (0 accepted, 1 wrong answer).
#include <cstdio>
#include <cstdlib>
#include <cstring>
static bool next_token(FILE* f, char* buf) { return fscanf(f, "%63s", buf) == 1; }
static void quit_wa(const char* want, const char* got) {
    fprintf(stderr, "wrong answer (fake testlib): expected %s, found %s\n", want, got);
    exit(1);
}
"#;

/// A checker in testlib's contract: `checker input output answer`.
const CHECKER: &str = r#"#include "testlib.h"
int main(int argc, char** argv) {
    if (argc < 4) return 3;
    FILE* out = fopen(argv[2], "r");
    FILE* ans = fopen(argv[3], "r");
    if (!out || !ans) return 3;
    char a[64], b[64];
    while (next_token(ans, a)) {
        if (!next_token(out, b)) quit_wa(a, "end of file");
        if (strcmp(a, b) != 0) quit_wa(a, b);
    }
    if (next_token(out, b)) quit_wa("end of file", b);
    return 0;
}
"#;

/// The tests of the fake problem `fake_cat/sumup`: (name, input, answer).
const TESTS: &[(&str, &str, &str)] = &[
    ("example_00", "2\n1 2\n", "3\n"),
    ("example_01", "3\n1 2 3\n", "6\n"),
    ("max_random_00", "4\n10 20 30 40\n", "100\n"),
    ("small_00", "1\n-5\n", "-5\n"),
];

/// A fake checkout at `<tmp>/<tag>`: `generate.py` (never run), `common/testlib.h`, and
/// `fake_cat/sumup` with its info.toml, checker, verifier and generated tests; `fake_cat/bare`
/// without tests.
fn checkout(tag: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lc-checkout-{}", tag));
    let _ = fs::remove_dir_all(&root);
    let p = root.join("fake_cat/sumup");
    for dir in [root.join("common"), p.join("in"), p.join("out")] {
        fs::create_dir_all(dir).unwrap();
    }
    fs::write(root.join("generate.py"), "raise SystemExit(1)\n").unwrap();
    fs::write(root.join("common/testlib.h"), TESTLIB).unwrap();
    fs::write(p.join("info.toml"), "title = 'Sum Up'\ntimelimit = 2.0\n\n[[tests]]\n    name = \"example.in\"\n    number = 2\n").unwrap();
    fs::write(p.join("checker.cpp"), CHECKER).unwrap();
    fs::write(p.join("verifier.cpp"), "int main() { return 0; }\n").unwrap();
    for (name, input, answer) in TESTS {
        fs::write(p.join("in").join(format!("{}.in", name)), input).unwrap();
        fs::write(p.join("out").join(format!("{}.out", name)), answer).unwrap();
    }
    let bare = root.join("fake_cat/bare");
    fs::create_dir_all(&bare).unwrap();
    fs::write(bare.join("info.toml"), "timelimit = 1.0\n").unwrap();
    root
}

/// Whether a C++ compiler is here; says on stderr what is skipped when not.
fn cxx(what: &str) -> bool {
    let found = ["g++", "clang++"].iter().any(|c| {
        Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !found {
        eprintln!("skipped: {} (no C++ compiler)", what);
    }
    found
}

/// A workspace with the problem `sumup` (the generic judge, tokens, `library-checker`
/// metadata) solved by [`SUM`].
fn sumup_workspace(tag: &str) -> PathBuf {
    let mut m = Manifest::new("sumup");
    m.metadata = "compare = \"tokens\"\nlibrary-checker = \"fake_cat/sumup\"".to_string();
    m.time_ms = 2000;
    let manifest = m.render();
    workspace(
        tag,
        &[
            ("problems/sumup/Cargo.toml", manifest.as_str()),
            ("problems/sumup/src/main.rs", SUM),
            ("samples/sumup/1.in", "2\n1 2\n"),
            ("samples/sumup/1.out", "3\n"),
        ],
    )
}

#[test]
fn import_makes_the_package_its_metadata_and_samples() {
    let lc = checkout("import");
    let root = workspace_like_real("lc-import");
    let lc_arg = lc.to_str().unwrap();
    let out = judge_exits(&root, &["import", "--lc", lc_arg, "--id", "sumup"], 0);
    assert!(
        out.starts_with("created problems/sumup (Library Checker fake_cat/sumup: 2000 ms, 1024 MiB) with 2 samples"),
        "{}",
        out
    );
    let manifest = fs::read_to_string(root.join("problems/sumup/Cargo.toml")).unwrap();
    for wanted in [
        "library-checker = \"fake_cat/sumup\"",
        "judge = \"library-checker\"",
        "problem = \"sumup\"",
        "url = \"https://judge.yosupo.jp/problem/sumup\"",
        "time-limit-ms = 2000",
        "memory-limit-mib = 1024",
        "description = \"Sum Up\"",
    ] {
        assert!(manifest.contains(wanted), "{} in\n{}", wanted, manifest);
    }
    assert!(root.join("problems/sumup/src/main.rs").is_file());
    // The examples, in order, and nothing else of the checkout.
    let samples = root.join("samples/sumup");
    let mut names: Vec<String> = fs::read_dir(&samples)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["1.in", "1.out", "2.in", "2.out"]);
    assert_eq!(
        fs::read_to_string(samples.join("2.in")).unwrap(),
        TESTS[1].1
    );
    assert_eq!(
        fs::read_to_string(samples.join("2.out")).unwrap(),
        TESTS[1].2
    );
    let recorded = fs::read_to_string(root.join("target/library-checker")).unwrap();
    assert_eq!(Path::new(recorded.trim()), lc.canonicalize().unwrap());
    // The problem loads, listed for the Library Checker, unlimited stack.
    let listed = judge_exits(&root, &["list", "sumup"], 0);
    assert!(listed.contains("Library Checker"), "{}", listed);
    // Again: refused, nothing changed; the checkout is the recorded one now.
    let again = judge(&root, &["import", "--id", "sumup"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("problems/sumup already exists"));
    // A problem whose tests are not generated: refused with the command that makes them, and
    // nothing written.
    let bare = judge(&root, &["import", "--id", "bare"]);
    let said = text(&bare.stderr);
    assert_eq!(bare.status.code(), Some(2), "{}", said);
    assert!(
        said.contains("its tests are not generated")
            && said.contains("python3 generate.py -p bare"),
        "{}",
        said
    );
    assert_eq!(said.lines().count(), 1, "{}", said);
    assert!(!root.join("problems/bare").exists() && !root.join("samples/bare").exists());
    let unknown = judge(&root, &["import", "--id", "nope"]);
    assert!(text(&unknown.stderr).contains("no problem `nope`"));
    let not_lc = judge(
        &root,
        &["import", "--lc", root.to_str().unwrap(), "--id", "sumup"],
    );
    assert!(text(&not_lc.stderr).contains("not a checkout of yosupo06/library-checker-problems"));
}

/// Writes `files` (path, text) under a fresh folder `<tmp>/<tag>`.
fn folder(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(tag);
    let _ = fs::remove_dir_all(&dir);
    for (path, body) in files {
        let p = dir.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, body).unwrap();
    }
    dir
}

#[test]
fn test_folders_in_three_layouts_are_judged_by_name() {
    let mut m = Manifest::new("demo");
    m.metadata = "compare = \"tokens\"".to_string();
    let manifest = m.render();
    let root = workspace(
        "lc-tests",
        &[
            ("problems/demo/Cargo.toml", manifest.as_str()),
            ("problems/demo/src/main.rs", SUM),
            ("samples/demo/1.in", "1\n7\n"),
            ("samples/demo/1.out", "7\n"),
        ],
    );
    let atcoder = folder(
        "lc-tests-atcoder",
        &[
            ("in/00_sample_01.txt", "2\n1 2\n"),
            ("out/00_sample_01.txt", "3\n"),
            ("in/10_max_02.txt", "2\n5 5\n"),
            ("out/10_max_02.txt", "10\n"),
        ],
    );
    let out = judge_exits(
        &root,
        &["check", "demo", "--tests", atcoder.to_str().unwrap()],
        0,
    );
    assert!(line(&out, "demo", "00_sample_01", "AC").contains("AC"));
    assert!(line(&out, "demo", "10_max_02", "AC").contains("AC"));
    assert!(out.contains("PASS: 2 of 2 cases AC"), "{}", out);
    let lc = folder(
        "lc-tests-lc",
        &[
            ("in/max_random_00.in", "2\n1 2\n"),
            ("out/max_random_00.out", "3\n"),
            ("in/max_random_01.in", "2\n1 WRONG 2\n"),
            ("out/max_random_01.out", "3\n"),
        ],
    );
    let lc_arg = lc.to_str().unwrap();
    let out = judge_exits(&root, &["check", "demo", "--tests", lc_arg], 1);
    assert!(line(&out, "demo", "max_random_00", "AC").contains("AC"));
    let wa = line(&out, "demo", "max_random_01", "WA");
    assert!(wa.contains("expected `3`, got `4`"), "{}", wa);
    // CASE= picks one test by its name.
    let out = judge_exits(
        &root,
        &[
            "check",
            "demo",
            "--tests",
            lc_arg,
            "--case",
            "max_random_00",
        ],
        0,
    );
    assert!(
        out.contains("PASS: 1 of 1 cases AC") && !out.contains("max_random_01"),
        "{}",
        out
    );
    let unknown = judge(&root, &["check", "demo", "--tests", lc_arg, "--case", "7"]);
    assert!(text(&unknown.stderr).contains("its cases are: max_random_00, max_random_01"));
    for (tag, files) in [
        (
            "lc-tests-polygon",
            &[
                ("tests/1", "2\n1 2\n"),
                ("tests/1.a", "3\n"),
                ("tests/10", "1\n9\n"),
                ("tests/10.a", "9\n"),
            ][..],
        ),
        (
            "lc-tests-flat",
            &[
                ("01", "2\n1 2\n"),
                ("01.a", "3\n"),
                ("02", "1\n9\n"),
                ("02.a", "9\n"),
            ],
        ),
    ] {
        let dir = folder(tag, files);
        let out = judge_exits(
            &root,
            &["check", "demo", "--tests", dir.to_str().unwrap()],
            0,
        );
        let first = files[0].0.trim_start_matches("tests/");
        assert!(line(&out, "demo", first, "AC").contains("AC"), "{}", out);
        assert!(out.contains("PASS: 2 of 2 cases AC"), "{}", out);
    }
    // An odd file: one line naming it.
    let odd = folder(
        "lc-tests-odd",
        &[
            ("in/a.in", "1\n1\n"),
            ("out/a.out", "1\n"),
            ("out/b.out", "2\n"),
        ],
    );
    let refused = judge(&root, &["check", "demo", "--tests", odd.to_str().unwrap()]);
    let said = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{}", said);
    assert!(said.contains("out/b.out: no in/b.in beside it"), "{}", said);
    assert_eq!(said.lines().count(), 1, "{}", said);
    // Nothing was copied into the samples.
    let samples: Vec<_> = fs::read_dir(root.join("samples/demo")).unwrap().collect();
    assert_eq!(samples.len(), 2);
}

#[test]
fn verify_judges_the_whole_test_set_with_the_checkouts_checker() {
    if !cxx("verify with the checkout's checker.cpp") {
        return;
    }
    let lc = checkout("verify");
    let root = sumup_workspace("lc-verify");
    let lc_arg = lc.to_str().unwrap();
    // A C++ baseline beside the submission: timed on the 3 largest inputs, never a verdict.
    let baseline = "#include <cstdio>\nint main() { long long n, s = 0, x; scanf(\"%lld\", &n); \
                    while (n-- > 0 && scanf(\"%lld\", &x) == 1) s += x; printf(\"%lld\\n\", s); }\n";
    fs::create_dir_all(root.join("problems/sumup/baseline")).unwrap();
    fs::write(root.join("problems/sumup/baseline/sum.cpp"), baseline).unwrap();
    let out = judge_exits(&root, &["verify", "--lc", lc_arg], 0);
    assert!(
        out.contains("sumup: whole-process wall time, median of 5 interleaved runs, on the 3 largest inputs by size"),
        "{}",
        out
    );
    let timed: Vec<&str> = out.lines().filter(|l| l.contains("(ratio ")).collect();
    assert_eq!(timed.len(), 3, "{}", out);
    assert!(
        timed
            .iter()
            .all(|l| l.contains("sum (") && l.contains(" -O2 -march=native) ")),
        "{}",
        out
    );
    assert!(!out.contains("INVALID"), "{}", out);
    for (name, _, _) in TESTS {
        assert!(line(&out, "sumup", name, "AC").contains("AC"), "{}", out);
    }
    let summary = out
        .lines()
        .find(|l| l.starts_with("sumup ") && l.split_whitespace().nth(1) == Some("4"))
        .unwrap_or_else(|| panic!("no summary row in\n{}", out));
    let f: Vec<&str> = summary.split_whitespace().collect();
    assert_eq!((f[1], f[2]), ("4", "4"), "{}", summary);
    assert!(f.contains(&"2000"), "{}", summary);
    assert!(
        out.contains("PASS: every case of every problem AC"),
        "{}",
        out
    );
    // A wrong answer planted in the checkout: the checker's own reason, and the exit status.
    fs::write(lc.join("fake_cat/sumup/out/small_00.out"), "-6\n").unwrap();
    let out = judge_exits(&root, &["verify", "sumup", "--lc", lc_arg], 1);
    let wa = line(&out, "sumup", "small_00", "WA");
    assert!(
        wa.contains("checker: wrong answer (fake testlib): expected -6, found -5"),
        "{}",
        wa
    );
    assert!(out.contains("FAIL: not every case"), "{}", out);
    // An input the validator refuses fails the verification too.
    fs::write(
        lc.join("fake_cat/sumup/verifier.cpp"),
        "#include <cstdio>\nint main() { int n; if (scanf(\"%d\", &n) != 1 || n > 3) { \
         fprintf(stderr, \"n out of range\\n\"); return 1; } return 0; }\n",
    )
    .unwrap();
    let out = judge_exits(&root, &["verify", "--lc", lc_arg], 1);
    let invalid = line(&out, "sumup", "max_random_00", "INVALID");
    assert!(
        invalid.contains("input refused by LC fake_cat/sumup/verifier.cpp: n out of range"),
        "{}",
        invalid
    );
    // The samples are judged by the same checker once the checkout is known.
    fs::write(root.join("samples/sumup/1.out"), "4\n").unwrap();
    let out = judge_exits(&root, &["check", "sumup", "--lc", lc_arg], 1);
    assert!(
        line(&out, "sumup", "1", "WA").contains("fake testlib"),
        "{}",
        out
    );
}

#[test]
fn without_the_checkout_one_line_says_so() {
    let root = sumup_workspace("lc-absent");
    let out = judge_exits(&root, &["check", "sumup"], 0);
    let said: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("LC's checker is not available"))
        .collect();
    assert_eq!(said.len(), 1, "{}", out);
    assert!(said[0].contains("LC=<checkout"), "{}", said[0]);
    assert!(out.contains("PASS: 1 of 1 cases AC"), "{}", out);
    // verify names the problem and how to give the checkout.
    let out = judge_exits(&root, &["verify"], 1);
    assert!(
        out.contains("no Library Checker checkout recorded: the tests of sumup")
            && out.contains("make verify LC=<checkout"),
        "{}",
        out
    );
    // A checkout whose tests are missing: the problem is named with the command.
    let lc = checkout("absent");
    fs::remove_dir_all(lc.join("fake_cat/sumup/in")).unwrap();
    fs::remove_dir_all(lc.join("fake_cat/sumup/out")).unwrap();
    fs::create_dir_all(root.join("target")).unwrap();
    let record = format!("{}\n", lc.display());
    fs::write(root.join("target/library-checker"), record).unwrap();
    let out = judge_exits(&root, &["verify"], 1);
    assert!(
        out.contains("no tests: sumup (make them: (cd ")
            && out.contains("python3 generate.py -p sumup"),
        "{}",
        out
    );
    // With LC= the missing tests are generated by the checkout's generate.py.
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("skipped: make verify LC= generating tests (no python3)");
        return;
    }
    let generate = "import os, sys\n\
                    assert sys.argv[1:] == ['-p', 'sumup'], sys.argv\n\
                    d = 'fake_cat/sumup/'\n\
                    os.makedirs(d + 'in', exist_ok=True)\n\
                    os.makedirs(d + 'out', exist_ok=True)\n\
                    open(d + 'in/example_00.in', 'w').write('2\\n1 2\\n')\n\
                    open(d + 'out/example_00.out', 'w').write('3\\n')\n";
    fs::write(lc.join("generate.py"), generate).unwrap();
    let out = judge_exits(&root, &["verify", "--lc", lc.to_str().unwrap()], 0);
    assert!(
        out.contains("sumup: generating its tests: (cd ") && out.contains("PASS: every case"),
        "{}",
        out
    );
    assert!(line(&out, "sumup", "example_00", "AC").contains("AC"));
}
