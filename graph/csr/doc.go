// Package csr holds the compressed-sparse-row graph used by cflr's graph
// kernels (traversal and pattern mining, CPU and GPU alike), and the readers
// and writers for the formats those communities use (SNAP, Matrix Market,
// Tigr/Subway .el/.wel/.bcsr/.bwcsr, G2Miner binary CSR, GraMi .lg).
//
// A Graph is immutable once built. Edge offsets are 64-bit so graphs with
// more than 4G edges work; vertex ids are 32-bit. Build one with FromEdges
// (or a reader), then derive symmetric, deduplicated, or weighted variants.
//
// CFL-reachability graphs (labeled edge lists) live in package graph, not
// here: the two serve different solvers and have different shapes.
package csr
