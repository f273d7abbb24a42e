//go:build cuda

package traverse

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

//go:embed multi.ptx
var multiPTX string

// multiPTXText is multi.ptx: the embedded text, or a freshly compiled copy
// in CFLR_PTX_DIR (kernel development on a GPU machine).
func multiPTXText() string {
	if dir := os.Getenv("CFLR_PTX_DIR"); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, "multi.ptx")); err == nil {
			return string(b)
		}
	}
	return multiPTX
}

// partDev is one device of a multi-GPU traversal: the kernels, its
// partition (the out-edges of the vertices [lo, hi), offsets rebased to
// its own edge array, and the Tigr virtual nodes of those vertices), and
// a replica of the per-vertex state.
type partDev struct {
	ctx                    *gpu.Context
	k                      *kern
	merge                  *gpu.Function
	a                      gpu.Allocs
	lo, hi                 uint32
	nv                     uint64
	off, adj, w, dvv, dvj  *gpu.Buffer
	val, cur, next, change *gpu.Buffer
	stage                  *gpu.Buffer
	run                    DeviceRun
}

// stageMinEdges is the partition size (edges) from which its arrays are
// uploaded through a gpu.Stager.
const stageMinEdges = 16 << 20

// upload copies src to the start of b, through st when it is set.
func upload(st *gpu.Stager, b *gpu.Buffer, src []uint32) error {
	if st != nil {
		return gpu.StageUpload(st, b, 0, src)
	}
	return gpu.Upload(b, 0, src)
}

// multiLayouts are the layouts the multi-GPU path runs (Tigr's virtual
// split inside each partition); others run on one GPU.
func multiLayout(l Layout) bool { return l == LayoutVirtual || l == LayoutCoalesced }

// initState sets a device's values and active flags: for BFS, SSSP and
// SSWP two memsets and the source's entries (not n words over the bus);
// CC's labels and flags are uploaded.
func initState(d *partDev, alg Algorithm, vals, flags []uint32, src uint32) error {
	if alg == CC || len(vals) < 2 {
		if err := gpu.Upload(d.val, 0, vals); err != nil {
			return err
		}
		return gpu.Upload(d.cur, 0, flags)
	}
	other := (src + 1) % uint32(len(vals))
	if err := d.val.Memset32(vals[other], int64(len(vals))); err != nil {
		return err
	}
	if err := d.cur.Memset32(flags[other], int64(len(flags))); err != nil {
		return err
	}
	if err := gpu.Upload(d.val, int64(src), vals[src:src+1]); err != nil {
		return err
	}
	return gpu.Upload(d.cur, int64(src), flags[src:src+1])
}

// runMulti runs BFS, SSSP, SSWP or CC on the devices opt.GPUs with the
// graph partitioned by vertex range (splitByEdges): each device relaxes
// the out-edges of its own vertices, over Tigr's virtual nodes as one GPU
// does, into its replica of the values; then every device pulls, from
// each peer, the peer's values for the vertices it owns (cuMemcpyPeer)
// and merges the better ones (merge_range), which also marks them active.
// A device reads values only of vertices it owns, which are exact after
// the merge; its stale copies of other vertices cost at most extra merge
// work (values only improve). Iterations end when no device changed
// anything. The values are those of one GPU and the CPU: BFS levels and
// distances are the unique fixed point.
func runMulti(g *csr.Graph, alg Algorithm, opt Options, res *Result) (err error) {
	set, err := gpu.OpenSet(opt.GPUs)
	if err != nil {
		return err
	}
	defer set.Close()
	P := set.Len()
	n := uint64(g.N)
	code, K := algCode(alg), uint64(opt.VirtualK)
	co := uint64(0)
	if opt.Layout == LayoutCoalesced {
		co = 1
	}
	t0 := time.Now()
	vv, vj := virtualNodes(g, K, opt.Workers)
	res.Phases.Transform += time.Since(t0)
	bounds := splitByEdges(g.Offsets, P)
	useW := needsWeights(alg)
	vals := initValues(g.N, alg, opt.Source)
	flags := initFlags(g.N, alg, opt.Source)
	ds := make([]*partDev, P)
	defer func() {
		for _, d := range ds {
			if d != nil {
				d.a.FreeAll()
			}
		}
	}()
	t0 = time.Now()
	err = gpu.OnDevices(P, func(i int) (err error) {
		tt := time.Now()
		d := &partDev{ctx: set.Ctx[i], lo: bounds[i], hi: bounds[i+1]}
		ds[i] = d
		if d.k, err = loadKernels(d.ctx, opt.PTX); err != nil {
			return err
		}
		mod, err := d.ctx.LoadModule(multiPTXText())
		if err != nil {
			return fmt.Errorf("traverse: loading multi.ptx: %w", err)
		}
		if d.merge, err = mod.Function("merge_range"); err != nil {
			return err
		}
		e0, e1 := g.Offsets[d.lo], g.Offsets[d.hi]
		off := make([]uint64, d.hi-d.lo+1)
		for v := range off {
			off[v] = g.Offsets[int(d.lo)+v] - e0
		}
		v0 := sort.Search(len(vv), func(t int) bool { return vv[t] >= d.lo })
		v1 := sort.Search(len(vv), func(t int) bool { return vv[t] >= d.hi })
		d.nv = uint64(v1 - v0)
		nd := int64(d.hi - d.lo)
		alloc := d.a.Sticky(d.ctx, &err)
		d.off, d.adj = alloc(int64(len(off))*8), alloc(int64(e1-e0)*4)
		if useW {
			d.w = alloc(int64(e1-e0) * 4)
		}
		d.dvv, d.dvj = alloc(int64(d.nv)*4), alloc(int64(d.nv)*4)
		d.val, d.cur, d.next, d.change = alloc(int64(4*n)), alloc(int64(4*n)), alloc(int64(4*n)), alloc(8)
		d.stage = alloc(max(nd*4, 8))
		if err != nil {
			return err
		}
		// Large partitions go through pinned staging buffers (faster than
		// pageable copies, and overlapped with the fill: RMAT-24 on 2
		// virtual devices of an H200, transfer 0.46 s -> 0.29-0.34 s);
		// small ones plainly (pinning 128 MiB costs more than they do).
		var st *gpu.Stager
		if e1-e0 >= stageMinEdges {
			if st, err = gpu.NewStager(d.ctx, 0, 0); err != nil {
				return err
			}
			defer st.Close()
		}
		if err = gpu.Upload(d.off, 0, off); err != nil {
			return err
		}
		if err = upload(st, d.adj, g.Adj[e0:e1]); err != nil {
			return err
		}
		if useW {
			ws := fill(uint32(e1-e0), 1)
			if g.Weights != nil {
				ws = g.Weights[e0:e1]
			}
			if err = upload(st, d.w, ws); err != nil {
				return err
			}
		}
		if err = upload(st, d.dvv, vv[v0:v1]); err != nil {
			return err
		}
		if err = upload(st, d.dvj, vj[v0:v1]); err != nil {
			return err
		}
		if err = initState(d, alg, vals, flags, opt.Source); err != nil {
			return err
		}
		if err = d.next.Memset32(0, int64(n)); err != nil {
			return err
		}
		if err = d.ctx.Synchronize(); err != nil {
			return err
		}
		d.run = DeviceRun{GPU: opt.GPUs[i], Lo: d.lo, Hi: d.hi, Vertices: uint64(nd), Edges: e1 - e0, Transfer: time.Since(tt)}
		return nil
	})
	res.Phases.Transfer += time.Since(t0)
	if err != nil {
		return err
	}

	t0 = time.Now()
	changed, relaxed := make([]bool, P), make([]bool, P)
	for iter := 1; ; iter++ {
		res.Iterations = iter
		// Relax: every device over its own vertices' virtual nodes.
		err = gpu.OnDevices(P, func(i int) error {
			d := ds[i]
			tt := time.Now()
			if iter > 1 { // the last exchange marked next; every peer has pulled
				d.cur, d.next = d.next, d.cur
				if err := d.next.Memset32(0, int64(n)); err != nil {
					return err
				}
			}
			if err := d.change.Memset32(0, 2); err != nil {
				return err
			}
			if d.nv > 0 {
				wp := uint64(0)
				if d.w != nil {
					wp = d.w.Ptr()
				}
				// off is indexed by global vertex: shift its base by lo
				// (the kernel reads only owned vertices' entries).
				offBase := d.off.Ptr() - uint64(d.lo)*8
				if err := d.k.relaxVirtual.Launch(grid(d.nv), block, d.nv, d.dvv.Ptr(), d.dvj.Ptr(), offBase, d.adj.Ptr(), wp,
					d.val.Ptr(), d.cur.Ptr(), d.next.Ptr(), d.change.Ptr(), code, K, co); err != nil {
					return err
				}
			}
			var f [1]uint32
			err := gpu.Download(f[:], d.change, 0)
			relaxed[i] = f[0] != 0
			d.run.Compute += time.Since(tt)
			d.run.Iterations = iter
			return err
		})
		if err != nil {
			return err
		}
		// Exchange: each device pulls its vertices' values from every peer
		// and merges them.
		err = gpu.OnDevices(P, func(i int) error {
			d := ds[i]
			tt := time.Now()
			nd := uint64(d.hi - d.lo)
			if nd > 0 {
				for q, p := range ds {
					if q == i || !relaxed[q] {
						continue // a peer that improved nothing has nothing new
					}
					if err := gpu.CopyPeer(d.stage, 0, p.val, int64(d.lo)*4, int64(nd)*4); err != nil {
						return err
					}
					d.run.PeerBytes += int64(nd) * 4
					if err := d.merge.Launch(grid(nd), block, nd, uint64(d.lo), d.stage.Ptr(), d.val.Ptr(), d.next.Ptr(), d.change.Ptr(), code); err != nil {
						return err
					}
				}
			}
			var f [1]uint32
			if err := gpu.Download(f[:], d.change, 0); err != nil {
				return err
			}
			changed[i] = f[0] != 0
			d.run.Exchange += time.Since(tt)
			return nil
		})
		if err != nil {
			return err
		}
		any := false
		for _, c := range changed {
			any = any || c
		}
		if !any {
			break
		}
	}
	res.Phases.Compute = time.Since(t0)
	t0 = time.Now()
	err = gpu.OnDevices(P, func(i int) error {
		d := ds[i]
		if d.hi == d.lo {
			return nil
		}
		return gpu.Download(vals[d.lo:d.hi], d.val, int64(d.lo))
	})
	res.Phases.Transfer += time.Since(t0)
	if err != nil {
		return err
	}
	res.Values = vals
	names := make([]string, P)
	for i, d := range ds {
		res.Devices = append(res.Devices, d.run)
		names[i] = fmt.Sprintf("GPU %d", d.run.GPU)
	}
	res.Where = fmt.Sprintf("%d devices (%s: %s), %s, vertex-range partitions", P, strings.Join(names, ", "), set.Ctx[0].Info().Name, opt.Layout)
	return nil
}
