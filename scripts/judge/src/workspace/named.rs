//! Named test folders (`make check TESTS=<folder>`): a judge's own tests, read where they are.
//!
//! Three layouts, told apart by what the folder holds:
//!
//! - AtCoder: `in/NAME.txt` with `out/NAME.txt`;
//! - Library Checker: `in/NAME.in` with `out/NAME.out`;
//! - Polygon: `tests/01` with `tests/01.a`, or the folder itself holding `01` and `01.a`.
//!
//! Each test becomes a [`Case`] named by the test (`max_random_00`, `01`), whose answer is
//! the matching file; nothing is copied. A test without its answer is run unjudged (NO-OUT),
//! as a sample without `.out`. Any other file of `in/`, `out/` or a Polygon folder (an answer
//! without its test, another extension) is refused in one line naming it; hidden files
//! (`.DS_Store`) are left alone.

use crate::error::{Error, Result};
use crate::workspace::samples::{Case, Named};
use std::cmp::Ordering;
use std::fs;
use std::path::{Path, PathBuf};

/// Which layout a folder has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `in/NAME.txt`, `out/NAME.txt`.
    AtCoder,
    /// `in/NAME.in`, `out/NAME.out`.
    LibraryChecker,
    /// `01`, `01.a` (in `tests/` or the folder itself).
    Polygon,
}

/// The tests of the folder `dir`, in natural name order (`2` before `10`), and its layout.
/// Refused in one line: a folder that is none of the layouts, a file that is no part of a
/// test (naming it, and how many more there are), a test's file that is not a regular file.
/// O(files of the folder).
pub fn cases(dir: &Path) -> Result<(Layout, Vec<Case>)> {
    if !dir.is_dir() {
        return Err(Error::Refused(format!(
            "TESTS={}: not a folder",
            dir.display()
        )));
    }
    let (layout, tests) = if dir.join("in").is_dir() {
        in_out(dir)?
    } else if dir.join("tests").is_dir() {
        (Layout::Polygon, polygon(&dir.join("tests"))?)
    } else {
        (Layout::Polygon, polygon(dir)?)
    };
    if tests.is_empty() {
        return Err(Error::Refused(format!(
            "TESTS={}: no tests there; a test folder holds in/NAME.txt + out/NAME.txt \
             (AtCoder), in/NAME.in + out/NAME.out (Library Checker), or 01 + 01.a, in tests/ \
             or itself (Polygon)",
            dir.display()
        )));
    }
    Ok((layout, tests))
}

/// The visible file names of `dir`; a name that is not UTF-8 is refused.
fn names(dir: &Path) -> Result<Vec<String>> {
    let entries = fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        match entry.file_name().into_string() {
            Ok(name) if name.starts_with('.') => {}
            Ok(name) => names.push(name),
            Err(name) => {
                return Err(Error::Refused(format!(
                    "{}: not a test name the check takes (not UTF-8)",
                    dir.join(name.to_string_lossy().escape_default().to_string())
                        .display()
                )))
            }
        }
    }
    Ok(names)
}

/// `in/` + `out/`: AtCoder's `.txt` or Library Checker's `.in`/`.out`.
fn in_out(dir: &Path) -> Result<(Layout, Vec<Case>)> {
    let (ins, outs) = (dir.join("in"), dir.join("out"));
    let inputs = names(&ins)?;
    let answers = if outs.is_dir() {
        names(&outs)?
    } else {
        Vec::new()
    };
    let layout = if inputs.iter().any(|n| n.ends_with(".in")) {
        Layout::LibraryChecker
    } else {
        Layout::AtCoder
    };
    let (in_ext, out_ext) = match layout {
        Layout::LibraryChecker => (".in", ".out"),
        _ => (".txt", ".txt"),
    };
    let mut odd = Vec::new();
    let mut tests = Vec::new();
    for name in &inputs {
        match name.strip_suffix(in_ext).filter(|s| !s.is_empty()) {
            Some(stem) => {
                let answer = format!("{}{}", stem, out_ext);
                let answer = answers.contains(&answer).then(|| outs.join(answer));
                tests.push(test(stem, ins.join(name), answer)?);
            }
            None => odd.push(format!(
                "{}: not a test of this folder (its tests are in/NAME{})",
                ins.join(name).display(),
                in_ext
            )),
        }
    }
    for name in &answers {
        let stem = name.strip_suffix(out_ext).filter(|s| !s.is_empty());
        match stem {
            Some(stem) if inputs.contains(&format!("{}{}", stem, in_ext)) => {}
            Some(stem) => odd.push(format!(
                "{}: no in/{}{} beside it",
                outs.join(name).display(),
                stem,
                in_ext
            )),
            None => odd.push(format!(
                "{}: not an answer of this folder (its answers are out/NAME{})",
                outs.join(name).display(),
                out_ext
            )),
        }
    }
    refuse_odd(odd)?;
    Ok((layout, sorted(tests)))
}

/// Polygon's `01` + `01.a` in `dir`.
fn polygon(dir: &Path) -> Result<Vec<Case>> {
    let names = names(dir)?;
    let numbered = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut odd = Vec::new();
    let mut tests = Vec::new();
    for name in &names {
        if numbered(name) {
            let answer = format!("{}.a", name);
            let answer = names.contains(&answer).then(|| dir.join(answer));
            tests.push(test(name, dir.join(name), answer)?);
        } else if let Some(stem) = name.strip_suffix(".a").filter(|s| numbered(s)) {
            if !names.iter().any(|n| n == stem) {
                odd.push(format!(
                    "{}: no test {} beside it",
                    dir.join(name).display(),
                    stem
                ));
            }
        } else {
            odd.push(format!(
                "{}: not a test of a Polygon folder (its tests are 01, its answers 01.a)",
                dir.join(name).display()
            ));
        }
    }
    if tests.is_empty() {
        return Ok(tests);
    }
    refuse_odd(odd)?;
    Ok(sorted(tests))
}

/// The case of the test `name` whose input is `input`; the input must be a regular file.
fn test(name: &str, input: PathBuf, answer: Option<PathBuf>) -> Result<Case> {
    for file in std::iter::once(&input).chain(answer.as_ref()) {
        let meta = fs::metadata(file).map_err(|e| Error::io(file, e))?;
        if !meta.is_file() {
            return Err(Error::Refused(format!(
                "{}: not a regular file; a test must be one",
                file.display()
            )));
        }
    }
    Ok(Case {
        judge: None,
        number: 0,
        input,
        named: Some(Named {
            name: crate::text::printable::printable(name).into_owned(),
            answer,
        }),
    })
}

fn refuse_odd(odd: Vec<String>) -> Result<()> {
    match odd.len() {
        0 => Ok(()),
        1 => Err(Error::Refused(odd[0].clone())),
        n => Err(Error::Refused(format!(
            "{} (and {} more such files)",
            odd[0],
            n - 1
        ))),
    }
}

fn sorted(mut tests: Vec<Case>) -> Vec<Case> {
    tests.sort_by(|a, b| natural(&a.name(), &b.name()));
    tests
}

/// Names compared with their runs of digits as numbers: `t2` < `t10`, `01` < `2`.
pub fn natural(a: &str, b: &str) -> Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (x, y) = (chunks(a), chunks(b));
    for (p, q) in x.iter().zip(&y) {
        let o = match (p, q) {
            ((true, p), (true, q)) => {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            ((_, p), (_, q)) => p.cmp(q),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    x.len().cmp(&y.len()).then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    fn folder(files: &[&str]) -> TempDir {
        let tmp = TempDir::new("judge-named");
        for f in files {
            let p = tmp.path().join(f);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, "1\n").unwrap();
        }
        tmp
    }

    fn listed(files: &[&str]) -> Result<(Layout, Vec<String>)> {
        let tmp = folder(files);
        cases(tmp.path()).map(|(l, c)| (l, c.iter().map(Case::name).collect()))
    }

    #[test]
    fn three_layouts_in_natural_order() {
        let (l, names) = listed(&["in/b10.txt", "in/b2.txt", "out/b2.txt", "out/b10.txt"]).unwrap();
        assert_eq!(
            (l, names),
            (Layout::AtCoder, vec!["b2".into(), "b10".into()])
        );
        let (l, names) = listed(&["in/max_00.in", "out/max_00.out", "in/ex.in"]).unwrap();
        assert_eq!(l, Layout::LibraryChecker);
        assert_eq!(names, ["ex", "max_00"]);
        let (l, names) = listed(&["tests/10", "tests/10.a", "tests/2", "tests/2.a"]).unwrap();
        assert_eq!((l, names), (Layout::Polygon, vec!["2".into(), "10".into()]));
        let (_, names) = listed(&["01", "01.a", ".hidden"]).unwrap();
        assert_eq!(names, ["01"]);
        let tmp = folder(&["in/a.in", "out/a.out", "in/b.in"]);
        let (_, c) = cases(tmp.path()).unwrap();
        assert!(c[0].named.as_ref().unwrap().answer.is_some());
        assert!(c[1].named.as_ref().unwrap().answer.is_none());
    }

    #[test]
    fn odd_files_are_named_in_one_line() {
        for (files, said) in [
            (
                &["in/a.in", "in/a.ans", "out/a.out"][..],
                "in/a.ans: not a test",
            ),
            (
                &["in/a.in", "out/a.out", "out/b.out"],
                "out/b.out: no in/b.in beside it",
            ),
            (
                &["tests/1", "tests/1.a", "tests/2.a"],
                "2.a: no test 2 beside it",
            ),
            (
                &["1", "1.a", "notes.txt"],
                "notes.txt: not a test of a Polygon folder",
            ),
            (&["README"], "no tests there"),
        ] {
            let e = listed(files).unwrap_err().to_string();
            assert!(e.contains(said) && !e.contains('\n'), "{:?}: {}", files, e);
        }
        let e = listed(&["in/a.in", "in/x.y", "in/z.w"])
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("(and 1 more such files)"), "{}", e);
    }

    #[test]
    fn natural_order() {
        let mut v = vec!["t10", "t2", "t1", "a", "01", "1", "10", "2"];
        v.sort_by(|a, b| natural(a, b));
        assert_eq!(v, ["01", "1", "2", "10", "a", "t1", "t2", "t10"]);
    }
}
