// Package frontend turns Go programs into labeled graphs for
// CFL-reachability, and answers points-to, alias and call-graph queries by
// solving them with package edgecentric.
//
// # Data flow
//
// Load runs golang.org/x/tools/go/packages on `go build` patterns (with
// test packages if Config.Tests) and builds SSA with go/ssa, generic
// functions instantiated. Packages with errors are reported in
// Program.Errors at go build's file:line:col positions and left out (with
// the packages that import them); the rest is analyzed.
//
// Build turns every function body into edges of the points-to grammar
// (grammars/pointsto.cfg, documented there): one vertex per SSA value that
// can carry references (numbers and strings cannot), per abstract object
// (allocation site) and per sub-object (a field or element of an object
// whose address is taken, or that is itself a struct or array). Graph.Nodes
// maps every vertex back to its SSA value or object and source position.
//
// Analyze resolves dynamic calls (function values, interface methods) with
// x/tools' VTA call graph, solves, narrows each dynamic site to the callees
// the points-to sets allow, and solves again. Analysis then answers
// PointsToQuery, Alias and CallGraph.
//
// # The model
//
//   - Allocation (new edges): new(T), &T{}, composite literals, make of
//     slices, maps and channels, closures, bound method values, append,
//     string-to-slice conversions, and every conversion to an interface (a
//     box object whose type is the dynamic type, holding the value).
//   - Copies (assign): phi, parameters, results, returns, free variables of
//     closures, type changes. A register of struct or array type stands for
//     the object that holds the value; a struct store copies field by field.
//   - Fields: y := p.f and p.f = x are load_i/store_i with one index per
//     field; q := &p.f, when q escapes, is fa_i, and makes q point to the
//     sub-object o.f (fld_i). Array, slice and channel elements share one
//     index, map keys and values one each: containers are index-insensitive.
//     A channel send is a store of the element, a receive a load.
//   - Calls: static calls bind arguments and results; go and defer are calls
//     whose results are dropped; an interface call's receiver is the
//     content of the box; panic values flow to one program-wide vertex that
//     recover reads.
//   - Context: with AnalysisOptions.Context, parameter passing is call_i and
//     returns ret_i (index: call site), and grammars/pointsto-ctx.cfg
//     matches them; the heap stays context-insensitive.
//
// # Soundness and precision choices
//
// The analysis is flow-insensitive (a variable points to everything ever
// assigned to it, as the testdata annotations show for stores through
// pointers and append), field-sensitive, index-insensitive for containers,
// and context-insensitive unless asked. Generic instances are analyzed
// separately. Nesting deeper than 8 levels of in-place structs is not given
// sub-objects.
//
// Code the graph cannot see is modelled conservatively and every place is
// listed in Graph.Unmodelled: calls to functions without Go bodies
// (assembly, cgo, linkname) and calls into package reflect yield the
// <unknown> object, as do unsafe.Pointer conversions; the references such
// calls receive are not followed further. A dynamic call whose receiver may
// be <unknown> keeps all of VTA's callees, so the call graph is never
// narrowed on the strength of unmodelled code. Values of implicit runtime
// panics (nil dereference, bounds) are not modelled.
package frontend
