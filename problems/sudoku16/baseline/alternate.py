#!/usr/bin/env python3
"""Whole-process wall times of several solvers on one input, runs alternated, medians.

    alternate.py INPUT NAME=BINARY[:RUNS] ... [--rounds N]

Round r runs every binary whose RUNS (default N = --rounds, default 5) is at least r, in the
order given, on INPUT (stdin; stdout discarded), so that slow phases of a shared machine hit
every contender alike. Prints each binary's median, min and max, and its median's ratio to the
first binary's; then the same for CPU time (user + system, from the child's rusage), which a
loaded machine disturbs far less than wall time. A binary with fewer runs (a slow baseline) simply drops out of later rounds.
Not part of the build: a bench tool (needs only python3).
"""
import os
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
    cpu = {name: [] for name, _, _ in bins}
    for r in range(max(runs for _, _, runs in bins)):
        for name, binary, runs in bins:
            if r < runs:
                with open(path, "rb") as f, open(os.devnull, "wb") as null:
                    t0 = time.perf_counter()
                    child = subprocess.Popen([binary], stdin=f, stdout=null)
                    _, _, usage = os.wait4(child.pid, 0)
                    times[name].append(time.perf_counter() - t0)
                    cpu[name].append(usage.ru_utime + usage.ru_stime)
        print("round %d done" % (r + 1), file=sys.stderr)
    for what, table in (("wall", times), ("cpu", cpu)):
        first = statistics.median(table[bins[0][0]])
        for name, _, _ in bins:
            t = table[name]
            m = statistics.median(t)
            print("%-4s %-10s runs %2d  median %9.3f s  min %9.3f  max %9.3f  ratio to %s %.4f" % (
                what, name, len(t), m, min(t), max(t), bins[0][0], m / first))


if __name__ == "__main__":
    main()
