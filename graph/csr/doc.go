// Package csr holds the compressed-sparse-row graph used by cflr's graph
// kernels (traversal and pattern mining, CPU and GPU alike), and the readers
// and writers for the formats those communities use (SNAP, Matrix Market,
// Tigr/Subway .el/.wel/.bcsr/.bwcsr, G2Miner binary CSR, GraMi .lg) and for
// cflr's own binary CSR (.cflr).
//
// A Graph is immutable once built. Edge offsets are 64-bit so graphs with
// more than 4G edges work; vertex ids are 32-bit. Build one with FromEdges
// (or a reader), then derive symmetric, deduplicated, or weighted variants.
//
// Loading runs at memory speed on all cores: binary files are read in
// parallel blocks straight into the final arrays (checked against the file
// size first, so a lying header costs no allocation) and validated in
// parallel; text files are parsed in parallel chunks cut at line
// boundaries, with errors that still name the file and line. Preparation
// (Undirect, Orient, IsSimpleUndirected, FromEdges) is parallel too, and
// its results do not depend on the number of cores. LoadPrepared returns a
// graph in the form a kernel wants and can keep that form in a sidecar
// cache next to the input (see SidecarPath), so several kernels on one
// graph pay for parsing and preparing once.
//
// CFL-reachability graphs (labeled edge lists) live in package graph, not
// here: the two serve different solvers and have different shapes.
package csr
