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
# cflr mine on the GPU against the CPU, through the CLI: the same counts and
# patterns (the table minus its device, task and phase lines, which name the
# device and where data lived) for every task.
if [ -x "$G/cflr" ] && [ -f "$G/graphs/citeseer.lg" ] && [ "${CLI:-1}" = 1 ]; then
  echo "## cflr mine: GPU vs CPU" | tee -a "$LOG"
  C=$G/graphs/citeseer.lg E=$G/graphs/email-Enron.txt
  while IFS='|' read -r args; do
    [ -z "$args" ] && continue
    # shellcheck disable=SC2086
    gpu=$("$G/cflr" mine $args --device gpu 2>&1 | grep -Ev '^(device|task|peak RSS) ' | grep -Ev '^[a-z-]+ +[0-9.]+ s$')
    # shellcheck disable=SC2086
    cpu=$("$G/cflr" mine $args --device cpu 2>&1 | grep -Ev '^(device|task|peak RSS) ' | grep -Ev '^[a-z-]+ +[0-9.]+ s$')
    if [ "$gpu" = "$cpu" ] && [ -n "$gpu" ]; then
      echo "ok   mine $args: $(echo "$gpu" | grep -E '^(count|patterns)' | tr '\n' ' ')" | tee -a "$LOG"
    else
      echo "FAIL mine $args" | tee -a "$LOG"; diff <(echo "$cpu") <(echo "$gpu") | head -20 | tee -a "$LOG"; rc=1
    fi
  done <<EOF2
triangles $E
cliques -k 6 $E
cliques -k 9 $E
motifs -k 4 $C
motifs -k 5 $C
motifs -k 4 --induced edge $C
match --pattern testdata/patterns/diamond.txt $E
match --pattern testdata/patterns/4-cycle.txt --induced edge --gpu-mem 64K $C
fsm --support 300 $C
fsm --support 300 --max-edges 4 --gpu-mem 16K $C
fsm --support 3 --max-edges 4 kernels/mine/testdata/gspan-db.lg
EOF2
  for args in "match --pattern testdata/patterns/tailed-triangle.txt --list $C"; do
    # shellcheck disable=SC2086
    if cmp -s <("$G/cflr" mine $args --device gpu 2>/dev/null) <("$G/cflr" mine $args --device cpu 2>/dev/null); then
      echo "ok   mine $args: GPU listing = CPU listing, byte for byte" | tee -a "$LOG"
    else
      echo "FAIL mine $args: listings differ" | tee -a "$LOG"; rc=1
    fi
  done
fi
exit $rc
