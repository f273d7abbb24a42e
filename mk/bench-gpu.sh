#!/usr/bin/env bash
# End-to-end GPU benchmark for issue 11 (run on the GPU machine, from the
# repository root, with out/gpu carried; made by `make gpu-test`, which
# also builds out/gpu/cflr-before from BEFORE=<commit> when given).
# Generates RMAT-24 as .bcsr on the device host (cflr gen --scale 24),
# warms the page cache, and runs, for each binary present (cflr-before,
# cflr), `mine triangles --device gpu` and `traverse bfs --device gpu`
# REPS times each (the first also warms the driver's PTX JIT cache), with
# the wall time and peak RSS measured from outside (python3's
# getrusage of the child). JSON reports and a log go to $OUT/bench.
set -uo pipefail
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$G/log}
D=$OUT/bench
mkdir -p "$D"
LOG=$D/bench-gpu.log
GRAPH=${GRAPH:-/tmp/rmat24.bcsr}
REPS=${REPS:-3}
exec > >(tee -a "$LOG") 2>&1
echo "# cflr bench-gpu $(date -u +%Y-%m-%dT%H:%MZ)"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
nproc
[ -f "$GRAPH" ] || "$G/cflr" gen --scale "${SCALE:-24}" "$GRAPH"
ls -l "$GRAPH"
cat "$GRAPH" > /dev/null
measure() { # name, command...: wall seconds and peak RSS of the child
  local name=$1; shift
  python3 - "$D/$name.out" "$@" <<'PY'
import json, resource, subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
t = time.time()
r = subprocess.run(cmd, capture_output=True, text=True)
wall = time.time() - t
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
open(out, "w").write(r.stdout + f"wall-external {wall:.6f} s\npeak-rss-external {rss} B\n")
print(f"{out.split('/')[-1]:44s} rc={r.returncode} wall={wall:.3f}s rss={rss/1e9:.2f}GB")
if r.returncode != 0:
    print(r.stdout[-2000:], r.stderr[-2000:])
PY
}
# Binaries: cflr-orig (before issue 11), cflr-loaders (fast host loaders
# only), cflr (this tree); whichever are present.
for b in cflr-orig cflr-loaders cflr; do
  [ -x "$G/$b" ] || continue
  for i in $(seq 1 "$REPS"); do
    measure "$b-triangles-$i" "$G/$b" mine triangles --device gpu "$GRAPH"
    measure "$b-bfs-$i" "$G/$b" traverse bfs --device gpu "$GRAPH"
  done
  cat "$D/$b-triangles-$REPS.out" "$D/$b-bfs-$REPS.out"
done
# The same graph in G2Miner's files (the issue's comparison input).
if [ "${G2:-1}" = 1 ]; then
  [ -f /tmp/rmat24g.meta.txt ] || "$G/cflr" gen --scale "${SCALE:-24}" --format g2miner /tmp/rmat24g
  cat /tmp/rmat24g.* > /dev/null
  for i in $(seq 1 "$REPS"); do measure "cflr-g2miner-triangles-$i" "$G/cflr" mine triangles --device gpu /tmp/rmat24g; done
  cat "$D/cflr-g2miner-triangles-$REPS.out"
fi
