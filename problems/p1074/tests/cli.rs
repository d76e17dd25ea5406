//! The submission binary on inputs: the judge's samples, the committed sample folder, answers
//! without a completion, malformed inputs and exit statuses.

use std::path::Path;
use std::process::Output;
use testkit::run;

const SOLVER: &str = env!("CARGO_BIN_EXE_p1074");

/// The problem statement's first sample (answer 2829).
const SAMPLE: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
                      0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
                      0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";

fn solve(input: &str) -> Output {
    run(SOLVER, &[], input.as_bytes())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `input`, expects exit 0, nothing on stderr, and returns stdout.
fn answer(input: &str) -> String {
    let out = solve(input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty());
    text(&out.stdout)
}

#[test]
fn judge_sample() {
    assert_eq!(answer(SAMPLE), "2829\n");
}

#[test]
fn liberal_whitespace() {
    let squashed = SAMPLE.replace('\n', " \t ").replace("0 0", "0\r\n\n0");
    assert_eq!(answer(&squashed), "2829\n");
    assert_eq!(answer(SAMPLE.trim_end()), "2829\n");
    assert_eq!(answer(&format!("\n\n{}\n\n", SAMPLE)), "2829\n");
}

#[test]
fn no_completion_prints_minus_one_and_exits_0() {
    // Two 7s in row 1: the givens clash.
    let clash = SAMPLE.replacen("7 0 0 9", "7 0 7 9", 1);
    assert_eq!(answer(&clash), "-1\n");
    // No clash, but row 1's cell 9 would need a 9 and column 9 already has one.
    let mut dead = String::from("1 2 3 4 5 6 7 8 0\n0 0 0 0 0 0 0 0 9\n");
    dead.push_str(&"0 0 0 0 0 0 0 0 0\n".repeat(7));
    assert_eq!(answer(&dead), "-1\n");
    assert_eq!(answer(&"0 ".repeat(81)), "2906\n");
}

#[test]
fn malformed_inputs_say_where_and_exit_2() {
    let cases = [
        (
            SAMPLE.replacen("5 9", "5 9.0", 1),
            "row 2 (line 2): expected a digit 0..9 in column 7, found `9.0`",
        ),
        (
            SAMPLE.replacen("6 4 8", "6 4 -8", 1),
            "row 5 (line 5): expected a digit 0..9 in column 9, found `-8`",
        ),
        (
            SAMPLE.replacen("0 0 5 0 2", "0 0 99999999999999999999999 0 2", 1),
            "row 4 (line 4): expected a digit 0..9 in column 3, found `99999999999999999999...`",
        ),
        (
            SAMPLE.replacen("4 1 3", "4 1 \u{00e9}", 1),
            "row 6 (line 6): expected a digit 0..9 in column 3, found `??`",
        ),
        (
            SAMPLE[..SAMPLE.len() - 6].to_string(),
            "line 9: expected 81 numbers, the input ends after 78",
        ),
        (
            format!("{}1 2", SAMPLE),
            "line 10: expected 81 numbers, found more: `1`",
        ),
        (
            String::new(),
            "line 1: expected 81 numbers, the input ends after 0",
        ),
    ];
    for (input, want) in &cases {
        let out = solve(input);
        assert_eq!(out.status.code(), Some(2), "{}", want);
        assert!(out.stdout.is_empty());
        assert_eq!(text(&out.stderr), format!("{}\n", want));
    }
}

/// Every committed sample (`samples/p1074/N.in`) gives its `N.out`, `N.code` and `N.err`
/// through the cargo-built binary, as the check does through the bundle.
#[test]
fn sample_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/p1074");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "in") {
            continue;
        }
        let read = |ext: &str| std::fs::read_to_string(path.with_extension(ext)).ok();
        let out = run(SOLVER, &[], &std::fs::read(&path).unwrap());
        let name = path.display();
        let code: i32 = read("code").map_or(0, |c| c.trim().parse().unwrap());
        assert_eq!(out.status.code(), Some(code), "{}", name);
        let want = read("out").expect("every sample has its .out");
        assert_eq!(text(&out.stdout).trim_end(), want.trim_end(), "{}", name);
        let err = read("err").unwrap_or_default();
        assert_eq!(text(&out.stderr).trim_end(), err.trim_end(), "{}", name);
        seen += 1;
    }
    assert!(seen > 0, "no samples in {}", dir.display());
}
