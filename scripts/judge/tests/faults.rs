//! The check against planted faulty programs: each case asserts the verdict and what the tool
//! used or left behind (its own peak memory, files on disk, processes still alive).

mod support;

use judge::exec::{launch, run, supervise};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};
use support::{judge_command, line, manifest, workspace};

/// Misbehaves as its input's first word says; `ok` otherwise.
const FAULTY_MAIN: &str = r#"use std::io::{Read, Write};
use std::process::{Command, Stdio};
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut words = s.split_whitespace();
    let word = words.next().unwrap_or("");
    let mut arg = || words.next().unwrap().to_string();
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    match word {
        "big" => {
            for i in 0..1_900_000u32 {
                writeln!(out, "{:09}", i).unwrap();
            }
        }
        "endless" => loop {
            out.write_all(&[b'y'; 1 << 16]).unwrap();
        },
        "stderr" => {
            let err = std::io::stderr();
            let mut err = err.lock();
            let chunk = vec![b'e'; 1 << 20];
            for _ in 0..1024 {
                err.write_all(&chunk).unwrap();
            }
            writeln!(out, "ok").unwrap();
        }
        "spawn" => {
            let child = Command::new("sleep").arg("100").spawn().unwrap();
            std::fs::write(arg(), child.id().to_string()).unwrap();
            writeln!(out, "ok").unwrap();
        }
        "escape" => {
            // setsid: a new session and process group, out of the run's group.
            let child = Command::new("setsid").args(["sleep", "100"]).spawn().unwrap();
            std::fs::write(arg(), child.id().to_string()).unwrap();
            writeln!(out, "ok").unwrap();
        }
        "writer" => {
            let script = "sleep 0.05; while :; do echo junk; done";
            let child = Command::new("sh").args(["-c", script]).stdin(Stdio::null()).spawn().unwrap();
            std::fs::write(arg(), child.id().to_string()).unwrap();
            writeln!(out, "ok").unwrap();
        }
        "nap" => {
            std::thread::sleep(std::time::Duration::from_millis(300));
            writeln!(out, "ok").unwrap();
        }
        "segv" => {
            let address = unsafe { std::ptr::read_volatile(&0usize) };
            unsafe { (address as *mut u8).write_volatile(1) };
        }
        "abort" => std::process::abort(),
        "parent" => {
            // Who started it: the judge itself, or its launcher (the portable path).
            let parent = std::os::unix::process::parent_id();
            let cmdline = std::fs::read(format!("/proc/{}/cmdline", parent)).unwrap();
            std::fs::write(arg(), cmdline).unwrap();
            writeln!(out, "ok").unwrap();
        }
        "esc" => {
            eprintln!("\u{1b}[31mred\u{1b}[0m");
            writeln!(out, "\u{1b}]0;pwned\u{7}\u{1b}[2J").unwrap();
        }
        _ => writeln!(out, "ok").unwrap(),
    }
}
"#;

/// The 18.9 MB answer of `big`.
fn big_answer() -> String {
    (0..1_900_000u32).map(|i| format!("{:09}\n", i)).collect()
}

/// What one check of the faulty program showed and left.
struct Checked {
    root: PathBuf,
    stdout: String,
    /// The judge's own peak memory (its image's high-water mark at exit), KiB.
    tool_peak_kib: u64,
    /// The files the planted programs wrote their children's pids to.
    pids: PathBuf,
}

/// The cases, in order: (name, input, expected output).
fn cases(pids: &Path) -> Vec<(String, String, String)> {
    let pid = |name: &str| pids.join(name).display().to_string();
    let ok = || "ok\n".to_string();
    vec![
        ("1".into(), "big\n".into(), big_answer()),
        ("2".into(), "small\n".into(), ok()),
        ("3".into(), "endless\n".into(), ok()),
        ("4".into(), "stderr\n".into(), ok()),
        ("5".into(), format!("spawn {}\n", pid("spawn")), ok()),
        ("6".into(), format!("escape {}\n", pid("escape")), ok()),
        ("7".into(), format!("writer {}\n", pid("writer")), ok()),
        ("8".into(), "nap\n".into(), ok()),
        ("9".into(), "small\n".into(), ok()),
        ("10".into(), "segv\n".into(), ok()),
        ("11".into(), "abort\n".into(), ok()),
        ("12".into(), "esc\n".into(), ok()),
        ("13".into(), format!("parent {}\n", pid("parent")), ok()),
    ]
}

/// Runs the judge with `args` in `root` to its end, traced like a submission so that its own
/// peak memory is read at its exit: (exit code, stdout, peak KiB).
fn judge_measured(root: &Path, args: &[&str]) -> (i32, String, u64) {
    let out_path = root.join("judge.stdout");
    let mut command = judge_command(root, args);
    command
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).unwrap())
        .stderr(Stdio::inherit());
    let run = supervise::RunId::next();
    let limits = supervise::Limits {
        output_cap: u64::MAX / 2,
        stack: run::DEFAULT_STACK,
    };
    let how = supervise::How::Traced;
    let child = supervise::spawn(&mut command, how, limits, &run).unwrap();
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

/// The one check of the faulty program that every test here reads (run once).
fn checked() -> &'static Checked {
    static CHECKED: OnceLock<Checked> = OnceLock::new();
    CHECKED.get_or_init(|| {
        // The judge's own output limit, as `make list` shows it.
        let demo = manifest("demo") + "output-limit-mib = 32\n";
        let root = workspace(
            "faults",
            &[
                ("problems/demo/Cargo.toml", &demo),
                ("problems/demo/src/main.rs", FAULTY_MAIN),
            ],
        );
        let pids = root.join("pids");
        fs::create_dir_all(&pids).unwrap();
        for (name, input, output) in cases(&pids) {
            fs::create_dir_all(root.join("samples/demo")).unwrap();
            fs::write(root.join(format!("samples/demo/{}.in", name)), input).unwrap();
            fs::write(root.join(format!("samples/demo/{}.out", name)), output).unwrap();
        }
        let (code, stdout, tool_peak_kib) = judge_measured(&root, &["check", "demo"]);
        assert_eq!(code, 1, "{}", stdout);
        eprintln!("{}the tool's own peak: {} KiB", stdout, tool_peak_kib);
        Checked {
            root,
            stdout,
            tool_peak_kib,
            pids,
        }
    })
}

fn row(case: &str) -> &'static str {
    line(&checked().stdout, "demo", case, "")
}

/// The memory column of a row, MiB.
fn mem_mib(row: &str) -> f64 {
    row.split_whitespace().nth(6).unwrap().parse().unwrap()
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

fn pid_of(name: &str) -> u32 {
    let text = fs::read_to_string(checked().pids.join(name)).unwrap();
    text.trim().parse().unwrap()
}

/// Every file under `dir` with its size.
fn files_under(dir: &Path, found: &mut Vec<(PathBuf, u64)>) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let meta = fs::symlink_metadata(&path).unwrap();
        if meta.is_dir() {
            files_under(&path, found);
        } else {
            found.push((path, meta.len()));
        }
    }
}

#[test]
fn a_large_answer_then_a_trivial_case_reports_the_programs_own_memory() {
    let big = row("1");
    assert!(big.contains(" AC "), "{}", big);
    for case in ["2", "9"] {
        let small = row(case);
        assert!(small.contains(" AC "), "{}", small);
        // The program itself uses about 2 MiB: nothing of the tool's 18.9 MB comparison.
        assert!(mem_mib(small) < 8.0, "{}", small);
    }
}

#[test]
fn endless_output_is_ole_with_the_tool_small_and_no_big_file_left() {
    let ole = row("3");
    assert!(ole.contains(" OLE "), "{}", ole);
    assert!(
        ole.contains("stdout reached the 32 MiB output cap"),
        "{}",
        ole
    );
    let c = checked();
    assert!(
        c.tool_peak_kib < 300 * 1024,
        "the tool's own peak: {} KiB",
        c.tool_peak_kib
    );
    let mut files = Vec::new();
    files_under(&c.root.join("target"), &mut files);
    let cap = 32 << 20;
    let big: Vec<_> = files.iter().filter(|(_, len)| *len >= cap).collect();
    assert!(big.is_empty(), "{:?}", big);
    // The check's own folders are gone with it.
    let mut left = Vec::new();
    files_under(&c.root.join("target/judge"), &mut left);
    assert!(left.is_empty(), "{:?}", left);
}

#[test]
fn the_output_cap_is_the_judges_and_listed() {
    let listed = support::judge_exits(&checked().root, &["list"], 0);
    let row = line(&listed, "demo", "unknown", "");
    assert!(row.contains(" 32 MiB "), "{}", listed);
    assert!(listed.contains("output cap"), "{}", listed);
}

#[test]
fn a_gigabyte_of_stderr_is_ole_at_the_cap() {
    let ole = row("4");
    assert!(ole.contains(" OLE "), "{}", ole);
    assert!(
        ole.contains("stderr reached the 32 MiB output cap"),
        "{}",
        ole
    );
    assert!(checked().tool_peak_kib < 300 * 1024);
}

#[test]
fn no_child_of_a_solution_outlives_its_run() {
    assert!(row("5").contains(" AC "), "{}", row("5"));
    assert!(row("6").contains(" AC "), "{}", row("6"));
    for name in ["spawn", "escape", "writer"] {
        let pid = pid_of(name);
        if name == "escape" && supervise::portable() {
            // The portable path sweeps through the process group alone: a process that left
            // it (setsid) is not found (PROTOCOL.md). Removed here.
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            continue;
        }
        assert!(!alive(pid), "{} child {} is still alive", name, pid);
    }
}

/// `JUDGE_PORTABLE=1` (in this test's environment, inherited by the judge) runs every
/// program through the launcher; without it, on Linux, the judge spawns it itself.
#[test]
fn the_program_is_started_by_the_path_asked_for() {
    assert!(row("13").contains(" AC "), "{}", row("13"));
    let cmdline = fs::read(checked().pids.join("parent")).unwrap();
    let launched = cmdline
        .split(|&b| b == 0)
        .any(|arg| arg == launch::ARG.as_bytes());
    assert_eq!(
        launched,
        supervise::portable(),
        "{}",
        String::from_utf8_lossy(&cmdline)
    );
}

#[test]
fn a_leftover_writer_never_touches_a_later_case() {
    assert!(row("7").contains(" AC "), "{}", row("7"));
    // Runs for 300 ms: a writer left from case 7 would have written into it.
    let next = row("8");
    assert!(next.contains(" AC "), "{}", next);
}

#[test]
fn signals_are_named() {
    let segv = row("10");
    assert!(
        segv.contains(" RE ") && segv.contains("killed by SIGSEGV (segmentation fault)"),
        "{}",
        segv
    );
    let abort = row("11");
    assert!(
        abort.contains(" RE ") && abort.contains("killed by SIGABRT (aborted)"),
        "{}",
        abort
    );
}

#[test]
fn control_characters_of_outputs_are_shown_escaped() {
    let stdout = &checked().stdout;
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\u{7}'));
    let wa = row("12");
    assert!(
        wa.contains(" WA ") && wa.contains("got `\\u{1b}]0;pwned\\u{7}\\u{1b}[2J`"),
        "{}",
        wa
    );
}

/// Echoes its input: a run that read another run's files shows it at once.
const ECHO_MAIN: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    print!("{}", s);
}
"#;

/// Two checks of one problem at once, from two "terminals", give the verdicts of one alone:
/// every case AC, every compile clean (per-compiler builds share no files), nothing left.
#[test]
fn two_checks_of_one_problem_at_once_agree() {
    let demo = manifest("demo");
    let mut files: Vec<(String, String)> = vec![
        ("problems/demo/Cargo.toml".into(), demo),
        ("problems/demo/src/main.rs".into(), ECHO_MAIN.into()),
    ];
    for i in 1..=6 {
        files.push((format!("samples/demo/{}.in", i), format!("answer{}\n", i)));
        files.push((format!("samples/demo/{}.out", i), format!("answer{}\n", i)));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_str()))
        .collect();
    let root = workspace("two-at-once", &borrowed);
    let rounds: usize = std::env::var("JUDGE_FAULT_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2);
    let start = Instant::now();
    for round in 0..rounds {
        let both: Vec<_> = (0..2)
            .map(|_| {
                let root = root.clone();
                thread::spawn(move || support::judge(&root, &["check", "demo"]))
            })
            .collect();
        for out in both {
            let out = out.join().unwrap();
            let stdout = support::text(&out.stdout);
            assert_eq!(
                out.status.code(),
                Some(0),
                "round {}: {}{}",
                round + 1,
                stdout,
                support::text(&out.stderr)
            );
            assert!(stdout.contains("PASS: 6 of 6 cases AC"), "{}", stdout);
        }
    }
    eprintln!(
        "{} rounds of two checks at once in {:.1} s",
        rounds,
        start.elapsed().as_secs_f64()
    );
    let mut left = Vec::new();
    files_under(&root.join("target/judge"), &mut left);
    files_under(&root.join("target/submit"), &mut left);
    left.retain(|(p, _)| p.file_name().unwrap() != "demo.rs");
    assert!(left.is_empty(), "{:?}", left);
    assert!(start.elapsed() < Duration::from_secs(600));
}

/// Recurses as deep as its input says, ordinary non-tail recursion of about 128 bytes a
/// frame (10^6 levels: about 128 MiB of stack), and prints the sum it builds.
const DEEP_MAIN: &str = r#"use std::io::Read;
fn depth(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let pad = std::hint::black_box([n; 12]);
    let below = depth(n - 1);
    below + pad[(n % 12) as usize] % 2 + 1
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    println!("{}", depth(s.trim().parse().unwrap()));
}
"#;

/// Set in the copy of this test that runs under a given `ulimit -s`: the deep program.
const DEEP_BINARY: &str = "JUDGE_TEST_DEEP_BINARY";

/// The deep recursion gets the stack its budget names, whatever the stack of the process
/// that runs it: the test's own RLIMIT_STACK is set to unlimited, then to 8 MiB (soft), and
/// in each a 1 GiB stack is AC, an 8 MiB one a stack overflow.
#[test]
fn a_deep_recursion_has_the_budgets_stack_whatever_the_shells() {
    if let Ok(binary) = std::env::var(DEEP_BINARY) {
        return deep_runs(Path::new(&binary));
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("deep");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("deep.rs"), DEEP_MAIN).unwrap();
    let binary = dir.join("deep");
    let built = Command::new("rustc")
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&binary)
        .arg(dir.join("deep.rs"))
        .status()
        .unwrap();
    assert!(built.success());
    let me = std::env::current_exe().unwrap();
    for ulimit in ["ulimit -s unlimited", "ulimit -S -s 8192"] {
        // The test again, alone, in a shell with that stack limit.
        let script = format!("{} || exit 77; exec \"$0\" \"$@\"", ulimit);
        let status = Command::new("sh")
            .args(["-c", &script])
            .arg(&me)
            .args([
                "--exact",
                "a_deep_recursion_has_the_budgets_stack_whatever_the_shells",
                "--test-threads=1",
                "--nocapture",
            ])
            .env(DEEP_BINARY, &binary)
            .status()
            .unwrap();
        if status.code() == Some(77) {
            eprintln!("`{}` is not allowed here: that case is skipped", ulimit);
            continue;
        }
        assert!(status.success(), "under `{}`: {}", ulimit, status);
    }
}

/// The deep program's runs, under this process's own stack limit.
fn deep_runs(binary: &Path) {
    launch::set_launcher(Path::new(env!("CARGO_BIN_EXE_judge")));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("deep-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in");
    fs::write(&input, "1000000\n").unwrap();
    let budget = |stack: u64| run::Budget {
        kill_after: Duration::from_secs(10),
        output_cap: run::DEFAULT_OUTPUT_CAP,
        stack,
    };
    let deep = run::run_captured(binary, &[], &input, &dir, budget(1 << 30))
        .unwrap()
        .read_in()
        .unwrap();
    assert_eq!(deep.exit, run::Exit::Code(0), "{:?}", deep);
    assert_eq!(deep.stdout, b"1500000\n");
    let over = run::run_captured(binary, &[], &input, &dir, budget(run::DEFAULT_STACK))
        .unwrap()
        .read_in()
        .unwrap();
    // Rust's handler names the overflow, then aborts; without it the fault is SIGSEGV.
    let named = over.first_stderr_line().contains("overflowed its stack");
    assert!(
        over.exit == run::Exit::Signal(libc::SIGSEGV)
            || (over.exit == run::Exit::Signal(libc::SIGABRT) && named),
        "{:?}",
        over
    );
    eprintln!(
        "1 GiB: {} in {:?}, {:.1} MiB; 8 MiB: {}, {}",
        deep.exit.describe(),
        deep.elapsed,
        deep.max_rss_kib as f64 / 1024.0,
        over.exit.describe(),
        over.first_stderr_line()
    );
    let _ = fs::remove_dir_all(&dir);
}
