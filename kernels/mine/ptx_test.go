package mine

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPTXFresh fails when a kernel source X.cu changed but X.ptx was not
// regenerated (`make mine-ptx` on a machine with nvcc writes the .cu's
// SHA-256 on the PTX's first line).
func TestPTXFresh(t *testing.T) {
	sources, err := filepath.Glob("*.cu")
	if err != nil || len(sources) == 0 {
		t.Fatalf("no kernel sources found (%v)", err)
	}
	for _, src := range sources {
		ptx := strings.TrimSuffix(src, ".cu") + ".ptx"
		cu, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(ptx)
		if err != nil {
			t.Errorf("%s missing (run make mine-ptx on a GPU machine): %v", ptx, err)
			continue
		}
		line, _ := bufio.NewReader(f).ReadString('\n')
		f.Close()
		sum := sha256.Sum256(cu)
		want := "// cflr-source-sha256: " + hex.EncodeToString(sum[:])
		if strings.TrimSpace(line) != want {
			t.Errorf("%s is stale: first line %q, want %q (run make mine-ptx)", ptx, strings.TrimSpace(line), want)
		}
	}
}
