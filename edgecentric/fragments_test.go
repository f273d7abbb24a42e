package edgecentric

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// recordSets is a stored record's sets, merged over its fragments, by
// label and side.
func recordSets(t *testing.T, k *Kernel, rec []byte) map[string][]uint32 {
	t.Helper()
	sets := map[string][]uint32{}
	if err := k.ForEachSet(rec, func(l uint32, out bool, nbrs []uint32) {
		key := fmt.Sprintf("%d/%v", l, out)
		if _, dup := sets[key]; dup {
			t.Fatalf("ForEachSet gave %s twice", key)
		}
		sets[key] = slices.Clone(nbrs)
	}); err != nil {
		t.Fatal(err)
	}
	return sets
}

// TestFragments drives a Kernel over POCR graphs from a map standing for
// the store, as package outofcore does: a fresh partition per visit,
// loading records lazily, and each changed vertex's record either
// rewritten whole or given a fragment with its gains, at random. After
// every commit, the record with the gains appended holds exactly the
// whole record's sets, and the gains are disjoint from what was stored;
// at the end the store holds the in-memory closure.
func TestFragments(t *testing.T) {
	for _, name := range []string{"art.vfg", "bzip2.vfg"} {
		t.Run(name, func(t *testing.T) {
			g, gr, norm := loadPOCR(t, name)
			store := map[uint32][]byte{}
			const nparts = 3
			k, err := NewKernel(g, norm, KernelOptions{
				Chunk: (g.NumVertices + nparts - 1) / nparts,
				Fetch: func(v uint32) ([]byte, error) { return store[v], nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			pending := seedPending(k)
			r := rand.New(rand.NewPCG(uint64(len(name)), 3))
			gainsWritten, maxFrags := 0, 0
			for more := true; more; {
				more = false
				for p := range pending {
					if len(pending[p]) == 0 {
						continue
					}
					P := k.NewPartition(p)
					for _, m := range pending[p] {
						if err := P.Gather(ctx, m); err != nil {
							t.Fatal(err)
						}
					}
					pending[p] = nil
					if err := P.Process(ctx); err != nil {
						t.Fatal(err)
					}
					P.Dirty(func(v uint32) {
						whole := P.AppendFragment(nil, v, false)
						old := store[v]
						if old == nil || r.IntN(3) == 0 {
							store[v] = whole
							return
						}
						gains := P.AppendFragment(nil, v, true)
						merged := append(slices.Clone(old), gains...)
						got, want := recordSets(t, k, merged), recordSets(t, k, whole)
						if !maps.EqualFunc(got, want, slices.Equal) {
							t.Fatalf("vertex %d: stored record plus gains\n%v\nwant the whole record\n%v", v, got, want)
						}
						before, added := recordSets(t, k, old), recordSets(t, k, gains)
						for key, xs := range added {
							for _, x := range xs {
								if _, found := slices.BinarySearch(before[key], x); found {
									t.Fatalf("vertex %d: gains repeat %s %d, which was stored", v, key, x)
								}
							}
						}
						store[v] = merged
						gainsWritten++
						n := 0
						frames(merged, func([]byte) error { n++; return nil })
						maxFrags = max(maxFrags, n)
					})
					for q := range pending {
						if m := P.TakeOutbox(q); m != nil {
							pending[q] = append(pending[q], m)
							more = true
						}
					}
				}
			}
			if gainsWritten == 0 || maxFrags < 3 {
				t.Fatalf("%d gain fragments written, at most %d fragments per record: the test tests too little", gainsWritten, maxFrags)
			}
			res, err := Solve(ctx, g, gr, &Options{Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			labels := k.Labels()
			got := map[string]int64{}
			for _, rec := range store {
				if err := k.ForEachSet(rec, func(l uint32, out bool, nbrs []uint32) {
					if out {
						got[norm.Name(labels[l].Sym)] += int64(len(nbrs))
					}
				}); err != nil {
					t.Fatal(err)
				}
			}
			if want := res.Counts(); !maps.Equal(got, want) {
				t.Errorf("edges by symbol: %v in the store, %v in memory", got, want)
			}
			t.Logf("%d gain fragments, up to %d fragments per record; counts %v", gainsWritten, maxFrags, got)
		})
	}
}
