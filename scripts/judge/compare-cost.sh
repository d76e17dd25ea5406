#!/usr/bin/env bash
# What judging a large output costs the tool in each comparison mode, in a throwaway copy of
# the workspace (the real one is never touched): `echo10m` copies its input, 10 M one-digit
# lines (20 MB), to its output, and `make check` compares that with the expected output as
# tokens and as lines, its compiles reused. The tool's own CPU time is the whole check's
# (user + system, hyperfine) less the solution's, which the check's row gives.
#
# Usage: scripts/judge/compare-cost.sh [RUNS]   (medians are the figures)
#   JUDGE_BIN=<path> times another build of the tool.
set -euo pipefail
runs=${1:-5}
source "$(dirname "$0")/throwaway.sh"
throwaway compare-cost
for mode in tokens lines; do
    p=echo10m-$mode
    plain_problem "$p" "$mode" generic echo https://example.com/echo
    cat > "problems/$p/src/main.rs" <<'EOF'
use std::io::{Read, Write};

fn main() {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    std::io::stdout().write_all(&input).unwrap();
}
EOF
done
python3 -c "
import sys
sys.stdout.write('\n'.join(str(i % 10) for i in range(10_000_000)) + '\n')
" > samples/echo10m-tokens/1.in
cp samples/echo10m-tokens/1.in samples/echo10m-tokens/1.out
cp samples/echo10m-tokens/1.* samples/echo10m-lines/
for mode in tokens lines; do
    "$judge" check "echo10m-$mode" > /dev/null
done
hyperfine --style basic --runs "$runs" --warmup 1 --export-json "$tmp/cost.json" \
    "$judge check echo10m-tokens" "$judge check echo10m-lines" > /dev/null
# The solution's CPU time, from a check's row (`cpu ms`).
solution_ms() {
    "$judge" check "$1" | awk -v p="$1" '$1 == p && $2 == "1" { print $5 }'
}
python3 - "$tmp/cost.json" "$(solution_ms echo10m-tokens)" "$(solution_ms echo10m-lines)" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
solution = [int(sys.argv[2]) / 1000, int(sys.argv[3]) / 1000]
tool = []
for r, own in zip(results, solution):
    # Older hyperfines keep only the mean of user and system times.
    if isinstance(r["user"], list):
        cpu = statistics.median(u + s for u, s in zip(r["user"], r["system"]))
    else:
        cpu = r["user"] + r["system"]
    tool.append(cpu - own)
    print(f"{r['command']}: whole check {cpu:.3f} s cpu, solution {own:.3f} s, "
          f"tool {cpu - own:.3f} s")
print(f"tokens / lines, the tool's CPU: {tool[0] / tool[1]:.2f}")
PY
