// Package grammar is cflr's context-free grammar language for
// CFL-reachability analyses.
//
// A Grammar is a set of productions over symbols. Terminals are the labels of
// input graph edges; nonterminals are the labels the solver derives. A
// grammar is written in cflr's own language (see Parse), or imported from the
// files Graspan (ParseGraspan) and POCR (ParsePOCR) read.
//
// # The language
//
//	# Field-insensitive points-to (Graspan style)
//	%inverse new assign            # add -new, -assign edges for every new/assign edge
//	%count   PT                    # the symbols a solve reports
//	FT ::= -new FT2 | -new
//	PT ::= -FT
//	...
//	V  ::= FV_i f_i | M | ε        # alternatives; ε (or eps) is the empty string
//
// A production is LHS ::= alternatives separated by |; a line starting with
// | continues the previous production. # starts a comment. A symbol that
// appears on some left-hand side is a nonterminal; every other symbol is a
// terminal. -a is the inverse of a: the edge (v,u) for each a-edge (u,v).
// For a terminal, %inverse names the terminals whose inverse edges the
// graph readers generate (otherwise the graph must contain -a edges). For a
// nonterminal X, -X is X read backwards: the solver reads it from X's
// edges, so it costs no extra edges (and -X cannot be a left-hand side).
// %count names the reported symbols.
//
// # Indexed symbols
//
// A symbol whose name ends in _i is indexed: its edges carry an index (a
// field or call-site number), as in the POCR artifact. Within one rule all
// indexed symbols share the index: in V ::= FV_i f_i both right-hand edges
// must have the same index; in FV_i ::= -f_i V the new edge takes the index of
// the -f_i edge; an unindexed left-hand side drops the index. An indexed
// left-hand side needs an indexed right-hand symbol to take its index from.
//
// # Normal form
//
// Normalize rewrites a grammar into rules with one or two right-hand symbols:
// longer right-hand sides are split with fresh nonterminals, and ε rules are
// removed by recording which symbols are Nullable (they hold on (v,v) for
// every vertex v, implicitly) and adding the rules a nullable symbol's
// absence implies. The solver never materialises the |V| ε self-loops.
//
// Index builds, for every symbol X, the rules in which X is the only, the
// first, or the second right-hand symbol; every left-hand side is kept when
// several rules share a right-hand side.
package grammar
