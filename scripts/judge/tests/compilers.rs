//! Each judge's own compiler, and messages at the user's line: planted programs compiled
//! by every profile of their judges. These install rustup's 1.89.0, 1.88.0 and 1.70.0 on
//! first use.

mod support;

use std::fs;
use support::{judge_exits, line, workspace, Manifest};

/// A one-binary problem `demo` listed for `judge` (its profiles: `profiles`, all if empty),
/// tokens compared; `extra` goes into `[package.metadata.judge]`.
fn manifest_for(judge: &str, profiles: &str, extra: &str, edition: &str) -> String {
    Manifest {
        edition: edition.to_string(),
        metadata: extra.to_string(),
        judge: judge.to_string(),
        time_ms: 2000,
        memory_mib: 256,
        listing: profiles.to_string(),
        ..Manifest::new("demo")
    }
    .render()
}

/// A workspace with problem `demo`: `main` as its `src/main.rs`, one sample `1 2` -> `3`.
fn planted(name: &str, manifest: &str, main: &str) -> std::path::PathBuf {
    workspace(
        name,
        &[
            ("problems/demo/Cargo.toml", manifest),
            ("problems/demo/src/main.rs", main),
            ("samples/demo/1.in", "1 2\n"),
            ("samples/demo/1.out", "3\n"),
        ],
    )
}

/// Reads two numbers and prints their sum; `$EXTRA` is spliced in before the sum.
const SUM: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    $EXTRA
    println!("{}", v[0] + v[1]);
}
"#;

fn sum_with(extra: &str) -> String {
    SUM.replace("$EXTRA", extra)
}

fn compile_row<'a>(out: &'a str, what: &str) -> &'a str {
    line(out, "demo", "compile", what)
}

#[test]
fn let_else_on_atcoder_passes_with_atcoder_s_compilers() {
    let main = sum_with("let Some(&first) = v.first() else { return };\n    let _ = first;");
    let root = planted(
        "cc-let-else",
        &manifest_for("atcoder", "", "", "2018"),
        &main,
    );
    let out = judge_exits(&root, &["check"], 0);
    assert!(
        compile_row(&out, "(atcoder 2025)").contains(" OK ")
            && compile_row(&out, "(atcoder 2025)").contains("rustc 1.89.0 "),
        "{}",
        out
    );
    assert!(
        compile_row(&out, "(atcoder 2023)").contains("rustc 1.70.0 "),
        "{}",
        out
    );
    // AtCoder's compilers are known: no old-compiler guard.
    assert!(!out.contains("old compiler"), "{}", out);
}

#[test]
fn as_chunks_on_luogu_passes_and_lazylock_is_ce_under_1_70() {
    let main = sum_with("let (pairs, _) = v.as_chunks::<2>();\n    assert_eq!(pairs.len(), 1);");
    let root = planted(
        "cc-as-chunks",
        &manifest_for("luogu", "", "", "2018"),
        &main,
    );
    let out = judge_exits(&root, &["check"], 0);
    let own = compile_row(&out, "(luogu 2024)");
    assert!(
        own.contains(" OK ") && own.contains("rustc 1.88.0 "),
        "{}",
        out
    );
    // Luogu's Rust 2021 (1.76 nightly, a stand-in) lacks it: shown, marked, not failing.
    let old = compile_row(&out, "(luogu 2021)");
    assert!(
        old.contains(" CE? ") && old.contains("does not fail the check"),
        "{}",
        out
    );

    let main = format!(
        "static TEN: std::sync::LazyLock<i64> = std::sync::LazyLock::new(|| 10);\n{}",
        sum_with("assert_eq!(*TEN, 10);")
    );
    let only_2023 = "profiles = [\"2023\"]";
    let root = planted(
        "cc-lazylock",
        &manifest_for("atcoder", only_2023, "", "2018"),
        &main,
    );
    let out = judge_exits(&root, &["check"], 1);
    let row = compile_row(&out, "(atcoder 2023)");
    assert!(
        row.contains(" CE ") && row.contains("rustc 1.70.0 ") && row.contains("lazy_cell"),
        "{}",
        out
    );
}

#[test]
fn an_edition_2024_package_is_one_line_naming_it() {
    let manifest = manifest_for("atcoder", "", "", "2024");
    let root = planted("cc-2024", &manifest, &sum_with(""));
    let out = judge_exits(&root, &["check"], 1);
    let row = line(&out, "demo", "-", " CE ");
    assert!(
        row.contains("edition 2024") && row.contains("cargo-equip") && !out.contains("panic"),
        "{}",
        out
    );
}

#[test]
fn errors_and_panics_name_the_user_s_line() {
    // A syntax error on line 4: rustc's message at the user's line. This `main.rs` stands
    // alone, so it is its own bundle and the judge's compiler reports it (a file that
    // cargo-equip must bundle gets the same line from `cargo check`: below).
    let main = "fn main() {\n    let a = 1;\n    let b = 2;\n    let x = a +;\n    println!(\"{} {}\", b, x);\n}\n";
    let root = planted("cc-lines", &manifest_for("atcoder", "", "", "2018"), main);
    let out = judge_exits(&root, &["check"], 1);
    let row = compile_row(&out, "(atcoder 2025)");
    assert!(
        row.contains("problems/demo/src/main.rs:4:") && row.contains("expected expression"),
        "{}",
        out
    );
    // The same error in a `main.rs` with a module of its own, which cargo-equip bundles:
    // caught before bundling, by `cargo check`, at the same line.
    let with_module = main.replace("fn main() {", "mod helper;\nfn main() {");
    fs::write(root.join("problems/demo/src/main.rs"), &with_module).unwrap();
    fs::write(
        root.join("problems/demo/src/helper.rs"),
        "pub fn one() -> u32 {\n    1\n}\n",
    )
    .unwrap();
    let out = judge_exits(&root, &["check"], 1);
    let row = line(&out, "demo", "-", " CE ");
    assert!(
        row.contains("problems/demo/src/main.rs:5:") && row.contains("expected expression"),
        "{}",
        out
    );
    fs::remove_file(root.join("problems/demo/src/helper.rs")).unwrap();
    // A type error on line 4, found in the bundle, shown at main.rs; VERBOSE adds the notes.
    let main = main.replace("let x = a +;", "let x: u32 = \"four\";");
    fs::write(root.join("problems/demo/src/main.rs"), &main).unwrap();
    let out = judge_exits(&root, &["check", "--verbose", "1"], 1);
    let row = compile_row(&out, "(atcoder 2025)");
    assert!(
        row.contains("error[E0308]: mismatched types (problems/demo/src/main.rs:4:18)"),
        "{}",
        out
    );
    assert!(out.contains("expected `u32`, found `&str`"), "{}", out);
    // A panic on line 4: its place in the RE row; VERBOSE shows its stderr.
    let main = "fn main() {\n    let v: Vec<u8> = Vec::new();\n    eprintln!(\"debug: {}\", v.len());\n    if v.is_empty() { panic!(\"empty\"); }\n}\n";
    fs::write(root.join("problems/demo/src/main.rs"), main).unwrap();
    let out = judge_exits(&root, &["check", "--verbose", "1"], 1);
    let row = line(&out, "demo", "1", " RE ");
    assert!(
        row.contains("(at problems/demo/src/main.rs:4:23)"),
        "{}",
        out
    );
    assert!(out.contains("      debug: 0"), "{}", out);
}

#[test]
fn warnings_fail_only_problems_that_deny_them() {
    let main = sum_with("let unused = 1;");
    let root = planted("cc-warn", &manifest_for("atcoder", "", "", "2018"), &main);
    let out = judge_exits(&root, &["check"], 0);
    assert!(
        compile_row(&out, "(atcoder 2025)").contains(" WARN ")
            && out.contains("unused variable: `unused`"),
        "{}",
        out
    );
    let manifest = manifest_for("atcoder", "", "deny-warnings = true", "2018");
    fs::write(root.join("problems/demo/Cargo.toml"), manifest).unwrap();
    let out = judge_exits(&root, &["check"], 1);
    assert!(
        compile_row(&out, "(atcoder 2025)").contains("deny-warnings: fails the check"),
        "{}",
        out
    );
}
