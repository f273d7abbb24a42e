# Out-of-core solving (package outofcore): crash test and benchmarks.

# 22 kill points on psql.vfg: after partition commits, mid commit batch,
# mid write-ahead-log write, during gathers, after worklist spills, before
# a split commits.
CRASH_GRAPH  ?= psql.vfg
CRASH_POINTS ?= commit:5,commit:40,commit:120,commit:250,commit:380,batch:2,batch:30,batch:150,gather:1,gather:200,gather:2000,gather:6000,spill:1,spill:20,spill:50,wal:3,wal:200,wal:2000,wal:8000,wal:11000,commit:2,split:3

OUTOFCORE_BENCH_GRAPHS ?= psql.vfg i3.vfg

.PHONY: crash-test bench-outofcore check-outofcore

# Exactness on the POCR graphs too slow for go test (see outofcore's TestExact).
check-outofcore:
	CFLR_OUTOFCORE_GRAPHS=crafty.vfg,psql.peg,i3.peg,psql.vfg,i3.vfg \
		$(GO) test -run '^TestExact$$' -v -timeout 0 ./outofcore

bench: bench-outofcore

# In memory vs out of core at 1/4 of the in-memory peak RSS, side by side,
# and incremental additions vs a from-scratch solve (tables for BENCHMARKS.md).
bench-outofcore: build
	bash mk/outofcore-bench.sh $(BIN)/cflr $(POCR) $(OUTOFCORE_BENCH_GRAPHS)

crash-test:
	CFLR_CRASH_GRAPH=$(CRASH_GRAPH) CFLR_CRASH_POINTS=$(CRASH_POINTS) \
		$(GO) test -run '^TestCrash$$' -v -timeout 0 ./outofcore
