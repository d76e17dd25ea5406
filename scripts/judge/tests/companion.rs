//! Competitive Companion's own fixtures (`tests/companion/`, see its README) imported file by
//! file into fresh workspaces and all into one: every stdin problem becomes its own package
//! with its samples and limits exactly as sent, and no two problems share a package.

mod support;

use judge::text::json::{self, Json};
use std::fs;
use std::path::{Path, PathBuf};
use support::{judge, text, workspace_like_real};

/// Each payload file and the packages its problems become, in order.
const EXPECTED: &[(&str, &[&str])] = &[
    (
        "aizu-online-judge-beta/problem/arena.json",
        &["aoj_kupc2020spring_c"],
    ),
    ("aizu-online-judge-beta/problem/normal.json", &["aoj0652"]),
    ("aizu-online-judge/problem/japanese.json", &["aoj_cgl_1_a"]),
    ("aizu-online-judge/problem/normal.json", &["aoj_cgl_1_a"]),
    (
        "atcoder/contest/normal.json",
        &["abc096_a", "abc096_b", "abc096_c", "abc096_d"],
    ),
    ("atcoder/problem/normal.json", &["abc096_a"]),
    ("bjtu-oj/problem/citel-normal.json", &["bjtu1000"]),
    ("bjtu-oj/problem/normal.json", &["bjtu1000"]),
    ("codechef/problem/new-copy-button.json", &["codechef_bus"]),
    ("codechef/problem/old-copy-button.json", &["codechef_bus"]),
    (
        "codeforces/contest/complete-problemset.json",
        &["cf1a", "cf1b", "cf1c"],
    ),
    (
        "codeforces/contest/normal.json",
        &["cf118a", "cf118b", "cf118c", "cf118d", "cf118e"],
    ),
    (
        "codeforces/problem/acm-sgu-ru-inside-table.json",
        &["cfsgu123"],
    ),
    (
        "codeforces/problem/acm-sgu-ru-not-inside-table.json",
        &["cfsgu553"],
    ),
    ("codeforces/problem/inside-group.json", &["cfgroup219856a"]),
    ("codeforces/problem/normal.json", &["cf118a"]),
    (
        "hdoj/contest/normal.json",
        &[
            "hdu26_1001",
            "hdu26_1002",
            "hdu26_1003",
            "hdu26_1004",
            "hdu26_1005",
        ],
    ),
    ("hdoj/problem/contest-problem.json", &["hdu798_1004"]),
    ("hdoj/problem/normal.json", &["hdu1000"]),
    (
        "hrbust-online-judge/problem/input-padding.json",
        &["hrbust1000"],
    ),
    ("hrbust-online-judge/problem/normal.json", &["hrbust1054"]),
    (
        "kattis/problem/lines-ending-with-spaces.json",
        &["kattis_ads"],
    ),
    (
        "library-checker-old/problem/normal.json",
        &["yosupo_aplusb"],
    ),
    ("library-checker/problem/normal.json", &["yosupo_aplusb"]),
    ("poj/problem/normal.json", &["poj1000"]),
    ("spoj/problem/one-block-1.json", &["spoj_test"]),
    (
        "timus-online-judge/contest/normal.json",
        &["timus340_1", "timus340_2", "timus340_3", "timus340_4"],
    ),
    (
        "timus-online-judge/problem/example-test-cases-one-column.json",
        &["timus1027"],
    ),
    ("timus-online-judge/problem/normal.json", &["timus1098"]),
    ("timus-online-judge/problem/russian.json", &["timus1098"]),
    ("tlx/problem/from_contest_en.json", &["tlx_troc_16_a"]),
    ("tlx/problem/from_problemset_en.json", &["tlx_troc_16_a"]),
    (
        "virtual-judge/contest/normal.json",
        &[
            "vjudge480959_a",
            "vjudge480959_b",
            "vjudge480959_c",
            "vjudge480959_d",
            "vjudge480959_e",
            "vjudge480959_f",
            "vjudge480959_g",
        ],
    ),
    ("virtual-judge/problem/poj.json", &["vjudge_poj_2391"]),
];

fn payload(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/companion")
        .join(file)
}

/// The problems of a payload file: an array's items, or the one object.
fn problems(file: &str) -> Vec<Json> {
    let text = fs::read_to_string(payload(file)).unwrap();
    match json::parse(&text).unwrap() {
        Json::Array(items) => items,
        one => vec![one],
    }
}

/// The samples of `problem` as (input, output) strings.
fn samples_of(problem: &Json) -> Vec<(String, String)> {
    problem
        .get("tests")
        .and_then(Json::as_array)
        .unwrap()
        .iter()
        .map(|t| {
            let part = |k: &str| t.get(k).and_then(Json::as_str).unwrap().to_string();
            (part("input"), part("output"))
        })
        .collect()
}

/// The `N.in`/`N.out` pairs of `samples/<name>`, by number.
fn samples_on_disk(root: &Path, name: &str) -> Vec<(String, String)> {
    let dir = root.join("samples").join(name);
    (1..)
        .map(|n| dir.join(format!("{}.in", n)))
        .take_while(|p| p.exists())
        .map(|p| {
            let read = |p: PathBuf| fs::read_to_string(p).unwrap();
            (read(p.clone()), read(p.with_extension("out")))
        })
        .collect()
}

fn problem_dirs(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn every_payload_becomes_its_packages_with_samples_and_limits_as_sent() {
    let mut count = 0;
    for (i, (file, names)) in EXPECTED.iter().enumerate() {
        let root = workspace_like_real(&format!("companion-{}", i));
        let out = judge(&root, &["import", payload(file).to_str().unwrap()]);
        assert!(out.status.success(), "{}: {}", file, text(&out.stderr));
        let mut wanted: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        wanted.sort();
        assert_eq!(problem_dirs(&root), wanted, "{}", file);
        let problems = problems(file);
        assert_eq!(problems.len(), names.len(), "{}", file);
        for (problem, name) in problems.iter().zip(names.iter()) {
            assert_eq!(
                samples_on_disk(&root, name),
                samples_of(problem),
                "{}",
                file
            );
            let manifest =
                fs::read_to_string(root.join("problems").join(name).join("Cargo.toml")).unwrap();
            let limit = |key: &str| problem.get(key).and_then(Json::as_f64).unwrap();
            let limits = format!(
                "time-limit-ms = {}\nmemory-limit-mib = {}\n",
                limit("timeLimit"),
                limit("memoryLimit")
            );
            assert!(manifest.contains(&limits), "{}: {}", file, manifest);
            let url = problem.get("url").and_then(Json::as_str).unwrap();
            if !url.ends_with("/problems?locale=en") {
                assert!(
                    manifest.contains(&format!("url = \"{}\"", url)),
                    "{}",
                    manifest
                );
            }
            count += 1;
        }
        fs::remove_dir_all(&root).unwrap();
    }
    assert_eq!(count, 56);
}

#[test]
fn all_in_one_workspace_no_two_problems_share_a_package() {
    let root = workspace_like_real("companion-all");
    for (file, _) in EXPECTED {
        let out = judge(&root, &["import", payload(file).to_str().unwrap()]);
        assert!(out.status.success(), "{}: {}", file, text(&out.stderr));
    }
    let made = problem_dirs(&root);
    // Pages of one problem share its package: 56 problems, 50 packages; the second host of
    // BJTU and of the Library Checker is another site, under its whole host's name.
    assert_eq!(made.len(), 50, "{:?}", made);
    for name in ["icpc_bjtu_edu_cn1000", "judge_yosupo_jp_aplusb"] {
        assert!(made.contains(&name.to_string()), "{:?}", made);
    }
    // Every problem's samples are in the package it landed in, and each package's samples
    // come from one problem (pages of one problem may order them differently).
    for (file, names) in EXPECTED {
        for (problem, name) in problems(file).iter().zip(names.iter()) {
            let url = problem.get("url").and_then(Json::as_str).unwrap();
            let name = if url.contains("icpc.bjtu") {
                "icpc_bjtu_edu_cn1000"
            } else if url.contains("judge.yosupo") {
                "judge_yosupo_jp_aplusb"
            } else {
                name
            };
            let mut sent = samples_of(problem);
            let mut kept = samples_on_disk(&root, name);
            sent.sort();
            kept.sort();
            assert_eq!(kept, sent, "{} in {}", file, name);
        }
    }
}

#[test]
fn a_generic_host_never_lands_in_a_known_judges_package() {
    let root = workspace_like_real("companion-generic");
    let luogu = fs::read_to_string(payload("poj/problem/normal.json"))
        .unwrap()
        .replace(
            "http://poj.org/problem?id=1000",
            "https://www.luogu.com.cn/problem/P1074",
        );
    let generic = luogu.replace(
        "https://www.luogu.com.cn/problem/P1074",
        "https://p.example/1074",
    );
    let generic = generic.replace("\"input\": \"1 2", "\"input\": \"3 4");
    fs::write(root.join("luogu.json"), luogu).unwrap();
    fs::write(root.join("generic.json"), generic).unwrap();
    assert!(judge(&root, &["import", "luogu.json"]).status.success());
    let before = samples_on_disk(&root, "p1074");
    let out = judge(&root, &["import", "generic.json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        "created problems/p_example1074 with 1 sample in samples/p_example1074 \
         (problems/p1074 is another problem: https://www.luogu.com.cn/problem/P1074)"
    );
    assert_eq!(samples_on_disk(&root, "p1074"), before);
    assert_eq!(problem_dirs(&root), ["p1074", "p_example1074"]);
    // The same page again is the same problem: nothing new.
    let out = judge(&root, &["import", "generic.json"]);
    assert!(
        text(&out.stdout).contains("problems/p_example1074 exists: added 0 new samples"),
        "{}",
        text(&out.stdout)
    );
}
