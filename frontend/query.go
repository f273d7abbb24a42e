package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Object is an abstract object as queries report it.
type Object struct {
	Vertex uint32
	Label  string // "new@12", "x", "box@7", "main.f", "new@12.next"
	Kind   string // object or subobject
	Type   string
	Pos    string // allocation position, file:line:col
}

// Object describes object vertex o.
func (a *Analysis) Object(o uint32) Object {
	n := a.Graph.Nodes[o]
	obj := Object{Vertex: o, Label: n.Label, Kind: n.Kind.String()}
	if n.Type != nil {
		obj.Type = types.TypeString(n.Type, func(p *types.Package) string { return p.Name() })
	}
	if n.Pos.IsValid() {
		obj.Pos = posString(a.Prog.wd, a.Prog.Fset, n.Pos)
	}
	return obj
}

// Objects describes a set of object vertices, sorted by label then vertex.
func (a *Analysis) Objects(vs []uint32) []Object {
	out := make([]Object, len(vs))
	for i, v := range vs {
		out[i] = a.Object(v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Label != out[j].Label {
			return out[i].Label < out[j].Label
		}
		return out[i].Vertex < out[j].Vertex
	})
	return out
}

// Lookup resolves a query to the vertices standing for it:
//
//	PKG.FUNC.VAR   local variable or parameter VAR of function PKG.FUNC
//	               (as cflr names functions: main.f, (*main.T).M, main.f$1)
//	PKG.VAR        package-level variable
//	FILE:LINE:COL  the expression at that position, exactly (see lookupPos)
//
// Variables are found through SSA debug information (Config.Debug). A name
// query unions every variable of that name in the function; a position
// query answers for one expression, and is an error where the position
// names several variables or fields.
func (a *Analysis) Lookup(query string) ([]uint32, error) {
	if f, l, c, ok := splitPos(query); ok {
		return a.lookupPos(f, l, c)
	}
	dot := strings.LastIndex(query, ".")
	if dot <= 0 || dot == len(query)-1 {
		return nil, fmt.Errorf("query %q: want PKG.FUNC.VAR, PKG.VAR or FILE:LINE:COL", query)
	}
	fname, vname := query[:dot], query[dot+1:]
	var fns []*ssa.Function
	for _, fn := range a.Prog.sortedFuncs() {
		if funcName(fn) == fname {
			fns = append(fns, fn)
		}
	}
	var vs []uint32
	for _, fn := range fns {
		vs = append(vs, a.varVertices(fn, vname)...)
	}
	if len(fns) == 0 {
		// A package-level variable?
		for _, p := range a.Prog.SSA.AllPackages() {
			if p.Pkg.Name() != fname && p.Pkg.Path() != fname {
				continue
			}
			if g, ok := p.Members[vname].(*ssa.Global); ok {
				vs = append(vs, a.globalContent(g)...)
			}
		}
		if len(vs) == 0 {
			return nil, fmt.Errorf("query %q: no function %s and no package variable %s", query, fname, query)
		}
	} else if len(vs) == 0 {
		return nil, fmt.Errorf("query %q: function %s has no reference-carrying variable %s", query, fname, vname)
	}
	return dedupe(vs), nil
}

// varVertices are the vertices of the values bound to variable name in fn.
func (a *Analysis) varVertices(fn *ssa.Function, name string) []uint32 {
	g := a.Graph
	var vs []uint32
	add := func(v ssa.Value) {
		if id, ok := g.valueID(v); ok {
			vs = append(vs, id)
		}
	}
	for _, p := range fn.Params {
		if p.Name() == name {
			add(p)
		}
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if ref, ok := instr.(*ssa.DebugRef); ok {
				if obj, ok := ref.Object().(*types.Var); ok && obj.Name() == name {
					vs = append(vs, a.refVertices(ref)...)
				}
			}
		}
	}
	return vs
}

// refVertices is the vertex holding the value a DebugRef refers to: the
// value itself, or for an address-taken variable its content.
func (a *Analysis) refVertices(ref *ssa.DebugRef) []uint32 {
	g := a.Graph
	if ref.IsAddr {
		if id, ok := g.contents[ref.X]; ok {
			return []uint32{id}
		}
		if aggregate(deref(ref.X.Type())) {
			if id, ok := g.valueID(ref.X); ok {
				return []uint32{id}
			}
		}
		return nil
	}
	if id, ok := g.valueID(ref.X); ok {
		return []uint32{id}
	}
	return nil
}

func (a *Analysis) globalContent(gl *ssa.Global) []uint32 {
	if id, ok := a.Graph.contents[gl]; ok {
		return []uint32{id}
	}
	return nil
}

func splitPos(q string) (file string, line, col int, ok bool) {
	parts := strings.Split(q, ":")
	if len(parts) < 3 {
		return "", 0, 0, false
	}
	n := len(parts)
	l, err1 := strconv.Atoi(parts[n-2])
	c, err2 := strconv.Atoi(parts[n-1])
	if err1 != nil || err2 != nil {
		return "", 0, 0, false
	}
	return strings.Join(parts[:n-2], ":"), l, c, true
}

// lookupPos resolves file:line:col to the innermost expression with debug
// information that covers it, and answers for that expression exactly: its
// value there (SSA's, so a variable's value at that point of the
// function), the content of an address-taken variable, the field a
// selector's name selects. On a parameter's name, the parameter. Copies of
// one expression (the instances of a generic function, a package and its
// test variant) are one answer; expressions of distinct variables or
// fields at one position are an error naming them, never a union.
func (a *Analysis) lookupPos(file string, line, col int) ([]uint32, error) {
	fset := a.Prog.Fset
	abs, _ := filepath.Abs(file)
	here := fmt.Sprintf("%s:%d:%d", file, line, col)
	var best []*ssa.DebugRef
	bestSpan := -1
	sawFile := false
	var params []*ssa.Parameter // a parameter's declaring identifier
	for _, fn := range a.Prog.sortedFuncs() {
		for _, p := range fn.Params {
			ps := fset.Position(p.Pos())
			if (ps.Filename == abs || ps.Filename == file) && ps.Line == line && col >= ps.Column && col < ps.Column+len(p.Name()) {
				params = append(params, p)
			}
		}
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				ref, ok := instr.(*ssa.DebugRef)
				if !ok {
					continue
				}
				start, end := fset.Position(ref.Expr.Pos()), fset.Position(ref.Expr.End())
				if start.Filename != abs && start.Filename != file {
					continue
				}
				sawFile = true
				if !covers(start, end, line, col) {
					continue
				}
				span := int(ref.Expr.End() - ref.Expr.Pos())
				switch {
				case bestSpan < 0 || span < bestSpan:
					best, bestSpan = []*ssa.DebugRef{ref}, span
				case span == bestSpan:
					best = append(best, ref)
				}
			}
		}
	}
	if !sawFile && len(params) == 0 {
		return nil, fmt.Errorf("%s: file is not part of the analyzed packages", here)
	}
	var vs []uint32
	names := map[string]bool{} // the variables or fields found, by declaration
	if len(params) > 0 {
		for _, p := range params {
			names[a.declString(p.Name(), p.Pos())] = true
			if id, ok := a.Graph.valueID(p); ok {
				vs = append(vs, id)
			}
		}
	} else {
		for _, ref := range best {
			if obj := ref.Object(); obj != nil {
				names[a.declString(obj.Name(), obj.Pos())] = true
			} else {
				names[types.ExprString(ref.Expr)+" at "+posString(a.Prog.wd, fset, ref.Expr.Pos())] = true
			}
			vs = append(vs, a.refVertices(ref)...)
		}
	}
	if len(names) > 1 {
		list := make([]string, 0, len(names))
		for n := range names {
			list = append(list, n)
		}
		sort.Strings(list)
		return nil, fmt.Errorf("%s: ambiguous: %s", here, strings.Join(list, "; "))
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%s: no reference-carrying expression here", here)
	}
	return dedupe(vs), nil
}

// declString names a variable or field by its name and declaration: the
// copies of one declaration (instances, test variants) share it.
func (a *Analysis) declString(name string, pos token.Pos) string {
	return name + " declared at " + posString(a.Prog.wd, a.Prog.Fset, pos)
}

func covers(start, end token.Position, line, col int) bool {
	after := line > start.Line || line == start.Line && col >= start.Column
	before := line < end.Line || line == end.Line && col < end.Column
	return after && before
}

func dedupe(vs []uint32) []uint32 {
	sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
	out := vs[:0]
	for i, v := range vs {
		if i == 0 || vs[i-1] != v {
			out = append(out, v)
		}
	}
	return out
}

// PointsToQuery returns the objects a query (see Lookup) may point to.
func (a *Analysis) PointsToQuery(query string) ([]Object, error) {
	vs, err := a.Lookup(query)
	if err != nil {
		return nil, err
	}
	var objs []uint32
	for _, v := range vs {
		objs = append(objs, a.PointsToVertex(v)...)
	}
	return a.Objects(dedupe(objs)), nil
}

// Alias reports whether two queries may point to a common object, and
// which objects they share.
func (a *Analysis) Alias(x, y string) (bool, []Object, error) {
	px, err := a.PointsToQuery(x)
	if err != nil {
		return false, nil, err
	}
	py, err := a.PointsToQuery(y)
	if err != nil {
		return false, nil, err
	}
	in := map[uint32]bool{}
	for _, o := range px {
		in[o.Vertex] = true
	}
	var common []Object
	for _, o := range py {
		if in[o.Vertex] {
			common = append(common, o)
		}
	}
	return len(common) > 0, common, nil
}
