//! `make new` and `make receive`: a new problem package in the one skeleton every problem
//! follows (PROTOCOL.md, "The problem skeleton"), building and tested from the first minute.
//!
//! The templates live in `scripts/judge/templates/` (`NAME` stands for the package name):
//! `plain`, the default, is one `main.rs` that reads with `scan::input!` and calls `solve`,
//! using `scan` alone (and through it `fastio`), so the bundle holds the solution and those two
//! crates and nothing else; `grid` is a small, real 9x9 sudoku solver (parse -> plain search ->
//! print) to reshape into a grid problem's own. Both come with the optional test kit: generator,
//! reference, checker and validator stubs that exit 3 "not written yet", `rng` and `testkit` among the
//! dependencies for them (the bundle leaves out every crate the submission does not name), and
//! tests that ask only what the judge asks: `tests/cli.rs` judges the samples, `tests/kit.rs`
//! skips what is not written. So `make test` passes as soon as `main.rs` is right, however it
//! is written.

use crate::error::Error;
use crate::workspace::atomic;
use std::fs;
use std::path::Path;

/// The judge facts a new package's `[package.metadata.judge]` starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// The problem's title, for the package description (any Unicode; never a path).
    pub description: String,
    pub judge: String,
    pub problem: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    /// `<category>/<id>` of a Library Checker problem (`library-checker` metadata).
    pub library_checker: Option<String>,
}

impl Facts {
    /// Placeholders for `make new`: they load, and say what to fill in.
    pub fn placeholder() -> Facts {
        Facts {
            description: "TODO: one line saying what the problem asks.".to_string(),
            judge: crate::workspace::judges::GENERIC.to_string(),
            problem: "TODO".to_string(),
            url: "TODO".to_string(),
            time_limit_ms: 1000,
            memory_limit_mib: 256,
            library_checker: None,
        }
    }
}

/// A package template: the files `make new` writes besides the manifest and the kit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    /// Any problem: `main.rs` reads with `scan::input!`, calls `solve`, prints.
    Plain,
    /// A grid puzzle: a complete 9x9 sudoku solver in `grid.rs`, `parse.rs`, `solver.rs`.
    Grid,
    /// An interactive problem: the solution and `src/bin/interactor.rs`, "guess the number".
    Interactive,
}

impl Template {
    /// Every template, the default first.
    pub const ALL: [Template; 3] = [Template::Plain, Template::Grid, Template::Interactive];

    /// The name `make new TEMPLATE=<name>` takes.
    pub fn name(self) -> &'static str {
        match self {
            Template::Plain => "plain",
            Template::Grid => "grid",
            Template::Interactive => "interactive",
        }
    }

    /// The template called `name`; an error lists the templates there are.
    pub fn by_name(name: &str) -> crate::error::Result<Template> {
        Template::ALL
            .iter()
            .copied()
            .find(|t| t.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Template::ALL.iter().map(|t| t.name()).collect();
                Error::Usage(format!(
                    "unknown template `{}`; the templates are: {}",
                    name,
                    names.join(", ")
                ))
            })
    }

    /// The template's own files: (path inside `problems/<name>`, text with `NAME`).
    fn files(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Template::Plain => &[
                (
                    "src/main.rs",
                    include_str!("../../templates/plain/src/main.rs"),
                ),
                (
                    "tests/cli.rs",
                    include_str!("../../templates/plain/tests/cli.rs"),
                ),
            ],
            Template::Grid => &[
                (
                    "src/lib.rs",
                    include_str!("../../templates/grid/src/lib.rs"),
                ),
                (
                    "src/main.rs",
                    include_str!("../../templates/grid/src/main.rs"),
                ),
                (
                    "src/grid.rs",
                    include_str!("../../templates/grid/src/grid.rs"),
                ),
                (
                    "src/parse.rs",
                    include_str!("../../templates/grid/src/parse.rs"),
                ),
                (
                    "src/solver.rs",
                    include_str!("../../templates/grid/src/solver.rs"),
                ),
                (
                    "tests/cli.rs",
                    include_str!("../../templates/grid/tests/cli.rs"),
                ),
            ],
            Template::Interactive => crate::workspace::io::INTERACTIVE_TEMPLATE,
        }
    }

    /// The shared crates the template's code uses, as `[dependencies]` names.
    fn dependencies(self) -> &'static [&'static str] {
        match self {
            Template::Plain => &["scan"],
            Template::Grid => &["bits", "fastio", "lines", "sudoku"],
            Template::Interactive => &["scan"],
        }
    }
}

/// The shared crates every package has for its test kit (`src/bin`, `tests`): seeded random
/// numbers and the generator's command line. Never bundled: the bundler leaves out each
/// dependency the submission's code does not name (`build::scan::unused_dependencies`).
const KIT_DEPENDENCIES: &[&str] = &["rng", "testkit"];

/// The algorithm library (README, "The library"): every package has each module at hand, and
/// the bundle holds only those `src/main.rs` names (`use dsu::Dsu;`) and what they need.
pub const LIBRARY: &[&str] = &[
    "bigstack",
    "convolution",
    "dsu",
    "fenwicktree",
    "hld",
    "lazysegtree",
    "lca",
    "lichao",
    "math",
    "maxflow",
    "mincostflow",
    "modint",
    "primes",
    "scc",
    "segtree",
    "sieve",
    "sparsetable",
    "string",
    "twosat",
];

/// Shared crates no package names directly: what library modules build on.
#[cfg(test)]
const LIBRARY_INTERNALS: &[&str] = &["internal_math", "monoid"];

/// The test kit every template gets: what its stubs share, and its test.
const KIT: &[(&str, &str)] = &[
    (
        "src/bin/kit/mod.rs",
        include_str!("../../templates/kit/src/bin/kit/mod.rs"),
    ),
    (
        "tests/kit.rs",
        include_str!("../../templates/kit/tests/kit.rs"),
    ),
];

/// `make new`: creates `problems/<name>` from `template` with placeholder facts and
/// `samples/<name>/1.in` (empty, to fill in with its `1.out`).
pub fn new_problem(root: &Path, name: &str, template: Template) -> crate::error::Result<()> {
    crate::workspace::names::check(root, name)?;
    let samples = root.join("samples").join(name);
    crate::workspace::samples::folder_inside(root, &samples)?;
    create_from(root, name, &Facts::placeholder(), template)?;
    fs::create_dir_all(&samples).map_err(|e| Error::io(&samples, e))?;
    let first = samples.join("1.in");
    let case = crate::workspace::io::first_case(template == Template::Interactive);
    match atomic::write_new(&first, case) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(Error::io(&first, e)),
        _ => Ok(()),
    }
}

/// Creates `problems/<name>` from the default template ([`Template::Plain`]) with `facts`:
/// what `make receive` and `make import` make. See [`create_from`].
pub fn create(root: &Path, name: &str, facts: &Facts) -> crate::error::Result<()> {
    create_from(root, name, facts, Template::Plain)
}

/// Creates `problems/<name>` from `template` with `facts`. See [`create_edited`].
pub fn create_from(
    root: &Path,
    name: &str,
    facts: &Facts,
    template: Template,
) -> crate::error::Result<()> {
    create_edited(root, name, facts, template, &|manifest| {
        manifest.to_string()
    })
}

/// Creates `problems/<name>` from `template` with `facts`, its manifest as `edit` makes it
/// from the template's. Refuses a name that is not [`crate::workspace::names::well_formed`]
/// (the caller runs [`crate::workspace::names::check`]) and a problem that exists. The
/// package is made in a staging folder and put in place in one rename
/// ([`atomic::place_folder`]): `problems/<name>` is whole or absent, even when the tool is
/// killed on the way; on a failed write nothing is left.
pub fn create_edited(
    root: &Path,
    name: &str,
    facts: &Facts,
    template: Template,
    edit: &dyn Fn(&str) -> String,
) -> crate::error::Result<()> {
    if !crate::workspace::names::well_formed(name) {
        return Err(Error::Refused(format!(
            "`{}` is not a usable problem name",
            name.escape_default()
        )));
    }
    let dir = root.join("problems").join(name);
    if dir.exists() {
        return Err(Error::Refused(format!("problems/{} already exists", name)));
    }
    let mut files = skeleton(name, facts, template);
    files[0].1 = edit(&files[0].1);
    let staged = atomic::staging_folder(root, name).map_err(|e| Error::io(root, e))?;
    let written = files
        .iter()
        .try_for_each(|(path, text)| {
            let p = staged.join(path);
            fs::create_dir_all(p.parent().expect("a file in the package"))
                .and_then(|_| atomic::write_atomic(&p, text))
                .map_err(|e| Error::io(&p, e))
        })
        .and_then(|()| {
            fs::create_dir_all(root.join("problems"))
                .and_then(|()| atomic::place_folder(&staged, &dir))
                .map_err(|e| match e.kind() {
                    std::io::ErrorKind::AlreadyExists => {
                        Error::Refused(format!("problems/{} already exists", name))
                    }
                    _ => Error::io(&dir, e),
                })
        });
    let _ = fs::remove_dir_all(&staged);
    written
}

/// The files of a new package: (path inside `problems/<name>`, text).
fn skeleton(name: &str, facts: &Facts, template: Template) -> Vec<(&'static str, String)> {
    let named = |text: &str| text.replace("NAME", name);
    let mut files = vec![("Cargo.toml", manifest(name, facts, template))];
    files.extend(
        template
            .files()
            .iter()
            .chain(KIT)
            .map(|(path, text)| (*path, named(text))),
    );
    files.push((
        "src/bin/gen.rs",
        stub(name, "gen", "print one random valid input for `--seed <n>`"),
    ));
    files.push((
        "src/bin/reference.rs",
        stub(
            name,
            "ref",
            "solve stdin plainly and print the expected output",
        ),
    ));
    files.push((
        "src/bin/validator.rs",
        stub(
            name,
            "validate",
            "read one input on stdin strictly: exit 0 if it is valid, else 1 and a reason",
        ),
    ));
    files.push((
        "src/bin/checker.rs",
        stub(
            name,
            "check",
            "judge <input> <output> <expected>: exit 0 if correct, else 1 and a reason",
        ),
    ));
    files
}

/// `s` as a TOML basic string: quotes and backslashes escaped, control characters (which a
/// basic string cannot hold as they are) made spaces.
fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `[package.metadata.judge]` table of `facts`, with one
/// `[[package.metadata.judge.judges]]` table: the judge the problem came from.
pub fn metadata(facts: &Facts) -> String {
    format!(
        r#"[package.metadata.judge]
# How outputs are compared: "tokens" (whitespace-insensitive), "lines", "float" (numbers
# within float-abs or float-rel, 1e-6 each unless set), "anycase" (tokens, any letter case)
# or "checker" (any valid answer).
compare = "tokens"
{library_checker}# Generator argument sets for `make stress`, used in turn (`--seed <n>` is appended).
stress = [[]]

# Where the statement can be submitted, the origin first (judge keys:
# scripts/judge/src/workspace/judges.rs).
[[package.metadata.judge.judges]]
judge = {judge}
problem = {problem}
url = {url}
time-limit-ms = {time}
memory-limit-mib = {memory}
"#,
        judge = toml_string(&facts.judge),
        problem = toml_string(&facts.problem),
        url = toml_string(&facts.url),
        time = facts.time_limit_ms,
        memory = facts.memory_limit_mib,
        library_checker = facts
            .library_checker
            .as_ref()
            .map_or(String::new(), |key| format!(
            "# The problem's folder in a Library Checker checkout (`make verify`: its tests and \
             checker).\nlibrary-checker = {}\n",
            toml_string(key)
        )),
    )
}

fn manifest(name: &str, facts: &Facts, template: Template) -> String {
    if template == Template::Interactive {
        return crate::workspace::io::interactive_manifest(
            name,
            &manifest_of(name, facts, template),
        );
    }
    manifest_of(name, facts, template)
}

fn manifest_of(name: &str, facts: &Facts, template: Template) -> String {
    let line = |dep: &&str| format!("{0} = {{ path = \"../../shared/{0}\" }}\n", dep);
    let dependencies: String = template.dependencies().iter().map(line).collect();
    let kit: String = KIT_DEPENDENCIES.iter().map(line).collect();
    let library: String = LIBRARY
        .iter()
        .filter(|dep| !template.dependencies().contains(dep))
        .map(line)
        .collect();
    format!(
        r#"[package]
name = "{name}"
description = {description}
version.workspace = true
edition.workspace = true
{rust_version}
publish.workspace = true

{metadata}
[dependencies]
{dependencies}# The library, every module at hand: `use segtree::Segtree;` in src/main.rs is all it takes.
# The bundle holds only the crates src/main.rs names, and what they need.
{library}# For the test kit (src/bin, tests): `rng::Rng::new(seed)`, `testkit::Args` and the rest.
# The bundle holds only the crates src/main.rs names, so these never reach the judge.
{kit}
[[bin]]
name = "{name}"
path = "src/main.rs"

[[bin]]
name = "{name}-gen"
path = "src/bin/gen.rs"

[[bin]]
name = "{name}-ref"
path = "src/bin/reference.rs"

[[bin]]
name = "{name}-check"
path = "src/bin/checker.rs"

[[bin]]
name = "{name}-validate"
path = "src/bin/validator.rs"
"#,
        name = name,
        description = toml_string(&facts.description),
        metadata = metadata(facts),
        library = library,
        rust_version = crate::workspace::version::rust_version_line(&facts.judge),
        dependencies = dependencies,
        kit = kit,
    )
}

fn stub(name: &str, role: &str, job: &str) -> String {
    // The generator's stub shows how it reads its seed: no manifest edit is needed; the
    // validator's, how it reads strictly what that generator prints.
    let how = if role == "validate" {
        r#"//!
//! The kit's `Strict` reader accounts for every byte and rejects with `kit::reject` (exit
//! status 1, the reason on stderr; a panic is the validator's own crash). For example, one
//! line holding `w`, 1 <= w <= 100, as the generator's example prints:
//!
//! ```text
//! let mut input = kit::Strict::stdin();
//! input.int(1, 100, "w");
//! input.eoln();
//! input.eof();
//! ```
"#
        .to_string()
    } else if role == "gen" {
        format!(
            r#"//!
//! `rng` and `testkit` are dependencies already (never bundled). For example:
//!
//! ```text
//! let args = testkit::Args::from_env("{name}-gen", "{name}-gen --seed N", &["--seed"], &[]);
//! let mut rng = rng::Rng::new(args.required("--seed"));
//! let w = rng.between(1, 100);
//! println!("{{}}", w);
//! ```
"#,
            name = name
        )
    } else {
        String::new()
    };
    format!(
        r#"//! {name}-{role}: TODO: {job}.
{how}
mod kit;

/// What this program does once it is written.
const JOB: &str = "{job}";

fn main() {{
    kit::not_written("{name}-{role}", JOB);
}}
"#,
        name = name,
        role = role,
        job = job,
        how = how,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::json::Json;

    /// Every crate in `shared/` is in the library, a template's own, the kit's, or one the
    /// library builds on; and every crate named there exists.
    #[test]
    fn every_shared_crate_has_its_place() {
        let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
        let mut crates: Vec<String> = fs::read_dir(&shared)
            .expect("shared/ is there")
            .flatten()
            .filter(|e| e.path().join("Cargo.toml").is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        crates.sort();
        let mut placed: Vec<&str> = LIBRARY
            .iter()
            .chain(LIBRARY_INTERNALS)
            .chain(KIT_DEPENDENCIES)
            .chain(Template::ALL.iter().flat_map(|t| t.dependencies()))
            .copied()
            .collect();
        placed.sort_unstable();
        placed.dedup();
        assert_eq!(crates, placed);
    }

    /// `make test` runs `cargo fmt --check` over the user's package: every file a template
    /// writes must be formatted already, whatever the name's length.
    #[test]
    fn every_written_file_is_rustfmt_clean_for_any_name() {
        use std::io::Write;
        use std::process::{Command, Stdio};
        for template in Template::ALL {
            for name in ["a", "cf4a", "abc086_a", "a_problem_name_of_thirty_chars"] {
                for (path, text) in skeleton(name, &Facts::placeholder(), template) {
                    if !path.ends_with(".rs") {
                        continue;
                    }
                    let mut fmt = Command::new("rustfmt")
                        .args(["--edition", "2021", "--check"])
                        .stdin(Stdio::piped())
                        .stdout(Stdio::piped())
                        .spawn()
                        .expect("rustfmt runs");
                    fmt.stdin
                        .take()
                        .unwrap()
                        .write_all(text.as_bytes())
                        .unwrap();
                    let out = fmt.wait_with_output().unwrap();
                    // rustfmt's --check on stdin prints the diff but exits 0.
                    assert!(
                        out.status.success() && out.stdout.is_empty(),
                        "{} template, name {}: {} is not rustfmt-clean:\n{}",
                        template.name(),
                        name,
                        path,
                        String::from_utf8_lossy(&out.stdout)
                    );
                }
            }
        }
    }

    #[test]
    fn names_and_toml_strings() {
        assert_eq!(
            toml_string("a \"b\" \\ c\nd 靶"),
            "\"a \\\"b\\\" \\\\ c d 靶\""
        );
    }

    #[test]
    fn the_manifest_loads_with_the_judges_reader() {
        let facts = Facts {
            description: "P1074 [NOIP 2009 提高组] 靶形数独 \"q\"".to_string(),
            judge: "luogu".to_string(),
            problem: "P1074".to_string(),
            url: "https://www.luogu.com.cn/problem/P1074".to_string(),
            time_limit_ms: 2000,
            memory_limit_mib: 128,
            library_checker: None,
        };
        let placeholder = manifest("abc", &Facts::placeholder(), Template::Grid);
        let text = manifest("p1074", &facts, Template::Plain);
        let members = [("p1074", text.as_str()), ("abc", placeholder.as_str())];
        let ws = crate::workspace::metadata::scratch_workspace("scaffold", &members);
        let problems = crate::workspace::problem::select(ws.path(), &[]).unwrap();
        let doc = crate::workspace::metadata::document(ws.path()).unwrap();
        let problem = problems.iter().find(|p| p.name == "p1074").unwrap();
        let origin = &problem.judges[0];
        assert_eq!(
            (origin.judge.key, origin.problem.as_str()),
            ("luogu", "P1074")
        );
        assert_eq!(
            (problem.time_limit_ms, problem.memory_limit_mib),
            (2000, 128)
        );
        let description = doc
            .get("packages")
            .and_then(|p| p.as_array())
            .and_then(|p| {
                p.iter()
                    .find(|p| p.get("name") == Some(&Json::Str("p1074".into())))
            })
            .and_then(|p| p.get("description"))
            .and_then(|d| d.as_str());
        assert_eq!(description, Some("P1074 [NOIP 2009 提高组] 靶形数独 \"q\""));
    }

    #[test]
    fn every_file_of_each_template() {
        let paths = |template| -> Vec<&str> {
            skeleton("x1", &Facts::placeholder(), template)
                .iter()
                .map(|(p, _)| *p)
                .collect()
        };
        let kit = [
            "Cargo.toml",
            "src/main.rs",
            "src/bin/gen.rs",
            "src/bin/reference.rs",
            "src/bin/checker.rs",
            "src/bin/validator.rs",
            "src/bin/kit/mod.rs",
            "tests/cli.rs",
            "tests/kit.rs",
        ];
        let mut plain = paths(Template::Plain);
        plain.sort_unstable();
        let mut wanted = kit.to_vec();
        wanted.sort_unstable();
        assert_eq!(plain, wanted);
        let grid = paths(Template::Grid);
        for wanted in
            kit.iter()
                .chain(&["src/lib.rs", "src/grid.rs", "src/parse.rs", "src/solver.rs"])
        {
            assert!(grid.contains(wanted), "{}", wanted);
        }
    }

    #[test]
    fn the_plain_template_uses_scan_alone_and_no_sudoku() {
        let files = skeleton("cf4a", &Facts::placeholder(), Template::Plain);
        let text = |path: &str| &files.iter().find(|(p, _)| *p == path).unwrap().1;
        let manifest = text("Cargo.toml");
        // scan for main.rs, the library at hand; rng and testkit for the kit. The bundle
        // holds only what main.rs names.
        let dependencies = manifest
            .split("[dependencies]\n")
            .nth(1)
            .and_then(|rest| rest.split("\n[").next())
            .unwrap();
        let names: Vec<&str> = dependencies
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split(" = ").next())
            .collect();
        let expected: Vec<&str> = ["scan"]
            .iter()
            .chain(LIBRARY)
            .chain(KIT_DEPENDENCIES)
            .copied()
            .collect();
        assert_eq!(names, expected, "{}", manifest);
        assert!(!manifest.contains("[dev-dependencies]"), "{}", manifest);
        assert!(manifest.contains("compare = \"tokens\""), "{}", manifest);
        let main = text("src/main.rs");
        assert!(
            main.contains("input!") && main.contains("fn solve("),
            "{}",
            main
        );
        for (path, text) in &files {
            assert!(!text.contains("NAME"), "{}", path);
            assert!(!text.to_lowercase().contains("sudoku"), "{}", path);
        }
        assert!(text("tests/kit.rs").contains("option_env!(\"CARGO_BIN_EXE_cf4a-check\")"));
        // The tests ask only what the judge asks: the samples, however main.rs reads them.
        assert!(text("tests/cli.rs").contains("testkit::check_samples(SOLVER"));
        assert!(text("src/bin/gen.rs").contains("rng::Rng::new(args.required(\"--seed\"))"));
    }

    #[test]
    fn templates_by_name() {
        assert_eq!(Template::by_name("plain").ok(), Some(Template::Plain));
        assert_eq!(Template::by_name("grid").ok(), Some(Template::Grid));
        assert_eq!(
            Template::by_name("sudoku").unwrap_err().to_string(),
            "unknown template `sudoku`; the templates are: plain, grid, interactive"
        );
    }
}
