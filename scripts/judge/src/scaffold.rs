//! `make new`: a new problem package and samples folder that build from the first minute.
//!
//! The solution template echoes nothing useful, and the generator, reference and checker stubs
//! fail loudly (exit status 3 with a message) until they are written, so neither `make` nor
//! `make stress` can pass by accident.

use std::fs;
use std::path::Path;

/// Creates `problems/<name>` and `samples/<name>`. Refuses names that are not crate names and
/// problems that exist.
pub fn new_problem(root: &Path, name: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid {
        return Err(format!(
            "`{}` is not a usable problem name: use lowercase letters, digits and _, starting with a letter",
            name
        ));
    }
    let dir = root.join("problems").join(name);
    if dir.exists() {
        return Err(format!("problems/{} already exists", name));
    }
    let files: [(&str, String); 7] = [
        ("Cargo.toml", manifest(name)),
        ("src/lib.rs", LIB.to_string()),
        ("src/main.rs", MAIN.replace("NAME", name)),
        ("src/bin/gen.rs", stub(name, "gen", "print one random valid input for `--seed <n>`")),
        ("src/bin/reference.rs", stub(name, "ref", "solve stdin plainly and print the expected output")),
        ("src/bin/checker.rs", stub(name, "check", "judge <input> <output> <expected>: exit 0 if output is correct, else 1 and a reason")),
        ("tests/kit.rs", KIT_TEST.replace("NAME", name)),
    ];
    for (path, text) in files.iter() {
        let p = dir.join(path);
        fs::create_dir_all(p.parent().unwrap()).map_err(|e| e.to_string())?;
        fs::write(&p, text).map_err(|e| format!("{}: {}", p.display(), e))?;
    }
    let samples = root.join("samples").join(name);
    fs::create_dir_all(&samples).map_err(|e| e.to_string())?;
    fs::write(samples.join("1.in"), "").map_err(|e| e.to_string())?;
    println!("created problems/{0} and samples/{0}:", name);
    println!(
        "  fill in [package.metadata.judge] in problems/{}/Cargo.toml (limits, compare, stress)",
        name
    );
    println!("  write src/lib.rs and src/main.rs; paste the judge's sample into samples/{0}/1.in and 1.out", name);
    println!("  replace the gen/ref/check stubs in src/bin (they fail until written)");
    println!("then: make check P={0}   make stress P={0}", name);
    Ok(())
}

fn manifest(name: &str) -> String {
    format!(
        r#"[package]
name = "{name}"
description = "TODO: one line saying what the problem asks."
version.workspace = true
edition.workspace = true
rust-version.workspace = true
publish.workspace = true

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

[dependencies]
bits = {{ path = "../../shared/bits" }}
fastio = {{ path = "../../shared/fastio" }}

[package.metadata.judge]
compare = "lines"             # or "checker" when any valid answer is accepted
stress = [["--size", "small"]]

# Where the statement can be submitted, the origin first (keys: scripts/judge/src/judges.rs).
[[package.metadata.judge.judges]]
judge = "generic"
problem = "TODO"
url = "TODO"
time-limit-ms = 1000
memory-limit-mib = 256
"#,
        name = name
    )
}

const LIB: &str = r#"//! TODO: one line saying what this solver does.

/// Solves one input. TODO: the real types and search.
pub fn solve(input: &[i64]) -> i64 {
    input.iter().sum()
}
"#;

const MAIN: &str = r#"//! NAME: the submission. Parse -> solve -> print.

use fastio::{Reader, Writer};

fn main() {
    let mut input = match Reader::from_stdin() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot read stdin: {}", e);
            std::process::exit(2);
        }
    };
    let mut numbers = Vec::new();
    while let Some(token) = input.token() {
        match fastio::parse_int(token) {
            Some(v) => numbers.push(v),
            None => {
                let shown = fastio::shorten(token);
                eprintln!("line {}: expected a number, found `{}`", input.line(), shown);
                std::process::exit(2);
            }
        }
    }
    let mut out = Writer::new();
    out.int(NAME::solve(&numbers));
    out.byte(b'\n');
}
"#;

fn stub(name: &str, role: &str, job: &str) -> String {
    format!(
        r#"//! {name}-{role}: TODO: {job}.

fn main() {{
    eprintln!("{name}-{role} is not written yet: {job} (problems/{name}/src/bin)");
    std::process::exit(3);
}}
"#,
        name = name,
        role = role,
        job = job
    )
}

const KIT_TEST: &str = r#"//! The test kit must exist before the solver can be trusted: this fails until it does.

use std::process::Command;

#[test]
fn generator_is_written() {
    let out = Command::new(env!("CARGO_BIN_EXE_NAME-gen"))
        .args(["--seed", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!out.stdout.is_empty());
}
"#;
