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

.PHONY: ptx gpu-test gpu-traverse bench-gpu bench-traverse

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

# bench-gpu: build as gpu-test does; the benchmarks run on the GPU machine
# with `BENCH=1 bash out/gpu/run.sh`.
bench-gpu: gpu-test

bench-traverse:
	$(GO) test -run XXX -bench . -benchtime 3x ./kernels/traverse/
