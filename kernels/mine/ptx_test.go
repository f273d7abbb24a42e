package mine

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// TestPTXFresh fails when mine.cu changed but mine.ptx was not regenerated
// (`make mine-ptx` on a machine with nvcc writes the .cu's SHA-256 on the
// PTX's first line).
func TestPTXFresh(t *testing.T) {
	cu, err := os.ReadFile("mine.cu")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("mine.ptx")
	if err != nil {
		t.Fatalf("mine.ptx missing (run make mine-ptx on a GPU machine): %v", err)
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	sum := sha256.Sum256(cu)
	want := "// cflr-source-sha256: " + hex.EncodeToString(sum[:])
	if strings.TrimSpace(line) != want {
		t.Fatalf("mine.ptx is stale: first line %q, want %q (run make mine-ptx)", strings.TrimSpace(line), want)
	}
}
