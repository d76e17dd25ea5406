//! A guess at a problem's next bundle, compiled while cargo-equip makes the real one.
//!
//! cargo-equip writes the problem's `main.rs` first, as written but for a line or two of its
//! own, and the libraries after it. After an edit of `main.rs` alone, the next bundle is the
//! last one with the edited lines replaced. The check compiles that guess beside
//! cargo-equip's run, through the compile cache, in a folder of its own laid out as the
//! workspace is (`target/submit/<name>.rs`), so that the same text makes the same cache
//! entry, binary and messages. When cargo-equip's bundle is the guess byte for byte, its
//! compile is already under way; otherwise the guess's compile is killed and forgotten.
//! Nothing judged ever comes from a guess that is not the bundle.

use crate::build::compile::{
    cache_dir, compile_cached_or_cancel, left_by_a_killed_process, private_dir, Cancel, Compiled,
};
use crate::build::toolchain::Rustc;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

/// Where the `main.rs` each bundle was made from is kept (`<name>.main.rs`), and the
/// guesses' folders.
fn dir(root: &Path) -> PathBuf {
    root.join("target/speculate")
}

/// What cargo-equip writes between the crate's own code and the libraries.
const LIBRARIES_FOLLOW: &str = "\n// The following code was expanded by `cargo-equip`.\n";

/// How many lines around an edit must be found as they are in the last bundle.
const CONTEXT_LINES: usize = 2;

/// Keeps `main`, the text of `src/main.rs` that cargo-equip just bundled for problem
/// `name`, for the next check's guess. A failure only costs the next guess.
pub fn record(root: &Path, name: &str, main: &[u8]) {
    let dir = dir(root);
    let _ = fs::create_dir_all(&dir)
        .and_then(|()| fs::write(dir.join(format!("{}.main.rs", name)), main));
}

/// The guess at problem `name`'s next bundle: `None` when there is nothing to go on (no
/// bundle by cargo-equip yet), when `src/main.rs` is as it was bundled, or when the edit
/// cannot be placed in the last bundle ([`splice`]).
pub fn guess(root: &Path, name: &str, main: &Path) -> Option<Vec<u8>> {
    let old_main = fs::read(dir(root).join(format!("{}.main.rs", name))).ok()?;
    let new_main = fs::read(main).ok()?;
    if old_main == new_main {
        return None;
    }
    let old_bundle = fs::read(root.join("target/submit").join(format!("{}.rs", name))).ok()?;
    splice(&old_main, &new_main, &old_bundle)
}

/// `old_bundle` with the lines where `new_main` differs from `old_main` replaced by
/// `new_main`'s, or `None` unless those lines, with [`CONTEXT_LINES`] on either side, are
/// found exactly once in the bundle's own part (before the libraries). Cost: the texts'
/// lengths, and the bundle's times those lines' length at worst for the search.
fn splice(old_main: &[u8], new_main: &[u8], old_bundle: &[u8]) -> Option<Vec<u8>> {
    let prefix = old_main
        .iter()
        .zip(new_main)
        .take_while(|(a, b)| a == b)
        .count();
    let most = old_main.len().min(new_main.len()) - prefix;
    let suffix = old_main
        .iter()
        .rev()
        .zip(new_main.iter().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    // Whole lines: from the start of the line of the first change, back CONTEXT_LINES, to
    // the end of the line of the last, on CONTEXT_LINES; line starts are byte places both
    // texts share, so both cuts fall between characters.
    let mut start = old_main[..prefix]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    for _ in 0..CONTEXT_LINES {
        start = match start.checked_sub(1) {
            Some(end) => old_main[..end]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1),
            None => 0,
        };
    }
    let mut end = old_main.len() - suffix;
    for _ in 0..=CONTEXT_LINES {
        end = match old_main[end..].iter().position(|&b| b == b'\n') {
            Some(i) => end + i + 1,
            None => old_main.len(),
        };
    }
    // `end` lies in the shared suffix: the same bytes end both texts from there.
    let after = old_main.len() - end;
    let old_part = &old_main[start..end];
    let new_part = &new_main[start..new_main.len() - after];
    let own = find(old_bundle, LIBRARIES_FOLLOW.as_bytes())?;
    let at = find(&old_bundle[..own], old_part)?;
    if find(&old_bundle[at + 1..own], old_part).is_some() {
        return None;
    }
    let mut guess = Vec::with_capacity(old_bundle.len() + new_part.len());
    guess.extend_from_slice(&old_bundle[..at]);
    guess.extend_from_slice(new_part);
    guess.extend_from_slice(&old_bundle[at + old_part.len()..]);
    Some(guess)
}

/// Where `needle` first occurs in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A guess being compiled.
pub struct Speculation {
    text: Vec<u8>,
    folder: PathBuf,
    cancel: Arc<Cancel>,
    compile: JoinHandle<io::Result<Option<Compiled>>>,
}

impl Speculation {
    /// Compiles `text`, the guess at problem `name`'s bundle, with `rustc` and `args` into
    /// the compile cache under `root`, on a thread of its own.
    pub fn start(
        root: &Path,
        name: &str,
        rustc: &Rustc,
        args: &[String],
        text: Vec<u8>,
    ) -> io::Result<Speculation> {
        forget_stale(&dir(root));
        let folder = private_dir(&dir(root).join(name))?;
        let source = folder.join("target/submit").join(format!("{}.rs", name));
        fs::create_dir_all(folder.join("target/submit"))?;
        fs::write(&source, &text)?;
        let cancel = Arc::new(Cancel::default());
        let (rustc, args, cache) = (rustc.clone(), args.to_vec(), cache_dir(root));
        let (stop, here) = (cancel.clone(), folder.clone());
        let compile = thread::spawn(move || {
            compile_cached_or_cancel(&rustc, &args, &here, &source, &cache, Some(&stop))
        });
        Ok(Speculation {
            text,
            folder,
            cancel,
            compile,
        })
    }

    /// Whether the guess is `bundle`, byte for byte.
    pub fn is(&self, bundle: &[u8]) -> bool {
        self.text == bundle
    }

    /// The compile of the guess, waited for; `None` when it could not be made, and the
    /// compile then falls to the check.
    pub fn finish(self) -> Option<Compiled> {
        let compiled = self.compile.join().ok().and_then(Result::ok).flatten();
        let _ = fs::remove_dir_all(&self.folder);
        compiled
    }

    /// Kills the guess's compile and forgets it.
    pub fn abandon(self) {
        self.cancel.cancel();
        let _ = self.compile.join();
        let _ = fs::remove_dir_all(&self.folder);
    }
}

/// Removes the guesses' folders that a killed check left.
fn forget_stale(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if left_by_a_killed_process(&entry) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle_of(main: &str) -> String {
        // cargo-equip's shape: a line of its own after the inner doc, main.rs, the libraries.
        let (doc, rest) = main.split_at(main.find("\n\n").unwrap() + 1);
        format!(
            "{}\npub use __cargo_equip::prelude::*;\n{}{}\nmod __cargo_equip {{ pub fn f() {{}} }}\n",
            doc, rest, LIBRARIES_FOLLOW
        )
    }

    const MAIN: &str = "//! sum\n\nuse scan::input;\n\nfn main() {\n    input! { n: usize }\n    let a = n + 1;\n    println!(\"{}\", a);\n}\n\nfn helper() -> u32 {\n    7\n}\n";

    #[test]
    fn an_edit_of_main_is_placed_in_the_last_bundle() {
        let edits = [
            MAIN.replace("n + 1", "n + 2"),
            MAIN.replace(
                "    let a = n + 1;\n",
                "    let a = n + 1;\n    let b = 3;\n",
            ),
            MAIN.replace("    let a = n + 1;\n", ""),
            format!("{}const E: u32 = 1;\n", MAIN),
            MAIN.replace("    7\n", "    8 // é\n"),
            MAIN.replace("fn main", "fn main2")
                .replace("println", "eprintln"),
        ];
        for new in &edits {
            let guess = splice(MAIN.as_bytes(), new.as_bytes(), bundle_of(MAIN).as_bytes());
            assert_eq!(guess.as_deref(), Some(bundle_of(new).as_bytes()), "{}", new);
        }
    }

    #[test]
    fn an_edit_that_cannot_be_placed_gives_no_guess() {
        // Lines the bundle does not hold as written (cargo-equip reformatted them).
        let bundle =
            bundle_of(MAIN).replace("    let a = n + 1;\n", "    let a =\n        n + 1;\n");
        let new = MAIN.replace("n + 1", "n + 2");
        assert_eq!(
            splice(MAIN.as_bytes(), new.as_bytes(), bundle.as_bytes()),
            None
        );
        // The edit beside the line cargo-equip added.
        let new = MAIN.replace("use scan::input;", "use scan::input; // reads");
        assert_eq!(
            splice(MAIN.as_bytes(), new.as_bytes(), bundle_of(MAIN).as_bytes()),
            None
        );
        // No libraries part: not a bundle of cargo-equip's.
        assert_eq!(
            splice(MAIN.as_bytes(), new.as_bytes(), MAIN.as_bytes()),
            None
        );
        // The lines occur twice.
        let twice = format!("{}{}", MAIN, MAIN);
        let new = format!("{}{}", MAIN, MAIN.replace("n + 1", "n + 2"));
        let bundle = bundle_of(&twice);
        assert_eq!(
            splice(twice.as_bytes(), new.as_bytes(), bundle.as_bytes()),
            None
        );
    }
}
