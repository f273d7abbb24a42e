package traverse

import (
	"slices"
	"testing"

	"github.com/cflr/cflr/graph/csr"
)

// refVirtualNodes is the obvious serial construction.
func refVirtualNodes(g *csr.Graph, K uint64) (vv, vj []uint32) {
	for v := uint32(0); v < g.N; v++ {
		for j := uint64(0); j < (g.Degree(v)+K-1)/K; j++ {
			vv = append(vv, v)
			vj = append(vj, uint32(j))
		}
	}
	return vv, vj
}

func TestVirtualNodesParallel(t *testing.T) {
	for _, scale := range []int{4, 15} {
		g, err := csr.Generate(csr.GenOptions{Kind: "rmat", Scale: scale, EdgeFactor: 8, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, K := range []uint64{1, 3, 10} {
			wv, wj := refVirtualNodes(g, K)
			for _, w := range []int{1, 3, 16} {
				vv, vj := virtualNodes(g, K, w)
				if !slices.Equal(vv, wv) || !slices.Equal(vj, wj) {
					t.Fatalf("scale %d K %d workers %d: virtual nodes differ from the serial construction", scale, K, w)
				}
			}
		}
	}
}
