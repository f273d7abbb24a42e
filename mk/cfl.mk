# CFL-reachability targets: benchmarks and the full POCR check.
POCR ?= $(SHARED)/cfl/pocr
# Graphs small enough to run every configuration of the thesis's Table 4.2.
TABLE42_GRAPHS ?= art.peg,bzip2.peg,gzip.peg,astar.peg,crafty.peg,namd.peg,art.vfg,bzip2.vfg,gzip.vfg,astar.vfg

.PHONY: bench-cfl bench-cfl-configs check-pocr

bench: bench-cfl

# One row per POCR graph and thread count, default configuration.
bench-cfl: build
	$(GO) test -run '^$$' -bench . -benchtime 3x ./edgecentric
	$(BIN)/cflr bench --dir $(POCR) --threads 1,2

# The thesis's four design points (and hash sets) side by side.
bench-cfl-configs: build
	$(BIN)/cflr bench --dir $(POCR) --graphs $(TABLE42_GRAPHS) \
		--configs ECM-IDX,ECM,VCM-IDX,VCM --sets bitmap,hash --threads 2 --timeout 5m

# Every POCR graph, reference vs every configuration (long).
check-pocr:
	CFLR_CHECK_POCR=1 $(GO) test -run TestCheckPOCR -timeout 0 -v ./edgecentric
