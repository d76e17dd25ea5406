//! C++ programs of a problem (testlib checkers, validators, interactors): the C++ compiler of
//! this machine, and compiles of one source kept in a cache (`target/cpp`).

use crate::build::compile::{private_dir, prune};
use crate::error::{CompileError, Error, Result};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::env;
use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The flags of every compile. `-std=c++17` is not needed by testlib.h itself (it guards its
/// C++11 parts) but by the programs written with it: compilers that default to C++98 (older
/// Apple clang) reject them, and Library Checker builds its own with `-std=c++17`.
pub const FLAGS: [&str; 2] = ["-O2", "-std=c++17"];

/// What is said when there is no C++ compiler.
pub const NO_COMPILER: &str = "no C++ compiler: install g++ (apt-get install g++, or \
                               xcode-select --install on macOS), or set CXX";

/// A C++ compiler that runs here.
#[derive(Clone, Debug)]
pub struct Cxx {
    /// Its path: `CXX` as given, or the `g++`/`clang++` found on PATH (absolute).
    pub program: PathBuf,
    /// The first line of its `--version` (`g++ (Debian 12.2.0-14+deb12u1) 12.2.0`): which
    /// build it is, as far as the cache needs to know.
    pub id: String,
}

/// The C++ compiler: `CXX` (a path or a command on PATH) when set and not empty, else `g++`,
/// else `clang++` on PATH. Asks it `--version` (one process). Without one, or when `CXX`
/// names one that does not run: [`Error::NoCompiler`], one line saying how to get one.
pub fn compiler() -> Result<Cxx> {
    if let Some(named) = env::var_os("CXX").filter(|v| !v.is_empty()) {
        return probe(Path::new(&named)).ok_or_else(|| {
            Error::NoCompiler(format!(
                "CXX={}: it does not run as a C++ compiler; unset CXX or name one ({})",
                Path::new(&named).display(),
                NO_COMPILER
            ))
        });
    }
    ["g++", "clang++"]
        .iter()
        .filter_map(|name| on_path(name, env::var_os("PATH")))
        .find_map(|path| probe(&path))
        .ok_or_else(|| Error::NoCompiler(NO_COMPILER.to_string()))
}

/// `program --version`'s first line, when it runs and says something.
fn probe(program: &Path) -> Option<Cxx> {
    let out = Command::new(program).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let id = text.lines().next()?.trim().to_string();
    (out.status.success() && !id.is_empty()).then(|| Cxx {
        program: program.to_path_buf(),
        id,
    })
}

/// The first executable file `name` in the folders of `path` (a PATH value).
fn on_path(name: &str, path: Option<OsString>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    env::split_paths(&path?)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(name))
        .find(|file| {
            fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// Where C++ compiles are kept under the workspace `root`.
pub fn cache_dir(root: &Path) -> PathBuf {
    root.join("target/cpp")
}

/// Compiles `source` with [`compiler`] and [`FLAGS`], `-I` each of `include` (none: the
/// source's own folder is searched anyway, for `#include "..."`), and returns the binary,
/// kept in the cache folder `cache_root` ([`cache_dir`]).
///
/// An entry is keyed by the compiler (path and `--version` line), the flags, the include
/// folders, and the text of the source and of every file it includes that is found beside
/// it or in `include` (followed through those files' own includes; system headers are the
/// compiler's, covered by its version). The entry holds the whole key, which a hit must match
/// byte for byte, so a hash collision only costs a compile. A rejection is kept too. The
/// cache keeps the most recently used compiles; several processes may share it (an entry is
/// made in a private folder and renamed into place whole).
///
/// Errors, each one line: no compiler ([`NO_COMPILER`]); the source rejected
/// ([`Error::Compile`]: the source and the compiler's first error); the source or the cache
/// unreadable or unwritable. Cost: a hit reads the source and its local headers and starts
/// the compiler once for `--version`; a miss adds the compile.
pub fn compile(source: &Path, include: &[PathBuf], cache_root: &Path) -> Result<PathBuf> {
    let cxx = compiler()?;
    compile_with(&cxx, source, include, cache_root)
}

/// [`compile`] with a compiler already found.
pub fn compile_with(
    cxx: &Cxx,
    source: &Path,
    include: &[PathBuf],
    cache_root: &Path,
) -> Result<PathBuf> {
    compile_with_flags(cxx, &FLAGS, source, include, cache_root)
}

/// [`compile_with`] with `flags` instead of [`FLAGS`] (a C++ baseline's `-O2`, say): the
/// same cache, the flags part of the key.
pub fn compile_with_flags(
    cxx: &Cxx,
    flags: &[&str],
    source: &Path,
    include: &[PathBuf],
    cache_root: &Path,
) -> Result<PathBuf> {
    let absolute = |p: &Path| fs::canonicalize(p).map_err(|e| Error::io(p, e));
    let full = absolute(source)?;
    let include: Vec<PathBuf> = include.iter().map(|d| absolute(d)).collect::<Result<_>>()?;
    let mut key = format!(
        "{}\n{}\n{}\n",
        cxx.program.display(),
        cxx.id,
        flags.join(" "),
    )
    .into_bytes();
    for dir in &include {
        key.extend_from_slice(format!("-I {}\n", dir.display()).as_bytes());
    }
    for (path, text) in sources(&full, &include)? {
        key.extend_from_slice(format!("{} {}\n", path.display(), text.len()).as_bytes());
        key.extend_from_slice(&text);
        key.push(b'\n');
    }
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    let entry = cache_root.join(format!("{:016x}", hasher.finish()));
    let rejected = |why: String| Error::Compile {
        file: source.to_path_buf(),
        source: CompileError::Rejected(why),
    };
    if let Some(result) = read_entry(&entry, &key) {
        let _ = fs::write(entry.join("used"), b"");
        return result.map(|()| entry.join("main")).map_err(rejected);
    }
    fs::create_dir_all(cache_root).map_err(|e| Error::io(cache_root, e))?;
    let private = private_dir(&entry).map_err(|e| Error::io(&entry, e))?;
    let made = build(cxx, flags, &full, &include, &private.join("main"));
    let result = match made {
        Ok(result) => result,
        Err(e) => {
            let _ = fs::remove_dir_all(&private);
            return Err(e);
        }
    };
    let said = match &result {
        Ok(()) => "ok\n".to_string(),
        Err(why) => format!("error\n{}", why),
    };
    let kept = fs::write(private.join("key"), &key)
        .and_then(|_| fs::write(private.join("result"), said))
        .and_then(|_| fs::write(private.join("used"), b""));
    // Another process may have made the same entry meanwhile: its is as good.
    if kept.is_err() || fs::rename(&private, &entry).is_err() {
        let _ = fs::remove_dir_all(&private);
    }
    prune(cache_root);
    if entry.join("main").is_file() || result.is_err() {
        return result.map(|()| entry.join("main")).map_err(rejected);
    }
    Err(Error::Io {
        path: Some(entry),
        source: std::io::Error::new(std::io::ErrorKind::Other, "the compile was not kept"),
    })
}

/// The kept result of a cache entry when it is whole and for exactly `key`: `Ok(())` with its
/// binary, or the compiler's first error.
fn read_entry(entry: &Path, key: &[u8]) -> Option<std::result::Result<(), String>> {
    if fs::read(entry.join("key")).ok()? != key {
        return None;
    }
    let said = fs::read_to_string(entry.join("result")).ok()?;
    let (kind, message) = said.split_once('\n')?;
    match kind {
        "ok" if entry.join("main").is_file() => Some(Ok(())),
        "error" => Some(Err(message.to_string())),
        _ => None,
    }
}

/// Runs the compiler on `source` (absolute) into `binary`: `Ok(Ok(()))` compiled,
/// `Ok(Err(first error))` rejected, `Err` when it could not be started.
fn build(
    cxx: &Cxx,
    flags: &[&str],
    source: &Path,
    include: &[PathBuf],
    binary: &Path,
) -> Result<std::result::Result<(), String>> {
    let dir = source.parent().unwrap_or(Path::new("/"));
    let mut command = Command::new(&cxx.program);
    command.args(flags);
    for d in include {
        command.arg("-I").arg(d);
    }
    // Run beside the source and given its name alone, so its messages name no folder.
    command
        .arg("-o")
        .arg(binary)
        .arg(source.file_name().unwrap_or(source.as_os_str()))
        .current_dir(dir);
    let out = command.output().map_err(|source| Error::Spawn {
        program: cxx.program.display().to_string(),
        source,
    })?;
    if out.status.success() {
        return Ok(Ok(()));
    }
    Ok(Err(first_error(&String::from_utf8_lossy(&out.stderr))))
}

/// The first error of a g++ or clang++ log on one line (`check.cpp:3:5: error: ...`); its
/// first line when it has no such line.
pub fn first_error(log: &str) -> String {
    log.lines()
        .find(|l| l.contains(" error: ") || l.contains(" fatal error: "))
        .or_else(|| log.lines().find(|l| !l.trim().is_empty()))
        .map(|l| l.trim().to_string())
        .unwrap_or_else(|| "the compiler failed and said nothing".to_string())
}

/// Files larger than this are not read for the key's include scan (no header is).
const MAX_HEADER: u64 = 64 << 20;

/// `source` and every file it includes found beside the including file (for `"..."`) or in
/// `include`, followed through their own includes, each once, with its text: what the key
/// holds. Includes are found by their lines (`#include "x"`, `# include <x>`), so an include
/// named by a macro is not seen; a header outside those folders is the system's.
fn sources(source: &Path, include: &[PathBuf]) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut seen = HashSet::new();
    let mut todo = vec![source.to_path_buf()];
    let mut found = Vec::new();
    seen.insert(source.to_path_buf());
    while let Some(file) = todo.pop() {
        let text = fs::read(&file).map_err(|e| Error::io(&file, e))?;
        let here = file.parent().map(Path::to_path_buf);
        for (name, quoted) in includes(&text) {
            let beside = here.iter().filter(|_| quoted);
            let hit = beside
                .chain(include.iter())
                .map(|dir| dir.join(&name))
                .find(|p| fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() <= MAX_HEADER));
            if let Some(hit) = hit {
                let hit = fs::canonicalize(&hit).unwrap_or(hit);
                if seen.insert(hit.clone()) {
                    todo.push(hit);
                }
            }
        }
        found.push((file, text));
    }
    // In a fixed order, so one set of files is always one key.
    found.sort();
    Ok(found)
}

/// The files named by the `#include` lines of `text`, each with whether it is quoted
/// (`"x"`) rather than bracketed (`<x>`). Linear in the text.
fn includes(text: &[u8]) -> Vec<(String, bool)> {
    let mut names = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(line);
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix("include") else {
            continue;
        };
        let rest = rest.trim_start();
        let (close, quoted) = match rest.chars().next() {
            Some('"') => ('"', true),
            Some('<') => ('>', false),
            _ => continue,
        };
        if let Some(end) = rest[1..].find(close) {
            names.push((rest[1..1 + end].to_string(), quoted));
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_lines_are_read_in_both_forms() {
        let text = b"#include \"testlib.h\"\n  #  include <vector>\n// #include \"no.h\"\n#define X\n#include <bits/stdc++.h> // all\n";
        assert_eq!(
            includes(text),
            vec![
                ("testlib.h".to_string(), true),
                ("vector".to_string(), false),
                ("bits/stdc++.h".to_string(), false)
            ]
        );
    }

    #[test]
    fn the_key_follows_local_headers_only() {
        let tmp = testkit::TempDir::new("judge-cpp-key");
        let dir = tmp.path();
        fs::create_dir_all(dir.join("inc")).unwrap();
        fs::write(
            dir.join("a.cpp"),
            "#include \"b.h\"\n#include <lib.h>\n#include <vector>\n",
        )
        .unwrap();
        fs::write(dir.join("b.h"), "#include \"lib.h\"\n").unwrap();
        fs::write(dir.join("inc/lib.h"), "int x;\n").unwrap();
        let dir = fs::canonicalize(dir).unwrap();
        let files: Vec<PathBuf> = sources(&dir.join("a.cpp"), &[dir.join("inc")])
            .unwrap()
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(
            files,
            vec![dir.join("a.cpp"), dir.join("b.h"), dir.join("inc/lib.h")]
        );
    }

    #[test]
    fn compiles_are_reused_until_the_source_or_a_header_changes() {
        let Ok(cxx) = compiler() else {
            eprintln!("skipped: {}", NO_COMPILER);
            return;
        };
        let tmp = testkit::TempDir::new("judge-cpp-cache");
        let dir = tmp.path();
        let cache = dir.join("cache");
        fs::create_dir_all(dir.join("inc")).unwrap();
        let source = dir.join("main.cpp");
        fs::write(
            &source,
            "#include \"value.h\"\nint main() { return VALUE; }\n",
        )
        .unwrap();
        fs::write(dir.join("inc/value.h"), "#define VALUE 3\n").unwrap();
        let include = [dir.join("inc")];
        let status = |binary: &Path| Command::new(binary).status().unwrap().code();
        let first = compile_with(&cxx, &source, &include, &cache).unwrap();
        assert_eq!(status(&first), Some(3));
        let modified = fs::metadata(&first).unwrap().modified().unwrap();
        let again = compile_with(&cxx, &source, &include, &cache).unwrap();
        assert_eq!(again, first);
        assert_eq!(fs::metadata(&again).unwrap().modified().unwrap(), modified);
        // So are the flags.
        let plain = compile_with_flags(&cxx, &["-O2"], &source, &include, &cache).unwrap();
        assert_ne!(plain, first);
        assert_eq!(status(&plain), Some(3));
        // The header is part of the key.
        fs::write(dir.join("inc/value.h"), "#define VALUE 4\n").unwrap();
        let edited = compile_with(&cxx, &source, &include, &cache).unwrap();
        assert_ne!(edited, first);
        assert_eq!(status(&edited), Some(4));
        // A rejection is one line naming the source and the first error, kept too.
        fs::write(&source, "int main() { return nope; }\n").unwrap();
        for _ in 0..2 {
            let e = compile_with(&cxx, &source, &include, &cache)
                .unwrap_err()
                .to_string();
            assert!(
                e.starts_with(&format!("{}: main.cpp:1:", source.display())),
                "{}",
                e
            );
            assert!(e.contains("nope") && !e.contains('\n'), "{}", e);
        }
    }

    #[test]
    fn first_error_skips_the_include_trail() {
        let log = "In file included from a.cpp:1:\nb.h:2:1: error: 'x' does not name a type\n";
        assert_eq!(first_error(log), "b.h:2:1: error: 'x' does not name a type");
        assert_eq!(first_error(""), "the compiler failed and said nothing");
    }

    #[test]
    fn path_lookup_takes_executable_files_only() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = testkit::TempDir::new("judge-cpp-path");
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        fs::create_dir_all(&a).unwrap();
        fs::create_dir_all(&b).unwrap();
        fs::write(a.join("g++"), "").unwrap();
        fs::write(b.join("g++"), "").unwrap();
        fs::set_permissions(b.join("g++"), fs::Permissions::from_mode(0o755)).unwrap();
        let path = env::join_paths([&a, &b]).unwrap();
        assert_eq!(on_path("g++", Some(path.clone())), Some(b.join("g++")));
        assert_eq!(on_path("clang++", Some(path)), None);
        assert_eq!(on_path("g++", None), None);
    }
}
