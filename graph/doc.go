// Package graph holds labeled edge lists, the input and output of
// CFL-reachability solving, and their readers and writers.
//
// A Graph is a list of Edges over vertices 0..NumVertices-1. Each edge has a
// label (an index into Labels, the label names) and, for indexed labels such
// as f_i or call_i, an index (a field or call-site number); unindexed edges
// have Index NoIndex. Vertices are integers, or names interned into ids
// (Names maps ids back).
//
// Formats (see Format): cflr's TSV (src dst label [index]; the POCR
// artifact's graphs are TSV), Graspan's edge lists, CFPQ-style CSV, and a
// compact binary format for fast reloads. Read and Write convert between a
// Graph and any of them; AddInverses generates the inverse edges a grammar
// asks for.
//
// Graphs for the traversal and mining kernels are CSR graphs: see package
// graph/csr.
package graph
