#!/usr/bin/env bash
# Side-by-side whole-process timing of the poj2676 submission against the `sudoku` crate 0.8
# (a Rust port of JCZSolve) on the committed bench sets. Run by hand; never by make or CI.
#
#   problems/poj2676/baseline/compare.sh [RUNS]        (default 30 runs per command)
#
# The submission is make's own bundle: `make check P=poj2676` writes target/submit/poj2676.rs
# (with the pinned cargo-equip, the test-kit crates left out), compiled here with
# `rustc -O --edition 2021`. Data: data/sudoku17-5000.txt and data/hard9-a.txt (see
# data/README.md). Needs python3, and network access for crates.io the first time (the
# baseline harness). Work files go to $WORK (default target/poj2676-compare).
set -euo pipefail

RUNS=${1:-30}
HERE=$(cd "$(dirname "$0")" && pwd)
PKG=$(dirname "$HERE")
ROOT=$(cd "$PKG/../.." && pwd)
WORK=${WORK:-$ROOT/target/poj2676-compare}
mkdir -p "$WORK"

echo "== building the baseline harness (sudoku 0.8)"
(cd "$HERE" && CARGO_TARGET_DIR="$WORK/baseline-target" cargo build --release --quiet)
BASE="$WORK/baseline-target/release/poj2676-baseline"

echo "== make check P=poj2676, then rustc -O --edition 2021 on its bundle"
make -C "$ROOT" --no-print-directory check P=poj2676 > "$WORK/check.log" ||
    { cat "$WORK/check.log" >&2; exit 1; }
rustc -O --edition 2021 "$ROOT/target/submit/poj2676.rs" -o "$WORK/poj2676"
echo "   bundle: $(wc -c < "$ROOT/target/submit/poj2676.rs") bytes"

for set in sudoku17-5000 hard9-a; do
    # Ours reads the judge format as committed (T, then 9 lines of 9 digits); the baseline
    # reads one 81-character line per puzzle.
    cp "$PKG/data/$set.txt" "$WORK/$set.poj"
    tail -n +2 "$WORK/$set.poj" | grep . | paste -d '' - - - - - - - - - > "$WORK/$set.lines"

    # Same solutions first (every puzzle in these sets has exactly one).
    "$WORK/poj2676" < "$WORK/$set.poj" | paste -d '' - - - - - - - - - > "$WORK/$set.ours"
    "$BASE" < "$WORK/$set.lines" > "$WORK/$set.base"
    cmp -s "$WORK/$set.ours" "$WORK/$set.base" || { echo "$set: solutions differ" >&2; exit 1; }

    echo "== $set: $(wc -l < "$WORK/$set.lines") puzzles, $RUNS runs each, interleaved"
    # Runs alternate (ours, baseline, ours, ...) so that load from other processes hits both
    # alike; medians of wall time and of CPU time (user + sys) per command.
    python3 - "$RUNS" "$set" "$WORK/poj2676" "$WORK/$set.poj" "$BASE" "$WORK/$set.lines" <<'PY'
import os, statistics, subprocess, sys, time
runs, name, ours, ours_in, base, base_in = sys.argv[1:]
def once(cmd, path):
    with open(path, "rb") as f, open(os.devnull, "wb") as null:
        t = time.perf_counter()
        p = subprocess.Popen([cmd], stdin=f, stdout=null)
        _, _, ru = os.wait4(p.pid, 0)
        return time.perf_counter() - t, ru.ru_utime + ru.ru_stime
for _ in range(3):
    once(ours, ours_in), once(base, base_in)
r = {"ours": [], "base": []}
for _ in range(int(runs)):
    r["ours"].append(once(ours, ours_in))
    r["base"].append(once(base, base_in))
med = lambda k, i: statistics.median(x[i] for x in r[k])
for i, what in [(0, "wall"), (1, "cpu ")]:
    o, b = med("ours", i), med("base", i)
    print(f"{name}: {what} median ours {o*1e3:6.1f} ms, sudoku 0.8 {b*1e3:6.1f} ms, "
          f"ratio ours/baseline {o/b:.3f}")
PY
done
