//! Compiling one source file alone, as a judge does (rustc, no cargo), each compile kept in
//! a cache (`target/compiles`) so that an unchanged bundle is not compiled again.

use crate::build::diagnostics::{first_compiler_error, first_diagnostic, first_error_notes};
use crate::build::toolchain::Rustc;
use crate::error::CompileError;
use crate::workspace::judges::Profile;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

/// The command-line words of a profile: its flags, then `--edition <edition>`.
pub fn profile_args(profile: &Profile) -> Vec<String> {
    let mut args: Vec<String> = profile.flags.iter().map(|s| s.to_string()).collect();
    args.push("--edition".to_string());
    args.push(profile.edition.to_string());
    args
}

/// The flags that turn a judged compile into its overflow-checking twin: integer overflow
/// panics (`attempt to multiply with overflow`) and `debug_assert!`s run, as in a debug
/// build, while the judged flags' optimization keeps it about as fast.
pub const OVERFLOW_CHECKS: [&str; 4] = ["-C", "overflow-checks=on", "-C", "debug-assertions=on"];

/// `args` (a judged compile's flags and edition) with [`OVERFLOW_CHECKS`] after them.
pub fn with_overflow_checks(args: &[String]) -> Vec<String> {
    let mut all = args.to_vec();
    all.extend(OVERFLOW_CHECKS.iter().map(|s| s.to_string()));
    all
}

/// Compiles one source file alone, as a judge does: `rustc -O --edition <edition>`, no cargo.
pub fn compile(source: &Path, binary: &Path, edition: &str) -> Result<(), CompileError> {
    compile_with(
        Path::new("rustc"),
        &single_file_args(edition),
        source,
        binary,
    )
    .map(|_| ())
}

/// The flags [`compile`] gives rustc: `-O --edition <edition>`.
pub fn single_file_args(edition: &str) -> Vec<String> {
    ["-O", "--edition", edition].map(String::from).to_vec()
}

/// Compiles one source file alone with `rustc` (a path or a command on PATH) and `args`
/// (flags and edition), no cargo. `Ok(Some(w))`: compiled, `w` is the first warning with
/// its location, on one line; `Ok(None)`: compiled without a warning.
pub fn compile_with(
    rustc: &Path,
    args: &[String],
    source: &Path,
    binary: &Path,
) -> Result<Option<String>, CompileError> {
    let unit = Unit {
        rustc,
        args,
        dir: None,
        source,
    };
    match compile_logged(&unit, binary, None) {
        Some((result, _)) => result,
        None => unreachable!("a compile without a Cancel is never cancelled"),
    }
}

/// Stops a compile under way from another thread ([`compile_cached_or_cancel`]).
#[derive(Debug, Default)]
pub struct Cancel(AtomicBool);

impl Cancel {
    /// Stops the compile: its rustc is killed, and nothing of it is kept.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// One compile: `rustc args source`, run in `dir` when there is one.
struct Unit<'a> {
    rustc: &'a Path,
    args: &'a [String],
    dir: Option<&'a Path>,
    source: &'a Path,
}

/// [`compile_with`], and the notes of the first error ([`first_error_notes`]) when rustc
/// rejects the source; `None` when `cancel` stopped it.
fn compile_logged(
    unit: &Unit,
    binary: &Path,
    cancel: Option<&Cancel>,
) -> Option<(Result<Option<String>, CompileError>, String)> {
    // rustc writes its object files beside its output: each compile gets a folder of its own
    // (two compiles of one crate name never share them), and the binary moves into place in
    // one rename (a program running the old one keeps it).
    let private = match private_dir(binary) {
        Ok(p) => p,
        Err(e) => {
            let why = format!("{}: {}", binary.display(), e);
            return Some((Err(CompileError::NoRustc(why)), String::new()));
        }
    };
    let built = private.join("main");
    let mut command = Command::new(unit.rustc);
    command
        .args(unit.args)
        .args(["--crate-name", "main", "-o"])
        .arg(&built)
        .arg(unit.source);
    if let Some(dir) = unit.dir {
        command.current_dir(dir);
    }
    let out = match cancel {
        None => Some(command.output()),
        Some(cancel) => output_or_cancel(&mut command, &private.join("log"), cancel),
    };
    let placed = match &out {
        Some(Ok(o)) if o.status.success() => fs::rename(&built, binary)
            .map_err(|e| CompileError::NoRustc(format!("{}: {}", binary.display(), e))),
        _ => Ok(()),
    };
    let _ = fs::remove_dir_all(&private);
    if let Err(e) = placed {
        return Some((Err(e), String::new()));
    }
    let out = match out? {
        Ok(out) => out,
        Err(e) => {
            let why = format!("cannot run {}: {}", unit.rustc.display(), e);
            return Some((Err(CompileError::NoRustc(why)), String::new()));
        }
    };
    let log = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        // `warning: 107 warnings emitted` (`warning: 1 warning emitted`) ends the log.
        let count = log
            .lines()
            .filter_map(|l| {
                l.strip_prefix("warning: ")?
                    .strip_suffix(" warnings emitted")
            })
            .find_map(|n| n.parse::<u64>().ok());
        let warning = first_diagnostic(&log, "warning").map(|w| match count {
            Some(n) => format!("{} warnings, the first: {}", n, w),
            None => w,
        });
        Some((Ok(warning), String::new()))
    } else {
        let why = first_compiler_error(&log);
        Some((Err(CompileError::Rejected(why)), first_error_notes(&log)))
    }
}

/// `command`'s output, its messages through the file `log`, or `None` once `cancel` is set
/// (it is then killed and reaped). Polled every millisecond: a compile takes hundreds.
fn output_or_cancel(
    command: &mut Command,
    log: &Path,
    cancel: &Cancel,
) -> Option<io::Result<Output>> {
    let spawned = fs::File::create(log).and_then(|file| {
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
    });
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return Some(Err(e)),
    };
    loop {
        if cancel.is_set() {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        match child.try_wait() {
            Ok(Some(status)) => {
                let stderr = fs::read(log).unwrap_or_default();
                return Some(Ok(Output {
                    status,
                    stdout: Vec::new(),
                    stderr,
                }));
            }
            Ok(None) => thread::sleep(Duration::from_millis(1)),
            Err(e) => return Some(Err(e)),
        }
    }
}

/// Where compiles are kept under the workspace `root`.
pub fn cache_dir(root: &Path) -> PathBuf {
    root.join("target/compiles")
}

/// How many compiles the cache keeps (the most recently used); each is one binary.
const CACHE_ENTRIES: usize = 48;

/// A compile of one source file, from the cache or just made.
pub struct Compiled {
    /// What [`compile_with`] said.
    pub result: Result<Option<String>, CompileError>,
    /// The first error's notes when rustc rejected it ([`first_error_notes`]).
    pub notes: String,
    /// The binary (when the compile succeeded).
    pub binary: PathBuf,
    /// Whether it came from the cache: the same source text, compiler build and flags were
    /// compiled before.
    pub cached: bool,
}

/// [`compile_with`] through a cache in `cache`: a compile is kept under a hash of the source
/// text, the compiler (its path and whole `--version` line) and `args`, and reused while
/// all three are the same (the entry holds the text and the key, which a hit must match, so
/// a hash collision only costs a compile). Rejections are kept too; a compiler that cannot
/// start is not. The cache keeps the [`CACHE_ENTRIES`] most recently used compiles.
/// Several processes may share the cache: an entry is made in a private folder and renamed
/// into place whole.
///
/// rustc runs in `root` and is given `source` (a file under `root`) relative to it, so that
/// what it writes of the path, in its messages and in the binary's panic locations, names
/// no folder above `root`: a compile of the same text in another root makes the same
/// binary and says the same.
pub fn compile_cached(
    rustc: &Rustc,
    args: &[String],
    root: &Path,
    source: &Path,
    cache: &Path,
) -> io::Result<Compiled> {
    let compiled = compile_cached_or_cancel(rustc, args, root, source, cache, None)?;
    Ok(compiled.expect("a compile without a Cancel is never cancelled"))
}

/// [`compile_cached`], stopped when `cancel` is set: then `Ok(None)`, and nothing is kept.
pub fn compile_cached_or_cancel(
    rustc: &Rustc,
    args: &[String],
    root: &Path,
    source: &Path,
    cache: &Path,
    cancel: Option<&Cancel>,
) -> io::Result<Option<Compiled>> {
    let text = fs::read(source)?;
    let key = format!(
        "{}\n{}\n{}\n",
        rustc.program.display(),
        rustc.id,
        args.join(" ")
    );
    let mut hasher = DefaultHasher::new();
    (&key, &text).hash(&mut hasher);
    let entry = cache.join(format!("{:016x}", hasher.finish()));
    if let Some(result) = read_entry(&entry, &key, &text) {
        // Marks it used, for the pruning.
        let _ = fs::write(entry.join("used"), b"");
        return Ok(Some(Compiled {
            result,
            notes: fs::read_to_string(entry.join("notes")).unwrap_or_default(),
            binary: entry.join("main"),
            cached: true,
        }));
    }
    fs::create_dir_all(cache)?;
    let private = private_dir(&entry)?;
    // The compile is of `source` itself, so its messages name it; the copy is what a hit
    // must match.
    fs::write(private.join("main.rs"), &text)?;
    let unit = Unit {
        rustc: &rustc.program,
        args,
        dir: Some(root),
        source: source.strip_prefix(root).unwrap_or(source),
    };
    let Some((result, notes)) = compile_logged(&unit, &private.join("main"), cancel) else {
        let _ = fs::remove_dir_all(&private);
        return Ok(None);
    };
    let said = match &result {
        Ok(None) => Some("ok\n".to_string()),
        Ok(Some(warning)) => Some(format!("warn\n{}", warning)),
        Err(CompileError::Rejected(why)) => Some(format!("error\n{}", why)),
        Err(CompileError::NoRustc(_)) => None,
    };
    match said {
        Some(said) => {
            fs::write(private.join("notes"), &notes)?;
            fs::write(private.join("key"), &key)?;
            fs::write(private.join("result"), said)?;
            fs::write(private.join("used"), b"")?;
            // Another process may have made the same entry meanwhile: its is as good.
            if fs::rename(&private, &entry).is_err() {
                let _ = fs::remove_dir_all(&private);
            }
            prune(cache);
        }
        None => {
            let _ = fs::remove_dir_all(&private);
        }
    }
    Ok(Some(Compiled {
        result,
        notes,
        binary: entry.join("main"),
        cached: false,
    }))
}

/// The kept result of a cache entry, when the entry is whole and is for exactly `key` and
/// `text`: `Ok(Some(warning))`, `Ok(None)`, or the rejection.
fn read_entry(
    entry: &Path,
    key: &str,
    text: &[u8],
) -> Option<Result<Option<String>, CompileError>> {
    if fs::read_to_string(entry.join("key")).ok()? != key
        || fs::read(entry.join("main.rs")).ok()? != text
    {
        return None;
    }
    let said = fs::read_to_string(entry.join("result")).ok()?;
    let (kind, message) = said.split_once('\n')?;
    let compiled = entry.join("main").is_file();
    match kind {
        "ok" if compiled => Some(Ok(None)),
        "warn" if compiled => Some(Ok(Some(message.to_string()))),
        "error" => Some(Err(CompileError::Rejected(message.to_string()))),
        _ => None,
    }
}

/// Removes all but the [`CACHE_ENTRIES`] most recently used entries of `cache`, and private
/// folders ([`private_dir`]) left over by a process that was killed (older than an hour).
pub(crate) fn prune(cache: &Path) {
    let Ok(dirs) = fs::read_dir(cache) else {
        return;
    };
    let mut entries = Vec::new();
    for dir in dirs.flatten() {
        let path = dir.path();
        let name = dir.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            if left_by_a_killed_process(&dir) {
                let _ = fs::remove_dir_all(&path);
            }
            continue;
        }
        let used = fs::metadata(path.join("used"))
            .and_then(|m| m.modified())
            .ok();
        entries.push((used, path));
    }
    if entries.len() > CACHE_ENTRIES {
        entries.sort();
        for (_, path) in &entries[..entries.len() - CACHE_ENTRIES] {
            let _ = fs::remove_dir_all(path);
        }
    }
}

/// Whether `entry` is a private folder ([`private_dir`]) that a process killed on its way
/// left: older than an hour.
pub fn left_by_a_killed_process(entry: &fs::DirEntry) -> bool {
    entry.file_name().to_string_lossy().starts_with('.')
        && entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age.as_secs() > 3600)
}

/// A fresh folder beside `path`, of this process alone: `.<file name>.<pid>-<n>`.
pub fn private_dir(path: &Path) -> std::io::Result<PathBuf> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let dir = path.parent().unwrap_or(Path::new(".")).join(format!(
        ".{}.{}-{}",
        name,
        std::process::id(),
        n
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::toolchain;

    #[test]
    fn compiles_are_reused_for_the_same_text_compiler_and_flags_only() {
        let tmp = testkit::TempDir::new("judge-cache");
        let dir = tmp.path();
        let rustc = toolchain::current().unwrap();
        let source = dir.join("main.rs");
        let args = |a: &[&str]| -> Vec<String> { a.iter().map(|s| s.to_string()).collect() };
        let o = args(&["-O", "--edition", "2021"]);
        let cache = dir.join("cache");
        let compile =
            |flags: &[String]| compile_cached(&rustc, flags, dir, &source, &cache).unwrap();
        fs::write(&source, "fn main() { let unused = 1; }\n").unwrap();
        let first = compile(&o);
        assert!(!first.cached && matches!(first.result, Ok(Some(_))));
        let again = compile(&o);
        assert!(again.cached && again.binary == first.binary);
        // The warning is kept with the compile.
        assert_eq!(again.result.unwrap(), first.result.unwrap());
        assert!(again.binary.is_file());
        // Other flags, or another text: compiled anew.
        assert!(!compile(&args(&["-O", "--edition", "2018"])).cached);
        fs::write(&source, "fn main() {}\n").unwrap();
        let edited = compile(&o);
        assert!(!edited.cached && matches!(edited.result, Ok(None)));
        // A rejection is kept too.
        fs::write(&source, "fn main() { x }\n").unwrap();
        assert!(matches!(compile(&o).result, Err(CompileError::Rejected(_))));
        let rejected = compile(&o);
        assert!(rejected.cached && matches!(rejected.result, Err(CompileError::Rejected(_))));
        // A changed entry is not trusted: its key must match.
        fs::write(rejected.binary.with_file_name("key"), "other").unwrap();
        assert!(!compile(&o).cached);
    }
}
