package traverse

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// TestPTXMatchesSource fails when traverse.cu changed but traverse.ptx was
// not regenerated: `make ptx` writes the source's sha256 on the PTX's first
// line. (nvcc is not available in CI; regenerate on a GPU machine.)
func TestPTXMatchesSource(t *testing.T) {
	src, err := os.ReadFile("traverse.cu")
	if err != nil {
		t.Fatal(err)
	}
	ptx, err := os.ReadFile("traverse.ptx")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(src)
	want := "// cflr-source-sha256: " + hex.EncodeToString(sum[:])
	first, _, _ := strings.Cut(string(ptx), "\n")
	if first != want {
		t.Fatalf("traverse.ptx is stale: first line %q, want %q; run `make ptx` on a GPU machine (see DEVELOPERS.md)", first, want)
	}
	if !strings.Contains(string(ptx), ".entry relax_virtual") {
		t.Fatal("traverse.ptx lacks the relax_virtual kernel")
	}
}
