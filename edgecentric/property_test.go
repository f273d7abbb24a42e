package edgecentric_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// randomGrammar writes a random grammar in cflr's language over terminals
// a, b, f_i, g_i (with inverses of a and f_i generated) and nonterminals
// S, T, U, P_i, Q_i. It includes unary rules, ε, long right-hand sides,
// inverse terminals, and transitive rules.
func randomGrammar(r *rand.Rand) string {
	terms := []string{"a", "b", "f_i", "g_i", "-a", "-f_i"}
	nts := []string{"S", "T", "U", "P_i", "Q_i"}
	// Reversed nonterminals (-S, -P_i) are read from their base's edges.
	all := append(append(append([]string{}, terms...), nts...), "-S", "-U", "-P_i")
	var b strings.Builder
	b.WriteString("%inverse a f_i\n%count S T\n")
	for _, lhs := range nts {
		nalt := 1 + r.IntN(3)
		var alts []string
		for range nalt {
			n := r.IntN(4)
			if strings.HasSuffix(lhs, "_i") && n == 0 {
				n = 1
			}
			if n == 0 {
				alts = append(alts, "ε")
				continue
			}
			var rhs []string
			indexed := false
			for range n {
				s := all[r.IntN(len(all))]
				indexed = indexed || strings.HasSuffix(s, "_i")
				rhs = append(rhs, s)
			}
			if strings.HasSuffix(lhs, "_i") && !indexed {
				rhs[r.IntN(len(rhs))] = []string{"f_i", "g_i", "-f_i", "P_i", "Q_i"}[r.IntN(5)]
			}
			alts = append(alts, strings.Join(rhs, " "))
		}
		if r.IntN(4) == 0 && !strings.HasSuffix(lhs, "_i") {
			alts = append(alts, lhs+" "+lhs)
		}
		fmt.Fprintf(&b, "%s ::= %s\n", lhs, strings.Join(alts, " | "))
	}
	return b.String()
}

func randomGraph(r *rand.Rand) *graph.Graph {
	g := graph.New()
	n := 3 + r.IntN(10)
	m := r.IntN(3 * n)
	for range m {
		l := []string{"a", "b", "f_i", "g_i", "c"}[r.IntN(5)]
		idx := graph.NoIndex
		if strings.HasSuffix(l, "_i") {
			idx = uint32(r.IntN(3))
		}
		g.AddEdge(uint32(r.IntN(n)), uint32(r.IntN(n)), l, idx)
	}
	g.NumVertices = uint32(n)
	return g
}

func TestRandomAgainstReference(t *testing.T) {
	iters := 300
	if testing.Short() {
		iters = 60
	}
	r := rand.New(rand.NewPCG(1, 2))
	checked, edges := 0, 0
	for i := 0; checked < iters && i < 50*iters; i++ {
		src := randomGrammar(r)
		gr, err := grammar.Parse("random.cfg", []byte(src))
		if err != nil {
			t.Fatalf("generated grammar does not parse: %v\n%s", err, src)
		}
		if _, err := gr.Normalize(); err != nil {
			continue // e.g. an indexed symbol deriving ε: rejected by design
		}
		g := randomGraph(r)
		want := referenceClosure(t, g, gr)
		scan := edgecentric.Options{}
		edgecentric.ForceLabelScan(&scan)
		for _, o := range append(configs(), scan) {
			for _, tp := range [][2]int{{1, 1}, {2, 3}, {2, 16}} {
				o := o
				o.Threads, o.Partitions = tp[0], tp[1]
				res, err := edgecentric.Solve(context.Background(), g, gr, &o)
				if err != nil {
					t.Fatal(err)
				}
				got := engineClosure(t, res, gr, g.NumVertices)
				if d := diff(got, want, gr); d != "" {
					var eb strings.Builder
					graph.Write(&eb, g, graph.FormatTSV)
					t.Fatalf("case %d, %s threads=%d partitions=%d: %s\ngrammar:\n%s\ngraph:\n%s", i, o.Config(), tp[0], tp[1], d, src, eb.String())
				}
			}
		}
		checked++
		edges += len(want)
	}
	// Guard against a generator that only makes trivial cases.
	if edges < 20*checked {
		t.Fatalf("random cases too small: %d closure edges over %d cases", edges, checked)
	}
	t.Logf("%d random cases, %d closure edges", checked, edges)
	if checked < iters {
		t.Fatalf("only %d random cases were usable", checked)
	}
}

func TestCancel(t *testing.T) {
	g, gr := load(t, "gzip.vfg", "vf.cfg")
	for _, o := range configs()[:3] {
		ctx, cancel := context.WithCancel(context.Background())
		o := o
		o.Threads = 2
		o.Progress = func(edgecentric.Stats) { cancel() }
		start := time.Now()
		_, err := edgecentric.Solve(ctx, g, gr, &o)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%s: err = %v, want context.Canceled", o.Config(), err)
		}
		// Cancelled after the first round: far less than a full solve.
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: cancellation took %s", o.Config(), d)
		}
	}
}

func TestDeterministicCounts(t *testing.T) {
	g, gr := load(t, "bzip2.vfg", "vf.cfg")
	var first map[string]int64
	for _, tp := range [][2]int{{1, 1}, {2, 2}, {2, 7}, {2, 64}} {
		res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: tp[0], Partitions: tp[1]})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Counts()
		if first == nil {
			first = c
			continue
		}
		if fmt.Sprint(c) != fmt.Sprint(first) {
			t.Fatalf("threads=%d partitions=%d: counts %v differ from %v", tp[0], tp[1], c, first)
		}
	}
}
