#!/usr/bin/env bash
# Times seed 003 (the enumerating C write-up, compiled with g++ -O2) against the p1074 bundle,
# whole process per input, on generated judge-range inputs; then the bundle alone on sparse
# inputs. Run by hand; needs ../shared/seeds next to the workspace (read at run time, never
# copied into the project) and hyperfine. Nothing in make or CI depends on it.
#
#   problems/p1074/baseline/compare.sh [INPUTS=200] [RUNS=5]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
INPUTS=${1:-200}
RUNS=${2:-5}
WORK=${TMPDIR:-/tmp}/p1074-baseline
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
mkdir -p "$WORK"

seed_file=$(ls "$ROOT"/../shared/seeds/003_*.txt)
# The write-up's code runs from its first #include to the end of the file.
sed -n '/^#include/,$p' "$seed_file" > "$WORK/seed003.cpp"
g++ -O2 -o "$WORK/seed003" "$WORK/seed003.cpp"
# The floor: a process that only reads the 81 numbers and prints -1, to show what process
# start-up alone costs in the same loop.
printf '#include <cstdio>\nint main(){int x;for(int i=0;i<81;i++)if(scanf("%%d",&x)!=1)return 2;puts("-1");}\n' > "$WORK/floor.cpp"
g++ -O2 -o "$WORK/floor" "$WORK/floor.cpp"

# The submission exactly as the judge gets it: bundle, then plain rustc -O.
(cd "$ROOT" && make --no-print-directory check P=p1074 > "$WORK/check.log")
rustc -O --edition 2018 "$ROOT/target/submit/p1074.rs" -o "$WORK/p1074"
(cd "$ROOT" && cargo build --quiet --release -p p1074 --bin p1074-gen)
GEN=$TARGET/release/p1074-gen

make_set() { # name, count, givens
    rm -rf "$WORK/$1"
    mkdir -p "$WORK/$1"
    for i in $(seq 1 "$2"); do
        "$GEN" --givens "$3" --seed "$i" > "$WORK/$1/$i.in"
    done
}

time_set() { # set name, givens
    make_set "$1" "$INPUTS" "$2"
    echo "== $INPUTS inputs with $2 givens: answers"
    for f in "$WORK/$1"/*.in; do
        a=$("$WORK/seed003" < "$f")
        b=$("$WORK/p1074" < "$f")
        [ "$a" = "$b" ] || { echo "DIFFERENT on $f: seed003 $a, p1074 $b"; exit 1; }
    done
    echo "all $INPUTS equal"
    echo "== whole-process time over the $INPUTS inputs (one loop = every input once)"
    hyperfine --warmup 1 --runs "$RUNS" --export-json "$WORK/$1.json" \
        -n seed003 "for f in $WORK/$1/*.in; do $WORK/seed003 < \$f > /dev/null; done" \
        -n p1074 "for f in $WORK/$1/*.in; do $WORK/p1074 < \$f > /dev/null; done" \
        -n floor "for f in $WORK/$1/*.in; do $WORK/floor < \$f > /dev/null; done"
    python3 - "$WORK/$1.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
s, p, f = r["seed003"], r["p1074"], r["floor"]
print(f"median totals: seed003 {s*1e3:.1f} ms, p1074 {p*1e3:.1f} ms, floor {f*1e3:.1f} ms")
print(f"whole process: p1074 = 1/{s/p:.1f} of seed003")
print(f"above the floor: seed003 {(s-f)*1e3:.1f} ms, p1074 {(p-f)*1e3:.1f} ms, 1/{(s-f)/max(p-f,1e-9):.1f}")
PY
}
time_set judge 24..40
time_set judge-hard 24..26

# Slowest single inputs (whole process, wall clock), judge range and sparse.
slowest() { # set dir, binary
    python3 - "$1" "$2" <<'PY'
import glob, subprocess, sys, time
times = []
for f in sorted(glob.glob(sys.argv[1] + "/*.in")):
    data = open(f, "rb").read()
    t = time.perf_counter()
    subprocess.run([sys.argv[2]], input=data, stdout=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - t, f))
times.sort()
med = times[len(times) // 2][0]
print(f"{len(times)} inputs: median {med*1e3:.2f} ms, max {times[-1][0]*1e3:.2f} ms ({times[-1][1]})")
PY
}
echo "== p1074 per input, 24..40 givens"
slowest "$WORK/judge" "$WORK/p1074"

make_set sparse "$INPUTS" 17..23
echo "== p1074 per input, 17..23 givens"
slowest "$WORK/sparse" "$WORK/p1074"
echo "== seed003 on the first 3 sparse inputs (10 s cap each)"
for i in 1 2 3; do
    start=$(date +%s.%N)
    if timeout 10 "$WORK/seed003" < "$WORK/sparse/$i.in" > /dev/null; then status=done; else status="killed at 10 s"; fi
    echo "sparse/$i.in: $(python3 -c "print(f'{$(date +%s.%N) - $start:.2f}')") s, $status"
done

make_set verysparse 50 0..16
echo "== p1074 per input, 0..16 givens"
slowest "$WORK/verysparse" "$WORK/p1074"
