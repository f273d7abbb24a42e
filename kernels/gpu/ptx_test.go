package gpu

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckPTX(t *testing.T) {
	dir := t.TempDir()
	if err := CheckPTX(dir); err == nil {
		t.Error("no .cu files: no error")
	}
	cu := []byte("extern \"C\" __global__ void k() {}\n")
	sum := sha256.Sum256(cu)
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("k.cu", string(cu))
	if err := CheckPTX(dir); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing PTX: %v", err)
	}
	write("k.ptx", PTXHeader+hex.EncodeToString(sum[:])+"\n.version 8.0\n")
	if err := CheckPTX(dir); err != nil {
		t.Errorf("fresh PTX: %v", err)
	}
	write("k.cu", string(cu)+"// changed\n")
	if err := CheckPTX(dir); err == nil || !strings.Contains(err.Error(), "stale") {
		t.Errorf("stale PTX: %v", err)
	}
}
