#!/usr/bin/env bash
# Same-GPU comparison of cflr's mining kernels with G2Miner
# (github.com/chenxuhao/GraphMiner), for issue 5's anchors.
#
#   mk/g2miner.sh [--build-only] G2MINER_DIR [OUTDIR]
#
# Run on the GPU machine from the cflr repository root. G2MINER_DIR is a
# G2Miner checkout (its include/ and src/ are used; nothing of G2Miner lives
# in this repository). The script
#   1. builds G2Miner's default single-GPU binaries, tc_gpu_base (triangles:
#      edge-parallel, one warp per DAG edge, 2-phase binary search) and
#      clique_gpu_base (k = 4..8: edge-parallel warp DFS with per-level
#      frontier lists), with its own Makefiles in a scratch copy (the
#      checkout is left alone): make CUDA_ARCH=-arch=sm_90. With nvcc >= 13
#      one line is patched in the copy: cudaDeviceProp::memoryClockRate,
#      removed in CUDA 13 and used only in a printout, becomes 0;
#   2. writes the inputs in G2Miner's binary CSR with cflr, so both tools
#      read the same files: `cflr gen --scale 22 --edge-factor 16 --format
#      g2miner` (RMAT-22) and `cflr convert email-Enron.txt --to g2miner`
#      (undirected, simple, sorted neighbour lists; G2Miner orients by degree
#      itself);
#   3. runs, REPS times each: G2Miner TC on both graphs, cflr-cuda `mine
#      triangles --device gpu --json` on both, G2Miner k-cliques (KS) on
#      email-Enron and cflr-cuda `mine cliques -k K --device gpu --json`
#      (CFLR_KS; default --lb auto), then, with EAGER=1, one more run of the
#      email-Enron rows with CUDA_MODULE_LOADING=EAGER, and with NCU=1 one
#      pass of every row under Nsight Compute (ncu --clock-control none,
#      metric gpu__time_duration.sum: the device time of all kernels the
#      run launched, summed);
#   4. prints a Markdown summary: counts of both tools, and G2Miner's
#      "runtime" next to cflr's gpu-kernel phase. Both are host wall-clock
#      around the kernel launch and a device synchronize: graph loading,
#      orientation, edge-list building and host-to-device copies are
#      outside both (cflr reports its upload separately).
#
# Environment: CFLR (pure-Go cflr, default bin/cflr), CFLR_CUDA (cflr built
# with -tags cuda, default bin/cflr-cuda), ENRON (email-Enron.txt, default
# ../shared/data/graphs/email-Enron.txt), WORK (scratch for builds and
# graphs, default /tmp/cflr-g2miner), REPS (3), KS ("4 5 6 7 8"), CFLR_KS
# ("4 5 6 7 8 9"), SCALE (22), EDGE_FACTOR (16), CUDA_ARCH (-arch=sm_90),
# TC_TARGET (tc_gpu_base), CLQ_TARGET (clique_gpu_base), EAGER (1), NCU (0),
# NCU_BIN (ncu), TOOLS ("g2miner cflr": which tools run), GRAPHS (where the
# inputs are written or found, default $WORK/graphs), RUN_TIMEOUT (seconds
# per run, 120). CUDA_ARCH is passed to G2Miner's make as is, so extra nvcc
# flags ride along (e.g. "-arch=sm_90 -DNDEBUG"). The log goes to OUTDIR/log.txt (default $OUT, or
# out/g2miner).
set -uo pipefail
BUILD_ONLY=0
if [ "${1:-}" = --build-only ]; then BUILD_ONLY=1; shift; fi
if [ $# -lt 1 ] || [ ! -d "$1/include" ] || [ ! -d "$1/src" ]; then
  echo "usage: mk/g2miner.sh [--build-only] G2MINER_DIR [OUTDIR]   (G2MINER_DIR must hold include/ and src/)" >&2
  exit 2
fi
G2M=$(cd "$1" && pwd)
OUTDIR=${2:-${OUT:-out/g2miner}}
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
WORK=${WORK:-/tmp/cflr-g2miner}
CFLR=${CFLR:-bin/cflr}
CFLR_CUDA=${CFLR_CUDA:-bin/cflr-cuda}
ENRON=${ENRON:-../shared/data/graphs/email-Enron.txt}
REPS=${REPS:-3}
KS=${KS-4 5 6 7 8}
CFLR_KS=${CFLR_KS-4 5 6 7 8 9}
SCALE=${SCALE:-22}
EDGE_FACTOR=${EDGE_FACTOR:-16}
CUDA_ARCH=${CUDA_ARCH:--arch=sm_90}
TC_TARGET=${TC_TARGET:-tc_gpu_base}
CLQ_TARGET=${CLQ_TARGET:-clique_gpu_base}
EAGER=${EAGER:-1}
NCU=${NCU:-0}
NCU_BIN=${NCU_BIN:-ncu}
TOOLS=${TOOLS:-g2miner cflr}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
LOG=$OUTDIR/log.txt
BIN=$WORK/g2miner-bin
GR=${GRAPHS:-$WORK/graphs}
mkdir -p "$WORK" "$BIN" "$GR"
: > "$LOG"
log() { echo "$@" | tee -a "$LOG"; }

{
  echo "# cflr vs G2Miner on one GPU, $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  nvcc --version | tail -2
  echo "host: $(nproc) cores; $(g++ --version | head -1)"
  echo "G2Miner source: $G2M"
  if [ "$(git -C "$G2M" rev-parse --show-toplevel 2>/dev/null)" = "$G2M" ]; then
    echo "G2Miner commit: $(git -C "$G2M" rev-parse HEAD)"
  fi
  if [ -f "$G2M/PROVENANCE.txt" ]; then
    echo "G2Miner provenance ($G2M/PROVENANCE.txt):"; sed 's/^/  /' "$G2M/PROVENANCE.txt"
  fi
  echo "cflr checkout HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown) (the binaries may be older or newer)"
  sha256sum "$CFLR" "$CFLR_CUDA" 2>/dev/null | sed 's/^/cflr binary sha256: /'
} 2>&1 | tee -a "$LOG"

# 1. Build G2Miner in a scratch copy: its Makefile target, or, where make is
# missing, the same commands with the flags its src/common.mk gives.
one() { # one BUILDDIR DIR TARGET
  if command -v make >/dev/null 2>&1; then
    make -C "$1/src/$2" -j8 "$3" CUDA_ARCH="$CUDA_ARCH"
  else
    echo "(no make: running src/$2/Makefile's commands for $3 by hand)"
    (cd "$1/src/$2" && set -ex &&
      for f in main.cc ../common/VertexSet.cc ../common/graph.cc; do
        g++ -Wall -fopenmp -std=c++11 -march=native -O3 -I../../include -I./cpu_kernels -I./gpu_kernels -c "$f"
      done &&
      nvcc $CUDA_ARCH -DUSE_GPU -O3 -w -DEDGE_PAR -I../../include -I./cpu_kernels -I./gpu_kernels -c gpu_base.cu &&
      nvcc $CUDA_ARCH -DUSE_GPU -O3 -w -DEDGE_PAR main.o VertexSet.o graph.o gpu_base.o -o "../../bin/$3" -lgomp)
  fi
}
build() {
  local b=$WORK/g2miner-build
  rm -rf "$b" && mkdir -p "$b/bin" && cp -r "$G2M/include" "$G2M/src" "$b/" || return 1
  local major
  major=$(nvcc --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
  if [ "${major:-0}" -ge 13 ]; then
    for f in $(grep -rl 'prop\.memoryClockRate' "$b/include" "$b/src" 2>/dev/null); do
      sed -i 's/prop\.memoryClockRate/0/g' "$f" && echo "patched for CUDA >= 13 (memoryClockRate -> 0): ${f#$b/}"
    done
  fi
  local rc=0
  one "$b" triangle "$TC_TARGET" > "$WORK/build-tc.log" 2>&1 &
  local p1=$!
  one "$b" clique "$CLQ_TARGET" > "$WORK/build-clique.log" 2>&1 &
  local p2=$!
  wait $p1 || rc=1
  wait $p2 || rc=1
  cat "$WORK/build-tc.log" "$WORK/build-clique.log"
  cp "$b/bin/$TC_TARGET" "$b/bin/$CLQ_TARGET" "$BIN/" || rc=1
  return $rc
}

# 2. Inputs (in the background while G2Miner builds).
inputs() {
  [ -f "$GR/rmat$SCALE.meta.txt" ] || "$CFLR" gen --scale "$SCALE" --edge-factor "$EDGE_FACTOR" --format g2miner "$GR/rmat$SCALE"
  [ -f "$GR/enron.meta.txt" ] || "$CFLR" convert "$ENRON" "$GR/enron" --to g2miner
  head -n 2 "$GR/rmat$SCALE.meta.txt" "$GR/enron.meta.txt"
}

if [ "$BUILD_ONLY" = 1 ]; then
  log "## build"
  t0=$(date +%s); build 2>&1 | tee -a "$LOG"; rc=${PIPESTATUS[0]}
  log "build rc=$rc ($(( $(date +%s) - t0 )) s); binaries in $BIN"
  exit "$rc"
fi
log "## build G2Miner ($TC_TARGET, $CLQ_TARGET; CUDA_ARCH=$CUDA_ARCH) and write the inputs"
inputs > "$WORK/inputs.log" 2>&1 &
pin=$!
t0=$(date +%s)
build >> "$LOG" 2>&1
brc=$?
log "build rc=$brc ($(( $(date +%s) - t0 )) s)"
wait $pin
irc=$?
cat "$WORK/inputs.log" | tee -a "$LOG"
log "inputs rc=$irc ($(( $(date +%s) - t0 )) s since the build began)"
[ "$irc" = 0 ] || { log "no inputs; stopping"; exit 1; }

# 3. Runs. Each run: a marker line, then the tool's whole output.
run() { # run TOOL TASK GRAPH K REP ENVTAG CMD...
  local tool=$1 task=$2 graph=$3 k=$4 rep=$5 env=$6; shift 6
  case " $TOOLS " in *" $tool "*) ;; *) return 0 ;; esac
  echo "=== run tool=$tool task=$task graph=$graph k=$k rep=$rep env=$env" >> "$LOG"
  echo "\$ $*" >> "$LOG"
  local s e rc
  s=$(date +%s.%N)
  if [ "$env" = eager ]; then
    CUDA_MODULE_LOADING=EAGER timeout "$RUN_TIMEOUT" "$@" >> "$LOG" 2>&1; rc=$?
  elif [ "$env" = ncu ]; then
    timeout "$RUN_TIMEOUT" "$NCU_BIN" --clock-control none --print-units base --metrics gpu__time_duration.sum --csv "$@" >> "$LOG" 2>&1; rc=$?
  else
    timeout "$RUN_TIMEOUT" "$@" >> "$LOG" 2>&1; rc=$?
  fi
  e=$(date +%s.%N)
  echo "=== end rc=$rc wall_s=$(awk -v a="$s" -v b="$e" 'BEGIN{printf "%.3f", b-a}')" >> "$LOG"
  echo "$tool $task $graph k=$k rep=$rep env=$env rc=$rc"
}
enron_rows() { # enron_rows REP ENV
  if [ -x "$BIN/$TC_TARGET" ]; then run g2miner tc enron 3 "$1" "$2" "$BIN/$TC_TARGET" "$GR/enron"; fi
  run cflr tc enron 3 "$1" "$2" "$CFLR_CUDA" mine triangles "$GR/enron" --device gpu --json
  if [ -x "$BIN/$CLQ_TARGET" ]; then
    for k in $KS; do run g2miner clique enron "$k" "$1" "$2" "$BIN/$CLQ_TARGET" "$GR/enron" "$k"; done
  fi
  for k in $CFLR_KS; do run cflr clique enron "$k" "$1" "$2" "$CFLR_CUDA" mine cliques -k "$k" "$GR/enron" --device gpu --json; done
}
log "## runs (REPS=$REPS)"
for rep in $(seq 1 "$REPS"); do enron_rows "$rep" default; done
for rep in $(seq 1 "$REPS"); do
  if [ -x "$BIN/$TC_TARGET" ]; then run g2miner tc "rmat$SCALE" 3 "$rep" default "$BIN/$TC_TARGET" "$GR/rmat$SCALE"; fi
  run cflr tc "rmat$SCALE" 3 "$rep" default "$CFLR_CUDA" mine triangles "$GR/rmat$SCALE" --device gpu --json
done
if [ "$EAGER" = 1 ]; then enron_rows 1 eager; fi
if [ "$NCU" = 1 ]; then
  enron_rows 1 ncu
  if [ -x "$BIN/$TC_TARGET" ]; then run g2miner tc "rmat$SCALE" 3 1 ncu "$BIN/$TC_TARGET" "$GR/rmat$SCALE"; fi
  run cflr tc "rmat$SCALE" 3 1 ncu "$CFLR_CUDA" mine triangles "$GR/rmat$SCALE" --device gpu --json
fi

# 4. Summary.
log "## summary"
python3 - "$LOG" <<'PY' 2>&1 | tee -a "$LOG"
import csv, json, re, statistics, sys
text = open(sys.argv[1]).read()
rows = {}
launches = {}
for m in re.finditer(r"=== run tool=(\S+) task=(\S+) graph=(\S+) k=(\d+) rep=(\d+) env=(\S+)\n(.*?)=== end rc=(\d+) wall_s=([0-9.]+)", text, re.S):
    tool, task, graph, k, rep, env, body, rc, wall = m.groups()
    count = kern = up = None
    if env == "ncu":
        tot, n = 0.0, 0
        scale = {"ns": 1e-9, "nsecond": 1e-9, "us": 1e-6, "usecond": 1e-6, "ms": 1e-3, "msecond": 1e-3, "s": 1.0, "second": 1.0}
        for line in body.splitlines():
            if line.startswith('"') and "gpu__time_duration" in line:
                cols = next(csv.reader([line]))
                tot += float(cols[-1].replace(",", "")) * scale.get(cols[-2], 1e-9)
                n += 1
        c = re.search(r'(?:total_num_triangles|num_\d+-cliques) = (\d+)|"count": (\d+)', body)
        count = int(c.group(1) or c.group(2)) if c else None
        kern = tot if n else None
        launches.setdefault((graph, int(k)), {})[tool] = n
    elif tool == "g2miner":
        c = re.search(r"(?:total_num_triangles|num_\d+-cliques) = (\d+)", body)
        t = re.search(r"runtime \[[^\]]*\] = ([0-9.eE+-]+) sec", body)
        count = int(c.group(1)) if c else None
        kern = float(t.group(1)) if t else None
    else:
        try:
            j = json.loads(body[body.index("{"):body.rindex("}") + 1])
            count = j.get("count")
            ph = {p["name"]: p["seconds"] for p in j.get("phases", [])}
            kern, up = ph.get("gpu-kernel"), ph.get("gpu-upload")
        except ValueError:
            pass
    rows.setdefault((graph, int(k), env), {}).setdefault(tool, []).append((count, kern, up, float(wall), int(rc)))
def ms(xs):
    xs = [x * 1e3 for x in xs if x is not None]
    if not xs:
        return "-"
    return "%.3f" % statistics.median(xs) + (" (%.3f-%.3f)" % (min(xs), max(xs)) if len(xs) > 1 else "")
def cnt(rs):
    cs = {r[0] for r in rs}
    return ",".join("-" if c is None else "{:,}".format(c) for c in sorted(cs, key=lambda c: -1 if c is None else c))
print("| graph | k | env | count G2Miner | count cflr | G2Miner runtime ms | cflr gpu-kernel ms | cflr gpu-upload ms | G2Miner/cflr | wall s G2Miner / cflr |")
print("|---|---|---|---|---|---|---|---|---|---|")
for (graph, k, env) in sorted(rows, key=lambda x: (["default", "eager", "ncu"].index(x[2]) if x[2] in ("default", "eager", "ncu") else 9, not x[0].startswith("rmat"), x[1])):
    r = rows[(graph, k, env)]
    g, c = r.get("g2miner", []), r.get("cflr", [])
    gk = [x[1] for x in g if x[1] is not None]
    ck = [x[1] for x in c if x[1] is not None]
    ratio = "%.2f" % (statistics.median(gk) / statistics.median(ck)) if gk and ck and statistics.median(ck) > 0 else "-"
    walls = "%s / %s" % ("%.2f" % statistics.median([x[3] for x in g]) if g else "-", "%.2f" % statistics.median([x[3] for x in c]) if c else "-")
    print("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (graph, k, env, cnt(g) if g else "-", cnt(c) if c else "-",
          ms([x[1] for x in g]), ms([x[1] for x in c]), ms([x[2] for x in c]), ratio, walls))
if launches:
    print("env=ncu rows: both time columns hold Nsight Compute's gpu__time_duration.sum, summed over every kernel the run launched")
for (graph, k), r in sorted(launches.items()):
    print("ncu row %s k=%d: kernels launched: %s" % (graph, k, ", ".join("%s %d" % (t, n) for t, n in sorted(r.items()))))
bad = [(key, t, x[4]) for key, r in rows.items() for t, xs in r.items() for x in xs if x[4] != 0]
for b in bad:
    print("nonzero exit:", b)
PY
log "done $(date -u +%H:%M:%SZ)"
