//! Verdicts come from the process, never from its text: planted programs and files whose
//! rows a judge would not give if the tool believed what a program printed, decoded bytes
//! lossily, or took a limit or a sample name it cannot honour.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;
use support::{judge_exits, line, text, workspace, Manifest};

/// Does as its input's first word says.
const PLANTED_MAIN: &str = r#"use std::io::{Read, Write};
fn depth(next: &[usize], v: usize) -> usize {
    if v == next.len() {
        return 0;
    }
    let mut seen = [0u8; 64];
    seen[v % 64] = 1;
    let below = depth(next, next[v]);
    (below.wrapping_mul(31) ^ v) + usize::from(seen[below % 64])
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let out = std::io::stdout();
    let mut out = out.lock();
    match s.split_whitespace().next().unwrap_or("") {
        // A correct answer, and text on stderr that reads like a failed allocation.
        "says" => {
            eprintln!("memory allocation of 8 bytes failed (a test message)");
            writeln!(out, "ok").unwrap();
        }
        "huge" => {
            // Used, so that the allocation is not optimized away.
            let mut v: Vec<u8> = Vec::with_capacity(1 << 50);
            v.push(7);
            writeln!(out, "{} {}", v[0], v.as_ptr() as usize % 2).unwrap();
        }
        "ff" => out.write_all(b"\xff\n").unwrap(),
        "nbsp" => writeln!(out, "ok\u{a0}").unwrap(),
        "deep" => {
            let next: Vec<usize> = (1..=1_000_000).collect();
            writeln!(out, "{}", depth(&next, 0)).unwrap();
        }
        _ => writeln!(out, "ok").unwrap(),
    }
}
"#;

/// A problem listed for `judge` (generic or atcoder), compared as `compare` says, 2000 ms and
/// 256 MiB.
fn manifest(name: &str, compare: &str, judge: &str) -> String {
    let (problem, url) = match judge {
        "atcoder" => (
            "abc001_a",
            "https://atcoder.jp/contests/abc001/tasks/abc001_a",
        ),
        _ => ("1", "http://example.invalid/1"),
    };
    Manifest {
        metadata: format!("compare = \"{}\"", compare),
        judge: judge.to_string(),
        problem: problem.to_string(),
        url: url.to_string(),
        time_ms: 2000,
        memory_mib: 256,
        ..Manifest::new(name)
    }
    .render()
}

/// The cases: (name, input, expected output).
const CASES: [(&str, &str, &[u8]); 5] = [
    ("1", "says\n", b"ok\n"),
    ("2", "huge\n", b"0\n"),
    ("3", "ff\n", b"\xfe\n"),
    ("4", "nbsp\n", b"ok\n"),
    ("5", "deep\n", b"0\n"),
];

/// The workspace: `lines` and `tokens` run the planted program (lines and tokens compared),
/// `ce` does not compile (an AtCoder problem).
fn planted() -> &'static (PathBuf, String) {
    static PLANTED: OnceLock<(PathBuf, String)> = OnceLock::new();
    PLANTED.get_or_init(|| {
        let ce_main = "fn main() {\n    let x: u32 = \"text\";\n    println!(\"{}\", x);\n}\n";
        let files = [
            ("lines", manifest("lines", "lines", "generic"), PLANTED_MAIN),
            (
                "tokens",
                manifest("tokens", "tokens", "generic"),
                PLANTED_MAIN,
            ),
            ("ce", manifest("ce", "lines", "atcoder"), ce_main),
        ];
        let mut all: Vec<(String, String)> = Vec::new();
        for (name, toml, main) in &files {
            all.push((format!("problems/{}/Cargo.toml", name), toml.clone()));
            all.push((format!("problems/{}/src/main.rs", name), main.to_string()));
        }
        let borrowed: Vec<(&str, &str)> = all.iter().map(|(p, b)| (&p[..], &b[..])).collect();
        let root = workspace("verdicts", &borrowed);
        for problem in ["lines", "tokens"] {
            let dir = root.join("samples").join(problem);
            fs::create_dir_all(&dir).unwrap();
            for (name, input, output) in CASES {
                fs::write(dir.join(format!("{}.in", name)), input).unwrap();
                fs::write(dir.join(format!("{}.out", name)), output).unwrap();
            }
        }
        fs::create_dir_all(root.join("samples/ce")).unwrap();
        fs::write(root.join("samples/ce/1.in"), "1\n").unwrap();
        fs::write(root.join("samples/ce/1.out"), "1\n").unwrap();
        let stdout = check_with_stack(&root, &["check", "lines", "tokens"]);
        eprintln!("{}", stdout);
        (root, stdout)
    })
}

/// Runs the check from a shell at an 8 MiB `RLIMIT_STACK`, as a user's usually is (the runs
/// get the judge's stack whatever it is: `the_judges_stack_decides_whatever_the_shells`):
/// its stdout, the check failing as it must.
fn check_with_stack(root: &Path, args: &[&str]) -> String {
    let path = format!(
        "{}:{}",
        support::real_root().join(".tools/bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shell = std::process::Command::new("sh");
    shell
        .arg("-c")
        .arg("ulimit -S -s 8192 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(root)
        .env("PATH", path)
        .env_remove("CARGO_TARGET_DIR");
    let out = shell.output().unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout,
        text(&out.stderr)
    );
    stdout
}

fn row(problem: &str, case: &str) -> &'static str {
    line(&planted().1, problem, case, "")
}

#[test]
fn text_on_stderr_is_not_a_verdict() {
    for problem in ["lines", "tokens"] {
        let says = row(problem, "1");
        assert!(says.contains(" AC "), "{}", says);
    }
}

#[test]
fn a_failed_allocation_is_re_with_the_size_asked_for() {
    let huge = row("lines", "2");
    assert!(
        huge.contains(" RE ")
            && huge.contains(
                "allocation of 1125899906842624 bytes failed (the process was killed by SIGABRT)"
            ),
        "{}",
        huge
    );
}

#[test]
fn invalid_bytes_differ_and_show_escaped() {
    let lines = row("lines", "3");
    assert!(
        lines.contains(" WA ") && lines.contains("expected `\\xfe`, got `\\xff`"),
        "{}",
        lines
    );
    let tokens = row("tokens", "3");
    assert!(
        tokens.contains(" WA ") && tokens.contains("expected `\\xfe`, got `\\xff`"),
        "{}",
        tokens
    );
    assert!(!planted().1.contains('\u{fffd}'), "{}", planted().1);
}

#[test]
fn a_trailing_no_break_space_is_shown_escaped() {
    for problem in ["lines", "tokens"] {
        let nbsp = row(problem, "4");
        assert!(
            nbsp.contains(" WA ") && nbsp.contains("got `ok\\u{a0}`"),
            "{}",
            nbsp
        );
    }
}

#[test]
fn a_stack_overflow_is_named_with_its_stack_and_the_fix() {
    let deep = row("lines", "5");
    assert!(
        deep.contains(" RE ")
            && deep.contains(
                "stack overflow (8 MiB stack; the judge's is unknown): deep recursion: run \
                 solve() on a thread with a larger stack"
            ),
        "{}",
        deep
    );
}

/// The judge's one-line refusal (status 2) of `args`.
fn refusal(root: &Path, args: &[&str]) -> String {
    let out: Output = support::judge(root, args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}{}", text(&out.stdout), err);
    assert_eq!(err.lines().count(), 1, "{}", err);
    err
}

#[test]
fn limits_past_their_maxima_are_refused_naming_the_key() {
    let root = workspace(
        "verdicts-limits",
        &[
            (
                "problems/big/Cargo.toml",
                &manifest("big", "lines", "generic"),
            ),
            ("problems/big/src/main.rs", "fn main() {}\n"),
        ],
    );
    let toml = root.join("problems/big/Cargo.toml");
    let base = fs::read_to_string(&toml).unwrap();
    for (value, shown) in [
        ("1e13", "10000000000000"),
        ("17592186044416", "17592186044416"),
    ] {
        fs::write(&toml, format!("{}output-limit-mib = {}\n", base, value)).unwrap();
        let e = refusal(&root, &["check", "big"]);
        assert!(
            e.contains(&format!(
                "judges table 1: `output-limit-mib = {}` is over 1024 (1 GiB), the most the \
                 check takes",
                shown
            )),
            "{}",
            e
        );
    }
}

#[test]
fn sample_names_and_statuses_the_check_cannot_take_are_refused() {
    let root = workspace(
        "verdicts-samples",
        &[
            (
                "problems/odd/Cargo.toml",
                &manifest("odd", "lines", "generic"),
            ),
            ("problems/odd/src/main.rs", "fn main() {}\n"),
            ("samples/odd/1.in", "1\n"),
            ("samples/odd/1.out", "\n"),
            ("samples/odd/5.IN", "5\n"),
        ],
    );
    let e = refusal(&root, &["check", "odd"]);
    assert!(
        e.contains(
            "samples/odd/5.IN: not a case name the check takes (`.IN`, not `.in`); rename it 5.in"
        ),
        "{}",
        e
    );
    fs::remove_file(root.join("samples/odd/5.IN")).unwrap();
    fs::write(root.join("samples/odd/1.code"), "256\n").unwrap();
    let e = refusal(&root, &["check", "odd"]);
    assert!(
        e.contains(
            "samples/odd/1.code: 256 is not an exit status a process can give (0..=255), so no \
             run could pass"
        ),
        "{}",
        e
    );
}

#[test]
fn submit_after_a_compile_error_is_not_ready() {
    let root = &planted().0;
    let stdout = judge_exits(root, &["submit", "ce"], 1);
    assert!(stdout.contains(" CE "), "{}", stdout);
    assert!(
        !stdout.lines().any(|l| l.starts_with("ready for")),
        "{}",
        stdout
    );
    assert!(
        stdout.contains("not ready for AtCoder abc001_a: the check does not pass"),
        "{}",
        stdout
    );
    let listed = judge_exits(root, &["list", "ce", "lines"], 0);
    assert!(
        listed.contains("stack: 1 GiB (secondhand: `ulimit -s` on AtCoder's code-test page"),
        "{}",
        listed
    );
    assert!(
        listed.contains("stack: unknown (a judge this table does not know); runs get 8 MiB"),
        "{}",
        listed
    );
}

/// A depth-first search over a path of N nodes: ordinary recursion, about 100 bytes of stack
/// a level, so 10^6 levels need some 100 MiB.
const DEEP_DFS: &str = r#"use std::io::Read;
fn dfs(v: usize, next: &[usize], seen: &mut [bool], order: &mut Vec<usize>) {
    seen[v] = true;
    let w = next[v];
    if w != usize::MAX && !seen[w] {
        dfs(w, next, seen, order);
    }
    order.push(v);
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let next: Vec<usize> = (0..n).map(|v| if v + 1 < n { v + 1 } else { usize::MAX }).collect();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    dfs(0, &next, &mut seen, &mut order);
    println!("{} {}", order.len(), order[0]);
}
"#;

/// The run's stack is the judge's, whatever the shell's: the 10^6-deep DFS is AC under
/// AtCoder's 1 GiB and RE, named with its 8 MiB, where the judge's stack is unknown, with
/// the check's own `RLIMIT_STACK` unlimited and at 8 MiB alike.
#[test]
fn the_judges_stack_decides_whatever_the_shells() {
    let files = [
        (
            "problems/deep_atcoder/Cargo.toml",
            manifest("deep_atcoder", "tokens", "atcoder"),
        ),
        ("problems/deep_atcoder/src/main.rs", DEEP_DFS.to_string()),
        (
            "problems/deep_generic/Cargo.toml",
            manifest("deep_generic", "tokens", "generic"),
        ),
        ("problems/deep_generic/src/main.rs", DEEP_DFS.to_string()),
        ("samples/deep_atcoder/1.in", "1000000\n".to_string()),
        ("samples/deep_atcoder/1.out", "1000000 999999\n".to_string()),
        ("samples/deep_generic/1.in", "1000000\n".to_string()),
        ("samples/deep_generic/1.out", "1000000 999999\n".to_string()),
    ];
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(p, b)| (*p, &b[..])).collect();
    let root = workspace("deep-dfs", &borrowed);
    for shell_stack in ["unlimited", "8192"] {
        let out = check_under(&root, &format!("ulimit -S -s {}", shell_stack));
        let atcoder = line(&out, "deep_atcoder", "1", "");
        assert!(atcoder.contains(" AC "), "ulimit {}: {}", shell_stack, out);
        let generic = line(&out, "deep_generic", "1", "");
        assert!(
            generic.contains(" RE ")
                && generic.contains("stack overflow (8 MiB stack; the judge's is unknown)"),
            "ulimit {}: {}",
            shell_stack,
            out
        );
    }
}

/// The check of every problem in `root`, run by a shell that first does `ulimit`: its
/// stdout (the check fails, as the generic problem's case must).
fn check_under(root: &Path, ulimit: &str) -> String {
    let path = format!(
        "{}:{}",
        support::real_root().join(".tools/bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{} && exec \"$0\" check", ulimit))
        .arg(env!("CARGO_BIN_EXE_judge"))
        .current_dir(root)
        .env("PATH", path)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout,
        text(&out.stderr)
    );
    stdout
}
