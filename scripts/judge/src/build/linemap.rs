//! From a place in the bundle (`target/submit/<name>.rs:7:21`) back to the user's file
//! (`problems/<name>/src/main.rs:5:21`).
//!
//! cargo-equip writes the crate's own `main.rs` first, as written, with a line or two of its
//! own added (`pub use __cargo_equip::prelude::*;`), and the libraries after it, minified.
//! A bundle line is mapped by its text: the source line with the same text (blanks at either
//! end aside) whose neighbours agree best with the bundle's. A line with no such source line
//! (minified library code, cargo-equip's own) keeps the bundle's place.

use crate::build::scan::submission_files;
use std::cmp::Reverse;
use std::fs;
use std::path::Path;

/// The bundle of a problem and its source files, read once.
pub struct LineMap {
    /// `target/submit/<name>.rs`: how messages name the bundle (after some prefix).
    bundle_name: String,
    bundle: Vec<String>,
    /// Each source file by its workspace-relative path, `src/main.rs` first.
    sources: Vec<(String, Vec<String>)>,
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

impl LineMap {
    /// The map of problem `name` (in `problems/<name>` under `root`); empty where the files
    /// cannot be read, so that nothing is mapped.
    pub fn load(root: &Path, name: &str) -> LineMap {
        let bundle_name = format!("target/submit/{}.rs", name);
        let bundle = lines(&fs::read_to_string(root.join(&bundle_name)).unwrap_or_default());
        let dir = Path::new("problems").join(name);
        let mut files = Vec::new();
        submission_files(&root.join(&dir).join("src"), &mut files);
        files.sort();
        let main = root.join(&dir).join("src/main.rs");
        files.sort_by_key(|p| *p != main);
        let sources = files
            .iter()
            .filter_map(|p| {
                let text = fs::read_to_string(p).ok()?;
                let shown = p.strip_prefix(root).unwrap_or(p).display().to_string();
                Some((shown, lines(&text)))
            })
            .collect();
        LineMap {
            bundle_name,
            bundle,
            sources,
        }
    }

    /// The source place of bundle line `line`, column `column` (both from 1). A line whose
    /// text no source line has (one cargo-equip rewrote: `use scan::Scanner;` made a path of
    /// its own) between lines that map to one file with the same offset maps by that offset,
    /// its column kept.
    pub fn locate(&self, line: usize, column: usize) -> Option<(&str, usize, usize)> {
        self.locate_by_text(line, column)
            .or_else(|| self.locate_between(line, column))
    }

    /// [`LineMap::locate`] of a line that no source line matches: by its nearest mapped
    /// neighbours (at most [`NEAR`] lines away), which must agree.
    fn locate_between(&self, line: usize, column: usize) -> Option<(&str, usize, usize)> {
        let near = |step: isize| {
            (1..=NEAR).find_map(|k| {
                let other = line.checked_add_signed(step * k as isize)?;
                let (path, at, _) = self.locate_by_text(other, 1)?;
                // The source line this one would be, by that neighbour's offset.
                let mine = at.checked_add_signed(-step * k as isize)?;
                Some((path, mine))
            })
        };
        let found = match (near(-1), near(1)) {
            (Some(a), Some(b)) if a == b => a,
            (Some(_), Some(_)) => return None,
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => return None,
        };
        let (path, s) = found;
        let (_, src) = self.sources.iter().find(|(p, _)| p == path)?;
        (s >= 1 && s <= src.len() && self.bundle.get(line - 1).is_some())
            .then_some((path, s, column))
    }

    /// The source line whose text is bundle line `line`'s, as [`LineMap::locate`] says.
    fn locate_by_text(&self, line: usize, column: usize) -> Option<(&str, usize, usize)> {
        let b = line.checked_sub(1)?;
        let text = self.bundle.get(b)?.trim();
        if text.is_empty() {
            return None;
        }
        let same = |bi: Option<usize>, src: &[String], si: Option<usize>| match (bi, si) {
            (Some(bi), Some(si)) => match (self.bundle.get(bi), src.get(si)) {
                (Some(x), Some(y)) => x.trim() == y.trim(),
                _ => false,
            },
            _ => false,
        };
        // The same line before one that holds it (cargo-equip may have reformatted the
        // user's line: `if x { panic!() }` split over three), then the most agreeing
        // neighbours, then the nearest line, then `main.rs`.
        type Key = (bool, usize, Reverse<usize>, Reverse<usize>);
        let mut best: Option<(Key, usize, usize)> = None;
        for (f, (_, src)) in self.sources.iter().enumerate() {
            for (s, candidate) in src.iter().enumerate() {
                let whole = candidate.trim() == text;
                if !whole && (text.len() < 4 || !candidate.contains(text)) {
                    continue;
                }
                let score = (1..=3)
                    .map(|k| {
                        usize::from(same(b.checked_sub(k), src, s.checked_sub(k)))
                            + usize::from(same(Some(b + k), src, Some(s + k)))
                    })
                    .sum::<usize>();
                let key = (whole, score, Reverse(b.abs_diff(s)), Reverse(f));
                if best.as_ref().map_or(true, |(k, _, _)| key > *k) {
                    best = Some((key, f, s));
                }
            }
        }
        let (_, f, s) = best?;
        let (path, src) = &self.sources[f];
        let from = self.bundle[b].len() - self.bundle[b].trim_start().len();
        // Where the bundle's text starts in the source line.
        let to = src[s].find(text).unwrap_or(from);
        let column = if column > from {
            column - from + to
        } else {
            column
        };
        Some((path.as_str(), s + 1, column))
    }

    /// `text` with every place in the bundle (`./target/submit/x.rs:7:21`, with any path
    /// before it) replaced by its source place where there is one.
    pub fn rewrite(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(&self.bundle_name) {
            let after = &rest[at + self.bundle_name.len()..];
            let (line, column, used) = place(after);
            // The path's own start: back to a blank, a quote or a bracket.
            let start = rest[..at]
                .rfind(|c: char| c.is_whitespace() || "`'\"([".contains(c))
                .map_or(0, |i| i + 1);
            match line.zip(column).and_then(|(l, c)| self.locate(l, c)) {
                Some((path, l, c)) => {
                    out.push_str(&rest[..start]);
                    out.push_str(&format!("{}:{}:{}", path, l, c));
                    rest = &after[used..];
                }
                None => {
                    out.push_str(&rest[..at + self.bundle_name.len()]);
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// How far [`LineMap::locate`] looks for a mapped neighbour of a line it cannot map by text.
const NEAR: usize = 3;

/// `:LINE:COL` at the start of `s`: the two numbers and the bytes they take.
fn place(s: &str) -> (Option<usize>, Option<usize>, usize) {
    let number = |s: &str| -> Option<(usize, usize)> {
        let s = s.strip_prefix(':')?;
        let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        Some((s[..digits].parse().ok()?, digits + 1))
    };
    match number(s) {
        Some((line, a)) => match number(&s[a..]) {
            Some((column, b)) => (Some(line), Some(column), a + b),
            None => (Some(line), None, a),
        },
        None => (None, None, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(bundle: &str, main: &str) -> LineMap {
        LineMap {
            bundle_name: "target/submit/x.rs".to_string(),
            bundle: lines(bundle),
            sources: vec![("problems/x/src/main.rs".to_string(), lines(main))],
        }
    }

    #[test]
    fn bundle_places_map_back_to_main_rs() {
        let main = "use std::io;\n\nfn main() {\n    let x: u32 = \"a\";\n}\n";
        let bundle = "pub use __cargo_equip::prelude::*;\n\nuse std::io;\n\nfn main() {\n    \
                      let x: u32 = \"a\";\n}\n// The following code was expanded\nmod m{}\n";
        let m = map(bundle, main);
        assert_eq!(m.locate(6, 18), Some(("problems/x/src/main.rs", 4, 18)));
        assert_eq!(m.locate(9, 1), None);
        assert_eq!(
            m.rewrite("error[E0308]: mismatched types (./target/submit/x.rs:6:18)"),
            "error[E0308]: mismatched types (problems/x/src/main.rs:4:18)"
        );
        assert_eq!(
            m.rewrite("panicked at /home/a/ws/target/submit/x.rs:9:1: boom"),
            "panicked at /home/a/ws/target/submit/x.rs:9:1: boom"
        );
        assert_eq!(
            m.rewrite("at target/submit/x.rs:5:1, target/submit/x.rs:6:5"),
            "at problems/x/src/main.rs:3:1, problems/x/src/main.rs:4:5"
        );
    }

    #[test]
    fn a_line_cargo_equip_rewrote_maps_by_its_neighbours() {
        let main = "use scan::Scanner;\nuse std::io;\n\nfn main() {\n    let x = 1;\n}\n";
        let bundle = "pub use __cargo_equip::prelude::*;\n\nuse crate::__cargo_equip::crates::scan::Scanner;\nuse std::io;\n\nfn main() {\n    let x = 1;\n}\n// The following code was expanded\nmod m{}\n";
        let m = map(bundle, main);
        assert_eq!(m.locate(3, 5), Some(("problems/x/src/main.rs", 1, 5)));
        // cargo-equip's own lines before and after the user's: no place of theirs.
        assert_eq!(m.locate(1, 1), None);
        assert_eq!(m.locate(10, 1), None);
    }

    #[test]
    fn repeated_lines_are_told_apart_by_their_neighbours() {
        let main = "fn a() {\n    x();\n}\nfn b() {\n    x();\n}\n";
        let bundle = format!("use p::*;\n{}", main);
        let m = map(&bundle, main);
        assert_eq!(m.locate(3, 5).map(|p| p.1), Some(2));
        assert_eq!(m.locate(6, 5).map(|p| p.1), Some(5));
    }

    #[test]
    fn a_line_cargo_equip_split_maps_into_the_user_s_line() {
        let main = "fn main() {\n    if v.is_empty() { panic!(\"empty\"); }\n}\n";
        let bundle = "fn main() {\n    if v.is_empty() {\n        panic!(\"empty\");\n    }\n}\n";
        let m = map(bundle, main);
        assert_eq!(m.locate(3, 9), Some(("problems/x/src/main.rs", 2, 23)));
    }
}
