//! Turning a problem into the one file a judge gets, with cargo-equip.

use crate::build::compile::{cache_dir, compile_cached, private_dir, profile_args};
use crate::build::diagnostics::scrub_paths;
use crate::build::judge_rustc::Compilers;
use crate::build::scan::{stands_alone, unused_dependencies};
use crate::build::speculate;
use crate::build::toolchain::{self, Rustc};
use crate::error::{BundleError, CompileError};
use crate::workspace::problem::Problem;
use std::fs;
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
    /// The lines (1-based) of the bundle that hold the workspace's path, as written in the
    /// code (a string literal): left as written, and reported, since a judge would see them.
    pub leaks: Vec<usize>,
}

/// Bundles `problem` ([`bundle`]) and compiles it with its default profile by that judge's
/// compiler ([`Compilers`]; the local rustc where it is unknown), through the compile cache
/// under `root`.
pub fn build(root: &Path, problem: &Problem) -> Result<Submission, BundleError> {
    let Bundle { source, bytes, .. } = bundle(root, problem)?;
    let (rustc, args) = default_compile(problem)?;
    let compiled = compile_cached(&rustc, &args, root, &source, &cache_dir(root))
        .map_err(|e| BundleError::Io(source.clone(), e))?;
    match compiled.result {
        Ok(_) => Ok(Submission {
            source,
            bytes,
            binary: compiled.binary,
        }),
        Err(CompileError::Rejected(why)) => Err(BundleError::Compile(
            format!("{} {}", rustc.label(), args.join(" ")),
            why,
        )),
        Err(CompileError::NoRustc(why)) => Err(BundleError::NoRustc(why)),
    }
}

/// The compiler and flags [`build`] compiles a bundle with: the problem's default profile,
/// by its judge's compiler where known, else by the local rustc.
pub fn default_compile(problem: &Problem) -> Result<(Rustc, Vec<String>), BundleError> {
    let profile = problem.default_profile();
    let current = toolchain::current().map_err(|e| BundleError::NoRustc(e.to_string()))?;
    let mut compilers = Compilers::new(current);
    let judge = problem
        .rust_listings()
        .find(|l| {
            l.profiles
                .first()
                .is_some_and(|p| std::ptr::eq(*p, profile))
        })
        .map(|l| l.judge);
    let rustc = match judge {
        Some(j) if j.command_known => {
            let whom = format!("{} {}", j.name, profile.key);
            compilers.for_version(profile.rustc, &whom).rustc
        }
        _ => compilers.current.clone(),
    };
    Ok((rustc, profile_args(profile)))
}

/// Bundles `problem` into `target/submit/<name>.rs` under `root` with cargo-equip. Whether
/// it fits a judge's source limit is the check's to say.
pub fn bundle(root: &Path, problem: &Problem) -> Result<Bundle, BundleError> {
    if problem.edition == "2024" {
        return Err(BundleError::Equip(format!(
            "{} declares edition 2024, which cargo-equip {} cannot bundle (qryxip/cargo-equip#212): \
             declare edition = \"2021\" in its Cargo.toml; the bundle is still compiled as \
             edition 2024 for every judge that uses it",
            problem.dir.join("Cargo.toml").display(),
            EQUIP_VERSION
        )));
    }
    let out_dir = root.join("target/submit");
    fs::create_dir_all(&out_dir).map_err(|e| BundleError::Io(out_dir.clone(), e))?;
    let source = out_dir.join(format!("{}.rs", problem.name));
    // cargo-equip writes a file of this process; it replaces the bundle in one rename, so a
    // check from another terminal never compiles a half-written file.
    let private = private_dir(&source).map_err(|e| BundleError::Equip(e.to_string()))?;
    let written = private.join(format!("{}.rs", problem.name));
    // Read once: what decides whether main.rs stands alone is what cargo-equip leaves out.
    let mut unused =
        unused_dependencies(&root.join(&problem.dir).join("src"), &problem.dependencies);
    // A crate main.rs does not name stays when one it names builds on it.
    let used: Vec<&String> = problem
        .dependencies
        .iter()
        .filter(|d| !unused.contains(d))
        .collect();
    let needed: Vec<String> = problem.needed_by(&used).cloned().collect();
    unused.retain(|d| !needed.contains(d));
    let result = match standalone_main(root, problem, &unused) {
        Some(text) => place(root, &text, &written, &source),
        None => {
            // What cargo-equip reads, for the next check's guess (`speculate`).
            let main = fs::read(root.join(&problem.dir).join("src/main.rs")).unwrap_or_default();
            let bundled = equip(root, problem, &unused, &written, &source);
            if bundled.is_ok() {
                speculate::record(root, &problem.name, &main);
            }
            bundled
        }
    };
    let _ = fs::remove_dir_all(&private);
    result
}

/// The text of `src/main.rs` when it is the whole submission already: the package has no
/// library, its code names none of its dependencies, and `main.rs` reaches for no other
/// file ([`stands_alone`]). The judge then gets the file as written, without cargo-equip's
/// run of cargo and rustfmt (about 0.1 s of every check). `unused`: the dependencies its
/// code never names.
fn standalone_main(root: &Path, problem: &Problem, unused: &[String]) -> Option<String> {
    let src = root.join(&problem.dir).join("src");
    if src.join("lib.rs").exists() || unused.len() != problem.dependencies.len() {
        return None;
    }
    fs::read_to_string(src.join("main.rs"))
        .ok()
        .filter(|text| stands_alone(text))
}

/// The cargo-equip the Makefile pins (`EQUIP_VERSION`).
const EQUIP_VERSION: &str = "0.20.1";

/// The first error of `cargo check` on the submission's own binary, as rustc words it, at
/// its place in the user's files (`problems/x/src/main.rs:4:13: error: ...`): why
/// cargo-equip, which parses the crate before rustc does, failed. Run only when it failed,
/// so a sound source pays nothing (a check of a crate whose dependencies are built takes
/// about 0.2 s). `None` when cargo check finds nothing.
fn first_rustc_error(root: &Path, problem: &Problem) -> Option<String> {
    let out = Command::new("cargo")
        .current_dir(root)
        .args(["check", "--quiet", "--message-format", "short", "--bin"])
        .arg(&problem.name)
        .arg("--manifest-path")
        .arg(problem.dir.join("Cargo.toml"))
        .output()
        .ok()?;
    let log = String::from_utf8_lossy(&out.stderr);
    log.lines()
        .find(|l| l.contains(": error") && !l.starts_with("error"))
        .map(|l| scrub_paths(l, root))
}

/// Runs cargo-equip for `problem` into `written`, scrubs it, and moves it
/// to `source`.
fn equip(
    root: &Path,
    problem: &Problem,
    unused: &[String],
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
        .args(unused.iter().flat_map(|dep| ["--exclude", dep.as_str()]))
        .arg("--manifest-path")
        .arg(problem.dir.join("Cargo.toml"))
        .arg("--output")
        .arg(written)
        .output()
        .map_err(|e| BundleError::Equip(format!("cannot run cargo equip: {}", e)))?;
    if !equip.status.success() {
        // A source rustc rejects: rustc's own words, at the user's line.
        if let Some(error) = first_rustc_error(root, problem) {
            let command = "cargo check (before bundling)".to_string();
            return Err(BundleError::Compile(command, error));
        }
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
    place(
        root,
        &slim_scaffolding(&without_local_library_list(&local_package_ids(&text, root))),
        written,
        source,
    )
}

/// cargo-equip's own package ids of the workspace's crates (`path+file:///<root>/shared/
/// bits#0.1.0`, in its library list) with the workspace's path as `.`; nothing else of the
/// text is touched.
fn local_package_ids(text: &str, root: &Path) -> String {
    let root = root.to_string_lossy();
    let root = root.trim_end_matches('/');
    if root.is_empty() {
        return text.to_string();
    }
    text.replace(&format!("path+file://{}/", root), "path+file://./")
}

/// The lines (1-based) of `text` that hold the workspace's path `root`.
fn lines_with(text: &str, root: &Path) -> Vec<usize> {
    let root = root.to_string_lossy();
    let root = root.trim_end_matches('/');
    if root.is_empty() {
        return Vec::new();
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.contains(root))
        .map(|(i, _)| i + 1)
        .collect()
}

/// Writes the bundle's `text`, as written, to `written` and moves it to `source` in one
/// rename; notes the lines that hold the workspace's path ([`Bundle::leaks`]).
fn place(root: &Path, text: &str, written: &Path, source: &Path) -> Result<Bundle, BundleError> {
    fs::write(written, text).map_err(|e| BundleError::Io(written.to_path_buf(), e))?;
    fs::rename(written, source).map_err(|e| BundleError::Io(source.to_path_buf(), e))?;
    Ok(Bundle {
        source: source.to_path_buf(),
        bytes: text.len() as u64,
        leaks: lines_with(text, root),
    })
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

/// Drops the empty modules cargo-equip writes for each bundled crate (`pub mod dsu {}` in
/// its `macros` and `preludes` modules) and the `use` lines that import them, and the
/// indentation inside its `__cargo_equip` module: a crate without macros or dependencies
/// costs about 100 bytes of them, which a judge's source limit counts. The modules that
/// hold something, and their imports, stay.
fn slim_scaffolding(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut imports = Vec::new();
    let mut block = None;
    let mut inside = false;
    for line in text.split_inclusive('\n') {
        let code = line.trim();
        match code {
            "mod __cargo_equip {" => inside = true,
            "pub(crate) mod macros {" => block = Some("pub use crate::__cargo_equip::macros::"),
            "mod preludes {" => block = Some("use crate::__cargo_equip::preludes::"),
            "}" if line.starts_with("    }") && !line.starts_with("     ") => block = None,
            _ => {}
        }
        let empty = code
            .strip_prefix("pub mod ")
            .and_then(|rest| rest.strip_suffix(" {}"))
            .filter(|name| name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric()));
        match (block, empty) {
            (Some(import), Some(name)) => imports.push(format!("{}{}::*;", import, name)),
            // cargo-equip's own lines only: a line of a crate's multi-line string keeps its
            // spaces.
            _ if inside && is_scaffolding(code) => {
                kept.push_str(&without_doc_attributes(line.trim_start_matches(' ')))
            }
            _ => kept.push_str(line),
        }
    }
    for import in imports {
        kept = kept.replace(&import, "");
    }
    kept
}

/// `line` without the `#[doc="..."]` attributes cargo-equip's `--remove docs` leaves: the doc
/// comments written inside a macro's body, which reach the bundle as attributes. One whose
/// text holds a quote or a backslash stays.
fn without_doc_attributes(line: &str) -> String {
    const OPEN: &str = "#[doc=\"";
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(OPEN) {
        let text = &rest[at + OPEN.len()..];
        match text.find("\"]") {
            Some(end) if !text[..end].contains(['"', '\\']) => {
                out.push_str(&rest[..at]);
                rest = &text[end + 2..];
            }
            _ => {
                out.push_str(&rest[..at + OPEN.len()]);
                rest = text;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a trimmed line of cargo-equip's module is one of the lines it writes itself: a
/// module (a bundled crate's whole code is on its `pub mod` line) or a closing brace.
fn is_scaffolding(code: &str) -> bool {
    code == "}"
        || ["pub mod ", "pub(crate) mod ", "mod "]
            .iter()
            .any(|p| code.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_cargo_equips_package_ids_lose_the_workspace_path() {
        let root = Path::new("/home/ann/ws");
        let text = "let p = \"/home/ann/ws/samples/x\";\n\
                    ///  - `path+file:///home/ann/ws/shared/bits#0.1.0` published in **missing**\n";
        let kept = local_package_ids(text, root);
        assert!(kept.contains("\"/home/ann/ws/samples/x\""), "{}", kept);
        assert!(
            kept.contains("`path+file://./shared/bits#0.1.0`"),
            "{}",
            kept
        );
        assert_eq!(lines_with(&kept, root), [1]);
    }

    #[test]
    fn empty_macro_and_prelude_modules_go_with_their_imports() {
        let bundle = "fn main() {}\n\
            mod __cargo_equip {\n\
            \x20   pub(crate) mod crates {\n\
            \x20       pub mod dsu {use crate::__cargo_equip::preludes::dsu::*;pub struct D;}\n\
            \x20       pub mod scan {use crate::__cargo_equip::preludes::scan::*;pub use crate::__cargo_equip::macros::scan::*;pub fn s() {}}\n\
            \x20   }\n\
            \x20   pub(crate) mod macros {\n\
            \x20       pub mod dsu {}\n\
            \x20       pub mod scan {pub use crate::x as input;}\n\
            \x20   }\n\
            \x20   mod preludes {\n\
            \x20       pub mod dsu {}\n\
            \x20       pub mod scan {pub(in crate::__cargo_equip)use crate::__cargo_equip::crates::fastio;}\n\
            \x20   }\n\
            }\n";
        let slim = slim_scaffolding(bundle);
        assert!(!slim.contains("pub mod dsu {}"), "{}", slim);
        assert!(!slim.contains("preludes::dsu"), "{}", slim);
        assert!(slim.contains("\npub mod dsu {pub struct D;}\n"), "{}", slim);
        for kept in [
            "use crate::__cargo_equip::preludes::scan::*;",
            "pub use crate::__cargo_equip::macros::scan::*;",
            "pub mod scan {pub use crate::x as input;}",
            "crates::fastio;}",
            "\nmod preludes {\npub mod scan {",
        ] {
            assert!(slim.contains(kept), "{}: {}", kept, slim);
        }
        let docs = "mod __cargo_equip {\npub mod m {#[doc=\" Doc.\"]#[inline]pub fn f(){}#[doc=\"a\\\"b\"]fn g(){}}\n}\n";
        assert_eq!(
            slim_scaffolding(docs),
            "mod __cargo_equip {\npub mod m {#[inline]pub fn f(){}#[doc=\"a\\\"b\"]fn g(){}}\n}\n"
        );
        // A bundle without cargo-equip's modules is left as it is.
        let plain = "fn main() {\n    pub mod x {}\n}\n";
        assert_eq!(slim_scaffolding(plain), plain);
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
}
