package outofcore

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
)

// TestDataDriven runs testdata/store: small graphs whose closures are
// worked out by hand, through create, solve, add, reopen and the readers.
//
//	grammar            the grammar (cflr's language) for the next create
//	create [parts=N]   a store for the edges in the input (src dst label [index])
//	solve              solve; prints stored edges and CountEdges
//	add                add the input's edges
//	reopen             close and open the store again
//	reach SYM V        the vertices V reaches by SYM
//	edges SYM          every SYM edge
func TestDataDriven(t *testing.T) {
	var gr *grammar.Grammar
	var s *Store
	var dir string
	defer func() {
		if s != nil {
			s.Close()
		}
	}()
	readGraph := func(td *datadriven.TestData) *graph.Graph {
		g, err := graph.Read(strings.NewReader(td.Input), td.Pos, graph.FormatTSV)
		if err != nil {
			td.Fatalf(t, "%v", err)
		}
		return g
	}
	datadriven.RunTest(t, "testdata/store", func(t *testing.T, td *datadriven.TestData) string {
		var err error
		switch td.Cmd {
		case "grammar":
			if gr, err = grammar.Parse(td.Pos, []byte(td.Input)); err != nil {
				return err.Error()
			}
			return ""
		case "create":
			if s != nil {
				s.Close()
			}
			parts := 2
			if td.HasArg("parts") {
				td.ScanArgs(t, "parts", &parts)
			}
			dir = filepath.Join(t.TempDir(), "store")
			if s, err = Create(dir, readGraph(td), gr, &Options{Partitions: parts, SpillBytes: 1}); err != nil {
				return err.Error()
			}
			return fmt.Sprintf("%d partitions", s.Stats().Partitions)
		case "solve":
			if err := s.Solve(context.Background()); err != nil {
				return err.Error()
			}
			counts, err := s.Counts()
			if err != nil {
				return err.Error()
			}
			ce, err := s.CountEdges()
			if err != nil {
				return err.Error()
			}
			var b strings.Builder
			for _, name := range s.Grammar().SortedNames(symIDs(s, counts)) {
				fmt.Fprintf(&b, "%s %d\n", name, counts[name])
			}
			fmt.Fprintf(&b, "CountEdges %d", ce)
			return b.String()
		case "add":
			if err := s.Add(readGraph(td)); err != nil {
				return err.Error()
			}
			return ""
		case "reopen":
			if err := s.Close(); err != nil {
				return err.Error()
			}
			if s, err = Open(dir, gr, nil); err != nil {
				return err.Error()
			}
			return ""
		case "reach", "edges":
			sym, err := s.Symbol(td.CmdArgs[0].Key)
			if err != nil {
				return err.Error()
			}
			if td.Cmd == "reach" {
				var v uint32
				fmt.Sscan(td.CmdArgs[1].Key, &v)
				vs, err := s.Reach(sym, v)
				if err != nil {
					return err.Error()
				}
				return fmt.Sprint(vs)
			}
			var b strings.Builder
			if err := s.ForEach(sym, func(e Edge) bool {
				if e.Index == graph.NoIndex {
					fmt.Fprintf(&b, "%d %d\n", e.Src, e.Dst)
				} else {
					fmt.Fprintf(&b, "%d %d [%d]\n", e.Src, e.Dst, e.Index)
				}
				return true
			}); err != nil {
				return err.Error()
			}
			return b.String()
		}
		return "unknown command " + td.Cmd
	})
}

func symIDs(s *Store, counts map[string]int64) []int {
	var ids []int
	for name := range counts {
		if id, ok := s.Grammar().Lookup(name); ok && !s.Grammar().Symbols[id].Fresh {
			ids = append(ids, id)
		}
	}
	return ids
}
