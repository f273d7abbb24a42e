package mine

import (
	"fmt"
	"math/bits"
	"strings"
)

// MaxPatternSize is the largest pattern (in vertices) the matcher accepts;
// rows of the adjacency matrix are 16-bit masks.
const MaxPatternSize = 16

// AnyLabel in Pattern.Labels matches a data vertex of any label.
const AnyLabel = ^uint32(0)

// Pattern is a small simple undirected graph, optionally vertex-labeled.
// Rows[i] has bit j set when i and j are adjacent. Labels is nil for an
// unlabeled pattern.
type Pattern struct {
	N      int
	Rows   [MaxPatternSize]uint16
	Labels []uint32
}

// NewPattern builds a pattern from an edge list.
func NewPattern(n int, edges [][2]int, labels []uint32) (Pattern, error) {
	p := Pattern{N: n, Labels: labels}
	if n < 1 || n > MaxPatternSize {
		return p, fmt.Errorf("mine: pattern has %d vertices, want 1..%d", n, MaxPatternSize)
	}
	if labels != nil && len(labels) != n {
		return p, fmt.Errorf("mine: %d labels for %d vertices", len(labels), n)
	}
	for _, e := range edges {
		if e[0] < 0 || e[1] < 0 || e[0] >= n || e[1] >= n || e[0] == e[1] {
			return p, fmt.Errorf("mine: bad pattern edge %d-%d", e[0], e[1])
		}
		p.AddEdge(e[0], e[1])
	}
	return p, nil
}

// AddEdge adds the undirected edge i-j.
func (p *Pattern) AddEdge(i, j int) {
	p.Rows[i] |= 1 << j
	p.Rows[j] |= 1 << i
}

// Adjacent reports whether i and j are adjacent.
func (p *Pattern) Adjacent(i, j int) bool { return p.Rows[i]>>j&1 != 0 }

// Degree is i's degree.
func (p *Pattern) Degree(i int) int { return bits.OnesCount16(p.Rows[i]) }

// NumEdges is the number of edges.
func (p *Pattern) NumEdges() int {
	m := 0
	for i := 0; i < p.N; i++ {
		m += p.Degree(i)
	}
	return m / 2
}

// Connected reports whether the pattern is connected.
func (p *Pattern) Connected() bool {
	if p.N == 0 {
		return false
	}
	seen := uint16(1)
	for {
		next := seen
		for i := 0; i < p.N; i++ {
			if seen>>i&1 != 0 {
				next |= p.Rows[i]
			}
		}
		if next == seen {
			break
		}
		seen = next
	}
	return seen == uint16(1<<p.N-1)
}

// Edges lists the edges i<j in order.
func (p *Pattern) Edges() [][2]int {
	var es [][2]int
	for i := 0; i < p.N; i++ {
		for j := i + 1; j < p.N; j++ {
			if p.Adjacent(i, j) {
				es = append(es, [2]int{i, j})
			}
		}
	}
	return es
}

// String is a readable form: "0-1 0-2 1-2", with labels as "0:L" when
// labeled.
func (p Pattern) String() string {
	var sb strings.Builder
	if p.Labels != nil {
		for i, l := range p.Labels {
			if i > 0 {
				sb.WriteByte(' ')
			}
			if l == AnyLabel {
				fmt.Fprintf(&sb, "%d:*", i)
			} else {
				fmt.Fprintf(&sb, "%d:%d", i, l)
			}
		}
		sb.WriteString(" | ")
	}
	for i, e := range p.Edges() {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%d-%d", e[0], e[1])
	}
	return sb.String()
}

// Graph6 is the pattern in graph6 format (labels are not represented).
func (p Pattern) Graph6() string {
	out := []byte{byte(p.N + 63)}
	var cur, nb byte
	for j := 1; j < p.N; j++ {
		for i := 0; i < j; i++ {
			cur <<= 1
			if p.Adjacent(i, j) {
				cur |= 1
			}
			nb++
			if nb == 6 {
				out = append(out, cur+63)
				cur, nb = 0, 0
			}
		}
	}
	if nb > 0 {
		out = append(out, cur<<(6-nb)+63)
	}
	return string(out)
}

// Name is the common name of small unlabeled patterns ("triangle",
// "4-cycle", ...) or "".
func (p Pattern) Name() string {
	if p.N > 4 || !p.Connected() {
		return ""
	}
	m := p.NumEdges()
	maxDeg := 0
	for i := 0; i < p.N; i++ {
		maxDeg = max(maxDeg, p.Degree(i))
	}
	switch {
	case p.N == 1:
		return "vertex"
	case p.N == 2:
		return "edge"
	case p.N == 3 && m == 2:
		return "wedge"
	case p.N == 3:
		return "triangle"
	case m == 3 && maxDeg == 3:
		return "3-star"
	case m == 3:
		return "4-path"
	case m == 4 && maxDeg == 3:
		return "tailed-triangle"
	case m == 4:
		return "4-cycle"
	case m == 5:
		return "diamond"
	}
	return "4-clique"
}

// Canonical returns the canonical form of p: isomorphic patterns (with equal
// labels on corresponding vertices) get the same Canonical value, and the
// result is itself a relabeling of p. Vertices are first split into cells by
// the invariant (label, degree, sorted neighbour degrees) and ordered by
// cell; the search then tries only the orders within cells and keeps the
// lexicographically largest adjacency code (column by column: pairs (0,1),
// (0,2), (1,2), (0,3), ...), pruning a branch as soon as its code prefix
// falls below the best. This is the same search as a full permutation scan,
// restricted by an isomorphism invariant, so it is canonical.
func (p Pattern) Canonical() Pattern {
	n := p.N
	type inv struct {
		label, deg uint32
		nbr        uint64 // neighbour degrees, a sorted multiset packed
	}
	var invs [MaxPatternSize]inv
	for i := 0; i < n; i++ {
		var ds [MaxPatternSize]int
		c := 0
		for j := 0; j < n; j++ {
			if p.Adjacent(i, j) {
				ds[c] = p.Degree(j)
				c++
			}
		}
		// insertion sort, descending
		for a := 1; a < c; a++ {
			for b := a; b > 0 && ds[b] > ds[b-1]; b-- {
				ds[b], ds[b-1] = ds[b-1], ds[b]
			}
		}
		var h uint64
		for a := 0; a < c; a++ {
			h = h*17 + uint64(ds[a]) // degrees < 16: injective for the length
		}
		l := uint32(0)
		if p.Labels != nil {
			l = p.Labels[i]
		}
		invs[i] = inv{label: l, deg: uint32(p.Degree(i)), nbr: h}
	}
	invLess := func(a, b inv) bool { // order of cells: label asc, then degree desc
		if a.label != b.label {
			return a.label < b.label
		}
		if a.deg != b.deg {
			return a.deg > b.deg
		}
		return a.nbr > b.nbr
	}
	// sorted vertex order by invariant defines the cell of each position
	var order [MaxPatternSize]int
	for i := 0; i < n; i++ {
		order[i] = i
	}
	for a := 1; a < n; a++ {
		for b := a; b > 0 && invLess(invs[order[b]], invs[order[b-1]]); b-- {
			order[b], order[b-1] = order[b-1], order[b]
		}
	}
	var cellOf [MaxPatternSize]inv // invariant required at each position
	for i := 0; i < n; i++ {
		cellOf[i] = invs[order[i]]
	}
	var s canonSearch
	var used uint16
	var perm [MaxPatternSize]int
	// cmpPrefix compares the current code's columns 0..pos with the best's.
	cmpPrefix := func(pos int) int {
		for i := 0; i <= pos; i++ {
			if s.cols[i] != s.bestCols[i] {
				if s.cols[i] < s.bestCols[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	var rec func(pos int)
	rec = func(pos int) {
		if pos == n {
			if !s.haveBest || cmpPrefix(n-1) > 0 {
				s.best = perm
				s.bestCols = s.cols
				s.haveBest = true
			}
			return
		}
		for v := 0; v < n; v++ {
			if used>>v&1 != 0 || invs[v] != cellOf[pos] {
				continue
			}
			// column pos: bits for pairs (i, pos), i < pos
			var col uint16
			for i := 0; i < pos; i++ {
				if p.Adjacent(perm[i], v) {
					col |= 1 << (pos - 1 - i) // (0,pos) most significant
				}
			}
			s.cols[pos] = col
			if s.haveBest && cmpPrefix(pos) < 0 {
				continue
			}
			perm[pos] = v
			used |= 1 << v
			rec(pos + 1)
			used &^= 1 << v
		}
	}
	rec(0)
	q := Pattern{N: n}
	var where [MaxPatternSize]int
	for i := 0; i < n; i++ {
		where[s.best[i]] = i
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if p.Adjacent(i, j) {
				q.AddEdge(where[i], where[j])
			}
		}
	}
	if p.Labels != nil {
		q.Labels = make([]uint32, n)
		for i := 0; i < n; i++ {
			q.Labels[i] = p.Labels[s.best[i]]
		}
	}
	return q
}

type canonSearch struct {
	best     [MaxPatternSize]int
	bestCols [MaxPatternSize]uint16
	cols     [MaxPatternSize]uint16
	haveBest bool
}

// Key is a comparable identity of a canonical pattern (its labels and
// adjacency), usable as a map key.
func (p Pattern) Key() string {
	var sb strings.Builder
	sb.WriteByte(byte(p.N))
	for i := 0; i < p.N; i++ {
		sb.WriteByte(byte(p.Rows[i]))
		sb.WriteByte(byte(p.Rows[i] >> 8))
	}
	for _, l := range p.Labels {
		sb.WriteByte(byte(l))
		sb.WriteByte(byte(l >> 8))
		sb.WriteByte(byte(l >> 16))
		sb.WriteByte(byte(l >> 24))
	}
	return sb.String()
}
