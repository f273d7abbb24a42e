// Package scc finds the strongly connected components of a directed
// graph given by a successor function, with Tarjan's algorithm run
// iteratively: a chain of copy edges in a program's points-to graph is
// longer than a goroutine's stack likes.
//
// A Finder keeps its slices from one search to the next, so that the many
// small searches of lazy cycle detection (frontend/internal/andersen) and
// the whole-graph passes of frontend's variable merging allocate nothing
// once warm.
package scc
