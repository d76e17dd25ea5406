//! `make stress` shrinks what it finds: planted bugs whose smallest failing inputs are known,
//! each with a generator of large random cases (n up to 100), a validator and a reference
//! (or an interactor), are found, shrunk to within two tokens of the smallest and saved; a
//! generator that makes an invalid input stops the run as the generator's bug; a validator
//! that crashes stops the shrink in one line; a TLE-only failure shrinks to a case still
//! slow; `make shrink` shrinks a saved input; `make check` holds the samples to the validator.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};
use support::{judge, judge_exits, text, workspace, Manifest};

/// What every generator shares: `--seed S` and the knob `--n A..B` (1..100 unless given), and
/// a small xorshift generator.
const RNG: &str = r#"
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn between(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// The seeded generator and the range of n.
fn setup() -> (Rng, i64, i64) {
    let a: Vec<String> = std::env::args().collect();
    let get = |k: &str| a.iter().position(|x| x == k).map(|i| a[i + 1].clone());
    let seed: u64 = get("--seed").unwrap().parse().unwrap();
    let (lo, hi) = match get("--n") {
        Some(r) => {
            let (x, y) = r.split_once("..").unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        }
        None => (1, 100),
    };
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..4 {
        rng.next();
    }
    (rng, lo, hi)
}
"#;

/// A generator of `n` (in the knob's range) then `n` values in `lo..=hi`.
fn array_gen(lo: i64, hi: i64) -> String {
    format!(
        "{}\nfn main() {{\n    let (mut rng, a, b) = setup();\n    let n = rng.between(a, b);\n    \
         let v: Vec<String> = (0..n).map(|_| rng.between({}, {}).to_string()).collect();\n    \
         println!(\"{{}}\\n{{}}\", n, v.join(\" \"));\n}}\n",
        RNG, lo, hi
    )
}

/// A strict reader shared by the validators: exit 1 with `line L: why` on a bad input.
const STRICT: &str = r#"
use std::io::Read;

fn reject(line: usize, why: &str) -> ! {
    eprintln!("line {}: {}", line, why);
    std::process::exit(1)
}

/// The input's lines (it must end with a newline), each split at single spaces into
/// integers within lo..=hi.
fn lines(lo: i64, hi: i64) -> Vec<Vec<i64>> {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    if !s.ends_with('\n') {
        reject(0, "the input must end with a newline");
    }
    s[..s.len() - 1]
        .split('\n')
        .enumerate()
        .map(|(l, line)| {
            line.split(' ')
                .map(|t| match t.parse::<i64>() {
                    Ok(x) if x >= lo && x <= hi && x.to_string() == t => x,
                    _ => reject(l + 1, &format!("`{}` is not an integer in {}..={}", t, lo, hi)),
                })
                .collect()
        })
        .collect()
}
"#;

/// A validator of `n` (1..=100) then exactly `n` values in `lo..=hi`.
fn array_validator(lo: i64, hi: i64) -> String {
    format!(
        "{}\nfn main() {{\n    let l = lines({}, {});\n    if l.len() != 2 || l[0].len() != 1 {{\n        \
         reject(1, \"two lines: n, then the values\");\n    }}\n    \
         if l[0][0] < 1 || l[0][0] > 100 {{\n        reject(1, \"n must be in 1..=100\");\n    }}\n    \
         if l[1].len() as i64 != l[0][0] {{\n        \
         reject(2, &format!(\"{{}} values, not n = {{}}\", l[1].len(), l[0][0]));\n    }}\n}}\n",
        STRICT, lo, hi
    )
}

/// Reads `n` and the values, then prints `solve(values)`.
fn array_program(solve: &str) -> String {
    format!(
        "use std::io::Read;\n\n{}\n\nfn main() {{\n    let mut s = String::new();\n    \
         std::io::stdin().read_to_string(&mut s).unwrap();\n    \
         let v: Vec<i64> = s.split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();\n    \
         println!(\"{{}}\", solve(&v));\n}}\n",
        solve
    )
}

/// Max subarray sum (non-empty), planted: the best starts from 0, so an all-negative array
/// gets 0.
const MAXSUB_BUGGY: &str = "fn solve(v: &[i64]) -> i64 {
    let (mut best, mut cur) = (0, 0);
    for &x in v {
        cur = (cur + x).max(0);
        best = best.max(cur);
    }
    best
}";
const MAXSUB_REF: &str = "fn solve(v: &[i64]) -> i64 {
    let mut best = v[0];
    for i in 0..v.len() {
        let mut sum = 0;
        for &x in &v[i..] {
            sum += x;
            best = best.max(sum);
        }
    }
    best
}";

/// Distinct values, planted: neighbours compared only, the array unsorted.
const DISTINCT_BUGGY: &str = "fn solve(v: &[i64]) -> i64 {
    1 + v.windows(2).filter(|w| w[0] != w[1]).count() as i64
}";
const DISTINCT_REF: &str = "fn solve(v: &[i64]) -> i64 {
    let mut v = v.to_vec();
    v.sort();
    v.dedup();
    v.len() as i64
}";

/// The sum of values up to 10^9, planted: in an i32, which wraps past 2^31 - 1.
const SUM_BUGGY: &str = "fn solve(v: &[i64]) -> i64 {
    let mut sum: i32 = 0;
    for &x in v {
        sum = sum.wrapping_add(x as i32);
    }
    sum as i64
}";
const SUM_REF: &str = "fn solve(v: &[i64]) -> i64 {
    v.iter().sum()
}";

/// The sum again, right, but slow whenever a value is over 500000: a TLE and nothing else.
const SLOW: &str = "fn solve(v: &[i64]) -> i64 {
    if v.iter().any(|&x| x > 500_000) {
        let mut z = v[0] as u64;
        for i in 0..20_000_000_000u64 {
            z = z.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
        }
        if z == 42 {
            return -1;
        }
    }
    v.iter().sum()
}";

/// A random tree on n vertices (the knob's range, 2..100 in the manifest): vertex i's parent
/// is a random earlier vertex.
fn tree_gen() -> String {
    format!(
        "{}\nfn main() {{\n    let (mut rng, a, b) = setup();\n    let n = rng.between(a, b);\n    \
         println!(\"{{}}\", n);\n    for i in 2..=n {{\n        \
         println!(\"{{}} {{}}\", rng.between(1, i - 1), i);\n    }}\n}}\n",
        RNG
    )
}

/// A tree: n in 2..=100, then n - 1 edges joining all n vertices.
fn tree_validator() -> String {
    format!(
        "{}\nfn find(p: &mut Vec<usize>, x: usize) -> usize {{\n    if p[x] != x {{\n        \
         let r = find(p, p[x]);\n        p[x] = r;\n    }}\n    p[x]\n}}\n\n\
         fn main() {{\n    let l = lines(1, 100);\n    let n = l[0][0];\n    \
         if l[0].len() != 1 || n < 2 {{\n        reject(1, \"n must be in 2..=100\");\n    }}\n    \
         if l.len() as i64 != n {{\n        reject(1, \"n - 1 edges must follow\");\n    }}\n    \
         let mut p: Vec<usize> = (0..=n as usize).collect();\n    \
         for (i, e) in l[1..].iter().enumerate() {{\n        \
         if e.len() != 2 || e[0] > n || e[1] > n {{\n            \
         reject(i + 2, \"an edge joins two vertices of 1..=n\");\n        }}\n        \
         let (a, b) = (find(&mut p, e[0] as usize), find(&mut p, e[1] as usize));\n        \
         if a == b {{\n            reject(i + 2, \"a cycle\");\n        }}\n        p[a] = b;\n    }}\n}}\n",
        STRICT
    )
}

/// Reads a tree and prints `far(adjacency, n)`; `bfs` is shared.
fn tree_program(body: &str) -> String {
    format!(
        "use std::io::Read;\n\nfn bfs(adj: &[Vec<usize>], s: usize) -> Vec<usize> {{\n    \
         let mut d = vec![usize::MAX; adj.len()];\n    d[s] = 0;\n    let mut q = vec![s];\n    \
         let mut i = 0;\n    while i < q.len() {{\n        let u = q[i];\n        i += 1;\n        \
         for &v in &adj[u] {{\n            if d[v] == usize::MAX {{\n                \
         d[v] = d[u] + 1;\n                q.push(v);\n            }}\n        }}\n    }}\n    d\n}}\n\n\
         fn main() {{\n    let mut s = String::new();\n    \
         std::io::stdin().read_to_string(&mut s).unwrap();\n    \
         let v: Vec<usize> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    \
         let n = v[0];\n    let mut adj = vec![Vec::new(); n + 1];\n    \
         for e in v[1..].chunks(2) {{\n        adj[e[0]].push(e[1]);\n        adj[e[1]].push(e[0]);\n    }}\n    \
         {}\n}}\n",
        body
    )
}

/// Planted: the farthest distance from vertex 1, which is the diameter only when 1 ends one.
const DIAMETER_BUGGY: &str = "println!(\"{}\", bfs(&adj, 1)[1..].iter().max().unwrap());";
const DIAMETER_REF: &str = "let d = bfs(&adj, 1);
    let far = (1..=n).max_by_key(|&u| d[u]).unwrap();
    println!(\"{}\", bfs(&adj, far)[1..].iter().max().unwrap());";

/// Guess the number: the case is `n s`, the secret s in 1..=n; the interactor tells n, then
/// answers each guess with `<` (smaller), `>` (larger) or `=`; 30 guesses at most.
const GUESS_INTERACTOR: &str = r#"use std::io::{BufRead, Write};
fn verdict(code: i32, why: &str) -> ! {
    eprintln!("{}", why);
    std::process::exit(code)
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = std::fs::read_to_string(&args[1]).unwrap();
    let v: Vec<i64> = case.split_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, secret) = (v[0], v[1]);
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{}", n).and_then(|_| out.flush());
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    for tries in 1..=30 {
        let guess: i64 = match lines.next() {
            Some(Ok(l)) => l.trim().parse().unwrap_or_else(|_| verdict(2, "not a number")),
            _ => verdict(1, &format!("the solution stopped after {} guesses", tries - 1)),
        };
        let reply = if secret < guess { "<" } else if secret > guess { ">" } else { "=" };
        let _ = writeln!(out, "{}", reply).and_then(|_| out.flush());
        if guess == secret {
            verdict(0, "found");
        }
    }
    verdict(1, "30 guesses");
}
"#;

/// A binary search of 1..=n, planted: up to n - 1 only.
const GUESS_BUGGY: &str = r#"use std::io::{BufRead, Write};
fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    let n: i64 = lines.next().unwrap().unwrap().trim().parse().unwrap();
    let (mut low, mut high) = (1, n - 1);
    while low <= high {
        let guess = (low + high) / 2;
        writeln!(out, "{}", guess).unwrap();
        out.flush().unwrap();
        match lines.next().unwrap().unwrap().trim() {
            "<" => high = guess - 1,
            ">" => low = guess + 1,
            _ => return,
        }
    }
}
"#;

/// `n s`, the secret at the top one time in four.
fn guess_gen() -> String {
    format!(
        "{}\nfn main() {{\n    let (mut rng, a, b) = setup();\n    let n = rng.between(a, b);\n    \
         let s = if rng.between(0, 3) == 0 {{ n }} else {{ rng.between(1, n) }};\n    \
         println!(\"{{}} {{}}\", n, s);\n}}\n",
        RNG
    )
}

fn guess_validator() -> String {
    format!(
        "{}\nfn main() {{\n    let l = lines(1, 1000);\n    \
         if l.len() != 1 || l[0].len() != 2 || l[0][1] > l[0][0] {{\n        \
         reject(1, \"one line: n s, 1 <= s <= n <= 1000\");\n    }}\n}}\n",
        STRICT
    )
}

/// A generator whose seed 4 prints one value too many.
fn broken_gen() -> String {
    array_gen(-5, 5).replace(
        "    println!(\"{}\\n{}\", n, v.join(\" \"));",
        "    let n = if std::env::args().any(|a| a == \"4\") { n - 1 } else { n };\n    \
         println!(\"{}\\n{}\", n, v.join(\" \"));",
    )
}

/// A validator that panics on an n under 5, which the generator (5..100) never makes.
fn crashing_validator() -> String {
    array_validator(-1000, 1000).replace(
        "    let l = lines(-1000, 1000);\n",
        "    let l = lines(-1000, 1000);\n    if l[0][0] < 5 {\n        \
         let none: Vec<i64> = Vec::new();\n        println!(\"{}\", none[l[0][0] as usize]);\n    }\n",
    )
}

/// The manifest of problem `name`: its stress arguments, limit, and bins (solution, gen,
/// validate, and ref or interactor).
fn manifest(name: &str, stress: &str, time_ms: u64, interactive: bool) -> String {
    let mut m = Manifest::new(name);
    m.metadata = format!(
        "compare = \"tokens\"\nstress = [{}]{}",
        stress,
        if interactive {
            "\ninteractive = true"
        } else {
            ""
        }
    );
    m.time_ms = time_ms;
    let bin = |suffix: &str, path: &str| {
        format!(
            "\n[[bin]]\nname = \"{}{}\"\npath = \"{}\"\n",
            name, suffix, path
        )
    };
    let mut text = m.render();
    text.push_str(&bin("", "src/main.rs"));
    text.push_str(&bin("-gen", "src/bin/gen.rs"));
    text.push_str(&bin("-validate", "src/bin/validator.rs"));
    if interactive {
        text.push_str(&bin("-interactor", "src/bin/interactor.rs"));
    } else {
        text.push_str(&bin("-ref", "src/bin/reference.rs"));
    }
    text
}

/// A problem's files: manifest, solution, generator, validator, and reference or interactor.
struct Planted {
    name: &'static str,
    manifest: String,
    main: String,
    gen: String,
    validator: String,
    judge: (&'static str, String),
}

fn planted() -> Vec<Planted> {
    let array = |name: &'static str, buggy: &str, reference: &str, lo: i64, hi: i64| Planted {
        name,
        manifest: manifest(name, "[\"--n\", \"1..100\"]", 1000, false),
        main: array_program(buggy),
        gen: array_gen(lo, hi),
        validator: array_validator(-1_000_000_000, 1_000_000_000),
        judge: ("src/bin/reference.rs", array_program(reference)),
    };
    let mut all = vec![
        array("maxsub", MAXSUB_BUGGY, MAXSUB_REF, -1000, 1),
        array("distinct", DISTINCT_BUGGY, DISTINCT_REF, 1, 5),
        array("sum32", SUM_BUGGY, SUM_REF, 1, 1_000_000_000),
        array("badgen", MAXSUB_REF, MAXSUB_REF, -5, 5),
        array("crashval", MAXSUB_BUGGY, MAXSUB_REF, -1000, 1),
        array("slow", SLOW, SUM_REF, 1, 1_000_000),
    ];
    all[3].gen = broken_gen();
    all[4].manifest = manifest("crashval", "[\"--n\", \"5..100\"]", 1000, false);
    all[4].validator = crashing_validator();
    all[5].manifest = manifest("slow", "[\"--n\", \"1..100\"]", 200, false);
    all.push(Planted {
        name: "diameter",
        manifest: manifest("diameter", "[\"--n\", \"2..100\"]", 1000, false),
        main: tree_program(DIAMETER_BUGGY),
        gen: tree_gen(),
        validator: tree_validator(),
        judge: ("src/bin/reference.rs", tree_program(DIAMETER_REF)),
    });
    all.push(Planted {
        name: "guess",
        manifest: manifest("guess", "[\"--n\", \"1..100\"]", 1000, true),
        main: GUESS_BUGGY.to_string(),
        gen: guess_gen(),
        validator: guess_validator(),
        judge: ("src/bin/interactor.rs", GUESS_INTERACTOR.to_string()),
    });
    all
}

/// The workspace of every planted problem, built once; the tests run one at a time (each
/// shrink uses every core, and its budget is wall-clock time).
fn planted_workspace() -> (MutexGuard<'static, ()>, &'static Path) {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    let guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let root = ROOT.get_or_init(|| {
        let problems = planted();
        let mut files: Vec<(String, String)> = Vec::new();
        for p in &problems {
            let at = |f: &str| format!("problems/{}/{}", p.name, f);
            files.push((at("Cargo.toml"), p.manifest.clone()));
            files.push((at("src/main.rs"), p.main.clone()));
            files.push((at("src/bin/gen.rs"), p.gen.clone()));
            files.push((at("src/bin/validator.rs"), p.validator.clone()));
            files.push((at(p.judge.0), p.judge.1.clone()));
        }
        let borrowed: Vec<(&str, &str)> = files
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let root = workspace("shrink", &borrowed);
        let built = std::process::Command::new("cargo")
            .args(["build", "--release", "--quiet", "--bins"])
            .current_dir(&root)
            .env_remove("CARGO_TARGET_DIR")
            .output()
            .unwrap();
        assert!(built.status.success(), "{}", text(&built.stderr));
        root
    });
    (guard, root.as_path())
}

/// The tokens of an input.
fn tokens(input: &str) -> Vec<&str> {
    input.split_whitespace().collect()
}

/// Stresses `name` (seeds from 1, up to `n` cases) with a shrink of `seconds`; expects it to
/// fail, and returns its report and the saved case's input.
fn stress_and_shrink(root: &Path, name: &str, n: &str, seconds: &str) -> (String, String) {
    let samples = root.join("samples").join(name);
    let _ = fs::remove_dir_all(&samples);
    let out = judge_exits(root, &["stress", name, "--n", n, "--shrink-s", seconds], 1);
    let input = fs::read_to_string(samples.join("1.in"))
        .unwrap_or_else(|e| panic!("{}: {}\n{}", name, e, out));
    (out, input)
}

/// `  original: 412 bytes, 101 tokens` and `  shrunk: ...`: the sizes the report gives,
/// (tokens, bytes).
fn reported(out: &str, which: &str) -> (usize, usize) {
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with(which))
        .unwrap_or_else(|| panic!("no `{}` line in:\n{}", which, out));
    let words: Vec<&str> = line.split_whitespace().collect();
    let before = |unit: &str| -> usize {
        let at = words.iter().position(|w| w.starts_with(unit)).unwrap();
        words[at - 1].parse().unwrap()
    };
    (before("token"), before("byte"))
}

/// The planted bug is found, shrunk to at most `most` tokens, saved with the reference's
/// answer, and the report shows both sizes, the steps and the time.
fn shrinks_to(name: &str, most: usize) -> String {
    let (_guard, root) = planted_workspace();
    let (out, input) = stress_and_shrink(root, name, "300", "4");
    let original = reported(&out, "original:");
    let shrunk = reported(&out, "shrunk:");
    assert_eq!(shrunk, (tokens(&input).len(), input.len()), "{}", out);
    assert!(
        shrunk.0 <= most,
        "{:?}, want at most {} tokens:\n{}",
        shrunk,
        most,
        out
    );
    assert!(original > shrunk && original.1 > shrunk.1, "{}", out);
    assert!(
        out.contains("steps kept of") || out.contains("step kept of"),
        "{}",
        out
    );
    assert!(out.contains("make check P="), "{}", out);
    let note = fs::read_to_string(root.join("samples").join(name).join("1.note")).unwrap();
    assert!(
        note.contains("first found as") && note.contains("shrunk to"),
        "{}",
        note
    );
    // The saved case fails the check as it failed the stress: it is the bug, kept.
    eprintln!("{}", out);
    input
}

#[test]
fn max_subarray_from_zero_shrinks_to_one_negative_value() {
    let input = shrinks_to("maxsub", 2 + 2);
    let t = tokens(&input);
    assert!(t[1..].iter().all(|v| v.starts_with('-')), "{}", input);
    let (_guard, root) = planted_workspace();
    let answer = fs::read_to_string(root.join("samples/maxsub/1.out")).unwrap();
    assert!(answer.trim().starts_with('-'), "{}", answer);
}

#[test]
fn distinct_by_neighbours_shrinks_to_three_values() {
    let input = shrinks_to("distinct", 4 + 2);
    let t = tokens(&input);
    assert!(t.len() >= 4, "n = 3 at least: {}", input);
}

#[test]
fn diameter_from_vertex_one_shrinks_to_a_small_tree() {
    let input = shrinks_to("diameter", 5 + 2);
    assert!(
        input.starts_with('3') || input.starts_with('4'),
        "{}",
        input
    );
}

#[test]
fn an_i32_sum_shrinks_to_three_values() {
    let input = shrinks_to("sum32", 4 + 2);
    let t = tokens(&input);
    let sum: i64 = t[1..].iter().map(|v| v.parse::<i64>().unwrap()).sum();
    assert!(sum > i32::MAX as i64, "{}", input);
}

#[test]
fn an_interactive_guess_shrinks_through_its_interactor() {
    let input = shrinks_to("guess", 2 + 2);
    let t = tokens(&input);
    assert_eq!(t[0], t[1], "the secret stays at the top: {}", input);
    let (_guard, root) = planted_workspace();
    assert!(!root.join("samples/guess/1.out").exists());
}

#[test]
fn a_tle_only_failure_shrinks_to_a_case_still_slow() {
    let (_guard, root) = planted_workspace();
    let (out, input) = stress_and_shrink(root, "slow", "20", "4");
    assert!(out.contains("slow TLE on the shrunk case"), "{}", out);
    let t = tokens(&input);
    assert!(t.len() <= 2 + 2, "{}", out);
    assert!(
        t[1..].iter().any(|v| v.parse::<i64>().unwrap() > 500_000),
        "{}",
        input
    );
}

#[test]
fn a_generator_that_makes_an_invalid_input_is_named() {
    let (_guard, root) = planted_workspace();
    let out = judge_exits(root, &["stress", "badgen", "--n", "10"], 1);
    assert!(
        out.contains("the generator's bug, not the solution's: `badgen-gen --n 1..100 --seed 4`"),
        "{}",
        out
    );
    assert!(out.contains("values, not n ="), "{}", out);
    let saved = fs::read_to_string(root.join("target/stress/badgen/invalid.in")).unwrap();
    let t = tokens(&saved);
    assert_ne!(t[0].parse::<usize>().unwrap(), t.len() - 1, "{}", saved);
    assert!(!root.join("samples/badgen/1.in").exists(), "{}", out);
    // `make worst` holds its inputs to the validator too: one line, the input saved.
    let out_dir = root.join("target/badgen-worst");
    let run = judge(
        root,
        &[
            "worst",
            "badgen",
            "--n",
            "10",
            "--out",
            out_dir.to_str().unwrap(),
        ],
    );
    assert_eq!(run.status.code(), Some(2), "{}", text(&run.stdout));
    let err = text(&run.stderr);
    // Its progress line aside.
    let said: Vec<&str> = err.lines().filter(|l| l.starts_with("judge: ")).collect();
    assert_eq!(said.len(), 1, "{}", err);
    assert!(
        err.contains("the generator's bug, not the solution's: `badgen-gen --n 1..100 --seed 4`"),
        "{}",
        err
    );
    assert!(
        root.join("target/worst/badgen/invalid.in").is_file(),
        "{}",
        err
    );
}

#[test]
fn a_validator_that_crashes_stops_the_shrink_in_one_line() {
    let (_guard, root) = planted_workspace();
    let (out, input) = stress_and_shrink(root, "crashval", "50", "4");
    let said: Vec<&str> = out.lines().filter(|l| l.contains("crashed")).collect();
    assert_eq!(said.len(), 1, "{}", out);
    assert!(said[0].contains("crashval-validate"), "{}", out);
    // Nothing shrinks on it: the case saved is the one stress found.
    assert!(tokens(&input).len() >= 6, "{}", out);
    // Run on an input it crashes on, `make shrink` says so in one line, exit status 2.
    let file = root.join("target/three.in");
    fs::write(&file, "3\n-1 -2 -3\n").unwrap();
    let run = judge(
        root,
        &["shrink", "crashval", "--in", file.to_str().unwrap()],
    );
    assert_eq!(run.status.code(), Some(2), "{}", text(&run.stdout));
    let err = text(&run.stderr);
    assert_eq!(err.lines().count(), 1, "{}", err);
    assert!(err.contains("crashed"), "{}", err);
}

#[test]
fn make_shrink_shrinks_a_saved_input() {
    let (_guard, root) = planted_workspace();
    let file = root.join("target/maxsub-big.in");
    let values: Vec<String> = (1..=40).map(|i| format!("-{}", i * 7)).collect();
    fs::write(&file, format!("40\n{}\n", values.join(" "))).unwrap();
    let samples = root.join("target/shrunk-samples");
    let _ = fs::remove_dir_all(&samples);
    let out = judge_exits(
        root,
        &[
            "shrink",
            "maxsub",
            "--in",
            file.to_str().unwrap(),
            "--shrink-s",
            "3",
            "--samples",
            samples.to_str().unwrap(),
        ],
        1,
    );
    assert!(out.contains("maxsub WA on"), "{}", out);
    let input = fs::read_to_string(samples.join("1.in")).unwrap();
    assert!(tokens(&input).len() <= 4, "{}", out);
    let note = fs::read_to_string(samples.join("1.note")).unwrap();
    assert!(note.contains("make shrink of"), "{}", note);
    // A passing input has nothing to shrink.
    fs::write(&file, "2\n3 4\n").unwrap();
    let out = judge_exits(
        root,
        &["shrink", "maxsub", "--in", file.to_str().unwrap()],
        0,
    );
    assert!(out.contains("nothing to shrink"), "{}", out);
}

#[test]
fn the_check_holds_samples_but_not_judge_variants_to_the_validator() {
    let (_guard, root) = planted_workspace();
    let samples = root.join("samples/distinct");
    let _ = fs::remove_dir_all(&samples);
    fs::create_dir_all(&samples).unwrap();
    for (file, body) in [
        ("1.in", "3\n1 2 3\n"),
        ("1.out", "3\n"),
        ("2.in", "3\n1 2\n"),
        ("2.out", "2\n"),
        ("generic-1.in", "9\n1 1\n"),
        ("generic-1.out", "1\n"),
    ] {
        fs::write(samples.join(file), body).unwrap();
    }
    let out = judge_exits(root, &["check", "distinct"], 1);
    let row = support::line(&out, "distinct", "2", "INVALID");
    assert!(
        row.contains("src/bin/validator.rs: line 2: 2 values, not n = 3"),
        "{}",
        out
    );
    let invalid: Vec<&str> = out.lines().filter(|l| l.contains("INVALID")).collect();
    assert_eq!(
        invalid.len(),
        1,
        "a judge's variant is not validated: {}",
        out
    );
    assert!(
        out.contains("1 sample input refused by the validator"),
        "{}",
        out
    );
}
