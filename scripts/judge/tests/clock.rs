//! The judge's clock in `check` and `bench`: TLE (CPU and wall), MLE and in-time verdicts on
//! programs built to hit them, and bench's checks of committed outputs. (The clock's own
//! overhead is pinned in `tests/overhead.rs`, a test binary of its own so that these
//! CPU-hungry programs never run beside it.)

mod support;

use support::{judge_exits, manifest, row, workspace};

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
    // AtCoder's memory limit; 400 MiB against it is MLE on either path (JUDGE_PORTABLE=1).
    let limits = manifest("limits").replace("memory-limit-mib = 64", "memory-limit-mib = 256");
    let root = workspace(
        "clock-limits",
        &[
            ("problems/limits/Cargo.toml", &limits),
            ("problems/limits/src/main.rs", MAIN),
            ("samples/limits/1.in", "spin 1150\n"),
            ("samples/limits/2.in", "nap 10000\n"),
            ("samples/limits/3.in", "nap 1200\n"),
            ("samples/limits/4.in", "spin 200\n"),
            ("samples/limits/5.in", "mem 400\n"),
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
    assert!(number(big[mem]) >= 400, "{}", out);
    assert!(out.contains("limit 256 MiB"), "{}", out);

    let small = row(&out, "limits", "6");
    assert_eq!(small[2], "AC", "{}", out);
    assert!((16..64).contains(&number(small[mem])), "{}", out);
    assert!(out.contains("FAIL: 3 of 6 cases AC"), "{}", out);
}

/// `bench` checks each committed input's output against the `.out` beside it, and shows wall
/// and CPU time.
#[test]
fn bench_checks_committed_outputs() {
    let with_bench = format!(
        "{}\n{}",
        manifest("limits"),
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
            ("problems/limits/Cargo.toml", &with_bench),
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
