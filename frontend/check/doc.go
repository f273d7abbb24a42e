// Package check holds cflr's Go checkers: nilflow (nil values that reach
// a use where a nil panics) and taint (untrusted data that reaches a
// dangerous sink). Both are CFL-reachability problems over one shared
// value-flow graph, solved by package edgecentric under grammars written
// in cflr's grammar language (grammars/*.cfg, embedded, documented in
// each file).
//
// # Running
//
// Run(ctx, prog, cfg) takes a program loaded by frontend.Load, solves its
// points-to graph (frontend.Analyze), builds the value-flow graph
// (BuildFlow; what it needs of function bodies alone, such as guards, is
// computed beside the points-to analysis, on the core the analysis
// leaves idle), runs every enabled Checker on it, drops the findings that
// //cflr:ignore comments suppress, and returns the rest sorted by
// position. A Finding names its check, its sink position and a message,
// and carries a witness: a shortest flow from the source (a nil, a source
// call) to the sink as file:line:col steps, recovered from the closure by
// edgecentric's witness finder. WriteText, WriteJSON, WriteSARIF and
// WriteDOT format findings, and WriteHTML writes them as a static report
// with each witness shown on the source; `cflr check` is the command.
//
// # The value-flow graph
//
// FlowGraph has one vertex per SSA value that can carry nil or taint
// (pointers, interfaces, maps, slices, channels, funcs, strings, unsafe
// pointers; a struct value has one vertex per such field, nested structs
// one vertex each), per function result, per heap cell, per guarded copy
// of a value and per nil constant written in the analyzed packages. Its
// edges (labels in flow.go, grammar terms in grammars/nilflow.cfg) are
// copies, calls and returns (call_i/icall_i/ret_i with the call site as
// index when Config.Context, else assign), conversions to and from
// interfaces (box/unbox), computations (op) and the heap. The heap is
// joined through the points-to sets: a store into p.f is an st edge into
// the cell (o, f) of every object o that p may point to, and a load of
// q.f an ld edge out of the cells of q's objects; containers have one
// cell for their elements (map keys and values one each), channels one
// for their elements. Calls go to the callees the points-to analysis
// resolved (frontend.Analysis.Callees); a call into a function whose
// body the graph lacks (assembly, runtime, reflect) is an op edge from
// each argument to each result.
//
// # Guards
//
// Values are split at guards, as e-SSA does (guard.go): a use dominated by
// a successful x != nil test, or after if x == nil { return } (or a
// log.Fatal, os.Exit, panic, t.Fatal), reads a guarded copy of x, joined
// by a guard edge that nilflow's grammar does not follow and taint's
// does. The other results of a call are guarded where its error result
// was found nil ((T, error) convention, custom error types and phis of
// results included), a comma-ok value where ok was found true, and a
// guard on one load of an access path (p.f, *p, a package variable, a
// captured variable) covers the other loads of that path. A method that
// tests its receiver for nil (x.Empty()) guards it, and so does a first
// dereference every later use: a nil is reported where it first panics.
// Calls of functions that panic on every path end the block.
//
// # Nil tests
//
// NilFacts (nilfacts.go) are go vet's nilness facts, one walk of each
// local function's dominator tree: a value is nil where only the x == nil
// branch of a test enters, and a test that constants and the facts above
// it decide makes its other branch dead. They are definite, so both
// builders (this package's and vet mode's) read them directly: a use that
// panics on a value known nil is a sink with a nil of its own, reported
// whatever the guards say; a value known nil that flows on is a nil
// source, unless a use that panics on it came first; a nil slice indexed
// or converted to an array of length > 0 is a sink; dead blocks are not
// translated. The generic bodies of the named packages that no instance
// stands for are translated too, for these facts.
//
// # Refutation
//
// Before nilflow reports a finding, it checks its witness's path
// conditions (refute.go): the branch conditions that dominate each point
// the nil passes, per function activation, with parameters bound to
// arguments at calls and, at returns, the other results returned there
// bound to the caller's (a relational summary: nil with false, with a nil
// sibling, with a non-nil error, or under a test of a parameter). A
// witness whose conditions are unsatisfiable (gophersat decides) is
// refuted: an edge the contradiction needs is left out and the graph
// solved again towards that use for the next witness, up to eight times
// (and again forbidding another of its edges if none survived); the
// finding is reported only when a witness survives, marked Checked.
//
// # The error convention
//
// Besides the nils the code writes, nilflow takes the other results of a
// call whose last result is an error as nil on the error path, library
// calls included (nilerr.go): the unguarded copy of such a result is a
// source, so that a use the error's guards do not cover (the error
// dropped, logged and continued, or checked after the use) is reported,
// with a witness that starts at the call. Such nils are not followed
// into the heap; results that the callee never leaves nil beside an
// error, library calls with constant arguments only, and calls whose
// error comes only from readers they are given that never fail so
// (errmodel.go: rand.Int(rand.Reader, max); a function that fails only
// on its reader's errors other than io.EOF, given a *strings.Reader),
// are no sources.
//
// # Precision choices
//
// Flow is flow-insensitive through the heap and SSA-precise in
// registers, except that a load reads only the last stores that reach it
// on its access path in the same function when no call or store through
// a may-alias pointer comes between (and calls do not write the
// function's own objects before they escape: localmem.go); the heap is
// field-sensitive and context-insensitive;
// containers are index-insensitive. Nils written in library code or
// passed into it, implicit zero values (a field never set, a missing map
// key), values stored into objects the storing function did not allocate
// (EdgeInfo.Existing) and values through memory the points-to analysis
// does not model (the <unknown> object) are not followed by nilflow: each
// would flood the results with false positives (CHECKS.md measures them
// on real modules). A store through the address of a field (q := &p.f; *q = nil)
// meets loads of p.f through the points-to graph's sub-objects.
package check
