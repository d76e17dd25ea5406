//! A light scan of Rust source for the names a submission uses: comments, string literals,
//! test modules and items left out of the bundle (`#[cfg(not(cargo_equip))]`) do not count.

use std::fs;
use std::path::{Path, PathBuf};

/// The dependencies that the submission's code (everything under `src/` but the test kit in
/// `src/bin/`, test modules and items under `#[cfg(not(cargo_equip))]`) never names. Without
/// cargo-udeps, cargo-equip would bundle every dependency of the package, including the ones
/// only the test kit uses, and every library crate a new problem has at hand. A name that
/// merely appears as a path's first segment (`dsu::Dsu`, `::dsu::Dsu`, `use dsu`) is kept: a
/// wrong guess can only leave dead code in, never take live code out.
pub fn unused_dependencies(src: &Path, dependencies: &[String]) -> Vec<String> {
    let mut text = String::new();
    collect_sources(src, &mut text);
    dependencies
        .iter()
        .filter(|dep| !names_crate(&text, dep))
        .cloned()
        .collect()
}

/// Whether `code` names the crate `name`: as a whole word that starts a path (`name::`, not
/// `std::name::`), or after `use` or `extern crate`.
fn names_crate(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(at) = code[from..].find(name).map(|i| from + i) {
        from = at + name.len();
        let before = code[..at].trim_end();
        let after = code[from..].trim_start();
        if code[..at].ends_with(ident) || code[from..].starts_with(ident) {
            continue;
        }
        let word_before = |w: &str| {
            before
                .strip_suffix(w)
                .is_some_and(|rest| !rest.ends_with(ident))
        };
        if word_before("use") || word_before("crate") {
            return true;
        }
        // `a::name::` is a module of another path; `::name::` and `name::` start one.
        let starts_path = match before.strip_suffix("::") {
            Some(rest) => !rest.trim_end().ends_with(|c: char| ident(c) || c == '>'),
            None => true,
        };
        if starts_path && after.starts_with("::") {
            return true;
        }
    }
    false
}

/// Whether a binary's `main.rs` stands alone, so that it is its own bundle: it declares no
/// module in another file (`mod name;`), names no crate (`extern crate`), includes no file
/// (`include!`, `include_str!`, `include_bytes!`) and moves no module (`#[path]`). Comments
/// do not count; a word in a string literal does, which only ever sends a file to
/// cargo-equip.
pub fn stands_alone(main: &str) -> bool {
    let code = without_comments(main);
    // Words and semicolons, in order: `mod grid;` is `mod`, `grid`, `;`.
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ';'))
        .flat_map(|w| w.split_inclusive(';'))
        .flat_map(|w| match w.strip_suffix(';') {
            Some(word) => vec![word, ";"],
            None => vec![w],
        })
        .filter(|w| !w.is_empty())
        .collect();
    let includes = |w: &&str| matches!(*w, "include" | "include_str" | "include_bytes");
    let reaches = |pair: &[&str]| {
        matches!(pair, ["extern", "crate", _]) || (pair[0] == "mod" && pair[2] == ";")
    };
    let moved = code
        .split("#[")
        .skip(1)
        .any(|a| a.trim_start().starts_with("path"));
    !(moved || words.iter().any(includes) || words.windows(3).any(reaches))
}

/// Every `.rs` file below `dir`, except under `bin/` (the test kit): the submission's own
/// sources, appended to `found`.
pub fn submission_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().map_or(true, |n| n != "bin") {
                submission_files(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Appends every submission source below `dir` ([`submission_files`]) to `text`, without
/// its comments and unbundled items.
fn collect_sources(dir: &Path, text: &mut String) {
    let mut files = Vec::new();
    submission_files(dir, &mut files);
    for path in files {
        let source = fs::read_to_string(&path).unwrap_or_default();
        text.push_str(&without_unbundled(&without_comments(&source)));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_main_stands_alone_unless_it_reaches_for_other_files() {
        let alone = "use std::io::Read;\n// mod comment;\nmod inline { pub fn f() {} }\n\
                     fn main() { let modulus = 3; let s = \"x\"; inline::f(); }\n";
        assert!(stands_alone(alone));
        for reaching in [
            "mod grid;\nfn main() {}\n",
            "pub mod grid ;\nfn main() {}\n",
            "extern crate fastio;\nfn main() {}\n",
            "fn main() { let t = include_str!(\"x.txt\"); }\n",
            "#[path = \"a.rs\"]\nmod a { }\nfn main() {}\n",
        ] {
            assert!(!stands_alone(reaching), "{}", reaching);
        }
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
    fn a_crate_is_named_by_a_path_that_starts_with_it() {
        for (code, named) in [
            ("use string::suffix_array;", true),
            ("let sa = string::suffix_array(s);", true),
            ("let sa = ::string::suffix_array(s);", true),
            ("use {dsu::Dsu, string::lcp_array};", true),
            ("extern crate string;", true),
            ("use string as s;", true),
            ("use std::string::String;", false),
            ("let s: std :: string :: String = x;", false),
            ("let s = <T as string::X>::f();", true),
            ("let strings = 1; let string = 2;", false),
            ("let x = mystring::f();", false),
            ("let x = string_view::f();", false),
        ] {
            assert_eq!(names_crate(code, "string"), named, "{}", code);
        }
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
}
