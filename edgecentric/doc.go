// Package edgecentric is cflr's CFL-reachability solver: the parallel
// edge-centric algorithm of the thesis (seed 004, chapter 4, §4.5), with the
// vertex-centric and non-indexed variants selectable for comparison.
//
// Solve takes a graph.Graph (labeled edges), a grammar.Grammar and Options,
// and returns a Result holding every closure edge by symbol, CountEdges (the
// figure POCR reports) and Stats. It is cancellable through its context.
//
// # How a solve runs
//
// The grammar is normalized (at most two right-hand symbols, ε removed into
// Grammar.Nullable, transitive rules linearized) and instantiated over the
// labels the graph uses: an indexed symbol such as call_i becomes one label
// per call site, so there is no alphabet limit and index matching costs
// nothing while solving. Vertices are split into ranges, the partitions.
// A partition owns its vertices' labeled adjacency: per vertex, per label,
// the out-neighbours and (for labels that start some rule) the
// in-neighbours. A binary rule Z ::= C B joins, at a middle vertex x, the
// C-edges into x with the B-edges out of x, so every join reads only the
// partition's own lists. Halves no rule reads are not processed: they go
// straight into the processed set; and where a label's in-lists are kept
// but no rule reads its out-lists (the points-to grammar's FT and S_i), an
// in-memory solve stores only the in-halves and builds the out-lists,
// which the Result reads, once at the end.
//
// Each round has two phases. In phase 1 every partition runs Process in
// parallel: it takes its queued (vertex, label, side) entries, moves their
// pending edges into the processed set, and joins them with the other
// side's processed edges under the rules that the grammar index names for
// that label. Derived edges for its own vertices are recorded at once
// (asynchronous within the partition); those for partition q are appended
// to its send[q] buffer (the 3D worklist: row p is written only by p). After
// a barrier, phase 2 runs Gather on every partition: it reads send[*][q],
// drops the halves it already has, and queues the new ones. The solve ends
// when a round finds nothing new.
//
// # Duplicate prevention
//
// An edge is recorded as pending when first found and joined only when
// processed, and joins use only processed edges, so each pair of edges is
// joined once, by whichever is processed second. Duplicates are dropped at
// insertion by the per-(vertex, label) sets: with Bitmaps they are small
// slices that grow into roaring bitmaps, and a join adds a whole neighbour
// set to a target with word-parallel set difference and union; with
// HashSets they are the thesis's open-addressing hash sets, one edge at a
// time. When the derived label keeps both lists, a join of new halves P
// with processed halves U adds the product from the smaller side: |U| < |P|
// adds the whole set P to each element of U (difference propagation: along
// a chain rule such as FT ::= FT assign, only the new sources travel),
// otherwise U to each element of P.
// Processed sets change only in phase 1, so phase 2 may read other
// partitions' processed sets without copies or locks.
//
// # Configurations
//
// Options.Model picks ECM (the above) or VCM (vertex-centric, Graspan's
// scheme: out-lists only, bulk-synchronous semi-naive rounds that extend a
// vertex's edges through its neighbours' out-lists). Options.NoIndex turns
// off grammar-label indexing: every adjacent edge is visited and checked
// against the grammar. The four combinations are the thesis's ECM-IDX (the
// default), ECM, VCM-IDX and VCM; all give identical closures.
//
// # Witnesses
//
// Result.Witnesses returns a WitnessFinder, whose Witness(u, v, X, index)
// explains a closure edge: a shortest path of input edges from u to v whose
// label word X derives (fewest edges over all derivations), for the
// checkers' findings. The first query for a symbol computes the shortest
// derivation length of every closure edge of the labels below it in the
// grammar, with Knuth's generalization of Dijkstra's algorithm (a bucket
// queue by length; an edge, once final, is joined with the final edges
// adjacent to it, as the solver joins processed edges), and records per
// edge how it got its length: about 20 bytes per closure edge involved.
// A query then only unfolds the recorded derivation. Reversed nonterminals
// -X are unfolded backwards, so a witness may traverse an input edge a(p, q)
// as -a(q, p) (WitnessFinder.Grammar names -a when the grammar does not).
//
// Package edgecentric/reference holds the textbook solver used as the test
// oracle.
package edgecentric
