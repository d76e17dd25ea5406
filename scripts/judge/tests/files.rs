//! File problems: a solution that reads `sort.in` and writes `sort.out` in a folder of its
//! own, planted faults, two checks at once; Competitive Companion's file and regex payloads
//! imported, USACO's "Out of Sorts" with its sample.

mod support;

use std::fs;
use std::thread;
use support::{imported, judge, line, manifest, text, workspace, workspace_like_real};

/// Does what the first word of sort.in says; the answer is the count of the other words.
const PLANTED: &str = r#"use std::io::Write;
fn main() {
    let input = std::fs::read_to_string("sort.in").unwrap();
    let words: Vec<&str> = input.split_whitespace().collect();
    let answer = format!("{}\n", words.len() - 1);
    match words[0] {
        "file" => std::fs::write("sort.out", answer).unwrap(),
        "stdout" => print!("{}", answer),
        "nothing" => {}
        "huge" => {
            let mut f = std::fs::File::create("sort.out").unwrap();
            let chunk = vec![b'7'; 1 << 16];
            loop {
                f.write_all(&chunk).unwrap();
            }
        }
        _ => panic!("no such fault"),
    }
}
"#;

/// A file problem `name`: sort.in -> sort.out, output capped at 1 MiB.
fn file_manifest(name: &str) -> String {
    manifest(name)
        .replacen(
            "[package.metadata.judge]\n",
            "[package.metadata.judge]\ninput-file = \"sort.in\"\noutput-file = \"sort.out\"\n",
            1,
        )
        .replacen(
            "memory-limit-mib = 64\n",
            "memory-limit-mib = 64\noutput-limit-mib = 1\n",
            1,
        )
}

#[test]
fn the_named_output_file_is_judged_and_its_row_names_it() {
    let manifest = file_manifest("usort");
    let root = workspace(
        "files-planted",
        &[
            ("problems/usort/Cargo.toml", &manifest),
            ("problems/usort/src/main.rs", PLANTED),
            ("samples/usort/1.in", "file 3 1 2\n"),
            ("samples/usort/1.out", "3\n"),
            ("samples/usort/2.in", "stdout 3 1 2\n"),
            ("samples/usort/2.out", "3\n"),
            ("samples/usort/3.in", "nothing 3 1 2\n"),
            ("samples/usort/3.out", "3\n"),
            ("samples/usort/4.in", "huge 1\n"),
            ("samples/usort/4.out", "1\n"),
        ],
    );
    // Two checks of one file problem at once: each in folders of its own.
    let checks: Vec<_> = (0..2)
        .map(|_| {
            let root = root.clone();
            thread::spawn(move || text(&judge(&root, &["check"]).stdout))
        })
        .collect();
    for check in checks {
        let out = check.join().unwrap();
        assert!(line(&out, "usort", "1", "").contains(" AC "), "{}", out);
        let stdout = line(&out, "usort", "2", "WA");
        assert!(
            stdout.contains("wrote nothing to sort.out (it printed 2 bytes to stdout)"),
            "{}",
            stdout
        );
        let nothing = line(&out, "usort", "3", "WA");
        assert!(
            nothing.ends_with("wrote nothing to sort.out"),
            "{}",
            nothing
        );
        let huge = line(&out, "usort", "4", "OLE");
        assert!(
            huge.contains("sort.out reached the 1 MiB output cap"),
            "{}",
            huge
        );
    }
    // Nothing of the runs is left beside the problem.
    assert!(!root.join("problems/usort/sort.out").exists());
    assert!(!root.join("sort.out").exists());
}

#[test]
fn companions_file_and_regex_payloads_import() {
    let root = workspace_like_real("files-import");
    for payload in [
        "codeforces/contest/statements-in-pdf.json",
        "codeforces/problem/file-input-output.json",
        "codeforces/problem/gym.json",
        "infoarena/problem/multiple-examples.json",
        "infoarena/problem/normal.json",
        "kilonova/problem/file.json",
        "kilonova/problem/multiple-examples.json",
        "nerdarena/problem/multiple-examples.json",
        "nerdarena/problem/normal.json",
        "pbinfo/problem/file.json",
        "pbinfo/problem/multiple-examples.json",
        "pbinfo/problem/new-file.json",
        "pbinfo/problem/new-multiple-examples.json",
        "robocontest/contest/normal.json",
        "robocontest/problem/normal.json",
        "robocontest/problem/olympiad.json",
        "usaco/problem/multiple-sample-cases.json",
        "virtual-judge/problem/codeforces-file-input-output.json",
    ] {
        let names = imported(&root, payload);
        assert!(!names.is_empty(), "{}", payload);
        // Gym 100524's problem I is the one of its contest on stdin and stdout.
        for name in names.into_iter().filter(|n| n != "cfgym100524i") {
            let manifest =
                fs::read_to_string(root.join("problems").join(&name).join("Cargo.toml")).unwrap();
            assert!(manifest.contains("input-file = \""), "{}", manifest);
        }
    }
    // Meta Hacker Cup's regex input: an ordinary stdin/stdout problem.
    for name in imported(&root, "meta-coding-competitions/problem/normal.json") {
        let manifest =
            fs::read_to_string(root.join("problems").join(&name).join("Cargo.toml")).unwrap();
        assert!(!manifest.contains("-file = "), "{}", manifest);
    }
}

#[test]
fn usacos_out_of_sorts_is_judged_on_sort_out() {
    let root = workspace_like_real("files-usaco");
    let names = imported(&root, "usaco/problem/normal.json");
    assert_eq!(names.len(), 1);
    let name = &names[0];
    let manifest = fs::read_to_string(root.join("problems").join(name).join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("input-file = \"sort.in\"\noutput-file = \"sort.out\"\n"),
        "{}",
        manifest
    );
    assert_eq!(
        fs::read_to_string(root.join("samples").join(name).join("1.out")).unwrap(),
        "12\n"
    );
    // A stand-in for the real solution, right on the sample: the file is what is judged.
    let main = root.join("problems").join(name).join("src/main.rs");
    let writes = |how: &str| {
        let body = format!(
            "fn main() {{\n    let input = std::fs::read_to_string(\"sort.in\").unwrap();\n    \
             assert!(input.starts_with(\"7\\n\"));\n    {}\n}}\n",
            how
        );
        fs::write(&main, body).unwrap();
        text(&judge(&root, &["check", name]).stdout)
    };
    let out = writes("std::fs::write(\"sort.out\", \"12\\n\").unwrap();");
    assert!(line(&out, name, "1", "").contains(" AC "), "{}", out);
    let out = writes("println!(\"12\");");
    let row = line(&out, name, "1", "WA");
    assert!(row.contains("wrote nothing to sort.out"), "{}", row);
}
