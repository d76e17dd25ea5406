//! The solver binary on hand-written inputs: layout, unsolvable and malformed cases, and the
//! checker's verdicts on wrong answers.

use std::process::Output;

const SOLVER: &str = env!("CARGO_BIN_EXE_poj2676");
const CHECK: &str = env!("CARGO_BIN_EXE_poj2676-check");

const SAMPLE: &str = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                      700803004\n000401000\n009205800\n804000107\n";
const SOLUTION: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                        725863914\n237481695\n619275843\n854396127\n";
/// Row 1 needs a 9 in column 9, but column 9 already holds one: no solution, no clash.
const UNSOLVABLE: &str = "123456780\n000000009\n000000000\n000000000\n000000000\n\
                          000000000\n000000000\n000000000\n000000000\n";

fn solve(input: &str) -> Output {
    testkit::run(SOLVER, &[], input.as_bytes())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn sample() {
    let out = solve(&format!("1\n{}", SAMPLE));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), SOLUTION);
    assert!(out.stderr.is_empty());
}

#[test]
fn liberal_layout() {
    let messy = SAMPLE
        .replace('0', ".")
        .replace('\n', "\r\n\r\n")
        .replace("1.3", " 1 . 3");
    let out = solve(&format!("  2\r\n\r\n{}{}", messy, SAMPLE));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("{}{}", SOLUTION, SOLUTION));
    // No final newline, zero cases, trailing text after the last case.
    assert_eq!(
        text(&solve(&format!("1\n{}", SAMPLE.trim_end())).stdout),
        SOLUTION
    );
    let zero = solve("0\n");
    assert_eq!((zero.status.code(), zero.stdout.len()), (Some(0), 0));
}

#[test]
fn unsolvable_cases_are_reported_and_skipped() {
    let out = solve(&format!("3\n{}{}{}", UNSOLVABLE, SAMPLE, UNSOLVABLE));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), SOLUTION);
    assert_eq!(
        text(&out.stderr),
        "case 1: no solution\ncase 3: no solution\n"
    );
}

/// Runs a malformed input whose first case is the sample: exit 2, the sample still solved,
/// one line on stderr.
fn malformed(second_case: &str, cases: usize) -> String {
    let out = solve(&format!("{}\n{}{}", cases, SAMPLE, second_case));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), SOLUTION);
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{}", err);
    assert!(!err.contains("panicked"));
    err
}

#[test]
fn short_row() {
    let bad = SAMPLE.replacen("000704000", "00070400", 1);
    assert_eq!(
        malformed(&bad, 2),
        "case 2, row 3 (line 13): the row has 8 cells, expected 9\n"
    );
}

#[test]
fn long_row() {
    let bad = SAMPLE.replacen("000704000", "0007040001", 1);
    assert!(malformed(&bad, 2).starts_with("case 2, row 3 (line 13): the row has more than 9"));
}

#[test]
fn bad_character() {
    let bad = SAMPLE.replacen("300502006", "3005x2006", 1);
    assert_eq!(
        malformed(&bad, 2),
        "case 2, row 4 (line 14): unexpected character `x` (cells are 1-9, with 0 or . for empty)\n"
    );
    let bad = SAMPLE.replacen("300502006", "30050200\u{e9}", 1);
    assert!(malformed(&bad, 2).contains("byte 0xc3"));
}

#[test]
fn more_cases_announced_than_present() {
    assert_eq!(
        malformed("", 2),
        "case 2, row 1 (line 11): expected a row, found the end of the input\n"
    );
    let half: String = SAMPLE.lines().take(4).map(|l| format!("{}\n", l)).collect();
    assert!(malformed(&half, 2).starts_with("case 2, row 5 "));
}

#[test]
fn clashing_givens() {
    // The later given's row and line, then the clash in the shared `sudoku::Clash` words.
    // A second 1 in row 9, in column 9 (box and column are fine otherwise).
    let bad = SAMPLE.replacen("804000107", "804000101", 1);
    assert_eq!(
        malformed(&bad, 2),
        "case 2, row 9 (line 19): the givens clash: two 1s in row 9\n"
    );
    // A 1 in row 7, column 1, under row 1's.
    let column = SAMPLE.replacen("000401000", "100401000", 1);
    assert_eq!(
        malformed(&column, 2),
        "case 2, row 7 (line 17): the givens clash: two 1s in column 1\n"
    );
    // A 1 in row 2, column 2, beside row 1's in box 1 (before row 2's own 1 in column 4).
    let boxed = SAMPLE.replacen("002109400", "012109400", 1);
    assert_eq!(
        malformed(&boxed, 2),
        "case 2, row 2 (line 12): the givens clash: two 1s in box 1\n"
    );
}

#[test]
fn bad_count() {
    for (input, want) in [
        (
            "",
            "line 1: expected a number, found the end of the input for the number of cases\n",
        ),
        (
            "x\n",
            "line 1: expected a number, found `x` for the number of cases\n",
        ),
        ("\n-3\n", "line 2: the number of cases is negative (-3)\n"),
    ] {
        let out = solve(input);
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        assert_eq!(text(&out.stderr), want);
    }
}

fn check(input: &str, output: &str, expected: &str) -> (bool, String) {
    let out = testkit::check(
        CHECK,
        input.as_bytes(),
        output.as_bytes(),
        expected.as_bytes(),
    );
    (out.status.success(), text(&out.stdout))
}

#[test]
fn checker_verdicts() {
    let input = format!("2\n{}{}", UNSOLVABLE, SAMPLE);
    assert!(check(&input, SOLUTION, SOLUTION).0);
    // Wrong answers: a changed given, a broken grid, a missing or extra grid, garbage.
    let changed = SOLUTION.replacen("143628579", "413628579", 1);
    let (ok, why) = check(&input, &changed, SOLUTION);
    assert!(!ok && why.contains("case 2"), "{}", why);
    assert!(!check(&input, "", SOLUTION).0);
    assert!(!check(&input, &format!("{}{}", SOLUTION, SOLUTION), SOLUTION).0);
    assert!(!check(&input, &SOLUTION.replacen('1', "x", 1), SOLUTION).0);
    // The sample has one solution; an empty grid accepts any valid completion.
    let empty = "2\n".to_string() + &"000000000\n".repeat(18);
    let other = SOLUTION
        .replace('1', "#")
        .replace('2', "1")
        .replace('#', "2");
    assert!(
        check(
            &empty,
            &format!("{}{}", other, SOLUTION),
            &format!("{}{}", SOLUTION, other)
        )
        .0
    );
}
