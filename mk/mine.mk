# Pattern mining (kernels/mine): PTX generation, GPU test binary, benchmarks.
# See README.md (section "Pattern mining") and BENCHMARKS.md ("Mining").

MINE_PKG := ./kernels/mine
MINE_DEV ?= .minedev

.PHONY: mine-ptx mine-gpu-bin bench-mine bench-mine-gpu

# Regenerate every kernels/mine/X.ptx from X.cu (on a machine with nvcc),
# through mk/gpu.mk's %.ptx rule, which writes the .cu's SHA-256 on the
# first line; TestPTXFresh fails when the two disagree.
mine-ptx: $(patsubst %.cu,%.ptx,$(wildcard kernels/mine/*.cu))

# Build the cuda test binary and copy the shared graphs next to it, to carry
# to a GPU machine (which has no Go): run it there as
#   CFLR_GRAPHS=$(MINE_DEV)/graphs $(MINE_DEV)/mine.test -test.run GPU -test.bench GPU
# (FSM: -test.bench GPUFSM; the CLI: $(MINE_DEV)/cflr-cuda mine fsm --device gpu ...)
mine-gpu-bin: cuda-deps
	mkdir -p $(MINE_DEV)/graphs
	cp $(SHARED)/graphs/ca-GrQc.txt $(SHARED)/graphs/email-Enron.txt $(SHARED)/graphs/citeseer.lg $(MINE_DEV)/graphs/
	$(CUDA_ENV) $(GO) test -c -tags cuda -o $(MINE_DEV)/mine.test $(MINE_PKG)
	$(CUDA_ENV) $(GO) build -tags cuda -o $(MINE_DEV)/cflr-cuda ./cmd/cflr

# CPU benchmarks (the ratios' denominators); set MINE_BENCH to narrow.
MINE_BENCH ?= .
bench-mine:
	$(GO) test -run '^$$' -bench '$(MINE_BENCH)' -benchtime 3x -timeout 60m $(MINE_PKG)
