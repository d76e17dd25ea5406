//! The submission binary on inputs: the committed samples, both judges' input forms and output
//! layouts, unsolvable cases, malformed inputs (grids and SPOJ's count line), exit statuses.

use std::path::Path;
use std::process::Output;
use testkit::run;

const SOLVER: &str = env!("CARGO_BIN_EXE_sudoku16");
const GEN: &str = env!("CARGO_BIN_EXE_sudoku16-gen");
const REF: &str = env!("CARGO_BIN_EXE_sudoku16-ref");
const CHECK: &str = env!("CARGO_BIN_EXE_sudoku16-check");

fn samples() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sudoku16")
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(samples().join(name)).unwrap()
}

fn solve(input: &str) -> Output {
    run(SOLVER, &[], input.as_bytes())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Every committed sample: its exit status (`N.code`, default 0) and stderr (`N.err`), and
/// the checker's verdict against `N.out`, as the check runs them through the bundle.
#[test]
fn sample_folder() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(samples()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "in") {
            continue;
        }
        let read = |ext: &str| std::fs::read_to_string(path.with_extension(ext)).ok();
        let out = run(SOLVER, &[], &std::fs::read(&path).unwrap());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let code: i32 = read("code").map_or(0, |c| c.trim().parse().unwrap());
        assert_eq!(out.status.code(), Some(code), "{}", name);
        assert_eq!(
            text(&out.stderr),
            read("err").unwrap_or_default(),
            "{}",
            name
        );
        let expected = std::fs::read(path.with_extension("out")).unwrap();
        let input = std::fs::read(&path).unwrap();
        let verdict = testkit::check(CHECK, &input, &out.stdout, &expected);
        assert!(
            verdict.status.success(),
            "{}: {}",
            name,
            text(&verdict.stdout)
        );
        seen.push(name);
    }
    assert!(seen.iter().any(|n| n.starts_with("spoj-")), "{:?}", seen);
    assert!(seen.len() > 2, "{:?}", seen);
}

#[test]
fn both_forms_of_the_statement_sample() {
    // POJ 3076: the grid alone; each answer followed by an empty line.
    let poj = solve(&sample("1.in"));
    assert_eq!(poj.status.code(), Some(0));
    assert_eq!(text(&poj.stdout), sample("1.out"));
    assert_eq!(text(&poj.stdout), sample("spoj-1.out") + "\n");
    // SPOJ SUDOKU: the number of grids first; answers separated by empty lines, none after.
    let spoj = solve(&sample("spoj-1.in"));
    assert_eq!(spoj.status.code(), Some(0));
    assert!(spoj.stderr.is_empty());
    assert_eq!(text(&spoj.stdout), sample("spoj-1.out"));
    assert_eq!(sample("spoj-1.in"), format!("1\n{}", sample("1.in")));
    let two = solve(&sample("spoj-2.in"));
    assert_eq!(text(&two.stdout), sample("spoj-2.out"));
    let lines: Vec<String> = text(&two.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[16], "");
    assert_eq!(lines[..16].join("\n") + "\n", sample("spoj-1.out"));
}

#[test]
fn unsolvable_cases_exit_1_after_the_others() {
    // Sample 2: a solvable grid, one without a solution, another solvable one.
    let input = sample("2.in");
    for spoj in [false, true] {
        let input = if spoj {
            format!("3\n{}", input)
        } else {
            input.clone()
        };
        let out = solve(&input);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(text(&out.stderr), "case 2: no solution\n");
        // Two grids, and one empty line between them (POJ: also one after the last).
        assert_eq!(out.stdout.len(), 2 * 16 * 17 + if spoj { 1 } else { 2 });
    }
}

#[test]
fn malformed_input_stops_with_status_2() {
    let good = run(GEN, &["--seed", "4", "--givens", "150..150"], b"");
    let good = text(&good.stdout);
    let rows: Vec<&str> = good.lines().collect();
    let with_row = |i: usize, row: &str| {
        let mut r = rows.clone();
        r[i] = row;
        r.join("\n") + "\n"
    };
    let cases = [
        (
            with_row(2, "----------------x"),
            "case 2, row 3 (line 20): row `----------------x` has 17 characters, expected 16",
        ),
        (
            with_row(7, "-------a--------"),
            "case 2, row 8 (line 25): `a` in column 8 is neither a letter A..P nor `-`",
        ),
        (
            with_row(15, "---"),
            "case 2, row 16 (line 33): row `---` has 3 characters, expected 16",
        ),
        (
            rows[..5].join("\n"),
            "case 2, row 6 (line 22): the input ends after 5 of the case's 16 rows",
        ),
        (
            with_row(0, "AA--------------"),
            "case 2, row 1 (line 18): the givens clash: two As in row 1",
        ),
    ];
    for (second, want) in cases.iter() {
        let input = format!("{}\n{}", good, second);
        let out = solve(&input);
        assert_eq!(out.status.code(), Some(2), "{}", second);
        assert_eq!(text(&out.stderr), format!("{}\n", want));
        // The first case is still solved and printed, in POJ's layout.
        assert_eq!(out.stdout.len(), 17 * 16 + 1);
        let r = run(REF, &[], input.as_bytes());
        assert_eq!(
            (r.status.code(), text(&r.stderr)),
            (Some(2), text(&out.stderr))
        );
        // With SPOJ's count line, the same error one line further down.
        let out = solve(&format!("2\n{}", input));
        assert_eq!(out.status.code(), Some(2));
        let line = want.split("(line ").nth(1).unwrap();
        let number: usize = line[..line.find(')').unwrap()].parse().unwrap();
        let moved = want.replace(
            &format!("(line {})", number),
            &format!("(line {})", number + 1),
        );
        assert_eq!(text(&out.stderr), format!("{}\n", moved));
        assert_eq!(out.stdout.len(), 17 * 16);
    }
}

#[test]
fn malformed_count_line_stops_with_status_2() {
    let grid = sample("1.in");
    let solution = sample("spoj-1.out");
    let cases = [
        // More grids announced than present: the present ones are solved first.
        (
            format!("3\n{}\n{}", grid, grid),
            "case 3 (line 35): the input ends after 2 of the 3 grids the first line announced",
            2,
        ),
        (
            format!("2\n{}", grid),
            "case 2 (line 18): the input ends after 1 of the 2 grids the first line announced",
            1,
        ),
        // Fewer announced than present.
        (
            format!("1\n{}\n{}", grid, grid),
            "line 19: the first line announced 1 grid, found more: `--A----C-----O-I`",
            1,
        ),
        // Not a number.
        (
            format!("1x\n{}", grid),
            "line 1: expected the number of grids, found `1x`",
            0,
        ),
        (
            format!("12345678901234567890\n{}", grid),
            "line 1: expected the number of grids, found `12345678901234567890`",
            0,
        ),
        (
            format!("one\n{}", grid),
            "case 1, row 1 (line 1): row `one` has 3 characters, expected 16",
            0,
        ),
    ];
    for (input, want, solved) in cases.iter() {
        let out = solve(input);
        assert_eq!(out.status.code(), Some(2), "{}", want);
        assert_eq!(text(&out.stderr), format!("{}\n", want));
        let printed: Vec<&str> = vec![solution.as_str(); *solved];
        assert_eq!(text(&out.stdout), printed.join("\n"), "{}", want);
    }
    // Zero grids announced: nothing to print.
    let out = solve("0\n");
    assert_eq!((out.status.code(), out.stdout.len()), (Some(0), 0));
}

#[test]
fn empty_input_is_zero_cases() {
    for input in ["", "\n\r\n  \n"] {
        let out = solve(input);
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout.is_empty() && out.stderr.is_empty());
    }
}
