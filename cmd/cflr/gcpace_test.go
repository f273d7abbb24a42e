package main

import "testing"

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
