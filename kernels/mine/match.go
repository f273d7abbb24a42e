package mine

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cflr/cflr/graph/csr"
)

// Induction says which subgraphs count as matches.
type Induction int

const (
	// InducedVertex matches induced subgraphs: pattern non-edges must be
	// data non-edges.
	InducedVertex Induction = iota
	// InducedEdge matches any subgraph (subgraph isomorphism): extra data
	// edges between matched vertices are allowed.
	InducedEdge
)

func (in Induction) String() string {
	if in == InducedEdge {
		return "edge"
	}
	return "vertex"
}

// ParsePattern reads a pattern file: '#' comments, "v ID [LABEL]" lines
// declaring vertices 0, 1, 2, ... in order (LABEL an unsigned integer, or
// '*' or absent for any label), then "e U V" lines (an optional trailing
// edge label is ignored, as in .lg files). The pattern must be connected,
// without self-loops or repeated edges, and have at most MaxPatternSize
// vertices. name is used in errors, which give the line.
func ParsePattern(r io.Reader, name string) (Pattern, error) {
	var p Pattern
	var labels []uint32
	labeled := false
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' || s[0] == '%' {
			continue
		}
		f := strings.Fields(s)
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
		}
		switch f[0] {
		case "t":
			if len(labels) > 0 {
				return p, errf("a pattern file holds one pattern")
			}
		case "v":
			if len(f) < 2 || len(f) > 3 {
				return p, errf(`want "v ID [LABEL]", got %q`, s)
			}
			id, err := strconv.Atoi(f[1])
			if err != nil || id != len(labels) {
				return p, errf("vertex id %q: want %d (ids are 0, 1, 2, ... in order)", f[1], len(labels))
			}
			if id >= MaxPatternSize {
				return p, errf("more than %d pattern vertices", MaxPatternSize)
			}
			l := AnyLabel
			if len(f) == 3 && f[2] != "*" {
				x, err := strconv.ParseUint(f[2], 10, 32)
				if err != nil || x == uint64(AnyLabel) {
					return p, errf("vertex label %q: want an unsigned 32-bit integer (below %d) or *", f[2], AnyLabel)
				}
				l = uint32(x)
				labeled = true
			}
			labels = append(labels, l)
		case "e":
			if len(f) < 3 || len(f) > 4 {
				return p, errf(`want "e U V", got %q`, s)
			}
			var uv [2]int
			for i := 0; i < 2; i++ {
				x, err := strconv.Atoi(f[1+i])
				if err != nil || x < 0 || x >= len(labels) {
					return p, errf("edge endpoint %q is not a declared vertex (%d declared)", f[1+i], len(labels))
				}
				uv[i] = x
			}
			if uv[0] == uv[1] {
				return p, errf("self-loop on vertex %d", uv[0])
			}
			if p.Adjacent(uv[0], uv[1]) {
				return p, errf("repeated edge %d-%d", uv[0], uv[1])
			}
			p.AddEdge(uv[0], uv[1])
		default:
			return p, errf("unknown line type %q (want v or e)", f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return p, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	p.N = len(labels)
	if p.N == 0 {
		return p, fmt.Errorf("%s: pattern has no vertices", name)
	}
	if labeled {
		p.Labels = labels
	}
	if !p.Connected() {
		return p, fmt.Errorf("%s: pattern is disconnected (every vertex must be reachable from vertex 0)", name)
	}
	return p, nil
}

// Plan is a compiled pattern: a matching order and, per position, what a
// candidate must satisfy. Symmetry breaking follows Grochow and Kellis: walk
// the matching order, and for each vertex v whose orbit under the current
// group (the automorphisms fixing all earlier vertices) is non-trivial,
// require m(v) < m(w) for every other w in that orbit, then restrict to v's
// stabilizer. Every subgraph is then matched exactly once, and |Aut| is the
// product of the orbit sizes.
type Plan struct {
	Pattern Pattern
	Induced Induction
	// Order lists pattern vertices in matching order: the highest-degree
	// vertex first, then always the vertex with most already-ordered
	// neighbours (ties: higher degree, lower id), so candidate sets are
	// intersections of as many lists as possible, as early as possible.
	Order []int
	// Conditions are the symmetry-breaking pairs (a, b): m(a) < m(b).
	Conditions [][2]int
	// Automorphisms is |Aut(Pattern)|.
	Automorphisms uint64

	back    [][]int // positions j < i adjacent to position i
	nonBack [][]int // positions j < i not adjacent (vertex-induced only)
	greater [][]int // positions j < i with m(i) > m(j) required
	deg     []int   // pattern degree per position
	label   []uint32
}

// Compile prepares p for matching.
func Compile(p Pattern, ind Induction) (*Plan, error) {
	if p.N < 1 || p.N > MaxPatternSize || !p.Connected() {
		return nil, fmt.Errorf("mine: pattern must be connected with 1..%d vertices", MaxPatternSize)
	}
	n := p.N
	pl := &Plan{Pattern: p, Induced: ind}
	var in uint16
	for len(pl.Order) < n {
		best, bestB, bestD := -1, -1, -1
		for v := 0; v < n; v++ {
			if in>>v&1 != 0 {
				continue
			}
			b := bitsOn(p.Rows[v] & in)
			if len(pl.Order) > 0 && b == 0 {
				continue
			}
			if d := p.Degree(v); b > bestB || (b == bestB && d > bestD) {
				best, bestB, bestD = v, b, d
			}
		}
		pl.Order = append(pl.Order, best)
		in |= 1 << best
	}
	pos := make([]int, n)
	for i, v := range pl.Order {
		pos[v] = i
	}
	// Symmetry breaking along the matching order.
	pl.Automorphisms = 1
	var fixed []int
	for _, v := range pl.Order {
		orbit := 1
		for w := 0; w < n; w++ {
			if w != v && autExists(&p, fixed, v, w) {
				pl.Conditions = append(pl.Conditions, [2]int{v, w})
				orbit++
			}
		}
		pl.Automorphisms *= uint64(orbit)
		fixed = append(fixed, v)
	}
	pl.back = make([][]int, n)
	pl.nonBack = make([][]int, n)
	pl.greater = make([][]int, n)
	pl.deg = make([]int, n)
	pl.label = make([]uint32, n)
	for i, v := range pl.Order {
		pl.deg[i] = p.Degree(v)
		pl.label[i] = AnyLabel
		if p.Labels != nil {
			pl.label[i] = p.Labels[v]
		}
		for j := 0; j < i; j++ {
			if p.Adjacent(v, pl.Order[j]) {
				pl.back[i] = append(pl.back[i], j)
			} else if ind == InducedVertex {
				pl.nonBack[i] = append(pl.nonBack[i], j)
			}
		}
	}
	for _, c := range pl.Conditions {
		a, b := pos[c[0]], pos[c[1]]
		if a < b {
			pl.greater[b] = append(pl.greater[b], a)
		} else {
			// Unreachable: earlier vertices are fixed, so orbits only
			// reach later ones.
			return nil, fmt.Errorf("mine: internal error: symmetry condition %v against the matching order", c)
		}
	}
	return pl, nil
}

func bitsOn(x uint16) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

// autExists reports whether some automorphism of p fixes every vertex in
// fixed and maps from to to. It backtracks over images vertex by vertex,
// keeping labels, degrees and adjacency to assigned vertices.
func autExists(p *Pattern, fixed []int, from, to int) bool {
	n := p.N
	img := make([]int, n)
	for i := range img {
		img[i] = -1
	}
	var used uint16
	set := func(a, b int) bool {
		if img[a] != -1 {
			return img[a] == b
		}
		if used>>b&1 != 0 {
			return false
		}
		img[a] = b
		used |= 1 << b
		return true
	}
	for _, f := range fixed {
		if !set(f, f) {
			return false
		}
	}
	if !set(from, to) {
		return false
	}
	lab := func(v int) uint32 {
		if p.Labels == nil {
			return 0
		}
		return p.Labels[v]
	}
	for a := 0; a < n; a++ { // pre-assigned pairs must be consistent
		if img[a] == -1 {
			continue
		}
		if lab(a) != lab(img[a]) || p.Degree(a) != p.Degree(img[a]) {
			return false
		}
		for b := 0; b < a; b++ {
			if img[b] != -1 && p.Adjacent(a, b) != p.Adjacent(img[a], img[b]) {
				return false
			}
		}
	}
	var rec func(a int) bool
	rec = func(a int) bool {
		if a == n {
			return true
		}
		if img[a] != -1 {
			return rec(a + 1)
		}
		for c := 0; c < n; c++ {
			if used>>c&1 != 0 || lab(a) != lab(c) || p.Degree(a) != p.Degree(c) {
				continue
			}
			ok := true
			for b := 0; b < n && ok; b++ {
				if img[b] != -1 && p.Adjacent(a, b) != p.Adjacent(c, img[b]) {
					ok = false
				}
			}
			if !ok {
				continue
			}
			img[a] = c
			used |= 1 << c
			if rec(a + 1) {
				return true
			}
			img[a] = -1
			used &^= 1 << c
		}
		return false
	}
	return rec(0)
}

// MatchOptions controls Match.
type MatchOptions struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS. Ignored
	// (one worker) when Emit is set, so matches stream in a deterministic
	// order.
	Workers int
	// Progress, when non-nil, is called from the worker goroutines with
	// the units (arcs; vertices for a one-vertex pattern) done so far.
	Progress func(done, total int)
	// Emit, when non-nil, receives every match as m[pattern vertex] = data
	// vertex (the slice is reused: copy it to keep it); returning false
	// stops the search.
	Emit func(m []uint32) bool
}

// Match counts (and optionally streams) the subgraphs of the simple
// undirected graph g isomorphic to the plan's pattern, each once. A labeled
// pattern needs a labeled graph.
func Match(g *csr.Graph, pl *Plan, opt MatchOptions) (uint64, error) {
	if pl.Pattern.Labels != nil && g.Labels == nil {
		for _, l := range pl.Pattern.Labels {
			if l != AnyLabel {
				return 0, fmt.Errorf("mine: pattern is labeled but the graph has no vertex labels")
			}
		}
	}
	if opt.Emit != nil {
		return matchEach(g, pl, 1, opt.Progress, func(int) func([]uint32) bool { return opt.Emit })
	}
	return matchEach(g, pl, opt.Workers, opt.Progress, func(int) func([]uint32) bool { return nil })
}

// matchEach runs the search on workers goroutines; newEmit gives each
// worker its own callback (nil: count only), so callers can gather
// per-worker results without locks.
func matchEach(g *csr.Graph, pl *Plan, workers int, progress func(done, total int), newEmit func(worker int) func([]uint32) bool) (uint64, error) {
	workers = workerCount(workers)
	counts := make([]paddedCount, workers)
	ms := make([]*matcher, workers)
	get := func(w int) *matcher {
		if ms[w] == nil {
			ms[w] = newMatcher(g, pl, newEmit(w))
		}
		return ms[w]
	}
	if pl.Pattern.N == 1 {
		progressFor(int(g.N), workers, 64, progress, func(w, lo, hi int) {
			m := get(w)
			for v := lo; v < hi && !m.stop; v++ {
				m.first(uint32(v))
			}
			counts[w].n += m.count
			m.count = 0
		})
	} else {
		// Units are arcs u→v fixing the first two positions (the second is
		// always adjacent to the first), not first vertices: a hub's work
		// is spread over its arcs. Arcs in CSR order keep a single worker's
		// matches in the order of the vertex-by-vertex search.
		progressFor(len(g.Adj), workers, 256, progress, func(w, lo, hi int) {
			m := get(w)
			u, _ := slices.BinarySearchFunc(g.Offsets[1:], uint64(lo), func(off, a uint64) int {
				if off <= a {
					return -1
				}
				return 1
			})
			for a := lo; a < hi && !m.stop; a++ {
				for uint64(a) >= g.Offsets[u+1] {
					u++
				}
				m.arc(uint32(u), g.Adj[a])
			}
			counts[w].n += m.count
			m.count = 0
		})
	}
	var total uint64
	for _, c := range counts {
		total += c.n
	}
	return total, nil
}

type matcher struct {
	g     *csr.Graph
	pl    *Plan
	emit  func([]uint32) bool
	m     []uint32 // by position
	out   []uint32 // by pattern vertex, for emit
	buf   [][]uint32
	count uint64
	stop  bool
}

func newMatcher(g *csr.Graph, pl *Plan, emit func([]uint32) bool) *matcher {
	n := pl.Pattern.N
	return &matcher{g: g, pl: pl, emit: emit, m: make([]uint32, n), out: make([]uint32, n), buf: make([][]uint32, n)}
}

func (mt *matcher) ok(i int, c uint32) bool {
	pl, g := mt.pl, mt.g
	if l := pl.label[i]; l != AnyLabel && g.Labels[c] != l {
		return false
	}
	if g.Degree(c) < uint64(pl.deg[i]) {
		return false
	}
	for j := 0; j < i; j++ {
		if mt.m[j] == c {
			return false
		}
	}
	for _, j := range pl.greater[i] {
		if c <= mt.m[j] {
			return false
		}
	}
	for _, j := range pl.nonBack[i] {
		if contains(g.Neighbors(mt.m[j]), c) {
			return false
		}
	}
	return true
}

func (mt *matcher) first(v uint32) {
	if !mt.ok(0, v) {
		return
	}
	mt.m[0] = v
	mt.rec(1)
}

// arc matches position 0 to u and position 1 to v, a neighbour of u, then
// searches the rest; over all arcs in CSR order it is first over all u.
func (mt *matcher) arc(u, v uint32) {
	if !mt.ok(0, u) {
		return
	}
	mt.m[0] = u
	if !mt.ok(1, v) {
		return
	}
	mt.m[1] = v
	mt.rec(2)
}

func (mt *matcher) rec(i int) {
	pl, g := mt.pl, mt.g
	n := pl.Pattern.N
	if i == n {
		mt.count++
		if mt.emit != nil {
			for p, v := range pl.Order {
				mt.out[v] = mt.m[p]
			}
			if !mt.emit(mt.out) {
				mt.stop = true
			}
		}
		return
	}
	back := pl.back[i]
	// Start from the shortest list among the matched neighbours.
	s := 0
	for k := 1; k < len(back); k++ {
		if g.Degree(mt.m[back[k]]) < g.Degree(mt.m[back[s]]) {
			s = k
		}
	}
	cand := g.Neighbors(mt.m[back[s]])
	if len(back) > 1 {
		buf := append(mt.buf[i][:0], cand...)
		for k, j := range back {
			if k != s {
				buf = intersectInto(buf[:0], buf, g.Neighbors(mt.m[j])) // in place: writes trail reads
			}
		}
		mt.buf[i] = buf
		cand = buf
	}
	for _, c := range cand {
		if mt.ok(i, c) {
			mt.m[i] = c
			mt.rec(i + 1)
			if mt.stop {
				return
			}
		}
	}
}
