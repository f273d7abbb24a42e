#!/usr/bin/env bash
# Runner for the GPU machine (made by `make gpu-test`, copied to
# out/gpu/run.sh). Run from the repository root with out/gpu carried.
# Compiles every kernels/**/*.cu to PTX (into $OUT/ptx and in place), runs
# every test binary in out/gpu against it, and with BENCH=1 the benchmarks.
# Logs go to $OUT (or out/gpu/log when OUT is unset).
set -uo pipefail
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$G/log}
mkdir -p "$OUT/ptx"
LOG=$OUT/gpu-test.log
{
  echo "# cflr GPU run $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  nvcc --version | tail -1
  "$G/cflr" gpu info
} 2>&1 | tee "$LOG"
rc=0
for cu in $(find kernels -name '*.cu'); do
  ptx=${cu%.cu}.ptx
  nvcc -arch=${PTX_ARCH:-compute_80} -O3 --ptx -o "$ptx.tmp" "$cu" || { rc=1; continue; }
  { echo "// cflr-source-sha256: $(sha256sum "$cu" | cut -d' ' -f1)"; cat "$ptx.tmp"; } > "$ptx"
  rm -f "$ptx.tmp"
  cp "$ptx" "$OUT/ptx/$(basename "$ptx")"
done
export CFLR_PTX_DIR=$OUT/ptx CFLR_GRAPHS_DIR=$G/graphs
for t in "$G"/${TESTS:-*}.test; do
  pkg=kernels/$(basename "$t" .test | tr _ /)
  echo "## $pkg tests" | tee -a "$LOG"
  (cd "$pkg" && "$t" -test.v -test.run "${RUN:-.}" -test.timeout 20m) 2>&1 | grep -v '^=== RUN' | tee -a "$LOG" || rc=1
  if [ "${BENCH:-0}" = 1 ]; then
    echo "## $pkg benchmarks" | tee -a "$LOG"
    (cd "$pkg" && "$t" -test.run XXX -test.bench "${BENCHRE:-.}" -test.benchtime 1x -test.timeout 30m) 2>&1 | tee -a "$OUT/bench.log" "$LOG" >/dev/null || rc=1
    grep '^|' "$OUT/bench.log"
  fi
done
exit $rc
