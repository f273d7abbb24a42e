package traverse

import (
	"sort"
	"time"
)

// DeviceRun is one device's part of a traversal on several GPUs
// (Options.GPUs): the vertex range it owns, and where its time went.
type DeviceRun struct {
	GPU        int           `json:"gpu"`
	Lo, Hi     uint32        `json:"-"` // owned vertices [Lo, Hi)
	Vertices   uint64        `json:"vertices"`
	Edges      uint64        `json:"edges"` // out-edges of the owned vertices
	Transfer   time.Duration `json:"-"`     // its partition's upload and state
	Compute    time.Duration `json:"-"`     // its relaxation kernels
	Exchange   time.Duration `json:"-"`     // pulling peers' values and merging them
	PeerBytes  int64         `json:"peer_bytes"`
	Iterations int           `json:"iterations"`
}

// splitByEdges cuts the vertices [0, n) into parts consecutive ranges
// with about the same number of out-edges plus vertices each (offsets is
// the CSR offset array, len n+1), so that each device relaxes a similar
// share. It returns parts+1 bounds, 0 first and n last; a range may be
// empty when one vertex holds most of the edges.
func splitByEdges(offsets []uint64, parts int) []uint32 {
	n := len(offsets) - 1
	bounds := make([]uint32, parts+1)
	total := offsets[n] + uint64(n)
	for p := 1; p < parts; p++ {
		target := total * uint64(p) / uint64(parts)
		// the first v whose prefix (edges + vertices before it) reaches target
		v := sort.Search(n, func(v int) bool { return offsets[v]+uint64(v) >= target })
		bounds[p] = max(uint32(v), bounds[p-1])
	}
	bounds[parts] = uint32(n)
	return bounds
}
