//! Turning a problem into the one file a judge gets, and compiling it the way a judge does,
//! each compile kept in a cache (`target/compiles`) so that an unchanged bundle is not
//! compiled again.

use crate::build::toolchain::{self, Rustc};
use crate::error::{BundleError, CompileError};
use crate::workspace::judges::Profile;
use crate::workspace::problem::Problem;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The submission of a problem: the bundled source and the judge-compiled binary.
pub struct Submission {
    pub source: PathBuf,
    pub bytes: u64,
    /// Compiled with the problem's default profile ([`Problem::default_profile`]) by the
    /// local rustc.
    pub binary: PathBuf,
}

/// The bundled file of a problem, not compiled yet.
pub struct Bundle {
    pub source: PathBuf,
    pub bytes: u64,
}

/// Bundles `problem` ([`bundle`]) and compiles it with its default profile by the local rustc
/// (through the compile cache under `root`).
pub fn build(root: &Path, problem: &Problem) -> Result<Submission, BundleError> {
    let Bundle { source, bytes } = bundle(root, problem)?;
    let args = profile_args(problem.default_profile());
    let rustc = toolchain::current().map_err(|e| BundleError::NoRustc(e.to_string()))?;
    let compiled = compile_cached(&rustc, &args, &source, &cache_dir(root))
        .map_err(|e| BundleError::Io(source.clone(), e))?;
    match compiled.result {
        Ok(_) => Ok(Submission {
            source,
            bytes,
            binary: compiled.binary,
        }),
        Err(CompileError::Rejected(why)) => Err(BundleError::Compile(
            format!("rustc {}", args.join(" ")),
            why,
        )),
        Err(CompileError::NoRustc(why)) => Err(BundleError::NoRustc(why)),
    }
}

/// The command-line words of a profile: its flags, then `--edition <edition>`.
pub fn profile_args(profile: &Profile) -> Vec<String> {
    let mut args: Vec<String> = profile.flags.iter().map(|s| s.to_string()).collect();
    args.push("--edition".to_string());
    args.push(profile.edition.to_string());
    args
}

/// Bundles `problem` into `target/submit/<name>.rs` under `root` with cargo-equip. Whether
/// it fits a judge's source limit is the check's to say.
pub fn bundle(root: &Path, problem: &Problem) -> Result<Bundle, BundleError> {
    let out_dir = root.join("target/submit");
    fs::create_dir_all(&out_dir).map_err(|e| BundleError::Io(out_dir.clone(), e))?;
    let source = out_dir.join(format!("{}.rs", problem.name));
    // cargo-equip writes a file of this process; it replaces the bundle in one rename, so a
    // check from another terminal never compiles a half-written file.
    let private = private_dir(&source).map_err(|e| BundleError::Equip(e.to_string()))?;
    let written = private.join(format!("{}.rs", problem.name));
    let result = equip(root, problem, &written, &source);
    let _ = fs::remove_dir_all(&private);
    result
}

/// Runs cargo-equip for `problem` into `written`, scrubs it, and moves it
/// to `source`.
fn equip(
    root: &Path,
    problem: &Problem,
    written: &Path,
    source: &Path,
) -> Result<Bundle, BundleError> {
    // The Makefile installs the pinned cargo-equip into .tools; prefer it to any other.
    let path = format!(
        "{}:{}",
        root.join(".tools/bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let equip = Command::new("cargo")
        .current_dir(root)
        .env("PATH", path)
        .args([
            "equip",
            "--bin",
            &problem.name,
            "--remove",
            "docs",
            "--minify",
            "libs",
            // Its own `cargo check` of the output: the check compiles it anyway, as each
            // judge does, and this halves the time a bundle takes.
            "--no-check",
        ])
        .args(
            unused_dependencies(&root.join(&problem.dir).join("src"), &problem.dependencies)
                .iter()
                .flat_map(|dep| ["--exclude", dep.as_str()]),
        )
        .arg("--manifest-path")
        .arg(problem.dir.join("Cargo.toml"))
        .arg("--output")
        .arg(written)
        .output()
        .map_err(|e| BundleError::Equip(format!("cannot run cargo equip: {}", e)))?;
    if !equip.status.success() {
        // cargo-equip's first error says what failed, its last line the root cause.
        let log = scrub_paths(&String::from_utf8_lossy(&equip.stderr), root);
        let first = log
            .lines()
            .find(|l| l.trim_start().starts_with("error") && !l.contains("udeps"))
            .unwrap_or("cargo equip failed");
        let cause = log
            .lines()
            .map(str::trim)
            .rfind(|l| !l.is_empty())
            .unwrap_or("");
        let why = if cause == first {
            first.to_string()
        } else {
            format!("{}: {}", first, cause)
        };
        return Err(BundleError::Equip(why));
    }
    let text =
        fs::read_to_string(written).map_err(|e| BundleError::Io(written.to_path_buf(), e))?;
    let text = without_local_library_list(&scrub_paths(&text, root));
    fs::write(written, &text).map_err(|e| BundleError::Io(written.to_path_buf(), e))?;
    fs::rename(written, source).map_err(|e| BundleError::Io(source.to_path_buf(), e))?;
    let bytes = text.len() as u64;
    Ok(Bundle {
        source: source.to_path_buf(),
        bytes,
    })
}

/// Compiles one source file alone, as a judge does: `rustc -O --edition <edition>`, no cargo.
pub fn compile(source: &Path, binary: &Path, edition: &str) -> Result<(), CompileError> {
    let args = ["-O", "--edition", edition].map(String::from);
    compile_with(Path::new("rustc"), &args, source, binary).map(|_| ())
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
    // rustc writes its object files beside its output: each compile gets a folder of its own
    // (two compiles of one crate name never share them), and the binary moves into place in
    // one rename (a program running the old one keeps it).
    let private = private_dir(binary)
        .map_err(|e| CompileError::NoRustc(format!("{}: {}", binary.display(), e)))?;
    let built = private.join("main");
    let out = Command::new(rustc)
        .args(args)
        .args(["--crate-name", "main", "-o"])
        .arg(&built)
        .arg(source)
        .output();
    let placed = match &out {
        Ok(o) if o.status.success() => fs::rename(&built, binary)
            .map_err(|e| CompileError::NoRustc(format!("{}: {}", binary.display(), e))),
        _ => Ok(()),
    };
    let _ = fs::remove_dir_all(&private);
    placed?;
    let out =
        out.map_err(|e| CompileError::NoRustc(format!("cannot run {}: {}", rustc.display(), e)))?;
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
        Ok(first_diagnostic(&log, "warning").map(|w| match count {
            Some(n) => format!("{} warnings, the first: {}", n, w),
            None => w,
        }))
    } else {
        Err(CompileError::Rejected(first_compiler_error(&log)))
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
pub fn compile_cached(
    rustc: &Rustc,
    args: &[String],
    source: &Path,
    cache: &Path,
) -> io::Result<Compiled> {
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
        return Ok(Compiled {
            result,
            binary: entry.join("main"),
            cached: true,
        });
    }
    fs::create_dir_all(cache)?;
    let private = private_dir(&entry)?;
    // The compile is of `source` itself, so its messages name it; the copy is what a hit
    // must match.
    fs::write(private.join("main.rs"), &text)?;
    let result = compile_with(&rustc.program, args, source, &private.join("main"));
    let said = match &result {
        Ok(None) => Some("ok\n".to_string()),
        Ok(Some(warning)) => Some(format!("warn\n{}", warning)),
        Err(CompileError::Rejected(why)) => Some(format!("error\n{}", why)),
        Err(CompileError::NoRustc(_)) => None,
    };
    match said {
        Some(said) => {
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
    Ok(Compiled {
        result,
        binary: entry.join("main"),
        cached: false,
    })
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
fn prune(cache: &Path) {
    let Ok(dirs) = fs::read_dir(cache) else {
        return;
    };
    let mut entries = Vec::new();
    for dir in dirs.flatten() {
        let path = dir.path();
        let name = dir.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            let old = dir
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 3600);
            if old {
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

/// A fresh folder beside `path`, of this process alone: `.<file name>.<pid>-<n>`.
fn private_dir(path: &Path) -> std::io::Result<PathBuf> {
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

/// The dependencies that the submission's code (everything under `src/` but the test kit in
/// `src/bin/`, test modules and items under `#[cfg(not(cargo_equip))]`) never names. Without cargo-udeps, cargo-equip would bundle every dependency of
/// the package, including the ones only the test kit uses. A name that merely appears is kept:
/// a wrong guess can only leave dead code in, never take live code out.
fn unused_dependencies(src: &Path, dependencies: &[String]) -> Vec<String> {
    let mut text = String::new();
    collect_sources(src, &mut text);
    dependencies
        .iter()
        .filter(|dep| {
            let named = [
                format!("{}::", dep),
                format!("use {}", dep),
                format!("extern crate {}", dep),
            ];
            !named.iter().any(|n| text.contains(n.as_str()))
        })
        .cloned()
        .collect()
}

/// Appends every `.rs` file below `dir`, except under `bin/`, to `text`.
fn collect_sources(dir: &Path, text: &mut String) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().map_or(true, |n| n != "bin") {
                collect_sources(&path, text);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = fs::read_to_string(&path).unwrap_or_default();
            text.push_str(&without_unbundled(&without_comments(&source)));
        }
    }
}

/// `source` with each comment (docs too: the bundle's code never needs what they name)
/// replaced by a blank.
fn without_comments(source: &str) -> String {
    let b = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < b.len() {
        let end = skip_literal(b, i).min(b.len() - 1);
        if end == i {
            // Not a literal: copy one character (the cuts all fall at ASCII bytes).
            let c = source[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        if b[i] != b'/' {
            out.push_str(&source[i..=end]);
        } else if b[end] == b'\n' {
            // A line comment keeps its newline.
            out.push(' ');
            i = end;
            continue;
        } else {
            out.push(' ');
        }
        i = end + 1;
    }
    out
}

/// `source` without what cargo-equip leaves out of the bundle: its `#[cfg(test)] mod name
/// { ... }` blocks and every item under `#[cfg(not(cargo_equip))]`. Braces inside strings,
/// character literals and comments are skipped. Anything it cannot match is kept, so a mistake
/// can only keep a dependency in.
fn without_unbundled(source: &str) -> String {
    const TEST: &str = "#[cfg(test)]";
    const UNBUNDLED: &str = "#[cfg(not(cargo_equip))]";
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while let Some((at, attribute)) = [TEST, UNBUNDLED]
        .iter()
        .filter_map(|a| rest.find(a).map(|at| (at, *a)))
        .min()
    {
        out.push_str(&rest[..at]);
        let after = &rest[at + attribute.len()..];
        let end = if attribute == TEST {
            test_module_end(after)
        } else {
            item_end(after)
        };
        match end {
            Some(end) => rest = &after[end..],
            None => {
                out.push_str(attribute);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The end of the `mod <name> { ... }` that `s` starts with (after blanks), or `None` when
/// `s` starts with anything else.
fn test_module_end(s: &str) -> Option<usize> {
    let item = s.trim_start();
    let skipped = s.len() - item.len();
    let m = item.strip_prefix("mod ")?;
    let brace = m.find('{')?;
    let name = m[..brace].trim();
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let open = skipped + "mod ".len() + brace;
    matching_brace(&s[open..]).map(|end| open + end + 1)
}

/// The end of the item that `s` starts with, attributes included: just past its first `;`
/// or block `}` outside any bracket (`const A: [u8; 9] = ...;`, `impl X { ... }`).
fn item_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let (mut depth, mut i) = (0usize, 0);
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' => depth = depth.checked_sub(1)?,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b';' if depth == 0 => return Some(i + 1),
            _ => i = skip_literal(b, i),
        }
        i += 1;
    }
    None
}

/// The index of the brace that closes the `{` at the start of `s`, skipping strings,
/// character literals and comments; `None` if it is never closed.
fn matching_brace(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let (mut depth, mut i) = (0usize, 0);
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i = skip_literal(b, i),
        }
        i += 1;
    }
    None
}

/// The last index of the string, character literal or comment that starts at `i`, or `i`
/// itself when none does.
fn skip_literal(b: &[u8], mut i: usize) -> usize {
    match b[i] {
        b'"' => {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
        }
        // Character literals ('{', '\'', '\\'); a lifetime has no closing quote there.
        b'\'' if b.get(i + 2) == Some(&b'\'') => i += 2,
        b'\'' if b.get(i + 1) == Some(&b'\\') => {
            i += 3;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
        }
        b'/' if b.get(i + 1) == Some(&b'/') => {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        }
        b'/' if b.get(i + 1) == Some(&b'*') => {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 1;
        }
        _ => {}
    }
    i
}

/// Replaces every mention of the workspace's absolute location with `.`, so the bundle says
/// nothing about the machine it was made on (cargo-equip names path dependencies by their
/// `path+file:///...` id).
pub fn scrub_paths(text: &str, root: &Path) -> String {
    let root = root.to_string_lossy();
    let root = root.trim_end_matches('/');
    if root.is_empty() {
        return text.to_string();
    }
    text.replace(&format!("file://{}", root), "file://.")
        .replace(root, ".")
}

/// Drops cargo-equip's "Bundled libraries" list when every library in it is a crate of the
/// workspace (`path+file://./...`): for those it says only that they have no license and no
/// registry, and a judge's source limit counts its bytes. A list naming a published crate
/// stays, as it carries that crate's license notice.
fn without_local_library_list(text: &str) -> String {
    const HEAD: &str = "///  # Bundled libraries\n";
    let Some(start) = text.find(HEAD) else {
        return text.to_string();
    };
    let block_len: usize = text[start..]
        .split_inclusive('\n')
        .take_while(|line| line.starts_with("///"))
        .map(str::len)
        .sum();
    let block = &text[start..start + block_len];
    let all_local = block
        .lines()
        .filter(|line| line.starts_with("///  - "))
        .all(|line| line.starts_with("///  - `path+file://./"));
    if !all_local
        || block
            .lines()
            .any(|l| l.starts_with("///  #") && !l.ends_with("# Bundled libraries"))
    {
        return text.to_string();
    }
    format!("{}{}", &text[..start], &text[start + block_len..])
}

/// The first error of a rustc log with its location line, on one line.
pub fn first_compiler_error(log: &str) -> String {
    first_diagnostic(log, "error")
        .unwrap_or_else(|| log.lines().next().unwrap_or("rustc failed").to_string())
}

/// The first diagnostic of `kind` (`error`, `warning`) in a rustc log with its location, on
/// one line. The closing counts (`warning: 3 warnings emitted`) are not diagnostics.
fn first_diagnostic(log: &str, kind: &str) -> Option<String> {
    let mut lines = log.lines();
    while let Some(line) = lines.next() {
        let summary = line.ends_with(" emitted") || line.starts_with("error: aborting");
        let code = line
            .strip_prefix(kind)
            .map(|rest| rest.starts_with(':') || rest.starts_with('['));
        if code == Some(true) && !summary {
            let location = lines
                .next()
                .map(str::trim)
                .filter(|l| l.starts_with("-->"))
                .map(|l| format!(" ({})", l.trim_start_matches("--> ")))
                .unwrap_or_default();
            return Some(format!("{}{}", line, location));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_are_reused_for_the_same_text_compiler_and_flags_only() {
        let tmp = testkit::TempDir::new("judge-cache");
        let dir = tmp.path();
        let rustc = toolchain::current().unwrap();
        let source = dir.join("main.rs");
        let args = |a: &[&str]| -> Vec<String> { a.iter().map(|s| s.to_string()).collect() };
        let o = args(&["-O", "--edition", "2021"]);
        let cache = dir.join("cache");
        let compile = |flags: &[String]| compile_cached(&rustc, flags, &source, &cache).unwrap();
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

    #[test]
    fn the_library_list_goes_only_when_every_library_is_the_workspace_s() {
        let local = "fn main() {}\n\n///  # Bundled libraries\n/// \n\
                     ///  - `path+file://./shared/bits#0.1.0` published in **missing** as x\n\
                     #[cfg_attr(any(), rustfmt::skip)]\nmod m {}\n";
        assert_eq!(
            without_local_library_list(local),
            "fn main() {}\n\n#[cfg_attr(any(), rustfmt::skip)]\nmod m {}\n"
        );
        let published = local.replace(
            "path+file://./shared/bits#0.1.0",
            "registry+https://github.com/rust-lang/crates.io-index#ac-library-rs@0.1.1",
        );
        assert_eq!(without_local_library_list(&published), published);
        assert_eq!(
            without_local_library_list("fn main() {}\n"),
            "fn main() {}\n"
        );
    }

    #[test]
    fn scrubs_the_workspace_path() {
        let text = "//  - `path+file:///home/ann/ws/shared/bits#0.1.0` as\n/home/ann/ws/x";
        let clean = scrub_paths(text, Path::new("/home/ann/ws/"));
        assert_eq!(clean, "//  - `path+file://./shared/bits#0.1.0` as\n./x");
    }

    #[test]
    fn kit_only_dependencies_are_left_out() {
        let tmp = testkit::TempDir::new("judge-deps");
        let src = tmp.path();
        fs::create_dir_all(src.join("bin")).unwrap();
        fs::create_dir_all(src.join("solver")).unwrap();
        fs::write(src.join("main.rs"), "use fastio::Reader;\nfn main() {}\n").unwrap();
        fs::write(
            src.join("solver/mod.rs"),
            "pub fn f() -> u32 { bits::ones(3u32).count() as u32 }\n",
        )
        .unwrap();
        fs::write(src.join("bin/gen.rs"), "use rng::Rng;\nuse runner::run;\n").unwrap();
        let deps: Vec<String> = ["bits", "fastio", "rng", "runner"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(unused_dependencies(src, &deps), ["rng", "runner"]);
    }

    #[test]
    fn test_modules_are_not_counted() {
        let src = "use bits::Word;\n#[cfg(test)]\nmod tests {\n    use rng::Rng;\n    \
                   fn f() { let s = \"}\"; let c = '}'; let e = '\\''; /* } */ // }\n }\n}\n\
                   fn after() { fastio::Writer::new(); }\n#[cfg(test)]\nfn helper() { runner::run(); }\n";
        let kept = without_unbundled(src);
        assert!(
            kept.contains("bits::") && kept.contains("fastio::"),
            "{}",
            kept
        );
        assert!(!kept.contains("rng::"), "{}", kept);
        // Only `mod` blocks are dropped: a lone test function stays (and keeps its crate).
        assert!(kept.contains("runner::"), "{}", kept);
        // An unclosed block is kept whole.
        assert!(without_unbundled("#[cfg(test)]\nmod t { rng::x(").contains("rng::"));
    }

    #[test]
    fn items_left_out_of_the_bundle_are_not_counted() {
        let src = "#[cfg(not(cargo_equip))]\npub type Cell = sudoku::Cell<3>;\n\
                   #[cfg(not(cargo_equip))]\npub const W: [u8; 81] = rng::table();\n\
                   #[cfg(not(cargo_equip))]\n#[derive(Debug)]\nimpl G { fn f() { runner::x(\"}\"); } }\n\
                   #[cfg(not(cargo_equip))]\npub use solver::{solve_with, Method};\n\
                   fn kept() -> [u8; 2] { bits::ones(1u8); [0; 2] }\n";
        let kept = without_unbundled(src);
        for dropped in ["sudoku::", "rng::", "runner::", "Method"] {
            assert!(!kept.contains(dropped), "{}", kept);
        }
        assert!(
            kept.contains("fn kept() -> [u8; 2] { bits::ones"),
            "{}",
            kept
        );
        let commented = without_comments(
            "/// [`sudoku::Cell`]\nfn f() -> &'static str { \"// rng::\" } /* runner:: */ é\n",
        );
        assert_eq!(
            commented,
            " \nfn f() -> &'static str { \"// rng::\" }   é\n"
        );
        // An item that never ends is kept whole.
        let open = "#[cfg(not(cargo_equip))]\nfn f() { sudoku::x(";
        assert!(without_unbundled(open).contains("sudoku::"));
    }

    #[test]
    fn first_warning_but_not_the_count() {
        let log = "warning: unused variable: `x`\n --> main.rs:2:9\n  |\n\
                   warning: 1 warning emitted\n";
        assert_eq!(
            first_diagnostic(log, "warning").as_deref(),
            Some("warning: unused variable: `x` (main.rs:2:9)")
        );
        assert_eq!(
            first_diagnostic("warning: 2 warnings emitted\n", "warning"),
            None
        );
    }

    #[test]
    fn first_error_with_location() {
        let log = "warning: unused\nerror[E0425]: cannot find value `x`\n  --> main.rs:3:5\n   |\n";
        assert_eq!(
            first_compiler_error(log),
            "error[E0425]: cannot find value `x` (main.rs:3:5)"
        );
    }
}
