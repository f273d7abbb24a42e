// Copyright 2021 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package vta

// TODO(zpavlinovic): update VTA for how it handles generic function bodies and instantiation wrappers.

import (
	"go/types"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
)

// CallGraph uses the VTA algorithm to compute call graph for all functions
// f:true in funcs. VTA refines the results of initial call graph and uses it
// to establish interprocedural type flow. If initial is nil, VTA uses a more
// efficient approach to construct a CHA call graph.
//
// The resulting graph does not have a root node.
//
// CallGraph does not make any assumptions on initial types global variables
// and function/method inputs can have. CallGraph is then sound, modulo use of
// reflection and unsafe, if the initial call graph is sound.
//
// The supplied SSA functions must have been constructed with the
// [ssa.InstantiateGenerics] mode flag.
//
// threads bounds the number of goroutines that build the type propagation
// graph (GOMAXPROCS if not positive); the call graph does not depend on it.
func CallGraph(funcs map[*ssa.Function]bool, initial *callgraph.Graph, threads int) *callgraph.Graph {
	fs, c := analyze(funcs, initial, threads)
	cache := make(methodCache)
	cg := &callgraph.Graph{Nodes: make(map[*ssa.Function]*callgraph.Node)}
	for _, f := range fs {
		caller := cg.CreateNode(f)
		for _, call := range calls(f) {
			for _, callee := range c.resolves(call, cache) {
				callgraph.AddEdge(caller, call, cg.CreateNode(callee))
			}
		}
	}
	return cg
}

// Callees returns the callees of the dynamic call sites of funcs (sites
// with no static callee that call no builtin) that VTA resolves to some
// function: the edges at these sites of CallGraph(funcs, nil, threads),
// without the graph. Workers resolve the sites of chunks of funcs.
func Callees(funcs map[*ssa.Function]bool, threads int) map[ssa.CallInstruction][]*ssa.Function {
	fs, c := analyze(funcs, nil, threads)
	type siteCallees struct {
		site    ssa.CallInstruction
		callees []*ssa.Function
	}
	m := make(map[ssa.CallInstruction][]*ssa.Function)
	inChunks(len(fs), threads,
		func() methodCache { return make(methodCache) },
		func(cache methodCache, lo, hi int) []siteCallees {
			var out []siteCallees
			for _, f := range fs[lo:hi] {
				for _, call := range calls(f) {
					if call.Common().StaticCallee() != nil {
						continue
					}
					if callees := c.resolves(call, cache); len(callees) > 0 {
						out = append(out, siteCallees{call, callees})
					}
				}
			}
			return out
		},
		func(out []siteCallees) {
			for _, sc := range out {
				m[sc.site] = sc.callees
			}
		})
	return m
}

// analyze lists funcs and returns them with a constructor for their
// call sites.
func analyze(funcs map[*ssa.Function]bool, initial *callgraph.Graph, threads int) ([]*ssa.Function, *constructor) {
	fs := make([]*ssa.Function, 0, len(funcs))
	for f, in := range funcs {
		if in {
			fs = append(fs, f)
		}
	}
	callees := makeCalleesFunc(funcs, initial)
	types := propagate(typePropGraph(fs, callees, initial == nil, threads))
	return fs, &constructor{types: types, callees: callees}
}

// constructor resolves call sites with the results of the VTA type
// propagation phase. (x/tools' also builds the call graph, with its
// methodCache; here the caller has the cache, one per worker.)
type constructor struct {
	types   propTypeMap
	callees calleesFunc
}

// resolves computes the set of functions to which VTA resolves `c`. The resolved
// functions are intersected with functions to which `c.initial` resolves `c`.
func (c *constructor) resolves(call ssa.CallInstruction, cache methodCache) []*ssa.Function {
	cc := call.Common()
	if cc.StaticCallee() != nil {
		return []*ssa.Function{cc.StaticCallee()}
	}

	// Skip builtins as they are not *ssa.Function.
	if _, ok := cc.Value.(*ssa.Builtin); ok {
		return nil
	}

	// Cover the case of dynamic higher-order and interface calls.
	var res []*ssa.Function
	resolved := resolve(call, c.types, cache)
	for f := range siteCallees(call, c.callees) {
		if _, ok := resolved[f]; ok {
			res = append(res, f)
		}
	}
	return res
}

// resolve returns a set of functions `c` resolves to based on the
// type propagation results in `types`.
func resolve(c ssa.CallInstruction, types propTypeMap, cache methodCache) map[*ssa.Function]empty {
	fns := make(map[*ssa.Function]empty)
	n := local{val: c.Common().Value}
	for p := range types.propTypes(n) {
		for _, f := range propFunc(p, c, cache) {
			fns[f] = empty{}
		}
	}
	return fns
}

// propFunc returns the functions modeled with the propagation type `p`
// assigned to call site `c`. If no such function exists, nil is returned.
func propFunc(p propType, c ssa.CallInstruction, cache methodCache) []*ssa.Function {
	if p.f != nil {
		return []*ssa.Function{p.f}
	}

	if c.Common().Method == nil {
		return nil
	}

	return cache.methods(p.typ, c.Common().Method.Name(), c.Parent().Prog)
}

// methodCache serves as a type -> method name -> methods
// cache when computing methods of a type using the
// ssa.Program.MethodSets and ssa.Program.MethodValue
// APIs. The cache is used to speed up querying of
// methods of a type as the mentioned APIs are expensive.
type methodCache map[types.Type]map[string][]*ssa.Function

// methods returns methods of a type `t` named `name`. First consults
// `mc` and otherwise queries `prog` for the method. If no such method
// exists, nil is returned.
func (mc methodCache) methods(t types.Type, name string, prog *ssa.Program) []*ssa.Function {
	if ms, ok := mc[t]; ok {
		return ms[name]
	}

	ms := make(map[string][]*ssa.Function)
	mset := prog.MethodSets.MethodSet(t)
	for i, n := 0, mset.Len(); i < n; i++ {
		// f can be nil when t is an interface or some
		// other type without any runtime methods.
		if f := prog.MethodValue(mset.At(i)); f != nil {
			ms[f.Name()] = append(ms[f.Name()], f)
		}
	}
	mc[t] = ms
	return ms[name]
}
