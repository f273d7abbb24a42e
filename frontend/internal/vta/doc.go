// Copyright 2021 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package vta computes the call graph of a Go program using the Variable
// Type Analysis (VTA) algorithm originally described in "Practical Virtual
// Method Call Resolution for Java," Vijay Sundaresan, Laurie Hendren,
// Chrislain Razafimahefa, Raja Vallée-Rai, Patrick Lam, Etienne Gagnon, and
// Charles Godin.
//
// The VTA algorithm overapproximates the set of types (and function literals)
// a variable can take during runtime by building a global type propagation
// graph and propagating types (and function literals) through the graph.
//
// A type propagation is a directed, labeled graph. A node can represent
// one of the following:
//   - A field of a struct type.
//   - A local (SSA) variable of a method/function.
//   - All pointers to a non-interface type.
//   - The return value of a method.
//   - All elements in an array.
//   - All elements in a slice.
//   - All elements in a map.
//   - All elements in a channel.
//   - A global variable.
//
// In addition, the implementation used in this package introduces
// a few Go specific kinds of nodes:
//   - (De)references of nested pointers to interfaces are modeled
//     as a unique nestedPtrInterface node in the type propagation graph.
//   - Each function literal is represented as a function node whose
//     internal value is the (SSA) representation of the function. This
//     is done to precisely infer flow of higher-order functions.
//
// Edges in the graph represent flow of types (and function literals) through
// the program. That is, the model 1) typing constraints that are induced by
// assignment statements or function and method calls and 2) higher-order flow
// of functions in the program.
//
// The labeling function maps each node to a set of types and functions that
// can intuitively reach the program construct the node represents. Initially,
// every node is assigned a type corresponding to the program construct it
// represents. Function nodes are also assigned the function they represent.
// The labeling function then propagates types and function through the graph.
//
// The result of VTA is a type propagation graph in which each node is labeled
// with a conservative overapproximation of the set of types (and functions)
// it may have. This information is then used to construct the call graph.
// For each unresolved call site, vta uses the set of types and functions
// reaching the node representing the call site to create a set of callees.
//
// # cflr's fork
//
// This package is golang.org/x/tools/go/callgraph/vta at x/tools v0.52.0,
// with the internal packages it uses (go/callgraph/internal/chautil as
// lazycha.go, go/callgraph/vta/internal/trie, and the parts of
// internal/typeparams it calls), under Go's BSD license (LICENSE). cflr
// check spends most of its VTA time building the type propagation graph,
// and x/tools builds it on one goroutine: on a 2-core machine the VTA
// phase of miniflux took 0.8 s on one core while the other idled. What
// changed:
//
//   - typePropGraph (parallel.go) hands chunks of the functions to
//     workers. Each worker runs x/tools' builder over its chunk, with its
//     own cache of canonical types, into a chunk graph numbered locally
//     (chunkGraph). The calling goroutine merges the chunks in chunk
//     order as they come: each chunk node's representative under one
//     global canonical-type map becomes a global node, and the chunk's
//     edges are renumbered. The graph is the union of the chunks' edges,
//     so it is the graph x/tools builds, whichever worker built which
//     chunk; only the node numbering differs (x/tools' follows map order
//     too). Canonical types are picked among identical types, which give
//     the same nodes and the same methods.
//   - The graph keeps successors as lists (CSR) instead of a map per node,
//     and propagation's result is looked up through the graph's node index
//     instead of a second map from node to type set.
//   - Propagation needs, per node, hasInitialTypes and the node's propType:
//     reading every SSA value's type, serially. The workers compute the
//     former for their chunk's nodes, the merge (beside the workers) the
//     latter for each new node. Propagation lists an SCC's successor SCCs
//     with a stamp instead of a new map per SCC.
//   - Less work per instruction, for the same edges: the builder asks
//     whether a value's type can carry an interface or a function
//     (typeHasInFlow) before boxing nodes that would get no edge (most
//     stores, loads, phis, arguments and results); representative hashes
//     only the types that pick a node (not those of locals, globals,
//     functions and results) and returns a node whose type is canonical
//     already as is; a static call takes its callee without the lazy
//     CHA's one-element slice; interfaceUnderPtr and functionUnderPtr
//     follow pointers with a list on the stack, not a new map per call.
//     Which of identical types is canonical may differ from x/tools'
//     choice (which follows map order too); nodes and results do not.
//   - lazyCallees (CHA over the functions, resolving sites on demand) is
//     safe for concurrent use: its memo is guarded by a mutex.
//   - CallGraph takes the number of workers. Callees returns the callees of
//     the dynamic call sites only, what cflr uses, resolving sites in
//     parallel (with one method cache per worker) and without building a
//     callgraph.Graph.
//
// The call graph is x/tools': frontend's TestVTAFork compares the callees
// of every site with x/tools' on several programs, GOMAXPROCS and worker
// counts.
package vta
