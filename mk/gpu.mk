# GPU workflow (issue 4): PTX generation, GPU test binaries, GPU benchmarks.
# The GPU machine has nvcc and a driver but no Go: build here, run there.
#
#   make gpu-test        builds out/gpu/: one `go test -c -tags cuda` binary
#                        per kernels/ package with tests, cflr-cuda, copies of
#                        the shared graphs, and out/gpu/run.sh, the runner.
#   (device)             run `bash out/gpu/run.sh` on the GPU machine with
#                        out/gpu carried: it compiles the .cu files to PTX
#                        into $OUT/ptx, runs every test binary against that
#                        PTX, then the benchmarks when BENCH=1, logging to $OUT.
#   make ptx             (on the GPU machine, or anywhere with nvcc) compiles
#                        kernels/**/*.cu to PTX in place, with the source's
#                        sha256 on the first line (checked by a CI test).
#   make gpu-traverse    issue 4 only: builds out/gpu-traverse/ (traverse and
#                        gpu test binaries, cflr-cuda, graphs, run.sh from
#                        mk/gpu-traverse.sh: PTX, GPU tests, CLI-on-GPU check,
#                        benchmarks). On the device, with it carried:
#                        CFLR_BENCH_CPU=0 CFLR_BENCH_LAYOUTS=baseline,virtual,coalesced
#                        bash out/gpu-traverse/run.sh
#   make bench-traverse  CPU traversal benchmarks (go test -bench).

GPU_OUT   ?= out/gpu
NVCC      ?= nvcc
PTX_ARCH  ?= compute_80
CU_FILES  := $(shell find kernels -name '*.cu' 2>/dev/null)
KERNEL_TEST_PKGS = $(shell $(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' -tags cuda ./kernels/... 2>/dev/null)

.PHONY: ptx gpu-test gpu-traverse bench-gpu bench-gpu-chart bench-traverse peers-e2e gpu-multi

ptx: $(CU_FILES:.cu=.ptx)

%.ptx: %.cu
	$(NVCC) -arch=$(PTX_ARCH) -O3 --ptx -o $@.tmp $<
	{ echo "// cflr-source-sha256: $$(sha256sum $< | cut -d' ' -f1)"; cat $@.tmp; } > $@
	rm -f $@.tmp

gpu-test: cuda-deps
	mkdir -p $(GPU_OUT)/graphs
	for p in $(KERNEL_TEST_PKGS); do \
		$(CUDA_ENV) $(GO) test -c -tags cuda -o $(GPU_OUT)/$$(echo $$p | sed 's|.*/kernels/||; s|/|_|g').test $$p || exit 1; \
	done
	$(CUDA_ENV) $(GO) build -tags cuda -o $(GPU_OUT)/cflr ./cmd/cflr
	-cp $(SHARED)/graphs/ca-GrQc.txt $(SHARED)/graphs/email-Enron.txt $(SHARED)/graphs/citeseer.lg $(GPU_OUT)/graphs/
	cp mk/gpu-run.sh $(GPU_OUT)/run.sh

gpu-traverse: cuda-deps
	mkdir -p out/gpu-traverse/graphs
	$(CUDA_ENV) $(GO) test -c -tags cuda -o out/gpu-traverse/traverse.test ./kernels/traverse
	$(CUDA_ENV) $(GO) test -c -tags cuda -o out/gpu-traverse/gpu.test ./kernels/gpu
	$(CUDA_ENV) $(GO) build -tags cuda -o out/gpu-traverse/cflr ./cmd/cflr
	-cp $(SHARED)/graphs/ca-GrQc.txt $(SHARED)/graphs/email-Enron.txt out/gpu-traverse/graphs/
	cp mk/gpu-traverse.sh out/gpu-traverse/run.sh

# bench-gpu: build as gpu-test does, plus the end-to-end comparison of
# issue 11: cuda cflr binaries of BENCH_ORIG (before) and BENCH_LOADERS
# (host loaders only) beside this tree's, and out/gpu/bench.sh
# (mk/bench-gpu.sh). On the GPU machine: `BENCH=1 bash out/gpu/run.sh` (the
# kernel benchmarks) and `bash out/gpu/bench.sh` (RMAT-24 end to end, logs
# in $$OUT/bench). Back here, `make bench-gpu-chart BENCH_DIR=...` draws the
# phases (SVG) from those logs.
BENCH_ORIG    ?= b9ce858
BENCH_LOADERS ?= abcf989
BENCH_DIR     ?= bench/bench-gpu-h100-2026-11-24
bench-gpu: gpu-test
	cp mk/bench-gpu.sh $(GPU_OUT)/bench.sh
	for c in $(BENCH_ORIG):orig $(BENCH_LOADERS):loaders; do \
		rm -rf $(GPU_OUT)/src && mkdir -p $(GPU_OUT)/src && git archive $${c%%:*} | tar -x -C $(GPU_OUT)/src && \
		(cd $(GPU_OUT)/src && $(CUDA_ENV) $(GO) build -tags cuda -ldflags=-s -o ../cflr-$${c##*:} ./cmd/cflr) || exit 1; \
	done
	rm -rf $(GPU_OUT)/src
	$(MAKE) bench-gpu-chart

bench-gpu-chart:
	$(GO) run ./mk/benchgpu $(BENCH_DIR) > $(BENCH_DIR).svg

# peers-e2e: out/peers (a cuda cflr and graph/csr's test binary) for
# mk/peers-e2e.sh, which builds G2Miner's tc_gpu_base and Subway's bfs-sync
# on the GPU machine from sources under .peers/ (never committed; see
# DEVELOPERS.md) and runs them end to end beside cflr on RMAT-24. On the
# device, carrying .peers and out/peers: bash mk/peers-e2e.sh
peers-e2e: cuda-deps
	mkdir -p out/peers
	$(CUDA_ENV) $(GO) build -tags cuda -ldflags=-s -o out/peers/cflr ./cmd/cflr
	$(GO) test -c -o out/peers/csr.test ./graph/csr

bench-traverse:
	$(GO) test -run XXX -bench . -benchtime 3x ./kernels/traverse/

# gpu-multi (issue 21): out/multigpu/ with the kernels/gpu, kernels/mine and
# kernels/traverse test binaries, a cuda cflr, the shared graphs, the
# multi-GPU kernel sources (compiled there) and run.sh
# (mk/multigpu.sh). On the device, carrying out/multigpu:
#   bash out/multigpu/run.sh   (SCALES="24 26" REPS=2 ...: see the script)
gpu-multi: cuda-deps
	mkdir -p out/multigpu/graphs
	$(CUDA_ENV) $(GO) test -c -tags cuda -ldflags=-s\ -w -o out/multigpu/gpu.test ./kernels/gpu
	$(CUDA_ENV) $(GO) test -c -tags cuda -ldflags=-s\ -w -o out/multigpu/mine.test ./kernels/mine
	$(CUDA_ENV) $(GO) test -c -tags cuda -ldflags=-s\ -w -o out/multigpu/traverse.test ./kernels/traverse
	mkdir -p out/multigpu/cu && cp kernels/traverse/multi.cu out/multigpu/cu/
	$(CUDA_ENV) $(GO) build -tags cuda -ldflags=-s\ -w -o out/multigpu/cflr ./cmd/cflr
	-cp $(SHARED)/graphs/ca-GrQc.txt $(SHARED)/graphs/email-Enron.txt $(SHARED)/graphs/citeseer.lg out/multigpu/graphs/
	cp mk/multigpu.sh out/multigpu/run.sh
