//! A problem as Competitive Companion sends it: read, checked, named, and written into the
//! workspace (`make receive` and `make import` share every step).
//!
//! Everything is checked before anything is written, so a refused problem leaves no trace;
//! the only paths written are `problems/<name>/...` and `samples/<name>/N.{in,out}`, where
//! `<name>` is a lowercase crate name built here from the URL (never from free text).

use crate::json::{self, Json};
use crate::judges;
use crate::samples;
use crate::scaffold::{self, Facts};
use std::fmt;
use std::fs;
use std::path::Path;

/// The most samples one problem may carry, and the largest sample text: a judge page never
/// has more, and a bigger request is not from the extension.
const MAX_TESTS: usize = 100;

/// One problem of a Competitive Companion request, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The title, e.g. `P1074 [NOIP 2009 提高组] 靶形数独` (only shown, never a path).
    pub title: String,
    pub url: String,
    /// The judge's key in the judge table (`judges.rs`): by the URL's host, `generic` for a
    /// host the table does not know.
    pub judge: String,
    /// The judge's id of the problem, e.g. `P1074`, `2676`, `1900A`, `abc123_a`.
    pub id: String,
    /// The package name, e.g. `p1074`, `poj2676`, `cf1900a`, `abc123_a`.
    pub name: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    /// (input, expected output) of each sample, exactly as sent.
    pub tests: Vec<(String, String)>,
    /// `batch.id` and `batch.size`: how many problems came with one click.
    pub batch: Option<(String, u64)>,
}

/// Why a request is refused: a one-line reason for the HTTP answer and the terminal. The batch
/// is known when the request was JSON that named it, so a refused problem still counts
/// towards its batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub reason: String,
    pub batch: Option<(String, u64)>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

fn refuse<T>(reason: impl Into<String>, batch: &Option<(String, u64)>) -> Result<T, Refusal> {
    Err(Refusal {
        reason: reason.into(),
        batch: batch.clone(),
    })
}

impl Task {
    /// Reads one problem from a request body. O(body size).
    pub fn from_body(body: &str) -> Result<Task, Refusal> {
        let doc = json::parse(body).map_err(|e| Refusal {
            reason: format!("not JSON: {}", e),
            batch: None,
        })?;
        Task::from_json(&doc)
    }

    /// Reads one problem from a parsed JSON object.
    pub fn from_json(doc: &Json) -> Result<Task, Refusal> {
        let no_batch = None;
        if !matches!(doc, Json::Object(_)) {
            return refuse("expected a JSON object (one problem)", &no_batch);
        }
        let batch = match doc.get("batch") {
            None | Some(Json::Null) => None,
            Some(b) => {
                let id = b.get("id").and_then(Json::as_str).unwrap_or("");
                let size = b.get("size").and_then(Json::as_f64).unwrap_or(1.0);
                if !((1.0..=1000.0).contains(&size) && size.fract() == 0.0) {
                    return refuse("batch.size must be a whole number 1..=1000", &no_batch);
                }
                Some((id.to_string(), size as u64))
            }
        };
        let text = |key: &str| -> Result<String, Refusal> {
            match doc.get(key) {
                Some(Json::Str(s)) => Ok(s.clone()),
                None => refuse(format!("`{}` is missing", key), &batch),
                Some(_) => refuse(format!("`{}` must be a string", key), &batch),
            }
        };
        let url = text("url")?;
        let title = match doc.get("name") {
            None => String::new(),
            Some(_) => text("name")?,
        };
        if title.contains('\0') || url.chars().any(char::is_control) {
            return refuse("control characters in `name` or `url`", &batch);
        }
        if doc.get("interactive").and_then(Json::as_bool) == Some(true) {
            return refuse(
                "an interactive problem: the workspace judges stdin -> stdout only",
                &batch,
            );
        }
        for (key, wanted) in [("input", "stdin"), ("output", "stdout")] {
            if let Some(io) = doc.get(key) {
                let kind = io.get("type").and_then(Json::as_str).unwrap_or(wanted);
                if kind != wanted {
                    let file = io.get("fileName").and_then(Json::as_str).unwrap_or("?");
                    return refuse(
                        format!(
                            "the problem uses {} `{}` ({}): the workspace judges stdin -> stdout only",
                            key, file, kind
                        ),
                        &batch,
                    );
                }
            }
        }
        let number = |key: &str| -> Result<f64, Refusal> {
            match doc.get(key).map(Json::as_f64) {
                Some(Some(v)) if v > 0.0 && v < 1e7 => Ok(v),
                Some(Some(_)) => refuse(format!("`{}` is out of range", key), &batch),
                Some(None) => refuse(format!("`{}` is not a number", key), &batch),
                None => refuse(format!("`{}` is missing", key), &batch),
            }
        };
        let time_limit_ms = number("timeLimit")?.ceil() as u64;
        let memory_limit_mib = memory_mib(number("memoryLimit")?);
        let tests = match doc.get("tests").map(Json::as_array) {
            None => return refuse("`tests` is missing", &batch),
            Some(None) => return refuse("`tests` must be an array", &batch),
            Some(Some(tests)) => tests,
        };
        if tests.len() > MAX_TESTS {
            return refuse(format!("more than {} tests", MAX_TESTS), &batch);
        }
        let mut samples = Vec::new();
        for (i, test) in tests.iter().enumerate() {
            let part = |key: &str| test.get(key).and_then(Json::as_str).map(str::to_string);
            match (part("input"), part("output")) {
                (Some(input), Some(output)) => samples.push((input, output)),
                _ => {
                    return refuse(
                        format!("tests[{}] needs string `input` and `output`", i),
                        &batch,
                    )
                }
            }
        }
        let (_, id, name) = identify(&url).or_else(|e| refuse(e, &batch))?;
        let judge = judges::by_host(&url).key;
        Ok(Task {
            title,
            url,
            judge: judge.to_string(),
            id,
            name,
            time_limit_ms,
            memory_limit_mib,
            tests: samples,
            batch,
        })
    }
}

/// A memory limit in whole MiB from Competitive Companion's "MB". Whole numbers are taken as
/// MiB (judges write MB and mean MiB: Codeforces' 256, Luogu's 128). A fraction is a KB figure
/// divided by 1000 (POJ's 65536 KB arrives as 65.536): back to KB, then whole MiB rounded
/// down, never below 1. O(1).
pub fn memory_mib(mb: f64) -> u64 {
    if mb.fract() == 0.0 {
        return (mb as u64).max(1);
    }
    let kib = (mb * 1000.0).round() as u64;
    (kib / 1024).max(1)
}

/// `(site, id, package name)` of a problem URL. The site is the judge's short name (`luogu`,
/// `poj`, `codeforces`, `atcoder`, else the host's main label), the id the site's own problem
/// id, the name a crate name made from both. Ids that could name a path
/// (`..`, `/`, `\`, NUL) are refused, not cleaned.
pub fn identify(url: &str) -> Result<(String, String, String), String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("`url` is not an http(s) URL: {}", shown(url)))?;
    let path_start = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, rest) = (judges::host_of(url), &rest[path_start..]);
    let rest = rest.split('#').next().unwrap_or("");
    let (path, query) = match rest.find('?') {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let segments: Vec<String> = path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(percent_decode)
        .collect::<Result<_, _>>()?;
    let param = |key: &str| -> Result<Option<String>, String> {
        for pair in query.split('&') {
            if let Some(v) = pair.strip_prefix(key).and_then(|v| v.strip_prefix('=')) {
                return percent_decode(v).map(Some);
            }
        }
        Ok(None)
    };
    let seg = |i: usize| segments.get(i).map(String::as_str);
    // The judge table decides which judge serves the host (mirrors included); its key picks
    // the judge's URL pattern.
    let (judge, id, prefix): (&str, String, &str) = match judges::by_host(url).key {
        "luogu" => match (seg(0), seg(1)) {
            (Some("problem"), Some(id)) => ("luogu", id.to_string(), ""),
            _ => return Err(unknown_page(url)),
        },
        "poj" => match param("id")? {
            Some(id) => ("poj", id, "poj"),
            None => return Err(unknown_page(url)),
        },
        "codeforces" => match (seg(0), seg(1), seg(2), seg(3)) {
            (Some("problemset"), Some("problem"), Some(c), Some(i))
            | (Some("contest"), Some(c), Some("problem"), Some(i)) => {
                ("codeforces", format!("{}{}", c, i), "cf")
            }
            (Some("gym"), Some(c), Some("problem"), Some(i)) => {
                ("codeforces", format!("{}{}", c, i), "cfgym")
            }
            _ => return Err(unknown_page(url)),
        },
        "atcoder" => match (seg(0), seg(2), seg(3)) {
            (Some("contests"), Some("tasks"), Some(task)) => ("atcoder", task.to_string(), ""),
            _ => return Err(unknown_page(url)),
        },
        _ => {
            // Any other judge: the host's main label, and an id parameter or the last path
            // segment.
            let site =
                main_label(&host).ok_or_else(|| format!("`url` has no host: {}", shown(url)))?;
            let mut id = None;
            for key in ["id", "pid", "problem", "problemid"] {
                if id.is_none() {
                    id = param(key)?;
                }
            }
            let id = match id {
                Some(id) => id,
                None => segments.last().cloned().ok_or_else(|| unknown_page(url))?,
            };
            (site, id, site)
        }
    };
    if id.is_empty() {
        return Err(unknown_page(url));
    }
    if id.contains("..") || id.contains(['/', '\\', '\0']) || id.chars().any(char::is_control) {
        return Err(format!(
            "the problem id `{}` in the URL could name a path; refused",
            id.escape_default()
        ));
    }
    let name = package_name(prefix, &id).ok_or_else(|| {
        format!(
            "cannot make a package name from the problem id `{}`",
            id.escape_default()
        )
    })?;
    Ok((judge.to_string(), id, name))
}

/// The package name of problem `id` of a site whose names start with `prefix` (`poj` + `2676`,
/// `spoj` + `_sudoku`, `` + `p1074`): lowercase, every other character `_`; `None` when that
/// is not a valid name (too long, or not starting with a letter).
fn package_name(prefix: &str, id: &str) -> Option<String> {
    let mut name = prefix.to_ascii_lowercase();
    if !name.is_empty() && id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name.push('_');
    }
    name.extend(id.chars().map(|c| {
        if c.is_ascii_alphanumeric() {
            c.to_ascii_lowercase()
        } else {
            '_'
        }
    }));
    Some(name).filter(|n| scaffold::valid_name(n))
}

/// Second-level domains that sit under a country code (`edu.cn`, `co.uk`): not a site's name.
const SECOND_LEVEL: &[&str] = &["com", "edu", "org", "net", "ac", "co", "gov"];

/// The label that names the site: `kattis` of `open.kattis.com`, `hdu` of `acm.hdu.edu.cn`.
fn main_label(host: &str) -> Option<&str> {
    let mut labels: Vec<&str> = host.split('.').filter(|l| !l.is_empty()).collect();
    if labels.len() > 1 {
        labels.pop();
    }
    if labels.len() > 1 && SECOND_LEVEL.contains(&labels[labels.len() - 1]) {
        labels.pop();
    }
    labels.last().copied()
}

fn unknown_page(url: &str) -> String {
    format!("no problem id in the URL {}", shown(url))
}

/// A URL or id shortened and escaped for a one-line message.
fn shown(s: &str) -> String {
    let short: String = s.chars().take(80).collect();
    short.escape_default().to_string()
}

/// `%XX` decoded; a decoded text that is not UTF-8 is refused.
fn percent_decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| format!("bad `%` escape in the URL near `{}`", shown(s)))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "the URL decodes to bytes that are not UTF-8".to_string())
}

/// What writing a task did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A new package with this many samples.
    Created { name: String, samples: usize },
    /// The package existed: this many samples were new and added; the rest were there.
    Extended { name: String, added: usize },
}

impl fmt::Display for Outcome {
    /// One line for the terminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Created { name, samples } => write!(
                f,
                "created problems/{0} with {1} sample{2} in samples/{0}",
                name,
                samples,
                if *samples == 1 { "" } else { "s" }
            ),
            Outcome::Extended { name, added } => write!(
                f,
                "problems/{} exists: added {} new sample{}, kept the rest",
                name,
                added,
                if *added == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Names the workspace's own crates use: a problem may not take them.
fn reserved(root: &Path, name: &str) -> bool {
    name == "judge"
        || fs::read_dir(root.join("shared"))
            .map(|d| {
                d.filter_map(Result::ok)
                    .any(|e| e.file_name().to_str() == Some(name))
            })
            .unwrap_or(false)
}

/// Writes `task` into the workspace at `root`: a new package from the skeleton with the
/// task's facts and samples, or, when `problems/<name>` exists, the samples it lacks (a sample
/// whose input is already there is not repeated; nothing is overwritten).
pub fn write(root: &Path, task: &Task) -> Result<Outcome, Refusal> {
    let fail = |e: String| Refusal {
        reason: e,
        batch: task.batch.clone(),
    };
    if reserved(root, &task.name) {
        return Err(fail(format!(
            "`{}` is the name of one of the workspace's own crates",
            task.name
        )));
    }
    let samples = root.join("samples").join(&task.name);
    let existing = root.join("problems").join(&task.name).exists();
    if !existing {
        let facts = Facts {
            description: task.title.clone(),
            judge: task.judge.clone(),
            problem: task.id.clone(),
            url: task.url.clone(),
            time_limit_ms: task.time_limit_ms,
            memory_limit_mib: task.memory_limit_mib,
        };
        scaffold::create(root, &task.name, &facts).map_err(fail)?;
    }
    // A sample is known by its input: an expected output edited by hand stays as it is.
    let known: Vec<Vec<u8>> = samples::cases(&samples)
        .iter()
        .map(|c| fs::read(&c.input).unwrap_or_default())
        .collect();
    fs::create_dir_all(&samples).map_err(|e| fail(format!("{}: {}", samples.display(), e)))?;
    let mut next = samples::next_case_number(&samples);
    let mut added = 0;
    for (input, output) in &task.tests {
        if known.iter().any(|i| i == input.as_bytes()) {
            continue;
        }
        let path = samples.join(format!("{}.in", next));
        // `create_new`: a file that appeared meanwhile is never overwritten.
        write_new(&path, input).map_err(&fail)?;
        write_new(&path.with_extension("out"), output).map_err(&fail)?;
        next += 1;
        added += 1;
    }
    Ok(if existing {
        Outcome::Extended {
            name: task.name.clone(),
            added,
        }
    } else {
        Outcome::Created {
            name: task.name.clone(),
            samples: added,
        }
    })
}

fn write_new(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("{}: {}", path.display(), e))
}

/// The problems of a saved file: one problem object, or an array of them (a saved batch).
pub fn import(root: &Path, text: &str) -> Vec<Result<Outcome, Refusal>> {
    match json::parse(text) {
        Ok(Json::Array(items)) => items
            .iter()
            .map(|item| Task::from_json(item).and_then(|t| write(root, &t)))
            .collect(),
        Ok(doc) => vec![Task::from_json(&doc).and_then(|t| write(root, &t))],
        Err(e) => vec![Err(Refusal {
            reason: format!("not JSON: {}", e),
            batch: None,
        })],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(url: &str) -> Result<String, String> {
        identify(url).map(|(_, _, n)| n)
    }

    #[test]
    fn names_come_from_the_judge_and_id() {
        let cases = [
            (
                "https://www.luogu.com.cn/problem/P1074",
                "luogu",
                "P1074",
                "p1074",
            ),
            (
                "https://www.luogu.com.cn/problem/CF1900A?x=1",
                "luogu",
                "CF1900A",
                "cf1900a",
            ),
            ("http://poj.org/problem?id=2676", "poj", "2676", "poj2676"),
            // Mirrors and other host forms are the judge table's hosts.
            (
                "https://www.luogu.org/problem/P1074",
                "luogu",
                "P1074",
                "p1074",
            ),
            (
                "https://codeforc.es/contest/1900/problem/A",
                "codeforces",
                "1900A",
                "cf1900a",
            ),
            (
                "https://codeforces.com/problemset/problem/1900/A",
                "codeforces",
                "1900A",
                "cf1900a",
            ),
            (
                "https://codeforces.com/contest/1900/problem/B1",
                "codeforces",
                "1900B1",
                "cf1900b1",
            ),
            (
                "https://codeforces.com/gym/102222/problem/C",
                "codeforces",
                "102222C",
                "cfgym102222c",
            ),
            (
                "https://atcoder.jp/contests/abc123/tasks/abc123_a",
                "atcoder",
                "abc123_a",
                "abc123_a",
            ),
            (
                "https://www.spoj.com/problems/SUDOKU/",
                "spoj",
                "SUDOKU",
                "spoj_sudoku",
            ),
            (
                "https://open.kattis.com/problems/hello-world",
                "kattis",
                "hello-world",
                "kattis_hello_world",
            ),
            (
                "http://acm.hdu.edu.cn/showproblem.php?pid=1426",
                "hdu",
                "1426",
                "hdu1426",
            ),
            (
                "https://open.kattis.com/problems/x?problemid=7",
                "kattis",
                "7",
                "kattis7",
            ),
        ];
        for (url, judge, id, package) in cases {
            assert_eq!(
                identify(url),
                Ok((judge.to_string(), id.to_string(), package.to_string())),
                "{}",
                url
            );
        }
    }

    #[test]
    fn ids_that_name_paths_are_refused() {
        for url in [
            "http://poj.org/problem?id=../../etc",
            "http://poj.org/problem?id=%2e%2e%2fx",
            "http://poj.org/problem?id=/etc/passwd",
            "http://poj.org/problem?id=a%00b",
            "http://poj.org/problem?id=a%5cb",
            "https://www.luogu.com.cn/problem/%2E%2E",
            "http://poj.org/problem?id=",
            "http://poj.org/problem?id=%zz",
            "ftp://poj.org/problem?id=1",
            "/etc/passwd",
            "https://www.luogu.com.cn/training/1",
        ] {
            assert!(name(url).is_err(), "{}", url);
        }
        // Made safe: punctuation becomes `_`; a name must start with a letter.
        assert_eq!(name("https://x.org/p/a.b-c"), Ok("x_a_b_c".to_string()));
        assert_eq!(name("https://atcoder.jp/contests/1/tasks/1_a").ok(), None);
        assert!(name(&format!(
            "https://www.luogu.com.cn/problem/P{}",
            "1".repeat(60)
        ))
        .is_err());
        assert_eq!(
            name("https://www.luogu.com.cn/problem/P1074靶"),
            Ok("p1074_".to_string())
        );
    }

    #[test]
    fn memory_limits_round_to_mib() {
        assert_eq!(memory_mib(256.0), 256);
        assert_eq!(memory_mib(128.0), 128);
        assert_eq!(memory_mib(65.536), 64);
        assert_eq!(memory_mib(131.072), 128);
        assert_eq!(memory_mib(10.0), 10);
        assert_eq!(memory_mib(0.5), 1);
    }

    const LUOGU: &str = r#"{"name": "P1074 [NOIP 2009 \u63d0\u9ad8\u7ec4] 靶形数独", "group": "Luogu",
        "url": "https://www.luogu.com.cn/problem/P1074", "interactive": false,
        "memoryLimit": 128, "timeLimit": 2000,
        "tests": [{"input": "1\n", "output": "2\n"}, {"input": "3\n", "output": "4\n"}],
        "testType": "single", "input": {"type": "stdin"}, "output": {"type": "stdout"},
        "batch": {"id": "b1", "size": 2}}"#;

    #[test]
    fn a_companion_problem_reads_whole() {
        let t = Task::from_body(LUOGU).unwrap();
        assert_eq!(t.title, "P1074 [NOIP 2009 提高组] 靶形数独");
        assert_eq!(
            (t.judge.as_str(), t.id.as_str(), t.name.as_str()),
            ("luogu", "P1074", "p1074")
        );
        assert_eq!((t.time_limit_ms, t.memory_limit_mib), (2000, 128));
        assert_eq!(t.tests[1], ("3\n".to_string(), "4\n".to_string()));
        assert_eq!(t.batch, Some(("b1".to_string(), 2)));
        // The judge key comes from the judge table; unknown hosts get the generic judge.
        let judge_of = |url: &str| {
            Task::from_body(&LUOGU.replace("https://www.luogu.com.cn/problem/P1074", url))
                .unwrap()
                .judge
        };
        assert_eq!(judge_of("http://poj.org/problem?id=2676"), "poj");
        assert_eq!(
            judge_of("https://codeforc.es/contest/1900/problem/A"),
            "codeforces"
        );
        assert_eq!(judge_of("https://www.spoj.com/problems/SUDOKU/"), "spoj");
        assert_eq!(
            judge_of("https://open.kattis.com/problems/hello"),
            judges::GENERIC
        );
    }

    #[test]
    fn bad_problems_say_why_and_keep_their_batch() {
        let cases = [
            (
                "\"timeLimit\": 2000",
                "\"timeLimit\": \"2s\"",
                "`timeLimit` is not a number",
            ),
            (
                "\"memoryLimit\": 128",
                "\"memoryLimit\": -1",
                "`memoryLimit` is out of range",
            ),
            (
                "\"interactive\": false",
                "\"interactive\": true",
                "interactive",
            ),
            (
                "{\"type\": \"stdin\"}",
                "{\"type\": \"file\", \"fileName\": \"a.in\"}",
                "input `a.in`",
            ),
            ("\"url\":", "\"link\":", "`url` is missing"),
            ("\"tests\":", "\"cases\":", "`tests` is missing"),
            ("\"output\": \"2\\n\"", "\"output\": 2", "tests[0]"),
            ("problem/P1074", "problem/..%2fP1074", "could name a path"),
        ];
        for (from, to, why) in cases {
            let body = LUOGU.replace(from, to);
            assert_ne!(body, LUOGU, "{}", from);
            let e = Task::from_body(&body).unwrap_err();
            assert!(e.reason.contains(why), "{}: {}", why, e.reason);
            assert!(!e.reason.contains('\n'));
            assert_eq!(e.batch, Some(("b1".to_string(), 2)), "{}", why);
        }
        assert_eq!(Task::from_body("{oops").unwrap_err().batch, None);
        assert!(Task::from_body("[]").unwrap_err().reason.contains("object"));
    }
}
