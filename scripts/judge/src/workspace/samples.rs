//! A problem's sample folder, `samples/<name>/`: its cases and what each expects.
//!
//! `N.in` is a case of the problem's default judge (the first listed, the origin).
//! `<judge>-N.in` (`spoj-1.in`) is a case in that judge's variant of the format: it runs
//! through that judge's profile and limits. Each has `.out`, optional `.code` and `.err`.
//!
//! Every file of a case is a regular file inside the workspace, at most [`MAX_SAMPLE`] bytes,
//! checked before anything opens it (a FIFO would hang the check, `/dev/zero` never ends); a
//! file that looks like part of a case but is not one is reported, never skipped.

use crate::error::Error;
use crate::judging::verdict::Expected;
use crate::workspace::problem::Problem;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest sample file read: a judge's sample is far smaller, and a bigger one is a
/// mistake (or a device) the check must not load.
pub const MAX_SAMPLE: u64 = 64 << 20;

/// What else a case may have beside its parts: `N.note`, written by `make stress`, and
/// `N.transcript`, an interactive problem's sample exchange as Competitive Companion sent it.
const BESIDE: [&str; 2] = ["note", "transcript"];

/// The largest `.code` file: one exit status.
const MAX_CODE: u64 = 64;

/// The extensions of a case's files: its input first.
const PARTS: [&str; 4] = ["in", "out", "code", "err"];

/// One sample case: `samples/<name>/[<judge>-]<number>.in`.
#[derive(Debug)]
pub struct Case {
    /// The judge key of a `<judge>-N.in` case; `None` for `N.in`.
    pub judge: Option<String>,
    pub number: u64,
    pub input: PathBuf,
    /// A test of a named test folder (`TESTS=`, `workspace/named.rs`) rather than a sample.
    pub named: Option<Named>,
}

/// A named test: its name and its answer file, both as the folder has them.
#[derive(Debug)]
pub struct Named {
    /// `max_random_00`, `01`: the row's name and what `CASE=` picks.
    pub name: String,
    /// The expected output (`out/max_random_00.out`, `01.a`), `None` when the folder has none.
    pub answer: Option<PathBuf>,
}

impl Case {
    /// The case's name in the check's table: `3`, `spoj-1`, a named test's name.
    pub fn name(&self) -> String {
        if let Some(named) = &self.named {
            return named.name.clone();
        }
        match &self.judge {
            Some(judge) => format!("{}-{}", judge, self.number),
            None => self.number.to_string(),
        }
    }
}

/// A file name of a samples folder read as `[<judge>-]<number>.<part>`: the judge key
/// (lowercase letters, digits, `_`), the number, whether the number is written the one way
/// the check takes (decimal digits, no sign, no leading zero), and the part (`in`, `out`,
/// `code`, `err`). `None` for a name of some other file (`notes.txt`).
struct FileName<'a> {
    judge: Option<&'a str>,
    number: Option<u64>,
    canonical: bool,
    part: &'a str,
}

/// Why a file of a samples folder that is not a case file looks like one, so it is reported:
/// a case's part in other letters (`5.IN`), or a case's name with another extension
/// (`5.ans`, `spoj-1.txt`). `None` for a case file, a file kept beside one (`5.note`) and
/// other files (`notes.txt`).
fn look_alike(name: &str) -> Option<String> {
    let (stem, ext) = name.rsplit_once('.')?;
    if PARTS.contains(&ext) || BESIDE.contains(&ext) {
        return None;
    }
    let lower = ext.to_ascii_lowercase();
    let digits = stem.rsplit_once('-').map_or(stem, |(_, n)| n);
    let numbered = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if PARTS.contains(&lower.as_str()) {
        return Some(if numbered {
            format!(
                "not a case name the check takes (`.{}`, not `.{}`); rename it {}.{}",
                ext, lower, stem, lower
            )
        } else {
            "not a case name the check takes; use N.in or <judge>-N.in".to_string()
        });
    }
    if numbered {
        return Some(format!(
            "not a file the check takes; a case's files are {s}.in, {s}.out, {s}.code and \
             {s}.err",
            s = stem
        ));
    }
    None
}

fn file_name(name: &str) -> Option<FileName<'_>> {
    let (stem, part) = name.rsplit_once('.')?;
    if !PARTS.contains(&part) {
        return None;
    }
    let (judge, digits) = match stem.rsplit_once('-') {
        Some((judge, n)) => (Some(judge), n),
        None => (None, stem),
    };
    let judge_ok = judge.map_or(true, |j| {
        !j.is_empty()
            && j.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    });
    let number = digits.trim().trim_start_matches('+').parse::<u64>().ok();
    let canonical = judge_ok
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    Some(FileName {
        judge,
        number: number.filter(|_| judge_ok),
        canonical,
        part,
    })
}

/// What the file at `path` is when it is not a regular file inside `root` (canonical):
/// `None` when it is one. Reads metadata only: the file is never opened.
fn not_regular(root: &Path, path: &Path) -> Option<String> {
    use std::os::unix::fs::FileTypeExt;
    let kind = |t: fs::FileType| {
        if t.is_fifo() {
            "a FIFO"
        } else if t.is_char_device() || t.is_block_device() {
            "a device"
        } else if t.is_socket() {
            "a socket"
        } else if t.is_dir() {
            "a folder"
        } else {
            "not a regular file"
        }
    };
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) => return Some(format!("cannot be read: {}", e)),
    };
    if meta.file_type().is_symlink() {
        let target = match fs::canonicalize(path) {
            Ok(t) => t,
            Err(_) => return Some("a link that leads nowhere".to_string()),
        };
        if !target.starts_with(root) {
            return Some(format!(
                "a link leading outside the workspace (to {})",
                target.display()
            ));
        }
        return match fs::metadata(&target) {
            Ok(m) if m.is_file() => too_big(m.len()),
            Ok(m) => Some(format!("a link to {}", kind(m.file_type()))),
            Err(e) => Some(format!("cannot be read: {}", e)),
        };
    }
    if !meta.is_file() {
        return Some(kind(meta.file_type()).to_string());
    }
    too_big(meta.len())
}

/// What is wrong with the case file at `path` (its `part`), in the workspace at `root`: not
/// a regular file inside it ([`not_regular`]), or a `.code` that is not an exit status a
/// process can give (refused before anything is built). `None` when it is fit.
fn unfit(root: &Path, path: &Path, part: &str) -> Option<String> {
    if let Some(what) = not_regular(root, path) {
        return Some(format!("{}; a sample must be a regular file", what));
    }
    if part != "code" {
        return None;
    }
    match fs::read(path) {
        Ok(text) if text.len() as u64 > MAX_CODE => Some(format!("over {} bytes", MAX_CODE)),
        Ok(text) => exit_status(&text).err(),
        Err(e) => Some(format!("cannot be read: {}", e)),
    }
}

fn too_big(bytes: u64) -> Option<String> {
    (bytes > MAX_SAMPLE).then(|| {
        format!(
            "{} bytes, over the {} MiB a sample may have",
            bytes,
            MAX_SAMPLE >> 20
        )
    })
}

/// Refuses, in one line, a samples folder `dir` that is a symbolic link leading out of the
/// workspace `root` (or that is not a folder): the check would read cases from there and an
/// import would write into it. A folder not there yet is fine (it is made inside). One
/// `lstat`, and a `realpath` of a link.
pub fn folder_inside(root: &Path, dir: &Path) -> crate::error::Result<()> {
    let meta = match fs::symlink_metadata(dir) {
        Ok(meta) => meta,
        Err(_) => return Ok(()),
    };
    let shown = dir.strip_prefix(root).unwrap_or(dir).display().to_string();
    if meta.file_type().is_symlink() {
        let target = fs::canonicalize(dir).ok();
        let root = fs::canonicalize(root).map_err(|e| Error::io(root, e))?;
        if !target
            .as_ref()
            .is_some_and(|t| t.starts_with(&root) && t.is_dir())
        {
            let to = fs::read_link(dir).map_or_else(|_| "?".into(), |t| t.display().to_string());
            return Err(Error::Refused(format!(
                "{} is a symbolic link to {}, outside the workspace: make it a folder of its own",
                shown, to
            )));
        }
    } else if !meta.is_dir() {
        return Err(Error::Refused(format!(
            "{} is not a folder: move it away, the samples go in a folder of that name",
            shown
        )));
    }
    Ok(())
}

/// The cases of the samples folder `dir` of the workspace at `root`: the default judge's in
/// numeric order, then each other judge's (by key) in numeric order. Files of other kinds
/// (`notes.txt`) are left alone. Refused, in one line naming the first such file (and how
/// many more there are): a `.in`/`.out`/`.code`/`.err` file whose name is not a case name
/// (`4 5.in`, `é.in`, `06.in` beside `6.in`), a look-alike of a case file (`5.IN`,
/// `5.ans`), a `.out`/`.code`/`.err` without its `.in`, a `.code` that is not an exit status
/// (0..=255), and
/// any file of a case that is not a regular file inside the workspace (FIFO, device, a link
/// leading outside) or is over [`MAX_SAMPLE`] bytes. A missing folder has no cases.
/// O(files in `dir`).
pub fn cases(root: &Path, dir: &Path) -> crate::error::Result<Vec<Case>> {
    folder_inside(root, dir)?;
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(_) => return Ok(Vec::new()),
    };
    let root = fs::canonicalize(root).map_err(|e| Error::io(root, e))?;
    let mut names: Vec<String> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        match entry.file_name().into_string() {
            Ok(name) => names.push(name),
            Err(name) => {
                let shown = name.to_string_lossy().escape_default().to_string();
                if PARTS.iter().any(|p| shown.ends_with(&format!(".{}", p))) {
                    problems.push(format!(
                        "{}: not a case name the check takes (not UTF-8); use N.in",
                        dir.join(shown).display()
                    ));
                }
            }
        }
    }
    names.sort();
    let mut cases = Vec::new();
    for name in &names {
        let shown = || {
            dir.join(name.escape_default().to_string())
                .display()
                .to_string()
        };
        if let Some(why) = look_alike(name) {
            problems.push(format!("{}: {}", shown(), why));
            continue;
        }
        let parsed = match file_name(name) {
            Some(parsed) => parsed,
            None => continue,
        };
        let path = dir.join(name);
        let canonical_name = |number: u64, part: &str| match parsed.judge {
            Some(judge) => format!("{}-{}.{}", judge, number, part),
            None => format!("{}.{}", number, part),
        };
        if !parsed.canonical {
            let why = match parsed.number {
                Some(n) if names.contains(&canonical_name(n, parsed.part)) => format!(
                    "a second name for case {} (beside {}); keep one",
                    n,
                    canonical_name(n, parsed.part)
                ),
                Some(n) => format!(
                    "not a case name the check takes; rename it {}",
                    canonical_name(n, parsed.part)
                ),
                None => "not a case name the check takes; use N.in or <judge>-N.in".to_string(),
            };
            problems.push(format!("{}: {}", shown(), why));
            continue;
        }
        let number = parsed.number.expect("a canonical name has a number");
        if parsed.part != "in" && !names.contains(&canonical_name(number, "in")) {
            problems.push(format!(
                "{}: no {} beside it",
                shown(),
                canonical_name(number, "in")
            ));
            continue;
        }
        if let Some(what) = unfit(&root, &path, parsed.part) {
            problems.push(format!("{}: {}", shown(), what));
            continue;
        }
        if parsed.part == "in" {
            cases.push(Case {
                judge: parsed.judge.map(str::to_string),
                number,
                input: path,
                named: None,
            });
        }
    }
    if let Some(first) = problems.first() {
        return Err(Error::Refused(match problems.len() {
            1 => first.clone(),
            n => format!("{} (and {} more such files)", first, n - 1),
        }));
    }
    cases.sort_by(|a, b| (&a.judge, a.number).cmp(&(&b.judge, b.number)));
    Ok(cases)
}

/// The smallest default-judge case number above every number used in `dir` by any case
/// file, well named or not (so a new case never lands on an orphan `.out`).
pub fn next_case_number(dir: &Path) -> u64 {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().into_string().ok()?;
                    let parsed = file_name(&name)?;
                    if parsed.judge.is_some() {
                        return None;
                    }
                    parsed.number.map(|n| n + 1)
                })
                .max()
                .unwrap_or(1)
        })
        .unwrap_or(1)
}

/// Refuses a `<judge>-N.in` case whose judge the problem does not list, or which takes no
/// Rust file (its cases could not run through any of its profiles).
pub fn check_judges(problem: &Problem, cases: &[Case]) -> crate::error::Result<()> {
    for case in cases {
        let key = match &case.judge {
            Some(key) => key,
            None => continue,
        };
        let listed: Vec<&str> = problem.judges.iter().map(|l| l.judge.key).collect();
        match problem.listing(key) {
            None => {
                return Err(Error::Refused(format!(
                    "{}: judge `{}` is not listed by {}; its judges are: {}",
                    case.input.display(),
                    key,
                    problem.name,
                    listed.join(", ")
                )))
            }
            Some(l) if !l.judge.takes_rust => {
                return Err(Error::Refused(format!(
                    "{}: {} takes no Rust, so no profile can run its cases; name the origin's \
                     cases N.in",
                    case.input.display(),
                    l.judge.name
                )))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// What a sample expects: `.out`, with `.code` and `.err` when present.
/// `None` when there is no `.out`. The files were vetted by [`cases`]; reads stay bounded
/// all the same (a file may grow after it).
pub fn expected_of(case: &Case) -> crate::error::Result<Option<Expected>> {
    if let Some(named) = &case.named {
        return Ok(named.answer.as_ref().map(|answer| Expected {
            stdout: answer.clone(),
            code: 0,
            stderr: None,
        }));
    }
    let out = case.input.with_extension("out");
    if !out.is_file() {
        return Ok(None);
    }
    let code_file = case.input.with_extension("code");
    let code = match read_bounded(&code_file, MAX_CODE)? {
        Some(text) => exit_status(&text)
            .map_err(|why| Error::Refused(format!("{}: {}", code_file.display(), why)))?,
        None => 0,
    };
    Ok(Some(Expected {
        stdout: out,
        code,
        stderr: read_bounded(&case.input.with_extension("err"), MAX_SAMPLE)?,
    }))
}

/// The exit status a `.code` file gives: a whole number from 0 to 255, what a process can
/// exit with; `Err`: why not, on one line.
fn exit_status(text: &[u8]) -> Result<i32, String> {
    let text = String::from_utf8_lossy(text);
    let text = text.trim();
    match text.parse::<i64>() {
        Ok(code) if (0..=255).contains(&code) => Ok(code as i32),
        Ok(code) => Err(format!(
            "{} is not an exit status a process can give (0..=255), so no run could pass",
            code
        )),
        Err(_) => Err(format!(
            "`{}` is not an exit status (0..=255)",
            crate::text::printable::printable(text)
        )),
    }
}

/// The bytes of `path`, `None` when there is no such file; refused over `cap` bytes.
fn read_bounded(path: &Path, cap: u64) -> crate::error::Result<Option<Vec<u8>>> {
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(path, e)),
    };
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    if bytes.len() as u64 > cap {
        return Err(Error::Refused(format!(
            "{}: over {} bytes",
            path.display(),
            cap
        )));
    }
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    fn scratch(name: &str) -> TempDir {
        TempDir::new(&format!("judge-{}", name))
    }

    /// `cases` of `dir` with `files` (empty) in it: the case names, or the refusal.
    fn listed(dir: &Path, files: &[&str]) -> Result<Vec<String>, String> {
        let _ = fs::remove_dir_all(dir);
        fs::create_dir_all(dir).unwrap();
        for name in files {
            let body = if name.ends_with(".code") { "0\n" } else { "" };
            fs::write(dir.join(name), body).unwrap();
        }
        cases(dir, dir)
            .map(|cases| cases.iter().map(Case::name).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn cases_in_order_and_next_number() {
        let tmp = scratch("cases");
        let dir = tmp.path();
        let names = listed(
            dir,
            &[
                "10.in",
                "9.in",
                "2.in",
                "2.out",
                "note.txt",
                "2.note",
                "2.transcript",
                "0.in",
                "spoj-1.in",
                "spoj-12.in",
                "luogu-2.in",
                "luogu-2.code",
            ],
        );
        assert_eq!(
            names.unwrap(),
            ["0", "2", "9", "10", "luogu-2", "spoj-1", "spoj-12"]
        );
        assert_eq!(next_case_number(dir), 11);
        assert_eq!(next_case_number(&dir.join("missing")), 1);
        assert!(cases(dir, &dir.join("missing")).unwrap().is_empty());
    }

    #[test]
    fn every_file_that_is_not_a_case_is_named() {
        let tmp = scratch("strays");
        let dir = tmp.path();
        let refusal = |files: &[&str]| listed(dir, files).unwrap_err();
        for (files, wanted) in [
            (&["1.in", "3.out"][..], "3.out: no 3.in beside it"),
            (&["1.in", "1.out", "3.code"], "3.code: no 3.in beside it"),
            (&["spoj-2.err"], "spoj-2.err: no spoj-2.in beside it"),
            (
                &["4 5.in"],
                "4 5.in: not a case name the check takes; use N.in",
            ),
            (&["\u{e9}.in"], "\\u{e9}.in: not a case name"),
            (
                &[" 7.in"],
                " 7.in: not a case name the check takes; rename it 7.in",
            ),
            (&["x.in"], "x.in: not a case name"),
            (&["-4.in"], "-4.in: not a case name"),
            (
                &["6.in", "06.in"],
                "06.in: a second name for case 6 (beside 6.in)",
            ),
            (
                &["6.in", "+6.in"],
                "+6.in: a second name for case 6 (beside 6.in)",
            ),
            (
                &["6.out", "06.out", "6.in"],
                "06.out: a second name for case 6",
            ),
            (
                &["1.in", "1.out", "5.IN", "5.OUT"],
                "5.IN: not a case name the check takes (`.IN`, not `.in`); rename it 5.in",
            ),
            (
                &["spoj-2.In"],
                "spoj-2.In: not a case name the check takes (`.In`, not `.in`); rename it \
                 spoj-2.in",
            ),
            (
                &["1.in", "1.ans"],
                "1.ans: not a file the check takes; a case's files are 1.in, 1.out, 1.code \
                 and 1.err",
            ),
        ] {
            let e = refusal(files);
            assert!(e.contains(wanted), "{:?}: {}", files, e);
            assert!(!e.contains('\n'), "{}", e);
        }
        // An exit status no process can give: refused before anything runs.
        assert_eq!(listed(dir, &["1.in", "1.code"]).unwrap(), ["1"]);
        fs::write(dir.join("1.code"), "256\n").unwrap();
        let e = cases(dir, dir).unwrap_err().to_string();
        let said = "1.code: 256 is not an exit status a process can give (0..=255)";
        assert!(
            e.contains(said) && e.ends_with("so no run could pass"),
            "{}",
            e
        );
        let e = refusal(&["6.in", "06.in", "+6.in", "9.out"]);
        assert!(e.ends_with("(and 2 more such files)"), "{}", e);
        // A stray number still moves the next number past it.
        assert_eq!(next_case_number(dir), 10);
    }

    #[test]
    fn only_regular_files_inside_the_workspace() {
        use std::os::unix::fs::symlink;
        let tmp = scratch("regular");
        let root = tmp.path();
        let dir = root.join("samples/x");
        fs::create_dir_all(&dir).unwrap();
        fs::write(root.join("kept.txt"), "1\n").unwrap();
        symlink(root.join("kept.txt"), dir.join("1.in")).unwrap();
        assert_eq!(cases(root, &dir).unwrap().len(), 1);
        let status = std::process::Command::new("mkfifo")
            .arg(dir.join("2.in"))
            .status()
            .unwrap();
        assert!(status.success());
        let e = cases(root, &dir).unwrap_err().to_string();
        assert!(
            e.ends_with("2.in: a FIFO; a sample must be a regular file"),
            "{}",
            e
        );
        fs::remove_file(dir.join("2.in")).unwrap();
        symlink("/dev/zero", dir.join("1.err")).unwrap();
        let e = cases(root, &dir).unwrap_err().to_string();
        assert!(
            e.contains("1.err: a link leading outside the workspace (to /dev/zero)"),
            "{}",
            e
        );
        fs::remove_file(dir.join("1.err")).unwrap();
        symlink("/etc/hostname", dir.join("1.out")).unwrap();
        assert!(cases(root, &dir)
            .unwrap_err()
            .to_string()
            .contains("1.out: a link leading outside"));
        fs::remove_file(dir.join("1.out")).unwrap();
        symlink(root.join("gone"), dir.join("1.out")).unwrap();
        assert!(cases(root, &dir)
            .unwrap_err()
            .to_string()
            .contains("1.out: a link that leads nowhere"));
        fs::remove_file(dir.join("1.out")).unwrap();
        fs::create_dir(dir.join("3.in")).unwrap();
        assert!(cases(root, &dir)
            .unwrap_err()
            .to_string()
            .contains("3.in: a folder"));
        fs::remove_dir(dir.join("3.in")).unwrap();
        let big = fs::File::create(dir.join("4.in")).unwrap();
        big.set_len(MAX_SAMPLE + 1).unwrap();
        assert!(cases(root, &dir)
            .unwrap_err()
            .to_string()
            .contains("4.in: 67108865 bytes, over the 64 MiB"));
    }

    #[test]
    fn expected_reads_code_and_stderr() {
        let tmp = scratch("expect");
        let dir = tmp.path();
        fs::write(dir.join("spoj-1.in"), "x").unwrap();
        let case = Case {
            judge: Some("spoj".into()),
            number: 1,
            input: dir.join("spoj-1.in"),
            named: None,
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
        fs::write(dir.join("spoj-1.code"), "255\n").unwrap();
        assert_eq!(expected_of(&case).unwrap().unwrap().code, 255);
        for code in ["256", "-1", "4294967296"] {
            fs::write(dir.join("spoj-1.code"), code).unwrap();
            let e = expected_of(&case).unwrap_err().to_string();
            assert!(
                e.ends_with(&format!(
                    "spoj-1.code: {} is not an exit status a process can give (0..=255), so no \
                     run could pass",
                    code
                )),
                "{}",
                e
            );
        }
        fs::write(dir.join("spoj-1.code"), "0".repeat(65)).unwrap();
        assert!(matches!(expected_of(&case), Err(e) if e.to_string().contains("over 64 bytes")));
    }
}
