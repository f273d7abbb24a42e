package traverse

import (
	"math/rand/v2"
	"testing"
)

func TestSplitByEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 5, 1000} {
		off := make([]uint64, n+1)
		for v := 0; v < n; v++ {
			d := uint64(r.IntN(10))
			if v == n/2 {
				d = 5000 // a hub
			}
			off[v+1] = off[v] + d
		}
		for _, parts := range []int{1, 2, 3, 4, 8} {
			b := splitByEdges(off, parts)
			if len(b) != parts+1 || b[0] != 0 || int(b[parts]) != n {
				t.Fatalf("n=%d parts=%d: bounds %v", n, parts, b)
			}
			total := off[n] + uint64(n)
			maxHub := uint64(5001)
			for p := 0; p < parts; p++ {
				if b[p] > b[p+1] {
					t.Fatalf("n=%d parts=%d: bounds %v not monotone", n, parts, b)
				}
				w := off[b[p+1]] - off[b[p]] + uint64(b[p+1]-b[p])
				if w > total/uint64(parts)+maxHub+1 {
					t.Errorf("n=%d parts=%d: range %d holds %d of %d", n, parts, p, w, total)
				}
			}
		}
	}
}
