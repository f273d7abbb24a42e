package csr

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
)

// GenOptions describes a synthetic graph. Generation is deterministic: the
// same options give the same graph whatever the number of cores, because
// edges are drawn in fixed-size chunks, each from its own generator seeded
// by (Seed, chunk index).
type GenOptions struct {
	// Kind is "rmat" (Kronecker/R-MAT, Graph500 parameters by default) or
	// "uniform" (Erdős–Rényi-style: both endpoints uniform).
	Kind string
	// Scale gives 2^Scale vertices.
	Scale int
	// EdgeFactor gives EdgeFactor·2^Scale generated edges (default 16, as
	// Graph500). Symmetrizing and deduplication change the final count.
	EdgeFactor int
	// A, B, C are the R-MAT quadrant probabilities (D = 1-A-B-C). Zero
	// means Graph500's 0.57, 0.19, 0.19.
	A, B, C float64
	// Seed selects the graph.
	Seed uint64
	// Directed keeps the generated direction; by default the graph is
	// symmetrized (as Graph500 and the Tigr/Subway inputs are).
	Directed bool
	// KeepDuplicates keeps parallel edges and self-loops (removed by default).
	KeepDuplicates bool
	// NoPermute keeps R-MAT's natural vertex order; by default vertex ids are
	// scrambled by a seeded permutation, as Graph500 does, so that hubs are
	// not all at low ids.
	NoPermute bool
	// MaxWeight, when > 0, gives each edge a weight uniform in
	// [1, MaxWeight]; both directions of a symmetrized edge share it.
	MaxWeight uint32
}

const genChunk = 1 << 18

// Generate builds the graph GenOptions describes.
func Generate(o GenOptions) (*Graph, error) {
	if o.Scale < 1 || o.Scale > 31 {
		return nil, fmt.Errorf("gen: scale %d: want 1..31", o.Scale)
	}
	if o.EdgeFactor == 0 {
		o.EdgeFactor = 16
	}
	if o.EdgeFactor < 0 {
		return nil, fmt.Errorf("gen: edge factor %d: want > 0", o.EdgeFactor)
	}
	if o.A == 0 && o.B == 0 && o.C == 0 {
		o.A, o.B, o.C = 0.57, 0.19, 0.19
	}
	if o.A < 0 || o.B < 0 || o.C < 0 || o.A+o.B+o.C > 1 {
		return nil, fmt.Errorf("gen: R-MAT probabilities %v,%v,%v: want non-negative, sum at most 1", o.A, o.B, o.C)
	}
	switch o.Kind {
	case "", "rmat", "uniform":
	default:
		return nil, fmt.Errorf("gen: unknown kind %q (want rmat or uniform)", o.Kind)
	}
	n := uint64(1) << o.Scale
	m := uint64(o.EdgeFactor) * n
	edges := make([]Edge, m)
	var perm []uint32
	if o.Kind != "uniform" && !o.NoPermute {
		perm = make([]uint32, n)
		for i := range perm {
			perm[i] = uint32(i)
		}
		r := rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
		r.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	}
	chunks := (m + genChunk - 1) / genChunk
	var next uint64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				c := next
				next++
				mu.Unlock()
				if c >= chunks {
					return
				}
				r := rand.New(rand.NewPCG(o.Seed, c+1))
				for i := c * genChunk; i < min(m, (c+1)*genChunk); i++ {
					var u, v uint64
					if o.Kind == "uniform" {
						u, v = r.Uint64N(n), r.Uint64N(n)
					} else {
						u, v = rmatEdge(r, o.Scale, o.A, o.B, o.C)
						if perm != nil {
							u, v = uint64(perm[u]), uint64(perm[v])
						}
					}
					e := Edge{Src: uint32(u), Dst: uint32(v)}
					if o.MaxWeight > 0 {
						e.W = 1 + uint32(r.Uint64N(uint64(o.MaxWeight)))
					}
					edges[i] = e
				}
			}
		}()
	}
	wg.Wait()
	return FromEdges(uint32(n), edges, BuildOptions{
		Symmetrize:    !o.Directed,
		Dedup:         !o.KeepDuplicates,
		DropSelfLoops: !o.KeepDuplicates,
		Weighted:      o.MaxWeight > 0,
	})
}

func rmatEdge(r *rand.Rand, scale int, a, b, c float64) (u, v uint64) {
	ab, abc := a+b, a+b+c
	for bit := 0; bit < scale; bit++ {
		p := r.Float64()
		switch {
		case p < a:
		case p < ab:
			v |= 1 << bit
		case p < abc:
			u |= 1 << bit
		default:
			u |= 1 << bit
			v |= 1 << bit
		}
	}
	return u, v
}
