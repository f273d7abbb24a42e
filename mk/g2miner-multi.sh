#!/usr/bin/env bash
# G2Miner's multi-GPU triangle counting beside cflr's, on the same GPUs and
# the same file (issue 21). Run on the device machine from the repository
# root:
#
#   bash mk/g2miner-multi.sh G2MINER_DIR CFLR_CUDA
#
# G2MINER_DIR holds a GraphMiner (github.com/chenxuhao/GraphMiner)
# snapshot's include/ and src/ (common.mk, common/, triangle/); nothing of
# it lives in this repository. The script builds, in a scratch copy, its
# tc_gpu_base and tc_multigpu_base (src/triangle/multigpu_base.cu: the
# DAG's edge list dealt round-robin to the GPUs in chunks by its Scheduler,
# one host thread a GPU, counts added on the host) with its own Makefiles
# (make CUDA_ARCH=-arch=sm_90; with nvcc >= 13, cudaDeviceProp's
# memoryClockRate, used only in a printout, is patched to 0), writes
# RMAT-$SCALE in G2Miner's format with `cflr gen --format g2miner`, and runs
# REPS times each: tc_gpu_base, tc_multigpu_base with 1..N GPUs (N = the
# GPUs present; G2Miner takes the first N), and `cflr mine triangles --gpus
# N --json` on the same file. G2Miner's "runtime" lines and cflr's
# gpu-kernel phase are both host wall-clock around the kernels; wall is
# each process end to end (/usr/bin/time when present, else bash's).
# Logs to $OUT/g2miner-multi.log.
set -uo pipefail
G2M=$(cd "$1" && pwd)
CFLR=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
OUT=${OUT:-out/g2miner-multi}
mkdir -p "$OUT"
LOG=$OUT/g2miner-multi.log
SCALE=${SCALE:-24}
REPS=${REPS:-2}
W=${WORK:-/tmp/g2m-multi}
mkdir -p "$W"
NG=$(nvidia-smi -L | wc -l)
log() { echo "$@" | tee -a "$LOG"; }
{
  echo "# G2Miner tc_multigpu_base vs cflr --gpus, $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  nvcc --version | tail -1
  echo "host: $(nproc) cores; $(g++ --version | head -1)"
  [ -f "$G2M/COMMIT" ] && echo "G2Miner snapshot: $(cat "$G2M/COMMIT")"
} 2>&1 | tee "$LOG"
b=$W/build
rm -rf "$b" && mkdir -p "$b/bin" && cp -r "$G2M/include" "$G2M/src" "$b/"
for f in $(grep -rl 'memoryClockRate' "$b/include" "$b/src" 2>/dev/null); do
  sed -i 's/prop\.memoryClockRate/0/g; s/deviceProp\.memoryClockRate/0/g' "$f"
done
t0=$(date +%s)
make -C "$b/src/triangle" -j16 tc_gpu_base tc_multigpu_base CUDA_ARCH=-arch=sm_90 > "$W/build.log" 2>&1
log "G2Miner build: rc=$? ($(( $(date +%s) - t0 )) s); binaries: $(ls "$b/bin" | tr '\n' ' ')"
tail -5 "$W/build.log" | tee -a "$LOG"
g=$W/rmat${SCALE}g
[ -f "$g.meta.txt" ] || "$CFLR" gen --scale "$SCALE" --format g2miner "$g" > /dev/null 2>&1
log "input: $(head -2 "$g.meta.txt" | tr '\n' ' ')"
timed() { local s=$EPOCHREALTIME; "$@"; python3 -c "print('wall %.3f s' % ($EPOCHREALTIME - $s))"; }
for i in $(seq 1 "$REPS"); do
  if [ -x "$b/bin/tc_gpu_base" ]; then
    log "## G2Miner tc_gpu_base run $i: $(timed timeout 300 "$b/bin/tc_gpu_base" "$g" 2>&1 | grep -Ei 'runtime|total_num|wall' | tr '\n' ' ')"
  fi
  for n in $(seq 1 "$NG"); do
    if [ -x "$b/bin/tc_multigpu_base" ]; then
      log "## G2Miner tc_multigpu_base $n GPU(s) run $i: $(timed timeout 300 "$b/bin/tc_multigpu_base" "$g" "$n" 2>&1 | grep -Ei 'runtime|total_num|copy time|wall' | tr '\n' ' ')"
    fi
    j=$(timeout 300 "$CFLR" mine triangles --device gpu --gpus "$n" --json "$g" 2>/dev/null)
    log "## cflr --gpus $n run $i: $(echo "$j" | python3 -c '
import json,sys
r=json.load(sys.stdin); ph={p["name"]:p["seconds"] for p in r["phases"]}
print("count=%d kernel=%.4f s upload=%.4f s wall=%.3f s" % (r["count"], ph.get("gpu-kernel",0), ph.get("gpu-upload",0), r["wall_seconds"]))' 2>&1)"
  done
done
