package vet

import (
	"go/types"

	"github.com/cflr/cflr/frontend/check"
)

// Models indexes a check.TaintConfig (the taint check's sources, sinks,
// sanitizers and propagators, shared with `cflr check`) by canonical name.
type Models struct {
	funcs  map[string]*funcModel
	fields map[string]string // field or package variable → source description
	types  map[string]string // named type → sink kind (conversions to it)
}

// funcModel is what the models say about one function. Places count the
// receiver of a method as argument 0, as SSA's parameters do.
type funcModel struct {
	name       string
	source     bool
	sourceTo   []check.Place
	sinks      []check.Sink
	sanitizer  bool     // cleans for every sink kind
	cleans     []string // cleans for these sink kinds only (models.yaml's kinds:)
	propagates []check.Propagator
}

// newModels indexes tc (the built-in models when tc is nil).
func newModels(tc *check.TaintConfig) *Models {
	if tc == nil {
		tc = check.DefaultTaintConfig()
	}
	m := &Models{funcs: map[string]*funcModel{}, fields: map[string]string{}, types: map[string]string{}}
	fm := func(n string) *funcModel {
		f := m.funcs[n]
		if f == nil {
			f = &funcModel{name: n}
			m.funcs[n] = f
		}
		return f
	}
	for _, s := range tc.ActiveSources() { // the profile's
		n := s.Name.String()
		f := fm(n)
		f.source = true
		f.sourceTo = append(f.sourceTo, s.To...)
		m.fields[n] = n
	}
	for _, s := range tc.Sinks {
		n := s.Name.String()
		fm(n).sinks = append(fm(n).sinks, s)
		m.types[n] = s.Kind
	}
	for _, s := range tc.Sanitizers {
		f := fm(s.Name.String())
		if s.Kinds == nil {
			f.sanitizer = true
		} else {
			f.cleans = append(f.cleans, s.Kinds...)
		}
	}
	for _, p := range tc.Propagators {
		n := p.Name.String()
		fm(n).propagates = append(fm(n).propagates, p)
	}
	return m
}

// canonical names a function, method or interface method as the
// configuration does: pkg.F, pkg.T.M (no pointer).
func canonical(f *types.Func) string {
	if f.Pkg() == nil {
		return ""
	}
	sig := f.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			return f.Pkg().Path() + "." + n.Obj().Name() + "." + f.Name()
		}
		if a, ok := t.(*types.Alias); ok {
			return f.Pkg().Path() + "." + a.Obj().Name() + "." + f.Name()
		}
		return ""
	}
	return f.Pkg().Path() + "." + f.Name()
}

func (m *Models) lookup(f *types.Func) *funcModel {
	if f == nil {
		return nil
	}
	return m.funcs[canonical(f)]
}

// fieldSource reports whether loads of field f of struct type t (or a
// pointer to it) are a source.
func (m *Models) fieldSource(t types.Type, f *types.Var) (string, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	s, ok := m.fields[n.Obj().Pkg().Path()+"."+n.Obj().Name()+"."+f.Name()]
	return s, ok
}

func (m *Models) globalSource(pkg, name string) (string, bool) {
	s, ok := m.fields[pkg+"."+name]
	return s, ok
}

// conversionSink reports whether a conversion to t is a sink
// (html/template.HTML).
func (m *Models) conversionSink(t types.Type) (string, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	k, ok := m.types[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	return k, ok
}
