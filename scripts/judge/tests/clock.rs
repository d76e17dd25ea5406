//! The judge's clock: its own overhead against a blocking spawn + wait timed here, and the
//! TLE (CPU and wall), MLE and in-time verdicts of `check` on programs built to hit them.

#[allow(dead_code)]
#[path = "../src/run.rs"]
mod run;
mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{judge_exits, row, workspace};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Medians of 300 alternating runs of `program args`: (spawn + blocking wait timed here, the
/// judge's wall time).
fn alternate(program: &str, args: &[&str]) -> (Duration, Duration) {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("clock-overhead");
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut own, mut tool) = (Vec::new(), Vec::new());
    for _ in 0..300 {
        let start = Instant::now();
        let status = Command::new(program)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
            .wait()
            .unwrap();
        own.push(start.elapsed());
        assert!(status.success());
        let out = run::run(
            Path::new(program),
            &args,
            Path::new("/dev/null"),
            &scratch,
            Duration::from_secs(10),
        )
        .unwrap();
        assert_eq!(out.exit, run::Exit::Code(0));
        tool.push(out.elapsed);
    }
    (median(own), median(tool))
}

/// A program that exits at once costs a spawn and a wait (about 1 ms here). The judge's clock
/// must report it within 0.5 ms of the same spawn + blocking wait timed by this test; so must
/// it a program that sleeps 1 ms (where a polling clock overshoots). Runs alternate, one of
/// each in turn, so machine noise hits both sides alike; medians are compared.
#[test]
fn overhead_is_within_half_a_millisecond_of_a_blocking_wait() {
    for (program, args) in [("/bin/true", &[][..]), ("/bin/sleep", &["0.001"][..])] {
        let (own, tool) = alternate(program, args);
        eprintln!(
            "{} {}: spawn + blocking wait {:.3} ms, judge clock {:.3} ms (medians of 300)",
            program,
            args.join(" "),
            own.as_secs_f64() * 1e3,
            tool.as_secs_f64() * 1e3
        );
        let gap = tool.as_secs_f64() - own.as_secs_f64();
        assert!(
            gap.abs() < 0.5e-3,
            "{}: own {:?}, tool {:?}",
            program,
            own,
            tool
        );
    }
}

const MANIFEST: &str = r#"[package]
name = "limits"
version = "0.1.0"
edition = "2018"

[package.metadata.judge]
compare = "lines"

[[package.metadata.judge.judges]]
judge = "generic"
problem = "1"
url = "http://example.invalid/1"
time-limit-ms = 1000
memory-limit-mib = 64
"#;

/// Does what its input says: `spin MS` burns MS ms of its own CPU time, `nap MS` sleeps,
/// `mem MIB` fills MIB MiB of memory (every page touched); then prints `done`.
const MAIN: &str = r#"use std::io::Read;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, t: *mut Timespec) -> i32;
}

/// CPU time of this process (CLOCK_PROCESS_CPUTIME_ID) in ms.
fn cpu_ms() -> u64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    unsafe {
        clock_gettime(2, &mut t);
    }
    t.sec as u64 * 1000 + t.nsec as u64 / 1_000_000
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut words = s.split_whitespace();
    let what = words.next().unwrap();
    let n: u64 = words.next().unwrap().parse().unwrap();
    let mut sum = 0u64;
    match what {
        "spin" => {
            while cpu_ms() < n {
                sum = sum.wrapping_add(1);
            }
        }
        "nap" => std::thread::sleep(std::time::Duration::from_millis(n)),
        "mem" => {
            let v = vec![7u8; (n as usize) << 20];
            sum = v.iter().step_by(4096).map(|&b| b as u64).sum();
        }
        _ => panic!("unknown word"),
    }
    println!("done");
    if sum == 1 {
        eprintln!("(never)");
    }
}
"#;

fn number(column: &str) -> u64 {
    column.parse::<f64>().unwrap() as u64
}

/// TLE is CPU time over the limit, or killed at the wall-clock cap (1.5 times the limit);
/// waiting past the limit without using CPU is not TLE; memory over the limit is MLE. The
/// table's wall, cpu and memory columns show what happened.
#[test]
fn check_judges_cpu_time_the_wall_cap_and_memory() {
    let root = workspace(
        "clock-limits",
        &[
            ("problems/limits/Cargo.toml", MANIFEST),
            ("problems/limits/src/main.rs", MAIN),
            ("samples/limits/1.in", "spin 1150\n"),
            ("samples/limits/2.in", "nap 10000\n"),
            ("samples/limits/3.in", "nap 1200\n"),
            ("samples/limits/4.in", "spin 200\n"),
            ("samples/limits/5.in", "mem 100\n"),
            ("samples/limits/6.in", "mem 16\n"),
        ],
    );
    for n in 1..=6 {
        std::fs::write(root.join(format!("samples/limits/{}.out", n)), "done\n").unwrap();
    }
    let out = judge_exits(&root, &["check", "limits"], 1);
    // Columns: problem case verdict wall cpu limit mem detail...
    let (wall, cpu, mem) = (3, 4, 6);

    let spin = row(&out, "limits", "1");
    assert_eq!(spin[2], "TLE", "{}", out);
    if spin.contains(&"killed") {
        // Only on a machine so loaded that 1150 ms of CPU took over 1500 ms of wall time.
        assert!(number(spin[wall]) >= 1500, "{}", out);
    } else {
        assert!(number(spin[cpu]) >= 1150, "{}", out);
        assert!(out.contains("ms over the 1000 ms limit"), "{}", out);
    }

    let hang = row(&out, "limits", "2");
    assert_eq!(hang[2], "TLE", "{}", out);
    assert!(hang.contains(&"killed"), "{}", out);
    assert!((1500..2500).contains(&number(hang[wall])), "{}", out);
    assert!(number(hang[cpu]) < 100, "{}", out);

    let nap = row(&out, "limits", "3");
    assert_eq!(nap[2], "AC", "{}", out);
    assert!(
        number(nap[wall]) >= 1200 && number(nap[cpu]) < 100,
        "{}",
        out
    );

    let short = row(&out, "limits", "4");
    assert_eq!(short[2], "AC", "{}", out);
    assert!((200..400).contains(&number(short[cpu])), "{}", out);

    let big = row(&out, "limits", "5");
    assert_eq!(big[2], "MLE", "{}", out);
    assert!(number(big[mem]) >= 100, "{}", out);
    assert!(out.contains("limit 64 MiB"), "{}", out);

    let small = row(&out, "limits", "6");
    assert_eq!(small[2], "AC", "{}", out);
    assert!((16..64).contains(&number(small[mem])), "{}", out);
    assert!(out.contains("FAIL: 3 of 6 cases AC"), "{}", out);
}

/// `bench` checks each committed input's output against the `.out` beside it, and shows wall
/// and CPU time.
#[test]
fn bench_checks_committed_outputs() {
    let manifest = format!(
        "{}\n{}",
        MANIFEST,
        r#"[[package.metadata.judge.bench]]
name = "right"
input = "data/right.in"

[[package.metadata.judge.bench]]
name = "wrong"
input = "data/wrong.in"
"#
    );
    let root = workspace(
        "clock-bench",
        &[
            ("problems/limits/Cargo.toml", &manifest),
            ("problems/limits/src/main.rs", MAIN),
            ("problems/limits/data/right.in", "spin 1\n"),
            ("problems/limits/data/right.out", "done\n"),
            ("problems/limits/data/wrong.in", "spin 1\n"),
            ("problems/limits/data/wrong.out", "finished\n"),
            ("samples/limits/1.in", "spin 1\n"),
            ("samples/limits/1.out", "done\n"),
        ],
    );
    let out = judge_exits(&root, &["bench", "limits", "--runs", "1"], 1);
    assert!(out.contains("wall ms") && out.contains("cpu ms"), "{}", out);
    let invalid: Vec<&str> = out.lines().filter(|l| l.contains("INVALID")).collect();
    assert_eq!(invalid.len(), 1, "{}", out);
    assert!(
        invalid[0].contains("wrong.out") && invalid[0].contains("expected `finished`"),
        "{}",
        out
    );
}
