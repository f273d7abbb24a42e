#!/usr/bin/env python3
"""Tabulates sbs.sh's runs: per program and tool the median (and the
range) over the reps of wall time, CPU time (user+system) and peak RSS,
from GNU time -v; for cflr the median of each --stats phase; and whether
every rep's findings are byte-identical to a reference directory's
PROGRAM-cflr-default.json (the second argument, optional).

    python3 bench/perf-2026-12-07/summary.py bench/perf-2026-12-07/sbs [REFDIR]
"""
import glob, os, re, statistics, sys

out = sys.argv[1]
ref = sys.argv[2] if len(sys.argv) > 2 else None
programs = ["pebble", "stringer", "present", "miniflux", "fzf", "mailpit"]
tools = ["before", "after", "nilaway"]
reps = sorted(glob.glob(os.path.join(out, "rep*")))

def timev(path):
    t = open(path).read()
    m = lambda pat: re.search(pat, t)
    if not m(r"Elapsed \(wall clock\)"):
        return None  # still running
    wall = m(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)").group(1).split(":")
    w = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall)))
    cpu = float(m(r"User time \(seconds\): (\S+)").group(1)) + float(m(r"System time \(seconds\): (\S+)").group(1))
    rss = int(m(r"Maximum resident set size \(kbytes\): (\d+)").group(1)) / 1024 / 1024
    phases = {}
    for name, sec in re.findall(r"^\s*([A-Za-z][\w ,()-]*?)\s+(\d+\.\d+)s", t, re.M):
        phases[name.strip()] = float(sec)
    return w, cpu, rss, phases

def fmt(xs, unit=""):
    return "%.2f%s (%.2f-%.2f)" % (statistics.median(xs), unit, min(xs), max(xs))

print("reps: %d (%s)" % (len(reps), ", ".join(os.path.basename(r) for r in reps)))
print()
print("| program | tool | wall s | CPU s | peak RSS GiB |")
print("|---|---|---|---|---|")
data = {}
for p in programs:
    for tool in tools:
        runs = [timev(os.path.join(r, "%s-%s.log" % (p, tool))) for r in reps if os.path.exists(os.path.join(r, "%s-%s.log" % (p, tool)))]
        runs = [x for x in runs if x]
        if not runs:
            continue
        data[p, tool] = runs
        print("| %s | %s | %s | %s | %s |" % (p, tool, fmt([x[0] for x in runs]), fmt([x[1] for x in runs]), fmt([x[2] for x in runs])))
print()
print("cflr --stats phases, median seconds over the reps (before -> after):")
print()
for p in programs:
    if (p, "before") not in data or (p, "after") not in data:
        continue
    names = [n for n in data[p, "before"][0][3]]
    cells = []
    for n in names:
        b = statistics.median(x[3].get(n, 0) for x in data[p, "before"])
        a = statistics.median(x[3].get(n, 0) for x in data[p, "after"])
        cells.append("%s %.2f -> %.2f" % (n, b, a))
    print("- %s: %s" % (p, "; ".join(cells)))
if ref:
    print()
    for p in programs:
        want = open(os.path.join(ref, "%s-cflr-default.json" % p), "rb").read()
        for tool in ["before", "after"]:
            same = [open(os.path.join(r, "%s-%s.json" % (p, tool)), "rb").read() == want for r in reps if os.path.exists(os.path.join(r, "%s-%s.json" % (p, tool)))]
            print("%s %s: findings identical to the reference in %d of %d reps" % (p, tool, sum(same), len(same)))
