#!/usr/bin/env bash
# Runner for issue 21 (multi-GPU) on the device machine, made by
# `make gpu-multi` (copied to out/multigpu/run.sh). Run from the repository
# root with out/multigpu carried. One call does everything, logging to $OUT:
#   1. the exactness tests (kernels/gpu, kernels/mine TestMultiGPU*,
#      kernels/traverse TestMultiGPUExact) on every device set: all GPUs,
#      and 2 and 4 "virtual" devices on GPU 0 (kernels/traverse/multi.cu,
#      carried as cu/, is compiled first);
#   2. cflr mine (triangles, cliques, motifs) and cflr traverse (bfs, sssp,
#      cc) through the CLI on each --gpus set against the CPU;
#   3. scaling: RMAT-$SCALES (cflr gen, on the device host), triangles and
#      BFS, and k-cliques (K, default 5) on RMAT-$CLIQUE_SCALE, on 1, 2, 4
#      devices, --json, REPS runs each (the first also warms the file
#      cache), every --json report in $OUT/runs.jsonl, one a line.
# Knobs: RUN (test regexp), SCALES (default "24"), CLIQUE_SCALE (default 20:
# 5-cliques took 7.3 s on one H200 there; 0: none), K, REPS (default 2), SETS (--gpus specs; default
# from the GPU count: 1 2 4 where present, else 1 0,0 0,0,0,0).
set -uo pipefail
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$G/log}
mkdir -p "$OUT"
LOG=$OUT/multigpu.log
NG=$(nvidia-smi -L | wc -l)
{
  echo "# cflr multi-GPU run $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  [ "$NG" -gt 1 ] && nvidia-smi topo -m
  "$G/cflr" gpu info
} 2>&1 | tee "$LOG"
rc=0
export CFLR_GRAPHS_DIR=$G/graphs
# The multi-GPU kernels carried as source (cu/): compiled here as make ptx
# does, into a PTX folder the binaries load (CFLR_PTX_DIR) beside the
# repository's traverse.ptx (the traverse tests read it from there); the
# new PTX also goes to $OUT, to be committed.
P=/tmp/cflr-ptx
mkdir -p "$P"
cp kernels/traverse/traverse.ptx "$P/"
for cu in "$G"/cu/*.cu; do
  [ -f "$cu" ] || continue
  p=$P/$(basename "${cu%.cu}").ptx
  nvcc -arch=${PTX_ARCH:-compute_80} -O3 --ptx -o "$p.tmp" "$cu" || rc=1
  { echo "// cflr-source-sha256: $(sha256sum "$cu" | cut -d' ' -f1)"; cat "$p.tmp"; } > "$p"; rm -f "$p.tmp"
  cp "$p" "$OUT/"
done
export CFLR_PTX_DIR=$P
if [ "${TESTS:-1}" = 1 ]; then
  for t in gpu mine traverse; do
    echo "## kernels/$t tests" | tee -a "$LOG"
    (cd "kernels/$t" && "$G/$t.test" -test.v -test.run "${RUN:-Multi|Dealer|Deal|ParseDevices|Segments|SplitByEdges}" -test.timeout 15m) 2>&1 | grep -v '^=== RUN' | tee -a "$LOG" || rc=1
  done
fi
if [ -z "${SETS:-}" ]; then
  SETS="1 0,0 0,0,0,0"
  [ "$NG" -ge 2 ] && SETS="1 2"
  [ "$NG" -ge 4 ] && SETS="1 2 4"
fi
E=$G/graphs/email-Enron.txt
if [ "${CLI:-1}" = 1 ]; then
  echo "## cflr mine --gpus vs the CPU" | tee -a "$LOG"
  C=$G/graphs/citeseer.lg
  filt() { grep -Ev '^(device|task|peak RSS|graph) ' | grep -Ev '^[a-z-]+ +[0-9.]+ s$'; }
  for args in "triangles $E" "cliques -k 4 $E" "cliques -k 6 $E" "cliques -k 8 $E" "motifs -k 4 $C" "motifs -k 5 $C" "motifs -k 5 --lb off $C"; do
    # shellcheck disable=SC2086
    cpu=$("$G/cflr" mine $args --device cpu 2>&1 | filt)
    for s in $SETS; do
      # shellcheck disable=SC2086
      got=$("$G/cflr" mine $args --device gpu --gpus "$s" 2>&1 | filt)
      if [ "$got" = "$cpu" ] && [ -n "$got" ]; then echo "ok   --gpus $s mine ${args//$G\/graphs\//}: $(echo "$got" | grep -E '^(count|patterns)' | tr '\n' ' ')" | tee -a "$LOG"
      else echo "FAIL --gpus $s mine $args" | tee -a "$LOG"; diff <(echo "$cpu") <(echo "$got") | head -10 | tee -a "$LOG"; rc=1; fi
    done
  done
fi
if [ "${CLI:-1}" = 1 ]; then
  echo "## cflr traverse --gpus vs the CPU (values, byte for byte)" | tee -a "$LOG"
  for alg in bfs sssp cc; do
    "$G/cflr" traverse $alg "$E" --device cpu --symmetrize --out /tmp/t-cpu.txt > /dev/null 2>&1
    for s in $SETS; do
      "$G/cflr" traverse $alg "$E" --device gpu --gpus "$s" --symmetrize --out /tmp/t-gpu.txt > /tmp/t-gpu.log 2>&1
      if cmp -s /tmp/t-cpu.txt /tmp/t-gpu.txt; then echo "ok   --gpus $s traverse $alg: $(grep '^run' /tmp/t-gpu.log | cut -c1-120)" | tee -a "$LOG"
      else echo "FAIL --gpus $s traverse $alg" | tee -a "$LOG"; head -5 /tmp/t-gpu.log | tee -a "$LOG"; rc=1; fi
    done
  done
fi
# Scaling: kernel and end-to-end times from --json.
tsumm() { python3 -c '
import json,sys
r=json.load(sys.stdin); ph={p["name"]:p["seconds"] for p in r["phases"]}
per=" ".join("gpu%d:c=%.4f/x=%.4f" % (g["gpu"],g["compute_seconds"],g["exchange_seconds"]) for g in r.get("gpus",[]))
print("%-5s iters=%d compute=%.4f s transfer=%.4f s load=%.3f s wall=%.3f s GTEPS=%.2f %s" % (r["algorithm"], r["iterations"], ph.get("compute",0), ph.get("transfer",0), ph.get("load",0), r["wall_seconds"], r["gteps"], per))'; }
summ() { python3 -c '
import json,sys
r=json.load(sys.stdin); ph={p["name"]:p["seconds"] for p in r["phases"]}
per=" ".join("gpu%d:k=%.3f/t=%d" % (g["gpu"],g["kernel_seconds"],g["tasks"]) for g in r.get("gpus",[]))
print("%-10s count=%d kernel=%.4f s upload=%.4f s wall=%.3f s %s" % (r["task"]+("" if r["task"]=="triangles" else "-k%d"%r["k"]), r["count"], ph.get("gpu-kernel",0), ph.get("gpu-upload",0), r["wall_seconds"], per))'; }
SCALES=${SCALES:-24}
CS=${CLIQUE_SCALE:-20}
# Triangles and BFS on every scale of SCALES, k-cliques on CLIQUE_SCALE (0:
# none), each graph generated once.
for sc in $(echo $SCALES $CS | tr ' ' '\n' | grep -v '^0$' | sort -un); do
  f=/tmp/rmat$sc.bcsr
  [ -f "$f" ] || { t0=$(date +%s); "$G/cflr" gen --scale "$sc" "$f" >/dev/null 2>&1; echo "gen rmat$sc: $(( $(date +%s) - t0 )) s, $(du -h "$f" | cut -f1)" | tee -a "$LOG"; }
  echo "## scaling RMAT-$sc" | tee -a "$LOG"
  onscale=0
  for x in $SCALES; do [ "$x" = "$sc" ] && onscale=1; done
  tasks=""
  [ "$onscale" = 1 ] && tasks="triangles"
  [ "$sc" = "$CS" ] && tasks="$tasks cliques"
  for task in $tasks; do
    for s in $SETS; do
      for i in $(seq 1 "${REPS:-2}"); do
        a="$task"; [ "$task" = cliques ] && a="cliques -k ${K:-5}"
        # shellcheck disable=SC2086
        j=$(timeout "${TMO:-240}" "$G/cflr" mine $a --device gpu --gpus "$s" --json "$f" 2>>"$OUT/err.log")
        echo "$j" | tr -d '\n ' >> "$OUT/runs.jsonl"; echo >> "$OUT/runs.jsonl"
        echo "rmat$sc --gpus $s run $i: $(echo "$j" | summ 2>&1)" | tee -a "$LOG"
      done
    done
  done
  [ "$onscale" = 1 ] || continue
  for s in $SETS; do
    for i in $(seq 1 "${REPS:-2}"); do
      j=$(timeout "${TMO:-240}" "$G/cflr" traverse bfs "$f" --device gpu --gpus "$s" --json 2>>"$OUT/err.log")
      echo "$j" | tr -d '\n ' >> "$OUT/runs.jsonl"; echo >> "$OUT/runs.jsonl"
      echo "rmat$sc --gpus $s run $i: $(echo "$j" | tsumm 2>&1)" | tee -a "$LOG"
    done
  done
done
exit $rc
