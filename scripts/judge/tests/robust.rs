//! The tool crash-safe and bounded: nothing of a run outlives it, however it hides; what the
//! tool writes survives its being killed; its memory stays bounded whatever a program writes.

mod support;

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};
use support::{judge, line, manifest, text, workspace};

/// A folder outside the test workspaces, where planted programs note their strays.
fn notes(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("robust-notes-{}", name));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Rust code that starts a stray which hides every way it can: a new session (setsid), an
/// empty environment, a shell whose own child does the work. It notes its pid in
/// `<dir>/<tag>.pid`, and `<dir>/<tag>.late` 3 s later, then sleeps long; the
/// code goes on once the pid is noted.
fn stray(dir: &Path, tag: &str) -> String {
    let script = format!(
        "echo $$ > {0}/{1}.tmp; mv {0}/{1}.tmp {0}/{1}.pid; sleep 3; echo late > {0}/{1}.late; sleep 150",
        dir.display(),
        tag
    );
    format!(
        "std::process::Command::new(\"/bin/sh\").args([\"-c\", \"setsid sh -c '{}' &\"])\
         .env_clear().stdin(std::process::Stdio::null()).stdout(std::process::Stdio::null())\
         .stderr(std::process::Stdio::null()).status().unwrap();\
         while !std::path::Path::new(\"{}/{}.pid\").exists() {{ std::thread::yield_now(); }}",
        script,
        dir.display(),
        tag
    )
}

/// Whether process `pid` is alive (a zombie is not).
fn alive(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{}/stat", pid)) {
        Ok(stat) => {
            let state = stat[stat.rfind(')').unwrap() + 1..].trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

/// The pid a stray noted, waiting a little for it to be written.
fn stray_pid(dir: &Path, tag: &str) -> Option<u32> {
    let file = dir.join(format!("{}.pid", tag));
    for _ in 0..50 {
        if let Some(pid) = fs::read_to_string(&file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return Some(pid);
        }
        thread::sleep(Duration::from_millis(20));
    }
    None
}

/// A guesser of 1..=1000 that starts a stray first (when `leave` is given), then plays.
fn guesser(leave: &str) -> String {
    format!(
        r#"use std::io::{{BufRead, Write}};
fn main() {{
    {}
    let stdin = std::io::stdin();
    let mut replies = stdin.lock().lines();
    let (mut low, mut high) = (1u32, 1000u32);
    loop {{
        let guess = low + (high - low) / 2;
        println!("{{}}", guess);
        std::io::stdout().flush().unwrap();
        match replies.next().unwrap().unwrap().trim() {{
            "lower" => high = guess - 1,
            "higher" => low = guess + 1,
            _ => return,
        }}
    }}
}}
"#,
        leave
    )
}

/// The interactor of the guessing game, starting a stray first when `leave` is given.
fn interactor(leave: &str) -> String {
    format!(
        r#"use std::io::{{BufRead, Write}};
fn main() {{
    {}
    let args: Vec<String> = std::env::args().collect();
    let secret: u32 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {{
        let guess: u32 = line.unwrap().trim().parse().unwrap();
        let reply = if guess < secret {{ "higher" }} else if guess > secret {{ "lower" }} else {{ "correct" }};
        writeln!(out, "{{}}", reply).unwrap();
        out.flush().unwrap();
        if guess == secret {{
            std::process::exit(0);
        }}
    }}
    eprintln!("no guess");
    std::process::exit(1);
}}
"#,
        leave
    )
}

fn interactive_manifest(name: &str) -> String {
    manifest(name).replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\ninteractive = true\n",
        1,
    ) + &format!(
        "\n[[bin]]\nname = \"{0}\"\npath = \"src/main.rs\"\n\n[[bin]]\nname = \"{0}-interactor\"\npath = \"src/bin/interactor.rs\"\n",
        name
    )
}

/// A stray that left the run's session with an empty environment, started by an interactive
/// solution, by an interactor, by a stdio solution and by a file problem's: each run ends at
/// its own end with its verdict, and nothing of it is left (nor writes a file later).
#[test]
fn a_stray_with_a_cleared_environment_dies_with_its_run() {
    let dir = notes("strays");
    let file_manifest = manifest("fstray").replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\ninput-file = \"in.txt\"\noutput-file = \"out.txt\"\n",
        1,
    );
    let echo = |leave: &str, read: &str, write: &str| {
        format!(
            "fn main() {{\n    {}\n    let s = {};\n    {};\n}}\n",
            leave, read, write
        )
    };
    let stdio = echo(
        &stray(&dir, "sstray"),
        "{ let mut s = String::new(); std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap(); s }",
        "print!(\"{}\", s)",
    );
    let file = echo(
        &stray(&dir, "fstray"),
        "std::fs::read_to_string(\"in.txt\").unwrap()",
        "std::fs::write(\"out.txt\", s).unwrap()",
    );
    let files = [
        (
            "problems/isol/Cargo.toml".to_string(),
            interactive_manifest("isol"),
        ),
        (
            "problems/isol/src/main.rs".into(),
            guesser(&stray(&dir, "isol")),
        ),
        ("problems/isol/src/bin/interactor.rs".into(), interactor("")),
        ("samples/isol/1.in".into(), "731\n".into()),
        (
            "problems/iint/Cargo.toml".into(),
            interactive_manifest("iint"),
        ),
        ("problems/iint/src/main.rs".into(), guesser("")),
        (
            "problems/iint/src/bin/interactor.rs".into(),
            interactor(&stray(&dir, "iint")),
        ),
        ("samples/iint/1.in".into(), "731\n".into()),
        ("problems/sstray/Cargo.toml".into(), manifest("sstray")),
        ("problems/sstray/src/main.rs".into(), stdio),
        ("samples/sstray/1.in".into(), "42\n".into()),
        ("samples/sstray/1.out".into(), "42\n".into()),
        ("problems/fstray/Cargo.toml".into(), file_manifest),
        ("problems/fstray/src/main.rs".into(), file),
        ("samples/fstray/1.in".into(), "42\n".into()),
        ("samples/fstray/1.out".into(), "42\n".into()),
    ];
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_str()))
        .collect();
    let root = workspace("robust-strays", &borrowed);
    for name in ["isol", "iint", "sstray", "fstray"] {
        let started = Instant::now();
        let out = judge(&root, &["check", name]);
        let stdout = text(&out.stdout);
        let took = started.elapsed();
        assert!(
            line(&stdout, name, "1", "").contains(" AC "),
            "{}{}",
            stdout,
            text(&out.stderr)
        );
        // The stray sleeps 150 s: a run that waited for it would take that long.
        assert!(took < Duration::from_secs(60), "{}: {:?}", name, took);
        let pid = stray_pid(&dir, name).unwrap_or_else(|| panic!("{}: no stray started", name));
        assert!(!alive(pid), "{}: the stray {} is alive", name, pid);
    }
    // The strays' shells would have written this 3 s after they started.
    thread::sleep(Duration::from_millis(3500));
    for name in ["isol", "iint", "sstray", "fstray"] {
        let late = dir.join(format!("{}.late", name));
        assert!(
            !late.exists(),
            "{}: a stray wrote {} after its run",
            name,
            late.display()
        );
    }
}

/// The tool killed (SIGKILL) at each of its writes in turn in the middle of `make import` of
/// a file problem: the workspace is never left broken (every later check runs), and the
/// import made again gives the whole problem.
#[test]
fn an_import_killed_at_any_write_leaves_the_workspace_working() {
    let root = support::workspace_like_real("robust-killed-import");
    // A problem already there, as in any workspace (cargo takes `problems/*` literally where
    // it matches nothing).
    for (path, body) in [
        ("problems/keep/Cargo.toml", manifest("keep")),
        (
            "problems/keep/src/main.rs",
            "fn main() {\n    println!(\"1\");\n}\n".into(),
        ),
        ("samples/keep/1.in", String::new()),
        ("samples/keep/1.out", "1\n".into()),
    ] {
        fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
        fs::write(root.join(path), body).unwrap();
    }
    let payload =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/companion/usaco/problem/normal.json");
    let payload = payload.to_str().unwrap();
    let import = |kill_at: Option<u64>| {
        let at = kill_at.map(|k| k.to_string()).unwrap_or_default();
        let mut command = support::judge_command(&root, &["import", payload]);
        if kill_at.is_some() {
            command.env("JUDGE_KILL_AT_WRITE", &at);
        }
        command.output().unwrap()
    };
    // A clean import: what each killed one must come back to.
    let clean = import(None);
    assert!(clean.status.success(), "{}", text(&clean.stderr));
    let name = text(&clean.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("created problems/"))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_string();
    // Each file with its length and a hash of its bytes (short in a failure's message).
    let snapshot = |dir: &Path| -> Vec<(String, usize, u64)> {
        let mut found = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).into_iter().flatten().flatten() {
                if e.file_type().unwrap().is_dir() {
                    stack.push(e.path());
                } else {
                    let shown = e.path().strip_prefix(dir).unwrap().display().to_string();
                    let bytes = fs::read(e.path()).unwrap();
                    let mut hash = std::collections::hash_map::DefaultHasher::new();
                    std::hash::Hash::hash(&bytes, &mut hash);
                    let hash = std::hash::Hasher::finish(&hash);
                    found.push((shown, bytes.len(), hash));
                }
            }
        }
        found.sort();
        found
    };
    let problem = root.join("problems").join(&name);
    let samples = root.join("samples").join(&name);
    let whole = (snapshot(&problem), snapshot(&samples));
    let mut killed = 0;
    for k in 1.. {
        fs::remove_dir_all(&problem).unwrap();
        fs::remove_dir_all(&samples).unwrap();
        let out = import(Some(k));
        if out.status.success() {
            break;
        }
        assert_eq!(
            out.status.signal(),
            Some(9),
            "write {}: {}",
            k,
            text(&out.stderr)
        );
        killed += 1;
        // Every later command runs: a check of the workspace judges (exit 0 or 1, never 2,
        // the tool's own failure).
        let check = judge(&root, &["check"]);
        assert!(
            matches!(check.status.code(), Some(0 | 1)),
            "killed at write {}: {}{}",
            k,
            text(&check.stdout),
            text(&check.stderr)
        );
        // The import made again gives the whole problem.
        let again = import(None);
        assert!(
            again.status.success(),
            "write {}: {}",
            k,
            text(&again.stderr)
        );
        assert_eq!(
            (snapshot(&problem), snapshot(&samples)),
            whole,
            "killed at write {}",
            k
        );
    }
    assert!(killed >= 5, "only {} writes", killed);
    // What an older, unsafe write could leave: an empty folder goes (cargo refuses it), an
    // empty manifest is named with what to do.
    fs::create_dir_all(root.join("problems/ghost")).unwrap();
    let out = judge(&root, &["check", "keep"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("removed the empty folder problems/ghost"),
        "{}",
        text(&out.stderr)
    );
    fs::write(problem.join("Cargo.toml"), "").unwrap();
    let out = judge(&root, &["check", "keep"]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", said);
    assert_eq!(said.lines().count(), 1, "{}", said);
    assert!(
        said.contains(&format!("problems/{}/Cargo.toml is empty", name)),
        "{}",
        said
    );
}

/// Runs the judge with `args` in `root` to its end, traced like a submission so that its own
/// peak memory is read at its exit: (exit code, stdout, peak KiB).
fn judge_measured(root: &Path, args: &[&str]) -> (i32, String, u64) {
    use judge::exec::{run, supervise};
    use std::process::Stdio;
    let out_path = root.join("judge.stdout");
    let mut command = support::judge_command(root, args);
    command
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out_path).unwrap())
        .stderr(Stdio::inherit());
    let run = supervise::RunId::next();
    let limits = supervise::Limits {
        output_cap: u64::MAX / 2,
        stack: run::DEFAULT_STACK,
    };
    let child = supervise::spawn(&mut command, supervise::How::Traced, limits, &run).unwrap();
    drop(command);
    let exited = child.wait_exited().unwrap();
    let status = child.reap(&run).unwrap().status;
    let peak = exited
        .peak_kib
        .expect("the judge's peak memory (ptrace is needed)");
    (
        status.code().unwrap(),
        fs::read_to_string(&out_path).unwrap(),
        peak,
    )
}

/// Writes 100 MiB as its input says: `file` 100 lines of 1 MiB to out.txt, `lines` one line
/// of 100 MiB, `tokens` 100 lines of 1 MiB to stdout; the answer's first 60 MiB right.
const HUGE_MAIN: &str = r#"use std::io::Write;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    let chunk = vec![b'x'; 1 << 20];
    let mut out: Box<dyn Write> = match s.trim() {
        "file" => Box::new(std::fs::File::create("out.txt").unwrap()),
        _ => Box::new(std::io::stdout()),
    };
    let lines = s.trim() != "lines";
    for _ in 0..100 {
        out.write_all(&chunk).unwrap();
        if lines {
            out.write_all(b"\n").unwrap();
        }
    }
    out.write_all(b"y\n").unwrap();
}
"#;

/// A wrong answer of 100 MiB, in 1 MiB lines or in one line, written to a file or to
/// stdout, compared by tokens or by lines, with the side-by-side view of `--verbose`: the
/// tool's own peak memory stays under 64 MiB.
#[test]
fn a_huge_wrong_answer_keeps_the_tool_small() {
    let big = |name: &str, metadata: &str| {
        let mut m = support::Manifest::new(name);
        m.metadata = metadata.to_string();
        m.listing = "output-limit-mib = 256\n".to_string();
        m.render()
    };
    let expected: String = "x".repeat(1 << 20) + "\n";
    // Samples are at most 64 MiB: 60 lines as the answer's, then one it does not have.
    let expected = expected.repeat(60) + "z\n";
    let root = workspace(
        "robust-huge",
        &[
            (
                "problems/hfile/Cargo.toml",
                &big("hfile", "output-file = \"out.txt\""),
            ),
            ("problems/hfile/src/main.rs", HUGE_MAIN),
            ("samples/hfile/1.in", "file\n"),
            ("samples/hfile/1.out", &expected),
            (
                "problems/hline/Cargo.toml",
                &big("hline", "compare = \"lines\""),
            ),
            ("problems/hline/src/main.rs", HUGE_MAIN),
            ("samples/hline/1.in", "lines\n"),
            ("samples/hline/1.out", &expected.replace('\n', "")),
            (
                "problems/htok/Cargo.toml",
                &big("htok", "compare = \"tokens\""),
            ),
            ("problems/htok/src/main.rs", HUGE_MAIN),
            ("samples/htok/1.in", "tokens\n"),
            ("samples/htok/1.out", &expected),
        ],
    );
    let (code, stdout, peak_kib) = judge_measured(
        &root,
        &["check", "--verbose", "1", "hfile", "hline", "htok"],
    );
    eprintln!("{}the tool's own peak: {} KiB", stdout, peak_kib);
    assert_eq!(code, 1, "{}", stdout);
    let file = line(&stdout, "hfile", "1", "WA");
    assert!(file.contains("out.txt: token 61"), "{}", file);
    let one = line(&stdout, "hline", "1", "WA");
    assert!(one.contains("line 1, column 62914561"), "{}", one);
    let tokens = line(&stdout, "htok", "1", "WA");
    assert!(tokens.contains("token 61"), "{}", tokens);
    // The side-by-side views, read to the end: 41 lines differ, the first shown.
    assert!(stdout.contains("!   61  z "), "{}", stdout);
    assert!(stdout.contains("!  101  (no line)"), "{}", stdout);
    assert!(peak_kib < 64 << 10, "the tool's own peak: {} KiB", peak_kib);
}

/// Recurses 10^6 deep (about 128 MiB of stack) and prints the depth.
const DEEP_MAIN: &str = r#"use std::io::Read;
fn depth(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let pad = std::hint::black_box([n; 12]);
    depth(n - 1) + pad[(n % 12) as usize] % 2 + 1
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    println!("{}", depth(s.trim().parse().unwrap()));
}
"#;

/// An AtCoder problem (1 GiB stack) whose solution recurses 10^6 deep, checked under a hard
/// stack limit of 8 MiB: the row names the stack the run had, says it is not AtCoder's and
/// how to raise the limit, and marks the verdict as not the judge's.
#[test]
fn a_stack_the_system_refuses_is_said_and_the_verdict_marked() {
    let mut m = support::Manifest::new("deep");
    m.judge = "atcoder".to_string();
    m.problem = "abc100_a".to_string();
    m.url = "https://atcoder.jp/contests/abc100/tasks/abc100_a".to_string();
    m.time_ms = 5000;
    m.memory_mib = 1024;
    m.listing = "profiles = [\"2025\"]\n".to_string();
    let root = workspace(
        "robust-stack",
        &[
            ("problems/deep/Cargo.toml", &m.render()),
            ("problems/deep/src/main.rs", DEEP_MAIN),
            ("samples/deep/1.in", "1000000\n"),
            ("samples/deep/1.out", "1500000\n"),
        ],
    );
    let judge_bin = env!("CARGO_BIN_EXE_judge");
    let command = support::judge_command(&root, &["check", "deep"]);
    let path = command
        .get_envs()
        .find(|(k, _)| *k == "PATH")
        .and_then(|(_, v)| v)
        .unwrap()
        .to_owned();
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -Hs 8192 || exit 77; exec \"$0\" check deep",
            judge_bin,
        ])
        .current_dir(&root)
        .env("PATH", path)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    if out.status.code() == Some(77) {
        eprintln!("`ulimit -Hs 8192` is not allowed here: skipped");
        return;
    }
    let stdout = text(&out.stdout);
    let row = line(&stdout, "deep", "1", "");
    assert!(row.contains(" RE? "), "{}{}", stdout, text(&out.stderr));
    assert!(
        row.contains("stack overflow (8 MiB stack, not AtCoder's 1 GiB")
            && row.contains("ulimit -Hs unlimited"),
        "{}",
        row
    );
    // Under the tool's own limit here, the judge's stack: AC.
    if rlimit_unlimited() {
        let stdout = text(&judge(&root, &["check", "deep"]).stdout);
        assert!(
            line(&stdout, "deep", "1", "").contains(" AC "),
            "{}",
            stdout
        );
    }
}

/// Whether this process's hard stack limit is unlimited (`ulimit -Hs`).
fn rlimit_unlimited() -> bool {
    let out = std::process::Command::new("sh")
        .args(["-c", "ulimit -Hs"])
        .output()
        .unwrap();
    text(&out.stdout).trim() == "unlimited"
}

/// A file problem whose files have the names of the tool's own (`solution.stderr` in,
/// `solution.stdout` out), its solution chatty on stdout and stderr: the tool's files are
/// elsewhere, and the answer is judged.
#[test]
fn a_solutions_files_never_meet_the_tools() {
    let manifest = manifest("clash").replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\ninput-file = \"solution.stderr\"\noutput-file = \"solution.stdout\"\n",
        1,
    );
    let main = r#"fn main() {
    let input = std::fs::read_to_string("solution.stderr").unwrap();
    println!("noise on stdout");
    eprintln!("noise on stderr");
    std::fs::write("solution.stdout", input.trim().repeat(2) + "\n").unwrap();
}
"#;
    let root = workspace(
        "robust-clash",
        &[
            ("problems/clash/Cargo.toml", &manifest),
            ("problems/clash/src/main.rs", main),
            ("samples/clash/1.in", "ab\n"),
            ("samples/clash/1.out", "abab\n"),
        ],
    );
    let out = judge(&root, &["check", "clash"]);
    let stdout = text(&out.stdout);
    let row = line(&stdout, "clash", "1", "");
    assert!(row.contains(" AC "), "{}{}", stdout, text(&out.stderr));
}

/// A file problem whose solution leaves its output file a symbolic link to `/proc/kmsg` (a
/// read there blocks), or a FIFO: the check never opens either, and says what it found.
#[test]
fn an_output_file_that_is_no_file_is_never_read() {
    let manifest = manifest("nofile").replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\noutput-file = \"out.txt\"\n",
        1,
    );
    let main = r#"fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    match s.trim() {
        "link" => std::os::unix::fs::symlink("/proc/kmsg", "out.txt").unwrap(),
        _ => {
            let made = std::process::Command::new("mkfifo").arg("out.txt").status().unwrap();
            assert!(made.success());
        }
    }
}
"#;
    let root = workspace(
        "robust-nofile",
        &[
            ("problems/nofile/Cargo.toml", &manifest),
            ("problems/nofile/src/main.rs", main),
            ("samples/nofile/1.in", "link\n"),
            ("samples/nofile/1.out", "1\n"),
            ("samples/nofile/2.in", "fifo\n"),
            ("samples/nofile/2.out", "1\n"),
        ],
    );
    let mut child = support::judge_command(&root, &["check", "nofile"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the check blocked");
        }
        thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    let stdout = text(&out.stdout);
    let link = line(&stdout, "nofile", "1", "WA");
    assert!(
        link.contains("out.txt is a symbolic link, not a file it wrote"),
        "{}",
        link
    );
    let fifo = line(&stdout, "nofile", "2", "WA");
    assert!(fifo.contains("out.txt is a FIFO"), "{}", fifo);
}

/// `make worst` of an interactive problem whose reference is the unwritten stub: its
/// interactor decides every input, as in `make stress`; what is saved is the inputs alone.
#[test]
fn worst_judges_an_interactive_problem_through_its_interactor() {
    let root = support::workspace_like_real("robust-worst-interactive");
    support::judge_exits(&root, &["new", "guess", "--template", "interactive"], 0);
    let gen = r#"fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.iter().skip_while(|a| *a != "--seed").nth(1).unwrap().parse().unwrap();
    println!("{}", seed * 7919 % 1000 + 1);
}
"#;
    fs::write(root.join("problems/guess/src/bin/gen.rs"), gen).unwrap();
    let out_dir = root.join("target/worst-saved");
    let out = judge(
        &root,
        &[
            "worst",
            "guess",
            "--n",
            "6",
            "--keep",
            "2",
            "--out",
            out_dir.to_str().unwrap(),
        ],
    );
    let said = text(&out.stdout) + &text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{}", said);
    assert!(out_dir.join("worst-1.in").is_file(), "{}", said);
    for absent in ["worst-1.out", "worst-1.code", "worst-2.out", "worst-2.code"] {
        assert!(!out_dir.join(absent).exists(), "{} saved: {}", absent, said);
    }
}

/// A solution that floods the interactor, and an interactor that floods a solution: each
/// row gives the true reason, the output cap, never the wall-clock cap.
#[test]
fn an_output_over_its_cap_says_so_not_the_wall_clock() {
    let flood_sol = r#"use std::io::Write;
fn main() {
    let mut out = std::io::stdout();
    loop {
        out.write_all(&[b'1'; 4096]).unwrap();
    }
}
"#;
    let drain_sol = r#"use std::io::{BufRead, Write};
fn main() {
    println!("500");
    std::io::stdout().flush().unwrap();
    for line in std::io::stdin().lock().lines() {
        if line.is_err() {
            return;
        }
    }
}
"#;
    let flood_int = r#"use std::io::{BufRead, Write};
fn main() {
    let stdin = std::io::stdin();
    let _ = stdin.lock().lines().next();
    let mut out = std::io::stdout();
    loop {
        if out.write_all(&b"higher\n".repeat(1000)).is_err() {
            std::process::exit(1);
        }
    }
}
"#;
    let capped = |name: &str| {
        interactive_manifest(name).replacen(
            "memory-limit-mib = 64\n",
            "memory-limit-mib = 64\noutput-limit-mib = 1\n",
            1,
        )
    };
    let files = [
        ("problems/sflood/Cargo.toml".to_string(), capped("sflood")),
        ("problems/sflood/src/main.rs".into(), flood_sol.into()),
        (
            "problems/sflood/src/bin/interactor.rs".into(),
            // Reads whatever comes, to its end.
            "fn main() {\n    let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());\n    std::process::exit(1);\n}\n".into(),
        ),
        ("samples/sflood/1.in".into(), "731\n".into()),
        // 64 MiB through the relay: time for the tool's debug build.
        (
            "problems/iflood/Cargo.toml".into(),
            capped("iflood").replace("time-limit-ms = 1000\n", "time-limit-ms = 20000\n"),
        ),
        ("problems/iflood/src/main.rs".into(), drain_sol.into()),
        (
            "problems/iflood/src/bin/interactor.rs".into(),
            flood_int.into(),
        ),
        ("samples/iflood/1.in".into(), "731\n".into()),
    ];
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_str()))
        .collect();
    let root = workspace("robust-floods", &borrowed);
    let stdout = text(&judge(&root, &["check", "sflood", "iflood"]).stdout);
    let ole = line(&stdout, "sflood", "1", "OLE");
    assert!(
        ole.contains("stdout reached the 1 MiB output cap: stopped there (killed by SIGKILL")
            && !ole.contains("wall-clock"),
        "{}",
        ole
    );
    let fail = line(&stdout, "iflood", "1", "FAIL");
    assert!(
        fail.contains("stdout reached its 64 MiB output cap") && !fail.contains("wall-clock"),
        "{}",
        fail
    );
}

/// A string literal holding the workspace's path: the bundle is the code as written (the
/// answer it prints is right), and the size row says the judge would see the path.
#[test]
fn a_path_in_the_code_is_reported_not_rewritten() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robust-leak");
    let place = format!("{}/samples/leak/1.in", root.display());
    let main = format!("fn main() {{\n    println!(\"{}\");\n}}\n", place);
    let root = workspace(
        "robust-leak",
        &[
            ("problems/leak/Cargo.toml", &manifest("leak")),
            ("problems/leak/src/main.rs", &main),
            ("samples/leak/1.in", ""),
            ("samples/leak/1.out", &format!("{}\n", place)),
        ],
    );
    let stdout = text(&judge(&root, &["check", "leak"]).stdout);
    assert!(
        line(&stdout, "leak", "1", "").contains(" AC "),
        "{}",
        stdout
    );
    let size = line(&stdout, "leak", "size", "");
    assert!(
        size.contains("line 2 of the bundle holds this workspace's path"),
        "{}",
        size
    );
    let bundle = fs::read_to_string(root.join("target/submit/leak.rs")).unwrap();
    assert!(bundle.contains(&place), "{}", bundle);
}

/// `samples/<name>` a symbolic link to a folder outside the workspace: the check and an
/// import refuse it in one line, and nothing is read from it or written into it.
#[test]
fn a_samples_folder_leading_out_of_the_workspace_is_refused() {
    let outside = notes("outside-samples");
    fs::write(outside.join("1.in"), "1\n").unwrap();
    fs::write(outside.join("1.out"), "1\n").unwrap();
    let root = support::workspace_like_real("robust-samples-link");
    let payload =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/companion/usaco/problem/normal.json");
    let name = support::imported(&root, "usaco/problem/normal.json").remove(0);
    let samples = root.join("samples").join(&name);
    fs::remove_dir_all(&samples).unwrap();
    std::os::unix::fs::symlink(&outside, &samples).unwrap();
    let shown = format!(
        "samples/{} is a symbolic link to {}",
        name,
        outside.display()
    );
    for args in [
        vec!["check", name.as_str()],
        vec!["import", payload.to_str().unwrap()],
    ] {
        let out = judge(&root, &args);
        let said = text(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{:?}: {}", args, said);
        assert!(said.contains(&shown), "{:?}: {}", args, said);
        assert_eq!(said.lines().count(), 1, "{:?}: {}", args, said);
    }
    let mut left: Vec<_> = fs::read_dir(&outside)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["1.in", "1.out"]);
}

/// `make run` of a big output, on stdout and in a file problem's output file: a part is
/// printed, the whole kept at `target/judge/run/<name>.out`, and the row says where.
#[test]
fn make_run_prints_a_part_and_keeps_the_whole() {
    let print = |to_file: bool| {
        format!(
            "use std::io::Write;\nfn main() {{\n    let text: String = (0..100000).map(|i| format!(\"{{}}\\n\", i)).collect();\n    {}\n}}\n",
            if to_file {
                "std::fs::write(\"out.txt\", text).unwrap();"
            } else {
                "std::io::stdout().write_all(text.as_bytes()).unwrap();"
            }
        )
    };
    let file_manifest = manifest("rfile").replacen(
        "[package.metadata.judge]\n",
        "[package.metadata.judge]\noutput-file = \"out.txt\"\n",
        1,
    );
    let root = workspace(
        "robust-run",
        &[
            ("problems/rout/Cargo.toml", &manifest("rout")),
            ("problems/rout/src/main.rs", &print(false)),
            ("problems/rfile/Cargo.toml", &file_manifest),
            ("problems/rfile/src/main.rs", &print(true)),
            ("in.txt", ""),
        ],
    );
    let whole: String = (0..100000).map(|i| format!("{}\n", i)).collect();
    for name in ["rout", "rfile"] {
        let out = judge(&root, &["run", name, "--in", "in.txt"]);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{}{}", stdout, text(&out.stderr));
        assert!(
            stdout.lines().count() < 220,
            "{}: {} lines",
            name,
            stdout.lines().count()
        );
        let kept = format!("target/judge/run/{}.out", name);
        assert!(
            stdout.contains(&format!(
                "more bytes (the first 200 lines or 64 KiB are shown): all of it is in {}",
                kept
            )),
            "{}",
            stdout
        );
        assert_eq!(
            fs::read_to_string(root.join(&kept)).unwrap(),
            whole,
            "{}",
            name
        );
    }
}

/// A compile error: one row says how many cases did not run, not a row each; a long
/// problem name: every row's columns stay under the header's.
#[test]
fn a_failed_compile_is_one_row_and_columns_fit_their_content() {
    let long = "a_problem_with_a_long_name";
    let mut files = vec![
        (format!("problems/{}/Cargo.toml", long), manifest(long)),
        (
            format!("problems/{}/src/main.rs", long),
            "fn main() {\n    println!(\"1\");\n}\n".to_string(),
        ),
        (format!("samples/{}/1.in", long), String::new()),
        (format!("samples/{}/1.out", long), "1\n".to_string()),
        ("problems/broken/Cargo.toml".to_string(), manifest("broken")),
        (
            "problems/broken/src/main.rs".to_string(),
            "fn main() {\n    let x: u8 = \"no\";\n}\n".to_string(),
        ),
    ];
    for i in 1..=21 {
        files.push((format!("samples/broken/{}.in", i), String::new()));
        files.push((format!("samples/broken/{}.out", i), "1\n".to_string()));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_str()))
        .collect();
    let root = workspace("robust-table", &borrowed);
    let stdout = text(&judge(&root, &["check"]).stdout);
    let not_run: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("broken ") && l.contains("did not run"))
        .collect();
    assert_eq!(not_run.len(), 1, "{}", stdout);
    assert!(
        not_run[0].contains("21 cases (1, 2, 3, 4, 5 and 16 more) did not run"),
        "{}",
        stdout
    );
    assert_eq!(stdout.matches("compile failed").count(), 1, "{}", stdout);
    // The verdict column starts at the same place in the header and in every row.
    let table: Vec<&str> = stdout.lines().take_while(|l| !l.is_empty()).collect();
    let at = table[0].find("verdict").unwrap();
    for row in &table[1..] {
        let before = &row[..at];
        assert!(
            before.ends_with("  ") && !row[at..].starts_with(' '),
            "{}\n{}",
            table[0],
            row
        );
    }
}
