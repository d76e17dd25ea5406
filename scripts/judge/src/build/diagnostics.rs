//! What rustc and cargo-equip said, made fit for one row: the first error or warning with
//! its location, and no path of this machine.

use std::path::Path;

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

/// The first error of a rustc log with its location line, on one line.
pub fn first_compiler_error(log: &str) -> String {
    first_diagnostic(log, "error")
        .unwrap_or_else(|| log.lines().next().unwrap_or("rustc failed").to_string())
}

/// The first diagnostic of `kind` (`error`, `warning`) in a rustc log with its location, on
/// one line. The closing counts (`warning: 3 warnings emitted`) are not diagnostics.
pub fn first_diagnostic(log: &str, kind: &str) -> Option<String> {
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

/// Lines of a diagnostic's notes kept, at most.
const NOTE_LINES: usize = 16;

/// The body of the first error of a rustc log, after its title and location: the source
/// lines it quotes, its labels (`expected `u32`, found `&str``) and its notes, as rustc
/// printed them, up to [`NOTE_LINES`] lines; empty when there is none.
pub fn first_error_notes(log: &str) -> String {
    let mut lines = log.lines().skip_while(|line| {
        !(line.starts_with("error:") || line.starts_with("error["))
            || line.starts_with("error: aborting")
    });
    if lines.next().is_none() {
        return String::new();
    }
    let body: Vec<&str> = lines
        .take_while(|l| !(l.starts_with("error") || l.starts_with("warning") || l.is_empty()))
        .filter(|l| !l.trim_start().starts_with("-->"))
        .take(NOTE_LINES)
        .collect();
    body.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrubs_the_workspace_path() {
        let text = "//  - `path+file:///home/ann/ws/shared/bits#0.1.0` as\n/home/ann/ws/x";
        let clean = scrub_paths(text, Path::new("/home/ann/ws/"));
        assert_eq!(clean, "//  - `path+file://./shared/bits#0.1.0` as\n./x");
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
    fn the_first_error_s_notes() {
        let log =
            "error[E0308]: mismatched types\n --> m.rs:4:18\n  |\n4 |     let x: u32 = \"a\";\n  \
                   |            ---   ^^^ expected `u32`, found `&str`\n\nerror: aborting\n";
        let notes = first_error_notes(log);
        assert!(notes.starts_with("  |\n4 |     let x"), "{}", notes);
        assert!(notes.ends_with("expected `u32`, found `&str`"), "{}", notes);
        assert_eq!(first_error_notes("warning: x\n"), "");
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
