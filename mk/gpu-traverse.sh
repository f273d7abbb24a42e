#!/usr/bin/env bash
# Issue-4 runner for the GPU machine (made by `make gpu-traverse`, copied to
# out/gpu-traverse/run.sh; run from the repository root with
# out/gpu-traverse carried). Compiles traverse.cu to PTX ($OUT/ptx), runs
# the kernels/gpu and kernels/traverse GPU tests against it, checks the
# cflr binary (embedded PTX) on the GPU against --device cpu, then the
# benchmarks (BENCHRE, default all three; CFLR_BENCH_* as in gpu_test.go).
# Logs: $OUT/log.txt and $OUT/bench.txt.
set -uo pipefail
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$G/log}
mkdir -p "$OUT/ptx"
LOG=$OUT/log.txt
{ echo "# cflr traversal GPU run $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,memory.total,driver_version,pcie.link.gen.max,pcie.link.width.max --format=csv,noheader
  nvcc --version | tail -1; echo "host cores: $(nproc)"
  "$G/cflr" gpu info; } 2>&1 | tee "$LOG"
cu=kernels/traverse/traverse.cu
nvcc -arch=${PTX_ARCH:-compute_80} -O3 --ptx -o /tmp/t.ptx $cu 2>&1 | tee -a "$LOG"
[ -s /tmp/t.ptx ] || { echo "nvcc failed" | tee -a "$LOG"; exit 1; }
{ echo "// cflr-source-sha256: $(sha256sum $cu | cut -d' ' -f1)"; cat /tmp/t.ptx; } > "$OUT/ptx/traverse.ptx"
export CFLR_PTX_DIR=$OUT/ptx CFLR_GRAPHS_DIR=$G/graphs
echo "## kernels/gpu tests" | tee -a "$LOG"
(cd kernels/gpu && timeout 60 "$G/gpu.test" -test.v) 2>&1 | grep -v '^=== RUN' | tee -a "$LOG"
echo "## kernels/traverse tests" | tee -a "$LOG"
(cd kernels/traverse && timeout 240 "$G/traverse.test" -test.v -test.run 'GPU|PTX') 2>&1 | grep -v '^=== RUN' | tee -a "$LOG"
echo "## cflr CLI on the GPU (embedded PTX: stale until the PTX is committed)" | tee -a "$LOG"
{ "$G/cflr" gen --scale 16 --weights 100 /tmp/g.wel && for a in bfs sssp sswp cc; do
    "$G/cflr" traverse $a /tmp/g.wel --src 7 --device cpu --out /tmp/c.$a >/dev/null || echo "cpu $a FAILED"
    for mode in "" "--gpu-mem 8M" "--gpu-mem 8M --async" "--gpu-mem 8M --host-gather" "--ooc stream"; do
      "$G/cflr" traverse $a /tmp/g.wel --src 7 --device gpu $mode --out /tmp/g.$a > /tmp/o.txt 2>&1 && cmp -s /tmp/c.$a /tmp/g.$a && echo "ok   $a [$mode]" || { echo "FAIL $a [$mode]"; cat /tmp/o.txt; }
    done
  done; } 2>&1 | tee -a "$LOG"
echo "## benchmarks" | tee -a "$LOG"
(cd kernels/traverse && timeout ${BENCH_S:-380} "$G/traverse.test" -test.run XXX -test.bench "${BENCHRE:-GPU|OutOfMemory|SubwayAnchor}" -test.benchtime 1x) > "$OUT/bench.txt" 2>&1
echo "bench rc=$?" | tee -a "$LOG"
grep '^|\|^#\|FAIL\|panic\|rror' "$OUT/bench.txt" | tee -a "$LOG"
