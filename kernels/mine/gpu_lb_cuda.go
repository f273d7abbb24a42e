//go:build cuda

package mine

import (
	"fmt"
	"time"

	"github.com/cflr/cflr/graph/csr"
	"github.com/cflr/cflr/kernels/gpu"
)

// lbStateWords is LB_SST in mine.cu: the u32 words of one warp's saved
// walk.
const lbStateWords = 64

// countCliquesLB is CountCliques with DuMato's load balancing (clique_lb
// and clique_donate in mine.cu): the kernel runs in rounds; a round ends
// when opt.LBIdleFraction of the warps have found no work, busy warps save
// their walks, the host has half of each walk's shallowest pending
// candidates donated as units and relaunches. A round that donates nothing
// (no walk has pending candidates to split), or the LBMaxRounds-th, is
// followed by one that runs to completion, so the loop always ends.
func (d *GPU) countCliquesLB(dag *csr.Graph, k int, st GPUStats, g *devGraph, stack *gpu.Buffer, maxd uint64, grid, block uint32, a *gpu.Allocs) (uint64, GPUStats, error) {
	nwarps := int64(grid) * int64(block) / 32
	alloc := func(bytes int64) (*gpu.Buffer, error) {
		b, err := a.Alloc(d.ctx, max(bytes, 8))
		if err != nil {
			return nil, err
		}
		return b, b.Memset32(0, max(bytes, 8)/4)
	}
	out, err := alloc(8)
	if err != nil {
		return 0, st, err
	}
	next, err := alloc(8)
	if err != nil {
		return 0, st, err
	}
	state, err := alloc(nwarps * lbStateWords * 4)
	if err != nil {
		return 0, st, err
	}
	units, err := alloc(nwarps * 4 * 4)
	if err != nil {
		return 0, st, err
	}
	upool, err := alloc(nwarps * int64(maxd) * 4)
	if err != nil {
		return 0, st, fmt.Errorf("mine: clique donation pool: %w", err)
	}
	uq, err := alloc(16)
	if err != nil {
		return 0, st, err
	}
	ctl, err := alloc(16)
	if err != nil {
		return 0, st, err
	}
	frac := d.opt.LBIdleFraction
	if frac <= 0 || frac > 1 {
		frac = defaultLBIdleFraction
	}
	maxRounds := d.opt.LBMaxRounds
	if maxRounds <= 0 {
		maxRounds = defaultLBMaxRounds
	}
	never := uint64(nwarps) + 1 // an idle count no round reaches
	thresh := max(uint64(frac*float64(nwarps)), 1)
	if err := d.ctx.Synchronize(); err != nil {
		return 0, st, err
	}
	t1 := time.Now()
	var c3 [4]uint32
	var q [2]uint64
	var nx [1]uint64
	for g.m > 0 {
		if err := d.clqLB.Launch(grid, block, g.off, g.adj, g.src, g.m, uint64(k), stack.Ptr(), maxd, next.Ptr(), out.Ptr(), state.Ptr(), units.Ptr(), upool.Ptr(), uq.Ptr(), ctl.Ptr(), thresh); err != nil {
			return 0, st, err
		}
		if err := d.ctx.Synchronize(); err != nil {
			return 0, st, err
		}
		st.Rounds++
		if err := gpu.Download(c3[:], ctl, 0); err != nil {
			return 0, st, err
		}
		if err := gpu.Download(q[:], uq, 0); err != nil {
			return 0, st, err
		}
		if err := gpu.Download(nx[:], next, 0); err != nil {
			return 0, st, err
		}
		if c3[2] == 0 && nx[0] >= g.m && q[0] >= q[1] {
			break // no saved walk, no arc, no unit left
		}
		if thresh == never {
			return 0, st, fmt.Errorf("mine: clique round without balancing left work (%d saved walks)", c3[2])
		}
		if q[0] >= q[1] && st.Rounds < maxRounds {
			// Every unit was taken (the stop is raised only then): the
			// pool is free for this round's donations.
			if err := uq.Memset32(0, 4); err != nil {
				return 0, st, err
			}
			if err := d.clqDonate.Launch(grid, block, stack.Ptr(), uint64(k), maxd, state.Ptr(), uint64(nwarps), units.Ptr(), upool.Ptr(), uq.Ptr()); err != nil {
				return 0, st, err
			}
			if err := gpu.Download(q[:], uq, 0); err != nil {
				return 0, st, err
			}
			st.Donated += int(q[1])
			if q[1] == 0 {
				thresh = never
			}
		} else {
			thresh = never
		}
		if err := ctl.Memset32(0, 4); err != nil {
			return 0, st, err
		}
	}
	n, err := d.finishCount(&st, t1, out)
	return n, st, err
}
