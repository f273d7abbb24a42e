package mine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cflr/cflr/graph/csr"
)

// cpuPasses runs streamMatches' passes with the CPU matcher: a reference
// engine, so that the driver's ranges, prefix sums and windows are tested
// without a GPU. A unit's matches are its root's with the unit's arc at
// positions 0 and 1.
type cpuPasses struct {
	g   *csr.Graph
	pl  *Plan
	src []uint32
	lo  uint64
	off []uint64
	// counts and fills count passes, so tests can check that ranges and
	// windows were really split.
	counts, fills int
}

func newCPUPasses(g *csr.Graph, pl *Plan) *cpuPasses {
	return &cpuPasses{g: g, pl: pl, src: arcSources(g, 1)}
}

// unitMatches returns unit e's matches, by position, in the CPU's order.
func (c *cpuPasses) unitMatches(e uint64) [][]uint32 {
	n := c.pl.Pattern.N
	v := uint32(e)
	if n > 1 {
		v = c.src[e]
	}
	var ms [][]uint32
	mt := newMatcher(c.g, c.pl, func(m []uint32) bool {
		rec := make([]uint32, n)
		for p, u := range c.pl.Order {
			rec[p] = m[u]
		}
		if n == 1 || rec[1] == c.g.Adj[e] {
			ms = append(ms, rec)
		}
		return true
	})
	mt.first(v)
	return ms
}

func (c *cpuPasses) countUnits(lo, hi uint64, cnt []uint64) error {
	c.counts++
	for e := lo; e < hi; e++ {
		cnt[e-lo] = uint64(len(c.unitMatches(e)))
	}
	return nil
}

func (c *cpuPasses) setRange(lo uint64, off []uint64) error {
	c.lo, c.off = lo, slices.Clone(off)
	return nil
}

func (c *cpuPasses) fill(ulo, uhi, wlo, whi uint64, out []uint32) error {
	c.fills++
	n := uint64(c.pl.Pattern.N)
	for e := ulo; e < uhi; e++ {
		num := c.off[e-c.lo]
		for _, rec := range c.unitMatches(e) {
			if num >= wlo && num < whi {
				copy(out[(num-wlo)*n:], rec)
			}
			num++
		}
	}
	return nil
}

// cpuEmitOrder is the CPU's single-worker stream, flattened.
func cpuEmitOrder(t testing.TB, g *csr.Graph, pl *Plan, limit int) []uint32 {
	var all []uint32
	k := 0
	if _, err := Match(g, pl, MatchOptions{Emit: func(m []uint32) bool {
		all = append(all, m...)
		k++
		return limit == 0 || k < limit
	}}); err != nil {
		t.Fatal(err)
	}
	return all
}

// matchTestPatterns are patterns with non-trivial automorphism groups, in
// both inductions: path, star, triangle, cycles, clique, diamond, and a
// single vertex and edge.
func matchTestPatterns() map[string]Pattern {
	mk := func(n int, es [][2]int) Pattern {
		p, err := NewPattern(n, es, nil)
		if err != nil {
			panic(err)
		}
		return p
	}
	return map[string]Pattern{
		"vertex":   mk(1, nil),
		"edge":     mk(2, [][2]int{{0, 1}}),
		"triangle": mk(3, [][2]int{{0, 1}, {1, 2}, {2, 0}}),
		"4-path":   mk(4, [][2]int{{0, 1}, {1, 2}, {2, 3}}),
		"3-star":   mk(4, [][2]int{{0, 1}, {0, 2}, {0, 3}}),
		"4-cycle":  mk(4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}}),
		"diamond":  mk(4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}),
		"4-clique": mk(4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 3}}),
		"5-cycle":  mk(5, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}),
		"house":    mk(5, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 4}, {1, 4}}),
	}
}

// TestStreamMatches: the streaming driver, run on the CPU reference
// engine, emits exactly the CPU's single-worker stream, for ranges and
// windows from tiny (every root and many matches split) to whole.
func TestStreamMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	for it := 0; it < 24; it++ {
		nl := 0
		if it%3 == 0 {
			nl = 2
		}
		g := randomGraph(uint64(100+it), 12+it%5, 0.4, nl)
		p := randomPattern(r, 1+it%5, nl)
		for _, ind := range []Induction{InducedVertex, InducedEdge} {
			pl, err := Compile(p, ind)
			if err != nil {
				t.Fatal(err)
			}
			want := cpuEmitOrder(t, g, pl, 0)
			for _, sz := range [][2]int{{1, 1}, {3, 2}, {5, 7}, {1 << 20, 1 << 20}} {
				e := newCPUPasses(g, pl)
				var got []uint32
				n, err := streamMatches(e, matchUnits(g, pl), pl, sz[0], sz[1], func(m []uint32) bool {
					got = append(got, m...)
					return true
				})
				if err != nil || !slices.Equal(got, want) || n != uint64(len(want)/p.N) {
					t.Fatalf("it %d %v %s range/window %v: %d matches (%v), stream differs from the CPU's (%d matches)", it, ind, p, sz, n, err, len(want)/p.N)
				}
				if units := matchUnits(g, pl); sz[0] == 1 && uint64(e.counts) != units {
					t.Fatalf("range 1: %d counting passes for %d units", e.counts, units)
				}
			}
		}
	}
}

func TestStreamMatchesStop(t *testing.T) {
	g := randomGraph(5, 16, 0.5, 0)
	for name, p := range matchTestPatterns() {
		pl, _ := Compile(p, InducedEdge)
		all := cpuEmitOrder(t, g, pl, 0)
		total := len(all) / p.N
		for _, stop := range []int{1, 2, total / 2, total} {
			if stop < 1 || stop > total {
				continue
			}
			want := cpuEmitOrder(t, g, pl, stop)
			var got []uint32
			n, err := streamMatches(newCPUPasses(g, pl), matchUnits(g, pl), pl, 4, 3, func(m []uint32) bool {
				got = append(got, m...)
				return len(got)/p.N < stop
			})
			if err != nil || n != uint64(stop) || !slices.Equal(got, want) {
				t.Fatalf("%s stop after %d: emitted %d (%v), stream differs", name, stop, n, err)
			}
		}
	}
}

// unfilledPasses forgets to fill one match: the driver must notice.
type unfilledPasses struct{ *cpuPasses }

func (u *unfilledPasses) fill(ulo, uhi, wlo, whi uint64, out []uint32) error {
	err := u.cpuPasses.fill(ulo, uhi, wlo, whi, out)
	out[len(out)-1] = ^uint32(0)
	out[len(out)-u.pl.Pattern.N] = ^uint32(0)
	return err
}

func TestStreamMatchesUnfilled(t *testing.T) {
	g := randomGraph(5, 16, 0.5, 0)
	pl, _ := Compile(matchTestPatterns()["triangle"], InducedEdge)
	_, err := streamMatches(&unfilledPasses{newCPUPasses(g, pl)}, matchUnits(g, pl), pl, 8, 4, func([]uint32) bool { return true })
	if err == nil {
		t.Fatal("a window with an unfilled match passed")
	}
}

func TestPlanWords(t *testing.T) {
	// 4-cycle 0-1-2-3, vertex-induced: order 0 1 2 3 (ties by id), and
	// the conditions of its 8 automorphisms.
	p := matchTestPatterns()["4-cycle"]
	pl, err := Compile(p, InducedVertex)
	if err != nil {
		t.Fatal(err)
	}
	w := planWords(pl)
	if w[0] != 4 || len(w) != planWordsLen {
		t.Fatalf("words %v", w)
	}
	for i := 0; i < 4; i++ {
		b := 1 + planWordsPer*i
		var back, non, gr uint32
		for _, j := range pl.back[i] {
			back |= 1 << j
		}
		for _, j := range pl.nonBack[i] {
			non |= 1 << j
		}
		for _, j := range pl.greater[i] {
			gr |= 1 << j
		}
		got := fmt.Sprint(w[b : b+planWordsPer])
		want := fmt.Sprint([]uint32{AnyLabel, 2, back, non, gr})
		if got != want {
			t.Errorf("position %d: words %s, want %s", i, got, want)
		}
		if i > 0 && back == 0 {
			t.Errorf("position %d has no back neighbour", i)
		}
	}
	// Position 3 closes the cycle against positions 0 and 2 (order 0 1 2 3
	// with 3 adjacent to 0 and 2) and is not adjacent to 1.
	if b := 1 + planWordsPer*3; w[b+2] != 0b101 || w[b+3] != 0b010 {
		t.Errorf("position 3 masks back %b non-back %b, want 101 and 010", w[b+2], w[b+3])
	}
	// Edge-induced plans have no non-back conditions.
	pe, _ := Compile(p, InducedEdge)
	for i, x := range planWords(pe) {
		if i > 0 && (i-1)%planWordsPer == 3 && x != 0 {
			t.Fatalf("edge-induced plan has a non-back mask at word %d", i)
		}
	}
}

func TestCheckMatchInput(t *testing.T) {
	g := randomGraph(1, 8, 0.5, 0)
	lp, _ := NewPattern(2, [][2]int{{0, 1}}, []uint32{1, AnyLabel})
	pl, _ := Compile(lp, InducedEdge)
	if err := checkMatchInput(g, pl); err == nil {
		t.Error("labeled pattern on an unlabeled graph accepted")
	}
	anyp, _ := NewPattern(2, [][2]int{{0, 1}}, []uint32{AnyLabel, AnyLabel})
	pa, _ := Compile(anyp, InducedEdge)
	if err := checkMatchInput(g, pa); err != nil {
		t.Errorf("pattern of wildcards on an unlabeled graph: %v", err)
	}
	if err := checkMatchInput(g, nil); err == nil {
		t.Error("nil plan accepted")
	}
	if err := checkMatchInput(g, &Plan{}); err == nil {
		t.Error("uncompiled plan accepted")
	}
	gl := randomGraph(1, 8, 0.5, 2)
	gl.Labels = gl.Labels[:4]
	if err := checkMatchInput(gl, pl); err == nil {
		t.Error("short label array accepted")
	}
}
