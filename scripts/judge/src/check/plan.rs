//! The compiles a problem's bundle needs, and which of them runs each case.

use crate::build::compile::profile_args;
use crate::build::toolchain::Rustc;
use crate::workspace::problem::Problem;
use crate::workspace::samples::Case;
use std::path::PathBuf;

/// One compile of a bundle: a compiler, its flags, and who needs exactly this compile.
pub struct Build {
    pub rustc: Rustc,
    pub args: Vec<String>,
    /// `luogu`, `codeforces 2024`, `old compiler`: the judges (and profiles) it stands for.
    pub users: Vec<String>,
    /// The binary, once compiled to one (warnings or not); never for `--emit=metadata`.
    pub binary: Option<PathBuf>,
}

impl Build {
    /// `rustc 1.95.0 -C opt-level=2 --edition 2024 (luogu)`.
    pub fn label(&self) -> String {
        format!(
            "{} {} ({})",
            self.rustc.label(),
            self.args.join(" "),
            self.users.join(", ")
        )
    }
}

/// The compiles a problem's bundle needs: every profile of every listed judge that takes
/// Rust (the generic judge's when none does) with the local rustc, identical ones once, and
/// one with the old compiler. Only the profiles that run cases (the default one, and each
/// listed judge's first, for its `<judge>-N` cases) are compiled to a binary; the others
/// are compiled with `--emit=metadata`: every error and warning of their compiler, edition
/// and flags, without the code generation the running compile already does for the same
/// source (PROTOCOL.md, "How the check compiles").
pub fn plan(problem: &Problem, current: &Rustc, old: Option<&Rustc>) -> Vec<Build> {
    let mut builds: Vec<Build> = Vec::new();
    let mut add = |rustc: &Rustc, args: Vec<String>, user: String| match builds
        .iter_mut()
        .find(|b| b.rustc.program == rustc.program && b.args == args)
    {
        Some(b) => b.users.push(user),
        None => builds.push(Build {
            rustc: rustc.clone(),
            args,
            users: vec![user],
            binary: None,
        }),
    };
    let mut any = false;
    for listing in problem.rust_listings() {
        for profile in &listing.profiles {
            let user = if listing.judge.profiles.len() > 1 {
                format!("{} {}", listing.judge.key, profile.key)
            } else {
                listing.judge.key.to_string()
            };
            add(current, profile_args(profile), user);
            any = true;
        }
    }
    if !any {
        let profile = problem.default_profile();
        add(
            current,
            profile_args(profile),
            "no listed judge takes Rust: generic".to_string(),
        );
    }
    if let Some(old) = old {
        let args = ["-O", "--edition", old.old_compile_edition()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        add(old, args, "old compiler".to_string());
    }
    let runs: Vec<Vec<String>> = std::iter::once(problem.default_profile())
        .chain(
            problem
                .rust_listings()
                .filter_map(|l| l.profiles.first().copied()),
        )
        .map(profile_args)
        .collect();
    for build in &mut builds {
        if build.rustc.program != current.program || !runs.contains(&build.args) {
            build.args.push("--emit=metadata".to_string());
        }
    }
    builds
}

/// The build whose binary runs `case`: the first profile of the case's judge (of the
/// problem's default profile for `N.in`), compiled by the local rustc.
pub fn build_for<'a>(
    builds: &'a [Build],
    problem: &Problem,
    case: &Case,
    current: &Rustc,
) -> Option<&'a Build> {
    let profile = match &case.judge {
        Some(key) => *problem
            .rust_listings()
            .find(|l| l.judge.key == key)?
            .profiles
            .first()?,
        None => problem.default_profile(),
    };
    let args = profile_args(profile);
    builds
        .iter()
        .find(|b| b.rustc.program == current.program && b.args == args)
}
