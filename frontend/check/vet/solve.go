package vet

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// exported reports whether fn can be called from another package: a
// package-level function or method whose name is exported.
func exported(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && fn.Parent() == nil && ast.IsExported(obj.Name()) && fn.Origin() == nil
}

func sortFlows(fs []Flow) {
	sort.Slice(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Param != b.Param {
			return a.Param < b.Param
		}
		if a.Result != b.Result {
			return a.Result < b.Result
		}
		return !a.WithError && b.WithError
	})
}

func sortSinks(ps []ParamSink) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Param != ps[j].Param {
			return ps[i].Param < ps[j].Param
		}
		return ps[i].Check < ps[j].Check
	})
}

func sortNil(n *NilSummary) {
	sortFlows(n.Flows)
	sortSinks(n.Sinks)
	sort.Slice(n.Results, func(i, j int) bool {
		a, b := n.Results[i], n.Results[j]
		if a.Result != b.Result {
			return a.Result < b.Result
		}
		return !a.WithError && b.WithError
	})
}

func sortTaint(t *TaintSummary) {
	sortFlows(t.Flows)
	sortSinks(t.Sinks)
	sort.Slice(t.Results, func(i, j int) bool { return t.Results[i].Result < t.Results[j].Result })
}
