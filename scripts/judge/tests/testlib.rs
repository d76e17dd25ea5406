//! C++ testlib programs named in the manifest (checker, validator, interactor) judged by the
//! check, the one line when there is no C++ compiler, and the hints of a WA (letter case,
//! answer order). The C++ programs include a small header written for these tests that keeps
//! testlib's argument order and exit statuses, nothing else of it; they are skipped, with a
//! line saying why, where this machine has no C++ compiler.

mod support;

use std::collections::HashSet;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{judge, judge_with, line, manifest, text, workspace};

/// testlib's contract in a few lines, for the planted programs: `registerTestlibCmd`
/// (checker: input, output, answer), `registerValidation` (input on stdin),
/// `registerInteraction` (input, a file for a checker, the answer; the solution on stdin and
/// stdout), `quitf` (a message on stderr, the outcome's exit status) and `quitp` (points).
const HEADER: &str = r#"// Written for the judge's tests: testlib's argument order and exit statuses only.
#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _points = 7 };
static FILE *inf = nullptr, *ouf = nullptr, *ans = nullptr;
[[noreturn]] static void quitf(TResult r, const char *fmt, ...) {
    const char *name = r == _ok ? "ok" : r == _wa ? "wrong answer"
        : r == _pe ? "wrong output format" : r == _points ? "points" : "FAIL";
    std::fprintf(stderr, "%s ", name);
    va_list args;
    va_start(args, fmt);
    std::vfprintf(stderr, fmt, args);
    va_end(args);
    std::fprintf(stderr, "\n");
    std::exit(r);
}
[[noreturn]] static void quitp(double points, const char *message) {
    quitf(_points, "%g %s", points, message);
}
static FILE *open_or_fail(const char *path) {
    FILE *f = std::fopen(path, "r");
    if (!f) quitf(_fail, "cannot open %s", path);
    return f;
}
static void registerTestlibCmd(int argc, char **argv) {
    if (argc < 4) quitf(_fail, "usage: checker input output answer");
    inf = open_or_fail(argv[1]);
    ouf = open_or_fail(argv[2]);
    ans = open_or_fail(argv[3]);
}
static void registerValidation() { inf = stdin; }
static void registerInteraction(int argc, char **argv) {
    if (argc < 3) quitf(_fail, "usage: interactor input output [answer]");
    inf = open_or_fail(argv[1]);
    ouf = stdin;
}
// The next whitespace-separated token of f into t; false at its end.
static bool readToken(FILE *f, std::string &t) {
    t.clear();
    int c = std::fgetc(f);
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = std::fgetc(f);
    while (c != EOF && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        t.push_back(char(c));
        c = std::fgetc(f);
    }
    return !t.empty();
}
"#;

/// A checker of "print a + b" whose input's first word may name a fault of its own:
/// `crash` aborts, `fail` exits 3, `points` gives half the points.
const CHECKER: &str = r#"#include "testlib.h"
int main(int argc, char **argv) {
    registerTestlibCmd(argc, argv);
    std::string mode, want, got;
    readToken(inf, mode);
    if (mode == "crash") std::abort();
    if (mode == "fail") quitf(_fail, "the checker cannot read this input");
    readToken(ans, want);
    if (!readToken(ouf, got)) quitf(_pe, "no answer");
    if (got.find_first_not_of("-0123456789") != std::string::npos)
        quitf(_pe, "`%s` is not a number", got.c_str());
    if (mode == "points") quitp(0.5, "half of it");
    if (got != want) quitf(_wa, "expected %s, found %s", want.c_str(), got.c_str());
    quitf(_ok, "1 number");
}
"#;

/// A validator of "mode a b": a and b from 0 to 100.
const VALIDATOR: &str = r#"#include "testlib.h"
int main() {
    registerValidation();
    std::string mode, a, b;
    if (!readToken(inf, mode) || !readToken(inf, a) || !readToken(inf, b))
        quitf(_fail, "expected three tokens");
    long x = std::atol(a.c_str()), y = std::atol(b.c_str());
    if (x < 0 || x > 100) quitf(_fail, "a = %ld is out of [0, 100]", x);
    if (y < 0 || y > 100) quitf(_fail, "b = %ld is out of [0, 100]", y);
    quitf(_ok, "valid");
}
"#;

/// An interactor of "guess the number" from 1 to 1000, ten guesses; a case `crash` aborts.
const INTERACTOR: &str = r#"#include "testlib.h"
int main(int argc, char **argv) {
    registerInteraction(argc, argv);
    std::string s;
    readToken(inf, s);
    if (s == "crash") std::abort();
    long secret = std::atol(s.c_str());
    for (int tries = 1; tries <= 10; ++tries) {
        std::string g;
        if (!readToken(ouf, g)) quitf(_wa, "the solution stopped after %d guesses", tries - 1);
        long guess = std::atol(g.c_str());
        std::printf("%s\n", guess < secret ? "higher" : guess > secret ? "lower" : "correct");
        std::fflush(stdout);
        if (guess == secret) quitf(_ok, "found in %d guesses", tries);
    }
    quitf(_wa, "10 guesses, and %ld is not found", secret);
}
"#;

/// "Print a + b" of the input `mode a b`, or a word when the mode is `word`.
const SUM: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let w: Vec<&str> = s.split_whitespace().collect();
    if w[0] == "word" {
        println!("three");
        return;
    }
    let (a, b): (i64, i64) = (w[1].parse().unwrap(), w[2].parse().unwrap());
    println!("{}", a + b);
}
"#;

/// A solution of the guessing game whose next guess is `next` (of `low` and `high`).
fn guesser(next: &str) -> String {
    format!(
        r#"use std::io::{{BufRead, Write}};
fn main() {{
    let stdin = std::io::stdin();
    let mut replies = stdin.lock().lines();
    let mut out = std::io::stdout();
    let (mut low, mut high) = (1u32, 1000u32);
    loop {{
        let guess: u32 = {};
        writeln!(out, "{{}}", guess).unwrap();
        out.flush().unwrap();
        match replies.next() {{
            Some(Ok(r)) if r.trim() == "lower" => high = guess - 1,
            Some(Ok(r)) if r.trim() == "higher" => low = guess + 1,
            _ => return,
        }}
    }}
}}
"#,
        next
    )
}

/// A one-binary problem's manifest with `metadata` in `[package.metadata.judge]`.
fn manifest_with(name: &str, metadata: &str) -> String {
    manifest(name).replacen("compare = \"lines\"", metadata, 1)
        + &format!("\n[[bin]]\nname = \"{0}\"\npath = \"src/main.rs\"\n", name)
}

/// Whether this machine has a C++ compiler as the judge looks for one (`CXX`, else `g++`,
/// else `clang++` on PATH); when not, says on stderr that `test` is skipped.
fn cxx_or_skip(test: &str) -> bool {
    let named = env::var_os("CXX").filter(|v| !v.is_empty());
    let candidates: Vec<PathBuf> = match named {
        Some(cxx) => vec![PathBuf::from(cxx)],
        None => vec!["g++".into(), "clang++".into()],
    };
    let found = candidates.iter().any(|c| {
        Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !found {
        eprintln!(
            "skipped {}: no C++ compiler here (CXX unset or not running, no g++ or clang++ on \
             PATH)",
            test
        );
    }
    found
}

/// Owned (path, text) pairs borrowed as the workspace takes them.
fn borrowed(files: &[(String, String)]) -> Vec<(&str, &str)> {
    files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect()
}

#[test]
fn a_cpp_checker_and_validator_give_testlibs_verdicts() {
    if !cxx_or_skip("a_cpp_checker_and_validator_give_testlibs_verdicts") {
        return;
    }
    let meta = "compare = \"checker\"\nchecker = \"pkg/check.cpp\"\n\
                validator = \"pkg/validator.cpp\"\ninclude = \"lib\"";
    let mut files: Vec<(String, String)> = vec![
        ("problems/tl/Cargo.toml".into(), manifest_with("tl", meta)),
        ("problems/tl/src/main.rs".into(), SUM.into()),
        ("problems/tl/lib/testlib.h".into(), HEADER.into()),
        ("problems/tl/pkg/check.cpp".into(), CHECKER.into()),
        ("problems/tl/pkg/validator.cpp".into(), VALIDATOR.into()),
    ];
    let cases = [
        ("sum 1 2", "3"),
        ("sum 2 2", "5"),
        ("word 1 2", "3"),
        ("crash 1 2", "3"),
        ("fail 1 2", "3"),
        ("points 1 2", "3"),
        ("sum 1 500", "501"),
    ];
    for (i, (input, answer)) in cases.iter().enumerate() {
        files.push((format!("samples/tl/{}.in", i + 1), format!("{}\n", input)));
        files.push((format!("samples/tl/{}.out", i + 1), format!("{}\n", answer)));
    }
    let root = workspace("testlib-checker", &borrowed(&files));
    let out = judge(&root, &["check", "tl"]);
    let stdout = text(&out.stdout);
    assert_ne!(out.status.code(), Some(0), "{}", stdout);
    assert!(line(&stdout, "tl", "1", "").contains(" AC "), "{}", stdout);
    let wa = line(&stdout, "tl", "2", " WA ");
    assert!(
        wa.contains("checker: wrong answer expected 5, found 4"),
        "{}",
        wa
    );
    let pe = line(&stdout, "tl", "3", " PE ");
    assert!(pe.contains("`three` is not a number"), "{}", pe);
    let crash = line(&stdout, "tl", "4", " FAIL ");
    assert!(
        crash.contains("the checker problems/tl/pkg/check.cpp failed (killed by SIGABRT"),
        "{}",
        crash
    );
    let fail = line(&stdout, "tl", "5", " FAIL ");
    assert!(
        fail.contains("failed (exit status 3: FAIL the checker cannot read this input)"),
        "{}",
        fail
    );
    let points = line(&stdout, "tl", "6", " PTS ");
    assert!(points.contains("points 0.5 half of it"), "{}", points);
    // The validator refuses the input of case 7, a row of its own; the case still runs.
    let invalid = line(&stdout, "tl", "7", "INVALID");
    assert!(
        invalid.contains("input refused by problems/tl/pkg/validator.cpp: FAIL b = 500"),
        "{}",
        invalid
    );
    assert!(
        line(&stdout, "tl", "7", " AC ").contains("AC"),
        "{}",
        stdout
    );
    assert_eq!(stdout.matches("INVALID").count(), 1, "{}", stdout);
    assert!(
        stdout.contains("1 sample input refused by the validator"),
        "{}",
        stdout
    );

    // A compile error: one line naming the source and the first error.
    fs::write(
        root.join("problems/tl/pkg/check.cpp"),
        "#include \"testlib.h\"\nint main() { return nope; }\n",
    )
    .unwrap();
    let out = judge(&root, &["check", "tl"]);
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("nope")).collect();
    assert_eq!(said.len(), 1, "{}", stderr);
    assert!(
        said[0].contains("problems/tl/pkg/check.cpp: check.cpp:2:"),
        "{}",
        stderr
    );
}

#[test]
fn a_cpp_interactor_talks_with_a_rust_solution() {
    if !cxx_or_skip("a_cpp_interactor_talks_with_a_rust_solution") {
        return;
    }
    let meta = "interactive = true\ninteractor = \"pkg/interactor.cpp\"";
    let mut files: Vec<(String, String)> = Vec::new();
    for (name, next) in [("halving", "low + (high - low) / 2"), ("linear", "low")] {
        let dir = format!("problems/{}", name);
        files.push((format!("{}/Cargo.toml", dir), manifest_with(name, meta)));
        files.push((format!("{}/src/main.rs", dir), guesser(next)));
        files.push((format!("{}/pkg/testlib.h", dir), HEADER.into()));
        files.push((format!("{}/pkg/interactor.cpp", dir), INTERACTOR.into()));
        files.push((format!("samples/{}/1.in", name), "731\n".into()));
    }
    files.push(("samples/halving/2.in".into(), "crash\n".into()));
    let root = workspace("testlib-interactor", &borrowed(&files));
    let out = judge(&root, &["check"]);
    let stdout = text(&out.stdout);
    assert!(
        line(&stdout, "halving", "1", "").contains(" AC "),
        "{}{}",
        stdout,
        text(&out.stderr)
    );
    let wa = line(&stdout, "linear", "1", " WA ");
    assert!(
        wa.contains("interactor: wrong answer 10 guesses, and 731 is not found"),
        "{}",
        wa
    );
    // `make run IN=...` talks with the C++ interactor too.
    let ran = text(&judge(&root, &["run", "linear", "--in", "samples/linear/1.in"]).stdout);
    assert!(
        ran.contains("interactor -> higher") && ran.contains("WA interactor: wrong answer 10"),
        "{}",
        ran
    );
    let crash = line(&stdout, "halving", "2", " FAIL ");
    assert!(
        crash.contains(
            "the interactor problems/halving/pkg/interactor.cpp failed (killed by SIGABRT"
        ),
        "{}",
        crash
    );
}

#[test]
fn without_a_cpp_compiler_the_check_says_so_in_one_line() {
    let meta = "compare = \"checker\"\nchecker = \"check.cpp\"";
    let root = workspace(
        "testlib-no-compiler",
        &[
            ("problems/nocxx/Cargo.toml", &manifest_with("nocxx", meta)),
            ("problems/nocxx/src/main.rs", SUM),
            ("problems/nocxx/check.cpp", CHECKER),
            ("samples/nocxx/1.in", "sum 1 2\n"),
            ("samples/nocxx/1.out", "3\n"),
        ],
    );
    let bin = path_without(&root.join("no-cxx-bin"), &["g++", "clang++"]);
    let path = env::join_paths([support::real_root().join(".tools/bin"), bin]).unwrap();
    let mut command = support::judge_command(&root, &["check", "nocxx"]);
    command.env("PATH", path).env_remove("CXX");
    let out = command.output().unwrap();
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert_eq!(
        stderr.trim_end(),
        "judge: no C++ compiler: install g++ (apt-get install g++, or xcode-select --install \
         on macOS), or set CXX",
        "{}",
        text(&out.stdout)
    );
}

/// A folder `dir` of links to every program on PATH (the first of each name) but `left_out`:
/// a PATH that has all this machine's tools but those.
fn path_without(dir: &Path, left_out: &[&str]) -> PathBuf {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).unwrap();
    let mut seen: HashSet<std::ffi::OsString> = HashSet::new();
    for folder in env::split_paths(&env::var_os("PATH").unwrap_or_default()) {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if left_out.iter().any(|l| name == *l) || !seen.insert(name.clone()) {
                continue;
            }
            let _ = std::os::unix::fs::symlink(entry.path(), dir.join(&name));
        }
    }
    dir.to_path_buf()
}

#[test]
fn a_wa_names_anycase_for_letter_case_and_checker_for_another_order() {
    let print = |answer: &str| format!("fn main() {{ println!(\"{}\"); }}\n", answer);
    let mut files: Vec<(String, String)> = Vec::new();
    for (name, compare, printed) in [
        ("caseonly", "tokens", "yes no"),
        ("anycased", "anycase", "yes no"),
        ("reorder", "tokens", "3 1 2"),
    ] {
        let meta = format!("compare = \"{}\"", compare);
        files.push((
            format!("problems/{}/Cargo.toml", name),
            manifest_with(name, &meta),
        ));
        files.push((format!("problems/{}/src/main.rs", name), print(printed)));
        files.push((format!("samples/{}/1.in", name), "\n".into()));
        let answer = if name == "reorder" { "1 2 3" } else { "YES NO" };
        files.push((format!("samples/{}/1.out", name), format!("{}\n", answer)));
    }
    let root = workspace("testlib-hints", &borrowed(&files));
    let out = judge_with(&root, &["check"], &[]);
    let stdout = text(&out.stdout);
    let case = line(&stdout, "caseonly", "1", " WA ");
    assert!(
        case.contains("got `yes no`")
            && case.contains("only letter case differs")
            && case.contains("compare = \"anycase\""),
        "{}",
        case
    );
    assert!(
        line(&stdout, "anycased", "1", "").contains(" AC "),
        "{}",
        stdout
    );
    let order = line(&stdout, "reorder", "1", " WA ");
    assert!(
        order.contains("the same tokens in another order")
            && order.contains("compare = \"checker\""),
        "{}",
        order
    );
}

#[test]
fn stress_judges_with_the_cpp_checker_and_interactor() {
    if !cxx_or_skip("stress_judges_with_the_cpp_checker_and_interactor") {
        return;
    }
    let gen = |body: &str| {
        format!(
            "fn main() {{\n    let args: Vec<String> = std::env::args().collect();\n    \
             let at = args.iter().position(|a| a == \"--seed\").unwrap();\n    \
             let seed: u64 = args[at + 1].parse().unwrap();\n    {}\n}}\n",
            body
        )
    };
    let kit = |name: &str, roles: &[(&str, &str)]| -> String {
        roles
            .iter()
            .map(|(role, path)| {
                format!(
                    "\n[[bin]]\nname = \"{}-{}\"\npath = \"{}\"\n",
                    name, role, path
                )
            })
            .collect()
    };
    let sum_meta = "compare = \"checker\"\nchecker = \"pkg/check.cpp\"\nstress = [[]]";
    let guess_meta = "interactive = true\ninteractor = \"pkg/interactor.cpp\"\nstress = [[]]";
    let reference = "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    \
                     std::io::stdin().read_to_string(&mut s).unwrap();\n    \
                     let w: Vec<i64> = s.split_whitespace().skip(1).map(|t| \
                     t.parse().unwrap()).collect();\n    println!(\"{}\", w[0] + w[1]);\n}\n";
    let files: Vec<(String, String)> = vec![
        (
            "problems/sumst/Cargo.toml".into(),
            manifest_with("sumst", sum_meta)
                + &kit(
                    "sumst",
                    &[("gen", "src/bin/gen.rs"), ("ref", "src/bin/ref.rs")],
                ),
        ),
        ("problems/sumst/src/main.rs".into(), SUM.into()),
        (
            "problems/sumst/src/bin/gen.rs".into(),
            gen("println!(\"sum {} {}\", seed % 7, seed % 5 + 1);"),
        ),
        ("problems/sumst/src/bin/ref.rs".into(), reference.into()),
        ("problems/sumst/pkg/testlib.h".into(), HEADER.into()),
        ("problems/sumst/pkg/check.cpp".into(), CHECKER.into()),
        ("minus.rs".into(), SUM.replace("a + b", "a - b")),
        (
            "problems/guesst/Cargo.toml".into(),
            manifest_with("guesst", guess_meta) + &kit("guesst", &[("gen", "src/bin/gen.rs")]),
        ),
        (
            "problems/guesst/src/main.rs".into(),
            guesser("low + (high - low) / 2"),
        ),
        (
            "problems/guesst/src/bin/gen.rs".into(),
            gen("println!(\"{}\", seed * 161 % 1000 + 1);"),
        ),
        ("problems/guesst/pkg/testlib.h".into(), HEADER.into()),
        (
            "problems/guesst/pkg/interactor.cpp".into(),
            INTERACTOR.into(),
        ),
        ("linear.rs".into(), guesser("low")),
    ];
    let root = workspace("testlib-stress", &borrowed(&files));
    let stress = |name: &str, solver: Option<&str>, code: i32| {
        let mut args = vec!["stress", name, "--n", "6", "--seed", "1"];
        let file = solver.map(|s| root.join(s).display().to_string());
        if let Some(file) = &file {
            args.extend(["--solver", file.as_str()]);
        }
        support::judge_exits(&root, &args, code)
    };
    let out = stress("sumst", None, 0);
    assert!(out.contains("sumst: 6 cases passed"), "{}", out);
    let out = stress("sumst", Some("minus.rs"), 1);
    assert!(
        out.contains("sumst WA on case 1 of 6") && out.contains("checker: wrong answer expected"),
        "{}",
        out
    );
    let out = stress("guesst", None, 0);
    assert!(out.contains("guesst: 6 cases passed"), "{}", out);
    let out = stress("guesst", Some("linear.rs"), 1);
    assert!(out.contains("guesst WA on case 1 of 6"), "{}", out);
    let note = fs::read_to_string(root.join("samples/guesst/1.note")).unwrap();
    assert!(
        note.contains("decided by problems/guesst/pkg/interactor.cpp"),
        "{}",
        note
    );
}

#[test]
fn a_rust_checker_keeps_its_own_contract() {
    let checker = r#"fn main() {
    let args: Vec<String> = std::env::args().collect();
    let output = std::fs::read_to_string(&args[2]).unwrap();
    match output.trim() {
        "3" => {}
        "4" => {
            println!("four is wrong");
            std::process::exit(1);
        }
        _ => {
            eprintln!("cannot read it");
            std::process::exit(2);
        }
    }
}
"#;
    let manifest = manifest_with("rustck", "compare = \"checker\"")
        + "\n[[bin]]\nname = \"rustck-check\"\npath = \"src/bin/checker.rs\"\n";
    let root = workspace(
        "testlib-rust-checker",
        &[
            ("problems/rustck/Cargo.toml", &manifest),
            ("problems/rustck/src/main.rs", SUM),
            ("problems/rustck/src/bin/checker.rs", checker),
            ("samples/rustck/1.in", "sum 1 2\n"),
            ("samples/rustck/1.out", "3\n"),
            ("samples/rustck/2.in", "sum 2 2\n"),
            ("samples/rustck/2.out", "4\n"),
        ],
    );
    let stdout = text(&judge(&root, &["check"]).stdout);
    assert!(
        line(&stdout, "rustck", "1", "").contains(" AC "),
        "{}",
        stdout
    );
    let wa = line(&stdout, "rustck", "2", " WA ");
    assert!(wa.ends_with("checker: four is wrong"), "{}", wa);
    // Any other exit stops the command: the test kit is broken, no verdict is given.
    fs::write(root.join("samples/rustck/3.in"), "word 1 2\n").unwrap();
    fs::write(root.join("samples/rustck/3.out"), "3\n").unwrap();
    let out = judge(&root, &["check"]);
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr.contains("rustck case 3: the checker")
            && stderr.contains("failed (exit status 2): cannot read it"),
        "{}",
        stderr
    );
}
