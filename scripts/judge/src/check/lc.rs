//! The Library Checker's own checker for a problem with `library-checker` metadata: its
//! checkout's `checker.cpp`, compiled against the checkout's `common/testlib.h`.

use crate::build::cpp;
use crate::error::{Error, Result};
use crate::workspace::library_checker::Checkout;
use crate::workspace::problem::Problem;
use std::path::{Path, PathBuf};

/// The checker binary for `problem`, when it has `library-checker` metadata and `checkout`
/// is there; `Ok(None)` for a problem without the metadata. Without a checkout, or without a
/// C++ compiler, `Ok(None)` too, after `said` (printed once per check, one line) says that
/// the problem is compared by its own `compare` and how to give the checker. A checker the
/// compiler rejects is an error: it would judge nothing.
pub fn checker(
    root: &Path,
    problem: &Problem,
    checkout: Option<&Checkout>,
    said: &mut bool,
) -> Result<Option<PathBuf>> {
    let Some(key) = &problem.library_checker else {
        return Ok(None);
    };
    let mut say = |why: String| {
        if !std::mem::replace(said, true) {
            println!("{}", why);
        }
    };
    let Some(checkout) = checkout else {
        say(
            "library-checker: LC's checker is not available (no checkout recorded in \
             target/library-checker, or it is gone): these problems are compared by their own \
             `compare`; give it with LC=<checkout of yosupo06/library-checker-problems>"
                .to_string(),
        );
        return Ok(None);
    };
    let lc = checkout.problem(key)?;
    match cpp::compile(&lc.checker(), &[checkout.common()], &cpp::cache_dir(root)) {
        Ok(binary) => Ok(Some(binary)),
        Err(Error::NoCompiler(why)) => {
            say(format!(
                "library-checker: LC's checker is not available ({}): these problems are \
                 compared by their own `compare`",
                why
            ));
            Ok(None)
        }
        Err(e) => Err(e.context(format!("{}'s checker {}", key, lc.checker().display()))),
    }
}
