//! A compile's row of the check: its verdict, what it says, and whether it fails the check.

use crate::build::compile::Compiled;
use crate::build::diagnostics::scrub_paths;
use crate::build::linemap::LineMap;
use crate::check::plan::Build;
use crate::error::CompileError;
use std::path::Path;

/// What a compile row shows and counts.
pub struct CompileRow {
    /// `OK`, `WARN` or `CE`; with `?` when a stand-in compiled it (not the judge's own).
    pub verdict: String,
    pub detail: String,
    /// The first error's notes (`VERBOSE=1` shows them under the row), mapped to the user's
    /// files; empty without an error.
    pub notes: String,
    /// Compiled without error or warning.
    pub clean: bool,
    /// Fails the check: a CE of a compile the check needs, or a warning where the problem
    /// denies them (`deny-warnings`).
    pub fails: bool,
    /// Compiled to a binary.
    pub binary: bool,
}

/// The row of `build`'s compile. Every place in the bundle it names is mapped back to the
/// user's file by `map`; the workspace's path under `root` is dropped.
pub fn compile_row(
    build: &Build,
    compiled: &Compiled,
    deny_warnings: bool,
    map: &LineMap,
    root: &Path,
) -> CompileRow {
    let reused = if compiled.cached { ", reused" } else { "" };
    let shown = |text: &str| map.rewrite(&scrub_paths(text, root));
    let label = format!("{}{}", build.label(), reused);
    let (verdict, message, clean, fails, binary) = match &compiled.result {
        Ok(None) => ("OK", None, true, false, true),
        Ok(Some(warning)) if deny_warnings => (
            "WARN",
            Some(format!("{} (deny-warnings: fails the check)", warning)),
            false,
            true,
            true,
        ),
        Ok(Some(warning)) => ("WARN", Some(warning.clone()), false, false, true),
        Err(CompileError::Rejected(why)) | Err(CompileError::NoRustc(why)) if build.required => {
            ("CE", Some(why.clone()), false, true, false)
        }
        Err(CompileError::Rejected(why)) | Err(CompileError::NoRustc(why)) => (
            "CE",
            Some(format!(
                "{} (an older option of the judge: the file is submitted as its first profile, \
                 so this does not fail the check)",
                why
            )),
            false,
            false,
            false,
        ),
    };
    let mut detail = match message {
        Some(m) => format!("{}: {}", label, shown(&m)),
        None => label,
    };
    let mut verdict = verdict.to_string();
    if let Some(why) = &build.stand_in {
        verdict.push('?');
        detail.push_str(&format!("; ?: {}, not the judge's own verdict", why));
    }
    CompileRow {
        verdict,
        detail,
        notes: shown(&compiled.notes),
        clean,
        fails,
        binary,
    }
}
