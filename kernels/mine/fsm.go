package mine

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cflr/cflr/graph/csr"
)

// FSMOptions controls frequent subgraph mining.
type FSMOptions struct {
	// Support is the minimum support a pattern needs to be frequent: MNI
	// (minimum image) support on a single graph, the number of graphs
	// containing the pattern on a database. Must be ≥ 1.
	Support uint64
	// MaxEdges is the largest pattern mined, in edges (default 3).
	MaxEdges int
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
}

// FrequentPattern is a frequent (canonical, vertex-labeled) pattern and its
// support.
type FrequentPattern struct {
	Pattern Pattern
	Support uint64
}

func (o *FSMOptions) ensureDefaults() error {
	if o.MaxEdges == 0 {
		o.MaxEdges = 3
	}
	if o.MaxEdges < 1 || o.MaxEdges >= MaxPatternSize {
		return fmt.Errorf("mine: max edges %d out of range [1,%d]", o.MaxEdges, MaxPatternSize-1)
	}
	if o.Support < 1 {
		return fmt.Errorf("mine: support must be at least 1")
	}
	return nil
}

// MineMNI finds the connected vertex-labeled patterns of 1..MaxEdges edges
// whose MNI support in the labeled graph g reaches Support, as GraMi,
// Peregrine and G2Miner define it: the support of pattern P is the minimum,
// over P's vertices v, of the number of distinct data vertices that v is
// mapped to by some (edge-induced) embedding. MNI is anti-monotone, so
// patterns grow level by level, by one edge, from frequent patterns only.
// Results are sorted by (edges, canonical form).
func MineMNI(g *csr.Graph, opt FSMOptions) ([]FrequentPattern, error) {
	if g.Labels == nil {
		return nil, fmt.Errorf("mine: frequent subgraph mining needs a vertex-labeled graph")
	}
	return mineMNIWith(g, opt, func(p Pattern) (uint64, error) { return mniSupport(g, p, opt.Workers) })
}

// mineMNIWith is MineMNI with the support function sup (the CPU's matching,
// or the GPU's breadth-first tables): pattern growth stays on the host.
func mineMNIWith(g *csr.Graph, opt FSMOptions, sup func(Pattern) (uint64, error)) ([]FrequentPattern, error) {
	if g.Labels == nil {
		return nil, fmt.Errorf("mine: frequent subgraph mining needs a vertex-labeled graph")
	}
	return grow(opt, labelsOf(g), sup)
}

// mineTransactionsLevelwise is MineTransactions (gspan.go) by the
// level-wise, one-edge-at-a-time scheme of MineMNI, with canonical forms
// (not gSpan's minimum DFS codes) removing duplicates; a graph stops being
// searched at its first embedding. It was MineTransactions before gSpan
// and stays as an independent reference for the tests.
func mineTransactionsLevelwise(db []*csr.Graph, opt FSMOptions) ([]FrequentPattern, error) {
	var labels []uint32
	for i, g := range db {
		if g.Labels == nil {
			return nil, fmt.Errorf("mine: graph %d of the database has no vertex labels", i)
		}
		labels = append(labels, labelsOf(g)...)
	}
	slices.Sort(labels)
	labels = slices.Compact(labels)
	return grow(opt, labels, func(p Pattern) (uint64, error) {
		pl, err := Compile(p, InducedEdge)
		if err != nil {
			return 0, err
		}
		var s uint64
		for _, g := range db {
			n, err := Match(g, pl, MatchOptions{Emit: func([]uint32) bool { return false }})
			if err != nil {
				return 0, err
			}
			if n > 0 {
				s++
			}
		}
		return s, nil
	})
}

func labelsOf(g *csr.Graph) []uint32 {
	ls := slices.Clone(g.Labels)
	slices.Sort(ls)
	return slices.Compact(ls)
}

// grow runs the level-wise search with support function sup.
func grow(opt FSMOptions, labels []uint32, sup func(Pattern) (uint64, error)) ([]FrequentPattern, error) {
	if err := opt.ensureDefaults(); err != nil {
		return nil, err
	}
	var out []FrequentPattern
	// Level 1: one edge per unordered label pair.
	var level []Pattern
	for i, a := range labels {
		for _, b := range labels[i:] {
			p := Pattern{N: 2, Labels: []uint32{a, b}}
			p.AddEdge(0, 1)
			level = append(level, p.Canonical())
		}
	}
	for edges := 1; edges <= opt.MaxEdges && len(level) > 0; edges++ {
		var frequent []Pattern
		for _, p := range level {
			s, err := sup(p)
			if err != nil {
				return nil, err
			}
			if s >= opt.Support {
				frequent = append(frequent, p)
				out = append(out, FrequentPattern{Pattern: p, Support: s})
			}
		}
		if edges == opt.MaxEdges {
			break
		}
		// Labels that occur in a frequent pattern: only they can extend one.
		var fl []uint32
		for _, p := range frequent {
			fl = append(fl, p.Labels...)
		}
		slices.Sort(fl)
		fl = slices.Compact(fl)
		seen := map[string]bool{}
		level = level[:0:0]
		add := func(q Pattern) {
			c := q.Canonical()
			if k := c.Key(); !seen[k] {
				seen[k] = true
				level = append(level, c)
			}
		}
		for _, p := range frequent {
			for i := 0; i < p.N; i++ {
				for j := i + 1; j < p.N; j++ {
					if !p.Adjacent(i, j) {
						q := p
						q.Labels = slices.Clone(p.Labels)
						q.AddEdge(i, j)
						add(q)
					}
				}
			}
			if p.N < MaxPatternSize {
				for i := 0; i < p.N; i++ {
					for _, l := range fl {
						q := p
						q.N = p.N + 1
						q.Labels = append(slices.Clone(p.Labels), l)
						q.AddEdge(i, p.N)
						add(q)
					}
				}
			}
		}
		slices.SortFunc(level, func(a, b Pattern) int {
			if a.Key() < b.Key() {
				return -1
			}
			if a.Key() > b.Key() {
				return 1
			}
			return 0
		})
	}
	slices.SortStableFunc(out, func(a, b FrequentPattern) int { return a.Pattern.NumEdges() - b.Pattern.NumEdges() })
	return out, nil
}

// mniSupport computes p's MNI support in g. Matching uses symmetry
// breaking, so each subgraph is seen once; the embeddings of that subgraph
// are its automorphic images, so v's image set is the union, over v's orbit
// w, of the vertices matched to w.
func mniSupport(g *csr.Graph, p Pattern, workers int) (uint64, error) {
	pl, err := Compile(p, InducedEdge)
	if err != nil {
		return 0, err
	}
	n := p.N
	orbit := make([]int, n) // representative (smallest vertex) of each orbit
	for v := 0; v < n; v++ {
		orbit[v] = v
		for w := 0; w < v; w++ {
			if orbit[w] == w && autExists(&p, nil, w, v) {
				orbit[v] = w
				break
			}
		}
	}
	words := (int(g.N) + 63) / 64
	workers = workerCount(workers)
	domains := make([][][]uint64, workers) // worker → orbit rep → bitset
	_, err = matchEach(g, pl, workers, nil, func(w int) func([]uint32) bool {
		d := make([][]uint64, n)
		for v := 0; v < n; v++ {
			if orbit[v] == v {
				d[v] = make([]uint64, words)
			}
		}
		domains[w] = d
		return func(m []uint32) bool {
			for v, x := range m {
				d[orbit[v]][x>>6] |= 1 << (x & 63)
			}
			return true
		}
	})
	if err != nil {
		return 0, err
	}
	support := ^uint64(0)
	for v := 0; v < n; v++ {
		if orbit[v] != v {
			continue
		}
		var c uint64
		for i := 0; i < words; i++ {
			var word uint64
			for _, d := range domains {
				if d != nil {
					word |= d[v][i]
				}
			}
			c += uint64(bits.OnesCount64(word))
		}
		support = min(support, c)
	}
	return support, nil
}
