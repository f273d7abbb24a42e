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
// packages it imports exported. So each package's analysis here
//
//  1. builds SSA for the package (not for the standard library, which is
//     modelled: see below);
//  2. turns it into a small CFL graph (build.go): one vertex per value
//     that can carry nil (or taint), per function result, per memory cell;
//     calls between the package's own functions are parenthesized
//     (call_i/ret_i); a call into another package is replaced by that
//     function's summary fact: its parameter-to-result flows become edges,
//     its nil (or tainted) results become sources, its parameters that
//     reach a sink become sinks at the call;
//  3. solves it with cflr's engine (edgecentric.Solve) under flow.cfg, a
//     grammar of realizable paths (returns first, then calls; matched
//     calls in between), anchored at the sources and at each parameter;
//  4. reports every sink a source reaches, at the sink, with the shortest
//     witness (matched calls opened up) in the message and, for the steps
//     in this package, as related information;
//  5. exports a summary of every exported function as a fact
//     (NilSummary, TaintSummary): parameter-to-result flows, results that
//     may be nil or tainted, parameters that reach a sink, with their
//     witness steps. Facts are gob-encoded by the driver; their slices
//     are sorted, so the same package always gives the same facts.
//
// The rules are those of `cflr check` (package frontend/check): the same
// sinks (field access, dereference, store, map write, call of a nil func
// value, method call on a nil interface, element of a nil array pointer,
// slicing through it, type assertion on a nil interface), guards split at
// nil checks as e-SSA does (x != nil, early returns, no-return calls such
// as log.Fatal through ctrlflow's facts, access paths such as s.p
// re-loaded after `if s.p != nil`), the nil facts of nil tests
// (check.NilFacts: if x == nil { x.f }, dead branches), the (T, error)
// convention, the same taint models (frontend/check/models.yaml, changed
// with -taint.config=cflr.yaml), the same //cflr:ignore comments and the
// same messages, so both modes are tested on the same `// want`
// expectations (vet_test.go runs frontend/check/testdata/src).
//
// # Where vet mode is less precise than `cflr check`
//
// Without the whole program and its points-to sets:
//
//   - Interface method calls and calls of func values that are not
//     closures made in the same function are not resolved: a nil boxed in
//     an interface does not reach the method's receiver, and taint passed
//     to an interface method does not reach its implementations (calling
//     a method on a nil interface, or a nil func value, is still
//     reported). Taint through such a call goes from its arguments to its
//     results.
//   - A finding whose sink is in another package is reported at the call
//     that passes the value in ("nil may be nil at call of Use, which
//     reaches field access c.Addr"), not at the sink: the callee's package
//     was analyzed first, on its own.
//   - The heap is approximated per package. Nil stored into a field
//     reaches only loads of that field through the same base value (or
//     the same literal) in the same function, and only loads that can run
//     after the store; taint stored into a field reaches loads of that
//     field through the same base value, and taints the object (so its
//     other fields, and the callers that passed it in). A store through a pointer
//     parameter, or into a variable captured by a closure from inside
//     another closure, is not seen by other functions. Containers (maps,
//     slices, channels) are cells per make or literal for nil, and their
//     values for taint.
//   - Nothing crosses a package boundary through fields, globals or
//     containers: facts describe functions only.
//   - A declared variable's zero value (var p *T) is a nil source only
//     when nothing assigns the variable. A (T, error) result is nil
//     where no check of its error guards the use (the same rules as
//     `cflr check`'s, frontend/check/nilerr.go), but the callee's body is
//     known only in the same package (elsewhere the convention is taken
//     at its word), and not through variables assigned in correlated
//     branches (phis of errors). Validators (filepath.IsLocal) are not modelled. Methods that test their receiver
//     (!s.Empty()) do not guard it, and a nil reached through a pointer to
//     a pointer argument is not followed.
//   - The standard library is not analyzed: calls into it pass taint from
//     arguments to results unless models.yaml says otherwise (as in
//     `cflr check`), and for nil its results are never nil and its
//     parameters never dereferenced (`cflr check` follows its bodies).
//     This also keeps go vet fast: no SSA is built for it.
//
// Vet mode is more precise in one respect: containers are values passed
// with call/return parentheses, so a slice passed to a generic function
// does not carry one caller's taint to another, as `cflr check`'s
// context-insensitive heap cells do.
//
// As in `cflr check`, a sink's results do not carry its arguments' taint
// (os.ReadFile returns the file, not its name).
//
// Sanitizers clean only for the sink kinds the models give them (one
// solve per such kind in a package that calls one); facts record the
// kinds a flow is clean for (Flow.Clean, TaintResult.Clean).
//
// frontend/check/vet/testdata/differences.txt lists, with these reasons,
// every expectation of the shared testdata that vet mode does not meet.
package vet
