//! A problem as Competitive Companion sends it: read, checked, named, and written into the
//! workspace (`make receive` and `make import` share every step).
//!
//! Everything is checked before anything is written, so a refused problem leaves no trace;
//! the only paths written are `problems/<name>/...` and `samples/<name>/N.{in,out}`, where
//! `<name>` is a lowercase crate name built here from the URL (never from free text).

use crate::intake::io as intake_io;
use crate::intake::io::io_of;
use crate::intake::sites;
use crate::text::json::{self, Json};
use crate::workspace::atomic;
use crate::workspace::io::Io;
use crate::workspace::judges;
use crate::workspace::metadata;
use crate::workspace::names;
use crate::workspace::samples;
use crate::workspace::scaffold::Facts;
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
    /// The problem's page (its own where the page sent showed a whole contest).
    pub url: String,
    /// The judge's key in the judge table (`judges.rs`): by the URL's host, `generic` for a
    /// host the table does not know.
    pub judge: String,
    /// The judge's id of the problem, e.g. `P1074`, `2676`, `1900A`, `abc123_a`.
    pub id: String,
    /// The package name, e.g. `p1074`, `poj2676`, `cf1900a`, `abc123_a`.
    pub name: String,
    /// The names to use, in order, when `name` is another problem's package.
    pub other_names: Vec<String>,
    /// The problem's identity ([`sites::Page::key`]): a package holds one problem.
    pub key: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    /// (input, expected output) of each sample, exactly as sent.
    pub tests: Vec<(String, String)>,
    /// `batch.id` and `batch.size`: how many problems came with one click.
    pub batch: Option<(String, u64)>,
    /// How the solution reads and writes (`interactive`, `input`, `output`).
    pub io: Io,
}

/// Why a request is refused: a one-line reason for the HTTP answer and the terminal, the
/// batch the request named when it was JSON that named one (it arrived, and was not taken),
/// and the problem's page when it named one.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub reason: String,
    pub batch: Option<(String, u64)>,
    /// The `url` sent, shortened and escaped for a message ([`sites::shown`]).
    pub url: Option<String>,
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
        url: None,
    })
}

impl Task {
    /// Reads one problem from a request body. O(body size).
    pub fn from_body(body: &str) -> Result<Task, Refusal> {
        let doc = json::parse(body).map_err(|e| Refusal {
            reason: format!("not JSON: {}", e),
            batch: None,
            url: None,
        })?;
        Task::from_json(&doc)
    }

    /// Reads one problem from a parsed JSON object; a refusal names the page it was sent for.
    pub fn from_json(doc: &Json) -> Result<Task, Refusal> {
        Task::read(doc).map_err(|refusal| Refusal {
            url: doc.get("url").and_then(Json::as_str).map(sites::shown),
            ..refusal
        })
    }

    fn read(doc: &Json) -> Result<Task, Refusal> {
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
        let io = io_of(doc).or_else(|e| refuse(e, &batch))?;
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
        let page = sites::identify(&url, &title).or_else(|e| refuse(e.to_string(), &batch))?;
        let judge = judges::by_host(&url).key;
        Ok(Task {
            title,
            url: page.url,
            judge: judge.to_string(),
            id: page.id,
            name: page.name,
            other_names: page.fallbacks,
            key: page.key,
            time_limit_ms,
            memory_limit_mib,
            tests: samples,
            batch,
            io,
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

/// What writing a task did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Imported {
    /// A new package with this many samples; `displaced` says why it is not under the
    /// problem's first name.
    Created {
        name: String,
        samples: usize,
        displaced: Option<String>,
    },
    /// The package existed: this many samples were new and added; the rest were there.
    Extended { name: String, added: usize },
}

impl fmt::Display for Imported {
    /// One line for the terminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Imported::Created {
                name,
                samples,
                displaced,
            } => {
                write!(
                    f,
                    "created problems/{0} with {1} sample{2} in samples/{0}",
                    name,
                    samples,
                    if *samples == 1 { "" } else { "s" }
                )?;
                match displaced {
                    Some(why) => write!(f, " ({})", why),
                    None => Ok(()),
                }
            }
            Imported::Extended { name, added } => write!(
                f,
                "problems/{} exists: added {} new sample{}, kept the rest",
                name,
                added,
                if *added == 1 { "" } else { "s" }
            ),
        }
    }
}

/// What `problems/<name>` holds, for a problem with identity `key`.
enum Holder {
    /// Nothing: the name is free.
    Free,
    /// This problem: its samples may be added.
    Same,
    /// Another problem (its recorded URL, or what it lacks).
    Other(String),
}

/// Reads the recorded URLs of `problems/<name>` through cargo (as every manifest is read).
fn holder(
    root: &Path,
    name: &str,
    key: &str,
    members: &Result<Vec<metadata::Package>, String>,
) -> Holder {
    let dir = root.join("problems").join(name);
    if !dir.exists() {
        return Holder::Free;
    }
    let packages = match members {
        Ok(packages) => packages,
        Err(e) => return Holder::Other(format!("its manifest cannot be read: {}", e)),
    };
    let own = Path::new("problems").join(name).join("Cargo.toml");
    let package = match packages.iter().find(|p| p.manifest_path.ends_with(&own)) {
        Some(p) => p,
        None => return Holder::Other("not a package of the workspace".to_string()),
    };
    let urls: Vec<&str> = package
        .metadata
        .get("judge")
        .and_then(|j| j.get("judges"))
        .and_then(|j| j.as_array())
        .unwrap_or(&[])
        .iter()
        .filter_map(|listing| listing.get("url").and_then(|u| u.as_str()))
        .collect();
    if urls
        .iter()
        .any(|url| sites::identify(url, "").is_ok_and(|p| p.key == key))
    {
        return Holder::Same;
    }
    Holder::Other(match urls.first() {
        Some(url) => sites::shown(url),
        None => "no url".to_string(),
    })
}

/// Writes `task` into the workspace at `root`: a new package from the skeleton with the
/// task's facts and samples, or, when `problems/<name>` holds the same problem (by its
/// recorded URL), the samples it lacks (a sample whose input is already there is not
/// repeated; nothing is overwritten). When `problems/<name>` holds another problem, the
/// task's next name is used. A name [`names::check`] refuses, or a samples folder
/// [`samples::cases`] refuses, is refused before anything is written.
pub fn write(root: &Path, task: &Task) -> Result<Imported, Refusal> {
    let fail = |e: String| Refusal {
        reason: e,
        batch: task.batch.clone(),
        url: Some(sites::shown(&task.url)),
    };
    // One read of the workspace for every name and package looked at.
    let members = metadata::read(root).map_err(|e| e.to_string());
    let listed = members.as_deref().ok();
    names::check_among(root, &task.name, listed)
        .map_err(|e| fail(format!("{} (from {})", e, sites::shown(&task.url))))?;
    let mut displaced = None;
    let mut chosen = None;
    for name in std::iter::once(&task.name).chain(&task.other_names) {
        if names::check_among(root, name, listed).is_err() {
            continue;
        }
        match holder(root, name, &task.key, &members) {
            Holder::Free => chosen = Some((name, false)),
            Holder::Same => chosen = Some((name, true)),
            Holder::Other(url) => {
                displaced.get_or_insert(format!("problems/{} is another problem: {}", name, url));
                continue;
            }
        }
        break;
    }
    let (name, existing) = chosen.ok_or_else(|| {
        fail(format!(
            "problems/{} and every other name for {} hold other problems",
            task.name,
            sites::shown(&task.url)
        ))
    })?;
    let samples = root.join("samples").join(name);
    // A sample is known by its input: an expected output edited by hand stays as it is.
    let known: Vec<(Vec<u8>, std::path::PathBuf)> = samples::cases(root, &samples)
        .map_err(|e| fail(e.to_string()))?
        .iter()
        .map(|c| {
            let input = fs::read(&c.input).unwrap_or_default();
            (input, c.input.with_extension("out"))
        })
        .collect();
    if !existing {
        let facts = Facts {
            description: task.title.clone(),
            judge: task.judge.clone(),
            problem: task.id.clone(),
            url: task.url.clone(),
            time_limit_ms: task.time_limit_ms,
            memory_limit_mib: task.memory_limit_mib,
            library_checker: None,
        };
        intake_io::create(root, name, &facts, &task.io).map_err(|e| fail(e.to_string()))?;
    }
    let added = if task.io.is_interactive() {
        intake_io::interactive_samples(root, name, &task.tests, &task.url, existing)
            .map_err(|e| fail(e.to_string()))?
    } else {
        fs::create_dir_all(&samples).map_err(|e| fail(format!("{}: {}", samples.display(), e)))?;
        let mut next = samples::next_case_number(&samples);
        let mut added = 0;
        for (input, output) in &task.tests {
            if let Some((_, out)) = known.iter().find(|(i, _)| i == input.as_bytes()) {
                // An input without its output is an import killed between the two: the
                // pair is made whole (an output that is there is never overwritten).
                if fs::symlink_metadata(out).is_err() {
                    write_new(out, output).map_err(|e| fail(e.to_string()))?;
                }
                continue;
            }
            let path = samples.join(format!("{}.in", next));
            // `create_new`: a file that appeared meanwhile is never overwritten.
            write_new(&path, input).map_err(|e| fail(e.to_string()))?;
            write_new(&path.with_extension("out"), output).map_err(|e| fail(e.to_string()))?;
            next += 1;
            added += 1;
        }
        added
    };
    let name = name.clone();
    Ok(if existing {
        Imported::Extended { name, added }
    } else {
        Imported::Created {
            name,
            samples: added,
            displaced,
        }
    })
}

/// Writes a new sample file whole ([`atomic::write_new`]), never over one that is there.
fn write_new(path: &Path, text: &str) -> crate::error::Result<()> {
    atomic::write_new(path, text).map_err(|e| crate::error::Error::io(path, e))
}

/// The problems of a saved file: one problem object, or an array of them (a saved batch).
pub fn import(root: &Path, text: &str) -> Vec<Result<Imported, Refusal>> {
    match json::parse(text) {
        Ok(Json::Array(items)) => items
            .iter()
            .map(|item| Task::from_json(item).and_then(|t| write(root, &t)))
            .collect(),
        Ok(doc) => vec![Task::from_json(&doc).and_then(|t| write(root, &t))],
        Err(e) => vec![Err(Refusal {
            reason: format!("not JSON: {}", e),
            batch: None,
            url: None,
        })],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                "{\"type\": \"stdin\"}",
                "{\"type\": \"file\", \"fileName\": \"../a.in\"}",
                "input file `../a.in`",
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
            // The page it was sent for, when it names one.
            let named = e
                .url
                .as_deref()
                .is_some_and(|u| u.starts_with("https://www.luogu.com.cn/problem/"));
            assert_eq!(named, body.contains("\"url\":"), "{}", why);
        }
        assert_eq!(Task::from_body("{oops").unwrap_err().batch, None);
        assert!(Task::from_body("[]").unwrap_err().reason.contains("object"));
    }
}
