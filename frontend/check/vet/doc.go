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
// Taint runs `cflr check`'s taint check the same way
// (check.RunTaintPackage, frontend/check/taintmodular.go): the same
// builder and heap, the same walk for sources, sinks, sanitizers,
// validators and library models (frontend/check/models.yaml), the same
// solves and messages. A call of a function of another package is linked
// through its TaintSummary fact: its tainted results are sources at the
// call, its parameter-to-result flows model edges (those that a
// sanitizer cleans for some sink kinds kept apart, as a sanitizer call's
// edges are), and its parameters that reach a sink make the argument a
// sink at the call ("call of Run, which reaches os/exec.Command
// (argument 1)"), with the witness inside the callee from the fact. The
// exported functions are cut to their facts: one solve from the
// package's sources to their results (with taint.cfg's rules that enter
// a function without returning left out, so that a caller's source
// passed in is not taken for the function's own), and one per parameter
// to their results and the sinks, each again for every sink kind that
// some sanitizer or validator cleans for alone (Flow.Clean,
// TaintResult.Clean).
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
// convention) and its parameters never reach a sink. The convention's
// errors that cannot happen (frontend/check/errmodel.go) are read from
// library bodies; for the standard library's, vet mode takes a cache of
// what those bodies give, which `cflr check`'s tests derive again
// (TestErrModelDerived). Another package's function of the program is
// not read: its error is taken as able to happen.
//
// -nilflow.sources chooses the nils reported, as `cflr check`'s
// --nil-sources does (frontend/check/nilsources.go): by default not the
// sentinel nil constants returned by functions whose results do not end
// in an error (which then do not reach their NilSummary results), nor
// the nil constants stored into struct fields; -nilflow.sources=all
// reports them. A NilSummary result of such a function is linked at a
// direct call only: at a call through an interface or a func value it
// may be a stub's (nilsources.go, always-nil results).
//
// For taint, the same holds. Two stand-ins make up for the standard
// library's heap, which vet mode lacks (no SSA is built for it): an
// object the package allocates whose fields only another package's code
// touches (a bytes.Buffer) gets one cell for its whole contents, which
// the models write (WriteString) and read (String); and a store into an
// object another package allocated (the *url.URL of url.Parse) taints
// the pointer stored through, as `cflr check` does for the standard
// library's objects. As in `cflr check`, calls into the standard library are
// modelled: taint passes from the arguments to the results unless
// models.yaml says otherwise, and a sink's results do not carry its
// arguments' taint (os.ReadFile returns the file, not its name).
//
// frontend/check/vet/testdata/differences.txt lists, with these reasons,
// every expectation of the shared testdata that vet mode does not meet.
package vet
