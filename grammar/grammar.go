package grammar

import (
	"fmt"
	"sort"
	"strings"
)

// Symbol is a grammar symbol: an edge label.
type Symbol struct {
	Name string
	// Indexed symbols (names ending in _i) carry an index on their edges.
	Indexed bool
	// Nonterminal is true when the symbol appears on a left-hand side.
	Nonterminal bool
	// InverseOf is the id of the terminal this symbol is the inverse of
	// (for -a, the id of a), or -1.
	InverseOf int
	// Fresh marks nonterminals introduced by normalization.
	Fresh bool
}

// Rule is one production LHS ::= RHS. An empty RHS is an ε rule.
type Rule struct {
	LHS int
	RHS []int
	// Pos is where the rule was written, for error messages.
	Pos Pos
}

// Pos is a position in a grammar file.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is a grammar error at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Grammar is a context-free grammar over edge labels.
type Grammar struct {
	Symbols []Symbol
	Rules   []Rule
	// Inverse lists the terminals whose inverse edges graph readers generate.
	Inverse []int
	// Count lists the reported symbols.
	Count []int
	// Nullable[s] is set by Normalize: s derives ε, so it holds on (v,v)
	// for every vertex v without being stored.
	Nullable []bool
	// Normalized is true once every rule has one or two right-hand symbols.
	Normalized bool

	byName map[string]int
}

// New returns an empty grammar.
func New() *Grammar { return &Grammar{byName: map[string]int{}} }

// Symbol returns the id of the named symbol, adding it if needed. A name of
// the form -a is the inverse of a.
func (g *Grammar) Symbol(name string) int {
	if id, ok := g.byName[name]; ok {
		return id
	}
	id := len(g.Symbols)
	s := Symbol{Name: name, Indexed: IsIndexedName(name), InverseOf: -1}
	g.Symbols = append(g.Symbols, s)
	g.byName[name] = id
	if base, ok := strings.CutPrefix(name, "-"); ok && base != "" {
		g.Symbols[id].InverseOf = g.Symbol(base)
	}
	if g.Nullable != nil {
		g.Nullable = append(g.Nullable, false)
	}
	return id
}

// Lookup returns the id of the named symbol.
func (g *Grammar) Lookup(name string) (int, bool) {
	id, ok := g.byName[name]
	return id, ok
}

// Name returns the name of symbol id.
func (g *Grammar) Name(id int) string { return g.Symbols[id].Name }

// ReversedNonterminal returns X when s is -X for a nonterminal X: a
// symbol whose edges are X's edges reversed, read from X's edges rather than
// derived (see the package doc).
func (g *Grammar) ReversedNonterminal(s int) (int, bool) {
	base := g.Symbols[s].InverseOf
	if base >= 0 && g.Symbols[base].Nonterminal {
		return base, true
	}
	return -1, false
}

// IsIndexedName reports whether a label name denotes an indexed symbol.
func IsIndexedName(name string) bool { return strings.HasSuffix(name, "_i") && len(name) > 2 }

// InverseName is the name of the inverse of terminal name.
func InverseName(name string) string {
	if base, ok := strings.CutPrefix(name, "-"); ok {
		return base
	}
	return "-" + name
}

// AddRule appends LHS ::= RHS by name.
func (g *Grammar) AddRule(pos Pos, lhs string, rhs ...string) {
	r := Rule{LHS: g.Symbol(lhs), Pos: pos}
	for _, s := range rhs {
		r.RHS = append(r.RHS, g.Symbol(s))
	}
	g.Rules = append(g.Rules, r)
}

// finish marks nonterminals and checks the index discipline.
func (g *Grammar) finish() error {
	for i := range g.Symbols {
		g.Symbols[i].Nonterminal = false
	}
	for _, r := range g.Rules {
		g.Symbols[r.LHS].Nonterminal = true
	}
	for _, r := range g.Rules {
		if err := g.checkRule(r); err != nil {
			return err
		}
	}
	for _, s := range g.Inverse {
		if g.Symbols[s].Nonterminal {
			return &Error{Msg: fmt.Sprintf("%%inverse %s: only terminals get generated inverse edges", g.Name(s))}
		}
	}
	if len(g.Count) == 0 && len(g.Rules) > 0 {
		// Sensible default: report the first rule's left-hand side.
		g.Count = []int{g.Rules[0].LHS}
	}
	return nil
}

func (g *Grammar) checkRule(r Rule) error {
	if g.Symbols[r.LHS].InverseOf >= 0 {
		return &Error{Pos: r.Pos, Msg: fmt.Sprintf("inverse symbol %s cannot be a left-hand side (define %s instead)", g.Name(r.LHS), g.Name(g.Symbols[r.LHS].InverseOf))}
	}
	if !g.Symbols[r.LHS].Indexed {
		return nil
	}
	if len(r.RHS) == 0 {
		return &Error{Pos: r.Pos, Msg: fmt.Sprintf("indexed symbol %s cannot derive ε: an empty path has no index", g.Name(r.LHS))}
	}
	for _, s := range r.RHS {
		if g.Symbols[s].Indexed {
			return nil
		}
	}
	return &Error{Pos: r.Pos, Msg: fmt.Sprintf("indexed left-hand side %s needs an indexed right-hand symbol to take its index from", g.Name(r.LHS))}
}

// Terminals returns the terminal symbol ids in id order.
func (g *Grammar) Terminals() []int {
	var ts []int
	for i, s := range g.Symbols {
		if !s.Nonterminal {
			ts = append(ts, i)
		}
	}
	return ts
}

// String formats the grammar in cflr's language, one production per
// left-hand side, so that Parse(g.String()) yields an equivalent grammar.
func (g *Grammar) String() string {
	var b strings.Builder
	if len(g.Inverse) > 0 {
		b.WriteString("%inverse")
		for _, s := range g.Inverse {
			b.WriteString(" " + g.Name(s))
		}
		b.WriteString("\n")
	}
	if len(g.Count) > 0 {
		b.WriteString("%count")
		for _, s := range g.Count {
			b.WriteString(" " + g.Name(s))
		}
		b.WriteString("\n")
	}
	var order []int
	alts := map[int][]string{}
	for _, r := range g.Rules {
		if _, ok := alts[r.LHS]; !ok {
			order = append(order, r.LHS)
		}
		var parts []string
		for _, s := range r.RHS {
			parts = append(parts, g.Name(s))
		}
		alt := strings.Join(parts, " ")
		if alt == "" {
			alt = "ε"
		}
		alts[r.LHS] = append(alts[r.LHS], alt)
	}
	if g.Normalized {
		for s, n := range g.Nullable {
			if n && g.Symbols[s].Nonterminal {
				if _, ok := alts[s]; !ok {
					order = append(order, s)
				}
				alts[s] = append(alts[s], "ε")
			}
		}
	}
	for _, lhs := range order {
		fmt.Fprintf(&b, "%s ::= %s\n", g.Name(lhs), strings.Join(alts[lhs], " | "))
	}
	return b.String()
}

// Clone returns a deep copy.
func (g *Grammar) Clone() *Grammar {
	c := &Grammar{
		Symbols:    append([]Symbol(nil), g.Symbols...),
		Inverse:    append([]int(nil), g.Inverse...),
		Count:      append([]int(nil), g.Count...),
		Nullable:   append([]bool(nil), g.Nullable...),
		Normalized: g.Normalized,
		byName:     make(map[string]int, len(g.byName)),
	}
	if g.Nullable == nil {
		c.Nullable = nil
	}
	for k, v := range g.byName {
		c.byName[k] = v
	}
	for _, r := range g.Rules {
		c.Rules = append(c.Rules, Rule{LHS: r.LHS, RHS: append([]int(nil), r.RHS...), Pos: r.Pos})
	}
	return c
}

// Normalize returns an equivalent grammar whose rules have one or two
// right-hand symbols, with ε rules replaced by the Nullable set. Symbols keep
// their ids; fresh nonterminals are appended.
func (g *Grammar) Normalize() (*Grammar, error) {
	n, err := g.Binarize()
	if err != nil {
		return nil, err
	}
	n.linearizeTransitive()
	n.shortcutClosures()
	return n.removeEpsilon()
}

// linearizeTransitive rewrites every transitive rule A ::= A A. With A's
// other alternatives moved to a fresh X (X ::= α for each A ::= α), A ::= A A
// | α... becomes A ::= X | X A: the same language (X+), but a solver now
// joins each A edge only with the few "step" edges X instead of with every
// other A edge, which removes the transitive redundancy that makes
// value-flow and alias closures expensive (POCR's observation). ε rules of
// A stay with A. Indexed symbols are left alone.
func (n *Grammar) linearizeTransitive() {
	for a := range n.Symbols {
		if n.Symbols[a].Indexed {
			continue
		}
		trans := false
		for _, r := range n.Rules {
			if r.LHS == a && len(r.RHS) == 2 && r.RHS[0] == a && r.RHS[1] == a {
				trans = true
				break
			}
		}
		if !trans {
			continue
		}
		x := n.freshSymbol(false)
		var rules []Rule
		var pos Pos
		for _, r := range n.Rules {
			switch {
			case r.LHS != a:
				rules = append(rules, r)
			case len(r.RHS) == 2 && r.RHS[0] == a && r.RHS[1] == a:
				pos = r.Pos
			case len(r.RHS) == 0:
				rules = append(rules, r) // A ::= ε stays
			default:
				rules = append(rules, Rule{LHS: x, RHS: r.RHS, Pos: r.Pos})
			}
		}
		rules = append(rules, Rule{LHS: a, RHS: []int{x}, Pos: pos}, Rule{LHS: a, RHS: []int{x, a}, Pos: pos})
		n.Rules = rules
		n.Symbols[x].Nonterminal = true
	}
}

// shortcutClosures rewrites X ::= Y X to X ::= Z X (and X ::= X Y to
// X ::= X Z) when Y is a closure of Z: Y's only rules are Y ::= Z,
// Y ::= Z Y and perhaps Y ::= ε. Iterating X ::= Z X already prepends any
// number of Z edges, so the language is the same, but each new X edge now
// joins the few Z edges instead of the many Y edges (in alias analysis,
// V ::= Abar V | V A with Abar and A transitive closures).
func (n *Grammar) shortcutClosures() {
	base := make([]int, len(n.Symbols))
	for y := range base {
		base[y] = -1
		if n.Symbols[y].Indexed || !n.Symbols[y].Nonterminal {
			continue
		}
		z, ok, single, pair := -1, true, false, false
		for _, r := range n.Rules {
			if r.LHS != y || len(r.RHS) == 0 {
				continue
			}
			switch {
			case len(r.RHS) == 1 && r.RHS[0] != y && (z == -1 || z == r.RHS[0]):
				z, single = r.RHS[0], true
			case len(r.RHS) == 2 && r.RHS[1] == y && r.RHS[0] != y && (z == -1 || z == r.RHS[0]):
				z, pair = r.RHS[0], true
			default:
				ok = false
			}
		}
		if ok && single && pair {
			base[y] = z
		}
	}
	for i, r := range n.Rules {
		if len(r.RHS) != 2 {
			continue
		}
		x := r.LHS
		switch {
		case r.RHS[1] == x && r.RHS[0] != x && base[r.RHS[0]] >= 0:
			n.Rules[i].RHS = []int{base[r.RHS[0]], x}
		case r.RHS[0] == x && r.RHS[1] != x && base[r.RHS[1]] >= 0:
			n.Rules[i].RHS = []int{x, base[r.RHS[1]]}
		}
	}
}

// freshSymbol adds a new nonterminal named _N<k> (with _i when indexed).
func (n *Grammar) freshSymbol(indexed bool) int {
	for k := 1; ; k++ {
		name := fmt.Sprintf("_N%d", k)
		if indexed {
			name += "_i"
		}
		if _, taken := n.byName[name]; taken {
			continue
		}
		id := n.Symbol(name)
		n.Symbols[id].Fresh = true
		n.Symbols[id].Nonterminal = true
		return id
	}
}

// Binarize returns an equivalent grammar whose rules have at most two
// right-hand symbols (ε rules are kept). Fresh nonterminals are appended.
func (g *Grammar) Binarize() (*Grammar, error) {
	n := g.Clone()
	n.Rules = nil
	hasIndexed := func(ss []int) bool {
		for _, s := range ss {
			if n.Symbols[s].Indexed {
				return true
			}
		}
		return false
	}
	// Split long right-hand sides left to right: X ::= Y1 Y2 ... Yk becomes
	// X ::= Y1 N1, N1 ::= Y2 N2, ... A fresh symbol carries the index when
	// its part has an indexed symbol and the rest of the rule needs it.
	for _, r := range g.Rules {
		lhs, rhs := r.LHS, r.RHS
		lhsNeeds := n.Symbols[lhs].Indexed
		for len(rhs) > 2 {
			rest := rhs[1:]
			idx := hasIndexed(rest) && (lhsNeeds || n.Symbols[rhs[0]].Indexed)
			f := n.freshSymbol(idx)
			n.Rules = append(n.Rules, Rule{LHS: lhs, RHS: []int{rhs[0], f}, Pos: r.Pos})
			lhs, rhs, lhsNeeds = f, rest, idx
		}
		n.Rules = append(n.Rules, Rule{LHS: lhs, RHS: append([]int(nil), rhs...), Pos: r.Pos})
	}
	return n, nil
}

// hasIndexed reports whether any of ss is an indexed symbol.
func (n *Grammar) hasIndexed(ss []int) bool {
	for _, s := range ss {
		if n.Symbols[s].Indexed {
			return true
		}
	}
	return false
}

// removeEpsilon replaces ε rules of a binarized grammar by the Nullable set.
func (n *Grammar) removeEpsilon() (*Grammar, error) {
	hasIndexed := n.hasIndexed
	// Nullable fixpoint.
	null := make([]bool, len(n.Symbols))
	for changed := true; changed; {
		changed = false
		// -X is X reversed: it derives ε exactly when X does.
		for s, sym := range n.Symbols {
			if sym.InverseOf >= 0 && null[sym.InverseOf] && !null[s] {
				null[s] = true
				changed = true
			}
		}
		for _, r := range n.Rules {
			if null[r.LHS] {
				continue
			}
			all := true
			for _, s := range r.RHS {
				all = all && null[s]
			}
			if all {
				null[r.LHS] = true
				changed = true
			}
		}
	}
	for s, ok := range null {
		if ok && n.Symbols[s].Indexed {
			pos := Pos{}
			for _, r := range n.Rules {
				if r.LHS == s {
					pos = r.Pos
					break
				}
			}
			return nil, &Error{Pos: pos, Msg: fmt.Sprintf("indexed symbol %s derives ε; an empty path has no index", n.Name(s))}
		}
	}
	// Remove ε rules; add the rules an absent nullable symbol implies.
	seen := map[string]bool{}
	var out []Rule
	add := func(r Rule) {
		if len(r.RHS) == 0 || (len(r.RHS) == 1 && r.RHS[0] == r.LHS) {
			return
		}
		if n.Symbols[r.LHS].Indexed && !hasIndexed(r.RHS) {
			// Cannot happen for well-formed grammars: the indexed RHS
			// symbol would have to be nullable, which is rejected above.
			return
		}
		key := fmt.Sprint(r.LHS, r.RHS)
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, r)
	}
	for _, r := range n.Rules {
		add(r)
		if len(r.RHS) == 2 {
			if null[r.RHS[1]] {
				add(Rule{LHS: r.LHS, RHS: []int{r.RHS[0]}, Pos: r.Pos})
			}
			if null[r.RHS[0]] {
				add(Rule{LHS: r.LHS, RHS: []int{r.RHS[1]}, Pos: r.Pos})
			}
		}
	}
	n.Rules = out
	n.Nullable = null
	n.Normalized = true
	if err := n.finishNormalized(); err != nil {
		return nil, err
	}
	return n, nil
}

// finishNormalized keeps nonterminal marks of symbols whose only rules were
// ε rules (they are still nonterminals: nullable, with no stored edges).
func (n *Grammar) finishNormalized() error {
	for _, r := range n.Rules {
		n.Symbols[r.LHS].Nonterminal = true
	}
	for _, r := range n.Rules {
		if err := n.checkRule(r); err != nil {
			return err
		}
	}
	return nil
}

// Index holds, for every symbol X, the ids of the rules (in Grammar.Rules)
// where X is the only, the first, or the second right-hand symbol. It is the
// table behind grammar-driven processing: a new X edge only visits the rules
// listed for X.
type Index struct {
	Unary  [][]int
	First  [][]int
	Second [][]int
}

// Index builds the rule index of a normalized grammar.
func (g *Grammar) Index() *Index {
	ix := &Index{
		Unary:  make([][]int, len(g.Symbols)),
		First:  make([][]int, len(g.Symbols)),
		Second: make([][]int, len(g.Symbols)),
	}
	for i, r := range g.Rules {
		switch len(r.RHS) {
		case 1:
			ix.Unary[r.RHS[0]] = append(ix.Unary[r.RHS[0]], i)
		case 2:
			ix.First[r.RHS[0]] = append(ix.First[r.RHS[0]], i)
			ix.Second[r.RHS[1]] = append(ix.Second[r.RHS[1]], i)
		}
	}
	return ix
}

// SortedNames returns symbol names sorted, for stable output.
func (g *Grammar) SortedNames(ids []int) []string {
	var ns []string
	for _, id := range ids {
		ns = append(ns, g.Name(id))
	}
	sort.Strings(ns)
	return ns
}
