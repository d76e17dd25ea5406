//! `make worst` finds what matters: a planted solution with a heavy tail goes over the limit
//! within a bounded search, while the real submission stays far below it on the same search.

mod support;

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use support::{fixture, judge_exits, real_root, text};

/// The table rows of a `worst` report: rank, cpu ms, wall ms, limit ms, margin, found, command.
fn table(out: &str) -> Vec<Vec<&str>> {
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f.len() > 6 && f[0].parse::<u32>().is_ok() && f[6].ends_with("-gen"))
        .collect()
}

/// The same bounded search (60 survey inputs from seed 1, half as many again to focus) under
/// a 100 ms limit, for the planted naive search and for the real submission.
fn search(solver: Option<&Path>, out: &Path, code: i32) -> String {
    let _ = fs::remove_dir_all(out);
    let mut args = vec![
        "worst",
        "poj2676",
        "--n",
        "60",
        "--seed",
        "1",
        "--limit-ms",
        "100",
        "--out",
        out.to_str().unwrap(),
    ];
    if let Some(file) = solver {
        args.extend(["--solver", file.to_str().unwrap()]);
    }
    judge_exits(&real_root(), &args, code)
}

/// The planted search with a heavy tail goes over the limit, and its saved inputs (which
/// usually include swaps of the climb) regenerate from their commands. Beside the next test:
/// the two searches are independent, each in its own folders.
#[test]
fn worst_catches_the_heavy_tail() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let planted = fixture("poj2676_heavy_tail.rs");
    let naive = search(Some(&planted), &tmp.join("worst-naive"), 1);
    let rows = table(&naive);
    assert_eq!(rows.len(), 5, "{}", naive);
    // The slowest is over the limit: killed at the cap, or CPU time past 100 ms.
    let top = &rows[0];
    assert!(
        top[4] == "killed" || top[1].parse::<f64>().unwrap() > 100.0,
        "{}",
        naive
    );
    assert!(
        naive.contains("FAIL:") && naive.contains("over the 100 ms limit"),
        "{}",
        naive
    );
    assert!(naive.contains("> 100 ms |#"), "{}", naive);
    assert_regenerates(&tmp.join("worst-naive"));
}

/// The real submission stays far below the limit on the same search.
#[test]
fn worst_clears_the_real_submission() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let real = search(None, &tmp.join("worst-real"), 0);
    let rows = table(&real);
    assert_eq!(rows.len(), 5, "{}", real);
    for row in &rows {
        let margin: f64 = row[4].trim_start_matches('x').parse().unwrap();
        assert!(margin >= 10.0, "not far below the limit:\n{}", real);
    }
    assert!(!real.contains("FAIL"), "{}", real);
    assert_regenerates(&tmp.join("worst-real"));
}

/// Each input saved in `dir` comes with the reference's answer and the command that
/// regenerates it exactly (generator, then any swaps of the climb).
fn assert_regenerates(dir: &Path) {
    for rank in 1..=5 {
        let base = dir.join(format!("worst-{}", rank));
        let input = fs::read(base.with_extension("in")).unwrap();
        assert!(base.with_extension("out").is_file());
        let cmd = fs::read_to_string(base.with_extension("cmd")).unwrap();
        // `cargo run ... <name>-gen -- ARGS [| cargo run ... judge -- swap A:B ...] > worst-N.in`
        let line = cmd.lines().find(|l| l.starts_with("cargo run")).unwrap();
        let line = line.split(" > ").next().unwrap();
        let mut stages = line.split(" | ");
        let words = |stage: &str| -> Vec<String> {
            let tail = stage.split(" -- ").nth(1).unwrap();
            tail.split_whitespace().map(str::to_string).collect()
        };
        let generated = Command::new(real_root().join("target/release/poj2676-gen"))
            .args(words(stages.next().unwrap()))
            .output()
            .unwrap();
        let mut again = generated.stdout;
        if let Some(swap) = stages.next() {
            let mut replay = Command::new(env!("CARGO_BIN_EXE_judge"))
                .args(words(swap))
                .current_dir(real_root())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            replay.stdin.take().unwrap().write_all(&again).unwrap();
            again = replay.wait_with_output().unwrap().stdout;
        }
        assert_eq!(again, input, "{} does not regenerate it", line);
    }
    // Run as a script from elsewhere, the first one writes its input where it was saved.
    let first = dir.join("worst-1.in");
    let saved = fs::read(&first).unwrap();
    fs::remove_file(&first).unwrap();
    let replayed = Command::new("sh")
        .arg(dir.join("worst-1.cmd"))
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    assert_eq!(fs::read(&first).unwrap(), saved);
}

/// `judge swap`, which the saved commands use to replay the climb's swaps, swaps in turn.
#[test]
fn swap_replays_byte_swaps_in_order() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["swap", "0:3", "1:3"])
        .current_dir(real_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"abcd\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    // abcd, then bytes 0 and 3 swapped: dbca, then 1 and 3: dacb.
    assert_eq!(out.stdout, b"dacb\n");
    let bad = judge_exits_err(&["swap", "0:99"]);
    assert!(bad.contains("outside the"), "{}", bad);
}

/// Runs the judge with empty stdin, expects exit status 2, returns its stderr.
fn judge_exits_err(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(real_root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A wrong answer met on the way ends the search with exit status 1, naming the input.
#[test]
fn worst_stops_at_a_wrong_answer() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("worst-wrong");
    let planted = fixture("poj2676_planted_bug.rs");
    let out = judge_exits(
        &real_root(),
        &[
            "worst",
            "poj2676",
            "--n",
            "40",
            "--solver",
            planted.to_str().unwrap(),
            "--out",
            tmp.to_str().unwrap(),
        ],
        1,
    );
    let line = out.lines().next().unwrap_or("");
    assert!(
        line.starts_with("poj2676: ") && line.contains(" on `poj2676-gen "),
        "{}",
        out
    );
    assert!(!tmp.join("worst-1.in").exists(), "{}", out);
}
