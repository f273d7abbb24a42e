package check

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// The value-flow build's hooks for NilFacts (nilfacts.go).

// nilFactsOf computes fn's NilFacts when fn is local (its findings are
// reported) and nothing hides its memory from SSA.
func (b *flowBuilder) nilFactsOf(fn *ssa.Function) *NilFacts {
	if !b.local || CgoUnsafeArgs(fn) {
		return nil
	}
	return ComputeNilFacts(fn)
}

// factNil returns a fresh nil source vertex for v, which the facts say is
// nil where it is read at pos.
func (b *flowBuilder) factNil(v ssa.Value, pos token.Pos) uint32 {
	n := b.newVertex(Vertex{Kind: VNil, Value: v, Func: b.fn, Field: -1, Pos: pos})
	b.nilSource(NilSource{V: n, Iface: isIface(v.Type()), Local: true})
	return n
}

// factFlow adds an edge from a nil to dsts where src is known nil as
// instr reads it (a nil that flows on from a nil test).
func (b *flowBuilder) factFlow(src ssa.Value, instr ssa.Instruction, dsts []uint32, label string, idx uint32, info EdgeInfo) {
	if b.nf.Source(src, instr) {
		b.connect([]uint32{b.factNil(src, info.Pos)}, dsts, label, idx, info)
	}
}

// sliceSink records a use that panics on a nil slice (NilSliceSink) where
// the facts say the slice is nil: only there, since a slice that may be
// nil is most often also empty, which the code tests with len.
func (b *flowBuilder) sliceSink(instr ssa.Instruction) {
	s := NilSliceSink(instr)
	if s == nil || !b.nf.Nil(s, instr) && !b.loadsOnlyNil(s) {
		return
	}
	kind, what := SinkIndex, func() string { return "index of " + b.g.Name(s) + "[…]" }
	if c, ok := instr.(*ssa.SliceToArrayPointer); ok {
		kind = SinkConvert
		what = func() string { return "conversion of " + b.g.Name(s) + " to " + types.TypeString(c.Type(), qualifier) }
	} else if _, ok := instr.(*ssa.Slice); ok {
		what = func() string { return "slicing of " + b.g.Name(s) + " past its length 0" }
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		pos = posOf(instr.(ssa.Value))
	}
	b.nilSink(NilSink{V: b.factNil(s, pos), Pos: pos, Kind: kind, Func: b.fn}, s, what)
}

// typeArgZero reports whether c, a nil in an instance of a generic
// function, has the type of one of its type arguments: it stands for the
// zero value of a type parameter (var x T), which is nil for some type
// arguments only.
func typeArgZero(fn *ssa.Function, c *ssa.Const) bool {
	for _, t := range fn.TypeArgs() {
		if types.Identical(t, c.Type()) {
			return true
		}
	}
	return false
}

// isIface reports whether values of type t are interface values (a type
// parameter's are not, though its underlying type is an interface).
func isIface(t types.Type) bool { return types.IsInterface(t) && !isTypeParam(t) }

// CgoUnsafeArgs reports whether fn (or a function enclosing it) has a
// //go:cgo_unsafe_args directive: its arguments are read through memory
// SSA does not see, so its nil tests say nothing (nilness skips it too).
func CgoUnsafeArgs(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if d, ok := fn.Syntax().(*ast.FuncDecl); ok && d.Doc != nil {
			for _, c := range d.Doc.List {
				if strings.HasPrefix(c.Text, "//go:cgo_unsafe_args") {
					return true
				}
			}
		}
	}
	return false
}

// genericBodies lists the generic function and method bodies of the
// packages the patterns named that no analyzed instance stands for
// (funcs are the functions analyzed), and their functions named _, with
// their closures, sorted by position. The graph holds them for the uses
// that NilFacts find nil in them (var x T; x() with T ~func()): no flow
// reaches them, since no call does (every call of a generic function
// goes to an instance).
func genericBodies(prog *frontend.Program, funcs []*ssa.Function) []*ssa.Function {
	inst := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		if o := fn.Origin(); o != nil {
			inst[o] = true
		}
	}
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	generic := func(fn *ssa.Function) {
		if fn != nil && fn.TypeParams().Len() > 0 && len(fn.Blocks) > 0 && !inst[fn] {
			add(fn)
		}
	}
	for _, fn := range prog.Blank {
		add(fn)
	}
	for _, p := range prog.Packages {
		for _, m := range p.Members {
			switch m := m.(type) {
			case *ssa.Function:
				generic(m)
			case *ssa.Type:
				n, ok := types.Unalias(m.Type()).(*types.Named)
				if !ok || n.TypeParams().Len() == 0 {
					continue
				}
				for i := 0; i < n.NumMethods(); i++ {
					generic(prog.SSA.FuncValue(n.Method(i)))
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pos() != out[j].Pos() {
			return out[i].Pos() < out[j].Pos()
		}
		return out[i].String() < out[j].String()
	})
	return out
}
