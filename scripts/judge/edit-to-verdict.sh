#!/usr/bin/env bash
# The time from an edit of a solution to the check's verdict, for a template-sized problem
# (`triv`: read two numbers with std alone, print their sum), for `make new`'s template itself
# (`tmpl`, with a sample: scan and fastio bundled) and for poj2676, in a throwaway copy of the
# workspace (the real one is never touched). An "edit" appends a new constant to
# src/main.rs, which changes the bundle (a comment would not: cargo-equip drops comments);
# "unchanged" checks again with nothing changed; the floor is cargo alone from the same edit
# to the first sample's output.
#
# Each problem's figures end with the parts of the check no check can skip, each timed alone:
# the bundle's compiles (rustc as each judge runs it) and cargo-equip.
#
# Usage: scripts/judge/edit-to-verdict.sh [RUNS]   (hyperfine; medians are the figures)
# PROBLEMS="triv tmpl" times only those. JUDGE_BIN=<path> times another build of the tool
# (an older one, to compare). EDIT=unformatted: see below.
set -euo pipefail
runs=${1:-10}
source "$(dirname "$0")/throwaway.sh"
throwaway edit-to-verdict
cp -r "$root/problems/poj2676" problems/poj2676
cp -r "$root/samples/poj2676" samples/poj2676
TIME_LIMIT_MS=1000 plain_problem triv lines codeforces 1A https://codeforces.com/problemset/problem/1/A
sum_with_std > problems/triv/src/main.rs
printf '1 2\n' > samples/triv/1.in
printf '3\n' > samples/triv/1.out
printf '40 2\n' > samples/triv/2.in
printf '42\n' > samples/triv/2.out
"$judge" new tmpl > /dev/null
printf '3\n1 2 3\n' > samples/tmpl/1.in
printf '6\n' > samples/tmpl/1.out
problems=${PROBLEMS:-triv tmpl poj2676}
# An edit as rustfmt would write it, or (EDIT=unformatted) on one line, which cargo-equip's
# rustfmt splits in two: the bundle then holds the user's lines otherwise than main.rs.
if [ "${EDIT:-formatted}" = unformatted ]; then
    edit="printf '#[allow(dead_code)] const EDIT_%s: u32 = 1;\\n' \$(date +%s%N)"
else
    edit="printf '#[allow(dead_code)]\\nconst EDIT_%s: u32 = 1;\\n' \$(date +%s%N)"
fi
for p in $problems; do
    # The first check builds the kit and fills cargo's caches: not what is measured.
    "$judge" check "$p" > /dev/null || true
    # The floor: cargo alone, from the same edit to the first sample's output.
    hyperfine --style basic --ignore-failure --runs "$runs" --warmup 1 \
        --prepare "$edit >> problems/$p/src/main.rs" --prepare true \
        --prepare "$edit >> problems/$p/src/main.rs" \
        --command-name "$p: edit, then check" --command-name "$p: check, nothing changed" \
        --command-name "$p: floor: edit, cargo build --release, sample 1" \
        --export-json "$tmp/$p.json" "$judge check $p" "$judge check $p" \
        "cargo build --quiet --release -p $p && target/release/$p < samples/$p/1.in" \
        2>&1 | grep -v '^ *$'
    # The medians, and the CPU time (user + system) of the whole check, which the machine's
    # other load moves less than the wall time.
    python3 - "$tmp/$p.json" <<'PY'
import json, statistics, sys
for r in json.load(open(sys.argv[1]))["results"]:
    cpu = [u + s for u, s in zip(r["user"], r["system"])] if "user" in r and isinstance(r["user"], list) else [r["user"] + r["system"]]
    print(f"{r['command']}: median {r['median']:.3f} s wall, {statistics.median(cpu):.3f} s cpu")
PY
    # The parts of a check after an edit that no check can skip, each alone: every compile of
    # the bundle the check made (the judge's compiler and flags, from its cache's keys), and,
    # when the bundle is not main.rs as written, cargo-equip's run as the tool makes it.
    "$judge" check "$p" > /dev/null || true
    python3 - "$p" > "$tmp/parts" <<'PY'
import os, shlex, sys
p = sys.argv[1]
text = open(f"target/submit/{p}.rs", "rb").read()
for entry in sorted(os.listdir("target/compiles")):
    d = os.path.join("target/compiles", entry)
    try:
        if open(os.path.join(d, "main.rs"), "rb").read() != text:
            continue
        program, _, args = open(os.path.join(d, "key")).read().split("\n")[:3]
    except OSError:
        continue
    print(f"{program} {args} --crate-name main -o $tmp/part-{entry} target/submit/{p}.rs")
if text != open(f"problems/{p}/src/main.rs", "rb").read():
    # The dependencies the bundle does not hold are the ones the tool excludes.
    deps, section = [], None
    for line in open(f"problems/{p}/Cargo.toml"):
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[dependencies]" and "=" in line and not line.startswith("#"):
            deps.append(line.split("=")[0].strip())
    held = text.decode(errors="replace")
    excludes = "".join(f" --exclude {d}" for d in deps if f"pub mod {d} " not in held and f"pub mod {d}{{" not in held)
    print(f"cargo equip --bin {p} --remove docs --minify libs --no-check{excludes} "
          f"--manifest-path problems/{p}/Cargo.toml --output $tmp/part.rs")
PY
    parts=()
    while IFS= read -r line; do parts+=("${line//\$tmp/$tmp}"); done < "$tmp/parts"
    hyperfine --style basic --runs "$runs" --warmup 1 --export-json "$tmp/$p-parts.json" \
        "${parts[@]}" > /dev/null 2>&1 || true
    python3 - "$tmp/$p-parts.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"  part alone: {r['command'][:110]}: median {r['median']:.3f} s")
PY
done
