package edgecentric

import (
	"context"
	"time"
)

// vcmEntry is one vertex's out-neighbours under one label for the
// vertex-centric model: all edges, the edges new in the last round (delta),
// and those found this round (next).
type vcmEntry struct {
	all, delta vset
}

// solveVCM runs the vertex-centric model in bulk-synchronous rounds. In a
// round every vertex u extends its edges through its neighbours' out-edges:
// u→x (new) joins all x→w, and u→x (old) joins x→w new in the last round
// (semi-naive evaluation, so each pair of edges is joined once). Phase 1
// only reads the shared lists and writes each partition's own next sets;
// phase 2 merges them. Edges found at u belong to u's partition, so no
// edges cross partitions.
func (e *engine) solveVCM(ctx context.Context, inp *input, st *Stats, start time.Time) (*Result, error) {
	np := max(1, min(e.opts.Partitions, int(e.n)))
	e.chunk = max(1, (e.n+uint32(np)-1)/uint32(np))
	np = max(1, int((e.n+e.chunk-1)/e.chunk))
	st.Partitions = np
	// The vertex lists reuse adjList/entry: entry.all is all, entry.pend
	// is delta. next lives in a separate per-partition list so that phase
	// 1 never changes what other partitions read.
	adj := make([]adjList, e.n)
	next := make([]adjList, e.n)
	for _, ed := range inp.edges {
		l := e.rules.ids[ed.lab]
		en := adj[ed.src].getOrCreate(l, e.kind)
		if en.all.Add(ed.dst) {
			if en.pend == nil {
				en.pend = e.kind.make()
			}
			en.pend.Add(ed.dst)
		}
	}
	e.mirror(adj)
	var inputStored int64
	for v := range adj {
		for _, sl := range adj[v].ents {
			en := sl.e
			if e.rules.virt[en.label] < 0 {
				inputStored += int64(en.all.Len())
			}
		}
	}
	e.parts = make([]*partition, np)
	for i := range e.parts {
		e.parts[i] = &partition{id: i, lo: uint32(i) * e.chunk, hi: min(uint32(i+1)*e.chunk, e.n), eng: e}
	}
	rs := e.rules
	stored := inputStored
	for {
		st.Rounds++
		// Phase 1: derive into next.
		err := e.parallel(ctx, func(ctx context.Context, p *partition) error {
			for u := p.lo; u < p.hi; u++ {
				if (u-p.lo)&1023 == 1023 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				for _, sl := range adj[u].ents {
					ce := sl.e
					c := ce.label
					if ce.pend != nil {
						for _, z := range rs.unary[c] {
							next[u].getOrCreate(z, e.kind).all.Union(ce.pend)
						}
					}
					ce.all.ForEach(func(x uint32) {
						isNew := ce.pend != nil && ce.pend.Contains(x)
						xl := &adj[x]
						if e.opts.NoIndex {
							for _, sl := range xl.ents {
								be := sl.e
								src := be.pend
								if isNew {
									src = be.all
								}
								if src == nil {
									continue
								}
								src.ForEach(func(w uint32) {
									p.applications++
									for _, z := range rs.lookupPair(c, be.label) {
										next[u].getOrCreate(z, e.kind).all.Add(w)
									}
								})
							}
							return
						}
						for _, r := range rs.first[c] {
							be := xl.get(r.other)
							if be == nil {
								continue
							}
							src := be.pend
							if isNew {
								src = be.all
							}
							if src == nil || src.Len() == 0 {
								continue
							}
							p.applications += int64(src.Len())
							ne := next[u].getOrCreate(r.lhs, e.kind)
							if e.bulk {
								ne.all.Union(src)
							} else {
								src.ForEach(func(w uint32) { ne.all.Add(w) })
							}
						}
					})
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		// Phase 2: new = next \ all becomes the delta.
		any := false
		err = e.parallel(ctx, func(ctx context.Context, p *partition) error {
			for u := p.lo; u < p.hi; u++ {
				for _, sl := range adj[u].ents {
					en := sl.e
					en.pend = nil
				}
				for _, sl := range next[u].ents {
					ne := sl.e
					en := adj[u].getOrCreate(ne.label, e.kind)
					d := e.kind.make()
					d.Discover(ne.all, en.all, nil)
					if d.Len() > 0 {
						en.all.Union(d)
						en.pend = d
						if e.rules.virt[ne.label] < 0 {
							p.derived += int64(d.Len())
						}
					}
				}
				next[u].ents = next[u].ents[:0]
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		e.mirror(adj)
		var d int64
		for _, p := range e.parts {
			d += p.derived
		}
		any = d+inputStored != stored
		stored = d + inputStored
		st.Stored, st.Derived = stored, d
		st.Applications = e.sumApplications()
		if e.opts.Progress != nil {
			st.Elapsed = time.Since(start)
			e.opts.Progress(*st)
		}
		if !any {
			break
		}
	}
	res := &Result{rules: e.rules, n: e.n, out: adj}
	for v := range adj {
		for _, sl := range adj[v].ents {
			en := sl.e
			en.pend = nil
			st.SetBytes += int64(en.all.Bytes())
		}
	}
	return res, nil
}

// mirror materializes, for VCM only, the virtual reverses -X of the new X
// edges (VCM keeps out-lists only, so it cannot read -X from X's
// in-lists): each new u→v in X's delta adds v→u to -X's delta. It runs
// between rounds, alone, since it writes every partition's lists.
func (e *engine) mirror(adj []adjList) {
	if !e.rules.hasVirtual {
		return
	}
	type add struct{ v, l, u uint32 }
	var adds []add
	for u := range adj {
		for _, sl := range adj[u].ents {
			en := sl.e
			vl := e.rules.inv[en.label]
			if vl < 0 || en.pend == nil {
				continue
			}
			en.pend.ForEach(func(v uint32) { adds = append(adds, add{v, uint32(vl), uint32(u)}) })
		}
	}
	for _, a := range adds {
		en := adj[a.v].getOrCreate(a.l, e.kind)
		if en.all.Add(a.u) {
			if en.pend == nil {
				en.pend = e.kind.make()
			}
			en.pend.Add(a.u)
		}
	}
}
