#!/usr/bin/env bash
# Issue 11, "Peers, end to end", and the loaders' rates on the device host.
# Run on the GPU machine from the repository root:
#
#   PEERS=.peers BIN=out/peers bash mk/peers-e2e.sh      (carry .peers, out/peers)
#
# PEERS holds peer sources that are never committed: g2miner/ (include/,
# src/ of chenxuhao/GraphMiner, triangle subset) and subway/ (shared/,
# subway/bfs-sync.cu of AutomataLab/Subway), each with a PROVENANCE.txt.
# BIN holds a cuda cflr and graph/csr's test binary (go test -c), built on
# the development machine. The script
#   1. builds G2Miner's tc_gpu_base with its own Makefile in a scratch copy
#      (make tc_gpu_base CUDA_ARCH=-arch=sm_90; with nvcc >= 13 the printed
#      cudaDeviceProp::memoryClockRate becomes 0) and Subway's bfs-sync with
#      its Makefiles' compile and link lines run by hand (-std=c++17 -O3
#      -arch=sm_90: CUDA 13's Thrust needs C++17 and no longer targets
#      sm_60), while cflr writes RMAT-24 as .bcsr (Subway's format) and in
#      G2Miner's files (cflr gen --scale 24, the same graph);
#   2. runs, REPS times each, interleaved, with the page cache warm: G2Miner
#      tc_gpu_base and cflr mine triangles --device gpu on the G2Miner files,
#      cflr mine triangles on the .bcsr, Subway bfs-sync and cflr traverse
#      bfs --device gpu on the .bcsr (source 0 for both); wall time and peak
#      RSS from outside (/usr/bin/time -v where present, else getrusage);
#   3. checks: triangle counts equal; BFS iterations and the first 30
#      distances equal (cflr --out, a separate run);
#   4. runs graph/csr's loading benchmarks at CFLR_BENCH_SCALE (22) on all
#      host cores: Load (file in the page cache to a validated graph) of
#      .bcsr, G2Miner, .cflr and SNAP text, and Parse of SNAP text.
# Everything goes to $OUT/peers (peers.log, build.log, csr-bench.txt).
set -uo pipefail
P=${PEERS:-.peers}
B=${BIN:-out/peers}
OUT=${OUT:-out/peers/log}
D=$OUT/peers
W=${WORK:-/tmp/peers}
REPS=${REPS:-2}
SCALE=${SCALE:-24}
CSR_SCALE=${CSR_SCALE:-22}
mkdir -p "$D" "$W"
P=$(cd "$P" && pwd); B=$(cd "$B" && pwd)
LOG=$D/peers.log
BLOG=$D/build.log
exec > >(tee -a "$LOG") 2>&1
echo "# peers end to end, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
nvcc --version | tail -2
echo "host: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; $(g++ --version | head -1)"
echo "cflr: $(sha256sum "$B/cflr" | cut -c1-16)  csr.test: $(sha256sum "$B/csr.test" | cut -c1-16)"
for t in g2miner subway; do echo "== $t provenance"; cat "$P/$t/PROVENANCE.txt"; done
echo "peer source sha256 (sorted file list hashed): g2miner $(cd "$P/g2miner" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16), subway $(cd "$P/subway" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)"

# 1. Builds and inputs, in parallel.
build_g2() {
  rm -rf "$W/g2" && mkdir -p "$W/g2/bin" && cp -r "$P/g2miner/include" "$P/g2miner/src" "$W/g2/" || return 1
  if [ "$(nvcc --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')" -ge 13 ]; then
    sed -i 's/prop\.memoryClockRate/0/g' "$W/g2/include/cutil_subset.h" && echo "patched for CUDA >= 13: include/cutil_subset.h memoryClockRate -> 0"
  fi
  make -C "$W/g2/src/triangle" -j4 tc_gpu_base CUDA_ARCH=-arch=sm_90
}
build_subway() {
  rm -rf "$W/sw" && cp -r "$P/subway" "$W/sw" || return 1
  local NF="-std=c++17 -O3 -arch=sm_90" rc=0 pids=() f
  cd "$W/sw/shared" || return 1
  for f in argument_parsing graph subgraph partitioner subgraph_generator gpu_kernels; do
    (set -x; nvcc -c $f.cu -o $f.o $NF) & pids+=($!)
  done
  (set -x; g++ -c timer.cpp -o timer.o -std=c++17 -O3 && g++ -c subway_utilities.cpp -o subway_utilities.o -std=c++17 -O3) & pids+=($!)
  (cd ../subway && set -x && nvcc -c bfs-sync.cu $NF) & pids+=($!)
  for f in "${pids[@]}"; do wait "$f" || rc=1; done
  if [ ! -f subgraph_generator.o ]; then
    # A variable-length array of std::thread: a GNU extension that the
    # device compiler may refuse; a vector of threads is the same thing.
    sed -i 's/thread runThreads\[numThreads\];/std::vector<thread> runThreads(numThreads);/' subgraph_generator.cu &&
      echo "patched: subgraph_generator.cu thread runThreads[numThreads] -> std::vector<thread>" &&
      (set -x; nvcc -c subgraph_generator.cu -o subgraph_generator.o $NF) && rc=0
  fi
  [ $rc = 0 ] || return 1
  cd "$W/sw" && (set -x; nvcc subway/bfs-sync.o shared/timer.o shared/argument_parsing.o shared/graph.o shared/subgraph.o \
    shared/partitioner.o shared/subgraph_generator.o shared/gpu_kernels.o shared/subway_utilities.o -o bfs-sync $NF)
}
G24=$W/rmat$SCALE.bcsr
G2F=$W/rmat${SCALE}g
t0=$(date +%s)
build_g2 > "$W/b-g2.log" 2>&1 & pg=$!
build_subway > "$W/b-sw.log" 2>&1 & ps=$!
( [ -f "$G24" ] || "$B/cflr" gen --scale "$SCALE" "$G24" ) > "$W/gen1.log" 2>&1 & p1=$!
( [ -f "$G2F.meta.txt" ] || "$B/cflr" gen --scale "$SCALE" --format g2miner "$G2F" ) > "$W/gen2.log" 2>&1 & p2=$!
wait $pg; rg=$?; wait $ps; rs=$?; wait $p1; r1=$?; wait $p2; r2=$?
cat "$W/b-g2.log" "$W/b-sw.log" > "$BLOG"
echo "build: g2miner rc=$rg subway rc=$rs; gen rc=$r1,$r2 ($(( $(date +%s) - t0 )) s)"
[ $rg = 0 ] || tail -30 "$W/b-g2.log"
[ $rs = 0 ] || tail -30 "$W/b-sw.log"
cat "$W/gen1.log" "$W/gen2.log"
ls -l "$G24" "$G2F".*
cat "$G24" "$G2F".* > /dev/null

# 2. Runs.
measure() { # name, command...
  local name=$1; shift
  echo "=== run $name"
  echo "\$ $*"
  python3 - "$name" "$@" <<'PY'
import os, resource, subprocess, sys, time
name, cmd = sys.argv[1], sys.argv[2:]
full = (["/usr/bin/time", "-v"] + cmd) if os.path.exists("/usr/bin/time") else cmd
t = time.time()
r = subprocess.run(full, capture_output=True, text=True)
wall = time.time() - t
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
sys.stdout.write(r.stdout)
sys.stdout.write(r.stderr)
print(f"=== end {name} rc={r.returncode} wall-external={wall:.3f}s peak-rss-external={rss/1e9:.3f}GB")
PY
}
G2BIN=$W/g2/bin/tc_gpu_base
SWBIN=$W/sw/bfs-sync
for i in $(seq 1 "$REPS"); do
  [ -x "$G2BIN" ] && measure "g2miner-tc-$i" "$G2BIN" "$G2F"
  measure "cflr-tc-g2files-$i" "$B/cflr" mine triangles --device gpu "$G2F"
  measure "cflr-tc-bcsr-$i" "$B/cflr" mine triangles --device gpu "$G24"
  [ -x "$SWBIN" ] && measure "subway-bfs-$i" "$SWBIN" --input "$G24" --source 0
  measure "cflr-bfs-$i" "$B/cflr" traverse bfs --device gpu --src 0 "$G24"
done

# 3. Checks.
echo "=== checks"
grep -h -E '^(total_num_triangles|count|triangles)' "$LOG" | sort | uniq -c
"$B/cflr" traverse bfs --device gpu --src 0 --out "$W/cflr-bfs.txt" "$G24" > /dev/null && \
  echo "cflr --out first 30: $(head -30 "$W/cflr-bfs.txt" | awk '{printf "%d:%s ", NR-1, ($1=="inf"?"4294967294":$1)}')"
echo "(Subway prints 'Results of first 30 nodes' above; DIST_INFINITY = 4294967294)"
grep -h -E 'Number of iterations|^iterations' "$LOG" | sort | uniq -c

# 4. Loading rates on this host's cores (CSR=0 skips).
[ "${CSR:-1}" = 1 ] || { echo "# done $(date -u +%H:%M:%SZ)"; exit 0; }
echo "=== graph/csr loading benchmarks, scale $CSR_SCALE, $(nproc) cores"
(cd "$W" && CFLR_BENCH_SCALE=$CSR_SCALE timeout 300 "$B/csr.test" -test.run X \
  -test.bench 'Load|Parse/^(g.bcsr|g2|g.cflr|g.txt)$' -test.benchtime 3x) 2>&1 | tee "$D/csr-bench.txt"
echo "# done $(date -u +%H:%M:%SZ)"
