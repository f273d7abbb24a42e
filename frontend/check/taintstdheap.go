package check

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/graph"
)

// The standard library's bodies are analysed by the points-to analysis
// but not followed by taint (calls into them are modelled). Two rules
// keep the heap that those bodies share between all their callers from
// joining unrelated flows of the program:
//
//  1. A store from the program's code into a cell of an object the
//     standard library allocated is not followed (stdStore). Every
//     strings.Split result is one makeslice object inside strings, so
//     s[i] = x or append(s, x) on one caller's result would reach the
//     elements of every other caller's (a websocket subprotocol list
//     read back as a command-line flag). The pointer stored through
//     carries the taint instead (storeBase), as it does for the models,
//     which never read such cells (userCells).
//
//  2. A slice that a standard-library function returns is taken to
//     point, among the program's objects, only to those its arguments
//     point to (passThrough). The points-to analysis is context-
//     insensitive, so a function that returns (a part of) its argument,
//     such as slices.Grow or bytes.TrimSpace, returns every caller's
//     buffer to every caller: os.ReadFile's result "points to" all byte
//     buffers grown anywhere in the program, and a model reading its
//     cells (bytes.TrimSpace(data)) read the bytes a database driver
//     received into its own scratch buffer. With the rule, the objects
//     of the program a returned slice may share are those of the call's
//     own arguments: per-call-site objects for the standard library's
//     pass-through functions. It applies to the cells the models read
//     and write (userCells) and to the loads of the program's code
//     (stdLoad).

// stdStore reports whether flow edge e is a store (st) from the
// program's code into a cell of an object the standard library (or
// nothing the analysis knows of) allocated: rule 1 above.
func (t *taintRun) stdStore(e graph.Edge) bool {
	d := t.g.VertexAt(e.Dst)
	if d.Kind != VHeap {
		return false
	}
	if s := t.g.VertexAt(e.Src); s.Kind == VHeap || s.Kind == VRoot {
		return false // cp edges are the models'; Root's are sources
	}
	return !t.userObject(d.Obj)
}

// stdLoad reports whether flow edge e is a load (ld) by the program's
// code, through a slice a standard-library call returned, from a cell of
// an object none of that call's arguments points to: rule 2 above.
func (t *taintRun) stdLoad(e graph.Edge) bool {
	s := t.g.VertexAt(e.Src)
	if s.Kind != VHeap {
		return false
	}
	d := t.g.VertexAt(e.Dst)
	if d.Kind != VValue && d.Kind != VTuple {
		return false
	}
	base := loadBase(d.Value)
	if base == nil {
		return false
	}
	allowed := t.passThrough(base)
	if allowed == nil {
		return false
	}
	return !t.objectIn(s.Obj, allowed)
}

// loadBase is the slice or map that load v reads an element of (s[i],
// *&s[i].f, m[k], a range over s), or nil.
func loadBase(v ssa.Value) ssa.Value {
	var x ssa.Value
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return nil
		}
		x = v.X
	case *ssa.Index:
		return v.X
	case *ssa.Lookup:
		return v.X
	case *ssa.Next:
		if r, ok := v.Iter.(*ssa.Range); ok {
			return r.X
		}
		return nil
	default:
		return nil
	}
	for {
		switch a := x.(type) {
		case *ssa.FieldAddr:
			x = a.X
			continue
		case *ssa.IndexAddr:
			return a.X
		}
		return nil
	}
}

// passThrough returns, for a slice v returned by a call of a standard-
// library function (through slicing, type changes and the call's
// tuple), the objects that the call's arguments point to: the program's
// objects v may share (rule 2 above). It returns nil for other values:
// their points-to sets are taken as they are.
func (t *taintRun) passThrough(v ssa.Value) map[uint32]bool {
	if _, ok := v.Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	var call *ssa.Call
	for x := v; call == nil; {
		switch y := x.(type) {
		case *ssa.Slice:
			x = y.X
		case *ssa.ChangeType:
			x = y.X
		case *ssa.Extract:
			x = y.Tuple
		case *ssa.Call:
			call = y
		default:
			return nil
		}
	}
	if r, ok := t.passMemo[call]; ok {
		return r
	}
	if t.passMemo == nil {
		t.passMemo = map[*ssa.Call]map[uint32]bool{}
	}
	cc := call.Common()
	fn := cc.StaticCallee()
	if cc.IsInvoke() || fn == nil || !t.std(fn) {
		t.passMemo[call] = nil
		return nil
	}
	allowed := map[uint32]bool{}
	for _, a := range cc.Args {
		for _, o := range t.g.pointees(a) {
			allowed[o] = true
		}
	}
	t.passMemo[call] = allowed
	return allowed
}

// objectIn reports whether object o, or an object it is a field or
// element of, is in set.
func (t *taintRun) objectIn(o uint32, set map[uint32]bool) bool {
	nodes := t.g.Analysis.Graph.Nodes
	for {
		if set[o] {
			return true
		}
		if nodes[o].Kind != frontend.KindSubObject {
			return false
		}
		o = nodes[o].Parent
	}
}
