package traverse

import (
	"errors"
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// Run executes alg on g as opt says. CC treats g as undirected (it is
// symmetrized first unless already symmetric; that time counts as
// Transform).
func Run(g *csr.Graph, alg Algorithm, opt Options) (*Result, error) {
	opt.ensureDefaults()
	if _, err := ParseAlgorithm(string(alg)); err != nil {
		return nil, err
	}
	if g.N == 0 {
		return nil, errors.New("traverse: empty graph")
	}
	if (alg == BFS || alg == SSSP || alg == SSWP) && opt.Source >= g.N {
		return nil, fmt.Errorf("traverse: source %d out of range (graph has %d vertices)", opt.Source, g.N)
	}
	switch opt.Layout {
	case LayoutWorklist, LayoutBaseline, LayoutVirtual, LayoutCoalesced, LayoutUDT:
	default:
		return nil, fmt.Errorf("traverse: unknown layout %q", opt.Layout)
	}
	switch opt.OutOfCore {
	case "", "subway", "stream":
	default:
		return nil, fmt.Errorf("traverse: unknown out-of-core mode %q (want subway or stream)", opt.OutOfCore)
	}
	dev := opt.Device
	switch dev {
	case DeviceAuto:
		dev = DeviceCPU
		if gpu.Available() {
			dev = DeviceGPU
		}
	case DeviceCPU, DeviceGPU:
	default:
		return nil, fmt.Errorf("traverse: unknown device %q (want cpu, gpu or auto)", opt.Device)
	}
	res := &Result{Algorithm: alg}
	t0 := time.Now()
	if alg == CC && !opt.Symmetric && !g.IsSymmetric() {
		g = g.Symmetrized()
	}
	res.Phases.Transform = time.Since(t0)
	var err error
	if dev == DeviceGPU {
		err = runGPU(g, alg, opt, res)
	} else {
		err = runCPU(g, alg, opt, res)
	}
	if err != nil {
		return nil, err
	}
	res.Edges = tepsEdges(g, alg, res)
	return res, nil
}

func runCPU(g *csr.Graph, alg Algorithm, opt Options, res *Result) error {
	res.Where = fmt.Sprintf("cpu (%d workers)", opt.Workers)
	if alg == PR {
		t0 := time.Now()
		t := g.Transpose()
		res.Phases.Transform += time.Since(t0)
		t0 = time.Now()
		if opt.Delta {
			res.Rank, res.Iterations = cpuPageRankDelta(g, t, opt.Damping, opt.Tolerance, opt.Workers)
		} else {
			res.Rank = cpuPageRank(g, t, opt.Damping, opt.Iterations, opt.Workers)
			res.Iterations = opt.Iterations
		}
		res.Phases.Compute = time.Since(t0)
		return nil
	}
	t0 := time.Now()
	res.Values, res.Iterations = cpuTraverse(g, alg, opt.Source, opt.Workers)
	res.Phases.Compute = time.Since(t0)
	return nil
}

// Reference runs the sequential reference implementation of alg (for tests
// and for `cflr traverse --device ref`-style checks). PageRank's reference
// runs opt.Iterations power iterations, or to convergence when opt.Delta.
func Reference(g *csr.Graph, alg Algorithm, opt Options) *Result {
	opt.ensureDefaults()
	res := &Result{Algorithm: alg, Where: "reference"}
	t0 := time.Now()
	switch alg {
	case BFS:
		res.Values = RefBFS(g, opt.Source)
	case SSSP:
		res.Values = RefSSSP(g, opt.Source)
	case SSWP:
		res.Values = RefSSWP(g, opt.Source)
	case CC:
		res.Values = RefCC(g)
	case PR:
		iters := opt.Iterations
		if opt.Delta {
			iters = 0
		}
		res.Rank, res.Iterations = RefPageRank(g, opt.Damping, iters)
	}
	res.Phases.Compute = time.Since(t0)
	res.Edges = tepsEdges(g, alg, res)
	return res
}

func tepsEdges(g *csr.Graph, alg Algorithm, res *Result) uint64 {
	switch alg {
	case CC:
		return g.NumEdges()
	case PR:
		return g.NumEdges() * uint64(max(res.Iterations, 1))
	}
	var m uint64
	unreached := uint32(Inf)
	if alg == SSWP {
		unreached = 0
	}
	for v, x := range res.Values {
		if x != unreached {
			m += g.Degree(uint32(v))
		}
	}
	return m
}
