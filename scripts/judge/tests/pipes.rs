//! A reader that leaves early (`judge list | head -1`) ends every command quietly: exit
//! status 0, no panic, no backtrace, no "Broken pipe".

mod support;

use std::fs::{self, File};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use support::{judge_command, manifest, text, workspace_like_real};

/// The write end of a pipe whose reader is gone: the one process that held the read end
/// exited without reading.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let end = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(end)
}

/// Runs the judge in `root` with its stdout a closed pipe, `input` (a file of `root`) as its
/// stdin when given, and its stderr captured.
fn with_stdout_closed(root: &Path, args: &[&str], input: Option<&str>) -> Output {
    let mut command = judge_command(root, args);
    command.stdout(closed_pipe()).stderr(Stdio::piped());
    if let Some(input) = input {
        command.stdin(File::open(root.join(input)).unwrap());
    }
    command.output().unwrap()
}

fn assert_quiet(out: &Output, what: &str) {
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{}: {}", what, err);
    assert!(!err.contains("Broken pipe"), "{}: {}", what, err);
    assert!(!err.contains("backtrace"), "{}: {}", what, err);
}

#[test]
fn every_command_ends_quietly_when_stdout_is_closed() {
    let root = workspace_like_real("closed-stdout");
    let demo = manifest("demo");
    for (path, body) in [
        ("problems/demo/Cargo.toml", demo.as_str()),
        (
            "problems/demo/src/main.rs",
            "fn main() { println!(\"3\"); }\n",
        ),
        ("samples/demo/1.in", "1 2\n"),
        ("samples/demo/1.out", "3\n"),
        ("bytes.txt", "abcdef\n"),
    ] {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, body).unwrap();
    }
    let commands: [(&[&str], Option<&str>); 6] = [
        (&["list"], None),
        (&["new", "abc"], None),
        (&["check", "demo"], None),
        (&["run", "demo", "--in", "samples/demo/1.in"], None),
        (&["swap", "0:1"], Some("bytes.txt")),
        (&["import", "no-such.json"], None),
    ];
    for (args, input) in commands {
        let out = with_stdout_closed(&root, args, input);
        let what = args.join(" ");
        assert_quiet(&out, &what);
        // Each wrote to stdout first (import: to stderr only, so it fails as it would).
        let code = if args[0] == "import" { 2 } else { 0 };
        assert_eq!(
            out.status.code(),
            Some(code),
            "{}: {}",
            what,
            text(&out.stderr)
        );
    }
    // The usage goes to stderr: with stdout closed it is said as usual ...
    let out = with_stdout_closed(&root, &[], None);
    assert_quiet(&out, "usage");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("judge: usage: judge <command>"));
    // ... and with stderr closed as well the tool still ends quietly.
    let out = judge_command(&root, &[])
        .stdout(closed_pipe())
        .stderr(closed_pipe())
        .status()
        .unwrap();
    assert_eq!(out.code(), Some(0));
}
