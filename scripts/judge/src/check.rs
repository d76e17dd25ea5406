//! `make check`: bundle each problem, compile it like a judge, run and judge every sample.

use crate::bundle::{self, BundleError, Submission};
use crate::kit;
use crate::problem::{Compare, Problem};
use crate::verdict::{self, Expected, Verdict};
use std::fs;
use std::path::{Path, PathBuf};

/// One sample case: `samples/<name>/<n>.in` and what goes with it.
pub struct Case {
    pub number: u64,
    pub input: PathBuf,
}

/// The numbered cases of a samples folder, in numeric order.
pub fn cases(dir: &Path) -> Vec<Case> {
    let mut cases: Vec<Case> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let path = e.path();
                    let number = path
                        .file_name()?
                        .to_str()?
                        .strip_suffix(".in")?
                        .parse()
                        .ok()?;
                    Some(Case {
                        number,
                        input: path,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    cases.sort_by_key(|c| c.number);
    cases
}

/// The smallest case number not yet used in `dir`.
pub fn next_case_number(dir: &Path) -> u64 {
    cases(dir).last().map_or(1, |c| c.number + 1)
}

/// What a sample expects: `N.out`, with `N.code` and `N.err` when present.
/// `None` when there is no `N.out`.
fn expected_of(case: &Case) -> Result<Option<Expected>, String> {
    let out = case.input.with_extension("out");
    if !out.is_file() {
        return Ok(None);
    }
    let code_file = case.input.with_extension("code");
    let code = match fs::read_to_string(&code_file) {
        Ok(text) => text
            .trim()
            .parse()
            .map_err(|_| format!("{}: not an exit status", code_file.display()))?,
        Err(_) => 0,
    };
    Ok(Some(Expected {
        stdout: out,
        code,
        stderr: fs::read(case.input.with_extension("err")).ok(),
    }))
}

/// Checks the given problems (all of them when empty); prints one line per case and a
/// summary. Returns whether every case of every problem is AC.
pub fn run(root: &Path, problems: &[Problem]) -> Result<bool, String> {
    let checked: Vec<&Problem> = problems
        .iter()
        .filter(|p| p.compare == Compare::Checker)
        .collect();
    kit::build(root, &checked)?;
    println!(
        "{:<10} {:>4}  {:<7} {:>8} {:>9} {:>9}  detail",
        "problem", "case", "verdict", "time ms", "limit ms", "mem MiB"
    );
    let (mut passed, mut total) = (0, 0);
    let mut summaries = Vec::new();
    for problem in problems {
        let (p, t, summary) = check_problem(root, problem)?;
        passed += p;
        total += t;
        summaries.push(summary);
    }
    println!();
    for s in summaries {
        println!("{}", s);
    }
    let ok = passed == total && total > 0;
    println!(
        "{}: {} of {} cases AC",
        if ok { "PASS" } else { "FAIL" },
        passed,
        total
    );
    Ok(ok)
}

/// Checks one problem: (cases passed, cases counted, summary line).
fn check_problem(root: &Path, problem: &Problem) -> Result<(usize, usize, String), String> {
    let row = |case: &str, verdict: Verdict, ms: String, mem: String, detail: &str| {
        println!(
            "{:<10} {:>4}  {:<7} {:>8} {:>9} {:>9}  {}",
            problem.name, case, verdict, ms, problem.time_limit_ms, mem, detail
        );
    };
    let submission: Submission = match bundle::build(root, problem) {
        Ok(s) => s,
        Err(e) => {
            let detail = match e {
                BundleError::Equip(why) => format!("bundling failed: {}", why),
                BundleError::TooBig(bytes) => format!(
                    "bundle is {} bytes, over the {} byte limit",
                    bytes,
                    bundle::MAX_BUNDLE_BYTES
                ),
                BundleError::Compile(command, why) => format!("{}: {}", command, why),
            };
            row("-", Verdict::Ce, "-".into(), "-".into(), &detail);
            return Ok((0, 1, format!("{}: CE, {}", problem.name, detail)));
        }
    };
    let cases = cases(&root.join(problem.samples_dir()));
    if cases.is_empty() {
        let detail = format!("no cases in {}", problem.samples_dir().display());
        row("-", Verdict::NoExpected, "-".into(), "-".into(), &detail);
        return Ok((0, 1, format!("{}: {}", problem.name, detail)));
    }
    let checker = kit::binary(root, problem, "check");
    let scratch = root.join("target/judge").join(&problem.name);
    let mut passed = 0;
    for case in &cases {
        let number = case.number.to_string();
        let expected = match expected_of(case)? {
            Some(e) => e,
            None => {
                row(
                    &number,
                    Verdict::NoExpected,
                    "-".into(),
                    "-".into(),
                    "no expected output: add N.out",
                );
                continue;
            }
        };
        let judged = verdict::judge(
            problem,
            &submission.binary,
            &case.input,
            &expected,
            Some(checker.as_path()),
            &scratch,
        )
        .map_err(|e| format!("{} case {}: {}", problem.name, number, e))?;
        if judged.verdict == Verdict::Ac {
            passed += 1;
        }
        row(
            &number,
            judged.verdict,
            judged.outcome.elapsed.as_millis().to_string(),
            format!("{:.1}", judged.outcome.max_rss_kib as f64 / 1024.0),
            &judged.detail,
        );
    }
    let summary = format!(
        "{}: {} of {} AC; submission {} ({:.1} KiB)",
        problem.name,
        passed,
        cases.len(),
        submission
            .source
            .strip_prefix(root)
            .unwrap_or(&submission.source)
            .display(),
        submission.bytes as f64 / 1024.0
    );
    Ok((passed, cases.len(), summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_in_numeric_order_and_next_number() {
        let dir = std::env::temp_dir().join(format!("judge-cases-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for name in [
            "10.in", "9.in", "2.in", "2.out", "x.in", "3.out", "note.txt",
        ] {
            fs::write(dir.join(name), "").unwrap();
        }
        let numbers: Vec<u64> = cases(&dir).iter().map(|c| c.number).collect();
        assert_eq!(numbers, [2, 9, 10]);
        assert_eq!(next_case_number(&dir), 11);
        assert_eq!(next_case_number(&dir.join("missing")), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn expected_reads_code_and_stderr() {
        let dir = std::env::temp_dir().join(format!("judge-expect-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("1.in"), "x").unwrap();
        let case = Case {
            number: 1,
            input: dir.join("1.in"),
        };
        assert!(expected_of(&case).unwrap().is_none());
        fs::write(dir.join("1.out"), "").unwrap();
        fs::write(dir.join("1.code"), "1\n").unwrap();
        fs::write(dir.join("1.err"), "case 1: no solution\n").unwrap();
        let e = expected_of(&case).unwrap().unwrap();
        assert_eq!(e.code, 1);
        assert_eq!(e.stderr.as_deref(), Some(&b"case 1: no solution\n"[..]));
        fs::write(dir.join("1.code"), "one").unwrap();
        assert!(expected_of(&case).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
