package check

import "golang.org/x/tools/go/ssa"

// A library call's model joins every vertex it reads (argument values
// and the cells they point to) to every vertex it writes: |reads| x
// |writes| edges. On large programs one interface call can make that
// product huge: an io.Reader.Read in caddy reads 7,508 receiver cells and
// fills 5,410 buffer cells, 40 million edges per call site, and the check
// ran out of memory (17 GiB). Above hubMin edges the model goes through a
// helper vertex (a hub, VTemp) instead: reads -> hub -> writes, |reads| +
// |writes| edges. The taint grammar derives the same facts at the writes
// (op op = op; rd then op = rd; op then st = st; rd then st = cp, since
// Th rd gives Tu and T st gives Th), so findings do not change; their
// witnesses gain one step at the call.

// hubMin is the product of reads and writes above which a model uses a hub.
var hubMin = 4096

// hub returns a new helper vertex for the model of call c: a provisional
// one during a chunked walk, made at the merge in walk order.
func (t *taintRun) hub(c ssa.CallInstruction) uint32 {
	if t.view == nil {
		return t.g.newVertex(hubVertex(c))
	}
	w := t.view
	p := uint32(len(w.prov))
	w.prov = append(w.prov, vkey{}) // no value: a hub (taintRun.merge)
	if w.hubAt == nil {
		w.hubAt = map[uint32]ssa.CallInstruction{}
	}
	w.hubAt[p] = c
	return p | provBit
}

func hubVertex(c ssa.CallInstruction) Vertex {
	return Vertex{Kind: VTemp, Func: c.Parent(), Field: -1, Pos: c.Pos()}
}

// flowHub adds flow's edges through a hub when there would be more than
// hubMin of them, and reports whether it did.
func (t *taintRun) flowHub(c ssa.CallInstruction, sv, sc, dv, dc []uint32, info EdgeInfo) bool {
	if (len(sv)+len(sc))*(len(dv)+len(dc)) <= hubMin {
		return false
	}
	h := t.hub(c)
	for _, s := range sv {
		t.add(s, h, mlOp, info, -1)
	}
	for _, s := range sc {
		t.add(s, h, mlRead, info, -1)
	}
	for _, d := range dv {
		t.add(h, d, mlOp, info, -1)
	}
	for _, d := range dc {
		t.add(h, d, mlStore, info, -1)
	}
	return true
}
