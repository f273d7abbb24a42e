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
