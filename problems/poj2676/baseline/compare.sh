#!/usr/bin/env bash
# Side-by-side whole-process timing of the poj2676 bundle against the `sudoku` crate 0.8
# (a Rust port of JCZSolve) on the full shared data sets. Run by hand; never by make or CI.
#
#   problems/poj2676/baseline/compare.sh [RUNS]        (default 15 runs per command)
#
# Needs: cargo-equip (on PATH or in /tmp/equiptools/bin), hyperfine, python3, network access
# for crates.io the first time. Data: $SHARED (default: <workspace>/../shared)/data.
set -euo pipefail

RUNS=${1:-15}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
WORK=${WORK:-/tmp/poj2676-compare}
mkdir -p "$WORK"

echo "== building the baseline harness (sudoku 0.8)"
(cd "$HERE" && CARGO_TARGET_DIR="$WORK/baseline-target" cargo build --release --quiet)
BASE="$WORK/baseline-target/release/poj2676-baseline"

echo "== bundling and compiling the submission (rustc -O --edition 2018)"
export PATH="$PATH:/tmp/equiptools/bin"
(cd "$ROOT" && CARGO_TARGET_DIR="$WORK/equip-target" cargo equip --bin poj2676 --remove docs \
    --minify libs -o "$WORK/poj2676.rs" >/dev/null 2>&1) || true
test -s "$WORK/poj2676.rs" || { echo "cargo equip failed" >&2; exit 1; }
rustc -O --edition 2018 "$WORK/poj2676.rs" -o "$WORK/poj2676"
echo "   bundle: $(wc -c < "$WORK/poj2676.rs") bytes"

for set in sudoku17 hard9-a; do
    src="$SHARED/data/$set.txt"
    # POJ format for ours: T, then 9 lines of 9 digits; the baseline reads the 81-char lines.
    { grep -c . "$src"; awk 'NF { gsub(/\./, "0"); for (i = 0; i < 9; i++) print substr($0, 9 * i + 1, 9) }' "$src"; } > "$WORK/$set.poj"
    grep . "$src" > "$WORK/$set.lines"

    # Same solutions first (every puzzle in these sets has exactly one).
    "$WORK/poj2676" < "$WORK/$set.poj" | paste -d '' - - - - - - - - - > "$WORK/$set.ours"
    "$BASE" < "$WORK/$set.lines" > "$WORK/$set.base"
    cmp -s "$WORK/$set.ours" "$WORK/$set.base" || { echo "$set: solutions differ" >&2; exit 1; }

    echo "== $set: $(wc -l < "$WORK/$set.lines") puzzles, $RUNS runs each"
    hyperfine --style basic -w 3 -r "$RUNS" --export-json "$WORK/$set.json" \
        -n ours "$WORK/poj2676 < $WORK/$set.poj > /dev/null" \
        -n sudoku-0.8 "$BASE < $WORK/$set.lines > /dev/null" > "$WORK/$set.hyperfine.txt"
    python3 - "$WORK/$set.json" "$set" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
ours, base = r["ours"]["median"], r["sudoku-0.8"]["median"]
print(f"{sys.argv[2]}: median ours {ours*1e3:.1f} ms, sudoku 0.8 {base*1e3:.1f} ms, "
      f"ratio ours/baseline {ours/base:.3f}")
PY
done
