package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/traverse"
)

// Tests of `cflr traverse`, `cflr gen` and `cflr gpu info` through the real
// binary (the cflr helper of solve_test.go). Graphs are tiny: CI has two
// cores.

// genGraph writes a small weighted R-MAT graph with `cflr gen`.
func genGraph(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if _, stderr, code := cflr(t, "gen", "--scale", "7", "--edge-factor", "8", "--seed", "3", "--weights", "50", p); code != 0 {
		t.Fatalf("gen %s: exit %d: %s", name, code, stderr)
	}
	return p
}

// dirNames lists dir's entries (to check that nothing half-written is left).
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, e := range es {
		ns = append(ns, e.Name())
	}
	return ns
}

// TestTraverseOut: --out writes one value per vertex, equal to the
// sequential reference; --device auto runs on the CPU in a build without
// CUDA (or with no GPU).
func TestTraverseOut(t *testing.T) {
	dir := t.TempDir()
	g := genGraph(t, dir, "g.wel")
	gr, err := csr.Read(g, csr.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range []traverse.Algorithm{traverse.BFS, traverse.SSSP, traverse.SSWP, traverse.CC, traverse.PR} {
		out := filepath.Join(dir, string(alg)+".txt")
		stdout, stderr, code := cflr(t, "traverse", string(alg), g, "--src", "5", "--workers", "2", "--out", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", alg, code, stderr)
		}
		if !gpu.Available() && !strings.Contains(stdout, "on cpu") {
			t.Errorf("%s: --device auto without a GPU did not run on the CPU:\n%s", alg, stdout)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(lines) != int(gr.N) {
			t.Fatalf("%s: %d lines, want one per vertex (%d)", alg, len(lines), gr.N)
		}
		ref := traverse.Reference(gr, alg, traverse.Options{Source: 5})
		for v, l := range lines {
			if alg == traverse.PR {
				r, err := strconv.ParseFloat(l, 64)
				if err != nil || math.Abs(r-ref.Rank[v]) > 1e-9 {
					t.Fatalf("pr: vertex %d: %q, reference %g", v, l, ref.Rank[v])
				}
				continue
			}
			want := strconv.FormatUint(uint64(ref.Values[v]), 10)
			if ref.Values[v] == traverse.Inf {
				want = "inf"
			}
			if l != want {
				t.Fatalf("%s: vertex %d: %q, reference %s", alg, v, l, want)
			}
		}
	}
	for _, n := range dirNames(t, dir) {
		if strings.Contains(n, ".tmp") {
			t.Errorf("temporary file %s left behind", n)
		}
	}
}

// TestTraverseBadInput: bad input and flags exit 2 with a message naming
// the problem (file:line for a bad line), and leave --out untouched.
func TestTraverseBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.el")
	if err := os.WriteFile(bad, []byte("0 1\n1 2\n2 x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := genGraph(t, dir, "g.el")
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"traverse", "bfs", bad, "--out", out}, "bad.el:3:"},
		{[]string{"traverse", "bfs", filepath.Join(dir, "missing.el"), "--out", out}, "missing.el"},
		{[]string{"traverse", "dfs", good, "--out", out}, "unknown algorithm"},
		{[]string{"traverse", "bfs", good, "--src", "100000", "--out", out}, "--src 100000"},
		{[]string{"traverse", "bfs", good, "--gpu-mem", "lots", "--out", out}, "--gpu-mem"},
		{[]string{"traverse", "bfs"}, "accepts 2 arg"},
		{[]string{"gen", "--scale", "0", filepath.Join(dir, "x.el")}, "--scale 0"},
		{[]string{"gen", "--kind", "star", filepath.Join(dir, "x.el")}, "--kind"},
		{[]string{"gen", filepath.Join(dir, "x.wel")}, "--weights"},
	} {
		_, stderr, code := cflr(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming %q", c.args, code, stderr, c.want)
		}
	}
	if data, _ := os.ReadFile(out); string(data) != "old\n" {
		t.Errorf("--out was touched by failed runs: %q", data)
	}
	for _, n := range dirNames(t, dir) {
		if n != "bad.el" && n != "g.el" && n != "out.txt" {
			t.Errorf("failed runs left %s", n)
		}
	}
}

// TestTraverseNoCUDA: --device gpu in a build without CUDA is a clear error
// (exit 1: the input was fine), with nothing written; `gpu info` likewise.
func TestTraverseNoCUDA(t *testing.T) {
	if gpu.Available() {
		t.Skip("this build has CUDA and a GPU")
	}
	dir := t.TempDir()
	g := genGraph(t, dir, "g.el")
	out := filepath.Join(dir, "out.txt")
	_, stderr, code := cflr(t, "traverse", "bfs", g, "--device", "gpu", "--out", out)
	if code != 1 || !strings.Contains(stderr, "without CUDA") {
		t.Errorf("--device gpu: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("--out exists after a failed run: %v", err)
	}
	_, stderr, code = cflr(t, "gpu", "info")
	if code != 1 || !strings.Contains(stderr, "without CUDA") {
		t.Errorf("gpu info: exit %d, stderr %q", code, stderr)
	}
}

// TestGen: the same seed gives the same bytes; every format reads back as
// the same graph.
func TestGen(t *testing.T) {
	dir := t.TempDir()
	a, b := genGraph(t, dir, "a.wel"), genGraph(t, dir, "b.wel")
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if len(da) == 0 || !bytes.Equal(da, db) {
		t.Fatalf("same seed, different output (%d and %d bytes)", len(da), len(db))
	}
	ref, err := csr.Read(a, csr.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"g.el", "g.bcsr", "g.bwcsr"} {
		p := genGraph(t, dir, name)
		g, err := csr.Read(p, csr.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.N != ref.N || !slices.Equal(g.Offsets, ref.Offsets) || !slices.Equal(g.Adj, ref.Adj) {
			t.Errorf("%s: differs from the .wel graph (%d vertices, %d edges; want %d, %d)", name, g.N, g.NumEdges(), ref.N, ref.NumEdges())
		}
		if name == "g.bwcsr" && !slices.Equal(g.Weights, ref.Weights) {
			t.Errorf("%s: weights differ", name)
		}
	}
}
