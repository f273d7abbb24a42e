package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

func runMine(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return runRoot(t, append([]string{"mine"}, args...)...)
}

func citeseer(t *testing.T) string {
	p := filepath.Join("..", "..", "..", "shared", "data", "graphs", "citeseer.lg")
	if _, err := os.Stat(p); err != nil {
		t.Skip("shared data not present")
	}
	return p
}

func TestMineCommand(t *testing.T) {
	g := citeseer(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"triangles", "--device", "cpu", g}, []string{"count    1166"}},
		{[]string{"cliques", "-k", "5", "--device", "cpu", g}, []string{"count    46"}},
		{[]string{"motifs", "-k", "4", g}, []string{"111153  4-path", "255  4-clique"}},
		{[]string{"motifs", "-k", "4", "--induced", "edge", "--json", g}, []string{`"count": 185589`, `"name": "4-cycle"`}},
		{[]string{"match", "--pattern", "../../testdata/patterns/tailed-triangle.txt", "--induced", "edge", g}, []string{"count    34760"}},
		{[]string{"match", "--pattern", "../../testdata/patterns/diamond.txt", g}, []string{"count    2200"}},
		{[]string{"match", "--pattern", "../../testdata/patterns/4-cycle.txt", "--induced", "edge", "--device", "auto", g}, []string{"count    6059"}},
		{[]string{"fsm", "--support", "300", g}, []string{"303  -", "335  -"}},
	} {
		out, err := runMine(t, tc.args...)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
}

func TestMineBadInput(t *testing.T) {
	g := citeseer(t)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("v 0\nv 1\nv 2\ne 0 1\n"), 0o644)
	for _, args := range [][]string{
		{"squares", g},
		{"cliques", "-k", "2", g},
		{"motifs", "-k", "9", g},
		{"match", g},
		{"match", "--pattern", bad, g},
		{"fsm", g},
		{"motifs", "-k", "9", "--device", "gpu", g},
		{"triangles", "--induced", "both", g},
		{"triangles", "/nonexistent/graph.txt"},
	} {
		_, err := runMine(t, args...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("%v: error %v, want exit status 2", args, err)
		}
	}
}

// TestMineFSMDevice: fsm's --device handling, on one graph (MNI) and on a
// database (transaction support): auto gives the same result on either
// device; without a GPU, --device gpu fails.
func TestMineFSMDevice(t *testing.T) {
	g := citeseer(t)
	db := filepath.Join(t.TempDir(), "db.lg")
	os.WriteFile(db, []byte("t # 0\nv 0 1\nv 1 2\ne 0 1 0\nt # 1\nv 0 1\nv 1 2\ne 0 1 0\n"), 0o644)
	out, err := runMine(t, "fsm", "--support", "2", "--device", "auto", db)
	if err != nil || !strings.Contains(out, "support=transaction") || !strings.Contains(out, "2  -") {
		t.Errorf("fsm --device auto on a database: %v\n%s", err, out)
	}
	if !gpu.Available() {
		if _, err := runMine(t, "fsm", "--support", "1", "--device", "gpu", db); err == nil {
			t.Errorf("fsm --device gpu on a database without a GPU: no error")
		}
	}
	out, err = runMine(t, "fsm", "--support", "300", "--device", "auto", "--gpu-mem", "16K", g)
	if err != nil || !strings.Contains(out, "303  -") || !strings.Contains(out, "335  -") {
		t.Errorf("fsm --device auto: %v\n%s", err, out)
	}
	if !gpu.Available() {
		if _, err := runMine(t, "fsm", "--support", "300", "--device", "gpu", g); err == nil {
			t.Errorf("fsm --device gpu without a GPU: no error")
		}
	}
}
