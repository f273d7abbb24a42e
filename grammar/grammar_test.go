package grammar_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/cflr/cflr/grammar"
)

// TestDataDriven runs testdata/*.txt: each case parses its input in a
// format and prints the grammar, its normal form, its rule index, or the
// error.
//
//	parse [format=cflr|graspan|pocr]
//	normalize [format=...]
//	index [format=...]
func TestDataDriven(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, path := range files {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			format := grammar.FormatCFLR
			if d.HasArg("format") {
				var f string
				d.ScanArgs(t, "format", &f)
				format = grammar.Format(f)
			}
			src := d.Input
			if format == grammar.FormatPOCR {
				// Testdata cannot hold tabs reliably; POCR rules are
				// tab-separated, so write them with spaces here.
				src = strings.ReplaceAll(src, "  ", "\t")
			}
			g, err := grammar.ParseFormat("test.cfg", []byte(src+"\n"), format)
			if err != nil {
				return "error: " + err.Error() + "\n"
			}
			switch d.Cmd {
			case "parse":
				return g.String()
			case "normalize":
				n, err := g.Normalize()
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				return n.String()
			case "index":
				n, err := g.Normalize()
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				ix := n.Index()
				var b strings.Builder
				for s := range n.Symbols {
					for _, kind := range []struct {
						name string
						ids  [][]int
					}{{"only", ix.Unary}, {"first", ix.First}, {"second", ix.Second}} {
						for _, ri := range kind.ids[s] {
							r := n.Rules[ri]
							var rhs []string
							for _, x := range r.RHS {
								rhs = append(rhs, n.Name(x))
							}
							fmt.Fprintf(&b, "%s %s: %s ::= %s\n", n.Name(s), kind.name, n.Name(r.LHS), strings.Join(rhs, " "))
						}
					}
				}
				return b.String()
			}
			t.Fatalf("unknown command %s", d.Cmd)
			return ""
		})
	}
}

// TestManySymbols checks there is no alphabet limit (Graspan has 8-bit
// labels): a grammar with thousands of symbols parses and normalizes.
func TestManySymbols(t *testing.T) {
	var b strings.Builder
	const n = 5000
	for i := range n {
		fmt.Fprintf(&b, "N%d ::= t%d N%d | t%d\n", i, i, (i+1)%n, i)
	}
	g, err := grammar.Parse("big.cfg", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Symbols) != 2*n {
		t.Fatalf("got %d symbols, want %d", len(g.Symbols), 2*n)
	}
	ng, err := g.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	if len(ng.Rules) != 2*n {
		t.Fatalf("got %d normalized rules, want %d", len(ng.Rules), 2*n)
	}
}

// TestRoundTrip checks that String output parses back to the same grammar.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../testdata/grammars/*.cfg")
	files = append(files, "../../shared/data/cfl/pocr/aa.cfg", "../../shared/data/cfl/pocr/vf.cfg", "../../shared/data/cfl/pocr/taint.cfg")
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			continue
		}
		g, err := grammar.ParseFile(f, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, gg := range []*grammar.Grammar{g, mustNormalize(t, g)} {
			s := gg.String()
			back, err := grammar.Parse("roundtrip", []byte(s))
			if err != nil {
				t.Fatalf("%s: reparse: %v\n%s", f, err, s)
			}
			if back.String() != s {
				t.Fatalf("%s: round trip changed the grammar:\n%s\nvs\n%s", f, s, back.String())
			}
		}
	}
}

func mustNormalize(t *testing.T, g *grammar.Grammar) *grammar.Grammar {
	n, err := g.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/fuzz-seed/*")
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("S ::= a S b | ε\n%count S\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range grammar.Formats {
			g, err := grammar.ParseFormat("fuzz.cfg", data, format)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "fuzz.cfg") {
					t.Fatalf("%s: error does not name the file: %v", format, err)
				}
				continue
			}
			n, err := g.Normalize()
			if err != nil {
				continue
			}
			for _, r := range n.Rules {
				if len(r.RHS) < 1 || len(r.RHS) > 2 {
					t.Fatalf("normalized rule with %d right-hand symbols", len(r.RHS))
				}
			}
			n.Index()
			_ = n.String()
		}
	})
}
