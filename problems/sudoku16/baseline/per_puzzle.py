#!/usr/bin/env python3
"""Per-puzzle wall time of several solvers, and the median of their per-puzzle ratios.

    per_puzzle.py PUZZLES NAME=BINARY[:REPEAT] NAME=BINARY[:REPEAT] ... [--runs K] [--out TSV]
                  [--cpu]

Each puzzle of PUZZLES (POJ 3076 cases separated by blank lines) is written REPEAT times into
one input (default 20) and each binary runs on it K times (default 3), alternating binaries;
the puzzle's time is (fastest run - fastest run on an empty input) / REPEAT, so process start
and table set-up cancel out. Ratios are taken against the first binary. Prints, per binary,
the median and mean per-puzzle time and the median, p10 and p90 of the ratio to the first;
with --out, one line per puzzle (index, then each time in microseconds). With --cpu, each run
counts the child's CPU time (user + system, from its rusage) instead of wall time: on a
loaded, shared machine far steadier, since time spent waiting for a core is left out.
Not part of the build: a bench tool (needs only python3).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def wall(binary, path):
    with open(path, "rb") as f:
        t0 = time.perf_counter()
        subprocess.run([binary], stdin=f, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - t0


def cpu(binary, path):
    with open(path, "rb") as f, open(os.devnull, "wb") as null:
        child = subprocess.Popen([binary], stdin=f, stdout=null)
        _, status, usage = os.wait4(child.pid, 0)
        if status != 0:
            raise SystemExit("%s failed on %s" % (binary, path))
        return usage.ru_utime + usage.ru_stime


def main():
    args = sys.argv[1:]
    runs, out, clock = 3, None, wall
    if "--cpu" in args:
        args.remove("--cpu")
        clock = cpu
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i : i + 2]
    if "--out" in args:
        i = args.index("--out")
        out = args[i + 1]
        del args[i : i + 2]
    puzzles_path, specs = args[0], args[1:]
    bins = []
    for s in specs:
        name, rest = s.split("=", 1)
        binary, _, rep = rest.partition(":")
        bins.append((name, os.path.abspath(binary), int(rep or 20)))
    text = open(puzzles_path).read()
    puzzles = [p.strip() for p in text.split("\n\n") if p.strip()]
    tmp = tempfile.mkdtemp(prefix="per-puzzle-")
    empty = os.path.join(tmp, "empty.in")
    open(empty, "w").close()
    base = {name: min(clock(b, empty) for _ in range(10)) for name, b, _ in bins}
    times = []  # per puzzle: [seconds per binary]
    for k, p in enumerate(puzzles):
        row = []
        files = {}
        for name, b, rep in bins:
            path = os.path.join(tmp, "%s.in" % name)
            with open(path, "w") as f:
                f.write("\n\n".join([p] * rep) + "\n")
            files[name] = path
        best = {name: float("inf") for name, _, _ in bins}
        for _ in range(runs):
            for name, b, rep in bins:
                best[name] = min(best[name], clock(b, files[name]))
        for name, b, rep in bins:
            row.append(max(best[name] - base[name], 0.0) / rep)
        times.append(row)
        print("\r%d/%d" % (k + 1, len(puzzles)), end="", file=sys.stderr)
    print(file=sys.stderr)
    if out:
        with open(out, "w") as f:
            f.write("puzzle\t" + "\t".join("%s_us" % n for n, _, _ in bins) + "\n")
            for k, row in enumerate(times):
                f.write("%d\t" % (k + 1) + "\t".join("%.1f" % (t * 1e6) for t in row) + "\n")
    for j, (name, _, rep) in enumerate(bins):
        col = [r[j] for r in times]
        line = "%-12s per puzzle: median %9.1f us, mean %9.1f us" % (
            name, statistics.median(col) * 1e6, statistics.mean(col) * 1e6)
        if j > 0:
            ratios = sorted(r[j] / r[0] for r in times if r[0] > 0)
            q = lambda f: ratios[min(len(ratios) - 1, int(f * len(ratios)))]
            line += "; ratio to %s: median %.4f, p10 %.4f, p90 %.4f, max %.4f" % (
                bins[0][0], statistics.median(ratios), q(0.1), q(0.9), ratios[-1])
        print(line)


if __name__ == "__main__":
    main()
