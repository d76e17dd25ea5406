//! The Library Checker's own checker and validator for a problem with `library-checker`
//! metadata: its checkout's `checker.cpp` and `verifier.cpp`, compiled against the
//! checkout's `common/testlib.h`, in testlib's contract.

use crate::build::cpp;
use crate::error::{Error, Result};
use crate::judging::checker::{Contract, Program};
use crate::workspace::library_checker::Checkout;
use crate::workspace::problem::Problem;
use std::path::Path;

/// A Library Checker problem's testlib programs, compiled.
#[derive(Clone, Debug)]
pub struct LcPrograms {
    /// `checker.cpp`: judges every output (testlib: 0 OK, 1 WA, 2 PE, 3 FAIL).
    pub checker: Program,
    /// `verifier.cpp`: the input validator (exit 0: a valid input).
    pub validator: Program,
}

/// The checker and validator for `problem`, when it has `library-checker` metadata and
/// `checkout` is there; `Ok(None)` for a problem without the metadata. Without a checkout, or
/// without a C++ compiler, `Ok(None)` too, after `said` (printed once per check, one line)
/// says that such problems are compared by their own `compare` and how to give the checker.
/// A source the compiler rejects is an error: it would judge nothing. Cost: two C++ compiles
/// the first time (kept in `target/cpp`), then a compiler `--version` each.
pub fn programs(
    root: &Path,
    problem: &Problem,
    checkout: Option<&Checkout>,
    said: &mut bool,
) -> Result<Option<LcPrograms>> {
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
    let include = [checkout.common()];
    let compile = |source: &Path, file: &str| -> Result<Program> {
        let binary = cpp::compile(source, &include, &cpp::cache_dir(root))?;
        Ok(Program {
            binary,
            source: format!("LC {}/{}", key, file),
            contract: Contract::Testlib,
        })
    };
    let both = compile(&lc.checker(), "checker.cpp")
        .and_then(|checker| Ok((checker, compile(&lc.verifier(), "verifier.cpp")?)));
    match both {
        Ok((checker, validator)) => Ok(Some(LcPrograms { checker, validator })),
        Err(Error::NoCompiler(why)) => {
            say(format!(
                "library-checker: LC's checker is not available ({}): these problems are \
                 compared by their own `compare`",
                why
            ));
            Ok(None)
        }
        Err(e) => Err(e.context(format!(
            "{} in the checkout {}",
            key,
            checkout.root.display()
        ))),
    }
}
