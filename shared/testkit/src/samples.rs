//! A problem's samples judged as the judge tool judges them (scripts/judge/PROTOCOL.md,
//! "Samples" and `compare`): what every correct solution must do, however it reads its input.

use crate::{check, run, run_in, TempDir};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

/// How a problem compares an output with the expected one: `compare` in its
/// `[package.metadata.judge]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Compare {
    /// Whitespace-separated tokens, one by one (also when `compare` is left out).
    Tokens,
    /// Lines, trailing whitespace and final empty lines ignored.
    Lines,
    /// Tokens, where two decimal numbers match within `abs` or `rel` (relative to the expected).
    Float { abs: f64, rel: f64 },
    /// Tokens, each matching when equal ignoring ASCII letter case (`YES`, `yes`).
    AnyCase,
    /// The problem's checker decides; [`Compare::difference`] compares tokens then.
    Checker,
}

impl Compare {
    /// What the manifest `text` (a `Cargo.toml`) says: `compare`, `float-abs` and `float-rel`
    /// of its `[package.metadata.judge]` table. Tokens when left out or not understood (the
    /// judge tool refuses such a manifest itself). O(text).
    pub fn of_manifest(text: &str) -> Compare {
        let (mut compare, mut abs, mut rel) = ("tokens".to_string(), 1e-6, 1e-6);
        for (key, value) in judge_keys(text) {
            match key.as_str() {
                "compare" => compare = value,
                "float-abs" => abs = value.parse().unwrap_or(abs),
                "float-rel" => rel = value.parse().unwrap_or(rel),
                _ => {}
            }
        }
        match compare.as_str() {
            "lines" => Compare::Lines,
            "float" => Compare::Float { abs, rel },
            "checker" => Compare::Checker,
            "anycase" => Compare::AnyCase,
            _ => Compare::Tokens,
        }
    }

    /// The compare of the package in the folder `package` (`env!("CARGO_MANIFEST_DIR")`).
    /// Panics if its `Cargo.toml` cannot be read.
    pub fn of_package(package: &str) -> Compare {
        let path = Path::new(package).join("Cargo.toml");
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {}", path.display(), e));
        Compare::of_manifest(&text)
    }

    /// `None` when `output` matches `expected`, else the first difference in one line, as
    /// the check shows it (``token 4 (line 2): expected `4`, got `5` ``). O(sizes).
    pub fn difference(self, output: &[u8], expected: &[u8]) -> Option<String> {
        match self {
            Compare::Lines => lines_difference(output, expected),
            Compare::Tokens | Compare::Checker => tokens_difference(output, expected, None),
            Compare::Float { abs, rel } => tokens_difference(output, expected, Some((abs, rel))),
            // Both sides in lowercase: a difference is shown so.
            Compare::AnyCase => tokens_difference(
                &output.to_ascii_lowercase(),
                &expected.to_ascii_lowercase(),
                None,
            ),
        }
    }
}

/// The `key = value` lines of a manifest's `[package.metadata.judge]` table, in order (the
/// simple form the scaffold writes; the judge tool reads the manifest itself). O(text).
fn judge_keys(text: &str) -> Vec<(String, String)> {
    let mut section = "";
    let mut keys = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if section != "[package.metadata.judge]" {
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            let value = value.trim().trim_matches('"');
            keys.push((key.trim().to_string(), value.to_string()));
        }
    }
    keys
}

/// The files a file problem's solution reads and writes in its working folder
/// (`input-file`, `output-file`); `None`: stdin, stdout.
#[derive(Clone, Debug, Default, PartialEq)]
struct Files {
    input: Option<String>,
    output: Option<String>,
}

impl Files {
    fn of_manifest(text: &str) -> Files {
        let mut files = Files::default();
        for (key, value) in judge_keys(text) {
            match key.as_str() {
                "input-file" => files.input = Some(value),
                "output-file" => files.output = Some(value),
                _ => {}
            }
        }
        files
    }

    /// Runs `solver` on `input` as the judge does: in a folder of its own with `input`
    /// written to the input file, its answer read from the output file. The answer is
    /// `Err` naming the file when the solution wrote none.
    fn run(&self, solver: &str, input: &[u8]) -> (Output, Result<Vec<u8>, String>) {
        if *self == Files::default() {
            let out = run(solver, &[], input);
            let answer = Ok(out.stdout.clone());
            return (out, answer);
        }
        let dir = TempDir::new("testkit-files");
        let stdin: &[u8] = match &self.input {
            Some(name) => {
                fs::write(dir.path().join(name), input)
                    .unwrap_or_else(|e| panic!("cannot write {}: {}", name, e));
                b""
            }
            None => input,
        };
        let out = run_in(solver, &[], stdin, Some(dir.path()));
        let answer = match &self.output {
            Some(name) => fs::read(dir.path().join(name)).map_err(|_| {
                format!(
                    "wrote nothing to {} (it printed {} bytes to stdout)",
                    name,
                    out.stdout.len()
                )
            }),
            None => Ok(out.stdout.clone()),
        };
        (out, answer)
    }
}

/// Runs `solver` on every sample of the package in the folder `package`
/// (`env!("CARGO_MANIFEST_DIR")`, whose samples are `../../samples/<folder name>/`) and panics
/// naming the first case it fails. A case is `N.in` (or a judge's `<judge>-N.in`) with its
/// `N.out`; its exit status must be `N.code`'s (0 when there is none) and its stderr must
/// match `N.err` where there is one. Outputs are compared as the manifest's `compare` says;
/// for `"checker"`, by `checker` (the package's `<name>-check`) once it is written. A case
/// without its `.out`, and a checker problem whose checker is not written yet, are skipped with
/// a note on stderr: `make check` reports them. A file problem (`input-file`, `output-file`)
/// runs in a folder of its own, its case in the named input file and its answer read from
/// the named output file, as the judge runs it.
pub fn check_samples(solver: &str, package: &str, checker: Option<&str>) {
    let compare = Compare::of_package(package);
    let files = Files::of_manifest(
        &fs::read_to_string(Path::new(package).join("Cargo.toml")).unwrap_or_default(),
    );
    let folder = crate::samples_folder(Path::new(package));
    let cases = cases(&folder);
    let mut judged = 0;
    for (case, input) in &cases {
        let file = |ext: &str| folder.join(format!("{}.{}", case, ext));
        let expected = match fs::read(file("out")) {
            Ok(expected) => expected,
            Err(_) => {
                eprintln!("skipped {}: no {}.out yet", input.display(), case);
                continue;
            }
        };
        let input_bytes =
            fs::read(input).unwrap_or_else(|e| panic!("cannot read {}: {}", input.display(), e));
        let (out, answer) = files.run(solver, &input_bytes);
        let code = fs::read_to_string(file("code")).map_or(0, |c| c.trim().parse().unwrap_or(0));
        let fail = |what: String| -> ! {
            panic!(
                "{}: {}\nstderr: {}",
                input.display(),
                what,
                String::from_utf8_lossy(&out.stderr)
            )
        };
        if out.status.code() != Some(code) {
            let got = out
                .status
                .code()
                .map_or("none (killed by a signal)".to_string(), |c| c.to_string());
            fail(format!("exit status {}, expected {}", got, code));
        }
        let answer = answer.unwrap_or_else(|why| fail(why));
        if compare == Compare::Checker {
            let checker = match checker {
                Some(checker) => checker,
                None => {
                    eprintln!("skipped the samples: compare = \"checker\" needs the checker");
                    return;
                }
            };
            let verdict = check(checker, &input_bytes, &answer, &expected);
            match verdict.status.code() {
                Some(0) => {}
                Some(crate::NOT_WRITTEN) => {
                    eprintln!("skipped the samples: the checker is not written yet");
                    return;
                }
                _ => fail(format!(
                    "the checker rejects the output: {}",
                    String::from_utf8_lossy(&verdict.stdout).trim_end()
                )),
            }
        } else if let Some(what) = compare.difference(&answer, &expected) {
            fail(what);
        }
        if let Ok(err) = fs::read(file("err")) {
            let by = if compare == Compare::Checker {
                Compare::Lines
            } else {
                compare
            };
            if let Some(what) = by.difference(&out.stderr, &err) {
                fail(format!("stderr: {}", what));
            }
        }
        judged += 1;
    }
    if judged == 0 {
        eprintln!(
            "no sample judged: {} has no N.in with its N.out yet",
            folder.display()
        );
    }
}

/// The cases in `folder`: (case name, `.in` path), `N.in` first in numeric order, then the
/// judges' `<judge>-N.in`. None when the folder does not exist.
fn cases(folder: &Path) -> Vec<(String, PathBuf)> {
    let mut cases: Vec<(String, u64, String, PathBuf)> = fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            let stem = path.to_str()?.strip_suffix(".in")?;
            let case = Path::new(stem).file_name()?.to_str()?.to_string();
            let (judge, number) = case.rsplit_once('-').unwrap_or(("", &case));
            let n = number.parse().ok()?;
            Some((judge.to_string(), n, case, path))
        })
        .collect();
    cases.sort();
    cases
        .into_iter()
        .map(|(_, _, case, path)| (case, path))
        .collect()
}

/// `text` cut to 40 characters, for a message.
fn shown(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.into_owned(),
    }
}

/// The tokens of `text` with their line numbers (from 1).
fn tokens(text: &[u8]) -> Vec<(usize, &[u8])> {
    let mut line = 1;
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, &b) in text.iter().enumerate() {
        if b.is_ascii_whitespace() {
            if let Some(s) = start.take() {
                tokens.push((line, &text[s..i]));
            }
            if b == b'\n' {
                line += 1;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        tokens.push((line, &text[s..]));
    }
    tokens
}

/// Whether `token` is a decimal number: `[+-]digits[.digits][e[+-]digits]`.
fn is_decimal(token: &[u8]) -> bool {
    let digits = |t: &[u8]| t.iter().take_while(|b| b.is_ascii_digit()).count();
    let mut t = token.strip_prefix(b"+").unwrap_or(token);
    t = t.strip_prefix(b"-").filter(|_| t == token).unwrap_or(t);
    let whole = digits(t);
    if whole == 0 {
        return false;
    }
    t = &t[whole..];
    if let Some(rest) = t.strip_prefix(b".") {
        let fraction = digits(rest);
        if fraction == 0 {
            return false;
        }
        t = &rest[fraction..];
    }
    if let Some(rest) = t.strip_prefix(b"e").or_else(|| t.strip_prefix(b"E")) {
        let rest = rest
            .strip_prefix(b"+")
            .or_else(|| rest.strip_prefix(b"-"))
            .unwrap_or(rest);
        let exponent = digits(rest);
        return exponent > 0 && exponent == rest.len();
    }
    t.is_empty()
}

/// Whether two tokens match: equal, or with `float` = (abs, rel), two decimal numbers close
/// enough.
fn token_matches(got: &[u8], want: &[u8], float: Option<(f64, f64)>) -> bool {
    if got == want {
        return true;
    }
    let (abs, rel) = match float {
        Some(tolerance) if is_decimal(got) && is_decimal(want) => tolerance,
        _ => return false,
    };
    let number = |t: &[u8]| std::str::from_utf8(t).ok()?.parse::<f64>().ok();
    match (number(got), number(want)) {
        (Some(a), Some(b)) => (a - b).abs() <= abs || (a - b).abs() <= rel * b.abs(),
        _ => false,
    }
}

fn tokens_difference(output: &[u8], expected: &[u8], float: Option<(f64, f64)>) -> Option<String> {
    let (got, want) = (tokens(output), tokens(expected));
    for i in 0..got.len().max(want.len()) {
        match (got.get(i), want.get(i)) {
            (Some(&(line, g)), Some(&(_, w))) if !token_matches(g, w, float) => {
                return Some(format!(
                    "token {} (line {}): expected `{}`, got `{}`",
                    i + 1,
                    line,
                    shown(w),
                    shown(g)
                ))
            }
            (None, Some(&(_, w))) => {
                return Some(format!(
                    "token {}: expected `{}`, got the end of the output",
                    i + 1,
                    shown(w)
                ))
            }
            (Some(&(line, g)), None) => {
                return Some(format!(
                    "token {} (line {}): expected the end of the output, got `{}`",
                    i + 1,
                    line,
                    shown(g)
                ))
            }
            _ => {}
        }
    }
    None
}

/// The lines of `text`, trailing whitespace and final empty lines dropped.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| {
            let end = l
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map_or(0, |e| e + 1);
            &l[..end]
        })
        .collect();
    while lines.last().map_or(false, |l| l.is_empty()) {
        lines.pop();
    }
    lines
}

fn lines_difference(output: &[u8], expected: &[u8]) -> Option<String> {
    let (got, want) = (lines(output), lines(expected));
    let end = b"the end of the output";
    for i in 0..got.len().max(want.len()) {
        let (g, w) = (got.get(i), want.get(i));
        if g != w {
            let quoted = |l: Option<&&[u8]>| l.map_or(shown(end), |l| format!("`{}`", shown(l)));
            return Some(format!(
                "line {}: expected {}, got {}",
                i + 1,
                quoted(w),
                quoted(g)
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_from_the_manifest() {
        let judge = |body: &str| {
            Compare::of_manifest(&format!(
                "[package]\ncompare = \"lines\"\n\n[package.metadata.judge]\n{}\n\
                 [[package.metadata.judge.judges]]\ncompare = \"lines\"\n",
                body
            ))
        };
        assert_eq!(judge(""), Compare::Tokens);
        assert_eq!(judge("compare = \"lines\" # by lines"), Compare::Lines);
        assert_eq!(judge("compare = \"checker\""), Compare::Checker);
        assert_eq!(judge("compare = \"anycase\""), Compare::AnyCase);
        assert_eq!(
            judge("compare = \"float\"\nfloat-abs = 1e-9"),
            Compare::Float {
                abs: 1e-9,
                rel: 1e-6
            }
        );
    }

    #[test]
    fn anycase_ignores_ascii_letter_case_only() {
        let any = Compare::AnyCase;
        assert_eq!(any.difference(b"yes\nNo", b"YES no\n"), None);
        assert_eq!(
            any.difference(b"yes 4", b"YES 3"),
            Some("token 2 (line 1): expected `3`, got `4`".to_string())
        );
    }

    #[test]
    fn tokens_lines_and_floats() {
        let tokens = Compare::Tokens;
        assert_eq!(tokens.difference(b"1  2\r\n\n3", b"1 2 3\n"), None);
        assert_eq!(
            tokens.difference(b"1\n2 5\n", b"1 2 4"),
            Some("token 3 (line 2): expected `4`, got `5`".to_string())
        );
        assert_eq!(
            tokens.difference(b"1", b"1 2"),
            Some("token 2: expected `2`, got the end of the output".to_string())
        );
        assert_eq!(
            tokens.difference(b"1 2", b"1"),
            Some("token 2 (line 1): expected the end of the output, got `2`".to_string())
        );
        let lines = Compare::Lines;
        assert_eq!(lines.difference(b"a b  \r\nc\n\n\n", b"a b\nc"), None);
        assert_eq!(
            lines.difference(b"a  b\n", b"a b\n"),
            Some("line 1: expected `a b`, got `a  b`".to_string())
        );
        assert_eq!(
            lines.difference(b"a\n", b"a\nb\n"),
            Some("line 2: expected `b`, got the end of the output".to_string())
        );
        let float = Compare::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        assert_eq!(float.difference(b"0.5000001 YES 3e2", b"0.5 YES 300"), None);
        assert_eq!(float.difference(b"1000000.5", b"1000000"), None);
        assert!(float.difference(b"0.501", b"0.5").is_some());
        assert!(float.difference(b"nan", b"0.5").is_some());
        assert!(tokens.difference(b"0.5000001", b"0.5").is_some());
        for decimal in ["1", "-1.5", "+2e-3", "10E5"] {
            assert!(is_decimal(decimal.as_bytes()), "{}", decimal);
        }
        for other in ["", "-", "1.", ".5", "1e", "+-1", "inf", "1e5x", "0x1"] {
            assert!(!is_decimal(other.as_bytes()), "{}", other);
        }
    }

    /// A workspace in a temp dir with problem `echo` (whose solver is `cat`) and `files` in
    /// its samples folder; the package's folder.
    fn problem(dir: &crate::TempDir, manifest: &str, files: &[(&str, &str)]) -> String {
        let package = dir.path().join("problems/echo");
        fs::create_dir_all(&package).unwrap();
        fs::write(package.join("Cargo.toml"), manifest).unwrap();
        let samples = dir.path().join("samples/echo");
        fs::create_dir_all(&samples).unwrap();
        for (name, text) in files {
            fs::write(samples.join(name), text).unwrap();
        }
        package.to_str().unwrap().to_string()
    }

    fn fails(package: &str) -> String {
        let package = package.to_string();
        let caught = std::panic::catch_unwind(move || check_samples("cat", &package, None));
        let payload = caught.expect_err("the samples fail");
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn samples_run_in_order_and_fail_at_the_first_wrong_case() {
        let dir = crate::TempDir::new("testkit-samples");
        let tokens = "[package]\nname = \"echo\"\n";
        // Cases without their .out (the empty 1.in of `make new`) are skipped.
        let mut files = vec![("1.in", ""), ("2.in", "YES\n"), ("2.out", "YES")];
        files.extend([("10.in", "1 2"), ("10.out", "1\n2\n"), ("spoj-1.in", "a")]);
        files.push(("spoj-1.out", "a"));
        check_samples("cat", &problem(&dir, tokens, &files), None);
        // By lines, 10.out is not `1 2`; it is judged after 2 and before spoj-1.
        let lines = "[package.metadata.judge]\ncompare = \"lines\"\n";
        files.push(("spoj-1.code", "1"));
        let package = problem(&dir, lines, &files);
        let what = fails(&package);
        assert!(
            what.contains("samples/echo/10.in: line 1: expected `1`, got `1 2`"),
            "{}",
            what
        );
        fs::write(dir.path().join("samples/echo/10.out"), "1 2").unwrap();
        let what = fails(&package);
        assert!(
            what.contains("spoj-1.in: exit status 0, expected 1"),
            "{}",
            what
        );
    }

    /// A file problem's sample goes in through its input file and is judged on its output
    /// file; a solution writing stdout instead fails naming the file.
    #[test]
    fn a_file_problem_is_judged_on_its_named_files() {
        let dir = crate::TempDir::new("testkit-files-sample");
        let manifest = "[package.metadata.judge]\ninput-file = \"sort.in\"\n\
                        output-file = \"sort.out\"\n";
        let package = problem(&dir, manifest, &[("1.in", "3 1 2\n"), ("1.out", "3 1 2\n")]);
        // A child process writes each script: a write handle held in this process would be
        // inherited by the other tests' forks, and running the file would fail with ETXTBSY.
        let solver = |name: &str, body: &str| {
            let path = dir.path().join(name);
            let path = path.to_str().unwrap().to_string();
            let script = format!("#!/bin/sh\n{}\n", body);
            let made = run(
                "sh",
                &["-c", "cat > \"$0\" && chmod 755 \"$0\"", &path],
                script.as_bytes(),
            );
            assert!(made.status.success(), "cannot write {}", path);
            path
        };
        let writes = solver("writes", "cp sort.in sort.out");
        let prints = solver("prints", "cat sort.in");
        check_samples(&writes, &package, None);
        let caught = std::panic::catch_unwind(|| check_samples(&prints, &package, None));
        let what = caught
            .expect_err("stdout is not sort.out")
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(
            what.contains("wrote nothing to sort.out (it printed 6 bytes to stdout)"),
            "{}",
            what
        );
    }
}
