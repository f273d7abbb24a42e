package main

import (
	"io"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"time"

	"github.com/cflr/cflr/graph"
)

// gcHeadroom is the most heap, past the live one, that the GC pacer lets a
// run allocate before the next collection while the live heap is small
// enough that a percent of maxPercent would give more.
const gcHeadroom = 2 << 30

// gcMinPercent is the lowest target the pacer sets: past a live heap of
// 2·gcHeadroom the heap grows by half the live one again.
const gcMinPercent = 50

// watchHeap reads the live heap after each garbage collection (sampling
// the runtime's metrics every 20 ms) and passes its size to each hook, in
// order, on one goroutine. One sampler serves the GC pacer and the peak
// profiler alike. It returns the function that stops the sampling; no
// hook runs after it returns.
func watchHeap(hooks ...func(live uint64)) (stop func()) {
	if len(hooks) == 0 {
		return func() {}
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		sample := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
		var cycles uint64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 || sample[1].Value.Kind() != metrics.KindUint64 {
				return
			}
			// The live heap is measured by a collection: between two
			// of them it does not change.
			if c := sample[0].Value.Uint64(); c == cycles {
				continue
			} else {
				cycles = c
			}
			for _, h := range hooks {
				h(sample[1].Value.Uint64())
			}
		}
	}()
	return func() { close(done); <-stopped }
}

// gcPacer keeps the GC target at maxPercent (--gc-percent) while the live
// heap is small and lowers it as the live heap grows: after each
// collection the target is 100·gcHeadroom/live, between gcMinPercent and
// maxPercent, so the heap grows by at most max(gcHeadroom, live/2) before
// the next one. It is a watchHeap hook; the caller restores the percent.
//
// Why: a high target saves collections on programs whose live analysis
// is a few hundred MiB (pebble, CHECKS.md), but on a program whose live
// heap is 3 GiB (centrifugo: its program, SSA, points-to and flow
// graphs) a target of 400 lets the heap grow to 15 GiB of mostly
// garbage before a collection: the taint solve, allocating a few GiB of
// short-lived sets, then ran out of memory under a 12 GiB cap
// (bench/corpus-2026-12-07/TAINTMEM.md) with 3 GiB live.
func gcPacer(maxPercent int) func(live uint64) {
	percent := maxPercent
	return func(live uint64) {
		if p := gcPercentFor(live, maxPercent); p != percent {
			percent = p
			debug.SetGCPercent(p)
		}
	}
}

// gcPercentFor is gcPacer's target for a live heap of live bytes.
func gcPercentFor(live uint64, maxPercent int) int {
	if live == 0 || maxPercent <= 100 {
		return maxPercent
	}
	p := uint64(100) * gcHeadroom / live
	return int(min(max(p, gcMinPercent), uint64(maxPercent)))
}

// peakProfiler, for the environment variable CFLR_PEAKPROFILE (a
// developer's tool, not a flag), writes a Go heap profile to path each
// time the live heap reaches a new high by 5 %: the file left at the end
// shows what was live at the run's peak. --memprofile is taken after the
// checks, when a phase's transient memory (a solve's tables) is gone; the
// peak is what a memory limit meets. The profile's in-use figures are
// those of the last collection before the high, so they lag by at most
// one cycle. It is a watchHeap hook.
func peakProfiler(path string) func(live uint64) {
	var high uint64 = 64 << 20
	return func(live uint64) {
		if live > high+high/20 {
			high = live
			_ = graph.AtomicWrite(path, func(w io.Writer) error {
				return pprof.Lookup("heap").WriteTo(w, 0)
			})
		}
	}
}
