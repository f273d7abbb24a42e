package edgecentric_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cflr/cflr/edgecentric"
)

// TestCheckPOCR is `make check-pocr`: every POCR graph, the reference
// solver, and all four configurations (plus hash sets) with 1 and 2
// threads and several partition counts, compared by closure digest. It is
// long (hours for the largest graphs), so it runs only when
// CFLR_CHECK_POCR=1; CFLR_CHECK_POCR_GRAPHS limits it to a comma-separated
// list of graph names.
func TestCheckPOCR(t *testing.T) {
	if os.Getenv("CFLR_CHECK_POCR") != "1" {
		t.Skip("set CFLR_CHECK_POCR=1 (make check-pocr) to run")
	}
	var graphs []string
	if list := os.Getenv("CFLR_CHECK_POCR_GRAPHS"); list != "" {
		graphs = strings.Split(list, ",")
	} else {
		m, _ := filepath.Glob(filepath.Join(pocrDir, "*.peg"))
		v, _ := filepath.Glob(filepath.Join(pocrDir, "*.vfg"))
		for _, p := range append(m, v...) {
			graphs = append(graphs, filepath.Base(p))
		}
	}
	for _, name := range graphs {
		t.Run(name, func(t *testing.T) {
			gname := "aa.cfg"
			if strings.HasSuffix(name, ".vfg") {
				gname = "vf.cfg"
			}
			g, gr := load(t, name, gname)
			start := time.Now()
			want := referenceClosure(t, g, gr).fingerprint()
			t.Logf("reference: %d edges in %s", want.n, time.Since(start).Round(time.Millisecond))
			for _, o := range configs() {
				for _, tp := range [][2]int{{1, 1}, {1, 5}, {2, 2}, {2, 8}} {
					o := o
					o.Threads, o.Partitions = tp[0], tp[1]
					start := time.Now()
					res, err := edgecentric.Solve(context.Background(), g, gr, &o)
					if err != nil {
						t.Fatal(err)
					}
					if got := fingerprintOf(t, res, gr, g.NumVertices); got != want {
						t.Fatalf("%s threads=%d partitions=%d: closure differs from the reference (%d vs %d edges)",
							o.Config(), tp[0], tp[1], got.n, want.n)
					}
					t.Logf("%s threads=%d partitions=%d: equal (%s)", o.Config(), tp[0], tp[1], time.Since(start).Round(time.Millisecond))
				}
			}
		})
	}
}
