package prep

import (
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

// TestPTXFresh fails when prep.cu changed but prep.ptx was not regenerated
// (`make ptx` on a machine with nvcc; see DEVELOPERS.md).
func TestPTXFresh(t *testing.T) {
	if err := gpu.CheckPTX("."); err != nil {
		t.Fatal(err)
	}
}
