//! Problem names: which package names `make new`, `receive` and `import` may create.
//!
//! A name must be a folder name, a crate name cargo builds (not a Rust keyword, not one of
//! the names cargo reserves for the standard library or its own output folders) and not the
//! name of a package the workspace already holds (other than the problem's own).

use crate::error::Error;
use crate::workspace::metadata;
use std::fs;
use std::path::Path;

/// The longest problem name.
pub const MAX_NAME: usize = 40;

/// Rust's keywords in every edition (strict, reserved, and `gen`, reserved by 2024), which
/// cargo refuses as package names or which break a `use <name>::...` under some edition.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Crates of the toolchain a package may not shadow (cargo refuses them).
const BUILT_IN: &[&str] = &["std", "core", "alloc", "proc_macro", "test"];

/// Folder names cargo uses inside a target directory (cargo refuses them) and device names
/// Windows reserves (cargo warns: such a folder cannot be checked out there).
const CARGO_RESERVED: &[&str] = &[
    "deps",
    "examples",
    "build",
    "incremental",
    "con",
    "prn",
    "aux",
    "nul",
    "com1",
    "com2",
    "com3",
    "com4",
    "com5",
    "com6",
    "com7",
    "com8",
    "com9",
    "lpt1",
    "lpt2",
    "lpt3",
    "lpt4",
    "lpt5",
    "lpt6",
    "lpt7",
    "lpt8",
    "lpt9",
];

/// Whether `name` has the shape of a problem name: 1..=[`MAX_NAME`] lowercase ASCII letters,
/// digits and `_`, starting with a letter (so a crate name and a safe folder name). Says
/// nothing of keywords or the workspace: see [`check`]. O(len).
pub fn well_formed(name: &str) -> bool {
    name.len() <= MAX_NAME
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Why cargo could not build a package named `name` (a [`well_formed`] name): it is a Rust
/// keyword, a built-in crate or a name cargo reserves. `None` when it can. O(1).
pub fn unbuildable(name: &str) -> Option<&'static str> {
    if KEYWORDS.contains(&name) {
        Some("a Rust keyword")
    } else if BUILT_IN.contains(&name) {
        Some("the name of a crate of Rust's own toolchain")
    } else if CARGO_RESERVED.contains(&name) {
        Some("a name cargo reserves")
    } else {
        None
    }
}

/// The folders that hold the workspace's members (its `Cargo.toml` globs them).
const MEMBER_FOLDERS: &[&str] = &["problems", "shared", "scripts"];

/// The package names of the workspace at `root`: each member folder's name (a folder of
/// [`MEMBER_FOLDERS`] holding a `Cargo.toml`), each of `members`' package names (`-` read as
/// `_`; `None` where cargo cannot read the workspace) and this tool's own. O(members).
pub fn workspace_packages(root: &Path, members: Option<&[metadata::Package]>) -> Vec<String> {
    // The tool's own package, wherever the workspace keeps it.
    let mut names = vec![env!("CARGO_PKG_NAME").to_string()];
    for folder in MEMBER_FOLDERS {
        let entries = match fs::read_dir(root.join(folder)) {
            Ok(entries) => entries,
            Err(_) => continue,
        };
        for entry in entries.filter_map(Result::ok) {
            if entry.path().join("Cargo.toml").is_file() {
                names.extend(entry.file_name().into_string().ok());
            }
        }
    }
    // A workspace cargo cannot read has only its folder names to go by.
    for package in members.unwrap_or(&[]) {
        names.push(package.name.replace('-', "_"));
    }
    names.sort();
    names.dedup();
    names
}

/// Refuses a name a new problem may not take, in one line saying why and what to use
/// instead: not [`well_formed`], [`unbuildable`], or the name of a package of the workspace
/// at `root` other than `problems/<name>` itself. O(workspace members), one `cargo metadata`.
pub fn check(root: &Path, name: &str) -> crate::error::Result<()> {
    check_among(root, name, metadata::read(root).ok().as_deref())
}

/// [`check`] with the workspace's members read already (`None`: cargo cannot read them).
pub fn check_among(
    root: &Path,
    name: &str,
    members: Option<&[metadata::Package]>,
) -> crate::error::Result<()> {
    let shown = name.escape_default().to_string();
    if !well_formed(name) {
        let fix = suggestion(name);
        return Err(Error::Refused(format!(
            "`{}` is not a usable problem name: use at most {} lowercase letters, digits and _, \
             starting with a letter{}",
            shown,
            MAX_NAME,
            match fix {
                Some(fix) => format!(" (try `{}`)", fix),
                None => String::new(),
            }
        )));
    }
    if let Some(why) = unbuildable(name) {
        return Err(Error::Refused(format!(
            "`{}` is {}, which cargo cannot build as a package: try `{}` or `{}`",
            name,
            why,
            suffixed(name),
            prefixed(name)
        )));
    }
    let own = root.join("problems").join(name).join("Cargo.toml");
    if workspace_packages(root, members).iter().any(|p| p == name) && !own.is_file() {
        return Err(Error::Refused(format!(
            "`{}` is the name of a package of the workspace: try `{}` or `{}`",
            name,
            suffixed(name),
            prefixed(name)
        )));
    }
    Ok(())
}

/// `name` with a digit appended, cut to fit [`MAX_NAME`].
fn suffixed(name: &str) -> String {
    let mut s: String = name.chars().take(MAX_NAME - 1).collect();
    s.push('1');
    s
}

/// `p_` + `name`, cut to fit [`MAX_NAME`].
fn prefixed(name: &str) -> String {
    format!("p_{}", name).chars().take(MAX_NAME).collect()
}

/// A well-formed name close to `name`: lowercase, other characters `_`, `p` in front of a
/// digit or `_`, cut to [`MAX_NAME`]; a keyword gets a digit. `None` when nothing of `name`
/// is ASCII alphanumeric.
pub fn suggestion(name: &str) -> Option<String> {
    if !name.chars().any(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut s: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if !s.starts_with(|c: char| c.is_ascii_lowercase()) {
        s.insert(0, 'p');
    }
    s.truncate(MAX_NAME);
    if unbuildable(&s).is_some() {
        s = suffixed(&s);
    }
    Some(s).filter(|s| well_formed(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    fn workspace(tag: &str) -> TempDir {
        let ws = TempDir::new(&format!("judge-names-{}", tag));
        let root = ws.path();
        let members = [
            ("shared/bits", "bits"),
            ("shared/odd", "other-name"),
            ("scripts/judge", "judge"),
            ("problems/p1074", "p1074"),
        ];
        fs::write(
            root.join("Cargo.toml"),
            "[workspace]\nmembers = [\"problems/*\", \"shared/*\", \"scripts/judge\"]\n",
        )
        .unwrap();
        for (dir, name) in members {
            let dir = root.join(dir);
            fs::create_dir_all(dir.join("src")).unwrap();
            fs::write(dir.join("src/lib.rs"), "").unwrap();
            let manifest = format!(
                "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2018\"\n",
                name
            );
            fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        }
        ws
    }

    #[test]
    fn shapes() {
        assert!(well_formed("p1074") && well_formed("abc123_a"));
        for bad in ["", "1a", "A", "a-b", "a/b", "..", "a b", "é", "_a"] {
            assert!(!well_formed(bad), "{}", bad);
        }
        assert!(!well_formed(&"a".repeat(MAX_NAME + 1)));
        assert!(well_formed(&"a".repeat(MAX_NAME)));
    }

    #[test]
    fn keywords_and_built_in_crates_are_refused_with_a_fix() {
        let ws = workspace("kw");
        let root = ws.path();
        for name in [
            "fn",
            "self",
            "crate",
            "std",
            "test",
            "core",
            "alloc",
            "proc_macro",
            "gen",
        ] {
            let e = check(root, name).unwrap_err().to_string();
            assert!(
                e.contains(&format!("try `{0}1` or `p_{0}`", name)) && !e.contains('\n'),
                "{}",
                e
            );
        }
        assert!(check(root, "fn1").is_ok() && check(root, "p_fn").is_ok());
    }

    #[test]
    fn workspace_packages_are_refused() {
        let ws = workspace("ws");
        let root = ws.path();
        let members = metadata::read(root).unwrap();
        assert_eq!(
            workspace_packages(root, Some(&members)),
            ["bits", "judge", "odd", "other_name", "p1074"]
        );
        assert_eq!(
            workspace_packages(root, None),
            ["bits", "judge", "odd", "p1074"]
        );
        for name in ["judge", "bits", "odd", "other_name"] {
            let e = check(root, name).unwrap_err().to_string();
            assert!(e.contains("a package of the workspace: try"), "{}", e);
        }
        // A problem's own name is its own: `import` may add samples to it.
        assert!(check(root, "p1074").is_ok());
        // The tool's own name is taken wherever the tool lives.
        fs::remove_dir_all(root.join("scripts")).unwrap();
        assert!(workspace_packages(root, None).contains(&"judge".to_string()));
    }

    #[test]
    fn malformed_names_get_a_suggestion() {
        let ws = workspace("bad");
        let root = ws.path();
        for (bad, fix) in [
            ("1a", "p1a"),
            ("A", "a"),
            ("a-b", "a_b"),
            ("4 5", "p4_5"),
            ("Fn", "fn1"),
        ] {
            let e = check(root, bad).unwrap_err().to_string();
            assert!(e.contains(&format!("(try `{}`)", fix)), "{}", e);
        }
        assert!(!check(root, "é").unwrap_err().to_string().contains("try"));
        assert!(check(root, "a\u{1b}[2J")
            .unwrap_err()
            .to_string()
            .contains("\\u{1b}"));
    }
}
