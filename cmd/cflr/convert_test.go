package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/mine"
)

func runRoot(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := newRootCmd()
	var out strings.Builder
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), err
}

// TestConvertRoundTrip converts citeseer (GraMi .lg, labels) and a SNAP
// file to G2Miner and Tigr layouts and reads them back: the graph must be
// the one cflr mine works on, labels included.
func TestConvertRoundTrip(t *testing.T) {
	dir := t.TempDir()
	lg := citeseer(t)
	gs, err := loadMineGraphs(lg)
	if err != nil {
		t.Fatal(err)
	}
	want := mine.Undirected(gs[0], 0)
	for _, out := range []string{filepath.Join(dir, "citeseer"), filepath.Join(dir, "citeseer.bcsr"), filepath.Join(dir, "citeseer.el")} {
		args := []string{"convert", lg, out}
		if filepath.Ext(out) == "" {
			args = append(args, "--to", "g2miner")
		}
		if _, err := runRoot(t, args...); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		got, err := csr.Read(out, csr.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(out) == ".el" {
			// An edge list does not record isolated vertices past the last
			// edge; compare the edges.
			if !slices.Equal(got.Adj, want.Adj) {
				t.Errorf("%s: edges differ", out)
			}
			continue
		}
		if got.N != want.N || !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Adj, want.Adj) {
			t.Errorf("%s: graph differs from cflr mine's view (n %d vs %d, m %d vs %d)", out, got.N, want.N, len(got.Adj), len(want.Adj))
		}
		if filepath.Ext(out) == "" && !slices.Equal(got.Labels, want.Labels) {
			t.Errorf("%s: labels differ", out)
		}
	}
}

func TestConvertBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("0 1\n1 x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.bcsr")
	if _, err := runRoot(t, "convert", bad, out); err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
		t.Errorf("bad input: err = %v, want one naming bad.txt:2", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s written despite the error", out)
	}
	if _, err := runRoot(t, "convert", bad, out, "--to", "snap"); err == nil || !strings.Contains(err.Error(), "--to") {
		t.Errorf("--to snap: err = %v", err)
	}
	if _, err := runRoot(t, "convert", bad, filepath.Join(dir, "x.txt")); err == nil || !strings.Contains(err.Error(), "output format") {
		t.Errorf("unknown output name: err = %v", err)
	}
}
