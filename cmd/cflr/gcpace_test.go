package main

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestGCPercentFor: the target stays at --gc-percent while the headroom
// it gives is at most gcHeadroom, then falls with the live heap, and never
// below gcMinPercent; a --gc-percent of 100 or less is left alone.
func TestGCPercentFor(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		live uint64
		max  int
		want int
	}{
		{0, 400, 400},
		{300 * mib, 400, 400}, // pebble: 1.2 GiB of headroom
		{512 * mib, 400, 400}, // exactly gcHeadroom
		{1024 * mib, 400, 200},
		{2048 * mib, 400, 100},
		{3072 * mib, 400, 66}, // centrifugo's taint phase
		{8192 * mib, 400, gcMinPercent},
		{1024 * mib, 150, 150},
		{8192 * mib, 100, 100},
		{8192 * mib, 40, 40},
	} {
		if got := gcPercentFor(c.live, c.max); got != c.want {
			t.Errorf("gcPercentFor(%d MiB, %d) = %d, want %d", c.live/mib, c.max, got, c.want)
		}
	}
}

// TestWatchHeap: each hook sees the live heap after a collection, in
// order, and none runs once stop has returned.
func TestWatchHeap(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	hook := func(name string) func(uint64) {
		return func(live uint64) {
			if live == 0 {
				t.Errorf("%s: live heap 0 after a collection", name)
			}
			mu.Lock()
			calls = append(calls, name)
			mu.Unlock()
		}
	}
	stop := watchHeap(hook("a"), hook("b"))
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		time.Sleep(30 * time.Millisecond)
		mu.Lock()
		n := len(calls)
		mu.Unlock()
		if n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			stop()
			t.Fatal("no hook ran within 5 s of collections")
		}
	}
	stop()
	mu.Lock()
	seen := append([]string(nil), calls...)
	mu.Unlock()
	for i, name := range seen {
		if want := []string{"a", "b"}[i%2]; name != want {
			t.Fatalf("hook calls %v: out of order", seen)
		}
	}
	runtime.GC()
	time.Sleep(60 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != len(seen) {
		t.Errorf("%d hook calls after stop returned", len(calls)-len(seen))
	}
}
