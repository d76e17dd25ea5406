//! The submission binary on hand-written inputs: the sample, several cases, an unsolvable
//! case, malformed input.

use std::process::Output;

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");

const PUZZLE: &str = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                      700803004\n000401000\n009205800\n804000107\n";
const SOLUTION: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                        725863914\n237481695\n619275843\n854396127\n";
/// Row 1 needs a 9 in column 9, but column 9 already holds one: no solution, no clash.
const UNSOLVABLE: &str = "123456780\n000000009\n000000000\n000000000\n000000000\n\
                          000000000\n000000000\n000000000\n000000000\n";

fn solve(input: &str) -> Output {
    testkit::run(SOLVER, &[], input.as_bytes())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn sample() {
    let out = solve(PUZZLE);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), SOLUTION);
}

#[test]
fn unsolvable_case_is_reported_and_the_others_solved() {
    let out = solve(&format!("{}\n{}\n{}", PUZZLE, UNSOLVABLE, PUZZLE));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("{}{}", SOLUTION, SOLUTION));
    assert_eq!(text(&out.stderr), "case 2: no solution\n");
}

#[test]
fn malformed_input_is_one_line_and_status_2_after_the_solved_cases() {
    let bad = PUZZLE.replacen("000704000", "00070400", 1);
    let out = solve(&format!("{}{}", PUZZLE, bad));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), SOLUTION);
    assert_eq!(
        text(&out.stderr),
        "case 2, row 3 (line 12): the row has 8 cells, expected 9\n"
    );
}
