// Copyright 2021 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// This file is cflr's: the parallel construction of the type propagation
// graph that replaces x/tools' serial builder.visit (see doc.go).

package vta

import (
	"iter"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// idx is an index representing a unique node in a vtaGraph.
type idx int32

// vtaGraph is the type propagation graph: for each node the list of its
// successors (in CSR form; a successor may be listed more than once).
type vtaGraph struct {
	idx  map[node]idx // idx[n] is the index for the node n.
	node []node       // node[i] is the node with index i.
	// initial[i] is hasInitialTypes(node[i]), found by the workers, and
	// then prop[i] is getPropType(node[i]), found by the merge.
	initial []bool
	prop    []propType
	off     []int32 // node i's successors are succ[off[i]:off[i+1]]
	succ    []idx
}

func (g *vtaGraph) numNodes() int {
	return len(g.node)
}

func (g *vtaGraph) successors(x idx) iter.Seq[idx] {
	return func(yield func(y idx) bool) {
		for _, y := range g.succ[g.off[x]:g.off[x+1]] {
			if !yield(y) {
				return
			}
		}
	}
}

// chunkGraph is the part of the graph that one chunk of functions
// contributes: its nodes (canonical within the worker that built it) and
// its edges between them, numbered locally.
type chunkGraph struct {
	idx     map[node]int32
	node    []node
	initial []bool // hasInitialTypes(node[i])
	edges   [][2]int32
}

// addEdge adds an edge x->y to the chunk's graph.
func (g *chunkGraph) addEdge(x, y node) {
	a, b := g.lookup(x), g.lookup(y)
	// An edge repeated at once is dropped here rather than merged
	// again (the graph may still list an edge twice: see vtaGraph).
	if k := len(g.edges); k > 0 && g.edges[k-1] == [2]int32{a, b} {
		return
	}
	g.edges = append(g.edges, [2]int32{a, b})
}

func (g *chunkGraph) lookup(n node) int32 {
	i, ok := g.idx[n]
	if !ok {
		i = int32(len(g.node))
		g.idx[n] = i
		g.node = append(g.node, n)
	}
	return i
}

// chunkSize is the number of functions a worker takes at a time: small
// enough to balance two cores when one of them is busy elsewhere, large
// enough that a chunk's nodes are mostly its own. (Tests set it to 1.)
var chunkSize = 128

// typePropGraph builds a VTA graph for the functions `fs` and initial
// `callgraph` needed to establish interprocedural edges. (x/tools' also
// returns its map of canonical types, for propagate.)
//
// Up to `threads` workers each build the graph of one chunk of fs at a
// time, with their own canonical types; the calling goroutine merges the
// chunks, in chunk order, into one graph with globally canonical nodes.
// The graph is the union of the chunks' edges, whichever worker built
// which chunk: the same graph as x/tools' serial builder (up to node
// numbering, which there follows map order).
//
// lazyCHA says that callees is lazyCallees (no initial call graph).
func typePropGraph(fs []*ssa.Function, callees calleesFunc, lazyCHA bool, threads int) *vtaGraph {
	m := merger{g: &vtaGraph{idx: make(map[node]idx)}}
	// The fixed edge Panic -> Recover.
	m.addEdge(m.lookup(panicArg{}, false), m.lookup(recoverReturn{}, false))
	inChunks(len(fs), threads,
		func() *builder { return &builder{callees: callees, lazyCHA: lazyCHA} },
		func(b *builder, lo, hi int) *chunkGraph {
			// The worker's node index is reused from chunk to chunk.
			if b.graph == nil {
				b.graph = &chunkGraph{idx: make(map[node]int32)}
			}
			clear(b.graph.idx)
			g := &chunkGraph{idx: b.graph.idx}
			b.graph = g
			for _, f := range fs[lo:hi] {
				b.fun(f)
			}
			g.initial = make([]bool, len(g.node))
			for i, n := range g.node {
				g.initial[i] = hasInitialTypes(n)
			}
			return &chunkGraph{node: g.node, initial: g.initial, edges: g.edges}
		},
		m.add)
	m.finish()
	return m.g
}

// inChunks calls work(w, lo, hi) for the chunks [lo, hi) of [0, n), on up
// to threads goroutines (GOMAXPROCS if not positive), each with its own
// w from worker(); and merge with each chunk's result, in the calling
// goroutine and in chunk order, while the workers go on. A panic in work
// (an instruction VTA does not know) is raised again in the caller, where
// x/tools raises it.
func inChunks[W, R any](n, threads int, worker func() W, work func(w W, lo, hi int) R, merge func(R)) {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	nchunks := (n + chunkSize - 1) / chunkSize
	threads = max(1, min(threads, nchunks))
	type result struct{ r R }
	ready := make([]chan result, nchunks)
	for i := range ready {
		ready[i] = make(chan result, 1)
	}
	var (
		next     atomic.Int64
		stop     atomic.Bool
		mu       sync.Mutex
		panicked any // the first worker's panic
		wg       sync.WaitGroup
	)
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					stop.Store(true)
					mu.Lock()
					if panicked == nil {
						panicked = p
					}
					mu.Unlock()
				}
			}()
			w := worker()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= nchunks {
					return
				}
				ready[i] <- result{work(w, i*chunkSize, min(n, (i+1)*chunkSize))}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for i := range nchunks {
		var r result
		ok := false
		select {
		case r, ok = <-ready[i]:
		case <-done:
			select {
			case r, ok = <-ready[i]:
			default:
			}
		}
		if !ok {
			break // a worker panicked
		}
		merge(r.r)
	}
	<-done
	if panicked != nil {
		panic(panicked)
	}
}

// merger merges chunk graphs into one vtaGraph.
type merger struct {
	b        builder // for representative, with the global canon
	g        *vtaGraph
	src, dst []idx
	remap    []idx
}

func (m *merger) lookup(n node, initial bool) idx {
	i, ok := m.g.idx[n]
	if !ok {
		i = idx(len(m.g.node))
		m.g.idx[n] = i
		m.g.node = append(m.g.node, n)
		m.g.initial = append(m.g.initial, initial)
		var pt propType
		if initial {
			pt = getPropType(n, &m.b.canon)
		}
		m.g.prop = append(m.g.prop, pt)
	}
	return i
}

func (m *merger) addEdge(a, b idx) {
	m.src = append(m.src, a)
	m.dst = append(m.dst, b)
}

// add merges g: its nodes' representatives become global ones.
func (m *merger) add(g *chunkGraph) {
	m.remap = m.remap[:0]
	for i, n := range g.node {
		// A representative has an identical type, so the same
		// hasInitialTypes.
		m.remap = append(m.remap, m.lookup(m.b.representative(n), g.initial[i]))
	}
	for _, e := range g.edges {
		m.addEdge(m.remap[e[0]], m.remap[e[1]])
	}
}

// finish lays the edges out by source node.
func (m *merger) finish() {
	g := m.g
	g.off = make([]int32, len(g.node)+1)
	for _, a := range m.src {
		g.off[a+1]++
	}
	for i := 1; i < len(g.off); i++ {
		g.off[i] += g.off[i-1]
	}
	g.succ = make([]idx, len(m.src))
	pos := make([]int32, len(g.node))
	copy(pos, g.off)
	for k, a := range m.src {
		g.succ[pos[a]] = m.dst[k]
		pos[a]++
	}
	m.src, m.dst, m.remap = nil, nil, nil
}
