package edgecentric

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
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
	// deferOut[l] is set (in-memory ECM solves) for labels whose
	// out-halves no rule reads but whose in-halves are kept: only the
	// in-halves are stored while solving, and the out-lists, which the
	// Result reads, are built from them at the end. Each such edge is then
	// inserted, checked and counted once instead of twice.
	deferOut []bool
	n        uint32 // vertices
	chunk    uint32 // vertices per partition
	parts    []*partition

	// spill, when set (out-of-core solves), takes a partition's outgoing
	// messages once they pass spillBytes.
	spill      func(*partition) error
	spillBytes int
	// grow, when set, sees a partition's derived-edge count at the spill
	// checks; its error stops Gather or Process.
	grow func(derived int64) error
	// los, when set (out-of-core partitions after splits), are the
	// partitions' lowest vertices, ascending, and losID their ids.
	los   []uint32
	losID []int32
	// bounds[p] is partition p's lowest vertex when los is set.
	bounds []uint32
	// fetch loads a vertex's record for lazily loaded partitions.
	fetch     func(v uint32) ([]byte, error)
	fetchMany func(vs []uint32, load func(v uint32, rec []byte) error) error
}

// newEngine instantiates normalized grammar gr over the seed labels.
func newEngine(gr *grammar.Grammar, seeds []label, n uint32, o Options) (*engine, error) {
	e := &engine{opts: o, rules: newRules(gr, seeds), n: n}
	if len(e.rules.labels) >= sideBit {
		return nil, fmt.Errorf("edgecentric: %d instantiated labels; at most 2^31 are supported", len(e.rules.labels))
	}
	e.kind = setKind(bitmapKind{})
	if o.Sets == HashSets {
		e.kind = hashKind{}
	}
	e.bulk = o.Sets == Bitmaps && !o.NoIndex
	e.deferOut = make([]bool, len(e.rules.labels))
	return e, nil
}

func (e *engine) owner(v uint32) int {
	if e.los != nil {
		i, _ := slices.BinarySearch(e.los, v+1)
		return int(e.losID[i-1])
	}
	return int(v / e.chunk)
}

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
	e, err := newEngine(gr, inp.seedLabels, g.NumVertices, o)
	if err != nil {
		return nil, err
	}
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
	for l := range e.deferOut {
		e.deferOut[l] = e.rules.keepIn[l] && !e.rules.readOut[l]
	}
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
		if !e.deferOut[l] {
			buckets[e.owner(ed.src)] = append(buckets[e.owner(ed.src)], half{ed.src, packSide(l, out), ed.dst})
		}
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
	if err := e.buildDeferred(ctx, outs); err != nil {
		return nil, err
	}
	res := &Result{rules: e.rules, n: e.n, out: outs}
	for _, p := range e.parts {
		for _, l := range p.adj[out] {
			for _, sl := range l.ents {
				en := sl.e
				st.SetBytes += int64(en.all.Bytes())
			}
		}
		for _, l := range p.adj[in] {
			for _, sl := range l.ents {
				en := sl.e
				st.SetBytes += int64(en.all.Bytes())
			}
		}
	}
	return res, nil
}

// buildDeferred builds the out-lists of the deferOut labels from their
// in-lists: the halves are bucketed by source with a counting sort over
// the in-lists taken label by label, each in ascending vertex order, so
// that each source's bucket holds runs of one label with ascending
// vertices; each run then becomes a set whole, in parallel by partition.
func (e *engine) buildDeferred(ctx context.Context, outs []adjList) error {
	if !slices.Contains(e.deferOut, true) {
		return nil
	}
	type inList struct {
		v uint32
		e *entry
	}
	// lstart[l+1] counts label l's in-lists, then lstart[l] is where
	// they begin in lists; start[x+1] counts x's halves, then start[x]
	// is where they begin in halves.
	lstart := make([]int, len(e.deferOut)+1)
	start := make([]uint64, e.n+1)
	for _, p := range e.parts {
		for i := range p.adj[in] {
			for _, sl := range p.adj[in][i].ents {
				if e.deferOut[sl.label] {
					lstart[sl.label+1]++
				}
			}
		}
	}
	for l := range e.deferOut {
		lstart[l+1] += lstart[l]
	}
	lists := make([]inList, lstart[len(e.deferOut)])
	var buf []uint32
	for _, p := range e.parts {
		for i := range p.adj[in] {
			v := p.lo + uint32(i)
			for _, sl := range p.adj[in][i].ents {
				if e.deferOut[sl.label] {
					lists[lstart[sl.label]] = inList{v, sl.e}
					lstart[sl.label]++
					buf = sl.e.all.AppendTo(buf[:0])
					for _, x := range buf {
						start[x+1]++
					}
				}
			}
		}
	}
	for x := range e.n {
		start[x+1] += start[x]
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// Each half is its label and its in-list's vertex.
	halves := make([]uint64, start[e.n])
	next := slices.Clone(start[:e.n])
	for _, il := range lists {
		h := uint64(il.e.label)<<32 | uint64(il.v)
		buf = il.e.all.AppendTo(buf[:0])
		for _, x := range buf {
			halves[next[x]] = h
			next[x]++
		}
	}
	lists, next, lstart = nil, nil, nil
	return e.parallel(ctx, func(ctx context.Context, p *partition) error {
		var vs []uint32
		for x := p.lo; x < p.hi; x++ {
			hs := halves[start[x]:start[x+1]]
			for len(hs) > 0 {
				l := uint32(hs[0] >> 32)
				k := 1
				for k < len(hs) && uint32(hs[k]>>32) == l {
					k++
				}
				vs = vs[:0]
				for _, h := range hs[:k] {
					vs = append(vs, uint32(h))
				}
				addSorted(outs[x].getOrCreate(l, e.kind).all, vs)
				hs = hs[k:]
			}
		}
		return nil
	})
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

// Label is an instantiated grammar label: symbol Sym with index Index
// (graph.NoIndex for unindexed symbols).
type Label struct {
	Sym   int
	Index uint32
}

// KernelOptions configures NewKernel.
type KernelOptions struct {
	// Labels are a previous kernel's labels (Kernel.Labels), for a driver
	// that stored partitions under their ids: they keep their ids, and
	// labels new in the graph come after them.
	Labels []Label
	// NumVertices is the vertex count (at least the graph's).
	NumVertices uint32
	// Chunk is the number of vertices per partition: partition p owns
	// [p·Chunk, (p+1)·Chunk).
	Chunk uint32
	// Bounds, if set, overrides Chunk: partition p's vertices start at
	// Bounds[p] and run up to the next higher bound (or NumVertices).
	// Bounds[0] must be 0 and the bounds distinct: a driver that splits
	// partitions appends the new partitions' bounds.
	Bounds []uint32
	// SpillBytes and Spill: when a partition's outgoing messages pass
	// SpillBytes (estimated), Spill receives each non-empty outbox,
	// encoded, and the outboxes are emptied.
	SpillBytes int
	Spill      func(q int, msgs []byte) error
	// Fetch, if set, makes partitions load lazily: a vertex's record
	// (fragments of Partition.AppendFragment, or nil for none) is fetched on
	// its first use, so a round reads only the vertices it touches.
	Fetch func(v uint32) ([]byte, error)
	// FetchMany, if set with Fetch, fetches the records of vertices vs
	// (ascending) in one pass, calling load for each that has one.
	FetchMany func(vs []uint32, load func(v uint32, rec []byte) error) error
	// Grow, if set, is called with the partition's derived-edge count
	// every few hundred entries of Gather and Process; an error it
	// returns stops them (a driver whose partition outgrows its budget
	// abandons the step and splits the partition).
	Grow func(derived int64) error
}

// Kernel is the solver's partition processing for a driver that keeps
// partitions elsewhere between rounds (package outofcore). It solves as
// ECM-IDX with bitmaps. The driver makes a Partition, loads its vertices'
// processed sets, gathers its encoded incoming messages, runs Process,
// and takes back the changed vertices' sets and the encoded outgoing
// messages per destination. Kernel never sees more than the partitions the
// driver makes.
type Kernel struct {
	e   *engine
	inp *input
}

// NewKernel instantiates normalized grammar gr over o.Labels and the
// labels of g (which may be nil: no new input). It fails if o.Labels
// cannot keep their ids under gr, which means they came from another
// grammar.
func NewKernel(g *graph.Graph, gr *grammar.Grammar, o KernelOptions) (*Kernel, error) {
	if !gr.Normalized {
		return nil, errors.New("edgecentric: NewKernel needs a normalized grammar")
	}
	seeds := make([]label, 0, len(o.Labels))
	for _, l := range o.Labels {
		if l.Sym < 0 || l.Sym >= len(gr.Symbols) {
			return nil, fmt.Errorf("edgecentric: label symbol %d outside the grammar", l.Sym)
		}
		seeds = append(seeds, label{l.Sym, l.Index})
	}
	inp := &input{}
	if g != nil {
		var err error
		if inp, err = prepare(g, gr); err != nil {
			return nil, err
		}
		if g.NumVertices > o.NumVertices {
			o.NumVertices = g.NumVertices
		}
	}
	seeds = append(seeds, inp.seedLabels...)
	if o.Chunk == 0 {
		return nil, errors.New("edgecentric: KernelOptions.Chunk is 0")
	}
	e, err := newEngine(gr, seeds, o.NumVertices, Options{Threads: 1})
	if err != nil {
		return nil, err
	}
	for i, l := range o.Labels {
		if e.rules.labels[i] != (label{l.Sym, l.Index}) {
			return nil, fmt.Errorf("edgecentric: stored label %d (%s[%d]) changes id under this grammar", i, gr.Name(l.Sym), int32(l.Index))
		}
	}
	e.chunk = o.Chunk
	if o.Bounds != nil {
		if len(o.Bounds) == 0 || o.Bounds[0] != 0 {
			return nil, errors.New("edgecentric: KernelOptions.Bounds must start at 0")
		}
		e.bounds = slices.Clone(o.Bounds)
		e.losID = make([]int32, len(o.Bounds))
		for i := range e.losID {
			e.losID[i] = int32(i)
		}
		slices.SortFunc(e.losID, func(a, b int32) int { return cmp.Compare(o.Bounds[a], o.Bounds[b]) })
		e.los = make([]uint32, len(o.Bounds))
		for i, id := range e.losID {
			e.los[i] = o.Bounds[id]
			if i > 0 && e.los[i] == e.los[i-1] {
				return nil, errors.New("edgecentric: KernelOptions.Bounds repeat a vertex")
			}
		}
	}
	e.spillBytes = o.SpillBytes
	e.fetch, e.fetchMany = o.Fetch, o.FetchMany
	e.grow = o.Grow
	if o.Spill != nil {
		e.spill = func(p *partition) error {
			for q := range p.send {
				if b := &p.send[q]; len(b.halves) > 0 || len(b.sets) > 0 {
					msgs := p.encodeOutbox(nil, b)
					b.reset()
					if err := o.Spill(q, msgs); err != nil {
						return err
					}
				}
			}
			return nil
		}
	}
	return &Kernel{e: e, inp: inp}, nil
}

// NumVertices is the vertex count.
func (k *Kernel) NumVertices() uint32 { return k.e.n }

// NumPartitions is the number of partitions of Chunk vertices.
func (k *Kernel) NumPartitions() int {
	if k.e.los != nil {
		// Vertices past the last bound (new ones from more input) belong
		// to the partition with the highest bound.
		return len(k.e.los)
	}
	return max(1, int((k.e.n+k.e.chunk-1)/k.e.chunk))
}

// Owner is the partition that owns vertex v.
func (k *Kernel) Owner(v uint32) int { return k.e.owner(v) }

// Range is partition p's vertices, [lo, hi).
func (k *Kernel) Range(p int) (lo, hi uint32) {
	if k.e.los != nil {
		lo = k.e.bounds[p]
		i, _ := slices.BinarySearch(k.e.los, lo)
		if i+1 < len(k.e.los) {
			return lo, k.e.los[i+1]
		}
		return lo, k.e.n
	}
	lo = uint32(p) * k.e.chunk
	return lo, min(lo+k.e.chunk, k.e.n)
}

// Labels are the instantiated labels, by id.
func (k *Kernel) Labels() []Label {
	ls := make([]Label, len(k.e.rules.labels))
	for i, l := range k.e.rules.labels {
		ls[i] = Label{l.sym, l.idx}
	}
	return ls
}

// KeepIn reports whether label l's in-lists are kept.
func (k *Kernel) KeepIn(l int) bool { return k.e.rules.keepIn[l] }

// Virtual reports whether label l is a reverse -X read from X's lists, and
// so never stored.
func (k *Kernel) Virtual(l int) bool { return k.e.rules.virt[l] >= 0 }

// Counted reports whether label l's symbol is reported (%count).
func (k *Kernel) Counted(l int) bool { return k.e.rules.count[l] }

// Grammar is the normalized grammar.
func (k *Kernel) Grammar() *grammar.Grammar { return k.e.rules.g }

// InputEdges is the number of input edges of the kernel's graph, with
// generated inverses.
func (k *Kernel) InputEdges() int { return len(k.inp.edges) }

// Seed returns, per partition, the encoded messages that insert the graph's
// edges (the halves the in-memory solve inserts before its first round).
// It releases the kernel's copy of the input: call it once.
func (k *Kernel) Seed() [][]byte {
	np := k.NumPartitions()
	boxes := make([]outbox, np)
	rs := k.e.rules
	for _, ed := range k.inp.edges {
		l := rs.ids[ed.lab]
		q := k.e.owner(ed.src)
		boxes[q].halves = append(boxes[q].halves, half{ed.src, packSide(l, out), ed.dst})
		if rs.keepIn[l] {
			q := k.e.owner(ed.dst)
			boxes[q].halves = append(boxes[q].halves, half{ed.dst, packSide(l, in), ed.src})
		}
	}
	k.inp = &input{} // seeded: the input is no longer needed
	msgs := make([][]byte, np)
	p := &partition{eng: k.e}
	for q := range boxes {
		if len(boxes[q].halves) > 0 {
			msgs[q] = p.encodeOutbox(nil, &boxes[q])
		}
	}
	return msgs
}

// NewPartition returns partition id with no edges, tracking which
// vertices' sets change.
func (k *Kernel) NewPartition(id int) *Partition {
	lo, hi := k.Range(id)
	p := &partition{id: id, lo: lo, hi: hi, eng: k.e, send: make([]outbox, k.NumPartitions())}
	p.adj[out] = make([]adjList, hi-lo)
	p.adj[in] = make([]adjList, hi-lo)
	p.dirty = make([]uint64, (hi-lo+63)/64)
	if k.e.fetch != nil {
		p.loaded = make([]uint64, (hi-lo+63)/64)
		p.frags = make([]uint8, hi-lo)
	}
	return &Partition{p: p}
}

// Targets decodes encoded messages (for any partition) and calls fn with
// each message's target vertex and the number of edge halves it carries.
func (k *Kernel) Targets(msgs []byte, fn func(v uint32, n int)) error {
	var box outbox
	p := &partition{lo: 0, hi: k.e.n, eng: k.e}
	if err := p.decodeOutbox(msgs, &box); err != nil {
		return err
	}
	for _, m := range box.sets {
		fn(m.v, m.set.Len())
	}
	for _, m := range box.halves {
		fn(m.v, 1)
	}
	return nil
}

// Route decodes encoded messages (for any partition) and encodes them
// again by their targets' owners under this kernel's bounds: msgs[q] are
// those for partition q, nil where none. A driver that splits a partition
// moves the messages waiting for it to the new partitions this way.
func (k *Kernel) Route(msgs []byte) ([][]byte, error) {
	var box outbox
	p := &partition{lo: 0, hi: k.e.n, eng: k.e}
	if err := p.decodeOutbox(msgs, &box); err != nil {
		return nil, err
	}
	boxes := make([]outbox, k.NumPartitions())
	for _, m := range box.sets {
		q := k.e.owner(m.v)
		boxes[q].sets = append(boxes[q].sets, m)
	}
	for _, m := range box.halves {
		q := k.e.owner(m.v)
		boxes[q].halves = append(boxes[q].halves, m)
	}
	out := make([][]byte, len(boxes))
	for q := range boxes {
		if len(boxes[q].halves) > 0 || len(boxes[q].sets) > 0 {
			out[q] = p.encodeOutbox(nil, &boxes[q])
		}
	}
	return out, nil
}

// ForEachSet decodes a stored vertex record (fragments of
// Partition.AppendFragment) without a partition: fn gets each stored
// label with its side (out: the vertex's out-neighbours; otherwise its
// in-neighbours) and neighbours, ascending. fn's slice is reused across
// calls.
func (k *Kernel) ForEachSet(rec []byte, fn func(l uint32, out bool, nbrs []uint32)) error {
	var buf []uint32
	return forEachSet(rec, uint32(len(k.e.rules.labels)), func(l uint32, s side, b *bitmap) {
		buf = b.AppendTo(buf[:0])
		if b.b == nil {
			slices.Sort(buf)
		}
		fn(l, s == out, buf)
	})
}
