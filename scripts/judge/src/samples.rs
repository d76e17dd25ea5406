//! A problem's sample folder, `samples/<name>/`: its cases and what each expects.
//!
//! `N.in` is a case of the problem's default judge (the first listed, the origin).
//! `<judge>-N.in` (`spoj-1.in`) is a case in that judge's variant of the format: it runs
//! through that judge's profile and limits. Each has `.out`, optional `.code` and `.err`.

use crate::problem::Problem;
use crate::verdict::Expected;
use std::fs;
use std::path::{Path, PathBuf};

/// One sample case: `samples/<name>/[<judge>-]<number>.in`.
#[derive(Debug)]
pub struct Case {
    /// The judge key of a `<judge>-N.in` case; `None` for `N.in`.
    pub judge: Option<String>,
    pub number: u64,
    pub input: PathBuf,
}

impl Case {
    /// The case's name in the check's table: `3`, `spoj-1`.
    pub fn name(&self) -> String {
        match &self.judge {
            Some(judge) => format!("{}-{}", judge, self.number),
            None => self.number.to_string(),
        }
    }
}

/// The cases of a samples folder: the default judge's in numeric order, then each other
/// judge's (by key) in numeric order. Files that are not `[<judge>-]<number>.in` are ignored.
pub fn cases(dir: &Path) -> Vec<Case> {
    let mut cases: Vec<Case> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let path = e.path();
                    let stem = path.file_name()?.to_str()?.strip_suffix(".in")?;
                    let (judge, number) = match stem.rsplit_once('-') {
                        Some((judge, n)) if !judge.is_empty() => (Some(judge.to_string()), n),
                        Some(_) => return None,
                        None => (None, stem),
                    };
                    Some(Case {
                        judge,
                        number: number.parse().ok()?,
                        input: path,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    cases.sort_by(|a, b| (&a.judge, a.number).cmp(&(&b.judge, b.number)));
    cases
}

/// The smallest default-judge case number not yet used in `dir`.
pub fn next_case_number(dir: &Path) -> u64 {
    cases(dir)
        .iter()
        .filter(|c| c.judge.is_none())
        .map(|c| c.number + 1)
        .max()
        .unwrap_or(1)
}

/// Refuses a `<judge>-N.in` case whose judge the problem does not list, or which takes no
/// Rust file (its cases could not run through any of its profiles).
pub fn check_judges(problem: &Problem, cases: &[Case]) -> Result<(), String> {
    for case in cases {
        let key = match &case.judge {
            Some(key) => key,
            None => continue,
        };
        let listed: Vec<&str> = problem.judges.iter().map(|l| l.judge.key).collect();
        match problem.listing(key) {
            None => {
                return Err(format!(
                    "{}: judge `{}` is not listed by {}; its judges are: {}",
                    case.input.display(),
                    key,
                    problem.name,
                    listed.join(", ")
                ))
            }
            Some(l) if !l.judge.takes_rust => {
                return Err(format!(
                    "{}: {} takes no Rust, so no profile can run its cases; name the origin's \
                     cases N.in",
                    case.input.display(),
                    l.judge.name
                ))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// What a sample expects: `.out`, with `.code` and `.err` when present.
/// `None` when there is no `.out`.
pub fn expected_of(case: &Case) -> Result<Option<Expected>, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("judge-{}-{}", name, std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn cases_in_order_and_next_number() {
        let dir = scratch("cases");
        for name in [
            "10.in",
            "9.in",
            "2.in",
            "2.out",
            "x.in",
            "3.out",
            "note.txt",
            "spoj-1.in",
            "spoj-12.in",
            "luogu-2.in",
            "-4.in",
        ] {
            fs::write(dir.join(name), "").unwrap();
        }
        let names: Vec<String> = cases(&dir).iter().map(Case::name).collect();
        assert_eq!(names, ["2", "9", "10", "luogu-2", "spoj-1", "spoj-12"]);
        assert_eq!(next_case_number(&dir), 11);
        assert_eq!(next_case_number(&dir.join("missing")), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn expected_reads_code_and_stderr() {
        let dir = scratch("expect");
        fs::write(dir.join("spoj-1.in"), "x").unwrap();
        let case = Case {
            judge: Some("spoj".into()),
            number: 1,
            input: dir.join("spoj-1.in"),
        };
        assert!(expected_of(&case).unwrap().is_none());
        fs::write(dir.join("spoj-1.out"), "").unwrap();
        fs::write(dir.join("spoj-1.code"), "1\n").unwrap();
        fs::write(dir.join("spoj-1.err"), "case 1: no solution\n").unwrap();
        let e = expected_of(&case).unwrap().unwrap();
        assert_eq!(e.code, 1);
        assert_eq!(e.stderr.as_deref(), Some(&b"case 1: no solution\n"[..]));
        fs::write(dir.join("spoj-1.code"), "one").unwrap();
        assert!(expected_of(&case).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
