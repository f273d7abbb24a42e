package check

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cflr/cflr/frontend"
)

// TestPruneSameFindings runs every check on all of testdata/src with and
// without frontend.Config.Prune (which cflr check uses): the findings and
// their witnesses must be the same, up to the numbering of SSA
// temporaries (tmpN), which counts the dropped code too.
func TestPruneSameFindings(t *testing.T) {
	tmp := regexp.MustCompile(`tmp[0-9]+`)
	render := func(prune bool) string {
		prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true, Prune: prune}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Errors) > 0 {
			t.Fatal(prog.Errors)
		}
		if prune && prog.Pruned == 0 {
			t.Fatal("nothing pruned")
		}
		fs, err := Run(context.Background(), prog, &Config{Context: true, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, f := range fs {
			fmt.Fprintf(&b, "%s: %s: %s\n", f.Check, f.Pos, f.Message)
			for _, s := range f.Witness {
				fmt.Fprintf(&b, "\t%s: %s\n", s.Pos, tmp.ReplaceAllString(s.Desc, "tmpN"))
			}
		}
		return b.String()
	}
	full, pruned := render(false), render(true)
	if n := strings.Count(full, "\n"); n < 100 {
		t.Fatalf("only %d lines of findings", n)
	}
	if full != pruned {
		fl, pl := strings.Split(full, "\n"), strings.Split(pruned, "\n")
		for i := 0; i < len(fl) && i < len(pl); i++ {
			if fl[i] != pl[i] {
				t.Fatalf("findings differ at line %d:\nunpruned: %s\npruned:   %s", i+1, fl[i], pl[i])
			}
		}
		t.Fatalf("findings differ: %d lines unpruned, %d pruned", len(fl), len(pl))
	}
}
