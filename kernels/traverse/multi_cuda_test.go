//go:build cuda

package traverse

import (
	"fmt"
	"os"
	"testing"

	"github.com/cflr/cflr/kernels/gpu"
)

// multiSets: 2 and 4 devices on GPU 0 (one context, the vertex-range
// partitions and the peer-copy exchange exactly as on separate GPUs),
// every GPU when there are several, and CFLR_TEST_GPUS (a --gpus spec).
func multiSets(t *testing.T) [][]int {
	t.Helper()
	n, err := gpu.Count()
	if err != nil || n == 0 {
		t.Skip("no GPU")
	}
	sets := [][]int{{0, 0}, {0, 0, 0, 0}}
	if n > 1 {
		all, _ := gpu.ParseDevices("all", n)
		sets = append(sets, all)
	}
	if spec := os.Getenv("CFLR_TEST_GPUS"); spec != "" {
		s, err := gpu.ParseDevices(spec, n)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s)
	}
	return sets
}

// Partitioned runs give the reference's levels, distances, widths and
// labels exactly, on every device set and both virtual layouts.
func TestMultiGPUExact(t *testing.T) {
	gs := testGraphs(t)
	ptx := testPTX(t)
	for _, set := range multiSets(t) {
		for _, l := range []Layout{LayoutVirtual, LayoutCoalesced} {
			t.Run(fmt.Sprintf("%v/%s", set, l), func(t *testing.T) {
				opt := Options{Device: DeviceGPU, Layout: l, PTX: ptx, GPUs: set}
				checkExactSkipping(t, gs, opt, true)
				got, err := Run(gs[0].g, BFS, opt)
				if err != nil {
					t.Fatal(err)
				}
				if len(got.Devices) != len(set) {
					t.Fatalf("%s: %d device reports, want %d", got.Where, len(got.Devices), len(set))
				}
				var verts, edges uint64
				for _, d := range got.Devices {
					verts += d.Vertices
					edges += d.Edges
				}
				if verts != uint64(gs[0].g.N) || edges != gs[0].g.NumEdges() {
					t.Errorf("%s: partitions hold %d vertices, %d edges; want %d, %d", got.Where, verts, edges, gs[0].g.N, gs[0].g.NumEdges())
				}
			})
		}
	}
}
