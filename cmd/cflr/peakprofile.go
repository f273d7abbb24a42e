package main

import (
	"io"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"time"

	"github.com/cflr/cflr/graph"
)

// startPeakProfile, when the environment variable CFLR_PEAKPROFILE names
// a file (a developer's tool, not a flag), writes a Go heap profile there
// each time the live heap reaches a new high by 5 %: the file left at the
// end shows what was live at the run's peak. --memprofile is taken after
// the checks, when a phase's transient memory (a solve's tables) is gone;
// the peak is what a memory limit meets. The profile's in-use figures are
// those of the last collection before the high, so they lag by at most
// one cycle. It returns the function that stops the sampling.
func startPeakProfile() (stop func()) {
	path := os.Getenv("CFLR_PEAKPROFILE")
	if path == "" {
		return func() {}
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var high uint64 = 64 << 20
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 {
				return
			}
			if live := sample[0].Value.Uint64(); live > high+high/20 {
				high = live
				_ = graph.AtomicWrite(path, func(w io.Writer) error {
					return pprof.Lookup("heap").WriteTo(w, 0)
				})
			}
		}
	}()
	return func() { close(done); <-stopped }
}
