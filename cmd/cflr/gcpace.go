package main

import (
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// gcHeadroom is the most heap, past the live one, that paceGC lets a run
// allocate before the next collection while the live heap is small
// enough that a percent of maxPercent would give more.
const gcHeadroom = 2 << 30

// gcMinPercent is the lowest target paceGC sets: past a live heap of
// 2·gcHeadroom the heap grows by half the live one again.
const gcMinPercent = 50

// paceGC keeps the GC target at maxPercent (--gc-percent) while the live
// heap is small and lowers it as the live heap grows: after each
// collection the target is 100·gcHeadroom/live, between gcMinPercent and
// maxPercent, so the heap grows by at most max(gcHeadroom, live/2) before
// the next one.
//
// Why: a high target saves collections on programs whose live analysis
// is a few hundred MiB (pebble, CHECKS.md), but on a program whose live
// heap is 3 GiB (centrifugo: its program, SSA, points-to and flow
// graphs) a target of 400 lets the heap grow to 15 GiB of mostly
// garbage before a collection: the taint solve, allocating a few GiB of
// short-lived sets, then ran out of memory under a 12 GiB cap
// (bench/corpus-2026-12-07/TAINTMEM.md) with 3 GiB live. It returns the
// function that stops the pacing (the caller restores the percent).
func paceGC(maxPercent int) (stop func()) {
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		sample := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
		var cycles uint64
		percent := maxPercent
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
			if c := sample[0].Value.Uint64(); c == cycles {
				continue
			} else {
				cycles = c
			}
			if p := gcPercentFor(sample[1].Value.Uint64(), maxPercent); p != percent {
				percent = p
				debug.SetGCPercent(p)
			}
		}
	}()
	return func() { close(done); <-stopped }
}

// gcPercentFor is paceGC's target for a live heap of live bytes.
func gcPercentFor(live uint64, maxPercent int) int {
	if live == 0 || maxPercent <= 100 {
		return maxPercent
	}
	p := uint64(100) * gcHeadroom / live
	return int(min(max(p, gcMinPercent), uint64(maxPercent)))
}
