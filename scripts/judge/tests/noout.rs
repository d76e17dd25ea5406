//! A case without an expected output (NO-OUT) that fails whatever the output says so with the
//! verdict word a judged case gets for the same run: OLE, TLE, MLE, RE.

mod support;

use support::{judge_exits, line, manifest, workspace};

/// Misbehaves as its input says.
const MAIN: &str = r#"use std::io::{Read, Write};
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    if s.contains("loop") { loop { std::hint::spin_loop(); } }
    if s.contains("crash") { panic!("boom"); }
    if s.contains("alloc") {
        // Past any address space: the allocation fails and the run aborts. The pointer is
        // printed so that the allocation is made.
        let v: Vec<u8> = Vec::with_capacity(s.len() << 60);
        println!("{:p}", v.as_ptr());
    }
    if s.contains("hog") {
        let v = vec![1u8; 100 << 20];
        println!("{}", v.iter().map(|&b| b as u64).sum::<u64>());
    }
    if s.contains("flood") {
        let out = std::io::stdout();
        let mut out = out.lock();
        let line = [b'x'; 1024];
        loop { out.write_all(&line).unwrap(); }
    }
    println!("0");
}
"#;

/// The verdict word of `case`'s row, and the row.
fn verdict_of<'a>(out: &'a str, case: &str) -> (&'a str, &'a str) {
    let row = line(out, "demo", case, "");
    (row.split_whitespace().nth(2).unwrap(), row)
}

#[test]
fn no_out_says_the_verdict_a_judged_case_gets() {
    // 300 ms (the endless loops are killed at 450), 64 MiB, and a judge's output limit of
    // 1 MiB.
    let demo = manifest("demo")
        .replace("time-limit-ms = 1000\n", "time-limit-ms = 300\n")
        .replace(
            "memory-limit-mib = 64\n",
            "memory-limit-mib = 64\noutput-limit-mib = 1\n",
        );
    let mut files = vec![
        ("problems/demo/Cargo.toml".to_string(), demo),
        ("problems/demo/src/main.rs".to_string(), MAIN.to_string()),
    ];
    let kinds = ["loop", "crash", "alloc", "hog", "flood"];
    // Case 1..=5 with an expected output, 11..=15 the same inputs without.
    for (i, kind) in kinds.iter().enumerate() {
        for (n, with_out) in [(i + 1, true), (i + 11, false)] {
            files.push((format!("samples/demo/{}.in", n), format!("{}\n", kind)));
            if with_out {
                files.push((format!("samples/demo/{}.out", n), "0\n".to_string()));
            }
        }
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_str()))
        .collect();
    let root = workspace("no-out-verdicts", &files);
    let out = judge_exits(&root, &["check"], 1);
    for (i, (kind, word)) in kinds
        .iter()
        // A failed allocation is RE with the size asked for: memory is judged by the peak.
        .zip(["TLE", "RE", "RE", "MLE", "OLE"])
        .enumerate()
    {
        let (judged, row) = verdict_of(&out, &(i + 1).to_string());
        assert_eq!(judged, word, "{}: {}", kind, row);
        let (unjudged, row) = verdict_of(&out, &(i + 11).to_string());
        assert_eq!(unjudged, "NO-OUT", "{}: {}", kind, row);
        assert!(
            row.contains(&format!("a judge would say {}, ", word)),
            "{}: {}",
            kind,
            row
        );
    }
    for case in ["3", "13"] {
        let row = line(&out, "demo", case, "");
        assert!(
            row.contains("allocation of 6917529027641081856 bytes failed"),
            "{}",
            row
        );
    }
    // The judge's output cap holds for both.
    for case in ["5", "15"] {
        let row = line(&out, "demo", case, "");
        assert!(
            row.contains("stdout reached the 1 MiB output cap"),
            "{}",
            row
        );
    }
}
