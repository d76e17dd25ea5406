//! The test kits' tools: running a program on an input, asking a checker about an answer, a
//! problem's samples judged as the check judges them, a test's own scratch folder, and the
//! command line every generator reads, the checker's side of the checker protocol
//! ([`checker`]), and sources that hand out their bytes a few at a time ([`Trickle`],
//! [`Replies`]) for the readers' tests. Used by tests and by the `src/bin` programs only, so it is never bundled
//! into a submission.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::{fs, process, thread};

pub mod checker;
mod samples;
mod trickle;
pub use samples::{check_samples, Compare};
pub use trickle::{Replies, Trickle};

/// The exit status of a kit program that is not written yet (a `make new` stub): tests skip
/// what exits with it, `make stress` stops and says so.
pub const NOT_WRITTEN: i32 = 3;

/// Runs `program args..` with `input` on stdin and returns its status, stdout and stderr.
/// A program that exits before reading all of its input is not an error here. Panics if the
/// program cannot be started (a test should fail loudly then).
///
/// The input is written from a separate thread, so a program that prints a lot before it has
/// read all its input cannot deadlock against a full pipe.
pub fn run(program: &str, args: &[&str], input: &[u8]) -> Output {
    run_in(program, args, input, None)
}

/// [`run`] in the working folder `dir` (this process's own when `None`).
pub fn run_in(program: &str, args: &[&str], input: &[u8], dir: Option<&Path>) -> Output {
    let mut command = Command::new(program);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", program, e));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        // A broken pipe only means the program stopped reading.
        let _ = stdin.write_all(&input);
    });
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("cannot wait for {}: {}", program, e));
    let _ = writer.join();
    output
}

/// Runs `checker INPUT OUTPUT EXPECTED` (the judge tool's checker protocol) on three temporary
/// files holding `input`, `output` and `expected`, and returns what it did: exit status 0
/// accepts, 1 rejects with a one-line reason on stdout. Each call has its own [`TempDir`]
/// (removed afterwards, also when this panics), so tests running in parallel do not share
/// files. Panics if the files cannot be written or the checker cannot be started.
pub fn check(checker: &str, input: &[u8], output: &[u8], expected: &[u8]) -> Output {
    let dir = TempDir::new("testkit-check");
    let mut paths = Vec::new();
    for (name, data) in [("input", input), ("output", output), ("expected", expected)] {
        let path = dir.path().join(name);
        fs::write(&path, data).unwrap_or_else(|e| panic!("cannot write {:?}: {}", path, e));
        paths.push(path.to_string_lossy().into_owned());
    }
    let args: Vec<&str> = paths.iter().map(String::as_str).collect();
    run(checker, &args, b"")
}

/// Asks `checker` about answers to sample `case` (`1` for `1.in`) of the package in the folder
/// `package` (`env!("CARGO_MANIFEST_DIR")`, whose samples are `../../samples/<folder name>/`)
/// and panics naming the first verdict that is not as it should be: the sample's own `.out`
/// and each of `right` are accepted (exit status 0); each of `wrong` is rejected with exit
/// status 1 and a one-line reason on stdout; and with an empty input file the checker fails
/// with exit status 2, since a malformed input is the judge's fault, never the contestant's.
/// Panics if the sample cannot be read. One checker run per answer.
pub fn check_verdicts(checker: &str, package: &str, case: &str, right: &[&str], wrong: &[&str]) {
    let folder = samples_folder(Path::new(package));
    let read = |ext: &str| {
        let path = folder.join(format!("{}.{}", case, ext));
        fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {}", path.display(), e))
    };
    let (input, expected) = (read("in"), read("out"));
    let said = |verdict: &Output| String::from_utf8_lossy(&verdict.stdout).into_owned();
    let mut accepted = vec![expected.clone()];
    accepted.extend(right.iter().map(|r| r.as_bytes().to_vec()));
    for output in &accepted {
        let verdict = check(checker, &input, output, &expected);
        assert!(
            verdict.status.success(),
            "{:?} is rejected: {}",
            String::from_utf8_lossy(output),
            said(&verdict)
        );
    }
    for output in wrong {
        let verdict = check(checker, &input, output.as_bytes(), &expected);
        let reason = said(&verdict);
        assert_eq!(verdict.status.code(), Some(1), "{:?}: {}", output, reason);
        assert!(
            reason.ends_with('\n') && reason.trim_end().lines().count() == 1,
            "{:?}: the reason is not one line: {:?}",
            output,
            reason
        );
    }
    let verdict = check(checker, b"", &expected, &expected);
    assert_eq!(
        verdict.status.code(),
        Some(2),
        "an empty input file: {}",
        said(&verdict)
    );
}

/// The samples folder of the package in the folder `package`: `../../samples/<folder name>/`.
fn samples_folder(package: &Path) -> PathBuf {
    let name = package.file_name().unwrap_or_default();
    package.join("../../samples").join(name)
}

/// A fresh, empty folder for one test's files, removed with everything in it when dropped, so
/// that a test leaves nothing behind even when it fails or panics (unwinding runs the drop).
///
/// It is `<tag>-<pid>-<n>` (`n` counts this process's folders, so tests running in parallel
/// get their own) in the target dir's `tmp/` when the test binary runs from cargo's
/// `<target>/<profile>/deps/`, else in [`std::env::temp_dir`]. A folder of a test that was
/// killed stays there until `cargo clean`, never in the system's temp dir.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Makes the folder; a leftover of the same name (a dead process's, pids are reused) is
    /// removed first. Panics if it cannot be made (a test should fail loudly then).
    pub fn new(tag: &str) -> TempDir {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir = scratch_base().join(format!("{}-{}-{}", tag, process::id(), n));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {:?}: {}", dir, e));
        TempDir(dir)
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // A test may have removed it already; nothing else can be done about a failure here.
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `<target>/tmp` (where cargo points integration tests' `CARGO_TARGET_TMPDIR`) for a binary
/// in `<target>/<profile>/deps/`, else the system's temp dir.
fn scratch_base() -> PathBuf {
    let exe = std::env::current_exe().ok();
    exe.as_deref()
        .and_then(Path::parent)
        .filter(|deps| deps.file_name().map_or(false, |n| n == "deps"))
        .and_then(Path::parent)
        .and_then(Path::parent)
        .map(|target| target.join("tmp"))
        .unwrap_or_else(std::env::temp_dir)
}

/// A generator's command line: `--name value` options and bare `--name` switches, every name
/// declared up front. The last of a repeated option counts. Anything wrong (an unknown
/// argument, an option without a value, a value that does not parse) ends the process with
/// `<program>: <what>` and the usage line on stderr and exit status 2, as a generator should.
pub struct Args {
    program: String,
    usage: String,
    given: Vec<(String, Option<String>)>,
}

impl Args {
    /// This process's arguments (`std::env::args`, without the program name). `usage` is the
    /// usage line after `usage: `; `options` take a value, `switches` do not.
    pub fn from_env(program: &str, usage: &str, options: &[&str], switches: &[&str]) -> Args {
        let args: Vec<String> = std::env::args().skip(1).collect();
        Args::parse(program, usage, options, switches, args)
            .unwrap_or_else(|(args, what)| args.fail(&what))
    }

    /// `args` read against the declared `options` and `switches`; on error, the [`Args`]
    /// read so far (to [`Args::fail`] with) and what is wrong. O(arguments * names).
    pub fn parse(
        program: &str,
        usage: &str,
        options: &[&str],
        switches: &[&str],
        args: Vec<String>,
    ) -> Result<Args, (Args, String)> {
        let mut parsed = Args {
            program: program.to_string(),
            usage: usage.to_string(),
            given: Vec::new(),
        };
        let mut it = args.into_iter();
        while let Some(name) = it.next() {
            if switches.contains(&name.as_str()) {
                parsed.given.push((name, None));
            } else if options.contains(&name.as_str()) {
                match it.next() {
                    Some(value) => parsed.given.push((name, Some(value))),
                    None => {
                        let what = format!("{} needs a value", name);
                        return Err((parsed, what));
                    }
                }
            } else {
                let what = format!("unknown argument `{}`", name);
                return Err((parsed, what));
            }
        }
        Ok(parsed)
    }

    /// The text of option `name`'s last value, if given. O(arguments).
    pub fn text(&self, name: &str) -> Option<&str> {
        self.given
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// Option `name`'s last value parsed as a `T`, if given; one that does not parse ends the
    /// process (`bad --seed `x``). O(arguments).
    pub fn get<T: std::str::FromStr>(&self, name: &str) -> Option<T> {
        let text = self.text(name)?;
        Some(
            text.parse()
                .unwrap_or_else(|_| self.fail(&format!("bad {} `{}`", name, text))),
        )
    }

    /// Option `name`'s value, which must be given (`--seed is required` otherwise).
    pub fn required<T: std::str::FromStr>(&self, name: &str) -> T {
        self.get(name)
            .unwrap_or_else(|| self.fail(&format!("{} is required", name)))
    }

    /// Whether switch `name` was given. O(arguments).
    pub fn switch(&self, name: &str) -> bool {
        self.given.iter().any(|(n, v)| n == name && v.is_none())
    }

    /// Option `name`'s range of counts, `A..B` or `A..=B` (both inclusive) or one count `K`
    /// (`K..K`), with `A <= B <= max`, if given; anything else ends the process. O(arguments).
    pub fn range(&self, name: &str, max: usize) -> Option<(usize, usize)> {
        let text = self.text(name)?;
        Some(parse_range(text, max).unwrap_or_else(|| {
            self.fail(&format!(
                "bad {} `{}`: expected A..B or K with A <= B <= {}",
                name, text, max
            ))
        }))
    }

    /// Ends the process: `<program>: <what>` and the usage line on stderr, exit status 2.
    pub fn fail(&self, what: &str) -> ! {
        eprintln!("{}: {}", self.program, what);
        eprintln!("usage: {}", self.usage);
        process::exit(2)
    }
}

/// `A..B`, `A..=B` (inclusive both) or `K` (`K..K`) with `A <= B <= max`, else `None`.
fn parse_range(text: &str, max: usize) -> Option<(usize, usize)> {
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (
            a.parse().ok()?,
            b.strip_prefix('=').unwrap_or(b).parse().ok()?,
        ),
        None => (text.parse().ok()?, text.parse().ok()?),
    };
    if a <= b && b <= max {
        Some((a, b))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_output_and_status() {
        let out = run("sh", &["-c", "cat; echo err >&2; exit 3"], b"hello\n");
        assert_eq!(out.stdout, b"hello\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.status.code(), Some(3));
    }

    #[test]
    fn large_input_and_output_do_not_deadlock() {
        let input = vec![b'x'; 4 << 20];
        let out = run("cat", &[], &input);
        assert_eq!(out.stdout.len(), input.len());
    }

    #[test]
    fn program_that_ignores_its_input() {
        let out = run("true", &[], &vec![b'y'; 1 << 20]);
        assert!(out.status.success());
    }

    #[test]
    fn checker_gets_three_files_in_order() {
        // Accepts when OUTPUT equals EXPECTED, printing INPUT; else rejects with a reason.
        let dir = TempDir::new("testkit-checker");
        let body = "cmp -s \"$2\" \"$3\" && { cat \"$1\"; exit 0; }\necho differ\nexit 1";
        let checker = script(&dir, "checker", body);
        let checker_path = checker.as_str();
        let accepted = check(checker_path, b"the input", b"42\n", b"42\n");
        assert_eq!(accepted.status.code(), Some(0));
        assert_eq!(accepted.stdout, b"the input");
        let rejected = check(checker_path, b"", b"41\n", b"42\n");
        assert_eq!(rejected.status.code(), Some(1));
        assert_eq!(rejected.stdout, b"differ\n");
    }

    /// An executable script `name` in `dir` running `body`; its path.
    fn script(dir: &TempDir, name: &str, body: &str) -> String {
        let path = dir.path().join(name).to_str().unwrap().to_string();
        // A child process writes the script: a write handle held in this process would be
        // inherited by the other tests' forks, and running the file would fail with ETXTBSY.
        let text = format!("#!/bin/sh\n{}\n", body);
        let made = run(
            "sh",
            &["-c", "cat > \"$0\" && chmod 755 \"$0\"", &path],
            text.as_bytes(),
        );
        assert!(made.status.success(), "cannot write {}", path);
        path
    }

    /// The panic message of `f`, which must panic.
    fn panic_of(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
        let payload = std::panic::catch_unwind(f).expect_err("it panics");
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn verdicts_on_a_sample_are_asked_of_the_checker() {
        let dir = TempDir::new("testkit-verdicts");
        let package = dir.path().join("problems/echo");
        fs::create_dir_all(&package).unwrap();
        let samples = dir.path().join("samples/echo");
        fs::create_dir_all(&samples).unwrap();
        fs::write(samples.join("1.in"), "2\n").unwrap();
        fs::write(samples.join("1.out"), "4\n").unwrap();
        let package = package.to_str().unwrap().to_string();
        // Accepts the expected answer or `four`; fails on an empty input.
        let good = "[ -s \"$1\" ] || { echo bad input; exit 2; }\n\
                    cmp -s \"$2\" \"$3\" && exit 0\n\
                    [ \"$(cat \"$2\")\" = four ] && exit 0\n\
                    echo not four; exit 1";
        let good = script(&dir, "good", good);
        check_verdicts(&good, &package, "1", &["four"], &["5\n", ""]);
        let what = panic_of(|| check_verdicts(&good, &package, "1", &["5"], &[]));
        assert!(what.contains("\"5\" is rejected: not four"), "{}", what);
        let what = panic_of(|| check_verdicts(&good, &package, "1", &[], &["four"]));
        assert!(what.contains("\"four\""), "{}", what);
        // Two lines of reason, or blaming the contestant for a bad input, are wrong.
        let chatty = script(
            &dir,
            "chatty",
            "cmp -s \"$2\" \"$3\" && exit 0\necho a; echo b; exit 1",
        );
        let what = panic_of(|| check_verdicts(&chatty, &package, "1", &[], &["5"]));
        assert!(what.contains("the reason is not one line"), "{}", what);
        let what = panic_of(|| check_verdicts(&chatty, &package, "1", &[], &[]));
        assert!(what.contains("an empty input file"), "{}", what);
        let what = panic_of(|| check_verdicts(&good, &package, "2", &[], &[]));
        assert!(what.contains("cannot read"), "{}", what);
    }

    #[test]
    fn a_temp_dir_is_fresh_its_own_and_gone_when_dropped() {
        let a = TempDir::new("testkit-own");
        let b = TempDir::new("testkit-own");
        assert_ne!(a.path(), b.path());
        assert!(fs::read_dir(a.path()).unwrap().next().is_none());
        // Run by cargo, it is under the target dir, beside the integration tests' tmp/.
        let exe = std::env::current_exe().unwrap();
        let target = exe.parent().unwrap().parent().unwrap().parent().unwrap();
        assert!(a.path().starts_with(target.join("tmp")), "{:?}", a.path());
        fs::create_dir_all(a.path().join("sub")).unwrap();
        fs::write(a.path().join("sub/file"), "x").unwrap();
        let kept = a.path().to_path_buf();
        drop(a);
        assert!(!kept.exists() && b.path().is_dir());
    }

    #[test]
    fn a_temp_dir_goes_when_its_test_panics() {
        let mut made = None;
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let dir = TempDir::new("testkit-panic");
            fs::write(dir.path().join("file"), "x").unwrap();
            made = Some(dir.path().to_path_buf());
            panic!("a failing test");
        }));
        assert!(unwound.is_err());
        assert!(!made.unwrap().exists());
    }

    fn args(list: &[&str]) -> Result<Args, (Args, String)> {
        let list = list.iter().map(|s| s.to_string()).collect();
        Args::parse(
            "gen",
            "gen [--seed N]",
            &["--seed", "--givens"],
            &["--messy"],
            list,
        )
    }

    #[test]
    fn options_and_switches() {
        let a = args(&["--seed", "5", "--messy", "--givens", "3..=7", "--seed", "6"])
            .ok()
            .unwrap();
        assert_eq!(a.get::<u64>("--seed"), Some(6));
        assert_eq!(a.text("--givens"), Some("3..=7"));
        assert_eq!(a.range("--givens", 81), Some((3, 7)));
        assert!(a.switch("--messy") && !a.switch("--seed"));
        let none = args(&[]).ok().unwrap();
        assert_eq!(
            (none.get::<u64>("--seed"), none.range("--givens", 81)),
            (None, None)
        );
        assert!(!none.switch("--messy"));
    }

    #[test]
    fn unknown_arguments_and_missing_values() {
        let what = |list: &[&str]| args(list).err().map(|(_, what)| what);
        assert_eq!(what(&["--sed", "5"]).unwrap(), "unknown argument `--sed`");
        assert_eq!(what(&["--seed"]).unwrap(), "--seed needs a value");
        assert_eq!(what(&["5"]).unwrap(), "unknown argument `5`");
        assert_eq!(what(&["--messy", "--seed", "1"]), None);
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("40..140", 256), Some((40, 140)));
        assert_eq!(parse_range("24..=40", 81), Some((24, 40)));
        assert_eq!(parse_range("30", 81), Some((30, 30)));
        assert_eq!(parse_range("0..81", 81), Some((0, 81)));
        for bad in ["9..3", "0..82", "82", "a..b", "..5", "5..", "-1..3", ""] {
            assert_eq!(parse_range(bad, 81), None, "{}", bad);
        }
    }
}
