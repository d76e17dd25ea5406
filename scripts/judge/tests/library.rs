//! The library at once: a solution that uses every module bundles under Codeforces' source
//! limit (65,536 bytes), compiles clean under every profile and the old compiler, and gives
//! each module's known answers.
//!
//! The solution is `fixtures/every_module.rs`: each module on a small case whose answer is
//! known. It carries no comments, as a pasted solution's count toward the limit.

mod support;

use std::fs;
use support::{fixture, judge, judge_exits, text, workspace_like_real};

/// Codeforces' source limit, the smallest of the judges a solution is pasted into.
const CODEFORCES_SOURCE_LIMIT: u64 = 65_536;

#[test]
fn every_module_at_once_fits_codeforces_source_limit() {
    let root = workspace_like_real("every-module");
    let made = judge(&root, &["new", "all"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    fs::copy(
        fixture("every_module.rs"),
        root.join("problems/all/src/main.rs"),
    )
    .unwrap();
    fs::write(root.join("samples/all/1.in"), "4\n").unwrap();
    // Each module's answer on its small case, worked out by hand.
    let answers = [
        "[1, 4, 10, 20, 25, 24, 16]",
        "true",
        "3",
        "1",
        "12",
        "0",
        "0",
        "24 5 (8, 15) 0",
        "3",
        "(2, 6)",
        "true [2, 2, 2, 3, 3, 5]",
        "[[0], [1]]",
        "5",
        "[2, 2, 3] [2, 3, 5, 7, 11, 13, 17, 19]",
        "1",
        "[2, 0, 3, 1] [2, 0, 1] [4, 0, 2, 0]",
        "true [true]",
    ];
    fs::write(root.join("samples/all/1.out"), answers.join("\n") + "\n").unwrap();
    let stdout = judge_exits(&root, &["check", "all"], 0);
    assert!(stdout.contains("old compiler"), "{}", stdout);
    let bundle = root.join("target/submit/all.rs");
    let bytes = fs::metadata(&bundle).unwrap().len();
    assert!(
        bytes < CODEFORCES_SOURCE_LIMIT,
        "the bundle with every module is {} bytes, not under {}",
        bytes,
        CODEFORCES_SOURCE_LIMIT
    );
}
