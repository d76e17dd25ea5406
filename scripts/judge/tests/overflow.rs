//! The second run of a failing case from a build with overflow checks: a planted `a * b`
//! that overflows i64 is WA as the judge says, and its row names the multiplication; a case
//! that passes costs no second compile; `DEBUG=1` runs every case from that build and says
//! so; `make stress` reports the same.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use support::{judge_exits, judge_exits_with, line, manifest, workspace};

/// Does as its input's first word says, with `a` and `b` from the next two.
const PLANTED_MAIN: &str = r#"use std::io::Read;
const MOD: i64 = 1_000_000_007;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut words = s.split_whitespace();
    let mode = words.next().unwrap_or("");
    let a: i64 = words.next().unwrap_or("0").parse().unwrap();
    let b: i64 = words.next().unwrap_or("0").parse().unwrap();
    match mode {
        "mul" => {
            let c = a * b;
            println!("{}", c % MOD);
        }
        "index" => {
            let v = vec![7i64; 4];
            let i = (a * b) as usize;
            println!("{}", v[i]);
        }
        "boom" => panic!("boom at {}", a + b),
        "parity" => println!("{}", (a * b) & 1),
        _ => println!("?"),
    }
}
"#;

/// `a * b % MOD`, exactly.
fn mul_mod(a: i64, b: i64) -> i64 {
    (i128::from(a) * i128::from(b) % 1_000_000_007) as i64
}

/// The 1-based line and column where `what` starts in the planted program, as its
/// place in the user's file: `problems/<problem>/src/main.rs:L:C`.
fn place_of(problem: &str, what: &str) -> String {
    let (n, text) = PLANTED_MAIN
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(what))
        .unwrap();
    format!(
        "problems/{}/src/main.rs:{}:{}",
        problem,
        n + 1,
        text.find(what).unwrap() + 1
    )
}

/// The stdout of each check of the planted workspace, and what the compile cache held.
struct Checked {
    /// `check fine`: every case passes.
    fine: String,
    /// The compile keys after `check fine`, then after `check ovf`.
    keys_fine: Vec<String>,
    keys_ovf: Vec<String>,
    /// `check ovf`, and `check ovf --debug 1`.
    ovf: String,
    debug: String,
}

/// The key of every entry of the compile cache.
fn cache_keys(root: &Path) -> Vec<String> {
    fs::read_dir(root.join("target/compiles"))
        .unwrap()
        .flatten()
        .filter_map(|e| fs::read_to_string(e.path().join("key")).ok())
        .collect()
}

/// The workspace: `ovf` fails on its samples 3 (`mul`, overflowing), 4 (`index`) and 5
/// (`boom`), passes 1, 2 and 6 (`parity`, overflowing but right); `fine` passes both of its
/// samples.
fn planted() -> &'static (PathBuf, Checked) {
    static PLANTED: OnceLock<(PathBuf, Checked)> = OnceLock::new();
    PLANTED.get_or_init(|| {
        let fine_main = format!("// Passes every sample.\n{}", PLANTED_MAIN);
        let root = workspace(
            "overflow",
            &[
                ("problems/ovf/Cargo.toml", &manifest("ovf")),
                ("problems/ovf/src/main.rs", PLANTED_MAIN),
                ("problems/fine/Cargo.toml", &manifest("fine")),
                ("problems/fine/src/main.rs", &fine_main),
            ],
        );
        let big = 4_000_000_000i64;
        let cases = [
            ("mul 3 4\n".to_string(), "12\n".to_string()),
            ("mul 1000 1000\n".to_string(), "1000000\n".to_string()),
            (
                format!("mul {} {}\n", big, big),
                format!("{}\n", mul_mod(big, big)),
            ),
            (
                "index 4294967296 4294967297\n".to_string(),
                "7\n".to_string(),
            ),
            ("boom 1 2\n".to_string(), "3\n".to_string()),
            (
                format!("parity {} {}\n", big + 1, big + 1),
                "1\n".to_string(),
            ),
        ];
        for (problem, count) in [("ovf", 6), ("fine", 2)] {
            let dir = root.join("samples").join(problem);
            fs::create_dir_all(&dir).unwrap();
            for (i, (input, output)) in cases.iter().take(count).enumerate() {
                fs::write(dir.join(format!("{}.in", i + 1)), input).unwrap();
                fs::write(dir.join(format!("{}.out", i + 1)), output).unwrap();
            }
        }
        let fine = judge_exits(&root, &["check", "fine"], 0);
        let keys_fine = cache_keys(&root);
        let ovf = judge_exits(&root, &["check", "ovf"], 1);
        let keys_ovf = cache_keys(&root);
        let debug = judge_exits(&root, &["check", "ovf", "--debug", "1"], 1);
        eprintln!("{}\n{}\n{}", fine, ovf, debug);
        let checked = Checked {
            fine,
            keys_fine,
            keys_ovf,
            ovf,
            debug,
        };
        (root, checked)
    })
}

fn checked() -> &'static Checked {
    &planted().1
}

/// How many cache keys are of a compile with overflow checks.
fn overflow_compiles(keys: &[String]) -> usize {
    keys.iter()
        .filter(|k| k.contains("-C overflow-checks=on -C debug-assertions=on"))
        .count()
}

#[test]
fn an_overflow_that_is_wa_names_the_multiplication() {
    let row = line(&checked().ovf, "ovf", "3", "");
    assert!(row.contains(" WA "), "{}", row);
    assert!(
        row.contains(&format!(
            "; a build with overflow checks panics: attempt to multiply with overflow (at {})",
            place_of("ovf", "a * b;")
        )),
        "{}",
        row
    );
}

#[test]
fn an_re_gets_the_note_when_the_checked_build_panics_elsewhere() {
    let index = line(&checked().ovf, "ovf", "4", "");
    assert!(
        index.contains(" RE ") && index.contains("index out of bounds"),
        "{}",
        index
    );
    // The judged build's panic, at the indexing (rustc's column of it is inside the macro),
    // then the checked build's, at the multiplication.
    let judged = place_of("ovf", "v[i]");
    let judged_line = &judged[..judged.rfind(':').unwrap() + 1];
    let (before, after) = index
        .split_once("; a build with overflow checks panics: ")
        .unwrap_or_else(|| panic!("{}", index));
    assert!(
        before.contains(&format!("(at {}", judged_line)),
        "{}",
        index
    );
    assert_eq!(
        after,
        format!(
            "attempt to multiply with overflow (at {})",
            place_of("ovf", "(a * b) as usize")
        )
    );
    // The same panic in both builds: the row says it once.
    let boom = line(&checked().ovf, "ovf", "5", "");
    assert!(
        boom.contains(" RE ") && boom.contains("boom at 3"),
        "{}",
        boom
    );
    assert!(!boom.contains("overflow checks"), "{}", boom);
}

#[test]
fn the_verdict_is_the_judged_builds() {
    let out = &checked().ovf;
    for case in ["1", "2", "6"] {
        let row = line(out, "ovf", case, "");
        assert!(row.contains(" AC "), "{}", row);
        assert!(!row.contains("overflow"), "{}", row);
    }
    // No compile row for the second build: it is not the judge's.
    assert!(!out.contains("overflow-checks"), "{}", out);
    assert!(out.contains("FAIL: 3 of 6 cases AC"), "{}", out);
}

#[test]
fn a_passing_check_compiles_no_overflow_build() {
    let c = checked();
    assert!(c.fine.contains("PASS: 2 of 2 cases AC"), "{}", c.fine);
    assert!(!c.fine.contains("overflow"), "{}", c.fine);
    assert!(!c.keys_fine.is_empty());
    assert_eq!(overflow_compiles(&c.keys_fine), 0, "{:?}", c.keys_fine);
    // The failing check adds one, for its three failing cases.
    assert_eq!(overflow_compiles(&c.keys_ovf), 1, "{:?}", c.keys_ovf);
}

#[test]
fn debug_runs_every_case_from_the_overflow_build_and_says_so() {
    let out = &checked().debug;
    let compile = line(out, "ovf", "compile", "overflow-checks");
    assert!(
        compile.contains(" OK? ")
            && compile.contains("-C overflow-checks=on -C debug-assertions=on")
            && compile.contains("not the judge's own verdict"),
        "{}",
        compile
    );
    let mark = "?: ran the build with overflow checks, not the judge's own verdict";
    for (case, verdict) in [
        ("1", "AC?"),
        ("2", "AC?"),
        ("3", "RE?"),
        ("4", "RE?"),
        ("5", "RE?"),
        ("6", "RE?"),
    ] {
        let row = line(out, "ovf", case, "");
        assert!(
            row.split_whitespace().nth(2) == Some(verdict) && row.contains(mark),
            "{}",
            row
        );
    }
    // Right as the judge's build is, the parity case panics here, at its multiplication.
    let parity = line(out, "ovf", "6", "");
    assert!(
        parity.contains("attempt to multiply with overflow")
            && parity.contains(&place_of("ovf", "(a * b) & 1")),
        "{}",
        parity
    );
    // Every row ran from it already: no second run.
    assert!(
        !out.contains("a build with overflow checks panics"),
        "{}",
        out
    );
    assert!(
        out.contains("6 run from a build with overflow checks (`?`: not the judge's own verdict)"),
        "{}",
        out
    );
}

/// A generator of `mul` cases over `--max`, and the reference.
const GEN: &str = r#"fn main() {
    let args: Vec<String> = std::env::args().collect();
    let at = |f: &str| args[args.iter().position(|a| a == f).unwrap() + 1].parse::<i64>().unwrap();
    let (max, seed) = (at("--max"), at("--seed"));
    println!("mul {} {}", max - seed, max - 2 * seed);
}
"#;

const REF: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let w: Vec<i128> = s.split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
    println!("{}", w[0] * w[1] % 1_000_000_007);
}
"#;

#[test]
fn stress_names_the_overflow_of_the_case_it_found() {
    let toml = manifest("ovs").replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\nstress = [[\"--max\", \"4000000000\"]]\n",
        1,
    )
        + "\n[[bin]]\nname = \"ovs\"\npath = \"src/main.rs\"\n\n[[bin]]\nname = \"ovs-gen\"\n\
         path = \"src/bin/gen.rs\"\n\n[[bin]]\nname = \"ovs-ref\"\npath = \"src/bin/ref.rs\"\n";
    let root = workspace(
        "overflow-stress",
        &[
            ("problems/ovs/Cargo.toml", &toml),
            ("problems/ovs/src/main.rs", PLANTED_MAIN),
            ("problems/ovs/src/bin/gen.rs", GEN),
            ("problems/ovs/src/bin/ref.rs", REF),
        ],
    );
    // The line under the one that says how the case failed.
    let under_failure = |args: &[&str]| {
        let out = judge_exits_with(&root, args, &[], 1);
        eprintln!("{}", out);
        let first = out
            .lines()
            .position(|l| l.contains("ovs WA on case 1 of 4"));
        let next = first.and_then(|i| out.lines().nth(i + 1));
        next.unwrap_or_else(|| panic!("{}", out)).to_string()
    };
    assert_eq!(
        under_failure(&["stress", "ovs", "--n", "4"]),
        format!(
            "a build with overflow checks panics: attempt to multiply with overflow (at {})",
            place_of("ovs", "a * b;")
        )
    );
    // A wrong answer without an overflow: that build says nothing new, and the line says so.
    let wrapping = root.join("wrapping.rs");
    fs::write(
        &wrapping,
        PLANTED_MAIN.replace("let c = a * b;", "let c = a.wrapping_mul(b);"),
    )
    .unwrap();
    let samples = root.join("target/found");
    let args = [
        "stress",
        "ovs",
        "--n",
        "4",
        "--solver",
        wrapping.to_str().unwrap(),
        "--samples",
        samples.to_str().unwrap(),
    ];
    assert_eq!(
        under_failure(&args),
        "a build with overflow checks does not panic on it (WA)"
    );
}
