#!/usr/bin/env bash
# Stress's rate against online-judge-tools' `oj g/i --hack` on the same three binaries, in a
# throwaway copy of the workspace (the real one is never touched): `quick` is `make new`'s
# template reading two numbers with `input!` and printing their sum, with a generator
# `quick-gen` and a reference `quick-ref` in src/bin. Rounds alternate oj and the tool, so the
# machine's load falls on both alike; the figures are cases per second.
#
# Each round also times the floor of any such loop: `spawn-floor`, which does nothing but
# start the same three programs per case on every core (posix_spawn through std, files for
# the input and the outputs, a byte comparison), with no limits, measurement or supervision.
# No stress loop that runs the three programs per case can beat it.
#
# Usage: scripts/judge/stress-vs-oj.sh [ROUNDS] [SECONDS]
#   OJ=<path to oj> (default: oj on PATH; `pip install online-judge-tools` in a venv)
#   N=<cases of make stress per round> (default 3000)
#   JUDGE_BIN=<path> times another build of the tool.
#   EXTRA="poj2676 p1074" also times stress on those problems of the workspace (N cases).
set -euo pipefail
rounds=${1:-3}
seconds=${2:-10}
cases=${N:-3000}
oj=${OJ:-oj}
command -v "$oj" > /dev/null || { echo "stress-vs-oj: no oj (set OJ=)" >&2; exit 2; }
source "$(dirname "$0")/throwaway.sh"
throwaway stress-vs-oj
for p in ${EXTRA:-}; do
    cp -r "$root/problems/$p" "problems/$p"
    cp -r "$root/samples/$p" "samples/$p"
done
"$judge" new quick > /dev/null
cat > problems/quick/src/main.rs <<'EOF'
use scan::input;

fn main() {
    input! {
        a: i64,
        b: i64,
    }
    println!("{}", a + b);
}
EOF
# The generator takes `--seed N` (stress) or seeds itself from the clock (oj).
cat > problems/quick/src/bin/gen.rs <<'EOF'
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut seed: u64 = match args.iter().position(|a| a == "--seed") {
        Some(i) => args[i + 1].parse().unwrap(),
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    };
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % 2_000_001) as i64 - 1_000_000
    };
    println!("{} {}", next(), next());
}
EOF
sum_with_std > problems/quick/src/bin/reference.rs
rm -f problems/quick/src/bin/checker.rs
sed -i '/^\[\[bin\]\]$/{N;/quick-check/{N;d}}' problems/quick/Cargo.toml
printf '1 2\n' > samples/quick/1.in
printf '3\n' > samples/quick/1.out
cargo build --quiet --release -p quick
"$judge" check quick > /dev/null

cat > "$tmp/spawn-floor.rs" <<'EOF'
use std::fs::{self, File};
use std::process::Command;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (gen, reference, solution) = (&args[1], &args[2], &args[3]);
    let cases: usize = args[4].parse().unwrap();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for w in 0..threads {
            scope.spawn(move || {
                let dir = format!("spawn-floor.{}", w);
                fs::create_dir_all(&dir).unwrap();
                let input = format!("{}/in", dir);
                let expected = format!("{}/expected", dir);
                let output = format!("{}/out", dir);
                let run = |program: &str, args: &[&str], stdin: Option<&str>, stdout: &str| {
                    let mut command = Command::new(program);
                    command.args(args).stdout(File::create(stdout).unwrap());
                    if let Some(path) = stdin {
                        command.stdin(File::open(path).unwrap());
                    }
                    assert!(command.status().unwrap().success());
                };
                for seed in (w..cases).step_by(threads) {
                    let seed = (seed + 1).to_string();
                    run(gen, &["--seed", &seed], None, &input);
                    run(reference, &[], Some(&input), &expected);
                    run(solution, &[], Some(&input), &output);
                    assert_eq!(fs::read(&expected).unwrap(), fs::read(&output).unwrap());
                }
            });
        }
    });
}
EOF
rustc -O --edition 2021 "$tmp/spawn-floor.rs" -o "$tmp/spawn-floor"
# The solution as the check compiles it (the generic judge's first profile).
rustc -O --edition 2018 target/submit/quick.rs -o "$tmp/quick-judged"

bin=target/release
for round in $(seq "$rounds"); do
    # oj prints one "... th attempt" line per case it ran.
    ran=$( (cd "$tmp" && timeout "$seconds" "$oj" g/i --hack-actual "$bin/quick" \
        --hack-expected "$bin/quick-ref" "$bin/quick-gen" 2>&1 || true) | grep -c 'th attempt' || true)
    rm -rf "$tmp/test"
    oj_rate=$(python3 -c "print(f'{$ran / $seconds:.0f}')")
    start=$(date +%s.%N)
    "$judge" stress quick --n "$cases" > /dev/null 2>&1
    end=$(date +%s.%N)
    ours=$(python3 -c "print(f'{$cases / ($end - $start):.0f}')")
    start=$(date +%s.%N)
    "$tmp/spawn-floor" "$bin/quick-gen" "$bin/quick-ref" "$tmp/quick-judged" "$cases"
    end=$(date +%s.%N)
    floor=$(python3 -c "print(f'{$cases / ($end - $start):.0f}')")
    line="round $round: oj $oj_rate, stress $ours, spawn-floor $floor cases/s"
    for p in ${EXTRA:-}; do
        start=$(date +%s.%N)
        "$judge" stress "$p" --n "$cases" > /dev/null 2>&1
        end=$(date +%s.%N)
        line="$line, $p $(python3 -c "print(f'{$cases / ($end - $start):.0f}')")"
    done
    echo "$line"
done
