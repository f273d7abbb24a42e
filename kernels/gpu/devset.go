package gpu

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// This file is the host side of running one job on several devices, and
// needs no GPU: which devices a --gpus spec names, the dealer that hands
// task chunks to devices through a shared counter, and per-device
// statistics. The cuda build opens the devices (OpenSet, devset_cuda.go).

// ParseDevices returns the device ordinals a --gpus spec names, given the
// number of GPUs present: "" or "all" is every GPU; a number N is GPUs
// 0..N-1; a comma-separated list names ordinals, which may repeat (a
// repeated ordinal is a second "virtual" device on the same GPU, with its
// own streams: how the multi-device paths are tested on one GPU).
func ParseDevices(spec string, count int) ([]int, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" || spec == "all" {
		if count <= 0 {
			return nil, fmt.Errorf("--gpus: no GPU present")
		}
		out := make([]int, count)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	if !strings.Contains(spec, ",") {
		n, err := strconv.Atoi(spec)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("--gpus: want all, a count N >= 1 or a list of ordinals (0,1,...), got %q", spec)
		}
		if n > count {
			return nil, fmt.Errorf("--gpus %d: only %d GPU(s) present (a list such as 0,0 runs several devices on one GPU)", n, count)
		}
		return ParseDevices("all", n)
	}
	var out []int
	for _, f := range strings.Split(spec, ",") {
		o, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || o < 0 {
			return nil, fmt.Errorf("--gpus: bad ordinal %q in %q", f, spec)
		}
		if o >= count {
			return nil, fmt.Errorf("--gpus: GPU %d in %q, but only %d GPU(s) present", o, spec, count)
		}
		out = append(out, o)
	}
	return out, nil
}

// Dealer hands out the tasks [0, n) in chunks to the devices of a set,
// through one shared counter: a device asks for its next chunk when it has
// finished the last, so one that finishes early takes more. Chunks shrink
// as the work runs out (guided self-scheduling: a chunk is the remaining
// tasks over 4 × devices, never under the minimum), so the last chunks are
// small and the devices finish together. Tasks are dealt in index order,
// and callers put the heaviest first (tc_hash's long-list items; in a
// DAG, the arcs of low ids, the hubs of an R-MAT graph): guided sizes
// assume equal costs and would give the first device a chunk of the
// heaviest tasks worth more than its share, so no chunk exceeds the
// maximum (DefaultMaxChunk: n / (16 × devices); n / 64 devices made
// tc_hash on RMAT-24 1.3-1.4× slower on 2 and 4 virtual devices of one
// H200, 2026-11-28: each chunk's launch and tail cost about half a
// millisecond).
type Dealer struct {
	n, min, max int64
	parts       int64
	next        atomic.Int64
}

// DefaultMaxChunk is the largest chunk a Dealer of n tasks over parts
// devices hands out by default: n / (16 × parts).
func DefaultMaxChunk(n int64, parts int) int64 { return n / (16 * int64(max(parts, 1))) }

// NewDealer deals n tasks to parts devices, in chunks of at least
// minChunk and at most maxChunk (≤ 0: DefaultMaxChunk; the minimum wins).
func NewDealer(n int64, parts int, minChunk, maxChunk int64) *Dealer {
	if maxChunk <= 0 {
		maxChunk = DefaultMaxChunk(n, parts)
	}
	return &Dealer{n: n, min: max(minChunk, 1), max: maxChunk, parts: int64(max(parts, 1))}
}

// Next returns the next chunk [lo, hi), or ok false when every task has
// been dealt. Safe for concurrent use.
func (d *Dealer) Next() (lo, hi int64, ok bool) {
	for {
		lo = d.next.Load()
		if lo >= d.n {
			return 0, 0, false
		}
		size := max(d.min, min((d.n-lo)/(4*d.parts), d.max))
		hi = min(d.n, lo+size)
		if d.next.CompareAndSwap(lo, hi) {
			return lo, hi, true
		}
	}
}

// DeviceStats is what one device of a set did in one call.
type DeviceStats struct {
	Ordinal int           `json:"gpu"`
	Upload  time.Duration `json:"-"` // its copy of the graph and working space
	Kernel  time.Duration `json:"-"` // its kernels, synchronized
	Chunks  int           `json:"chunks"`
	Tasks   int64         `json:"tasks"`
	Count   uint64        `json:"count"` // its part of the total
}

// OnDevices runs f(i) for every device index i < n, each on its own
// goroutine, and joins their errors.
func OnDevices(n int, f func(i int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = f(i)
		}(i)
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Deal runs the tasks [0, n) on n devices: each device's goroutine takes
// chunks from one Dealer (minChunk, maxChunk as NewDealer's) and calls run(i, lo, hi) for each until none is
// left, then done(i) (nil: none), which waits for the device's queued
// work. A failed call stops every device after its current chunk. It
// returns each device's chunks and tasks, with Kernel the device's time
// from the start through done.
func Deal(devices int, n, minChunk, maxChunk int64, run func(i int, lo, hi int64) error, done func(i int) error) ([]DeviceStats, error) {
	d := NewDealer(n, devices, minChunk, maxChunk)
	st := make([]DeviceStats, devices)
	var failed atomic.Bool
	t0 := time.Now()
	err := OnDevices(devices, func(i int) error {
		for !failed.Load() {
			lo, hi, ok := d.Next()
			if !ok {
				break
			}
			if err := run(i, lo, hi); err != nil {
				failed.Store(true)
				return err
			}
			st[i].Chunks++
			st[i].Tasks += hi - lo
		}
		if done != nil {
			if err := done(i); err != nil {
				failed.Store(true)
				return err
			}
		}
		st[i].Kernel = time.Since(t0)
		return nil
	})
	return st, err
}

// Segments maps a range [lo, hi) of one task space made of consecutive
// segments (e.g. block items, then warp items) to a range in each segment
// it touches: f(seg, lo', hi') for each, with indices local to the
// segment.
func Segments(sizes []int64, lo, hi int64, f func(seg int, lo, hi int64) error) error {
	base := int64(0)
	for s, n := range sizes {
		a, b := max(lo, base), min(hi, base+n)
		if a < b {
			if err := f(s, a-base, b-base); err != nil {
				return err
			}
		}
		base += n
	}
	return nil
}
