package outofcore

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
)

// Edge is a closure edge: Sym is a symbol id of Grammar().
type Edge = edgecentric.Edge

// Grammar is the normalized grammar the store solves under.
func (s *Store) Grammar() *grammar.Grammar { return s.gr }

// NumVertices is the vertex count.
func (s *Store) NumVertices() uint32 { return s.cfg.NumVertices }

// Done reports whether the store holds a finished closure: no partition
// has work left.
func (s *Store) Done() (bool, error) {
	work, err := s.pendingWork()
	if err != nil {
		return false, err
	}
	return !slices.Contains(work, true), nil
}

// Symbol looks up a symbol of the store's grammar by name.
func (s *Store) Symbol(name string) (int, error) {
	id, ok := s.gr.Lookup(name)
	if !ok {
		return 0, fmt.Errorf("%s is not a symbol of the store's grammar", name)
	}
	return id, nil
}

// labelsOf returns a per-label-id mask of sym's stored labels.
func (s *Store) labelsOf(sym int) []bool {
	ls := s.k.Labels()
	m := make([]bool, len(ls))
	for i, l := range ls {
		m[i] = l.Sym == sym && !s.k.Virtual(i)
	}
	return m
}

// scan calls fn with each vertex record in [lo, hi), ascending.
func (s *Store) scan(lo, hi uint32, fn func(v uint32, rec []byte) error) error {
	opts := &pebble.IterOptions{LowerBound: keyVertex(lo)}
	if hi != 0 {
		opts.UpperBound = keyVertex(hi)
	} else {
		opts.UpperBound = []byte{'b'}
	}
	it, err := s.db.NewIter(opts)
	if err != nil {
		return s.wrapIO(err)
	}
	for it.First(); it.Valid(); it.Next() {
		k := it.Key()
		if len(k) != 5 {
			it.Close()
			return s.corrupt("bad vertex key %x", k)
		}
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return s.wrapIO(err)
		}
		u := uint32(k[1])<<24 | uint32(k[2])<<16 | uint32(k[3])<<8 | uint32(k[4])
		if err := fn(u, v); err != nil {
			it.Close()
			return err
		}
	}
	return s.wrapIO(it.Close())
}

var errStop = errors.New("stop")

// ForEach calls fn for every stored edge of symbol sym, ordered by source,
// then index, then destination, until fn returns false. It reads the store
// one vertex at a time.
func (s *Store) ForEach(sym int, fn func(Edge) bool) error {
	if sym < 0 || sym >= len(s.gr.Symbols) {
		return fmt.Errorf("symbol %d out of range", sym)
	}
	if base, ok := s.gr.ReversedNonterminal(sym); ok {
		// -X is X reversed: collect and sort X's edges the other way.
		var es []Edge
		if err := s.ForEach(base, func(e Edge) bool {
			es = append(es, Edge{Src: e.Dst, Dst: e.Src, Sym: sym, Index: e.Index})
			return true
		}); err != nil {
			return err
		}
		slices.SortFunc(es, func(a, b Edge) int {
			return cmp.Or(cmp.Compare(a.Src, b.Src), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Dst, b.Dst))
		})
		for _, e := range es {
			if !fn(e) {
				return nil
			}
		}
		return nil
	}
	mask := s.labelsOf(sym)
	ls := s.k.Labels()
	type group struct {
		idx  uint32
		nbrs []uint32
	}
	var groups []group
	err := s.scan(0, 0, func(v uint32, rec []byte) error {
		groups = groups[:0]
		err := s.k.ForEachSet(rec, func(l uint32, out bool, nbrs []uint32) {
			if out && mask[l] {
				groups = append(groups, group{ls[l].Index, slices.Clone(nbrs)})
			}
		})
		if err != nil {
			return s.corrupt("vertex %d: %v", v, err)
		}
		slices.SortFunc(groups, func(a, b group) int { return cmp.Compare(a.idx, b.idx) })
		for _, g := range groups {
			for _, d := range g.nbrs {
				if !fn(Edge{Src: v, Dst: d, Sym: sym, Index: g.idx}) {
					return errStop
				}
			}
		}
		return nil
	})
	if err == errStop {
		return nil
	}
	return err
}

// Reach returns the vertices that x reaches by an edge of symbol sym (any
// index), ascending: one point read.
func (s *Store) Reach(sym int, x uint32) ([]uint32, error) {
	if x >= s.cfg.NumVertices {
		return nil, fmt.Errorf("vertex %d out of range (%d vertices)", x, s.cfg.NumVertices)
	}
	if base, ok := s.gr.ReversedNonterminal(sym); ok {
		var us []uint32
		err := s.ForEach(base, func(e Edge) bool {
			if e.Dst == x {
				us = append(us, e.Src)
			}
			return true
		})
		slices.Sort(us)
		return slices.Compact(us), err
	}
	rec, err := s.get(keyVertex(x))
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, s.wrapIO(err)
	}
	mask := s.labelsOf(sym)
	acc := roaring.New()
	if err := s.k.ForEachSet(rec, func(l uint32, out bool, nbrs []uint32) {
		if out && mask[l] {
			acc.AddMany(nbrs)
		}
	}); err != nil {
		return nil, s.corrupt("vertex %d: %v", x, err)
	}
	return acc.ToArray(), nil
}

// Counts returns the stored edge count of every symbol with edges, by
// name, in one scan.
func (s *Store) Counts() (map[string]int64, error) {
	m, _, err := s.count(false)
	return m, err
}

// CountEdges is the figure POCR reports (see edgecentric.Result.CountEdges):
// distinct pairs (u, v), u ≠ v, joined by an edge of a %count symbol.
func (s *Store) CountEdges() (int64, error) {
	_, n, err := s.count(true)
	return n, err
}

// CountsAndEdges returns Counts and CountEdges from one pass over the
// store.
func (s *Store) CountsAndEdges() (map[string]int64, int64, error) {
	return s.count(true)
}

func (s *Store) count(edges bool) (map[string]int64, int64, error) {
	// A scan of the whole store: its garbage stays under the budget too.
	defer s.setMemoryLimit()()
	ls := s.k.Labels()
	if edges {
		for i := range ls {
			if s.k.Counted(i) && s.k.Virtual(i) {
				return nil, 0, errors.New("outofcore: CountEdges with a reversed %count symbol is not supported")
			}
		}
	}
	c := make([]int64, len(s.gr.Symbols))
	var total int64
	acc := roaring.New()
	err := s.scan(0, 0, func(v uint32, rec []byte) error {
		acc.Clear()
		if err := s.k.ForEachSet(rec, func(l uint32, out bool, nbrs []uint32) {
			if out {
				c[ls[l].Sym] += int64(len(nbrs))
				if edges && s.k.Counted(int(l)) {
					acc.AddMany(nbrs)
				}
			}
		}); err != nil {
			return s.corrupt("vertex %d: %v", v, err)
		}
		if edges {
			n := int64(acc.GetCardinality())
			if acc.Contains(v) {
				n--
			}
			total += n
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	m := map[string]int64{}
	for sym, n := range c {
		if base, ok := s.gr.ReversedNonterminal(sym); ok {
			n = c[base]
		}
		if n > 0 {
			m[s.gr.Name(sym)] = n
		}
	}
	return m, total, nil
}
