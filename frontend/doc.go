// Package frontend turns Go programs into labeled graphs for
// CFL-reachability, and answers points-to, alias and call-graph queries by
// solving them: the context-insensitive grammar (pointsto.cfg) with
// internal/andersen, a worklist solver specialised to it, the
// context-sensitive one with package edgecentric, the generic engine
// (AnalysisOptions.EdgeCentric solves both with it; the package's tests
// check every andersen solve against it, set by set).
//
// # Data flow
//
// Load runs golang.org/x/tools/go/packages on `go build` patterns (with
// test packages if Config.Tests) and builds SSA with go/ssa, generic
// functions instantiated. Packages with errors are reported in
// Program.Errors at go build's file:line:col positions and left out (with
// the packages that import them); the rest is analyzed. With Config.Prune
// (cflr check), bodies no execution can run are dropped before SSA, from
// a walk over syntax and types that over-approximates reachableFuncs
// below, constant tables are cut to one element (those of dependencies as
// they are parsed, so that type-checking skips them), and the syntax and type
// information SSA no longer needs is released after it: most of a whole
// program's standard library never runs, and SSA, VTA and the garbage
// collector paid for all of it (prune.go).
//
// Build turns the body of every function that can run (reachableFuncs:
// from main, the package initializers and the named library packages,
// through static calls, resolved dynamic calls, function values and the
// methods of types converted to interfaces) into edges of the points-to
// grammar (grammars/pointsto.cfg, documented there): one vertex per SSA
// value that can carry references (numbers and strings cannot), per
// abstract object (allocation site) and per sub-object (a field or element
// of an object whose address is taken, or that is itself a struct or
// array). Graph.Nodes maps every vertex back to its SSA value or object and
// source position; Graph.Funcs lists the translated functions.
//
// Analyze resolves dynamic calls (function values, interface methods) with
// x/tools' VTA call graph, merges equivalent variables (mergeEquivalent),
// solves, and narrows each dynamic site to the callees the points-to sets
// allow: that is the call graph it reports. With Refine (`--refine`) it
// then builds and solves again with the narrowed calls, so that points-to
// sets no longer flow through calls the first solve ruled out; the issue
// makes this second solve optional, and it about doubles the time of
// graph building and solving (BENCHMARKS.md).
// Analysis then answers PointsToQuery, Alias and CallGraph.
//
// # Why the grammar is object-centric
//
// The first grammar was Graspan's: a store reaches a load through the
// variable alias relation A ::= TF FT. On a whole program that relation is
// quadratic in the points-to sets (the standard library's interface
// parameters point to thousands of objects), and on x/tools/cmd/stringer
// it exhausted memory. The grammars now keep the heap as object-to-object
// relations (S_i: field i of o may hold a; H: the whole pointee), derived
// from a store and the points-to sets of its base and value, and read by a
// load through the points-to set of its base. Nothing relates two
// variables except the input edges. x and y still alias exactly when they
// point to one object, so the results are those of the Graspan grammar
// (all annotations kept; the context-sensitive grammar also gained stores
// and loads through field addresses passed to functions, which its
// Graspan form lost).
//
// Only the forward relations are derived: FT (object o flows to variable
// v), the heap relations S_i and H, and the loads and stores joined
// through them. The points-to relation is -FT, FT's own edges read
// backwards (an inverse nonterminal: the engine stores nothing for it); a
// store's value and Analysis' points-to sets both read it. The grammars
// used to derive a mirrored TF with mirrored heap relations, half of all
// derived edges; the mirrored forms are kept in testdata/mirrored, and
// TestInverseSameAsMirrored checks that both solve to the same sets.
//
// # What makes whole programs tractable
//
// Measured on stringer (BENCHMARKS.md), each step below cut the solve by a
// large factor; none loses call edges:
//
//   - Only functions that can run are translated (most of the standard
//     library a program imports cannot).
//   - The bodies of runtime, reflect, internal/abi and internal/runtime/...
//     are opaque (Options.RuntimeBodies): calls into them are modelled as
//     calls without Go bodies. Their unsafe.Pointer arithmetic otherwise
//     made the unknown object's content a hub that every unsafe load
//     read back. Their call edges stay in the call graph, with VTA's
//     callees at their dynamic sites.
//   - A box holds its content under an index for its dynamic type: a type
//     assertion to T, and the receiver of T's method at an interface call,
//     read only boxes of type T (a type filter inside the graph). Without
//     it every method's receiver received every boxed value.
//   - Options.BoxPerType (`--boxes type`): one box per dynamic type instead
//     of per conversion. An interface then points to its possible dynamic
//     types, which is all a call needs; values taken back out of an
//     interface lose their conversion site. A method of T called through
//     an interface then takes its receiver straight from box[T]
//     (boxHolder) rather than through the interface's points-to set: the
//     callee list already says the call may reach T.
//   - Options.ScalarContainers (`--no-scalar-containers`): slices, maps and
//     channels of reference-free elements ([]byte) get no vertices. They
//     lead to no function and no object; their own points-to sets are
//     lost.
//   - Options.CallGraphOnly (`--callgraph-only`): beyond that, pointers
//     whose pointees cannot lead (through fields, elements and further
//     pointers) to a function value, an interface or unsafe memory get no
//     vertices either: *bytes.Buffer, *big.Int. They never decide a
//     dynamic call. On stringer this leaves 57k of 158k vertices.
//   - mergeEquivalent: variables with the same defining edges (or a single
//     copy), and variables on a cycle of copies, share a vertex before the
//     solve; exact (TestMergeExact, TestMergeCycles).
//
// The last three options and the per-type boxes change what points-to
// queries answer, so they are off by default; `cflr callgraph` on a whole
// program should use `--boxes type --callgraph-only` (make bench-frontend
// does). TestCallGraphOnlySameCalls checks that leaving values out does not
// change the call graph: where it would (a value that does lead to code
// left out), the site's receiver points to nothing and keeps VTA's callees,
// which the test's field-held closures tell apart.
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
//     sub-object o.f (fld_i). A field is its struct type, told apart by
//     identity ignoring tags, and its index: conversions between struct
//     types and pointers to them keep the fields (fieldid.go). Array,
//     slice and channel elements share one index, map keys and values one
//     each: containers are index-insensitive.
//     A channel send is a store of the element, a receive a load.
//   - Calls: static calls bind arguments and results; go and defer are calls
//     whose results are dropped; an interface call's receiver is the
//     content of the box; panic values flow to one program-wide vertex that
//     recover reads. A result that is always one of the callee's
//     parameters or free variables comes from the call's own argument
//     (direct.go): id(&a) and id(&b) stay apart in every mode.
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
// (assembly, cgo, linkname), calls into the opaque packages (runtime,
// reflect, ...) and calls into package reflect yield the <unknown> object,
// as do unsafe.Pointer conversions (os.runtime_args, which sets os.Args,
// yields an object of its own: intrinsics.go); the references such calls
// receive are not followed further. Reflection is the exception:
// reflect.Value and reflect.Type are tagged objects, after go/pointer
// (reflect.go; Options.NoReflection, `--reflection=false`, turns the model
// off), and only the reflection calls it does not cover yield <unknown>;
// objects that reach a dynamic call through it keep VTA's callees. A
// dynamic call whose receiver may be <unknown>, or points to nothing at
// all (its receiver comes only from code the graph does not see, such as
// a callback of the runtime or of reflection), keeps all of VTA's callees,
// so the call graph is never narrowed on the strength of unmodelled code. Functions only the runtime
// calls stay reachable when their value is taken; methods reflection may
// call stay reachable as the methods of a type converted to an interface.
// Values of implicit runtime panics (nil dereference, bounds) are not
// modelled.
//
// make check-frontend-dynamic checks the call graph against an execution
// of stringer built with coverage (frontend/internal/covcheck): every
// function it runs that the program's own calls can reach is reachable in
// cflr's graph; the ones that are not are run by the runtime or the
// coverage instrumentation, which no call in SSA shows.
package frontend
