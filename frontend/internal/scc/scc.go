package scc

// A Finder finds components. The zero value is ready to use; a Finder is
// not safe for concurrent use.
type Finder struct {
	index, low []int32
	stamp      []uint32 // the search a vertex was visited in; index and low are valid where stamp == epoch
	epoch      uint32
	next       int32
	onStack    []bool
	stack      []uint32
	frames     []frame
}

type frame struct {
	v uint32
	i int // the next successor of v to look at
}

// Reset starts a search over the vertices 0..n-1, none of them visited.
func (f *Finder) Reset(n int) {
	for len(f.index) < n {
		f.index = append(f.index, 0)
		f.low = append(f.low, 0)
		f.stamp = append(f.stamp, 0)
		f.onStack = append(f.onStack, false)
	}
	f.epoch++
	if f.epoch == 0 { // wrapped: stamps of 2^32 searches ago would read as current
		clear(f.stamp)
		f.epoch = 1
	}
	f.next = 0
}

// Visited reports whether the search has visited v.
func (f *Finder) Visited(v uint32) bool { return f.stamp[v] == f.epoch }

// From visits every vertex reachable from root that the search has not
// visited yet, and calls comp with each strongly connected component it
// completes, a component before any component that reaches it. succ(v, i)
// returns v's i-th successor and true, or false when v has no more; an
// edge from a vertex to itself is ignored. comp's slice is the Finder's
// own, valid until comp returns. Vertices are below the n of the last
// Reset.
func (f *Finder) From(root uint32, succ func(v uint32, i int) (uint32, bool), comp func([]uint32)) {
	if f.Visited(root) {
		return
	}
	f.visit(root)
	for len(f.frames) > 0 {
		fr := &f.frames[len(f.frames)-1]
		v := fr.v
		if w, ok := succ(v, fr.i); ok {
			fr.i++
			switch {
			case w == v:
			case !f.Visited(w):
				f.visit(w)
			case f.onStack[w]:
				f.low[v] = min(f.low[v], f.index[w])
			}
			continue
		}
		f.frames = f.frames[:len(f.frames)-1]
		if len(f.frames) > 0 {
			u := f.frames[len(f.frames)-1].v
			f.low[u] = min(f.low[u], f.low[v])
		}
		if f.low[v] != f.index[v] {
			continue
		}
		// v roots a component: the stack from v up.
		k := len(f.stack) - 1
		for f.stack[k] != v {
			k--
		}
		c := f.stack[k:]
		for _, w := range c {
			f.onStack[w] = false
		}
		comp(c)
		f.stack = f.stack[:k]
	}
}

func (f *Finder) visit(v uint32) {
	f.stamp[v] = f.epoch
	f.index[v], f.low[v] = f.next, f.next
	f.next++
	f.stack = append(f.stack, v)
	f.onStack[v] = true
	f.frames = append(f.frames, frame{v, 0})
}
