//! The compiles a problem's bundle needs, and which of them runs each case.

use crate::build::compile::{profile_args, with_overflow_checks};
use crate::build::judge_rustc::{Compilers, JudgeRustc};
use crate::build::toolchain::Rustc;
use crate::workspace::judges::{Judge, Profile};
use crate::workspace::problem::Problem;
use crate::workspace::samples::Case;
use std::path::PathBuf;

/// One compile of a bundle: a compiler, its flags, and who needs exactly this compile.
pub struct Build {
    pub rustc: Rustc,
    pub args: Vec<String>,
    /// `luogu`, `codeforces 2024`, `old compiler`: the judges (and profiles) it stands for.
    pub users: Vec<String>,
    /// The profiles it compiles for (none for the old-compiler guard).
    pub profiles: Vec<&'static Profile>,
    /// Whether a CE here fails the check: the first profile of a judge (what the file is
    /// submitted as), every profile of a judge whose compiler is unknown, and the guard. A
    /// judge's other profiles are its older language options, shown.
    pub required: bool,
    /// Why its compiler is not the judge's own, when it stands in for it.
    pub stand_in: Option<String>,
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

    /// Its overflow-checking twin, for `DEBUG=1`: the same compiler and flags with
    /// [`crate::build::compile::OVERFLOW_CHECKS`], marked as a stand-in (`?`: what runs the
    /// cases is not the judge's build). Not compiled yet.
    pub fn with_overflow_checks(&self) -> Build {
        let why = "overflow checks and debug assertions on: the cases run from this build";
        Build {
            rustc: self.rustc.clone(),
            args: with_overflow_checks(&self.args),
            users: self.users.clone(),
            profiles: self.profiles.clone(),
            required: true,
            stand_in: Some(match &self.stand_in {
                Some(already) => format!("{}; {}", already, why),
                None => why.to_string(),
            }),
            binary: None,
        }
    }
}

/// Whether a profile's compiler is unknown: a stand-in command, or no version.
fn unknown(judge: &Judge, profile: &Profile) -> bool {
    !judge.command_known || profile.rustc == "unknown"
}

/// Whether the problem needs the old-compiler guard: some judge it lists (the generic one
/// when none takes Rust) compiles with an unknown compiler.
pub fn needs_guard(problem: &Problem) -> bool {
    let mut listings = problem.rust_listings().peekable();
    listings.peek().is_none() || listings.any(|l| l.profiles.iter().any(|p| unknown(l.judge, p)))
}

/// The compiler of a profile: the judge's own version ([`Compilers::for_version`]), or the
/// local rustc where it is unknown.
fn compiler_of(compilers: &mut Compilers, judge: &Judge, profile: &Profile) -> JudgeRustc {
    if unknown(judge, profile) {
        return JudgeRustc {
            rustc: compilers.current.clone(),
            stand_in: None,
        };
    }
    compilers.for_version(profile.rustc, &format!("{} {}", judge.name, profile.key))
}

/// The compiles a problem's bundle needs: every profile of every listed judge that takes
/// Rust (the generic judge's when none does), each with its judge's compiler, identical ones
/// once, and, where a judge's compiler is unknown, one with the old compiler `guard`. Only
/// the profiles that run cases (the default one, and each listed judge's first, for its
/// `<judge>-N` cases) are compiled to a binary; the others are compiled with
/// `--emit=metadata`: every error and warning of their compiler, edition and flags, without
/// the code generation (PROTOCOL.md, "How the check compiles").
pub fn plan(problem: &Problem, compilers: &mut Compilers, guard: Option<&Rustc>) -> Vec<Build> {
    let mut builds: Vec<Build> = Vec::new();
    let mut add = |c: JudgeRustc,
                   args: Vec<String>,
                   user: String,
                   profile: Option<&'static Profile>,
                   required: bool| {
        match builds
            .iter_mut()
            .find(|b| b.rustc.program == c.rustc.program && b.args == args)
        {
            Some(b) => {
                b.users.push(user);
                b.profiles.extend(profile);
                b.required |= required;
            }
            None => builds.push(Build {
                rustc: c.rustc,
                args,
                users: vec![user],
                profiles: profile.into_iter().collect(),
                required,
                stand_in: c.stand_in,
                binary: None,
            }),
        }
    };
    let mut runs: Vec<&'static Profile> = vec![problem.default_profile()];
    for listing in problem.rust_listings() {
        runs.extend(listing.profiles.first().copied());
        for (i, &profile) in listing.profiles.iter().enumerate() {
            let user = if listing.judge.profiles.len() > 1 {
                format!("{} {}", listing.judge.key, profile.key)
            } else {
                listing.judge.key.to_string()
            };
            let required = i == 0 || unknown(listing.judge, profile);
            let c = compiler_of(compilers, listing.judge, profile);
            add(c, profile_args(profile), user, Some(profile), required);
        }
    }
    if problem.rust_listings().next().is_none() {
        let profile = problem.default_profile();
        let c = JudgeRustc {
            rustc: compilers.current.clone(),
            stand_in: None,
        };
        let user = "no listed judge takes Rust: generic".to_string();
        add(c, profile_args(profile), user, Some(profile), true);
    }
    if let Some(old) = guard {
        let args = ["-O", "--edition", old.old_compile_edition()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let c = JudgeRustc {
            rustc: old.clone(),
            stand_in: None,
        };
        add(c, args, "old compiler".to_string(), None, true);
    }
    for build in &mut builds {
        let runs_cases = build
            .profiles
            .iter()
            .any(|p| runs.iter().any(|r| std::ptr::eq(*p, *r)));
        if !runs_cases {
            build.args.push("--emit=metadata".to_string());
        }
    }
    builds
}

/// The build whose binary runs `case`: the first profile of the case's judge (of the
/// problem's default profile for `N.in`).
pub fn build_for<'a>(builds: &'a [Build], problem: &Problem, case: &Case) -> Option<&'a Build> {
    let profile = match &case.judge {
        Some(key) => *problem
            .rust_listings()
            .find(|l| l.judge.key == key)?
            .profiles
            .first()?,
        None => problem.default_profile(),
    };
    builds.iter().find(|b| {
        !b.args.iter().any(|a| a == "--emit=metadata")
            && b.profiles.iter().any(|p| std::ptr::eq(*p, profile))
    })
}
