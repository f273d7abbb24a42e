package traverse

import (
	"runtime"
	"sync"

	"github.com/cflr/cflr/graph/csr"
)

// virtualNodes builds Tigr's virtual node array with degree bound K:
// vertex v owns ceil(deg v / K) consecutive virtual nodes, vv[t] = v and
// vj[t] = t's index in v's family. Built in parallel over vertex ranges
// (counts, a prefix sum over the ranges, then the fill): the serial
// version took 1.26 s on RMAT-24 (BENCHMARKS.md). The result does not
// depend on workers.
func virtualNodes(g *csr.Graph, K uint64, workers int) (vv, vj []uint32) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := uint64(g.N)
	parts := uint64(workers) * 4
	if n < 1<<14 {
		parts = 1
	}
	lo := func(p uint64) uint64 { return n * p / parts }
	cnt := make([]uint64, parts+1)
	each := func(body func(p uint64)) {
		var wg sync.WaitGroup
		for p := uint64(0); p < parts; p++ {
			wg.Add(1)
			go func(p uint64) { defer wg.Done(); body(p) }(p)
		}
		wg.Wait()
	}
	each(func(p uint64) {
		c := uint64(0)
		for v := lo(p); v < lo(p+1); v++ {
			c += (g.Offsets[v+1] - g.Offsets[v] + K - 1) / K
		}
		cnt[p+1] = c
	})
	for p := uint64(0); p < parts; p++ {
		cnt[p+1] += cnt[p]
	}
	vv, vj = make([]uint32, cnt[parts]), make([]uint32, cnt[parts])
	each(func(p uint64) {
		t := cnt[p]
		for v := lo(p); v < lo(p+1); v++ {
			f := (g.Offsets[v+1] - g.Offsets[v] + K - 1) / K
			for j := uint64(0); j < f; j++ {
				vv[t], vj[t] = uint32(v), uint32(j)
				t++
			}
		}
	})
	return vv, vj
}
