package edgecentric

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// engine is one solve's shared, read-only state.
type engine struct {
	opts  Options
	rules *rules
	kind  setKind
	bulk  bool
	n     uint32 // vertices
	chunk uint32 // vertices per partition
	parts []*partition
}

func (e *engine) owner(v uint32) int { return int(v / e.chunk) }

// Solve computes the CFL-reachability closure of g under gr: every edge
// (u, v, X) such that some path from u to v spells a word X derives. The
// grammar is normalized here if it is not already; the graph is not
// modified (inverse edges the grammar asks for are generated on the fly).
// Solve stops early, returning ctx's error, when ctx is cancelled.
func Solve(ctx context.Context, g *graph.Graph, gr *grammar.Grammar, opts *Options) (*Result, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	o.EnsureDefaults()
	start := time.Now()
	if !gr.Normalized {
		var err error
		if gr, err = gr.Normalize(); err != nil {
			return nil, err
		}
	}
	inp, err := prepare(g, gr)
	if err != nil {
		return nil, err
	}
	e := &engine{opts: o, rules: newRules(gr, inp.seedLabels), n: g.NumVertices}
	if len(e.rules.labels) >= sideBit {
		return nil, fmt.Errorf("edgecentric: %d instantiated labels; at most 2^31 are supported", len(e.rules.labels))
	}
	e.kind = setKind(bitmapKind{})
	if o.Sets == HashSets {
		e.kind = hashKind{}
	}
	e.bulk = o.Sets == Bitmaps && !o.NoIndex
	st := Stats{Config: o.Config(), Threads: o.Threads, InputEdges: int64(len(inp.edges)), Labels: len(e.rules.labels)}
	var res *Result
	switch o.Model {
	case ECM:
		res, err = e.solveECM(ctx, inp, &st, start)
	case VCM:
		res, err = e.solveVCM(ctx, inp, &st, start)
	default:
		return nil, fmt.Errorf("edgecentric: unknown model %v", o.Model)
	}
	if err != nil {
		return nil, err
	}
	st.Elapsed = time.Since(start)
	st.PeakRSS = PeakRSS()
	res.Stats = st
	return res, nil
}

// input is the graph's edges over instantiated labels.
type input struct {
	seedLabels []label
	edges      []seedEdge
}

type seedEdge struct {
	src, dst uint32
	lab      label
}

// prepare maps graph labels to grammar symbols, generating the inverse
// edges the grammar asks for. Labels the grammar does not mention cannot
// take part in any derivation and are dropped.
func prepare(g *graph.Graph, gr *grammar.Grammar) (*input, error) {
	symOf := make([]int, len(g.Labels))
	invOf := make([]int, len(g.Labels))
	wantInv := map[int]bool{}
	for _, s := range gr.Inverse {
		wantInv[s] = true
	}
	for i, name := range g.Labels {
		symOf[i], invOf[i] = -1, -1
		if s, ok := gr.Lookup(name); ok {
			symOf[i] = s
			if wantInv[s] {
				if is, ok := gr.Lookup(grammar.InverseName(name)); ok {
					invOf[i] = is
				}
			}
		}
	}
	inp := &input{}
	seen := map[label]bool{}
	add := func(src, dst uint32, l label) {
		inp.edges = append(inp.edges, seedEdge{src, dst, l})
		if !seen[l] {
			seen[l] = true
			inp.seedLabels = append(inp.seedLabels, l)
		}
	}
	for _, ed := range g.Edges {
		if int(ed.Label) >= len(symOf) {
			return nil, fmt.Errorf("edgecentric: edge label %d out of range", ed.Label)
		}
		s := symOf[ed.Label]
		if s < 0 {
			continue
		}
		if ed.Src >= g.NumVertices || ed.Dst >= g.NumVertices {
			return nil, fmt.Errorf("edgecentric: edge (%d,%d) outside %d vertices", ed.Src, ed.Dst, g.NumVertices)
		}
		if gr.Symbols[s].Indexed != (ed.Index != graph.NoIndex) {
			return nil, fmt.Errorf("edgecentric: edge %s→%s label %s: index does not match the grammar", g.VertexName(ed.Src), g.VertexName(ed.Dst), g.Labels[ed.Label])
		}
		if base, ok := gr.ReversedNonterminal(s); ok {
			// A -X edge in the input is an X edge reversed.
			add(ed.Dst, ed.Src, label{base, ed.Index})
			continue
		}
		add(ed.Src, ed.Dst, label{s, ed.Index})
		if is := invOf[ed.Label]; is >= 0 {
			add(ed.Dst, ed.Src, label{is, ed.Index})
		}
	}
	return inp, nil
}

func (e *engine) solveECM(ctx context.Context, inp *input, st *Stats, start time.Time) (*Result, error) {
	np := e.opts.Partitions
	if uint32(np) > e.n {
		np = max(1, int(e.n))
	}
	e.chunk = max(1, (e.n+uint32(np)-1)/uint32(np))
	np = int((e.n + e.chunk - 1) / e.chunk)
	if np == 0 {
		np = 1
	}
	st.Partitions = np
	e.parts = make([]*partition, np)
	// The partitions' out-lists are windows on one array, which becomes
	// the result as it is.
	outs := make([]adjList, e.n)
	for i := range e.parts {
		lo := uint32(i) * e.chunk
		hi := min(lo+e.chunk, e.n)
		p := &partition{id: i, lo: lo, hi: hi, eng: e,
			send: make([]outbox, np), sent: make([]outbox, np)}
		p.adj[out] = outs[lo:hi:hi]
		p.adj[in] = make([]adjList, hi-lo)
		e.parts[i] = p
	}
	// Seed: bucket input halves by owner, then insert in parallel.
	buckets := make([][]half, np)
	for _, ed := range inp.edges {
		l := e.rules.ids[ed.lab]
		buckets[e.owner(ed.src)] = append(buckets[e.owner(ed.src)], half{ed.src, packSide(l, out), ed.dst})
		if e.rules.keepIn[l] {
			buckets[e.owner(ed.dst)] = append(buckets[e.owner(ed.dst)], half{ed.dst, packSide(l, in), ed.src})
		}
	}
	if err := e.parallel(ctx, func(ctx context.Context, p *partition) error {
		for _, m := range buckets[p.id] {
			l, s := unpackSide(m.label)
			p.discoverOne(m.v, l, s, m.nbr)
		}
		buckets[p.id] = nil
		return nil
	}); err != nil {
		return nil, err
	}
	inputStored := e.sumDerived()
	for {
		st.Rounds++
		if err := e.parallel(ctx, func(ctx context.Context, p *partition) error { return p.Process(ctx) }); err != nil {
			return nil, err
		}
		for _, p := range e.parts {
			p.freeze()
		}
		if err := e.parallel(ctx, func(ctx context.Context, p *partition) error { return p.Gather(ctx, e.parts) }); err != nil {
			return nil, err
		}
		done := true
		for _, p := range e.parts {
			done = done && p.idle()
		}
		stored := e.sumDerived()
		st.Stored, st.Derived = stored, stored-inputStored
		if e.opts.Progress != nil {
			st.Applications = e.sumApplications()
			st.Elapsed = time.Since(start)
			e.opts.Progress(*st)
		}
		if done {
			break
		}
	}
	st.Applications = e.sumApplications()
	res := &Result{rules: e.rules, n: e.n, out: outs}
	for _, p := range e.parts {
		for _, l := range p.adj[out] {
			for _, en := range l.ents {
				st.SetBytes += int64(en.all.Bytes())
			}
		}
		for _, l := range p.adj[in] {
			for _, en := range l.ents {
				st.SetBytes += int64(en.all.Bytes())
			}
		}
	}
	return res, nil
}

func (e *engine) sumDerived() int64 {
	var n int64
	for _, p := range e.parts {
		n += p.derived
	}
	return n
}

func (e *engine) sumApplications() int64 {
	var n int64
	for _, p := range e.parts {
		n += p.applications
	}
	return n
}

// parallel runs fn on every partition, at most Threads at a time, and
// returns the first error.
func (e *engine) parallel(ctx context.Context, fn func(context.Context, *partition) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan *partition)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for range min(e.opts.Threads, len(e.parts)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				if err := fn(ctx, p); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
				}
			}
		}()
	}
	for _, p := range e.parts {
		if ctx.Err() != nil {
			break
		}
		next <- p
	}
	close(next)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	if first != nil && !errors.Is(first, context.Canceled) && !errors.Is(first, context.DeadlineExceeded) {
		return first
	}
	return first
}
