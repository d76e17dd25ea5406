#!/usr/bin/env python3
"""Whole-process wall times of several solvers on one input, runs alternated, medians.

    alternate.py INPUT NAME=BINARY[:RUNS] ... [--rounds N]

Round r runs every binary whose RUNS (default N = --rounds, default 5) is at least r, in the
order given, on INPUT (stdin; stdout discarded), so that slow phases of a shared machine hit
every contender alike. Prints each binary's median, min and max, and its median's ratio to the
first binary's. A binary with fewer runs (a slow baseline) simply drops out of later rounds.
Not part of the build: a bench tool (needs only python3).
"""
import statistics
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    rounds = 5
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i : i + 2]
    path, specs = args[0], args[1:]
    bins = []
    for s in specs:
        name, rest = s.split("=", 1)
        binary, _, runs = rest.partition(":")
        bins.append((name, binary, int(runs or rounds)))
    times = {name: [] for name, _, _ in bins}
    for r in range(max(runs for _, _, runs in bins)):
        for name, binary, runs in bins:
            if r < runs:
                with open(path, "rb") as f:
                    t0 = time.perf_counter()
                    subprocess.run([binary], stdin=f, stdout=subprocess.DEVNULL)
                    times[name].append(time.perf_counter() - t0)
        print("round %d done" % (r + 1), file=sys.stderr)
    first = statistics.median(times[bins[0][0]])
    for name, _, _ in bins:
        t = times[name]
        m = statistics.median(t)
        print("%-10s runs %2d  median %9.3f s  min %9.3f  max %9.3f  ratio to %s %.4f" % (
            name, len(t), m, min(t), max(t), bins[0][0], m / first))


if __name__ == "__main__":
    main()
