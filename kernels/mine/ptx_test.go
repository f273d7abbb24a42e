package mine

import (
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

// TestPTXFresh fails when a kernel source X.cu changed but X.ptx was not
// regenerated (`make mine-ptx` or `make ptx` on a machine with nvcc).
func TestPTXFresh(t *testing.T) {
	if err := gpu.CheckPTX("."); err != nil {
		t.Fatal(err)
	}
}
