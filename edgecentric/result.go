package edgecentric

import (
	"cmp"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// Result is a solved closure: every stored edge by label, plus statistics.
// Nullable symbols also hold on (v, v) for every vertex v; those implicit
// ε self-loops are not stored or listed (see Grammar.Nullable).
type Result struct {
	Stats Stats

	rules *rules
	n     uint32
	out   []adjList // per vertex, its out-edges by label

	witnessOnce sync.Once // Result.Witness's shared WitnessFinder
	witnesses   *WitnessFinder
}

// Grammar is the normalized grammar the result was solved under.
func (r *Result) Grammar() *grammar.Grammar { return r.rules.g }

// NumVertices is the graph's vertex count.
func (r *Result) NumVertices() uint32 { return r.n }

// Edge is a closure edge of symbol Sym (a grammar symbol id) with index Index
// (graph.NoIndex for unindexed symbols).
type Edge struct {
	Src, Dst uint32
	Sym      int
	Index    uint32
}

// ForEach calls fn for every stored edge of symbol sym, ordered by source,
// then index, then destination.
func (r *Result) ForEach(sym int, fn func(Edge)) {
	if sym < 0 || sym >= len(r.rules.g.Symbols) {
		return
	}
	if base, ok := r.rules.g.ReversedNonterminal(sym); ok {
		// -X is X reversed: collect and sort X's edges the other way.
		var es []Edge
		r.ForEach(base, func(e Edge) { es = append(es, Edge{e.Dst, e.Src, sym, e.Index}) })
		slices.SortFunc(es, func(a, b Edge) int {
			return cmp.Or(cmp.Compare(a.Src, b.Src), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Dst, b.Dst))
		})
		for _, e := range es {
			fn(e)
		}
		return
	}
	if sym >= len(r.rules.bySym) {
		return
	}
	ls := slices.Clone(r.rules.bySym[sym])
	slices.SortFunc(ls, func(a, b uint32) int {
		return cmp.Compare(r.rules.labels[a].idx, r.rules.labels[b].idx)
	})
	for v := range r.out {
		for _, l := range ls {
			if e := r.out[v].get(l); e != nil {
				idx := r.rules.labels[l].idx
				for _, d := range sortedElems(e.all) {
					fn(Edge{uint32(v), d, sym, idx})
				}
			}
		}
	}
}

// Edges returns the stored edges of symbol sym, sorted.
func (r *Result) Edges(sym int) []Edge {
	var es []Edge
	r.ForEach(sym, func(e Edge) { es = append(es, e) })
	return es
}

// Count returns the number of stored edges of symbol sym (all indices).
func (r *Result) Count(sym int) int64 {
	if sym < 0 || sym >= len(r.rules.g.Symbols) {
		return 0
	}
	return r.symCounts()[sym]
}

// symCounts counts stored edges per symbol in one pass.
func (r *Result) symCounts() []int64 {
	c := make([]int64, len(r.rules.g.Symbols))
	for v := range r.out {
		for _, sl := range r.out[v].ents {
			e := sl.e
			if r.rules.virt[e.label] < 0 {
				c[r.rules.labels[e.label].sym] += int64(e.all.Len())
			}
		}
	}
	for s := range c {
		if base, ok := r.rules.g.ReversedNonterminal(s); ok {
			c[s] = c[base]
		}
	}
	return c
}

// Counts returns the stored edge count of every symbol that has edges,
// keyed by name.
func (r *Result) Counts() map[string]int64 {
	m := map[string]int64{}
	for s, c := range r.symCounts() {
		if c > 0 {
			m[r.rules.g.Name(s)] = c
		}
	}
	return m
}

// CountEdges is the figure POCR reports: the number of distinct vertex
// pairs (u, v), u ≠ v, joined by an edge of a reported (%count) symbol,
// any index.
func (r *Result) CountEdges() int64 {
	// Reported reverses -X contribute X's pairs the other way round; they
	// are gathered per source first (rare: only grammars that report -X).
	var rev map[uint32]*roaring.Bitmap
	for v := range r.out {
		for _, sl := range r.out[v].ents {
			e := sl.e
			if vl := r.rules.inv[e.label]; vl >= 0 && r.rules.count[vl] && r.rules.virt[e.label] < 0 {
				if rev == nil {
					rev = map[uint32]*roaring.Bitmap{}
				}
				e.all.ForEach(func(u uint32) {
					b := rev[u]
					if b == nil {
						b = roaring.New()
						rev[u] = b
					}
					b.Add(uint32(v))
				})
			}
		}
	}
	var total int64
	acc := roaring.New()
	for v := range r.out {
		acc.Clear()
		for _, sl := range r.out[v].ents {
			e := sl.e
			if !r.rules.count[e.label] || r.rules.virt[e.label] >= 0 {
				continue
			}
			if b, ok := e.all.(*bitmap); ok && b.b != nil {
				acc.Or(b.b)
				continue
			}
			e.all.ForEach(func(x uint32) { acc.Add(x) })
		}
		if b := rev[uint32(v)]; b != nil {
			acc.Or(b)
		}
		n := int64(acc.GetCardinality())
		if acc.Contains(uint32(v)) {
			n--
		}
		total += n
	}
	return total
}

// Graph returns the closure edges of the named symbols (all symbols with
// edges when names is empty) as a labeled graph over the same vertices,
// sorted by label name, source, index, destination. Vertex names are
// copied from names when non-nil.
func (r *Result) Graph(syms []int, names []string) *graph.Graph {
	g := graph.New()
	g.NumVertices = r.n
	g.Names = names
	if len(syms) == 0 {
		for s := range r.rules.g.Symbols {
			syms = append(syms, s)
		}
	}
	syms = slices.Clone(syms)
	slices.SortFunc(syms, func(a, b int) int { return strings.Compare(r.rules.g.Name(a), r.rules.g.Name(b)) })
	for _, s := range syms {
		name := r.rules.g.Name(s)
		r.ForEach(s, func(e Edge) {
			g.Edges = append(g.Edges, graph.Edge{Src: e.Src, Dst: e.Dst, Label: g.Label(name), Index: e.Index})
		})
	}
	return g
}

// forEachList calls fn with every vertex's stored out-neighbours under each
// real label (virtual reverses -X, which VCM materializes, are skipped), by
// vertex. nbrs is unordered and reused between calls. It is the one place
// WitnessFinder reads the stored lists.
func (r *Result) forEachList(fn func(v, l uint32, nbrs []uint32)) {
	var buf []uint32
	for v := range r.out {
		for _, sl := range r.out[v].ents {
			e := sl.e
			if r.rules.virt[e.label] >= 0 {
				continue
			}
			buf = e.all.AppendTo(buf[:0])
			fn(uint32(v), e.label, buf)
		}
	}
}

func sortedElems(s vset) []uint32 {
	var xs []uint32
	s.ForEach(func(x uint32) { xs = append(xs, x) })
	// Small bitmap sets and hash sets are unordered.
	slices.Sort(xs)
	return xs
}

// PeakRSS returns the process's peak resident set size in bytes (Linux
// VmHWM), or 0 where it is not available.
func PeakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				if err == nil {
					return kb * 1024
				}
			}
		}
	}
	return 0
}
