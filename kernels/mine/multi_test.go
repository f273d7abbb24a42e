package mine

import (
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

func TestMultiHelpers(t *testing.T) {
	if got := multiMinChunk(0, 4); got != 1 {
		t.Errorf("multiMinChunk(0, 4) = %d, want 1", got)
	}
	if got := multiMinChunk(1<<20, 4); got != 512 {
		t.Errorf("multiMinChunk(1<<20, 4) = %d, want 512", got)
	}
	if got := sumCounts([]gpu.DeviceStats{{Count: 3}, {Count: 1 << 40}}); got != 3+1<<40 {
		t.Errorf("sumCounts = %d", got)
	}
}

func TestTriangleDevices(t *testing.T) {
	for _, tc := range []struct {
		arcs      uint64
		n         int
		perDevice uint64
		want      int
	}{{0, 4, 10, 1}, {15, 4, 10, 1}, {25, 4, 10, 2}, {1000, 4, 10, 4}, {1000, 1, 10, 1}, {5, 4, 0, 4}} {
		if got := triangleDevices(tc.arcs, tc.n, tc.perDevice); got != tc.want {
			t.Errorf("triangleDevices(%d, %d, %d) = %d, want %d", tc.arcs, tc.n, tc.perDevice, got, tc.want)
		}
	}
}
