//go:build cuda

package prep_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/mine"
	"github.com/cflr/cflr/kernels/prep"
)

func open(t *testing.T) (*gpu.Context, *prep.Prep) {
	t.Helper()
	if !gpu.Available() {
		t.Skip("no GPU")
	}
	ctx, err := gpu.NewContext(0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := prep.New(ctx)
	if err != nil {
		ctx.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close(); ctx.Close() })
	return ctx, p
}

// graphs are the inputs: the shared SNAP graphs (directed, as read) when
// CFLR_GRAPHS_DIR or ../../../shared/data/graphs has them, and generated
// ones with duplicates, self-loops and hubs (lists past the shared-memory
// sort, so the radix path runs).
func graphs(t *testing.T) map[string]*csr.Graph {
	out := map[string]*csr.Graph{}
	dir := os.Getenv("CFLR_GRAPHS_DIR")
	if dir == "" {
		dir = "../../../shared/data/graphs"
	}
	for _, name := range []string{"ca-GrQc.txt", "email-Enron.txt"} {
		if g, err := csr.Read(filepath.Join(dir, name), csr.ReadOptions{}); err == nil {
			out[name] = g
		}
	}
	for _, o := range []csr.GenOptions{
		{Kind: "rmat", Scale: 12, EdgeFactor: 8, Seed: 1, Directed: true},
		{Kind: "rmat", Scale: 16, EdgeFactor: 16, Seed: 2, Directed: true, A: 0.7, B: 0.1, C: 0.1},
		{Kind: "rmat", Scale: 14, EdgeFactor: 8, Seed: 3},
		{Kind: "uniform", Scale: 10, EdgeFactor: 4, Seed: 4, Directed: true},
	} {
		g, err := csr.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("%s-%d-directed=%v", o.Kind, o.Scale, o.Directed)] = g
	}
	// Parallel edges and self-loops, written by hand: a hub of 20000
	// repeated, shuffled neighbours.
	h := &csr.Graph{N: 30000, Offsets: make([]uint64, 30001)}
	for i := 0; i < 40000; i++ {
		h.Adj = append(h.Adj, uint32((i*7919)%30000))
	}
	h.Adj = append(h.Adj, 5, 5, 1, 0)
	for v := 1; v <= 30000; v++ {
		h.Offsets[v] = uint64(len(h.Adj)) // every arc is vertex 0's
	}
	out["hub-multi"] = h
	return out
}

func same(t *testing.T, what string, got *prep.Graph, want *csr.Graph) {
	t.Helper()
	h, err := got.Download()
	if err != nil {
		t.Fatal(err)
	}
	if h.N != want.N || !slices.Equal(h.Offsets, want.Offsets) || !slices.Equal(h.Adj, want.Adj) {
		t.Fatalf("%s: GPU result differs from the CPU's (%d vertices, %d/%d arcs)", what, h.N, len(h.Adj), len(want.Adj))
	}
}

func TestUndirectedOrientMatchCPU(t *testing.T) {
	_, p := open(t)
	for name, g := range graphs(t) {
		dg, err := p.Upload(g)
		if err != nil {
			t.Fatal(err)
		}
		und, err := p.Undirected(dg)
		if err != nil {
			t.Fatal(name, err)
		}
		wantU := mine.Undirected(g, 0)
		same(t, name+" undirected", und, wantU)
		if ok, err := p.IsSimple(&prep.Graph{N: und.N, M: und.M, Off: und.Off, Adj: und.Adj}); err != nil || !ok {
			t.Fatalf("%s: the undirected graph is not found simple (%v)", name, err)
		}
		dag, err := p.Orient(und, true)
		if err != nil {
			t.Fatal(name, err)
		}
		wantD := mine.Orient(wantU, 0)
		same(t, name+" oriented", dag, wantD)
		if !slices.Equal(dag.HostOff, wantD.Offsets) {
			t.Fatalf("%s: host offsets differ", name)
		}
		dag.Free()
		if und != dg {
			und.Free()
		}
		dg.Free()
	}
}

func TestVirtualNodesMatchCPU(t *testing.T) {
	ctx, p := open(t)
	for name, g := range graphs(t) {
		dg, err := p.Upload(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, K := range []uint64{1, 10, 64} {
			var a gpu.Allocs
			vv, vj, nv, err := p.VirtualNodes(dg, K, &a)
			if err != nil {
				t.Fatal(err)
			}
			var wv, wj []uint32
			for v := uint32(0); v < g.N; v++ {
				for j := uint64(0); j < (g.Degree(v)+K-1)/K; j++ {
					wv, wj = append(wv, v), append(wj, uint32(j))
				}
			}
			gv, gj := make([]uint32, nv), make([]uint32, nv)
			if err := gpu.Download(gv, vv, 0); err != nil {
				t.Fatal(err)
			}
			if err := gpu.Download(gj, vj, 0); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(gv, wv) || !slices.Equal(gj, wj) {
				t.Fatalf("%s K=%d: virtual nodes differ (%d vs %d)", name, K, nv, len(wv))
			}
			a.FreeAll()
		}
		dg.Free()
	}
	_ = ctx
}

// TestLoadFile streams .bcsr and G2Miner files and compares with the CPU
// readers, and checks that damaged files fail with the readers' messages.
func TestLoadFile(t *testing.T) {
	_, p := open(t)
	g, err := csr.Generate(csr.GenOptions{Kind: "rmat", Scale: 15, EdgeFactor: 16, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bc := filepath.Join(dir, "g.bcsr")
	if err := csr.Write(bc, g, csr.FormatBCSR); err != nil {
		t.Fatal(err)
	}
	pre := filepath.Join(dir, "g2")
	if err := csr.WriteG2Miner(pre, g); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{bc, pre + ".meta.txt"} {
		dg, ls, err := p.LoadFile(path)
		if err != nil {
			t.Fatal(path, err)
		}
		if ls.Bytes == 0 {
			t.Fatalf("%s: no bytes reported", path)
		}
		same(t, path, dg, g)
		dg.Free()
	}
	raw, err := os.ReadFile(bc)
	if err != nil {
		t.Fatal(err)
	}
	n := int(g.N)
	bad := func(name string, edit func(b []byte) []byte, want string) {
		path := filepath.Join(dir, name+".bcsr")
		if err := os.WriteFile(path, edit(slices.Clone(raw)), 0o644); err != nil {
			t.Fatal(err)
		}
		dg, _, err := p.LoadFile(path)
		if err == nil {
			dg.Free()
			t.Fatalf("%s: loaded a damaged file", name)
		}
		if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Fatalf("%s: error %q does not name the file and say %q", name, err, want)
		}
	}
	bad("truncated", func(b []byte) []byte { return b[:len(b)-5] }, "too short")
	bad("header", func(b []byte) []byte { return b[:6] }, "header")
	bad("id", func(b []byte) []byte {
		i := 8 + 4*n + 4*1000
		b[i], b[i+1], b[i+2], b[i+3] = 0xff, 0xff, 0xff, 0x7f
		return b
	}, "edge 1000 points to vertex")
	bad("order", func(b []byte) []byte {
		i := 8 + 4*777
		b[i], b[i+1], b[i+2], b[i+3] = 0xff, 0xff, 0xff, 0x00
		return b
	}, "offset of vertex 777")
	if _, _, err := p.LoadFile(filepath.Join(dir, "x.txt")); err != prep.ErrNotStreamable {
		t.Fatalf("text input: %v, want ErrNotStreamable", err)
	}
}

// TestCountTrianglesDevice counts on GPU-prepared graphs against the CPU.
func TestCountTrianglesDevice(t *testing.T) {
	if !gpu.Available() {
		t.Skip("no GPU")
	}
	for _, kern := range []string{"auto", "thread", "hashmin"} {
		d, err := mine.NewGPU(mine.GPUOptions{TriangleKernel: kern, PTX: ptxEnv()})
		if err != nil {
			t.Fatal(err)
		}
		p, err := prep.New(d.Context())
		if err != nil {
			t.Fatal(err)
		}
		for name, g := range graphs(t) {
			want := mine.CountTriangles(mine.Orient(mine.Undirected(g, 0), 0), mine.Options{})
			dg, err := p.Upload(g)
			if err != nil {
				t.Fatal(err)
			}
			und, err := p.Undirected(dg)
			if err != nil {
				t.Fatal(err)
			}
			dag, err := p.Orient(und, true)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := d.CountTrianglesDevice(dag)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%s, kernel %s: %d triangles on the GPU, %d on the CPU", name, kern, got, want)
			}
			dag.Free()
			if und != dg {
				und.Free()
			}
			dg.Free()
		}
		p.Close()
		d.Close()
	}
}

func ptxEnv() string {
	if dir := os.Getenv("CFLR_PTX_DIR"); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, "mine.ptx")); err == nil {
			return string(b)
		}
	}
	return ""
}
