// Package vet runs cflr's nil-flow and taint checks one package at a
// time, as go vet and other drivers of golang.org/x/tools/go/analysis do.
// NilFlow and Taint are ordinary *analysis.Analyzer values: cmd/cflr-vet
// hands them to unitchecker (`go vet -vettool=$(command -v cflr-vet)`),
// golangci-lint loads them as a module plugin (./golangci), and
// singlechecker or multichecker can run them too.
//
// # Modular analysis
//
// `cflr check` builds one value-flow graph for the whole program. A vet
// driver shows an analyzer one package at a time, with the facts that the
// packages it imports exported.
//
// NilFlow runs `cflr check`'s own nilflow on the package
// (check.RunPackage, frontend/check/modular.go): the same value-flow
// builder (frontend/check/flowbuild.go), the same guards, nil facts,
// error convention, flow-sensitive local memory, refutation of witnesses
// and messages. What differs is what the builder sees:
//
//  1. SSA is built for the package only (not for the standard library);
//     the packages it imports are types without bodies.
//  2. The heap is the points-to sets of the package alone
//     (frontend.Analyze on the package, as a program of its own).
//  3. A call of a function of another package is linked through that
//     function's NilSummary fact: its nil results are nils written at the
//     call, its parameter-to-result flows are assignments, and its
//     parameters that reach a nil sink make the argument a sink at the
//     call ("nil may be nil at call of Deref, which reaches field access
//     p.X"), with the witness steps inside the callee from the fact.
//  4. The package's exported functions are cut to their NilSummary facts
//     (results a nil the package writes reaches; for each nilable
//     parameter, the results and sinks it reaches, from a solve per
//     parameter). Facts are gob-encoded by the driver; their slices are
//     sorted, so the same package always gives the same facts.
//
// Taint still has a builder of its own (build.go): one package's small CFL
// graph, with calls between the package's functions parenthesized
// (flow.cfg) and imported functions replaced by their TaintSummary facts.
//
// # Where vet mode differs from `cflr check`
//
// On every annotated package of frontend/check/testdata, the nilness
// suite and NilAway's suite, NilFlow reports what `cflr check` reports,
// with one exception: a nil passed to a function of another package is
// reported at the call that passes it, not at the dereference inside the
// callee, since the callee's package was analyzed first, on its own.
// Beyond the testdata, vet mode lacks the other packages' heaps: a nil
// stored into a field, a global or a container by another package does
// not reach the loads here, and interface method calls resolve only to
// the package's own methods. For nil, the standard library is not
// analyzed: its results are never nil (except by the (T, error)
// convention) and its parameters never reach a sink.
//
// Taint in vet mode is less precise than `cflr check` (its own builder):
//
//   - Interface method calls and calls of func values that are not
//     closures made in the same function are not resolved: taint passed
//     to an interface method does not reach its implementations. Taint
//     through such a call goes from its arguments to its results.
//   - A finding whose sink is in another package is reported at the call
//     that passes the value in.
//   - The heap is approximated per package: taint stored into a field
//     reaches loads of that field through the same base value, and
//     taints the object (so its other fields, and the callers that
//     passed it in). Containers are their values. Nothing crosses a
//     package boundary through fields, globals or containers. Validators
//     (filepath.IsLocal) are not modelled.
//   - The standard library is not analyzed: calls into it pass taint from
//     arguments to results unless models.yaml says otherwise (as in
//     `cflr check`). This also keeps go vet fast: no SSA is built for it.
//
// Taint in vet mode is more precise in one respect: containers are values
// passed with call/return parentheses, so a slice passed to a generic
// function does not carry one caller's taint to another, as `cflr check`'s
// context-insensitive heap cells do. As in `cflr check`, a sink's results
// do not carry its arguments' taint (os.ReadFile returns the file, not its
// name). Sanitizers clean only for the sink kinds the models give them
// (one solve per such kind in a package that calls one); facts record the
// kinds a flow is clean for (Flow.Clean, TaintResult.Clean).
//
// frontend/check/vet/testdata/differences.txt lists, with these reasons,
// every expectation of the shared testdata that vet mode does not meet.
package vet
