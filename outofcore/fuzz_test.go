package outofcore

import (
	"context"
	"testing"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// fuzzKernel is a small kernel over vf.cfg-like labels: records and
// messages are decoded against it.
func fuzzKernel(t testing.TB) (*edgecentric.Kernel, [][]byte) {
	gr, err := grammar.Parse("vf.cfg", []byte("A -> A A\nA -> CA_i ret_i\nA -> a\nA -> eps\nCA_i -> call_i A\n%count A\n"))
	if err != nil {
		t.Fatal(err)
	}
	norm, err := gr.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	g := graph.New()
	g.AddEdge(0, 1, "a", graph.NoIndex)
	g.AddEdge(1, 2, "a", graph.NoIndex)
	g.AddEdge(2, 3, "call_i", 1)
	g.AddEdge(3, 5, "a", graph.NoIndex)
	g.AddEdge(5, 6, "ret_i", 1)
	g.AddEdge(6, 7, "a", graph.NoIndex)
	k, err := edgecentric.NewKernel(g, norm, edgecentric.KernelOptions{NumVertices: 8, Chunk: 4})
	if err != nil {
		t.Fatal(err)
	}
	return k, k.Seed()
}

// FuzzDecode feeds arbitrary bytes to the store's two decoders, vertex
// records and worklist messages: a damaged store must give errors, never
// a panic.
func FuzzDecode(f *testing.F) {
	k, seeds := fuzzKernel(f)
	for _, m := range seeds {
		if m != nil {
			f.Add(m)
		}
	}
	// A solved partition's records.
	P := k.NewPartition(0)
	for _, m := range seeds[:1] {
		if err := P.Gather(context.Background(), m); err != nil {
			f.Fatal(err)
		}
	}
	if err := P.Process(context.Background()); err != nil {
		f.Fatal(err)
	}
	P.Dirty(func(v uint32) {
		whole := P.AppendFragment(nil, v, false)
		f.Add(whole)
		f.Add(P.AppendFragment(whole, v, false)) // two fragments
	})
	f.Add([]byte{1, 0, 1, 5, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		k.ForEachSet(data, func(uint32, bool, []uint32) {})
		for p := range k.NumPartitions() {
			P := k.NewPartition(p)
			lo, _ := k.Range(p)
			if P.Load(lo, data) == nil {
				P.Process(context.Background())
			}
			P = k.NewPartition(p)
			if P.Gather(context.Background(), data) == nil {
				P.Process(context.Background())
			}
		}
	})
}
