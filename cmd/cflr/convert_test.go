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

// TestConvertPrepared: --prepared writes the undirected or oriented graph
// in cflr's format, to OUT or to the sidecar, and it reads back equal to
// what cflr mine would build; a second run finds the sidecar cached.
func TestConvertPrepared(t *testing.T) {
	dir := t.TempDir()
	g, err := csr.Generate(csr.GenOptions{Scale: 8, EdgeFactor: 4, Seed: 2, Directed: true, KeepDuplicates: true})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "g.bcsr")
	if err := csr.Write(in, g, csr.FormatAuto); err != nil {
		t.Fatal(err)
	}
	und := mine.Undirected(g, 1)
	dag := mine.Orient(und, 1)
	same := func(a, b *csr.Graph) bool {
		return a.N == b.N && slices.Equal(a.Offsets, b.Offsets) && slices.Equal(a.Adj, b.Adj)
	}
	out := filepath.Join(dir, "g.cflr")
	if _, err := runRoot(t, "convert", "--prepared=oriented", in, out); err != nil {
		t.Fatal(err)
	}
	if h, err := csr.Read(out, csr.ReadOptions{}); err != nil || !same(h, dag) {
		t.Fatalf("%s: not cflr mine's oriented graph (%v)", out, err)
	}
	for i, want := range []string{"", "already cached"} {
		o, err := runRoot(t, "convert", "--prepared", in)
		if err != nil || !strings.Contains(o, want) || !strings.Contains(o, "load") {
			t.Fatalf("run %d: %q, %v", i, o, err)
		}
	}
	h, info, err := csr.LoadPrepared(in, csr.Prep{Form: csr.FormUndirected, Cache: csr.CacheRead})
	if err != nil || !info.Cached || info.Sidecar != in+".cflr-undirected" || !same(h, und) {
		t.Fatalf("sidecar: %+v, %v", info, err)
	}
	if _, err := runRoot(t, "convert", "--prepared=sideways", in); err == nil || !strings.Contains(err.Error(), "sideways") {
		t.Errorf("bad form: %v", err)
	}
	if _, err := runRoot(t, "convert", "--prepared", in, filepath.Join(dir, "x.bcsr")); err == nil || !strings.Contains(err.Error(), ".cflr") {
		t.Errorf("prepared to .bcsr: %v", err)
	}
}

// TestMineUsesSidecar: after convert --prepared, cflr mine reads the
// sidecar (it says so) and counts what it counts from the input itself; a
// changed input makes the sidecar stale, and mine reads the input again.
func TestMineUsesSidecar(t *testing.T) {
	dir := t.TempDir()
	g, err := csr.Generate(csr.GenOptions{Scale: 9, EdgeFactor: 8, Seed: 5, Directed: true, KeepDuplicates: true})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "g.bcsr")
	if err := csr.Write(in, g, csr.FormatAuto); err != nil {
		t.Fatal(err)
	}
	count := func(o string) string {
		for line := range strings.SplitSeq(o, "\n") {
			if f := strings.Fields(line); len(f) == 2 && f[0] == "count" {
				return f[1]
			}
		}
		t.Fatalf("no count in %q", o)
		return ""
	}
	plain, err := runRoot(t, "mine", "triangles", "-q", in)
	if err != nil || strings.Contains(plain, "prepared=") {
		t.Fatalf("without a sidecar: %q, %v", plain, err)
	}
	if _, err := runRoot(t, "convert", "--prepared", in); err != nil {
		t.Fatal(err)
	}
	cached, err := runRoot(t, "mine", "triangles", "-q", in)
	if err != nil || !strings.Contains(cached, "prepared="+in+".cflr-undirected") || count(cached) != count(plain) {
		t.Fatalf("with the sidecar: %q, %v (without: %q)", cached, err, plain)
	}
	// Rewrite the input with another graph: the sidecar is stale.
	h, err := csr.Generate(csr.GenOptions{Scale: 9, EdgeFactor: 8, Seed: 6, Directed: true, KeepDuplicates: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := csr.Write(in, h, csr.FormatAuto); err != nil {
		t.Fatal(err)
	}
	again, err := runRoot(t, "mine", "triangles", "-q", in)
	if err != nil || strings.Contains(again, "prepared=") {
		t.Fatalf("stale sidecar used: %q, %v", again, err)
	}
}
