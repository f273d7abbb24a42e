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

// A model that reads a large set of cells (an interface argument that
// may point to everything: mailpit's fmt calls read 47,000 cells each,
// 11 million edges over 237 calls) reads the same set at many calls. The
// set gets one shared hub, cells -> hub (rd), made at its first call; each
// call then reads the hub as a value (Th rd gives Tu at the hub, and Tu
// op, Tu st are what rd, cp give at the writes). A sanitizer's call keeps
// its own edges, which its solves leave out.

// cellHubMin is the size of a cell set from which calls share a hub.
var cellHubMin = 1024

// shareCells returns the values and cells call c reads, the cells sc
// replaced by their shared hub where there are at least cellHubMin of
// them (and share allows it).
func (t *taintRun) shareCells(c ssa.CallInstruction, sv, sc []uint32, share bool, info EdgeInfo) ([]uint32, []uint32) {
	if !share || len(sc) < cellHubMin {
		return sv, sc
	}
	b := make([]byte, 0, 4*len(sc))
	for _, x := range sc {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	key := string(b)
	var h uint32
	fresh := false
	if w := t.view; w == nil {
		var ok bool
		if h, ok = t.cellHubs[key]; !ok {
			if t.cellHubs == nil {
				t.cellHubs = map[string]uint32{}
			}
			h, fresh = t.g.newVertex(hubVertex(c)), true
			t.cellHubs[key] = h
		}
	} else {
		// A provisional hub per chunk; the merge keeps the first
		// chunk's and drops the in-edges of the others.
		var ok bool
		if h, ok = w.hubOf[key]; !ok {
			h, fresh = t.hub(c), true
			if w.hubOf == nil {
				w.hubOf, w.hubKey = map[string]uint32{}, map[uint32]string{}
			}
			w.hubOf[key] = h
			w.hubKey[h&^provBit] = key
		}
	}
	if fresh {
		for _, x := range sc {
			t.add(x, h, mlRead, info, -1)
		}
	}
	return append(sv[:len(sv):len(sv)], h), nil
}
