package mine

import (
	"fmt"
	"sort"

	"github.com/cflr/cflr/graph/csr"
)

// Host side of GPU matching, shared by both builds so that the CPU tests
// check it: the plan flattened for the device, and the streaming driver
// that turns per-unit counting and window filling passes into matches
// emitted in the CPU's single-worker order.

// GPUMatchOptions controls GPU.Match.
type GPUMatchOptions struct {
	// Emit, when non-nil, receives every match as m[pattern vertex] = data
	// vertex (the slice is reused: copy it to keep it), in the same order
	// as the CPU's Match with Emit: first vertex ascending, then depth
	// first with candidates ascending. Returning false stops the search.
	Emit func(m []uint32) bool
	// UnitRange is the number of work units (arcs, fixing the first two
	// matching positions) per counting pass when streaming (default
	// defaultMatchUnitRange): the pass keeps a u64 count and offset per
	// unit.
	UnitRange int
	// WindowMatches is the number of matches per filled window when
	// streaming (default: defaultMatchWindowBytes worth): the device buffer
	// and the host copy hold that many matches.
	WindowMatches int
}

const (
	defaultMatchUnitRange   = 1 << 22
	defaultMatchWindowBytes = 64 << 20
)

// Plan words for the device (match.cu): word 0 is the pattern size n, then
// per position i five words from 1+5i: label (AnyLabel: any), pattern
// degree, and bit masks over earlier positions: back (adjacent), nonBack
// (must not be adjacent; vertex-induced only) and greater (m(i) > m(j)).
// Masks fit a u32 since positions are < MaxPatternSize.
const (
	planWordsPer = 5
	planWordsLen = 1 + planWordsPer*MaxPatternSize
)

// planWords flattens pl for the device.
func planWords(pl *Plan) []uint32 {
	w := make([]uint32, planWordsLen)
	n := pl.Pattern.N
	w[0] = uint32(n)
	mask := func(js []int) uint32 {
		var m uint32
		for _, j := range js {
			m |= 1 << j
		}
		return m
	}
	for i := 0; i < n; i++ {
		b := 1 + planWordsPer*i
		w[b] = pl.label[i]
		w[b+1] = uint32(pl.deg[i])
		w[b+2] = mask(pl.back[i])
		w[b+3] = mask(pl.nonBack[i])
		w[b+4] = mask(pl.greater[i])
	}
	return w
}

// checkMatchInput is Match's input check, plus what the device needs: a
// compiled plan and, when labels are read, one per vertex.
func checkMatchInput(g *csr.Graph, pl *Plan) error {
	if pl == nil || pl.Pattern.N < 1 || pl.Pattern.N > MaxPatternSize || len(pl.Order) != pl.Pattern.N || len(pl.back) != pl.Pattern.N {
		return fmt.Errorf("mine: match plan is not compiled (use Compile)")
	}
	labeled := false
	for _, l := range pl.label {
		labeled = labeled || l != AnyLabel
	}
	if labeled && g.Labels == nil {
		return fmt.Errorf("mine: pattern is labeled but the graph has no vertex labels")
	}
	if labeled && uint64(len(g.Labels)) < uint64(g.N) {
		return fmt.Errorf("mine: graph has %d vertex labels for %d vertices", len(g.Labels), g.N)
	}
	return nil
}

// matchUnits is the number of work units of a match on g: arcs (each
// fixing the first two matching positions, in CSR order, which is the
// CPU's DFS order), or vertices for a one-vertex pattern.
func matchUnits(g *csr.Graph, pl *Plan) uint64 {
	if pl.Pattern.N == 1 {
		return uint64(g.N)
	}
	return uint64(len(g.Adj))
}

// matchPasses is what streamMatches needs from an engine (the GPU, or the
// CPU reference in the tests).
type matchPasses interface {
	// countUnits sets cnt[e-lo] to the number of matches of unit e, for e
	// in [lo, hi).
	countUnits(lo, hi uint64, cnt []uint64) error
	// setRange gives the numbering of the range's matches: unit lo+k's
	// matches are numbered from off[k] (len(off) = hi-lo+1).
	setRange(lo uint64, off []uint64) error
	// fill writes the matches numbered [wlo, whi), which belong to units
	// [ulo, uhi), to out: n words each, by position, in DFS order. out
	// comes filled with ^0, and a match left so is an error.
	fill(ulo, uhi, wlo, whi uint64, out []uint32) error
}

// streamMatches emits every match in the CPU's single-worker order: units
// in ranges of rangeUnits, a counting pass per range, a prefix sum giving
// each unit's first match number, then windows of up to window matches
// filled, copied back and emitted in number order. Memory stays bounded by
// the range and the window whatever the number of matches; a unit with
// more matches than a window is enumerated again for each later window
// (its matches before the window are counted, not written). It returns the
// number of matches emitted (the last one included when emit stopped the
// search, as on the CPU).
func streamMatches(e matchPasses, units uint64, pl *Plan, rangeUnits, window int, emit func([]uint32) bool) (uint64, error) {
	n := pl.Pattern.N
	rangeUnits = max(rangeUnits, 1)
	window = max(window, 1)
	cnt := make([]uint64, min(uint64(rangeUnits), units))
	off := make([]uint64, len(cnt)+1)
	var buf []uint32
	mv := make([]uint32, n)
	var emitted uint64
	for lo := uint64(0); lo < units; lo += uint64(rangeUnits) {
		hi := min(lo+uint64(rangeUnits), units)
		r := int(hi - lo)
		if err := e.countUnits(lo, hi, cnt[:r]); err != nil {
			return emitted, err
		}
		for k := 0; k < r; k++ {
			off[k+1] = off[k] + cnt[k]
		}
		total := off[r]
		if total == 0 {
			continue
		}
		if err := e.setRange(lo, off[:r+1]); err != nil {
			return emitted, err
		}
		for wlo := uint64(0); wlo < total; wlo += uint64(window) {
			whi := min(wlo+uint64(window), total)
			// The units whose numbers meet [wlo, whi).
			ulo := sort.Search(r, func(k int) bool { return off[k+1] > wlo })
			uhi := sort.Search(r, func(k int) bool { return off[k] >= whi })
			w := int(whi - wlo)
			if cap(buf) < w*n {
				buf = make([]uint32, min(uint64(window), total)*uint64(n))
			}
			out := buf[:w*n]
			for i := range out {
				out[i] = ^uint32(0) // vertex ids are below 2^32-1: marks a match not filled
			}
			if err := e.fill(lo+uint64(ulo), lo+uint64(uhi), wlo, whi, out); err != nil {
				return emitted, err
			}
			for q := 0; q < w; q++ {
				rec := out[q*n : (q+1)*n]
				if rec[0] == ^uint32(0) {
					return emitted, fmt.Errorf("mine: internal error: match %d of units [%d,%d) was counted but not filled", wlo+uint64(q), lo, hi)
				}
				for p, v := range pl.Order {
					mv[v] = rec[p]
				}
				emitted++
				if !emit(mv) {
					return emitted, nil
				}
			}
		}
	}
	return emitted, nil
}
