package traverse

import (
	"os"
	"strings"
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

// TestPTXMatchesSource fails when traverse.cu changed but traverse.ptx was
// not regenerated (`make ptx` on a GPU machine; see DEVELOPERS.md).
func TestPTXMatchesSource(t *testing.T) {
	if err := gpu.CheckPTX("."); err != nil {
		t.Fatal(err)
	}
	ptx, err := os.ReadFile("traverse.ptx")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ptx), ".entry relax_virtual") {
		t.Fatal("traverse.ptx lacks the relax_virtual kernel")
	}
}
