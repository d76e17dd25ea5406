//! Files and names the tool must refuse in one line, without hanging and without writing:
//! sample files that are not regular files of the workspace, stray and doubly named samples,
//! an endless `import`, and problem names cargo cannot build or the workspace already uses.

mod support;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use support::{judge_command, manifest, text, workspace, workspace_like_real};

/// Runs the judge to its end, killing it (and failing) after `secs`; also returns how long
/// it took.
fn bounded(root: &Path, args: &[&str], secs: u64) -> (Output, Duration) {
    let start = Instant::now();
    let mut child = judge_command(root, args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("judge {:?} still running after {} s", args, secs);
        }
        thread::sleep(Duration::from_millis(20));
    }
    (child.wait_with_output().unwrap(), start.elapsed())
}

/// The one line the judge printed on stderr when it refused (status 2).
fn refusal(out: &Output) -> String {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}{}", text(&out.stdout), err);
    assert_eq!(err.lines().count(), 1, "{}", err);
    err.trim_end().to_string()
}

#[test]
fn check_refuses_samples_that_are_not_plain_cases() {
    let root = workspace(
        "refuse-samples",
        &[
            ("problems/abc/Cargo.toml", &manifest("abc")),
            ("problems/abc/src/main.rs", "fn main() {}\n"),
            ("samples/abc/1.in", "1\n"),
            ("samples/abc/1.out", "1\n"),
        ],
    );
    let dir = root.join("samples/abc");
    let fifo = |name: &str| {
        let made = Command::new("mkfifo").arg(dir.join(name)).status().unwrap();
        assert!(made.success());
    };
    type Plant<'a> = (&'a str, &'a dyn Fn(), &'a str);
    let plants: [Plant; 9] = [
        (
            "2.in",
            &|| fifo("2.in"),
            "samples/abc/2.in: a FIFO; a sample must be a regular file",
        ),
        (
            "1.err",
            &|| symlink("/dev/zero", dir.join("1.err")).unwrap(),
            "samples/abc/1.err: a link leading outside the workspace (to /dev/zero)",
        ),
        ("1.code", &|| fifo("1.code"), "samples/abc/1.code: a FIFO"),
        (
            "3.out",
            &|| fs::write(dir.join("3.out"), "").unwrap(),
            "samples/abc/3.out: no 3.in beside it",
        ),
        (
            "4 5.in",
            &|| fs::write(dir.join("4 5.in"), "").unwrap(),
            "samples/abc/4 5.in: not a case name the check takes",
        ),
        (
            "é.in",
            &|| fs::write(dir.join("é.in"), "").unwrap(),
            "samples/abc/\\u{e9}.in: not a case name the check takes",
        ),
        (
            " 7.in",
            &|| fs::write(dir.join(" 7.in"), "").unwrap(),
            "samples/abc/ 7.in: not a case name the check takes; rename it 7.in",
        ),
        (
            "01.in",
            &|| fs::write(dir.join("01.in"), "").unwrap(),
            "samples/abc/01.in: a second name for case 1 (beside 1.in); keep one",
        ),
        (
            "+1.in",
            &|| fs::write(dir.join("+1.in"), "").unwrap(),
            "samples/abc/+1.in: a second name for case 1 (beside 1.in)",
        ),
    ];
    for (file, plant, wanted) in plants {
        plant();
        let (out, took) = bounded(&root, &["check", "abc"], 60);
        let line = refusal(&out);
        assert!(line.contains(wanted), "{}: {}", file, line);
        // Refused before anything is built or run.
        assert!(!root.join("target/submit/abc.rs").exists(), "{}", file);
        assert!(took < Duration::from_secs(30), "{}: {:?}", file, took);
        fs::remove_file(dir.join(file)).unwrap();
    }
}

#[test]
fn import_of_an_endless_file_is_refused_at_the_cap() {
    let root = workspace_like_real("refuse-dev-zero");
    let (out, took) = bounded(&root, &["import", "/dev/zero"], 30);
    let line = refusal(&out);
    assert!(
        line.contains("/dev/zero: over 4 MiB, more than a saved problem or contest holds"),
        "{}",
        line
    );
    assert!(took < Duration::from_secs(10), "{:?}", took);
    assert_eq!(fs::read_dir(root.join("problems")).unwrap().count(), 0);
}

#[test]
fn names_cargo_cannot_build_or_the_workspace_holds_are_refused_with_a_fix() {
    let root = workspace_like_real("refuse-names");
    for (name, why, fix) in [
        (
            "judge",
            "a package of the workspace",
            "try `judge1` or `p_judge`",
        ),
        (
            "bits",
            "a package of the workspace",
            "try `bits1` or `p_bits`",
        ),
        (
            "sudoku",
            "a package of the workspace",
            "try `sudoku1` or `p_sudoku`",
        ),
        ("fn", "a Rust keyword", "try `fn1` or `p_fn`"),
        ("self", "a Rust keyword", "try `self1` or `p_self`"),
        ("crate", "a Rust keyword", "try `crate1` or `p_crate`"),
        ("std", "Rust's own toolchain", "try `std1` or `p_std`"),
        ("test", "Rust's own toolchain", "try `test1` or `p_test`"),
        ("core", "Rust's own toolchain", "try `core1` or `p_core`"),
        ("proc_macro", "Rust's own toolchain", "try `proc_macro1`"),
        ("1a", "not a usable problem name", "(try `p1a`)"),
        ("Cf4A", "not a usable problem name", "(try `cf4a`)"),
    ] {
        let (out, _) = bounded(&root, &["new", name], 30);
        let line = refusal(&out);
        assert!(
            line.contains(why) && line.contains(fix),
            "{}: {}",
            name,
            line
        );
    }
    assert_eq!(fs::read_dir(root.join("problems")).unwrap().count(), 0);
    assert!(!root.join("samples").exists());
    // The suggested names are taken.
    let (out, _) = bounded(&root, &["new", "fn1"], 30);
    assert!(out.status.success(), "{}", text(&out.stderr));

    // `import` (and `receive`, which writes through the same code) refuses them too.
    for (task, why) in [
        (
            "https://atcoder.jp/contests/x/tasks/fn",
            "`fn` is a Rust keyword",
        ),
        (
            "https://atcoder.jp/contests/x/tasks/judge",
            "`judge` is the name of a package",
        ),
        (
            "https://www.luogu.com.cn/problem/std",
            "`std` is the name of a crate of Rust",
        ),
    ] {
        let json = format!(
            r#"{{"name": "x", "url": "{}", "memoryLimit": 256, "timeLimit": 1000,
               "tests": [{{"input": "1\n", "output": "1\n"}}]}}"#,
            task
        );
        fs::write(root.join("task.json"), json).unwrap();
        let (out, _) = bounded(&root, &["import", "task.json"], 30);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
        let err = text(&out.stderr);
        assert!(
            err.contains(why) && err.contains("try"),
            "{}: {}",
            task,
            err
        );
        assert_eq!(err.lines().count(), 1, "{}", err);
    }
    let mut made: Vec<String> = fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    made.sort();
    assert_eq!(made, ["fn1"]);
}
