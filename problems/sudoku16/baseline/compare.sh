#!/usr/bin/env bash
# Side-by-side speed of the submission against the C++ baseline's algorithm, and its slowest grid.
#
#   [REPEAT=k] [RUNS=n] problems/sudoku16/baseline/compare.sh [PUZZLES] [TAIL_GRIDS]
#
# 1. Extracts the C++ from ../shared/seeds/000_*.txt (next to the workspace; read at run
#    time, never copied into the project), compiles it with g++ -O2, takes the submission
#    exactly as `make check P=sudoku16` bundles it (target/submit/sudoku16.rs) and compiles it
#    with rustc -O, checks both answers with sudoku16-check, and times both on the batch of
#    minimal puzzles PUZZLES (default data/minimal.txt) with hyperfine.
# 2. Runs the bundle once per grid on TAIL_GRIDS (default 3000) random sparse grids
#    (`sudoku16-gen --seed i --givens 40..140`), each its own process, and prints the
#    slowest wall times; the slowest grid is then timed again with hyperfine.
#
# Needs g++, hyperfine and bash 5.
# Work files go to $WORK (default /tmp/sudoku16-baseline). Not part of the build or CI.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(dirname "$here")
root=$(cd "$pkg/../.." && pwd)
puzzles=${1:-$pkg/data/minimal.txt}
tail_grids=${2:-3000}
work=${WORK:-/tmp/sudoku16-baseline}
mkdir -p "$work"
# REPEAT=k: each puzzle k times in a row in one input (one process), so per-puzzle cost shows past process start.
if [ "${REPEAT:-1}" -gt 1 ]; then
    python3 - "$puzzles" "$REPEAT" > "$work/repeated.txt" <<'PY'
import sys
cases = [c.strip() for c in open(sys.argv[1]).read().split("\n\n") if c.strip()]
print("\n\n".join(c for c in cases for _ in range(int(sys.argv[2]))))
PY
    puzzles="$work/repeated.txt"
fi

seed_txt=$(ls "$root"/../shared/seeds/000_*.txt | head -1)
first=$(grep -n '^#include' "$seed_txt" | head -1 | cut -d: -f1)
last=$(grep -n '^}' "$seed_txt" | tail -1 | cut -d: -f1)
sed -n "${first},${last}p" "$seed_txt" > "$work/seed.cpp"
g++ -O2 -o "$work/seed" "$work/seed.cpp"

# The submission exactly as the judge gets it: make's bundle, then plain rustc -O.
(cd "$root" && make --no-print-directory check P=sudoku16 > "$work/check.log")
rustc -O --edition 2018 "$root/target/submit/sudoku16.rs" -o "$work/bundle"
(cd "$root" && cargo build -q --release -p sudoku16)
bin="${CARGO_TARGET_DIR:-$root/target}/release"
echo "bundle: $(wc -c < "$root/target/submit/sudoku16.rs") bytes"

"$work/seed" < "$puzzles" > "$work/seed.out"
"$work/bundle" < "$puzzles" > "$work/bundle.out"
"$bin/sudoku16-check" "$puzzles" "$work/seed.out" "$work/bundle.out"
"$bin/sudoku16-check" "$puzzles" "$work/bundle.out" "$work/seed.out"
echo "both answers check out on $puzzles"
hyperfine --warmup 2 --runs "${RUNS:-10}" --export-json "$work/minimal.json" \
    -n seed-g++-O2 "'$work/seed' < '$puzzles' > /dev/null" \
    -n bundle "'$work/bundle' < '$puzzles' > /dev/null"
python3 - "$work/minimal.json" <<'PY' || true
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print("medians: seed %.3f s, bundle %.3f s, ratio %.1f" % (
    r[0]["median"], r[1]["median"], r[0]["median"] / r[1]["median"]))
PY

mkdir -p "$work/tail"
echo "generating $tail_grids sparse grids (40..140 givens) ..."
for ((i = 1; i <= tail_grids; i++)); do
    f="$work/tail/$i.in"
    "$bin/sudoku16-gen" --seed "$i" --givens 40..140 > "$f"
done
echo "running each as its own process ..."
: > "$work/tail.times"
for ((i = 1; i <= tail_grids; i++)); do
    t0=$EPOCHREALTIME
    "$work/bundle" < "$work/tail/$i.in" > /dev/null
    t1=$EPOCHREALTIME
    echo "$(( (${t1/./} - ${t0/./}) )) $i" >> "$work/tail.times"
done
sort -n "$work/tail.times" | awk -v n="$tail_grids" '
    { t[NR] = $1; s[NR] = $2 }
    END { printf "wall us per process: median %d, p99 %d, max %d (seed %d)\n",
          t[int(NR / 2) + 1], t[int(NR * 0.99)], t[NR], s[NR] }'
slowest=$(sort -n "$work/tail.times" | tail -1 | cut -d' ' -f2)
hyperfine --warmup 3 --runs 30 \
    -n "bundle, slowest grid (gen --seed $slowest --givens 40..140)" \
    "'$work/bundle' < '$work/tail/$slowest.in' > /dev/null"
